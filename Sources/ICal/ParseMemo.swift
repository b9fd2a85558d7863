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
    private var components: [Remembered] = []
    /// How many VTIMEZONEs were found read before (for tests).
    package private(set) var hits = 0
    /// How many of them were found by their text, not read line by line (for tests).
    package private(set) var hitsByText = 0

    /// Most VTIMEZONEs remembered: a vdir uses a handful of zones.
    static let maxComponents = 16

    /// A VTIMEZONE read before: its lines, what they made, and, when
    /// each of its lines is one physical line, its text as written with
    /// CRLF and with LF endings (`component(writtenAt:start:depth:)`).
    private struct Remembered {
        let lines: VerbatimLines
        let component: ICalComponent
        let written: (crlf: [UInt8], lf: [UInt8], longest: Int)?
    }

    package init() {}

    /// The component read before from exactly these lines, if any.
    func component(matching lines: VerbatimLines) -> ICalComponent? {
        guard let found = components.last(where: { $0.lines == lines }) else { return nil }
        hits += 1
        return found.component
    }

    /// The component read before whose lines, unfolded and each ended by
    /// CRLF (or each by LF), are the first bytes of `ahead`, the text that
    /// follows a VTIMEZONE's BEGIN line at `start` and `depth`, with a new
    /// line after them; and how many bytes and physical lines they take.
    /// Reading those bytes line by line would find the same lines with the
    /// same numbers, and so that component (`component(matching:)`).
    /// A line longer than `maxLineBytes` would be cut, not that line.
    func component(writtenAt ahead: UnsafeRawBufferPointer, start: Int, depth: Int,
                   maxLineBytes: Int) -> (component: ICalComponent, bytes: Int, lines: Int)? {
        guard let base = ahead.baseAddress else { return nil }
        // Looked at in place: a copy of each took a retain of every array it holds.
        let found = components.withUnsafeBufferPointer { remembered -> Int? in
            remembered.indices.reversed().first { index in
                guard remembered[index].lines.start == start, remembered[index].lines.depth == depth,
                      let written = remembered[index].written, written.longest <= maxLineBytes else { return false }
                let firstEnd = Int(remembered[index].lines.endOfFirstLine)
                guard firstEnd < ahead.count else { return false }
                let text = ahead[firstEnd] == 0x0D ? written.crlf : written.lf
                guard text.count < ahead.count, ahead[text.count] != 0x20, ahead[text.count] != 0x09 else { return false }
                return text.withUnsafeBytes { memcmp($0.baseAddress!, base, text.count) == 0 }
            }
        }
        guard let index = found, let written = components[index].written else { return nil }
        // The same lines cannot be remembered twice: the one found by its lines.
        hits += 1
        hitsByText += 1
        let length = ahead[Int(components[index].lines.endOfFirstLine)] == 0x0D ? written.crlf.count : written.lf.count
        return (components[index].component, length, components[index].lines.count)
    }

    /// Remembers what these lines made, the oldest forgotten past the limit.
    func remember(_ lines: VerbatimLines, as component: ICalComponent) {
        if components.count >= ParseMemo.maxComponents { components.removeFirst() }
        components.append(Remembered(lines: lines, component: component, written: lines.written))
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
    }

    /// Keeps one line; false (nothing kept) past the limits.
    mutating func append(_ line: UnsafeBufferPointer<UInt8>, at number: Int) -> Bool {
        guard bytes.count + line.count <= VerbatimLines.maxBytes, lines.count < VerbatimLines.maxLines,
              number - start < Int(Int32.max) else { return false }
        if lines.isEmpty {
            // Room for a typical VTIMEZONE, taken only once one is read
            // line by line (most are found by their text).
            bytes.reserveCapacity(1024)
            ends.reserveCapacity(32)
            lines.reserveCapacity(32)
        }
        bytes.append(contentsOf: line)
        ends.append(Int32(bytes.count))
        lines.append(Int32(number - start))
        return true
    }

    var count: Int { lines.count }

    /// Where the first line ends in `bytes` (0 when there is none).
    var endOfFirstLine: Int32 { ends.first ?? 0 }

    /// The lines as a file writes them when each is one physical line (no
    /// line folded, no blank line between): each ended by CRLF, and each
    /// by LF, and the longest line's length. Nil otherwise.
    var written: (crlf: [UInt8], lf: [UInt8], longest: Int)? {
        guard !lines.isEmpty, lines.indices.allSatisfy({ lines[$0] == Int32($0 + 1) }) else { return nil }
        var crlf: [UInt8] = [], lf: [UInt8] = [], longest = 0
        crlf.reserveCapacity(bytes.count + 2 * count)
        lf.reserveCapacity(bytes.count + count)
        for index in 0..<count {
            withLine(index) { line, _ in
                longest = max(longest, line.count)
                crlf.append(contentsOf: line)
                crlf.append(contentsOf: [0x0D, 0x0A])
                lf.append(contentsOf: line)
                lf.append(0x0A)
            }
        }
        return (crlf, lf, longest)
    }

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
