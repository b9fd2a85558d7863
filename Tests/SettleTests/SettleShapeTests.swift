import EventModel
import Import
@testable import Settle
@testable import Plumbing
import TestSupport
import Testing

/// Settling as a repeatable step, and chunked work that gives the same
/// result however it is cut.
@Suite struct SettleShapeTests {
    /// Instance keys answer the same whether few (searched one by one) or
    /// many (hashed), across the change from one to the other.
    @Test func keySetsAnswerAsSetsDo() {
        var keys = KeySet()
        var reference: Set<Int64> = []
        for key in [5, -3, 5, 1_000_000_000_000, 0, 7, 7, 8, 9, 10, 11, 12, -3, 13, 14, 15] as [Int64] {
            keys.insert(key)
            reference.insert(key)
            for probe in Int64(-5)...20 { #expect(keys.contains(probe) == reference.contains(probe)) }
        }
        #expect(keys.contains(1_000_000_000_000))
        #expect(!KeySet().contains(0))
    }

    func summary(_ settlement: Settlement) -> [String] {
        settlement.occurrences.map { "\($0.event.title) \($0.startUTC) \($0.endUTC) \($0.busy)" }
            + settlement.listed.map { day in
                "\(day.date) \(day.eventCount) \(day.busyMilliseconds) " + day.entries.map { "\($0.occurrence)\($0.part)" }.joined(separator: ",")
            }
            + settlement.diagnostics.map(\.description)
    }

    @Test func settlingTwiceGivesTheSameSettlement() throws {
        var options = SettleOptions(from: date("2026-03-01")!, to: date("2026-03-14")!,
                                    timeline: ZoneTimeline(base: Zone(tzdb: "America/New_York")!))
        options.travelFromEvents = true
        let settler = Settler(options: options)
        let lines = vevent("single", ["DTSTART;TZID=America/New_York:20260303T090000", "DURATION:PT1H", "SUMMARY:Single"])
            + vevent("again", ["DTSTART:20260305", "SUMMARY:All day"])
            + vevent("series", ["DTSTART;TZID=America/New_York:20260302T100000", "DURATION:PT30M",
                                "RRULE:FREQ=DAILY;COUNT=10", "SUMMARY:Daily"])
            + vevent("flight", ["DTSTART;TZID=America/New_York:20260310T080000",
                                "DTEND;TZID=Europe/Paris:20260310T220000", "SUMMARY:Flight"])
        for event in importText([("cal.ics", ics(lines))]).events { settler.add(event) }
        let first = settler.settle()
        let second = settler.settle()
        #expect(first.occurrences.count == 13)
        #expect(first.occurrences.contains { $0.event.title == "Single" })
        #expect(summary(second) == summary(first))
        #expect(second.timeline.changes.count == first.timeline.changes.count)
        // Releasing: the same settlement once, then an empty settler.
        let released = settler.settle(releasingInput: true)
        #expect(summary(released) == summary(first))
        #expect(settler.settle().occurrences.isEmpty)
    }

    @Test func chunksCoverTheRangeInOrder() {
        for count in 0...40 {
            for chunks in 1...9 {
                let ranges = ParallelChunks.ranges(count: count, chunks: chunks)
                #expect(!ranges.isEmpty && ranges.count <= max(1, chunks))
                #expect(ranges.flatMap { Array($0) } == Array(0..<count))
                let mapped = ParallelChunks.map(count: count, chunks: chunks) { range in range.map { $0 * 2 } }
                #expect(mapped.flatMap { $0 } == (0..<count).map { $0 * 2 })
            }
        }
    }

    /// The flight of EventTime+Arithmetic.swift's documentation: Honolulu
    /// to Kiritimati, landing at midnight, skips 2026-03-11; an all-day
    /// event on it still ends on 2026-03-12 and is counted on its date.
    @Test func aDateSkippedEastAcrossTheDateLine() throws {
        let settlement = try settle(vevent("d", ["DTSTART;VALUE=DATE:20260311", "SUMMARY:Skipped"]),
                                    from: "2026-03-10", to: "2026-03-12", tz: "Pacific/Honolulu",
                                    travel: ["2026-03-11T10:00Z=Pacific/Kiritimati"])
        #expect(settlement.day("2026-03-11").intervals.isEmpty)
        #expect(settlement.day("2026-03-10").lengthMilliseconds == 24 * 3_600_000)
        #expect(settlement.occurrences.map(\.occurrence.end) == [.date(date("2026-03-12")!)])
        #expect(settlement.day("2026-03-11").eventCount == 1)
    }
}
