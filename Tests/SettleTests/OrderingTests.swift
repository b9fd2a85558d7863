import EventModel
@testable import Settle
import TestSupport
import Testing

/// Output order sorts small keys and compares occurrences in full only on
/// equal start and end: it must give the order of the full comparison,
/// ties in input order, and move every occurrence once.
@Suite struct OrderingTests {
    @Test func sortedMatchesTheFullComparisonWithTiesInInputOrder() {
        var random = SplitMix64(seed: 7)
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        let base = Instant(seconds: 1_795_000_000)
        var placed: [SettledOccurrence] = []
        for position in 0..<2_000 {
            // Few starts, ends, titles and uids: many ties at every level.
            let start = base.adding(seconds: pick([0, 1800, 3600, 86_400]))
            let end = start.adding(seconds: pick([0, 1800, 3600]))
            var event = Event(uid: pick(["a", "b", "c"]), title: pick(["Standup", "Lunch", "standup"]),
                              calendar: "c", source: SourcePosition(file: "f", line: position + 1),
                              start: .instant(start, zone: nil), end: .instant(end, zone: nil))
            event.description = "\(position)"
            let recurrenceID: EventTime? = pick([nil, .instant(base.adding(seconds: pick([0, 60])), zone: nil)])
            let occurrence = Occurrence(event: event, start: event.start, end: event.end, recurrenceID: recurrenceID)
            placed.append(SettledOccurrence(occurrence: occurrence, startUTC: start, endUTC: end, busy: true,
                                            firstDate: LocalDate(daysSinceEpoch: 20_775), lastDate: LocalDate(daysSinceEpoch: 20_775)))
        }
        let expected = placed.indices.map { ($0, placed[$0]) }.sorted { a, b in
            Ordering.startOrder(a.1, b.1) || (!Ordering.startOrder(b.1, a.1) && a.0 < b.0)
        }.map(\.0)
        let (kept, order) = Ordering.sorted(placed)
        #expect(order == expected)
        #expect(kept.map { $0.event.description } == expected.map { "\($0)" })
    }
}
