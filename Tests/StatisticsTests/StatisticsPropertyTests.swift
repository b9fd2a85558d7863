import EventModel
import FreeBusy
import Foundation
import Settle
@testable import Statistics
import TestSupport
import Testing

/// A random fortnight (from 2026-03-02 across New York's spring change,
/// or from 2026-10-26 across the autumn ones) for a viewer in a random
/// zone, sometimes travelling: timed events of any length on a
/// five-minute grid (so that they touch and overlap often), all-day ones,
/// tentative, cancelled, transparent and declined ones, with none, one or
/// several participants, rooms among them, in random categories.
func randomSettlement(_ random: inout SplitMix64) -> Settlement {
    let zones = ["America/New_York", "Europe/Berlin", "Asia/Tokyo", "Australia/Sydney", "UTC", "Asia/Kolkata"]
    let first = random.below(2) == 0 ? LocalDate(year: 2026, month: 3, day: 2)! : LocalDate(year: 2026, month: 10, day: 26)!
    let base = Instant(seconds: first.daysSinceEpoch * 86_400)
    var changes: [ZoneTimeline.Change] = []
    for _ in 0..<random.below(3) {
        changes.append(ZoneTimeline.Change(at: base.adding(seconds: Int64(random.below(14 * 288)) * 300),
                                           zone: Zone.named(zones[random.below(zones.count)])!))
    }
    var options = SettleOptions(from: first, to: first.adding(days: 13),
                                timeline: ZoneTimeline(base: Zone.named(zones[random.below(zones.count)])!, changes: changes))
    options.allDayBusy = random.below(3) == 0
    options.me = "me@example.com"
    options.listDays = false
    let settler = Settler(options: options)
    let people = ["me@example.com", "ann@example.com", "bob@example.com", "Ann@Example.com"]
    for index in 0..<(5 + random.below(60)) {
        var event: Event
        let source = SourcePosition(file: "f", line: index)
        if random.below(8) == 0 {
            let date = first.adding(days: random.below(16) - 1)
            event = Event(uid: "e\(index)", title: "all day", calendar: "c\(random.below(3))", source: source,
                          start: .date(date), end: .date(date.adding(days: 1 + random.below(2))))
        } else {
            let start = base.adding(seconds: Int64(random.below(16 * 288) - 288) * 300)
            let lengths: [Int64] = [0, 300, 900, 1800, 3600, 5400, 7200, 4 * 3600, 86_400, 3 * 86_400]
            event = Event(uid: "e\(index)", title: "event", calendar: "c\(random.below(3))", source: source,
                          start: .instant(start, zone: nil), end: .instant(start.adding(seconds: lengths[random.below(lengths.count)]), zone: nil))
        }
        var attendees = (0..<random.below(4)).map { _ in Attendee(email: people[random.below(people.count)]) }
        if random.below(4) == 0 { attendees.append(Attendee(email: "room@example.com", cutype: "ROOM")) }
        switch random.below(8) {
        case 0: event.status = .tentative
        case 1: event.status = .cancelled
        case 2: event.transparency = .transparent
        case 3: attendees.append(Attendee(email: "me@example.com", partstat: "DECLINED"))
        default: break
        }
        event.attendees = attendees
        event.organizer = random.below(2) == 0 ? Attendee(email: people[random.below(people.count)]) : nil
        event.categories = Array(["a", "b", "c"].prefix(random.below(4)))
        settler.add(event)
    }
    return settler.settle()
}

