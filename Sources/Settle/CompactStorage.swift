import EventModel

/// Values appended in blocks of 4,096 (the first grows to that size): no
/// array of them all is copied when it grows, and no more than a block is
/// held unused.
struct Blocks<Element> {
    private var blocks: [[Element]] = []
    private(set) var count = 0
    private static var shift: Int { 12 }

    /// Appends `element`; its index.
    @discardableResult
    mutating func append(_ element: Element) -> Int {
        if blocks.isEmpty || blocks[blocks.count - 1].count == 1 << Self.shift {
            blocks.append([])
            if blocks.count > 1 { blocks[blocks.count - 1].reserveCapacity(1 << Self.shift) }
        }
        blocks[blocks.count - 1].append(element)
        count += 1
        return count - 1
    }

    subscript(index: Int) -> Element {
        get { blocks[index >> Self.shift][index & (1 << Self.shift - 1)] }
        set { blocks[index >> Self.shift][index & (1 << Self.shift - 1)] = newValue }
    }

    /// Every element, in order.
    var all: FlattenSequence<[[Element]]> { blocks.joined() }
}

/// Calendar and UID pairs as UTF-8 bytes, in chunks of 64 KiB (a pair
/// longer than a chunk has its own): 40 bytes for a 30-byte UID, where
/// two strings took 32 and the UID's storage 64 more.
struct NameArena {
    struct Reference {
        var chunk: Int32
        var offset: Int32
        var uidCount: Int32
        var calendarCount: Int32
    }

    private var chunks: [[UInt8]] = []
    private static var chunkSize: Int { 1 << 16 }

    mutating func append(_ uid: String, _ calendar: String) -> Reference {
        let total = uid.utf8.count + calendar.utf8.count
        if chunks.isEmpty || chunks[chunks.count - 1].count + total > max(Self.chunkSize, chunks[chunks.count - 1].capacity) {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(max(Self.chunkSize, total))
        }
        let last = chunks.count - 1
        let reference = Reference(chunk: Int32(last), offset: Int32(chunks[last].count),
                                  uidCount: Int32(uid.utf8.count), calendarCount: Int32(calendar.utf8.count))
        chunks[last].append(contentsOf: uid.utf8)
        chunks[last].append(contentsOf: calendar.utf8)
        return reference
    }

    func equals(_ reference: Reference, _ uid: String, _ calendar: String) -> Bool {
        guard uid.utf8.count == reference.uidCount && calendar.utf8.count == reference.calendarCount else { return false }
        let bytes = chunks[Int(reference.chunk)]
        let uidStart = Int(reference.offset), calendarStart = uidStart + Int(reference.uidCount)
        return Self.matches(bytes[uidStart..<calendarStart], uid)
            && Self.matches(bytes[calendarStart..<calendarStart + Int(reference.calendarCount)], calendar)
    }

    private static func matches(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        bytes.withUnsafeBufferPointer { text.hasBytes($0) }
    }

    func strings(_ reference: Reference) -> (uid: String, calendar: String) {
        let bytes = chunks[Int(reference.chunk)]
        let uidStart = Int(reference.offset), calendarStart = uidStart + Int(reference.uidCount)
        return (String(decoding: bytes[uidStart..<calendarStart], as: UTF8.self),
                String(decoding: bytes[calendarStart..<calendarStart + Int(reference.calendarCount)], as: UTF8.self))
    }
}

/// Where a component lies in a pair of stores, compact (even) or whole
/// (odd), or nowhere (-1): the link from each to the one before it.
struct ComponentLink: Equatable {
    private var value: Int32
    static let none = ComponentLink(value: -1)

    private init(value: Int32) { self.value = value }
    init(compact index: Int) { value = Int32(2 * index) }
    init(full index: Int) { value = Int32(2 * index + 1) }

    var index: Int { Int(value >> 1) }
    var isCompact: Bool { value & 1 == 0 }
}

/// A value with the link to the one before it.
struct Linked<Component> {
    var component: Component
    var previous: ComponentLink
}

/// The far overrides of many series (`Series.FarOverride`) in shared
/// blocks, each series' linked newest first: most in 56 bytes
/// (`CompactOverride`), where one takes 80 and, in an array of its own,
/// about 130.
struct FarOverrideLists {
    private var compact = Blocks<CompactOverride>()
    private var full = Blocks<Linked<Series.FarOverride>>()

    /// Adds `override` after the list whose newest is `last`; the list's
    /// new newest. Its file is numbered in the owner's `files`.
    mutating func append(_ override: Series.FarOverride, after last: ComponentLink,
                         files: inout FileTable) -> ComponentLink {
        if let small = CompactOverride(override, previous: last, files: &files) { return ComponentLink(compact: compact.append(small)) }
        return ComponentLink(full: full.append(Linked(component: override, previous: last)))
    }

    /// The list whose newest is `last`, oldest first.
    func list(from last: ComponentLink, files: FileTable) -> [Series.FarOverride] {
        var result: [Series.FarOverride] = []
        var next = last
        while next != .none {
            if next.isCompact {
                result.append(compact[next.index].override(files: files))
                next = compact[next.index].previous
            } else {
                result.append(full[next.index].component)
                next = full[next.index].previous
            }
        }
        return result.reversed()
    }

    /// A far override with its numbers in 32 bits and its file by number;
    /// nil for one whose numbers do not fit.
    private struct CompactOverride {
        var recurrenceID: EventTime
        var cancelled: Bool
        var sequence: Int32
        var order: Int32
        var file: UInt32
        var title: String
        var line: Int32
        var previous: ComponentLink

        init?(_ override: Series.FarOverride, previous: ComponentLink, files: inout FileTable) {
            guard let sequence = Int32(exactly: override.sequence), let order = Int32(exactly: override.order),
                  let line = Int32(exactly: override.source.line), let file = files.number(of: override.source.file)
            else { return nil }
            (recurrenceID, cancelled, self.sequence, self.order) = (override.recurrenceID, override.cancelled, sequence, order)
            (self.file, title, self.line, self.previous) = (file, override.title, line, previous)
        }

        func override(files: FileTable) -> Series.FarOverride {
            Series.FarOverride(recurrenceID: recurrenceID, cancelled: cancelled, sequence: Int(sequence), order: Int(order),
                               title: title, source: SourcePosition(file: files[file], line: Int(line)))
        }
    }
}

/// File names by number, told apart by their bytes (two names that
/// differ only in Unicode normalization are two files), the last one
/// found again without hashing.
struct FileTable {
    private var files: [String] = []
    private var numbers: [[UInt8]: UInt32] = [:]
    private var last: (file: String, number: UInt32)?

    /// The file's number; nil past 2³² files (kept whole then).
    mutating func number(of file: String) -> UInt32? {
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

    subscript(number: UInt32) -> String { files[Int(number)] }
}
