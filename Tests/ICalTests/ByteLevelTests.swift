#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ICal
import Testing

/// What reaches the line reader: BOMs gone, UTF-16 transcoded, old Mac line endings split.
@Suite struct ByteLevelTests {
    static let calendar = [
        "BEGIN:VCALENDAR", "X-WR-CALNAME:Work", "X-WR-TIMEZONE:Europe/Berlin",
        "BEGIN:VEVENT", "UID:a", "DTSTART:20261124T090000", "SUMMARY:Caf\u{E9} \u{1F600}", "END:VEVENT",
        "END:VCALENDAR",
    ]

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    /// The calendar names, event lines and summaries a parse saw, and its problems.
    func expectWhole(_ items: [ICalItem], sourceLine: Int = 4) {
        #expect(items.problems.isEmpty)
        #expect(items.calendarProperties.map(\.name) == ["X-WR-CALNAME", "X-WR-TIMEZONE"])
        #expect(items.components.first?.first("SUMMARY")?.value == "Caf\u{E9} \u{1F600}")
        #expect(items.components.first?.line == sourceLine)
    }

    @Test func aUTF8ByteOrderMarkAndBlankLinesBeforeTheCalendarCostNothing() {
        let text = "\r\n\r\n" + Self.calendar.joined(separator: "\r\n") + "\r\n"
        expectWhole(parse(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8)), sourceLine: 6)
    }

    /// Lines of spaces and tabs before the calendar and after it are blank
    /// too: no stray-content error.
    @Test func blankLinesOfSpacesAndTabsAroundTheCalendarCostNothing() {
        let text = " \t\r\n\r\n  \r\n" + Self.calendar.joined(separator: "\r\n") + "\r\n \r\n\t\r\n"
        expectWhole(parse(bytes: Array(text.utf8)), sourceLine: 7)
        let stray = "text\r\n" + Self.calendar.joined(separator: "\r\n") + "\r\n"
        #expect(parse(bytes: Array(stray.utf8)).problems.map(\.kind) == [.strayContent])
    }

    @Test(arguments: [false, true])
    func utf16WithAByteOrderMarkIsTranscoded(bigEndian: Bool) {
        let text = Self.calendar.joined(separator: "\r\n") + "\r\n"
        expectWhole(parse(bytes: Self.utf16(text, bigEndian: bigEndian)))
    }

    @Test func utf16InSmallReadsKeepsSurrogatePairsWhole() {
        let text = String(repeating: "\u{1F600}", count: 5000)
        let source = ByteSource(bytes: Self.utf16(text, bigEndian: false))
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 7)
        while true {
            let n = buffer.withUnsafeMutableBytes { source.read(into: $0) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        #expect(String(decoding: out, as: UTF8.self) == text)
        #expect(source.encoding == .utf16LittleEndian)
    }

    @Test func anUnpairedSurrogateAndAnOddLastByteBecomeBytesThatAreNotUTF8() {
        let source = ByteSource(bytes: [0xFF, 0xFE, 0x41, 0x00, 0x00, 0xD8, 0x42, 0x00, 0x43])
        #expect(source.readAll() == [0x41, 0xFF, 0x42, 0xFF])
    }

    @Test func anUnpairedSurrogateIsRepairedWithAWarning() {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:t\u{FFFD}x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        var bytes = Self.utf16(text, bigEndian: false)
        // The U+FFFD as written stays; put a lone high surrogate after it.
        let at = bytes.count - 2 * "x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf16.count
        bytes.insert(contentsOf: [0x00, 0xD8], at: at)
        let items = parse(bytes: bytes)
        #expect(items.problems.map { "\($0.line) \($0.kind.rawValue)" } == ["4 invalid-utf8"])
        #expect(items.components.first?.first("SUMMARY")?.value == "t\u{FFFD}\u{FFFD}x")
    }

    @Test func peekGivesTheTranscodedStartAndReadGivesItAgain() {
        let source = ByteSource(bytes: Self.utf16("BEGIN:VCALENDAR", bigEndian: true))
        #expect(source.peek(6) == Array("BEGIN:".utf8))
        #expect(source.readAll() == Array("BEGIN:VCALENDAR".utf8))
    }

    @Test func carriageReturnsAloneEndLines() {
        let text = Self.calendar.joined(separator: "\r") + "\r"
        expectWhole(parse(bytes: Array(text.utf8)))
    }

    /// A source pulling from `bytes` at most `most` bytes a call, and how many calls it had.
    static func counted(_ bytes: [UInt8], most: Int = .max) -> (ByteSource, () -> Int) {
        final class Counter { var calls = 0, offset = 0 }
        let counter = Counter()
        let source = ByteSource(pulling: { buffer in
            counter.calls += 1
            let n = min(buffer.count, most, bytes.count - counter.offset)
            buffer.copyBytes(from: bytes[counter.offset..<counter.offset + n])
            counter.offset += n
            return n
        })
        return (source, { counter.calls })
    }

    static func readAll(_ source: ByteSource) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { source.read(into: $0) }
            if n <= 0 { return out }
            out += buffer[0..<n]
        }
    }

    /// A small input (one of a vdir's files) is asked for twice, its bytes
    /// and its end, not for three bytes first to look for a byte-order mark.
    @Test func aSmallInputIsAskedForItsBytesAndItsEndOnly() {
        let text = Array((Self.calendar.joined(separator: "\r\n") + "\r\n").utf8)
        let (source, calls) = Self.counted(text)
        #expect(source.peek(4096) == text)
        #expect(Self.readAll(source) == text)
        #expect(calls() == 2)
    }

    /// `bytes` in a temporary file, read through a descriptor with `size`
    /// as its size: what `read` gives.
    static func readFile(_ bytes: [UInt8], size: Int) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bytesource-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let source = ByteSource(fileDescriptor: fd, regularFileSize: size)
        _ = source.peek(4096)
        return Self.readAll(source)
    }

    /// The size given is a hint (the line reader's chunk is sized by it):
    /// a file that grew or shrank since is read to its end all the same,
    /// and so are a large one, an empty one and one with a byte-order mark.
    @Test func aFileOfAnotherSizeThanGivenIsReadToItsEnd() throws {
        let text = Array((Self.calendar.joined(separator: "\r\n") + "\r\n").utf8)
        #expect(try Self.readFile(text, size: text.count) == text)
        #expect(try Self.readFile(text, size: 10) == text)
        #expect(try Self.readFile(text, size: text.count - 1) == text)
        #expect(try Self.readFile(text, size: text.count + 10) == text)
        #expect(try Self.readFile([0xEF, 0xBB, 0xBF] + text, size: text.count + 3) == text)
        #expect(try Self.readFile([], size: 0).isEmpty)
        let large = Array(repeating: text, count: 2_000).flatMap { $0 }
        #expect(try Self.readFile(large, size: large.count) == large)
    }

    /// A byte-order mark that comes a byte at a time is still found.
    @Test(arguments: [ByteSource.Encoding.utf8WithBOM, .utf16LittleEndian, .utf16BigEndian])
    func aByteOrderMarkInReadsOfOneByte(encoding: ByteSource.Encoding) {
        let text = Self.calendar.joined(separator: "\r\n") + "\r\n"
        let bytes = encoding == .utf8WithBOM ? [0xEF, 0xBB, 0xBF] + Array(text.utf8)
            : Self.utf16(text, bigEndian: encoding == .utf16BigEndian)
        let (source, _) = Self.counted(bytes, most: 1)
        #expect(source.peek(8) == Array(text.utf8.prefix(8)))
        #expect(Self.readAll(source) == Array(text.utf8))
        #expect(source.encoding == encoding)
    }

    @Test func aCarriageReturnInsideALineFeedFileIsStillBinary() {
        let items = parse(bytes: Array("BEGIN:VCALENDAR\nX-A:one\rtwo\nEND:VCALENDAR\n".utf8))
        #expect(items.problems.map(\.kind) == [.binaryData])
    }
}
