import Foundation
import EventModel
import Import
@testable import Settle
import TestSupport
import Testing

/// Settles calendar text over a window.
func settle(_ lines: [String], from: String, to: String, tz: String = "America/New_York",
            travel: [String] = [], configure: (inout SettleOptions) -> Void = { _ in }) throws -> Settlement {
    var plan = TravelPlan()
    for change in travel { try plan.add(change) }
    var options = SettleOptions(from: try #require(date(from)), to: try #require(date(to)),
                                timeline: plan.timeline(base: Zone(tzdb: tz)!))
    configure(&options)
    let settler = Settler(options: options)
    for event in importText([("cal.ics", ics(lines))]).events { settler.add(event) }
    return settler.settle()
}

func date(_ text: String) -> LocalDate? {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    return parts.count == 3 ? LocalDate(year: parts[0], month: parts[1], day: parts[2]) : nil
}

extension Settlement {
    var startsUTC: [String] { occurrences.map(\.startUTC.description) }
    /// The days with their entries listed.
    var listed: [LocalDay] { Array(listedDays) }
    func day(_ text: String) -> LocalDay { listedDays.first { $0.date.description == text }! }
}

/// One rule of docs/semantics.md sections 4 to 6 per test.
@Suite struct SettleRulesTests {
    // MARK: Section 3: wall clock, DST gap and overlap

    @Test func newYorkGapMovesForwardAndOverlapTakesTheFirst() throws {
        let gap = try settle(vevent("gap", ["DTSTART;TZID=America/New_York:20240309T023000", "DURATION:PT30M",
                                            "RRULE:FREQ=DAILY;COUNT=3", "SUMMARY:Gap"]), from: "2024-03-09", to: "2024-03-11")
        #expect(gap.startsUTC == ["2024-03-09T07:30:00Z", "2024-03-10T07:30:00Z", "2024-03-11T06:30:00Z"])
        #expect(gap.occurrences[1].occurrence.start.iso8601 == "2024-03-10T03:30:00-04:00")
        let overlap = try settle(vevent("o", ["DTSTART;TZID=America/New_York:20241102T013000", "DURATION:PT30M",
                                              "RRULE:FREQ=DAILY;COUNT=3", "SUMMARY:Overlap"]), from: "2024-11-02", to: "2024-11-04")
        #expect(overlap.startsUTC == ["2024-11-02T05:30:00Z", "2024-11-03T05:30:00Z", "2024-11-04T06:30:00Z"])
    }

