#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a reader keeps from one input to the next on the same thread (a
/// vdir's files are read one after another by each thread): property
/// names made into strings (`NameCache`), and the VTIMEZONEs last read,
/// by their text. A vdir written by vdirsyncer or a CalDAV cache repeats
/// the same VTIMEZONE in every file, and reading it costs more than the
/// event beside it; a VTIMEZONE whose lines (their line numbers, and the
/// nesting it starts at, included) are those of one read before without
/// a problem is that component again, and is not read again.
///
/// Used by one read at a time (`ICalStreamParser.parseConcurrently`'s
/// first stage); it changes nothing in what is read.
package final class ParseMemo {
    /// Taken by a read while it runs, and given back at its end.
    var names: NameCache?
    private var components: [(lines: VerbatimLines, component: ICalComponent)] = []
    /// How many VTIMEZONEs were found read before (for tests).
    package private(set) var hits = 0

    /// Most VTIMEZONEs remembered: a vdir uses a handful of zones.
    static let maxComponents = 16

    package init() {}

    /// The component read before from exactly these lines, if any.
    func component(matching lines: VerbatimLines) -> ICalComponent? {
        guard let found = components.last(where: { $0.lines == lines }) else { return nil }
        hits += 1
        return found.component
    }

    /// Remembers what these lines made, the oldest forgotten past the limit.
    func remember(_ lines: VerbatimLines, as component: ICalComponent) {
        if components.count >= ParseMemo.maxComponents { components.removeFirst() }
        components.append((lines, component))
    }

    private var prefixes: [FilePrefix] = []
    /// How many files started as one read before (for tests).
    package private(set) var prefixHits = 0

    /// Most starts of files remembered: a vdir's files differ in a handful of ways before their event.
    static let maxPrefixes = 16

    /// What a file's first chunk starts with: a start read before, whose
    /// items are that file's again, or one to remember once read; nil
    /// when it has no start that could be remembered.
    func prefix(of chunk: UnsafeRawBufferPointer) -> FilePrefix.Lookup? {
        guard let (length, lines) = FilePrefix.end(in: chunk) else { return nil }
        let known = prefixes.last { known in
            known.lines == lines && known.bytes.count == length
                && known.bytes.withUnsafeBytes { memcmp($0.baseAddress!, chunk.baseAddress!, length) == 0 }
        }
        guard let known else { return .new(FilePrefix(bytes: Array(chunk[0..<length]), lines: lines)) }
        prefixHits += 1
        hits += known.zones
        return .known(known)
    }

    /// Remembers what a file's start made, the oldest forgotten past the limit.
    func remember(_ start: FilePrefix) {
        if prefixes.count >= ParseMemo.maxPrefixes { prefixes.removeFirst() }
        prefixes.append(start)
    }
}

/// A file's first lines before its first component other than a
/// VTIMEZONE, and what reading them made (`ParseMemo`): the VCALENDAR's
/// own lines and its VTIMEZONEs, written alike in each of a vdir's files. A file that
/// starts with the same bytes makes the same items, line numbers
/// included, and leaves the reader as they did; its lines are not read.
struct FilePrefix {
    enum Lookup {
        case known(FilePrefix)
        case new(FilePrefix)
    }

    let bytes: [UInt8]
    /// How many physical lines they are, each ending in LF.
    let lines: Int
    /// What reading them made, and the open components and the count of
    /// top-level ones they left.
    var items: [Parsed] = []
    var stack: [(name: String, line: Int)] = []
    var components = 0
    /// How many VTIMEZONEs `items` holds.
    var zones = 0

    /// The length and lines of a chunk's start before its first line that
    /// begins a component other than VCALENDAR, VTIMEZONE or a part of
    /// one; nil when there is none within the limits, or when a line
    /// before it ends otherwise than in LF or CRLF (the reader could tell
    /// line endings by what follows).
    static func end(in chunk: UnsafeRawBufferPointer) -> (length: Int, lines: Int)? {
        guard let base = chunk.baseAddress else { return nil }
        var start = 0
        var lines = 0
        while start < min(chunk.count, VerbatimLines.maxBytes), lines < VerbatimLines.maxLines {
            guard let found = memchr(base + start, 0x0A, chunk.count - start) else { return nil }
            let end = UnsafeRawPointer(found) - base
            var content = end
            if content > start && base.load(fromByteOffset: content - 1, as: UInt8.self) == 0x0D { content -= 1 }
            if memchr(base + start, 0x0D, content - start) != nil { return nil }
            if base.load(fromByteOffset: start, as: UInt8.self) == UInt8(ascii: "B"),
               beginsAnotherComponent(base + start, count: content - start) {
                return lines == 0 ? nil : (start, lines)
            }
            lines += 1
            start = end + 1
        }
        return nil
    }