/// The invariants of docs/stats.md on random calendars and on every
/// calendar of the shared corpora.
@Suite struct StatisticsPropertyTests {
    /// Each period's figures keep the invariants; busy time is the days'
    /// busy time, focus time the free slots of at least the threshold,
    /// and meeting time at most the union of every busy occurrence.
    @Test(arguments: 0..<60)
    func figuresAddUpOnRandomCalendars(_ seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let settlement = randomSettlement(&random)
        let grouping = StatsGrouping.allCases[seed % 3]
        let workdays = Set((1...7).filter { _ in random.below(3) > 0 })
        let hours = WorkingHours(start: 3600 * random.below(12), end: 3600 * (12 + random.below(13)), workdays: workdays)!
        let request = StatsRequest(grouping: grouping, weekStart: 1 + random.below(7), hours: hours, focusSeconds: 900 * random.below(12))
        let stats = settlement.statistics(request)
        checkInvariants(stats)
        #expect(stats.periods.first?.start == settlement.days.first?.date && stats.periods.last?.end == settlement.days.last?.date)
        #expect(stats.total.busySeconds * 1000 <= settlement.days.reduce(0) { $0 + $1.busyMilliseconds })
        let slots = settlement.freeSlots(hours: hours, minimum: Int64(request.focusSeconds) * 1000)
        let focus = slots.reduce(Int64(0)) { $0 + $1.milliseconds }
        #expect(abs(Int64(stats.total.focusSeconds) * 1000 - focus) < 1000 * Int64(max(1, stats.periods.count)))
        #expect(stats.byPerson.allSatisfy { $0.address == $0.address.lowercased() && $0.address != "me@example.com" })
        #expect(stats.byCategory.allSatisfy { $0.busySeconds <= stats.total.busySeconds + stats.periods.count })
    }

    /// Every calendar of the corpora, over the nine weeks from the week of
    /// its first event, by week and by day: the invariants hold.
    @Test func figuresAddUpOnTheCorpora() throws {
        guard let corpora else {
            print("skipped: ../shared/corpora is absent")
            return
        }
        let walker = FileManager.default.enumerator(atPath: corpora.path)
        var files: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.lowercased().hasSuffix(".ics") || path.lowercased().hasSuffix(".json") { files.append(corpora.appendingPathComponent(path).path) }
        }
        var counted = 0
        for file in files.sorted() {
            let events = importPaths([file]).events
            guard let start = events.compactMap({ $0.start.instant }).min() else { continue }
            let first = LocalDate(daysSinceEpoch: start.seconds / 86_400 - 3)
            var options = SettleOptions(from: first, to: first.adding(days: 62), timeline: ZoneTimeline(base: Zone.named("Europe/Berlin")!))
            options.listDays = false
            options.allDayBusy = counted % 2 == 0
            let settler = Settler(options: options)
            for event in events { settler.add(event) }
            let settlement = settler.settle()
            for grouping in [StatsGrouping.week, .day] {
                checkInvariants(settlement.statistics(StatsRequest(grouping: grouping, hours: .standard, focusSeconds: 5400)))
            }
            counted += 1
        }
        #expect(counted > 200)
    }
}

