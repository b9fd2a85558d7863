import EventModel
@testable import FreeBusy
import Settle
import TestSupport
import Testing

/// Overlapping busy occurrences (docs/semantics.md section 10).
@Suite struct ConflictTests {
    static let lines = meeting("standup", "20261123T093000", "20261123T094500")
        + meeting("planning", "20261123T093000", "20261123T103000")
        + meeting("review", "20261123T103000", "20261123T113000")  // touches planning: no conflict
        + meeting("lunch", "20261123T100000", "20261123T140000")
        + meeting("declined", "20261123T120000", "20261123T130000", ["ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.com"])
        + meeting("free", "20261123T120000", "20261123T130000", ["TRANSP:TRANSPARENT"])
        + meeting("zero", "20261123T110000", "20261123T110000")
        + vevent("holiday", ["DTSTART;VALUE=DATE:20261123", "SUMMARY:holiday"])

    func names(_ found: Conflicts, _ settlement: Settlement) -> [String] {
        found.pairs.map { "\(settlement.occurrences[$0.first].event.uid)+\(settlement.occurrences[$0.second].event.uid) \($0.milliseconds / minute)m" }
    }

    @Test func overlapsByMoreThanNothing() throws {
        let result = try settle(ConflictTests.lines, from: "2026-11-23", to: "2026-11-23") { $0.me = "me@example.com" }
        let found = result.conflicts()
        #expect(names(found, result) == ["standup+planning 15m", "planning+lunch 30m", "lunch+review 60m"])
        #expect(found.total == 3 && found.firstCut == nil)
        #expect(found.pairs[0].start == at("2026-11-23T14:30:00Z") && found.pairs[0].end == at("2026-11-23T14:45:00Z"))
        // Without --me the declined meeting is busy and overlaps lunch; all-day events with --all-day-busy overlap everything.
        let everyone = try settle(ConflictTests.lines, from: "2026-11-23", to: "2026-11-23").conflicts()
        #expect(everyone.total == 4)
        let allDay = try settle(ConflictTests.lines, from: "2026-11-23", to: "2026-11-23") { $0.allDayBusy = true; $0.me = "me@example.com" }
        #expect(allDay.conflicts().total == 3 + 4)
    }

    /// Each input is a person: with `acrossGroupsOnly`, only pairs from two.
    @Test func betweenInputsOnly() throws {
        let (result, _) = try settleFiles([("alice.ics", ics(meeting("a1", "20261123T090000", "20261123T100000") + meeting("a2", "20261123T093000", "20261123T103000"))),
                                           ("bob.ics", ics(meeting("b1", "20261123T094500", "20261123T110000")))],
                                          from: "2026-11-23", to: "2026-11-23")
        let group: (SettledOccurrence) -> Int = { $0.event.calendar == "alice" ? 0 : 1 }
        #expect(names(result.conflicts(group: group), result) == ["a1+a2 30m", "a1+b1 15m", "a2+b1 45m"])
        #expect(names(result.conflicts(acrossGroupsOnly: true, group: group), result) == ["a1+b1 15m", "a2+b1 45m"])
    }

    /// A pathological input: 2,000 identical meetings make 1,999,000 pairs;
    /// 1,000 are listed, the rest counted and the first left out named.
    @Test func manyPairsAreCountedButListedOnlyUpToTheLimit() throws {
        var events: [Event] = []
        let start = at("2026-11-23T14:00:00Z")
        for index in 0..<2000 {
            events.append(Event(uid: "m\(index)", title: "m", calendar: "c", source: SourcePosition(file: "f", line: index),
                                start: .instant(start.adding(seconds: Int64(index % 7)), zone: nil), end: .instant(start.adding(seconds: 3600), zone: nil)))
        }
        var options = SettleOptions(from: day("2026-11-23")!, to: day("2026-11-23")!, timeline: ZoneTimeline(base: Zone.named("America/New_York")!))
        options.listDays = false
        let settler = Settler(options: options)
        events.forEach { settler.add($0) }
        let result = settler.settle()
        let clock = ContinuousClock()
        var found: Conflicts?
        let took = clock.measure { found = result.conflicts(limit: 1000) }
        #expect(found?.total == 2000 * 1999 / 2)
        #expect(found?.pairs.count == 1000)
        #expect(found?.firstCut != nil)
        #expect(took < .seconds(5))
    }

    /// Seeded random calendars: every pair listed overlaps, every pair that
    /// overlaps is listed (against all pairs, one by one), with and
    /// without groups, and a cut keeps the earliest.
    @Test(arguments: 0..<60)
    func agreesWithAllPairs(_ seed: Int) throws {
        var random = seededRandom(UInt64(seed))
        let settlement = randomSettlement(&random)
        let groups = 1 + random.below(3)
        let group: (SettledOccurrence) -> Int = { Int(StableHash.of([$0.event.uid]) % UInt64(groups)) }
        let across = random.below(2) == 1
        let lower = settlement.days.compactMap(\.intervals.first?.lowerBound).min()!
        let upper = settlement.days.compactMap(\.intervals.last?.upperBound).max()!
        var expected: [(Int, Int, Instant)] = []
        let items = settlement.occurrences.indices.filter { settlement.occurrences[$0].busy }
        for (i, a) in items.enumerated() {
            for b in items[(i + 1)...] {
                let x = settlement.occurrences[a], y = settlement.occurrences[b]
                let start = max(x.startUTC, y.startUTC, lower), end = min(x.endUTC, y.endUTC, upper)
                guard start < end else { continue }
                if across && group(x) == group(y) { continue }
                expected.append((a, b, start))
            }
        }
        let found = settlement.conflicts(acrossGroupsOnly: across, group: group)
        #expect(found.total == expected.count)
        #expect(found.pairs.map { "\($0.first)-\($0.second)" }.sorted() == expected.map { "\($0.0)-\($0.1)" }.sorted())
        for pair in found.pairs {
            let x = settlement.occurrences[pair.first], y = settlement.occurrences[pair.second]
            #expect(pair.first < pair.second)
            #expect(pair.start == max(x.startUTC, y.startUTC) && pair.end == min(x.endUTC, y.endUTC) && pair.start < pair.end)
        }
        #expect(zip(found.pairs, found.pairs.dropFirst()).allSatisfy { ($0.start, $0.end, $0.first, $0.second) <= ($1.start, $1.end, $1.first, $1.second) })
        // A limit lists the pairs whose overlap starts first.
        guard expected.count > 2 else { return }
        let limit = 1 + random.below(expected.count - 1)
        let cut = settlement.conflicts(limit: limit, acrossGroupsOnly: across, group: group)
        #expect(cut.pairs.count == limit && cut.total == expected.count && cut.firstCut != nil)
        let listed = Set(cut.pairs.map { "\($0.first)-\($0.second)" })
        let clippedStart = { (pair: (Int, Int, Instant)) in pair.2 }
        let latestListed = expected.filter { listed.contains("\($0.0)-\($0.1)") }.map(clippedStart).max()!
        let earliestLeft = expected.filter { !listed.contains("\($0.0)-\($0.1)") }.map(clippedStart).min()!
        #expect(latestListed <= earliestLeft)
    }
}
