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
