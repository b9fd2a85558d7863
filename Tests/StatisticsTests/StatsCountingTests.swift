import EventModel
import FreeBusy
import Import
import Settle
@testable import Statistics
import TestSupport
import Testing

/// `stats` counts the occurrences as they are placed, for events numbered
/// as they were read, instead of keeping them: the same figures as a
/// settlement that keeps them, and the sets it counts into stay exact
/// however often they are made unions on the way.
@Suite struct StatsCountingTests {
    /// A year of series that overlap (hundreds of intervals a person and
    /// thousands of busy ones, so the sets are made unions many times),
    /// overrides, a declined meeting, all-day busy days, two calendars and
    /// a flight: counted as placed, the same statistics as kept, by week,
    /// day and month.
    @Test(arguments: StatsGrouping.allCases)
    func countedAsPlacedIsKept(_ grouping: StatsGrouping) throws {
        let work = event("standup", "20250106T093000", "20250106T100000", people("ann@example.com", "me@example.com", "bob@example.com")
                         + ["RRULE:FREQ=DAILY;INTERVAL=1", "CATEGORIES:Work"])
            + vevent("standup", ["RECURRENCE-ID;TZID=America/New_York:20260302T093000", "DTSTART;TZID=America/New_York:20260302T150000",
                                 "DTEND;TZID=America/New_York:20260302T170000", "SUMMARY:moved"] + people("cy@example.com", "me@example.com"))
            + event("pairing", "20260101T090000", "20260101T110000", people("bob@example.com", "me@example.com")
                    + ["RRULE:FREQ=HOURLY;INTERVAL=3", "CATEGORIES:Work,Atlas"])
            + event("focus", "20260105T080000", "20260105T120000", ["RRULE:FREQ=WEEKLY;BYDAY=MO,TH"])
            + event("declined", "20260210T100000", "20260210T120000",
                    ["ORGANIZER:mailto:dee@example.com", "ATTENDEE;PARTSTAT=DECLINED:mailto:Me@Example.com", "RRULE:FREQ=WEEKLY"])
            + vevent("holiday", ["DTSTART;VALUE=DATE:20260702", "DTEND;VALUE=DATE:20260706", "SUMMARY:Off"] + people())
            + event("tokyo", "20260910T100000", "20260910T120000", tzid: "Asia/Tokyo", people("dee@example.com", "me@example.com"))
        let home = event("chores", "20260103T180000", "20260103T200000", ["RRULE:FREQ=WEEKLY;BYDAY=SA,SU", "CATEGORIES:Home"])
        let files = [("work.ics", ics(work)), ("home.ics", ics(home))]
        var options = SettleOptions(from: day("2026-01-01")!, to: day("2026-12-31")!, timeline: try travelling())
        options.listDays = false
        options.me = "me@example.com"
        options.allDayBusy = true
        let request = StatsRequest(grouping: grouping, weekStart: 7, hours: hours(), focusSeconds: 3600)

        let kept = Settler(options: options)
        for event in importText(files).events { kept.add(event) }
        let expected = kept.settle().statistics(request)

        let counted = Settler(options: options)
        var builder = StatsBuilder(from: options.from, to: options.to, request: request, me: options.me)
        builder.numberEvents(of: counted, keepingText: false)
        for event in importText(files).events { counted.add(event) }
        let counting = builder.counting(counted)
        let settlement = counted.settle(part: options.from, to: options.to, timeline: counted.timeline(), counting: counting)
        #expect(settlement.occurrences.isEmpty && !settlement.counters.isEmpty)
        builder.add(settlement)
        let stats = builder.finished()

        #expect(stats == expected)
        #expect(expected.total.meetings > 2_000 && expected.total.conflictSeconds > 0 && expected.byCalendar.count == 2)
        #expect(expected.byPerson.map(\.address) == ["bob@example.com", "ann@example.com", "cy@example.com", "dee@example.com"])
    }

