/// Values appended in blocks of 4,096 (the first grows to that size): no
/// array of them all is copied when it grows, and no more than a block is
/// held unused.
package struct Blocks<Element> {
    private var blocks: [[Element]] = []
    package private(set) var count = 0

    package init() {}
    private static var shift: Int { 12 }

    /// Appends `element`; its index.
    @discardableResult
    package mutating func append(_ element: Element) -> Int {
        if blocks.isEmpty || blocks[blocks.count - 1].count == 1 << Self.shift {
            blocks.append([])
            if blocks.count > 1 { blocks[blocks.count - 1].reserveCapacity(1 << Self.shift) }
        }
        blocks[blocks.count - 1].append(element)
        count += 1
        return count - 1
    }

    package subscript(index: Int) -> Element {
        get { blocks[index >> Self.shift][index & (1 << Self.shift - 1)] }
        set { blocks[index >> Self.shift][index & (1 << Self.shift - 1)] = newValue }
    }

    /// Every element, in order.
    package var all: FlattenSequence<[[Element]]> { blocks.joined() }
}

/// File names by number, told apart by their bytes (two names that
/// differ only in Unicode normalization are two files), the last one
/// found again without hashing.
package struct FileTable {
    private var files: [String] = []
    private var numbers: [[UInt8]: UInt32] = [:]
    private var last: (file: String, number: UInt32)?

    /// The file's number; nil past 2³² files (kept whole then).
    package init() {}

    package mutating func number(of file: String) -> UInt32? {
        if let last, last.file.hasSameBytes(as: file) { return last.number }
        let bytes = Array(file.utf8)
        let number: UInt32
        if let known = numbers[bytes] {
            number = known
        } else {
            guard let next = UInt32(exactly: files.count) else { return nil }
            number = next
            files.append(file)
            numbers[bytes] = number
        }
        last = (file, number)
        return number
    }

    package subscript(number: UInt32) -> String { files[Int(number)] }
}
