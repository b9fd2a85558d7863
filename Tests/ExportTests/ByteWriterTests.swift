import EventModel
import Export
import Testing

@Suite struct ByteWriterTests {
    @Test func numbersAndJSONStrings() {
        var writer = ByteWriter()
        writer.append(Int64(-1_234_567_890_123))
        writer.append(" ")
        writer.append(padded: 7, width: 2)
        writer.append(" ")
        writer.append(Int64.min)
        writer.append(" ")
        writer.appendJSONString("a\"b\\c\nd\u{01}é")
        #expect(String(decoding: writer.bytes, as: UTF8.self)
                == "-1234567890123 07 -9223372036854775808 \"a\\\"b\\\\c\\nd\\u0001é\"")
    }

    /// Times in their own zones, written through one cursor after another
    /// in turns of ten zones (more than the writer keeps spans for) and
    /// across changes of offset, spell what `iso8601` spells.
    @Test func timesInManyZonesByTurns() throws {
        let names = ["America/New_York", "Europe/Berlin", "Asia/Tokyo", "Australia/Sydney", "America/Los_Angeles",
                     "Europe/London", "Asia/Kolkata", "America/Sao_Paulo", "Pacific/Auckland", "Africa/Cairo"]
        let zones = try names.map { try #require(Zone(tzdb: $0)) }
        var writer = ByteWriter()
        var expected = ""
        var instant = Instant(seconds: 1_767_225_600)  // 2026-01-01T00:00:00Z
        for step in 0..<3_000 {
            // Hours apart, so that every zone's offset changes within the run.
            instant = instant.adding(seconds: 3 * 3600 + 17)
            let time = EventTime.instant(instant, zone: zones[(step * 7 + step / 10) % zones.count])
            #expect(writer.write(atMost: 64) { $0.putQuoted(time) })
            expected += "\"" + time.iso8601 + "\""
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }
}
