import EventModel
import Foundation
import Import
import Plumbing
@testable import Settle
import TestSupport
import Testing

/// Occurrences counted as they are placed (`OccurrenceCounter`) rather
/// than kept: the counters, lent to the pieces of the expansion one a
/// core, together see each occurrence a kept settlement keeps, once.
@Suite struct CountingTests {
    /// What a counter saw: each occurrence's title and start.
    struct Seen: OccurrenceCounter {
        var occurrences: [String] = []

        mutating func count(_ settled: borrowing SettledOccurrence) {
            occurrences.append("\(settled.occurrence.eventRecord.event.title) \(settled.startUTC) \(settled.busy)")
        }
    }

    /// Sixty series and forty single events (more than the pieces the
    /// expansion cuts), a cancelled one, a transparent one and one outside
    /// the window, filtered by calendar: each occurrence kept is counted
    /// once, and none is kept.
    @Test(arguments: [false, true])
    func countersSeeWhatIsKept(_ filtered: Bool) {
        var lines: [String] = []
        for number in 0..<60 {
            lines += vevent("s\(number)", ["DTSTART:202603\(String(format: "%02d", number % 28 + 1))T\(String(format: "%02d", number % 20))0000Z",
                                           "DURATION:PT1H", "SUMMARY:s\(number)", "RRULE:FREQ=DAILY;INTERVAL=\(number % 5 + 1)"])
        }
        for number in 0..<40 {
            lines += vevent("o\(number)", ["DTSTART:2026041\(number % 10)T1\(number % 10)0000Z", "DURATION:PT2H", "SUMMARY:o\(number)"]
                                + (number == 3 ? ["STATUS:CANCELLED"] : number == 4 ? ["TRANSP:TRANSPARENT"] : []))
        }
        lines += vevent("far", ["DTSTART:20300101T100000Z", "DURATION:PT1H", "SUMMARY:far"])
        let files = [("work.ics", ics(lines)), ("home.ics", ics(vevent("h", ["DTSTART:20260405T100000Z", "DURATION:PT1H", "SUMMARY:h"])))]
        var options = SettleOptions(from: LocalDate(year: 2026, month: 3, day: 20)!, to: LocalDate(year: 2026, month: 4, day: 30)!,
                                    timeline: ZoneTimeline(base: Zone.named("Europe/Berlin")!))
        options.listDays = false
        if filtered { options.filter = EventFilter(calendars: ["work"]) }
        let settler = Settler(options: options)
        for event in importText(files).events { settler.add(event) }
        let kept = settler.settle().occurrences.map { "\($0.event.title) \($0.startUTC) \($0.busy)" }
        let counted = settler.settle(part: options.from, to: options.to, timeline: settler.timeline(), counting: { _ in Seen() })
        #expect(counted.occurrences.isEmpty)
        #expect(counted.counters.count <= ParallelChunks.width && !counted.counters.isEmpty)
        let seen = counted.counters.flatMap { ($0 as? Seen)?.occurrences ?? [] }
        #expect(seen.sorted() == kept.sorted())
        #expect(kept.count > 1_000 && kept.contains { $0.hasSuffix("false") })
        #expect(counted.days.map(\.busyIntervals) == settler.settle().days.map(\.busyIntervals))
    }
}
