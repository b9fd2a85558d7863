import BusyLifeKit
import Foundation
import Testing

/// What an app does with the library, through its public API only.
@Suite struct AppExampleTests {
    static let calendar = """
        BEGIN:VCALENDAR
        X-WR-CALNAME:Work
        BEGIN:VEVENT
        UID:standup
        SUMMARY:Stand-up
        DTSTART;TZID=Europe/Berlin:20261102T093000
        DURATION:PT30M
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR
        END:VEVENT
        END:VCALENDAR
        """

    /// The whole of an app's use: read bytes, settle a week, print busy time.
    @Test func anAppReadsSettlesAndSumsAWeek() throws {
        let source = CalendarSource.data(Data(Self.calendar.utf8), name: "work.ics")
        let options = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 2)!,
                                    to: LocalDate(year: 2026, month: 11, day: 8)!,
                                    zone: Zone.named("Europe/Berlin")!)
        let settled: SettledCalendars = BusyLife.settle([source], options)
        let (settlement, report) = (settled.settlement, settled.report)
        var lines: [String] = []
        for day in settlement.days where day.busyMilliseconds > 0 {
            lines.append("\(day.date) \(day.busyMilliseconds / 60_000) min")
        }
        #expect(lines == ["2026-11-02 30 min", "2026-11-04 30 min", "2026-11-06 30 min"])
        #expect(report.events == 1 && report.errors == 0 && report.warnings == 0)
        #expect(settlement.occurrences.map(\.occurrence.event.calendar) == ["Work", "Work", "Work"])
    }

    @Test func readingFromAURLAndFromBytesGivesTheSameEvents() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID().uuidString).ics")
        try Data(Self.calendar.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = BusyLife.read([.file(url)])
        let fromBytes = BusyLife.read([.data(Data(Self.calendar.utf8), name: "work.ics")])
        #expect(fromFile.events.map(\.uid) == ["standup"])
        #expect(fromFile.events.map(\.title) == fromBytes.events.map(\.title))
        #expect(fromFile.diagnostics.isEmpty && fromFile.report.files == 1)
        let broken = BusyLife.read([.data(Data("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nEND:VEVENT\nEND:VCALENDAR\n".utf8), name: "x.ics")])
        #expect(broken.diagnostics.map { "\($0.source) \($0.severity.rawValue) \($0.kind.rawValue)" } == ["x.ics:2 error missing-property"])
    }

    /// A stream (here a pipe) is read to its end as the bytes come, and
    /// left open: the caller owns it.
    @Test func readingFromAStream() throws {
        let pipe = Pipe()
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(Self.calendar.utf8))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let reading = BusyLife.read([.fileHandle(pipe.fileHandleForReading, name: "team.ics")])
        #expect(reading.events.map(\.uid) == ["standup"])
        #expect(reading.events.map(\.calendar) == ["Work"])
        #expect(reading.diagnostics.isEmpty && reading.report.files == 1)
        #expect(fcntl(pipe.fileHandleForReading.fileDescriptor, F_GETFD) != -1)  // still open
        try pipe.fileHandleForReading.close()
    }

    @Test func settlingIsRepeatableAndSideEffectFree() throws {
        let events = BusyLife.read([.data(Data(Self.calendar.utf8), name: "work.ics")]).events
        let options = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 1)!,
                                    to: LocalDate(year: 2026, month: 11, day: 30)!, zone: .utc)
        let first = BusyLife.settle(events, options)
        let second = BusyLife.settle(events, options)
        #expect(first.occurrences.count == 13)
        #expect(first.occurrences.map(\.startUTC) == second.occurrences.map(\.startUTC))
    }

    @Test func oneEventsRecurrencesOverAFarWindow() throws {
        let event = try #require(BusyLife.read([.data(Data(Self.calendar.utf8), name: "w.ics")]).events.first)
        // From Saturday 2 November 2126, a century after DTSTART, for a week.
        let saturday = try #require(ISO8601DateFormatter().date(from: "2126-11-02T00:00:00Z"))
        let week = Instant(saturday)..<Instant(saturday.addingTimeInterval(7 * 86_400))
        let starts = event.occurrences(in: week).map(\.start.iso8601)
        #expect(starts == ["2126-11-04T09:30:00+01:00", "2126-11-06T09:30:00+01:00", "2126-11-08T09:30:00+01:00"])
    }

    /// Two calendars whose VTIMEZONEs share a TZID but not their rules: each
    /// event keeps its own zone, and a second read of one gives the same zone
    /// (a long-running reader keeps one definition per distinct VTIMEZONE).
    @Test func twoVTimezonesUnderOneTZIDAreTwoZones() throws {
        func calendar(_ offset: String) -> CalendarSource {
            let text = """
                BEGIN:VCALENDAR
                BEGIN:VTIMEZONE
                TZID:Customized Time Zone
                BEGIN:STANDARD
                DTSTART:16010101T000000
                TZOFFSETFROM:\(offset)
                TZOFFSETTO:\(offset)
                END:STANDARD
                END:VTIMEZONE
                BEGIN:VEVENT
                UID:meeting\(offset)
                SUMMARY:Meeting
                DTSTART;TZID=Customized Time Zone:20261102T090000
                DURATION:PT1H
                END:VEVENT
                END:VCALENDAR
                """
            return .data(Data(text.utf8), name: "cal\(offset).ics")
        }
        let reading = BusyLife.read([calendar("+0100"), calendar("-0500"), calendar("+0100")])
        #expect(reading.diagnostics.isEmpty)
        let zones = reading.events.compactMap(\.start.zone)
        try #require(zones.count == 3)
        #expect(zones.map(\.id) == ["Customized Time Zone", "Customized Time Zone", "Customized Time Zone"])
        #expect(zones[0] != zones[1])
        #expect(zones[0] == zones[2])
        #expect(zones[0].timeZone == nil)  // its own rules, which Foundation cannot hold
        #expect(reading.events.compactMap(\.start.instant).map(\.description)
                == ["2026-11-02T08:00:00Z", "2026-11-02T14:00:00Z", "2026-11-02T08:00:00Z"])
    }
}
