import EventModel
import Import
@testable import Settle
import TestSupport
import Testing

/// The work budget (README, "Work budget"): hostile inputs from issue 11,
/// checked by counts and diagnostics, never by time. Budgets are made
/// small here so that the debug build stays quick; the numbers themselves
/// are checked once.
@Suite struct WorkBudgetTests {
    /// Each day's event count and busy seconds worked out the slow way,
    /// day by day, from the settled occurrences: what placement on the
    /// day grid must agree with.
    func checkAgainstDayByDay(_ result: Settlement) {
        for day in result.days {
            let on = result.occurrences.filter { o in
                if o.isAllDay || o.startUTC == o.endUTC {
                    return o.firstDate <= day.date && day.date <= (o.isAllDay ? o.lastDate : o.firstDate)
                }
                return day.intervals.contains { $0.lowerBound < o.endUTC && o.startUTC < $0.upperBound }
            }
            #expect(day.eventCount == on.count, "\(day.date)")
            var pieces: [Range<Instant>] = []
            for o in on where o.busy {
                for interval in day.intervals {
                    let low = o.isAllDay ? interval.lowerBound : max(o.startUTC, interval.lowerBound)
                    let high = o.isAllDay ? interval.upperBound : min(o.endUTC, interval.upperBound)
                    if low < high { pieces.append(low..<high) }
                }
            }
            #expect(day.busyIntervals == Settler.union(pieces), "\(day.date)")
        }
    }

    @Test func budgetNumbers() {
        #expect(WorkBudget.instances(days: 1) == 102_000)
        #expect(WorkBudget.instances(days: 365) == 830_000)
        #expect(WorkBudget.instances(days: 100_000) == 1_000_000)
        #expect(WorkBudget.entries(days: 365) == 250_000)
        #expect(WorkBudget.entries(days: 31) == 115_500)
        #expect(WorkBudget.entries(days: 100_000) == 250_000)
    }

