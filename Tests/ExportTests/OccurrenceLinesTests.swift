import EventModel
@testable import Export
import Plumbing
import Settle
import TestSupport
import Testing

/// `OccurrenceLines.write`, the whole `occurrences` pipeline behind one
/// call: pieces made on every core come out in order, each line the
/// occurrence's object and a line feed, and an output that stops takes
/// nothing more.
@Suite struct OccurrenceLinesTests {
    /// A daily series of two years: several pieces of lines.
    private func settlement() throws -> Settlement {
        let lines = vevent("daily", ["SUMMARY:Daily", "DTSTART:20250101T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY"])
            + vevent("hourly", ["SUMMARY:Hourly", "DTSTART;TZID=America/New_York:20250101T070000", "DURATION:PT30M",
                                "RRULE:FREQ=HOURLY;INTERVAL=5"])
        let options = SettleOptions(from: try #require(LocalDate(year: 2025, month: 1, day: 1)),
                                    to: try #require(LocalDate(year: 2026, month: 12, day: 31)), timeline: ZoneTimeline(base: .utc))
        let settler = Settler(options: options)
        for event in importText([("lines.ics", ics(lines))]).events { settler.add(event) }
        return settler.settle()
    }

    @Test func linesComeInOrderAsTheirObjects() throws {
        let settlement = try settlement()
        try #require(settlement.occurrences.count > 2_000)
        var expected: [UInt8] = []
        for index in settlement.occurrences.indices {
            var object = ByteWriter()
            var cache = EventFieldsCache()
            OccurrenceJSON.write(settlement.occurrences.pointer(index), timeline: settlement.timeline, into: &object, cache: &cache)
            expected += object.bytes + [0x0A]
        }
        var written: [UInt8] = []
        var pieces = 0
        let cut = OccurrenceLines.write(settlement) { writer in
            written += writer.bytes
            pieces += 1
            return true
        }
        #expect(cut == nil)
        #expect(pieces > 1)
        #expect(written == expected)
    }

    @Test func anOutputThatStopsTakesNothingMore() throws {
        let settlement = try settlement()
        var calls = 0
        _ = OccurrenceLines.write(settlement) { _ in
            calls += 1
            return false
        }
        #expect(calls == 1)
    }
}