/// A long window settled part by part gives what one settlement gives.
@Suite struct StatisticsPartTests {
    /// Ten weeks of series (daily, weekly, a multi-day one across the
    /// parts' edges), overlapping meetings, all-day events and a flight,
    /// counted by week, day and month: the same figures, periods and
    /// breakdowns either way.
    @Test(arguments: StatsGrouping.allCases)
    func partsAddUpToTheWhole(_ grouping: StatsGrouping) throws {
        let lines = event("daily", "20261005T093000", "20261005T101500", people("ann@example.com", "me@example.com") + ["RRULE:FREQ=DAILY;COUNT=50"])
            + event("weekly", "20261006T100000", "20261006T113000", people("bob@example.com", "me@example.com", "cy@example.com")
                    + ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH", "CATEGORIES:Work,Atlas"])
            + event("long", "20261028T150000", "20261104T120000", ["CATEGORIES:Travel"])
            + event("late", "20261030T220000", "20261031T020000", people())
            + vevent("holiday", ["DTSTART;VALUE=DATE:20261102", "DTEND;VALUE=DATE:20261104", "SUMMARY:Off"] + people())
            + event("tokyo", "20261110T100000", "20261110T120000", tzid: "Asia/Tokyo", people("dee@example.com", "me@example.com"))
        let configure: (inout SettleOptions) -> Void = { options in
            options.me = "me@example.com"
            options.allDayBusy = true
        }
        let travel = ["2026-11-08T22:00Z=Asia/Tokyo"]
        let whole = try settle(lines, from: "2026-10-03", to: "2026-12-11", travel: travel, configure: configure)
        let request = StatsRequest(grouping: grouping, weekStart: 3, hours: hours(), focusSeconds: 5400)
        var plan = TravelPlan()
        for change in travel { try plan.add(change) }
        var options = SettleOptions(from: day("2026-10-03")!, to: day("2026-12-11")!, timeline: plan.timeline(base: Zone.named("America/New_York")!))
        options.listDays = false
        configure(&options)
        let settler = Settler(options: options)
        for event in importText([("cal.ics", ics(lines))]).events { settler.add(event) }
        var builder = StatsBuilder(from: options.from, to: options.to, request: request, me: options.me)
        #expect(builder.parts.count > 1)
        #expect(builder.parts.allSatisfy { $0.upperBound.daysSinceEpoch - $0.lowerBound.daysSinceEpoch >= 27 || $0.upperBound == options.to })
        let timeline = settler.timeline()
        for part in builder.parts { builder.add(settler.settle(part: part.lowerBound, to: part.upperBound, timeline: timeline)) }
        let parted = builder.finished()
        let expected = whole.statistics(request)
        #expect(parted == expected)
        #expect(expected.total.meetings > 50 && !expected.byPerson.isEmpty)
        checkInvariants(parted)
    }

    /// Eight weeks in two parts (the cut between Sunday 1 and Monday 2
    /// November): a meeting across the cut, a weekly series from 2019 and
    /// a COUNT series from 2019 whose last instance falls in the first
    /// part, counted part by part as `stats` counts them, by hand.
    @Test func aMeetingAcrossTheCutAndSeriesFromYearsBefore() throws {
        let lines = event("cross", "20261101T220000", "20261102T020000", people("ann@example.com", "me@example.com"))
            + event("old", "20190107T100000", "20190107T110000", people("bob@example.com", "me@example.com") + ["RRULE:FREQ=WEEKLY;BYDAY=MO"])
            + event("counted", "20190102T140000", "20190102T150000", people("cy@example.com", "me@example.com") + ["RRULE:FREQ=WEEKLY;COUNT=407"])
        var options = SettleOptions(from: day("2026-10-05")!, to: day("2026-11-29")!, timeline: ZoneTimeline(base: Zone.named("America/New_York")!))
        options.listDays = false
        options.me = "me@example.com"
        let settler = Settler(options: options)
        for event in importText([("cal.ics", ics(lines))]).events { settler.add(event) }
        var builder = StatsBuilder(from: options.from, to: options.to, request: StatsRequest(hours: hours()), me: options.me)
        #expect(builder.parts == [day("2026-10-05")!...day("2026-11-01")!, day("2026-11-02")!...day("2026-11-29")!])
        let timeline = settler.timeline()
        for part in builder.parts { builder.add(settler.settle(part: part.lowerBound, to: part.upperBound, timeline: timeline)) }
        let stats = builder.finished()
        // Each week: the Monday meeting, the Wednesdays until 14 October, and two hours of the crossing one each side.
        #expect(stats.periods.map(\.figures.meetingSeconds) == [2, 2, 1, 3, 3, 1, 1, 1].map { $0 * hour })
        #expect(stats.periods.map(\.figures.meetings) == [2, 2, 1, 2, 1, 1, 1, 1])
        #expect(stats.periods.map(\.figures.recurringMeetingSeconds) == [2, 2, 1, 1, 1, 1, 1, 1].map { $0 * hour })
        #expect(stats.periods.map(\.figures.busySeconds) == [2, 2, 1, 3, 3, 1, 1, 1].map { $0 * hour })
        #expect(stats.periods.map(\.figures.afterHoursSeconds) == [0, 0, 0, 2, 2, 0, 0, 0].map { $0 * hour })
        #expect(stats.byPerson == [StatsPersonShare(address: "bob@example.com", meetingSeconds: 8 * hour, meetings: 8),
                                   StatsPersonShare(address: "ann@example.com", meetingSeconds: 4 * hour, meetings: 1),
                                   StatsPersonShare(address: "cy@example.com", meetingSeconds: 2 * hour, meetings: 2)])
        #expect(stats.byCategory == [StatsShare(name: "(none)", busySeconds: 14 * hour)])
        var whole = options
        let once = Settler(options: whole)
        for event in importText([("cal.ics", ics(lines))]).events { once.add(event) }
        #expect(stats == once.settle().statistics(StatsRequest(hours: hours())))
        checkInvariants(stats)
    }
}