    @Test func berlinGapAndOverlap() throws {
        let result = try settle(vevent("b", ["DTSTART;TZID=Europe/Berlin:20240330T023000", "DURATION:PT15M",
                                             "RRULE:FREQ=DAILY;COUNT=2"])
                                + vevent("c", ["DTSTART;TZID=Europe/Berlin:20241026T023000", "DURATION:PT15M",
                                               "RRULE:FREQ=DAILY;COUNT=2"]),
                                from: "2024-03-29", to: "2024-10-28", tz: "Europe/Berlin")
        #expect(result.startsUTC == ["2024-03-30T01:30:00Z", "2024-03-31T01:30:00Z",
                                     "2024-10-26T00:30:00Z", "2024-10-27T00:30:00Z"])
    }

    @Test func instancesKeepTheirWallClockAcrossDST() throws {
        let result = try settle(vevent("w", ["DTSTART;TZID=America/New_York:20241028T090000", "DURATION:PT1H",
                                             "RRULE:FREQ=WEEKLY;COUNT=2"]), from: "2024-10-01", to: "2024-11-30")
        #expect(result.startsUTC == ["2024-10-28T13:00:00Z", "2024-11-04T14:00:00Z"])
        #expect(result.occurrences.map(\.occurrence.start.iso8601) == ["2024-10-28T09:00:00-04:00", "2024-11-04T09:00:00-05:00"])
    }

    @Test func untilIsInclusiveAndComparedAsWallClockForFloatingStarts() throws {
        let result = try settle(vevent("f", ["DTSTART:20240101T090000", "DURATION:PT1H",
                                             "RRULE:FREQ=DAILY;UNTIL=20240103T090000Z"]), from: "2024-01-01", to: "2024-01-10")
        #expect(result.occurrences.map(\.occurrence.start.iso8601) == ["2024-01-01T09:00:00", "2024-01-02T09:00:00", "2024-01-03T09:00:00"])
    }

    /// On an all-day event only DURATION's whole days count, for a series'
    /// instances as for a single event: `PT48H` is two days, `P1DT12H` one.
    @Test func anAllDaySeriesCountsTheWholeDaysOfItsDuration() throws {
        let result = try settle(vevent("single", ["DTSTART;VALUE=DATE:20261102", "DURATION:PT48H", "SUMMARY:Single"])
                                + vevent("series", ["DTSTART;VALUE=DATE:20261109", "DURATION:PT48H",
                                                    "RRULE:FREQ=WEEKLY;COUNT=2", "SUMMARY:Series"])
                                + vevent("half", ["DTSTART;VALUE=DATE:20261103", "DURATION:P1DT12H",
                                                  "RRULE:FREQ=WEEKLY;COUNT=2", "SUMMARY:Half"]),
                                from: "2026-11-01", to: "2026-11-30")
        let spans = result.occurrences.map { "\($0.event.title) \($0.occurrence.start.iso8601)..\($0.occurrence.end.iso8601)" }
        #expect(spans == ["Single 2026-11-02..2026-11-04", "Half 2026-11-03..2026-11-04", "Series 2026-11-09..2026-11-11",
                          "Half 2026-11-10..2026-11-11", "Series 2026-11-16..2026-11-18"])
        // Under a day of hours is no whole day, for both; a negative
        // DURATION is repaired on reading (starting and ending at DTSTART),
        // for both.
        let short = try settle(vevent("hour", ["DTSTART;VALUE=DATE:20261104", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=1",
                                               "SUMMARY:Hour"])
                               + vevent("single-hour", ["DTSTART;VALUE=DATE:20261105", "DURATION:PT1H", "SUMMARY:Single hour"])
                               + vevent("back", ["DTSTART;VALUE=DATE:20261109", "DURATION:-PT48H", "RRULE:FREQ=WEEKLY;COUNT=1",
                                                 "SUMMARY:Back"])
                               + vevent("single-back", ["DTSTART;VALUE=DATE:20261110", "DURATION:-PT48H", "SUMMARY:Single back"]),
                               from: "2026-11-01", to: "2026-11-30")
        #expect(short.occurrences.map { "\($0.event.title) \($0.occurrence.start.iso8601)..\($0.occurrence.end.iso8601)" }
                == ["Hour 2026-11-04..2026-11-04", "Single hour 2026-11-05..2026-11-05",
                    "Back 2026-11-09..2026-11-10", "Single back 2026-11-10..2026-11-11"])
    }

    @Test func dateExdateRemovesTheWholeDayOfATimedSeries() throws {
        let result = try settle(vevent("x", ["DTSTART;TZID=America/New_York:20241104T230000", "DURATION:PT30M",
                                             "RRULE:FREQ=DAILY;COUNT=3", "EXDATE;VALUE=DATE:20241105"]),
                                from: "2024-11-01", to: "2024-11-10")
        #expect(result.occurrences.map(\.occurrence.start.iso8601) == ["2024-11-04T23:00:00-05:00", "2024-11-06T23:00:00-05:00"])
    }

    @Test func exdateInAnotherZoneComparesInstants() throws {
        let result = try settle(vevent("z", ["DTSTART;TZID=America/New_York:20241104T090000", "DURATION:PT30M",
                                             "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20241105T140000Z"]),
                                from: "2024-11-01", to: "2024-11-10")
        #expect(result.startsUTC == ["2024-11-04T14:00:00Z", "2024-11-06T14:00:00Z"])
    }

    @Test func rdatesWithTheirOwnZonesAndPeriods() throws {
        let result = try settle(vevent("r", ["DTSTART;TZID=America/New_York:20241104T090000", "DURATION:PT30M",
                                             "RDATE;TZID=Europe/Berlin:20241106T100000",
                                             "RDATE;VALUE=PERIOD:20241108T150000Z/20241108T170000Z"]),
                                from: "2024-11-01", to: "2024-11-10")
        #expect(result.startsUTC == ["2024-11-04T14:00:00Z", "2024-11-06T09:00:00Z", "2024-11-08T15:00:00Z"])
        #expect(result.occurrences[2].endUTC.description == "2024-11-08T17:00:00Z")
    }

    @Test func overridesCancellationsSequenceAndOrphans() throws {
        let lines = vevent("s", ["DTSTART;TZID=America/New_York:20241104T090000", "DURATION:PT1H", "SUMMARY:Sync",
                                 "RRULE:FREQ=DAILY;COUNT=4"])
            + vevent("s", ["RECURRENCE-ID;TZID=America/New_York:20241105T090000", "DTSTART;TZID=America/New_York:20241105T110000",
                           "DURATION:PT1H", "SUMMARY:Moved v1", "SEQUENCE:1"])
            + vevent("s", ["RECURRENCE-ID:20241105T140000Z", "DTSTART;TZID=America/New_York:20241105T120000",
                           "DURATION:PT1H", "SUMMARY:Moved v2", "SEQUENCE:2"])
            + vevent("s", ["RECURRENCE-ID;TZID=America/New_York:20241106T090000", "DTSTART;TZID=America/New_York:20241106T090000",
                           "DURATION:PT1H", "STATUS:CANCELLED"])
            + vevent("orphan", ["RECURRENCE-ID:20241107T150000Z", "DTSTART:20241107T150000Z", "DURATION:PT1H", "SUMMARY:Orphan"])
        let result = try settle(lines, from: "2024-11-01", to: "2024-11-10")
        #expect(result.occurrences.map(\.event.title) == ["Sync", "Moved v2", "Sync", "Orphan"])
        #expect(result.occurrences[1].occurrence.recurrenceID?.iso8601 == "2024-11-05T09:00:00-05:00")
    }

    @Test func anExdateOfTheMasterRemovesTheInstanceAndItsOverride() throws {
        let lines = vevent("s", ["DTSTART;TZID=America/New_York:20241104T090000", "DURATION:PT1H", "SUMMARY:Sync",
                                 "RRULE:FREQ=DAILY;COUNT=4", "EXDATE:20241105T140000Z", "EXDATE;VALUE=DATE:20241106"])
            + vevent("s", ["RECURRENCE-ID;TZID=America/New_York:20241105T090000", "DTSTART;TZID=America/New_York:20241105T110000",
                           "DURATION:PT1H", "SUMMARY:Moved"])
            + vevent("s", ["RECURRENCE-ID;TZID=America/New_York:20241106T090000", "DTSTART;TZID=America/New_York:20241106T100000",
                           "DURATION:PT1H", "SUMMARY:Moved too"])
            + vevent("s", ["RECURRENCE-ID;TZID=America/New_York:20241107T090000", "DTSTART;TZID=America/New_York:20241107T100000",
                           "DURATION:PT1H", "SUMMARY:Kept"])
        let result = try settle(lines, from: "2024-11-01", to: "2024-11-10")
        #expect(result.occurrences.map(\.event.title) == ["Sync", "Kept"])
        #expect(result.diagnostics.map { "\($0.severity) \($0.kind)" } == ["warning nothingToPlace", "warning nothingToPlace"])
    }

    @Test func thisAndFutureShiftsTheRest() throws {
        let lines = vevent("t", ["DTSTART;TZID=America/New_York:20241104T090000", "DURATION:PT1H", "SUMMARY:Early",
                                 "RRULE:FREQ=DAILY;COUNT=5"])
            + vevent("t", ["RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=America/New_York:20241106T090000",
                           "DTSTART;TZID=America/New_York:20241106T100000", "DURATION:PT30M", "SUMMARY:Later"])
        let result = try settle(lines, from: "2024-11-01", to: "2024-11-10")
        #expect(result.occurrences.map(\.event.title) == ["Early", "Early", "Later", "Later", "Later"])
        #expect(result.occurrences.map(\.occurrence.start.iso8601).suffix(2) == ["2024-11-07T10:00:00-05:00", "2024-11-08T10:00:00-05:00"])
        #expect(result.occurrences.last?.occurrence.end.iso8601 == "2024-11-08T10:30:00-05:00")
    }

    @Test func farWindowOfAnOldRuleAndYear9999() throws {
        let result = try settle(vevent("d", ["DTSTART:19700101T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY"]),
                                from: "9000-06-01", to: "9000-06-07", tz: "UTC")
        #expect(result.occurrences.count == 7)
        #expect(result.startsUTC.first == "9000-06-01T09:00:00Z")
        let end = try settle(vevent("y", ["DTSTART;VALUE=DATE:20000229", "RRULE:FREQ=YEARLY"]),
                             from: "9996-01-01", to: "9999-12-31", tz: "UTC")
        #expect(end.occurrences.map(\.occurrence.start.iso8601) == ["9996-02-29"])
    }

    @Test func absurdRulesAreCappedWithADiagnostic() throws {
        let result = try settle(vevent("s", ["DTSTART:20240101T000000Z", "RRULE:FREQ=SECONDLY"]),
                                from: "2024-01-01", to: "2024-03-01", tz: "UTC") { $0.instanceCap = 10_000 }
        #expect(result.occurrences.count <= 10_000)
        #expect(result.diagnostics.map(\.kind) == [.tooManyInstances])
    }

    // MARK: Section 4: local days and travel

    @Test func multiDayEventAcrossDSTHasParts() throws {
        let result = try settle(vevent("m", ["DTSTART;TZID=America/New_York:20241102T200000",
                                             "DTEND;TZID=America/New_York:20241104T080000", "SUMMARY:Retreat"]),
                                from: "2024-11-01", to: "2024-11-05")
        #expect(result.day("2024-11-03").lengthMilliseconds == 25 * 3_600_000)
        #expect(result.listed.map { $0.entries.map(\.part.rawValue) } == [[], ["first"], ["middle"], ["last"], []])
        #expect(result.day("2024-11-03").busyMilliseconds == 25 * 3_600_000)
        #expect(result.day("2024-11-02").busyMilliseconds == 4 * 3_600_000)
    }

    @Test func eastwardJumpSkipsADateWestwardRepeatsOne() throws {
        // Pago Pago (-11) to Kiritimati (+14) at 23:30 on Dec 5: Dec 6 never happens.
        let east = try settle([], from: "2026-12-05", to: "2026-12-07", tz: "Pacific/Pago_Pago",
                              travel: ["2026-12-05T23:30=Pacific/Kiritimati"])
        #expect(east.day("2026-12-06").intervals.isEmpty)
        #expect(east.day("2026-12-06").lengthMilliseconds == 0)
        #expect(east.day("2026-12-05").lengthMilliseconds == Int64(23.5 * 3_600_000))
        // Tokyo to New York at 10:00 on Dec 12 in Tokyo: Dec 11 comes back.
        let west = try settle([], from: "2026-12-10", to: "2026-12-13", tz: "Asia/Tokyo",
                              travel: ["2026-12-12T10:00=America/New_York"])
        #expect(west.day("2026-12-11").intervals.count == 2)
        #expect(west.day("2026-12-11").lengthMilliseconds == 28 * 3_600_000)
        #expect(west.day("2026-12-12").lengthMilliseconds == 34 * 3_600_000)
        #expect(west.day("2026-12-11").zones.map(\.id) == ["Asia/Tokyo", "America/New_York"])
    }

    @Test func tripNewYorkTokyoAndBack() throws {
        // A daily 08:00 floating alarm follows the traveller.
        let result = try settle(vevent("alarm", ["DTSTART:20261204T080000", "DURATION:PT15M", "RRULE:FREQ=DAILY;COUNT=12"]),
                                from: "2026-12-04", to: "2026-12-15",
                                travel: ["2026-12-06T07:50:00Z=Asia/Tokyo", "2026-12-12T10:00=America/New_York"])
        let utc = result.startsUTC
        #expect(utc[0] == "2026-12-04T13:00:00Z")   // New York
        #expect(utc[3] == "2026-12-06T23:00:00Z")   // Tokyo, Dec 7 08:00
        #expect(utc[8] == "2026-12-11T23:00:00Z")   // Tokyo, Dec 12 08:00
        #expect(utc[9] == "2026-12-13T13:00:00Z")   // back in New York
        // Dec 6 08:00 falls before landing and is read in New York.
        #expect(utc[2] == "2026-12-06T13:00:00Z")
    }

    @Test func flightMovesTheTimeline() throws {
        let lines = vevent("flight", ["DTSTART;TZID=America/New_York:20261205T130000", "DTEND;TZID=Asia/Tokyo:20261206T165000",
                                      "SUMMARY:NH 9"])
            + vevent("dinner", ["DTSTART:20261206T190000", "DURATION:PT2H", "SUMMARY:Dinner"])
        let result = try settle(lines, from: "2026-12-04", to: "2026-12-08") { $0.travelFromEvents = true }
        #expect(result.timeline.changes.map(\.zone.id) == ["Asia/Tokyo"])
        #expect(result.occurrences.first { $0.event.title == "Dinner" }?.startUTC.description == "2026-12-06T10:00:00Z")
        // The flight spans Dec 5 (New York) and Dec 6 (Tokyo).
        #expect(result.day("2026-12-05").entries.map(\.part) == [.first])
        #expect(result.day("2026-12-06").entries.first?.part == .last)
    }

    @Test func allDayByDateZeroLengthOnStartDayAndDayOrder() throws {
        let lines = vevent("a", ["DTSTART;VALUE=DATE:20241105", "DTEND;VALUE=DATE:20241107", "SUMMARY:Holiday"])
            + vevent("z", ["DTSTART;TZID=America/New_York:20241105T000000", "SUMMARY:Reminder"])
            + vevent("b", ["DTSTART;TZID=America/New_York:20241105T080000", "DURATION:PT1H", "SUMMARY:B"])
        let result = try settle(lines, from: "2024-11-05", to: "2024-11-06", tz: "Asia/Tokyo")
        let titles = result.listed.map { day in day.entries.map { result.occurrences[$0.occurrence].event.title } }
        // In Tokyo, 00:00 and 08:00 in New York are 14:00 and 22:00 on the same date.
        #expect(titles == [["Holiday", "Reminder", "B"], ["Holiday"]])
    }

    // MARK: Section 5: busy time

    @Test func busyIsTheUnionOfOpaqueTimedOccurrences() throws {
        let lines = vevent("1", ["DTSTART:20241105T150000Z", "DURATION:PT1H"])
            + vevent("2", ["DTSTART:20241105T153000Z", "DURATION:PT1H"])
            + vevent("free", ["DTSTART:20241105T180000Z", "DURATION:PT1H", "TRANSP:TRANSPARENT"])
            + vevent("gone", ["DTSTART:20241105T190000Z", "DURATION:PT1H", "STATUS:CANCELLED"])
            + vevent("no", ["DTSTART:20241105T200000Z", "DURATION:PT1H",
                            "ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.com"])
            + vevent("allday", ["DTSTART;VALUE=DATE:20241105", "SUMMARY:Off"])
        let plain = try settle(lines, from: "2024-11-05", to: "2024-11-05")
        #expect(plain.days[0].busyMilliseconds == 9_000_000)  // 1.5 h of overlap union, 1 h declined but no --me
        let mine = try settle(lines, from: "2024-11-05", to: "2024-11-05") { $0.me = "ME@example.com" }
        #expect(mine.days[0].busyMilliseconds == 5_400_000)
        let allDay = try settle(lines, from: "2024-11-05", to: "2024-11-05") { $0.allDayBusy = true }
        #expect(allDay.days[0].busyMilliseconds == allDay.days[0].lengthMilliseconds)
        #expect(plain.days[0].busyRatio == 9_000_000.0 / 86_400_000.0)
    }

    /// Without day summaries (a list of occurrences shows no day), the
    /// occurrences are the same, and days carry no count or busy time.
    @Test func occurrencesAreTheSameWithoutDaySummaries() throws {
        let lines = vevent("daily", ["SUMMARY:Daily", "DTSTART:20261101T090000Z", "DURATION:PT2H", "RRULE:FREQ=DAILY"])
            + vevent("trip", ["SUMMARY:Trip", "DTSTART;VALUE=DATE:20261105", "DTEND;VALUE=DATE:20261108"])
            + vevent("night", ["SUMMARY:Night", "DTSTART:20261110T220000Z", "DTEND:20261111T070000Z"])
        let summarized = try settle(lines, from: "2026-11-01", to: "2026-11-30")
        let bare = try settle(lines, from: "2026-11-01", to: "2026-11-30") {
            $0.summarizeDays = false
            $0.listDays = false
        }
        #expect(bare.occurrences.map { "\($0.event.uid) \($0.startUTC) \($0.endUTC) \($0.firstDate)" }
                == summarized.occurrences.map { "\($0.event.uid) \($0.startUTC) \($0.endUTC) \($0.firstDate)" })
        #expect(summarized.occurrences.count == 32)
        #expect(summarized.days.contains { $0.eventCount > 0 && $0.busyMilliseconds > 0 })
        #expect(bare.days.count == summarized.days.count)
        #expect(bare.days.allSatisfy { $0.eventCount == 0 && $0.busyMilliseconds == 0 })
        // Day lists need the counts: with them, days are summarized anyway.
        let listed = try settle(lines, from: "2026-11-01", to: "2026-11-30") {
            $0.summarizeDays = false
            $0.listDays = true
        }
        #expect(listed.days.map(\.eventCount) == summarized.days.map(\.eventCount))
        #expect(listed.days.map(\.busyMilliseconds) == summarized.days.map(\.busyMilliseconds))
    }

    /// Whether an occurrence lands in the window is answered the quick way
    /// without day summaries (one comparison with the window's span when
    /// the days touch end to end): at the window's edges, with a skipped
    /// date (Samoa, 2011-12-30) and with travel, the same occurrences as
    /// with days counted.
    @Test(arguments: [
        ("Pacific/Apia", "2011-12-29", "2011-12-31", [String]()),
        ("America/New_York", "2026-11-01", "2026-11-03", []),
        ("Europe/Berlin", "2026-11-01", "2026-11-03", ["2026-11-02T06:00=Asia/Tokyo"]),
        ("Asia/Tokyo", "2026-11-01", "2026-11-03", ["2026-11-02T06:00=America/Los_Angeles"]),
    ])
    func landingWithoutDaySummariesIsLandingOnADay(zone: String, from: String, to: String, travel: [String]) throws {
        // Every hour from two days before the window to two after, lasting
        // 0, 30 minutes, 1 hour or 26 hours; and all-day events about the edges.
        var lines: [String] = []
        let first = try #require(date(from)).adding(days: -2)
        for hour in 0..<(24 * 7) {
            let day = first.adding(days: hour / 24)
            let stamp = String(format: "%04d%02d%02dT%02d0000Z", day.year, day.month, day.day, hour % 24)
            let length = ["PT0S", "PT30M", "PT1H", "PT26H"][hour % 4]
            lines += vevent("h\(hour)", ["SUMMARY:H\(hour)", "DTSTART:\(stamp)", "DURATION:\(length)"])
        }
        for offset in -2...4 {
            let day = first.adding(days: offset + 2)
            let stamp = String(format: "%04d%02d%02d", day.year, day.month, day.day)
            lines += vevent("d\(offset)", ["SUMMARY:D\(offset)", "DTSTART;VALUE=DATE:\(stamp)", "DURATION:P1D"])
        }
        let counted = try settle(lines, from: from, to: to, tz: zone, travel: travel)
        let bare = try settle(lines, from: from, to: to, tz: zone, travel: travel) {
            $0.summarizeDays = false
            $0.listDays = false
        }
        #expect(bare.occurrences.map(\.event.uid) == counted.occurrences.map(\.event.uid))
        // Some begin and end outside the window.
        #expect(counted.occurrences.count > 40 && counted.occurrences.count < 24 * 7)
    }

    /// A chunk lends one series' room for starts to the next
    /// (`Series.Scratch`): a long series, then short ones with RDATEs, then
    /// one past the room kept, each gives what it gives alone.
    @Test func seriesExpandedOneAfterAnotherGiveWhatEachGivesAlone() throws {
        let lower = local("20200101T000000").secondsSinceEpoch, upper = local("20360101T000000").secondsSinceEpoch
        let masters = [
            try master(start: startTime("20200101T090000", tzid: "America/New_York"), rrule: "FREQ=DAILY"),
            try master(start: startTime("20260301T100000Z"), rrule: "FREQ=WEEKLY;COUNT=3",
                       rdates: [startTime("20260305T080000Z"), startTime("20200102T080000Z")]),
            try master(start: startTime("20200101T000000Z"), rrule: "FREQ=HOURLY;COUNT=9000"),
            try master(start: startTime("20300601"), rrule: "FREQ=MONTHLY;BYMONTHDAY=1,15"),
        ]
        var scratch = Series.Scratch()
        for event in masters + masters.reversed() {
            var series = Series()
            series.add(event, order: 0)
            var generated = 0, alone = 0
            let shared = series.occurrences(lower: lower, upper: upper, cap: 100_000, limit: 100_000, generated: &generated,
                                            scratch: &scratch) { _ in }
            let fresh = series.occurrences(lower: lower, upper: upper, cap: 100_000, limit: 100_000, generated: &alone) { _ in }
            let sameStarts = shared.map(\.start) == fresh.map(\.start), sameEnds = shared.map(\.end) == fresh.map(\.end)
            #expect(sameStarts && sameEnds, "\(event.recurrence.rules): \(shared.count) against \(fresh.count) alone")
            #expect(generated == alone)
            #expect(!shared.isEmpty)
        }
    }
}
