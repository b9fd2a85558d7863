import EventModel
import Export
import Plumbing
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

    /// A cursor spans exactly the room `write(atMost:)` reserved, and its
    /// stores use it up; what it wrote is counted.
    @Test func aCursorHasTheRoomReservedForIt() {
        var writer = ByteWriter(capacity: 16)
        writer.append("ab")
        var rooms: [Int] = []
        let written = writer.write(atMost: 40) { cursor in
            rooms.append(cursor.room)
            cursor.put("0123456789")
            rooms.append(cursor.room)
            cursor.put(true)
            rooms.append(cursor.room)
            return true
        }
        #expect(written)
        #expect(rooms == [40, 30, 26])
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "ab0123456789true")
        #expect(writer.capacity >= 42)
    }

    /// A store past the reserved room stops a debug build before it writes.
    @Test(.enabled(if: _isDebugAssertConfiguration())) func aCursorStopsAtTheEndOfItsRoom() async {
        await #expect(processExitsWith: .failure) {
            var writer = ByteWriter(capacity: 16)
            _ = writer.write(atMost: 4) { cursor in
                cursor.put("01234")
                return true
            }
        }
    }

    /// Emptied, a writer writes from its start again; a copy that shared
    /// its memory keeps what it held.
    @Test func emptiedWritersStartAgainAndCopiesKeepTheirBytes() {
        var writer = ByteWriter(capacity: 16)
        writer.append("first bytes, more than sixteen")
        let copy = writer
        writer.removeAll()
        writer.append("x")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "x")
        #expect(String(decoding: copy.bytes, as: UTF8.self) == "first bytes, more than sixteen")
        var alone = ByteWriter(capacity: 16)
        alone.append("abc")
        alone.removeAll()
        #expect(alone.count == 0)
        alone.appendJSONString("d")
        #expect(String(decoding: alone.bytes, as: UTF8.self) == "\"d\"")
    }

    /// A UTC time made from the same instant's text at an offset (its hour
    /// moved, its offset made `Z`) spells what writing it anew spells:
    /// whole-hour offsets of both signs across midnight, offsets of
    /// minutes, `Z` itself, with and without milliseconds.
    @Test func utcTimesFromOwnTextsSpellTheirOwnText() {
        let offsets = [0, 3600, -3600, 39_600, -18_000, 50_400, -43_200, 19_800, -12_600, 20_700]
        var state: UInt64 = 20_261_126
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        var checked = 0
        for step in 0..<6_000 {
            // Years 1 to 9998, and often near 1970 (both signs of wall seconds).
            var milliseconds = step % 3 == 0
                ? Int64(next() % 315_000_000_000_000) - 62_000_000_000_000
                : Int64(next() % 4_000_000_000_000) - 1_000_000_000_000
            if step % 2 == 0 { milliseconds -= milliseconds % 1000 }  // whole seconds, no fraction
            let instant = Instant(milliseconds: milliseconds)
            let offset = offsets[Int(next() % UInt64(offsets.count))]
            var made = ByteWriter(), anew = ByteWriter()
            var memos = TimeMemos()
            let wrote = made.write(atMost: 128) { cursor in
                guard let own = cursor.recording({ $0.putQuoted(instant, offsetSeconds: offset, zulu: offset == 0, memos: &memos) })
                else { return false }
                return cursor.putQuotedUTC(instant, sameInstantAs: own, memos: &memos)
            }
            #expect(wrote)
            #expect(anew.write(atMost: 128) { cursor in
                cursor.putQuoted(instant, offsetSeconds: offset, zulu: offset == 0, memos: &memos)
                    && cursor.putQuoted(instant, offsetSeconds: 0, zulu: true, memos: &memos)
            })
            #expect(made.bytes == anew.bytes, "\(milliseconds) ms at \(offset)")
            checked += 1
        }
        #expect(checked == 6_000)
    }

    /// Times in their own zones, written through one cursor after another
    /// in turns of ten zones (more than the writer keeps spans for) and
    /// across changes of offset, spell what `iso8601` spells.
    @Test func timesInManyZonesByTurns() throws {
        let names = ["America/New_York", "Europe/Berlin", "Asia/Tokyo", "Australia/Sydney", "America/Los_Angeles",
                     "Europe/London", "Asia/Kolkata", "America/Sao_Paulo", "Pacific/Auckland", "Africa/Cairo"]
        let zones = try names.map { try #require(Zone(tzdb: $0)) }
        var writer = ByteWriter()
        var memos = TimeMemos()
        var expected = ""
        var instant = Instant(seconds: 1_767_225_600)  // 2026-01-01T00:00:00Z
        for step in 0..<3_000 {
            // Hours apart, so that every zone's offset changes within the run.
            instant = instant.adding(seconds: 3 * 3600 + 17)
            let time = EventTime.instant(instant, zone: zones[(step * 7 + step / 10) % zones.count])
            #expect(writer.write(atMost: 64) { $0.putQuoted(time, memos: &memos) })
            expected += "\"" + time.iso8601 + "\""
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }
}
