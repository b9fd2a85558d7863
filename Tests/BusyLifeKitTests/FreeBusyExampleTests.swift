import BusyLifeKit
import Foundation
import Testing

/// Free and busy time through the public API, as an app finds a meeting time.
@Suite struct FreeBusyExampleTests {
    static let alice = """
        BEGIN:VCALENDAR
        BEGIN:VEVENT
        UID:standup
        DTSTART;TZID=Europe/Berlin:20261102T093000
        DURATION:PT30M
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR
        END:VEVENT
        END:VCALENDAR
        """
    static let bob = """
        BEGIN:VCALENDAR
        BEGIN:VFREEBUSY
        UID:bob
        FREEBUSY:20261102T100000Z/PT2H
        FREEBUSY;FBTYPE=BUSY-TENTATIVE:20261102T081500Z/PT30M
        END:VFREEBUSY
        END:VCALENDAR
        """

    @Test func anAppFindsAnHourForTwoPeople() throws {
        let options = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 2)!, to: LocalDate(year: 2026, month: 11, day: 2)!,
                                    zone: Zone.named("Europe/Berlin")!)
        let settled = BusyLife.settle([.data(Data(Self.alice.utf8), name: "alice.ics"), .data(Data(Self.bob.utf8), name: "bob.ifb")], options)
        let (settlement, report) = (settled.settlement, settled.report)
        #expect(report.errors == 0 && report.warnings == 0 && report.files == 2)
        let slots = settlement.freeSlots(hours: .standard, minimum: 3_600_000)
        // Berlin's 09:00–17:00 is 08:00Z–16:00Z; Alice's stand-up is 08:30Z–09:00Z, Bob is busy 08:15Z–08:45Z (maybe) and 10:00Z–12:00Z.
        #expect(slots.map { "\($0.start)–\($0.end)" } == ["2026-11-02T09:00:00Z–2026-11-02T10:00:00Z", "2026-11-02T12:00:00Z–2026-11-02T16:00:00Z"])
        #expect(settlement.busyPeriods.map(\.tentative) == [true, false, false])
        let conflicts = settlement.conflicts()
        let overlap = try #require(conflicts.pairs.first)
        #expect(conflicts.total == 1 && overlap.end.date.timeIntervalSince(overlap.start.date) == 15 * 60)
        #expect(WorkingHours(start: 8 * 3600, end: 12 * 3600, workdays: [1]) != nil)
    }
}

/// Statistics through the public API, as an app draws its own chart.
@Suite struct StatisticsExampleTests {
    @Test func anAppCountsAWeekDayByDay() throws {
        let calendar = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:review
            DTSTART;TZID=Europe/Berlin:20261102T100000
            DTEND;TZID=Europe/Berlin:20261102T113000
            ORGANIZER:mailto:ann@example.com
            ATTENDEE:mailto:me@example.com
            CATEGORIES:Atlas
            END:VEVENT
            END:VCALENDAR
            """
        let week = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 2)!, to: LocalDate(year: 2026, month: 11, day: 8)!,
                                 zone: Zone.named("Europe/Berlin")!, me: "me@example.com")
        let (statistics, report) = BusyLife.statistics([.data(Data(calendar.utf8), name: "work.ics")], week,
                                                       StatsRequest(grouping: .day, focusSeconds: 5400))
        #expect(report.events == 1 && statistics.periods.count == 7)
        let monday = statistics.periods[0].figures
        // 09:00–10:00 is too short for focus; 11:30–17:00 is focus time.
        #expect(monday.meetingSeconds == 5400 && monday.meetings == 1 && monday.focusSeconds == 19_800 && monday.fragmentedSeconds == 3600)
        #expect(statistics.byPerson.map(\.address) == ["ann@example.com"])
        #expect(statistics.byCategory.map(\.name) == ["Atlas"])
        let settled = BusyLife.settle([.data(Data(calendar.utf8), name: "work.ics")], week).settlement
        #expect(settled.statistics(StatsRequest(grouping: .day, focusSeconds: 5400)) == statistics)
    }
}