    /// Whether a line is `BEGIN:` and a name but VCALENDAR, VTIMEZONE, STANDARD or DAYLIGHT.
    private static func beginsAnotherComponent(_ line: UnsafeRawPointer, count: Int) -> Bool {
        func starts(_ text: StaticString, at offset: Int) -> Bool {
            count - offset >= text.utf8CodeUnitCount && memcmp(line + offset, text.utf8Start, text.utf8CodeUnitCount) == 0
        }
        func names(_ text: StaticString) -> Bool { count - 6 == text.utf8CodeUnitCount && starts(text, at: 6) }
        guard count > 6, starts("BEGIN:", at: 0) else { return false }
        return !(names("VCALENDAR") || names("VTIMEZONE") || names("STANDARD") || names("DAYLIGHT"))
    }

    /// Whether an item of a file's start may be given again for another's:
    /// anything read by this stage but a problem or a component other than
    /// a VTIMEZONE.
    static func isRepeatable(_ item: Parsed) -> Bool {
        switch item {
        case .ready(.calendarBegin), .ready(.calendarEnd), .ready(.calendarProperty): true
        case .ready(.component(let component)): component.name == "VTIMEZONE"
        case .ready(.problem), .collected: false
        }
    }
}

/// The lines of a top-level VTIMEZONE after its BEGIN line, kept as they
/// came until its END tells whether it was read before (`ParseMemo`).
struct VerbatimLines: Equatable {
    /// The physical line of its BEGIN line, and how deep it began (0 bare, 1 in a VCALENDAR).
    let start: Int
    let depth: Int
    /// The lines back to back, where each ends, and each one's physical line after `start`.
    private(set) var bytes: [UInt8] = []
    private(set) var ends: [Int32] = []
    private(set) var lines: [Int32] = []

    /// Most bytes and lines kept: a VTIMEZONE larger than this is read
    /// each time (a real one is a few hundred bytes, a long history a few
    /// kilobytes).
    static let maxBytes = 16 << 10
    static let maxLines = 512

    init(start: Int, depth: Int) {
        self.start = start
        self.depth = depth
        bytes.reserveCapacity(1024)
        ends.reserveCapacity(32)
        lines.reserveCapacity(32)
    }

    /// Keeps one line; false (nothing kept) past the limits.
    mutating func append(_ line: UnsafeBufferPointer<UInt8>, at number: Int) -> Bool {
        guard bytes.count + line.count <= VerbatimLines.maxBytes, lines.count < VerbatimLines.maxLines,
              number - start < Int(Int32.max) else { return false }
        bytes.append(contentsOf: line)
        ends.append(Int32(bytes.count))
        lines.append(Int32(number - start))
        return true
    }

    var count: Int { lines.count }

    /// Compared with `memcmp`: one is compared with every VTIMEZONE remembered.
    static func == (one: VerbatimLines, other: VerbatimLines) -> Bool {
        guard one.start == other.start, one.depth == other.depth, one.bytes.count == other.bytes.count,
              one.lines == other.lines, one.ends == other.ends else { return false }
        return one.bytes.withUnsafeBytes { a in
            other.bytes.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }

    /// Line `index` as kept, and its physical line.
    func withLine<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) -> R) -> R {
        let from = index == 0 ? 0 : Int(ends[index - 1])
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[from..<Int(ends[index])]), start + Int(lines[index])) }
    }
}

extension VerbatimLines {
    /// What a line kept means for the VTIMEZONE: it goes on (nothing but
    /// text or its own STANDARD and DAYLIGHT parts), ends it (its
    /// END:VTIMEZONE), or is anything else (a line too long, not text or
    /// not UTF-8, another component's BEGIN or END), after which all is
    /// read as usual.
    enum Kind { case goesOn, ends, other }

    static func kind(of raw: UnsafeBufferPointer<UInt8>, overflow: Bool) -> Kind {
        if overflow { return .other }
        let text = LineText(raw)
        if text.hasBinary || text.repairedUTF8 { return .other }
        let first = text.firstUpper
        if first == UInt8(ascii: "B"), let name = text.keyword("BEGIN:") {
            return name == "STANDARD" || name == "DAYLIGHT" ? .goesOn : .other
        }
        if first == UInt8(ascii: "E"), let name = text.keyword("END:") {
            if name == "VTIMEZONE" { return .ends }
            return name == "STANDARD" || name == "DAYLIGHT" ? .goesOn : .other
        }
        return .goesOn
    }
}
