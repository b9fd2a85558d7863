import EventModel
import FreeBusy
import Settle
@testable import Statistics
import TestSupport
import Testing

/// Hand-computed figures of docs/stats.md: a viewer in New York, working
/// 09:00–17:00 Monday to Friday, focus blocks of two hours, weeks from
/// Monday. Week 48 of 2026 is Monday 23 to Sunday 29 November.
@Suite struct StatisticsFigureTests {
    let request = StatsRequest(grouping: .week, weekStart: 1, hours: hours(), focusSeconds: 2 * 3600)

    /// Two meetings overlap: their time is the union, 10:00–12:00, not the
    /// sum, and the half hour both hold is double-booked. Monday's free
    /// time is 09–10 (one hour: fragmented), 12–14 and 14:30–17 (focus).
    @Test func overlappingMeetingsCountAsTheirUnion() throws {
        let settlement = try settle(event("a", "20261123T100000", "20261123T110000", people("ann@example.com", "bob@example.com"))
                                    + event("b", "20261123T103000", "20261123T120000", people("bob@example.com", "cy@example.com"))
                                    + event("c", "20261123T140000", "20261123T143000"),
                                    from: "2026-11-23", to: "2026-11-29")
        let stats = settlement.statistics(request)
        #expect(stats.periods.count == 1 && stats.periods[0].partial == false)
        #expect(figures(stats.periods[0].figures) == [
            "busy": 9000, "working": 40 * hour, "busyWorking": 9000, "afterHours": 0,
            "focus": 2 * hour + 9000 + 4 * 8 * hour, "fragmented": hour, "meeting": 2 * hour, "recurring": 0,
            "meetings": 2, "conflict": 1800, "meetingFree": 4,
        ])
        #expect(stats.total == stats.periods[0].figures)
        #expect(stats.byCalendar == [StatsShare(name: "cal", busySeconds: 9000)])
        #expect(stats.byCategory == [StatsShare(name: "(none)", busySeconds: 9000)])
        #expect(stats.byPerson.isEmpty)  // no --me: no people
        checkInvariants(stats)
    }

    /// A meeting from Sunday 22:00 to Monday 10:00 crosses midnight and the
    /// end of week 48: two hours (after hours) in it, ten in week 49 (one
    /// of them working time); it starts, and counts, in week 48. A call
    /// from 16:00 to 18:30 on Tuesday is one working hour and 90 minutes
    /// after hours.
    @Test func busyTimeAcrossMidnightWorkingHoursAndAPeriodsEnd() throws {
        let settlement = try settle(event("night", "20261129T220000", "20261130T100000", people())
                                    + event("late", "20261124T160000", "20261124T183000"),
                                    from: "2026-11-23", to: "2026-12-06")
        let stats = settlement.statistics(request)
        #expect(stats.periods.map(\.start.description) == ["2026-11-23", "2026-11-30"])
        #expect(figures(stats.periods[0].figures) == [
            "busy": 4 * hour + 1800, "working": 40 * hour, "busyWorking": hour, "afterHours": 3 * hour + 1800,
            "focus": 39 * hour, "fragmented": 0, "meeting": 2 * hour, "recurring": 0, "meetings": 1, "conflict": 0,
            "meetingFree": 5,
        ])
        #expect(figures(stats.periods[1].figures) == [
            "busy": 10 * hour, "working": 40 * hour, "busyWorking": hour, "afterHours": 9 * hour,
            "focus": 39 * hour, "fragmented": 0, "meeting": 10 * hour, "recurring": 0, "meetings": 0, "conflict": 0,
            "meetingFree": 4,
        ])
        checkInvariants(stats)
    }

    /// New York springs forward on Sunday 8 March 2026 and falls back on
    /// Sunday 1 November: a week of whole days is 167 and 169 hours; an
    /// event from 01:00 to 04:00 on the spring day lasts two hours, one
    /// from 01:00 to 03:00 on the autumn day three (01:00 is the first,
    /// EDT). Working days of 09:00–17:00 stay eight hours.
    @Test func springAndAutumnDSTWeeks() throws {
        let allDay = StatsRequest(grouping: .week, weekStart: 1, hours: hours("00:00-24:00", days: Set(1...7)), focusSeconds: 7200)
        let spring = try settle(event("s", "20260308T010000", "20260308T040000"), from: "2026-03-02", to: "2026-03-08")
        #expect(spring.statistics(allDay).total.workingSeconds == 167 * hour)
        #expect(spring.statistics(allDay).total.busySeconds == 2 * hour)
        #expect(spring.statistics(request).total.workingSeconds == 40 * hour)
        #expect(spring.statistics(request).total.afterHoursSeconds == 2 * hour)
        let autumn = try settle(event("a", "20261101T010000", "20261101T030000"), from: "2026-10-26", to: "2026-11-01")
        #expect(autumn.statistics(allDay).total.workingSeconds == 169 * hour)
        #expect(autumn.statistics(allDay).total.busySeconds == 3 * hour)
        // Focus on the whole autumn Sunday: 01:00 (EDT) is the start of busy time; before it one hour, after it 21.
        #expect(autumn.statistics(allDay).periods[0].figures.focusSeconds == 6 * 24 * hour + 21 * hour)
        #expect(autumn.statistics(allDay).periods[0].figures.fragmentedSeconds == hour)
        checkInvariants(spring.statistics(allDay))
        checkInvariants(autumn.statistics(allDay))
    }

    /// Rooms and resources are booked, not met: an organizer with a room
    /// and a projector is no meeting; an organizer also listed as an
    /// attendee (any case) counts once; an individual makes it one.
    @Test func roomsAndResourcesDoNotMakeAMeeting() throws {
        let settlement = try settle(
            event("room", "20261123T100000", "20261123T110000", ["ORGANIZER:mailto:me@example.com",
                                                                "ATTENDEE;CUTYPE=ROOM:mailto:room-1@example.com",
                                                                "ATTENDEE;CUTYPE=resource:mailto:projector@example.com"])
            + event("self", "20261124T100000", "20261124T110000", ["ORGANIZER:mailto:Me@Example.com", "ATTENDEE:mailto:me@example.com"])
            + event("met", "20261125T100000", "20261125T110000", ["ORGANIZER:mailto:me@example.com",
                                                               "ATTENDEE;CUTYPE=INDIVIDUAL:mailto:ann@example.com"]),
            from: "2026-11-23", to: "2026-11-29")
        let total = settlement.statistics(request).total
        #expect(total.busySeconds == 3 * hour)
        #expect(total.meetingSeconds == hour && total.meetings == 1 && total.meetingFreeDays == 4)
    }

    /// Working from New York, then flying to Tokyo at 22:00Z on Wednesday 2
    /// December: Thursday and Friday are 09:00–17:00 in Tokyo. A Tokyo
    /// meeting at 10:00 on Thursday is working time; a New York one at
    /// 10:00 the same day is 00:00–01:00 on Friday in Tokyo, after hours.
    /// The week is cut by the window: partial.
    @Test func aTravellersWorkingHoursMoveWithThem() throws {
        let settlement = try settle(event("tokyo", "20261203T100000", "20261203T110000", tzid: "Asia/Tokyo")
                                    + event("ny", "20261203T100000", "20261203T110000"),
                                    from: "2026-11-30", to: "2026-12-04", travel: ["2026-12-02T22:00Z=Asia/Tokyo"])
        let stats = settlement.statistics(request)
        #expect(stats.periods.count == 1 && stats.periods[0].partial)
        #expect(figures(stats.total) == [
            "busy": 2 * hour, "working": 40 * hour, "busyWorking": hour, "afterHours": hour,
            "focus": 38 * hour, "fragmented": hour, "meeting": 0, "recurring": 0, "meetings": 0, "conflict": 0,
            "meetingFree": 5,
        ])
    }

    /// An all-day meeting on Wednesday is free time unless all-day events
    /// are busy; then it is 24 hours of busy and meeting time, eight of
    /// them working time.
    @Test func allDayEventsAreBusyOnlyWhenAsked() throws {
        let lines = vevent("offsite", ["DTSTART;VALUE=DATE:20261125", "SUMMARY:Offsite"] + people())
        let free = try settle(lines, from: "2026-11-23", to: "2026-11-29").statistics(request).total
        #expect(free.busySeconds == 0 && free.meetingSeconds == 0 && free.meetings == 0 && free.meetingFreeDays == 5)
        let busy = try settle(lines, from: "2026-11-23", to: "2026-11-29") { $0.allDayBusy = true }.statistics(request).total
        #expect(figures(busy) == [
            "busy": 24 * hour, "working": 40 * hour, "busyWorking": 8 * hour, "afterHours": 16 * hour,
            "focus": 32 * hour, "fragmented": 0, "meeting": 24 * hour, "recurring": 0, "meetings": 1, "conflict": 0,
            "meetingFree": 4,
        ])
    }

    /// A meeting `--me` declined is neither busy nor a meeting, nor time
    /// with its people; the viewer is never among the people met.
    @Test func declinedMeetingsWithMe() throws {
        let lines = event("declined", "20261123T100000", "20261123T110000",
                          ["ORGANIZER:mailto:boss@example.com", "ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.com"])
            + event("kept", "20261124T100000", "20261124T113000",
                    ["ORGANIZER:mailto:Ann@Example.com", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.com",
                     "ATTENDEE:mailto:boss@example.com"])
        let withMe = try settle(lines, from: "2026-11-23", to: "2026-11-29") { $0.me = "me@example.com" }.statistics(request)
        #expect(withMe.total.busySeconds == 5400 && withMe.total.meetingSeconds == 5400 && withMe.total.meetings == 1)
        #expect(withMe.byPerson == [StatsPersonShare(address: "ann@example.com", meetingSeconds: 5400, meetings: 1),
                                    StatsPersonShare(address: "boss@example.com", meetingSeconds: 5400, meetings: 1)])
        let without = try settle(lines, from: "2026-11-23", to: "2026-11-29").statistics(request)
        #expect(without.total.busySeconds == 5400 + hour && without.total.meetings == 2)
        #expect(without.byPerson.isEmpty)
    }

    /// An event in two categories counts in each; the breakdowns' parts
    /// may add up to more than the busy time, each one a union; calendars
    /// are the files' names.
    @Test func anEventInTwoCategories() throws {
        let work = ics(event("both", "20261123T100000", "20261123T110000", ["CATEGORIES:Work,Project X"])
                       + event("work", "20261123T103000", "20261123T120000", ["CATEGORIES:Work"]))
        let home = ics(event("none", "20261123T140000", "20261123T150000"))
        let stats = try settleFiles([("work.ics", work), ("home.ics", home)], from: "2026-11-23", to: "2026-11-29").statistics(request)
        #expect(stats.byCategory == [StatsShare(name: "Work", busySeconds: 2 * hour), StatsShare(name: "(none)", busySeconds: hour),
                                     StatsShare(name: "Project X", busySeconds: hour)])
        #expect(stats.byCalendar == [StatsShare(name: "work", busySeconds: 2 * hour), StatsShare(name: "home", busySeconds: hour)])
        #expect(stats.total.busySeconds == 3 * hour && stats.total.conflictSeconds == 1800)
    }

    /// BusyLife's events.json: an event with two `attends` is a meeting,
    /// one with a single one is not (startDate in UTC: 15:00Z is 10:00 in
    /// New York).
    @Test func busyLifeEventsWithAttends() throws {
        let monday = 1_795_446_000  // 2026-11-23T15:00:00Z
        let json = """
        [{"startDate": \(monday), "range": 3600, "title": "Planning",
          "attends": [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob"}]},
         {"startDate": \(monday + 86_400), "range": 1800.5, "title": "One to one",
          "attends": [{"name": "Ann", "email": "ann@example.com"}]}]
        """
        let stats = try settleFiles([("events.json", json)], from: "2026-11-23", to: "2026-11-29").statistics(request)
        #expect(stats.total.busySeconds == 5400 && stats.total.meetingSeconds == hour && stats.total.meetings == 1)
        #expect(stats.total.meetingFreeDays == 4)
        checkInvariants(stats)
    }

    /// A daily series of three meetings is all recurring meeting time; a
    /// single meeting beside it is not.
    @Test func recurringMeetingTime() throws {
        let settlement = try settle(event("daily", "20261123T090000", "20261123T100000", people() + ["RRULE:FREQ=DAILY;COUNT=3"])
                                    + event("once", "20261127T090000", "20261127T100000", people()),
                                    from: "2026-11-23", to: "2026-11-29")
        let total = settlement.statistics(request).total
        #expect(total.meetingSeconds == 4 * hour && total.recurringMeetingSeconds == 3 * hour && total.meetings == 4)
        #expect(total.meetingFreeDays == 1)
    }

    /// Periods are local dates clipped to the window: months and weeks from
    /// Sunday cut at both ends; days never partial.
    @Test func periodsAreClippedToTheWindow() {
        let months = StatsPeriods.cut(from: day("2026-11-15")!, to: day("2027-01-10")!, grouping: .month, weekStart: 1)
        #expect(months.map { "\($0.start)…\($0.end)\($0.partial ? " partial" : "")" }
                == ["2026-11-15…2026-11-30 partial", "2026-12-01…2026-12-31", "2027-01-01…2027-01-10 partial"])
        let weeks = StatsPeriods.cut(from: day("2026-11-24")!, to: day("2026-12-08")!, grouping: .week, weekStart: 7)
        #expect(weeks.map { "\($0.start)…\($0.end)\($0.partial ? " partial" : "")" }
                == ["2026-11-24…2026-11-28 partial", "2026-11-29…2026-12-05", "2026-12-06…2026-12-08 partial"])
        let days = StatsPeriods.cut(from: day("2026-11-24")!, to: day("2026-11-26")!, grouping: .day, weekStart: 1)
        #expect(days.count == 3 && days.allSatisfy { !$0.partial && $0.start == $0.end })
    }
}