    /// Settled in passes of up to a year (`StatsBuilder.passes`), a run of
    /// parts has the work budget and cap of its parts added up: a window
    /// whose four-week parts each stay within theirs is cut nowhere, where
    /// one pass with its own budget would cut it.
    @Test func aPassCutsNoSeriesItsPartsWouldNot() throws {
        let lines = event("daily", "20250601T090000", "20250601T093000", people("ann@example.com", "me@example.com")
                          + ["RRULE:FREQ=HOURLY;INTERVAL=4"])
        var options = SettleOptions(from: day("2026-01-01")!, to: day("2027-03-31")!, timeline: ZoneTimeline(base: Zone.named("America/New_York")!))
        options.listDays = false
        options.me = "me@example.com"
        options.instanceBudget = 300
        options.instanceCap = 250
        let request = StatsRequest(grouping: .month, hours: hours())
        var builder = StatsBuilder(from: options.from, to: options.to, request: request, me: options.me)
        let passes = builder.passes(options)
        #expect(passes.map(\.window) == [day("2026-01-01")!...day("2027-01-31")!, day("2027-02-01")!...day("2027-03-31")!])
        #expect(passes.map(\.budget.instances) == [13 * 300, 2 * 300] && passes.map(\.budget.cap) == [13 * 250, 2 * 250])

        let settler = Settler(options: options)
        builder.numberEvents(of: settler, keepingText: false)
        for event in importText([("cal.ics", ics(lines))]).events { settler.add(event) }
        let counting = builder.counting(settler)
        var diagnostics: [Diagnostic] = []
        for pass in passes {
            let settlement = settler.settle(part: pass.window.lowerBound, to: pass.window.upperBound, timeline: settler.timeline(),
                                            counting: counting, budget: pass.budget)
            diagnostics += settlement.diagnostics
            builder.add(settlement)
        }
        let stats = builder.finished()
        #expect(diagnostics.isEmpty)
        var unbounded = options
        (unbounded.instanceBudget, unbounded.instanceCap) = (nil, 100_000)
        let whole = Settler(options: unbounded)
        for event in importText([("cal.ics", ics(lines))]).events { whole.add(event) }
        #expect(stats == whole.settle().statistics(request))
        // Six meetings a day, every day of the 455.
        #expect(stats.total.meetings >= 6 * 455 - 2)
        let once = settler.settle(part: options.from, to: options.to, timeline: settler.timeline(), counting: counting)
        #expect(once.diagnostics.map(\.kind).contains(.tooManyInstances))
    }

    private func travelling() throws -> ZoneTimeline {
        var plan = TravelPlan()
        try plan.add("2026-09-08T22:00Z=Asia/Tokyo")
        try plan.add("2026-09-20T01:00Z=America/New_York")
        return plan.timeline(base: Zone.named("America/New_York")!)
    }

    /// A numbered event keeps the number of its facts and lets its text
    /// go, unless someone declined it (the busy policy asks whether the
    /// viewer did) or the text is asked for; events with the same facts
    /// share an entry.
    @Test func numberingLetsTheTextGo() throws {
        let lines = event("a", "20261123T100000", "20261123T110000", people("ann@example.com", "me@example.com") + ["CATEGORIES:Atlas"])
            + event("b", "20261124T100000", "20261124T110000", people("ann@example.com", "me@example.com") + ["CATEGORIES:Atlas"])
            + event("c", "20261125T100000", "20261125T110000",
                    ["ORGANIZER:mailto:ann@example.com", "ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.com", "CATEGORIES:Atlas"])
            + event("d", "20261126T100000", "20261126T110000", ["CATEGORIES:Cobalt,Atlas"])
        var facts = StatsFacts(me: "me@example.com")
        var events = importText([("cal.ics", ics(lines))]).events
        for index in events.indices { facts.number(&events[index], keepingText: false) }
        #expect(events.map(\.categories) == [[], [], ["Atlas"], []])
        #expect(events.map(\.attendees.count) == [0, 0, 1, 0])
        #expect(events[0].ordinal == events[1].ordinal)
        #expect(events[2].ordinal == events[0].ordinal && Set(events.map(\.ordinal)).count == 2)
        let shared = facts.numbered[events[0].ordinal]
        #expect(shared.count == 2 && facts.people(shared).map { facts.people.names[Int($0)] } == ["ann@example.com"])
        #expect(facts.categories(facts.numbered[events[3].ordinal]).map { facts.categories.names[Int($0)] } == ["Atlas", "Cobalt"])
        var kept = importText([("cal.ics", ics(lines))]).events[0]
        facts.number(&kept, keepingText: true)
        #expect(kept.categories == ["Atlas"] && kept.ordinal == events[0].ordinal)
    }

    /// Random intervals added one by one and in runs, from two counters
    /// merged: the union and the time covered twice are those of all of
    /// them at once, whenever the sets were made unions on the way.
    @Test(arguments: [1, 2, 3, 4, 5])
    func unionsOnTheWayAreExact(_ seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var spans: [Range<Instant>] = []
        var unions = [SpanUnion(), SpanUnion()], coverages = [SpanCoverage(), SpanCoverage()]
        for count in 0..<12_000 {
            let start = Int64.random(in: 0..<20_000_000, using: &random) * 1000
            let span = Instant(milliseconds: start)..<Instant(milliseconds: start + Int64.random(in: 0...7_200, using: &random) * 1000)
            spans.append(span)
            let side = count % 3 == 0 ? 1 : 0
            if count % 7 == 0 {
                unions[side].append(contentsOf: [span])
                coverages[side].append(contentsOf: [span])
            } else {
                unions[side].append(span)
                coverages[side].append(span)
            }
        }
        var union = unions[0], coverage = coverages[0]
        union.append(contentsOf: unions[1])
        coverage.merge(coverages[1])
        #expect(union.union() == IntervalSet.union(spans))
        #expect(coverage.coveredTwice() == StatsSpans.coveredTwice(spans))
        #expect(!StatsSpans.coveredTwice(spans).isEmpty)
    }
}