    /// A few series are expanded in one pass while their instances stay
    /// within the budget, and in two (counted, then shared) past it: both
    /// must give what the two passes alone give, at every budget from none
    /// to more than enough, cuts and warnings included. Series that are not
    /// let go (`releasing` off, each part of `stats`) take the one pass
    /// however many they are.
    @Test func onePassForFewSeriesGivesWhatTwoPassesGive() throws {
        var lines: [String] = []
        for (index, rule) in ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=HOURLY;INTERVAL=5;COUNT=400",
                              "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=MINUTELY;INTERVAL=90"].enumerated() {
            lines += vevent("s\(index)", ["SUMMARY:Series \(index)", "DTSTART:20260\(index + 1)02T090000Z", "DURATION:PT1H",
                                              "RRULE:\(rule)"])
        }
        lines += vevent("s1", ["SUMMARY:Moved", "RECURRENCE-ID:20260204T090000Z", "DTSTART:20260204T150000Z", "DURATION:PT1H"])
        lines += vevent("single", ["SUMMARY:Once", "DTSTART:20260310T120000Z", "DURATION:PT2H"])
        let events = importText([("cal.ics", ics(lines))]).events
        func expanded(budget: Int, heldSeriesLimit: Int, releasing: Bool = true) throws -> [String] {
            var options = SettleOptions(from: try #require(date("2026-01-01")), to: try #require(date("2026-06-30")),
                                        timeline: ZoneTimeline(base: .utc))
            options.instanceBudget = budget
            var intake = Intake(options: options)
            for event in events { intake.add(event) }
            let window = ExpansionWindow(options)
            var series = intake.allSeries
            let days = DayGrid.days(from: options.from, to: options.to, timeline: options.timeline)
            let placer = Placer(grid: DayGrid(days: days), timeline: options.timeline, options: options)
            let (parts, diagnostics) = Expansion.run(singles: intake.singleOccurrences(), series: &series, releasing: releasing,
                                                     window: window, placer: placer, heldSeriesLimit: heldSeriesLimit)
            let whole = DayBuckets.merge(parts, days: window.dayCount)
            return whole.placed.map { "\($0.event.title) \($0.startUTC)" } + (diagnostics + whole.diagnostics).map(\.description)
        }
        var cut = 0
        for budget in [0, 1, 5, 100, 180, 181, 182, 500, 1_000, 2_000, 2_600, 2_700, 2_800, 3_000, 5_000, 100_000] {
            let twoPasses = try expanded(budget: budget, heldSeriesLimit: 0)
            #expect(try expanded(budget: budget, heldSeriesLimit: Expansion.heldSeriesLimit) == twoPasses, "budget \(budget)")
            #expect(try expanded(budget: budget, heldSeriesLimit: 0, releasing: false) == twoPasses, "held, budget \(budget)")
            if twoPasses.contains(where: { $0.contains("work budget") }) { cut += 1 }
        }
        #expect(cut > 3 && cut < 14)  // budgets on both sides of what the series generate
    }

    @Test func weeklyTrashDayWithATypoInDTEND() throws {
        // A real export: DTEND twenty years after DTSTART, every week.
        let lines = vevent("trash", ["SUMMARY:Weekly Trash Day", "DTSTART;VALUE=DATE:20020804",
                                     "DTEND;VALUE=DATE:20220805", "RRULE:FREQ=WEEKLY"])
        let result = try settle(lines, from: "2026-01-01", to: "2026-03-31", tz: "UTC") { $0.allDayBusy = true }
        #expect(result.occurrences.count > 300)
        #expect(result.diagnostics.isEmpty)
        checkAgainstDayByDay(result)
        #expect(result.listed.allSatisfy { $0.entries.count == $0.eventCount && $0.eventsListed })
        #expect(result.day("2026-02-01").busyMilliseconds == 86_400_000)
    }

    @Test func listsPastTheEntryBudgetAreCutAndNamed() throws {
        // DTSTART in 1582: more than 22,000 instances, each over four centuries long.
        let lines = vevent("trash", ["SUMMARY:Weekly Trash Day", "DTSTART;VALUE=DATE:15820804",
                                     "DTEND;VALUE=DATE:20220805", "RRULE:FREQ=WEEKLY"])
        let result = try settle(lines, from: "2026-01-01", to: "2026-01-10", tz: "UTC") {
            $0.instanceCap = 30_000
            $0.instanceBudget = 30_000
            $0.entryBudget = 50_000
        }
        #expect(result.diagnostics.map(\.kind) == [.workBudget])
        let message = try #require(result.diagnostics.first?.message)
        #expect(message.contains("uid trash") && message.contains("cal.ics:"))
        // Lists stop at a whole day; counts do not.
        let days = result.listed
        let listed = days.map(\.entries.count).reduce(0, +)
        #expect(listed <= 50_000 && listed > 0)
        #expect(days.last!.entries.isEmpty && !days.last!.eventsListed)
        #expect(days.allSatisfy { $0.eventCount > 22_000 })
        #expect(days[0].entries.count == days[0].eventCount && days[0].eventsListed)
        // The settlement's own days list nothing: lists are made as they are walked.
        #expect(result.days.allSatisfy { $0.entries.isEmpty })
    }

    /// The cut lists' warning sums each event's days over its series, its
    /// overrides included (one UID), and names it by the occurrence listed
    /// first: here the override that moved the first instance earlier.
    @Test func listsCutNameEachEventByItsFirstListedOccurrence() throws {
        let lines = vevent("a", ["SUMMARY:A", "DTSTART:20260101T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY"])
            + vevent("a", ["SUMMARY:Early A", "RECURRENCE-ID:20260101T090000Z", "DTSTART:20260101T080000Z", "DURATION:PT1H"])
            + vevent("b", ["SUMMARY:B", "DTSTART:20260101T100000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY"])
            + vevent("c", ["SUMMARY:C", "DTSTART:20260102T120000Z", "DURATION:PT1H"])
        let result = try settle(lines, from: "2026-01-01", to: "2026-01-10", tz: "UTC") { $0.entryBudget = 12 }
        let warning = try #require(result.diagnostics.first { $0.kind == .workBudget })
        #expect(warning.message.contains("would list 21 events in all, more than 12"))
        #expect(warning.message.contains(#"listed most: "Early A" (uid a, "#))
        #expect(warning.message.contains(#"cal.ics:10): 10 days; "B" (uid b, "#))
        #expect(warning.message.hasSuffix(#"cal.ics:17): 10 days; "C" (uid c, "# + warning.source.file + ":24): 1 days"))
        #expect(warning.source.line == 10)
    }

    @Test func aYearLongEventEveryMinute() throws {
        let lines = vevent("minutely", ["SUMMARY:Every minute", "DTSTART:20260101T000000Z",
                                        "DTEND:20270101T000000Z", "RRULE:FREQ=MINUTELY"])
        let result = try settle(lines, from: "2026-01-01", to: "2026-12-31", tz: "UTC") {
            $0.instanceCap = 3_000
            $0.entryBudget = 100_000
        }
        #expect(Set(result.diagnostics.map(\.kind)) == [.tooManyInstances, .workBudget])
        #expect(result.occurrences.count == 3_000)
        #expect(result.day("2026-12-31").eventCount == 3_000)
        #expect(result.day("2026-12-31").busyMilliseconds == 86_400_000)
        #expect(result.listed.map(\.entries.count).reduce(0, +) <= 100_000)
    }

    @Test func aDurationOfNearlyTwoMillionYears() throws {
        let lines = vevent("weeks", ["SUMMARY:Long", "DTSTART:20200106T090000Z", "DURATION:P99999999W", "RRULE:FREQ=WEEKLY"])
        let result = try settle(lines, from: "2026-01-01", to: "2026-01-31", tz: "UTC")
        #expect(result.occurrences.count == 313 + 5 - 1)  // weekly from 2020-01-06 to 2026-01-26
        #expect(result.day("2026-01-31").eventCount == result.occurrences.count)
        checkAgainstDayByDay(result)
        // Issue 11, cause 6: the ends (year 1,918,554) are clamped, with one warning.
        #expect(result.diagnostics.map(\.kind) == [.dateOutOfRange])
        #expect(result.diagnostics.first?.message.contains("uid weeks") == true)
        #expect(result.occurrences.allSatisfy { $0.occurrence.end.iso8601 == "9999-12-31T23:59:59Z" })
        #expect(result.occurrences.allSatisfy { $0.endUTC == Instant.latest })
        let allDay = try settle(vevent("days", ["SUMMARY:Long", "DTSTART;VALUE=DATE:20200106", "DURATION:P99999999W",
                                                "RRULE:FREQ=WEEKLY"]), from: "2026-01-01", to: "2026-01-07")
        #expect(allDay.diagnostics.map(\.kind) == [.dateOutOfRange])
        #expect(allDay.occurrences.allSatisfy { $0.occurrence.end.iso8601 == "9999-12-31" })
        let zoned = try settle(vevent("zoned", ["SUMMARY:Long", "DTSTART;TZID=Asia/Tokyo:20200106T090000", "DURATION:P99999999W"]),
                               from: "2026-01-01", to: "2026-01-07")
        #expect(zoned.occurrences.map(\.occurrence.end.iso8601) == ["9999-12-31T23:59:59+09:00"])
    }

    @Test func fourHundredEventsOfTwoHundredYearsOverAWideWindow() throws {
        var lines: [String] = []
        for index in 1...400 {
            lines += vevent("long-\(index)", ["SUMMARY:Long \(index)", "DTSTART:19000101T090000Z", "DTEND:21000101T090000Z"])
        }
        let result = try settle(lines, from: "1901-01-01", to: "2099-12-31", tz: "Europe/Berlin") { $0.keepOccurrences = false }
        #expect(result.days.count == 72_684)
        #expect(result.diagnostics.isEmpty)
        #expect(result.days.allSatisfy { $0.eventCount == 400 && $0.busyMilliseconds == $0.lengthMilliseconds })
        #expect(result.day("2026-03-29").lengthMilliseconds == 23 * 3_600_000)
    }

    @Test func sixtyEventsEverySecondShareOneBudget() throws {
        var lines: [String] = []
        for index in 1...60 {
            lines += vevent("second-\(index)", ["SUMMARY:Second \(index)", "DTSTART:20260101T000000Z",
                                                "DTEND:20260101T000001Z", "RRULE:FREQ=SECONDLY"])
        }
        let run = {
            try settle(lines, from: "2026-06-01", to: "2026-06-01", tz: "UTC") {
                $0.instanceCap = 5_000
                $0.instanceBudget = 6_000
            }
        }
        let result = try run()
        let budget = result.diagnostics.filter { $0.kind == .workBudget }
        #expect(budget.count == 1)
        #expect(budget.first?.message.contains("59 events keep fewer instances or none") == true)
        #expect(budget.first?.message.contains("uid second-1,") == true)  // the heaviest
        // Cut instances are those furthest from the window: nearly all land on its day.
        #expect(result.occurrences.count <= 6_000 && result.occurrences.count > 5_900)
        #expect(result.days[0].eventCount == result.occurrences.count)
        // The same cut whatever the timing of the two cores.
        #expect(try run().startsUTC == result.startsUTC)
    }

    @Test func travelDaysAgreeWithDayByDay() throws {
        // A repeated date (flying west across midnight) and a skipped one (east across the date line).
        var lines: [String] = []
        lines += vevent("long", ["SUMMARY:Long", "DTSTART:20261201T120000Z", "DTEND:20261215T120000Z"])
        lines += vevent("day", ["SUMMARY:Daily", "DTSTART;TZID=Asia/Tokyo:20261201T230000", "DURATION:PT3H", "RRULE:FREQ=DAILY"])
        lines += vevent("all", ["SUMMARY:All day", "DTSTART;VALUE=DATE:20261204", "DTEND;VALUE=DATE:20261209"])
        let result = try settle(lines, from: "2026-12-01", to: "2026-12-14", tz: "America/New_York",
                                travel: ["2026-12-05T02:00:00Z=Asia/Tokyo", "2026-12-09T12:00:00Z=America/Los_Angeles"]) { $0.allDayBusy = true }
        checkAgainstDayByDay(result)
    }

    @Test(arguments: ["SECONDLY", "MINUTELY", "HOURLY"])
    func aCountThatBySetPosNeverFills(_ frequency: String) throws {
        // Each period has one candidate: BYSETPOS=2 never picks anything.
        // COUNT counts from DTSTART, 26 years before the window.
        let lines = vevent("setpos", ["SUMMARY:Never", "DTSTART:20000101T000000Z", "DTEND:20000101T000001Z",
                                      "RRULE:FREQ=\(frequency);COUNT=5;BYSETPOS=2"])
        let result = try settle(lines, from: "2026-06-01", to: "2026-06-01", tz: "UTC")
        #expect(result.occurrences.isEmpty)
        #expect(result.diagnostics.map(\.kind) == [.workBudget])
        #expect(result.diagnostics.first?.message.contains("uid setpos") == true)
    }

    @Test func rareButRealRulesAreNotCutShort() throws {
        // 29 February on a Monday: every 28 years or so, found by a daily and a minutely rule.
        let daily = try settle(vevent("rare", ["SUMMARY:Rare", "DTSTART:19000101T090000Z",
                                               "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;COUNT=4"]),
                               from: "1990-01-01", to: "1990-01-01", tz: "UTC")
        #expect(daily.diagnostics.isEmpty)
        let minutely = try settle(vevent("rare", ["SUMMARY:Rare", "DTSTART:19000101T090000Z",
                                                  "RRULE:FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;BYHOUR=9;BYMINUTE=0"]),
                                  from: "2016-02-29", to: "2016-02-29", tz: "UTC")
        #expect(minutely.diagnostics.isEmpty)
        #expect(minutely.startsUTC == ["2016-02-29T09:00:00Z"])
    }
}
