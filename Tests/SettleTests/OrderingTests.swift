import EventModel
@testable import Settle
import TestSupport
import Testing

/// Output order sorts small keys (start, end, a title's first bytes) and
/// compares occurrences in full only when they tie: it must give the order
/// of the full comparison, ties in input order, and move every occurrence
/// once.
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
            // Titles that order differently by their first bytes than as
            // strings (a combining accent after eight bytes, non-ASCII), that
            // share eight bytes, are shorter than eight or empty.
            let titles = ["Standup", "Lunch", "standup", "Standup meeting A", "Standup meeting B", "Standup",
                          "cafe\u{301}", "café", "cafez", "ab", "ab\u{1}", "", "Ωmega", "Zulu", "Planning\u{301}x",
                          "Planninga", "Planning", "Planninge\u{301}", "Planningz", "Réunion", "Reunion"]
            var event = Event(uid: pick(["a", "b", "c"]), title: pick(titles),
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

    @Test func titlePrefixesOrderAsTheirTitles() {
        let titles = ["", "a", "ab", "ab\u{1}", "abcdefgh", "abcdefghi", "abcdefgh\u{301}", "abcdefge\u{301}", "abcdefgé", "abcdefgz",
                      "cafe\u{301}", "café", "cafez", "Ωmega", "Zulu", "zulu", "Planning\u{301}x", "Planninga"]
        for a in titles {
            for b in titles {
                guard let x = Ordering.titlePrefix(a), let y = Ordering.titlePrefix(b), x != y else { continue }
                #expect((x < y) == (a < b), "\(a.debugDescription) \(b.debugDescription)")
            }
        }
        #expect(Ordering.titlePrefix("abcdefge\u{301}") == nil)  // the ninth byte is not ASCII: "abcdefgé"
        #expect(Ordering.titlePrefix("Ωmega") == nil)
        #expect(Ordering.titlePrefix("abcdefghi") == Ordering.titlePrefix("abcdefghj"))
    }
}
