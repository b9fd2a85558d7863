@testable import ICal
import Testing

/// The unfolded lines are the same however the input arrives: in one
/// read, or a few bytes at a time, so that a line, a fold, a CR or a line
/// over the limit meets a chunk's end anywhere.
@Suite struct ContentLineReaderTests {
    /// Each logical line as `number:text`, `!` after the number when cut
    /// at the limit; the input read `readSize` bytes at a time (all at once
    /// when nil).
    static func lines(_ text: String, readSize: Int?, maxLineBytes: Int = 40) -> [String] {
        let bytes = Array(text.utf8)
        var offset = 0
        let source = readSize.map { size in
            ByteSource(pulling: { buffer in
                let count = min(size, buffer.count, bytes.count - offset)
                for index in 0..<count { buffer[index] = bytes[offset + index] }
                offset += count
                return count
            })
        } ?? ByteSource(bytes: bytes)
        var reader = ContentLineReader(source: source, maxLineBytes: maxLineBytes)
        defer { reader.deallocate() }
        var result: [String] = []
        reader.forEachLine { line, number, overflow in
            result.append("\(number)\(overflow ? "!" : ""):" + String(decoding: line, as: UTF8.self))
            return true
        }
        return result
    }

    static let sample = "BEGIN:VCALENDAR\r\n"
        + "SUMMARY:Folded\r\n  with a space\r\n\tand a tab\r\n"
        + "X-LONG:" + String(repeating: "a", count: 45) + "\r\n"
        + "X-CUT:" + String(repeating: "b", count: 30) + "\r\n " + String(repeating: "c", count: 20) + "\r\n more\r\n"
        + "\r\n"
        + "DESCRIPTION:two CRs\r\r\n"
        + "LF:alone\n fold after LF\n"
        + " \r\n"
        + "UID:x\r\n \r\n"
        + "END:VCALENDAR"

    static let expected = [
        "1:BEGIN:VCALENDAR",
        "2:SUMMARY:Folded with a spaceand a tab",
        "5!:X-LONG:" + String(repeating: "a", count: 33),
        "6!:X-CUT:" + String(repeating: "b", count: 30) + "cccc",
        "10:DESCRIPTION:two CRs",
        "11:LF:alonefold after LF",
        "14:UID:x",
        "16:END:VCALENDAR",
    ]

    @Test func linesAreUnfoldedAsRFC5545Says() {
        #expect(ContentLineReaderTests.lines(ContentLineReaderTests.sample, readSize: nil) == ContentLineReaderTests.expected)
    }

    @Test func chunkEdgesChangeNothing() {
        for size in [1, 2, 3, 5, 7, 16, 17, 64] {
            #expect(ContentLineReaderTests.lines(ContentLineReaderTests.sample, readSize: size) == ContentLineReaderTests.expected,
                    "reads of \(size) bytes")
        }
    }

    /// The limit cuts a line at its first `maxLineBytes` bytes, and the
    /// rest is dropped, wherever the chunks end: what the message about it
    /// names comes from them.
    @Test func aLineOverTheLimitKeepsItsFirstBytes() {
        let line = "DESCRIPTION;LANGUAGE=en:" + String(repeating: "x", count: 100)
        for size in [nil, 1, 7, 64] as [Int?] {
            #expect(ContentLineReaderTests.lines(line + "\r\n more\r\nUID:1\r\n", readSize: size)
                    == ["1!:" + line.prefix(40), "3:UID:1"], "reads of \(size ?? 0) bytes")
        }
    }

    /// A CR at the cut stays, and nothing is added after the cut (a
    /// review found a fold added after a CR was taken off).
    @Test func theCutIsAPrefixEvenAtACR() {
        for size in [nil, 1, 2, 3, 64] as [Int?] {
            #expect(ContentLineReaderTests.lines("L\nABCD\rXY\n Z\n", readSize: size, maxLineBytes: 5) == ["1:L", "2!:ABCD\r"],
                    "reads of \(size ?? 0) bytes")
        }
    }

    /// The limit is on the line without its ending: a line of exactly
    /// the limit is whole whether it ends in LF, CRLF or CR CR LF, one
    /// byte more is cut, and CRs followed by anything but the LF are the
    /// line's own bytes (so count), wherever the chunks end.
    @Test func theLimitLeavesOutTheLineEnding() {
        let full = "X:" + String(repeating: "y", count: 38)  // 40 bytes, the limit
        for size in [nil, 1, 2, 3, 4, 5, 6, 7, 41, 42, 64] as [Int?] {
            for ending in ["\n", "\r\n", "\r\r\n"] {
                #expect(ContentLineReaderTests.lines(full + ending + "UID:1\r\n", readSize: size) == ["1:" + full, "2:UID:1"],
                        "reads of \(size ?? 0) bytes, ending \(Array(ending.utf8))")
                #expect(ContentLineReaderTests.lines(full + "z" + ending + "UID:1\r\n", readSize: size) == ["1!:" + full, "2:UID:1"],
                        "reads of \(size ?? 0) bytes, ending \(Array(ending.utf8))")
            }
            #expect(ContentLineReaderTests.lines("A:b\r\r\rc\r\n", readSize: size) == ["1:A:b\r\r\rc"], "reads of \(size ?? 0) bytes")
            #expect(ContentLineReaderTests.lines(String(full.prefix(39)) + "\r\rc\r\n", readSize: size) == ["1!:" + full.prefix(39) + "\r"],
                    "reads of \(size ?? 0) bytes")
            #expect(ContentLineReaderTests.lines("A:1\r", readSize: size) == ["1:A:1\r"], "reads of \(size ?? 0) bytes")
        }
    }

    @Test func aLastLineWithoutEndingAndEmptyInput() {
        #expect(ContentLineReaderTests.lines("A:1\r\n B", readSize: nil) == ["1:A:1B"])
        #expect(ContentLineReaderTests.lines("A:1\r\n B", readSize: 1) == ["1:A:1B"])
        #expect(ContentLineReaderTests.lines("", readSize: nil) == [])
        #expect(ContentLineReaderTests.lines("\r\n\r\n", readSize: 1) == [])
    }
}
