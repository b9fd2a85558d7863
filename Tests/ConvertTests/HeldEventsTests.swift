import EventModel
import Foundation
import ICal
import Import
import Settle
import Testing
@testable import Convert

/// An as-stored conversion with a window or a filter holds its events as
/// records (`HeldEvents`) until it knows which series it writes: the same
/// bytes whether the records stay in memory or go through the temporary
/// file, and only the chosen series written.
@Suite struct HeldEventsTests {
    /// A series in the window with an override, a series that ended in
    /// 2020 with one too, a single event in the window and one outside,
    /// in two zones (one with a VTIMEZONE as read).
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//held//EN\r
        BEGIN:VTIMEZONE\r
        TZID:Office Time\r
        BEGIN:STANDARD\r
        DTSTART:19700101T000000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0100\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:weekly@test\r
        DTSTART;TZID=Europe/Berlin:20261102T090000\r
        DTEND;TZID=Europe/Berlin:20261102T093000\r
        RRULE:FREQ=WEEKLY;COUNT=10\r
        SUMMARY:Weekly sync\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:old@test\r
        DTSTART;TZID=Office Time:20190107T100000\r
        DTEND;TZID=Office Time:20190107T110000\r
        RRULE:FREQ=DAILY;UNTIL=20200101T000000Z\r
        SUMMARY:Old standup\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:weekly@test\r
        RECURRENCE-ID;TZID=Europe/Berlin:20261109T090000\r
        DTSTART;TZID=Europe/Berlin:20261109T100000\r
        DTEND;TZID=Europe/Berlin:20261109T103000\r
        SUMMARY:Weekly sync (moved)\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER:-PT10M\r
        DESCRIPTION:Sync\r
        END:VALARM\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:lunch@test\r
        CLASS:PRIVATE\r
        DTSTART:20261120T120000Z\r
        DTEND:20261120T130000Z\r
        SUMMARY:Lunch\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:old-old@test\r
        DTSTART;TZID=Office Time:20190301T100000\r
        DTEND;TZID=Office Time:20190301T110000\r
        SUMMARY:Old old standup\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    static let model = """
        [{"startDate": 1795957200, "range": 1800, "type": 1, "title": "Coffee with Mia", "attends": []},
         {"startDate": 1577836800, "range": 1800, "type": 1, "title": "Old coffee", "attends": []}]
        """

    private func converted(format: ConvertFormat = .ics, expand: Bool = false, window: Bool = true,
                           search: String? = nil, calendars: [String] = [], memoryLimit: Int,
                           readsFail: Bool = false, inputs: [InputSource]? = nil) throws -> (text: String, incomplete: Bool) {
        let zone = try #require(Zone.named("Europe/Berlin"))
        var settle = SettleOptions(from: try #require(LocalDate(year: 2026, month: 11, day: 1)),
                                   to: try #require(LocalDate(year: 2026, month: 11, day: 30)),
                                   timeline: ZoneTimeline(base: zone))
        settle.filter.search = search
        settle.filter.calendars = calendars
        var options = ConvertOptions(format: format, expand: expand, settle: settle, windowGiven: window,
                                     today: try #require(LocalDate(year: 2026, month: 11, day: 26)))
        options.heldMemoryLimit = memoryLimit
        options.heldReadsFail = readsFail
        var out: [UInt8] = []
        let conversion = Conversion(options: options) { bytes in
            out.append(contentsOf: bytes)
            return true
        }
        _ = try conversion.run(inputs ?? [.bytes(Array(Self.calendar.utf8), name: "work.ics"),
                                          .bytes(Array(Self.model.utf8), name: "events.json")],
                               importOptions: ImportOptions(useCalendarZone: true), diagnostic: { _ in })
        return (String(decoding: out, as: UTF8.self), conversion.incomplete)
    }

    private func converted(format: ConvertFormat = .ics, expand: Bool = false, window: Bool = true,
                           search: String? = nil, memoryLimit: Int) throws -> String {
        let (text, incomplete) = try converted(format: format, expand: expand, window: window, search: search,
                                               calendars: [], memoryLimit: memoryLimit)
        #expect(!incomplete)
        return text
    }

    /// A record that cannot be read back (an I/O error): the conversion is
    /// incomplete and writes nothing, not a calendar short of events.
    @Test func aFailedReadWritesNothing() throws {
        for expand in [false, true] {
            let (text, incomplete) = try converted(expand: expand, calendars: [], memoryLimit: 0, readsFail: true)
            #expect(incomplete)
            #expect(text.isEmpty)
        }
        // Records still in memory are read: nothing fails.
        #expect(try !converted(calendars: [], memoryLimit: .max, readsFail: true).incomplete)
    }

    /// Two calendars with one UID hold two series: `--calendar` writes
    /// the one asked for, not the other's.
    @Test func aSeriesIsAUIDInOneCalendar() throws {
        func calendar(_ name: String, _ title: String) -> InputSource {
            .bytes(Array("""
                BEGIN:VCALENDAR\r
                VERSION:2.0\r
                X-WR-CALNAME:\(name)\r
                BEGIN:VEVENT\r
                UID:shared@test\r
                DTSTART:20261110T090000Z\r
                DTEND:20261110T100000Z\r
                SUMMARY:\(title)\r
                END:VEVENT\r
                END:VCALENDAR\r

                """.utf8), name: "\(name).ics")
        }
        let inputs = [calendar("home", "Dentist"), calendar("work", "Review")]
        for window in [true, false] {
            let (text, _) = try converted(window: window, calendars: ["work"], memoryLimit: 0, inputs: inputs)
            #expect(text.contains("SUMMARY:Review") && !text.contains("Dentist"))
        }
        // UIDs are told apart by their bytes, as Settle tells series apart:
        // "café" composed and decomposed are two series, and only the one
        // in the window is written.
        let twoSpellings = InputSource.bytes(Array("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:caf\u{E9}\r
            DTSTART:20261110T090000Z\r
            DTEND:20261110T100000Z\r
            SUMMARY:In the window\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:cafe\u{301}\r
            RECURRENCE-ID:20200110T090000Z\r
            DTSTART:20200110T090000Z\r
            DTEND:20200110T100000Z\r
            SUMMARY:Far away\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.utf8), name: "cafe.ics")
        let (text, _) = try converted(calendars: [], memoryLimit: 0, inputs: [twoSpellings])
        #expect(text.contains("SUMMARY:In the window") && !text.contains("Far away"))
    }

    @Test func aWindowWritesTheSeriesItTouchesWhole() throws {
        let text = try converted(memoryLimit: 0)
        #expect(text.components(separatedBy: "UID:weekly@test").count == 3)  // master and override
        #expect(text.contains("BEGIN:VALARM"))
        #expect(text.contains("UID:lunch@test"))
        #expect(text.contains("SUMMARY:Coffee with Mia"))
        #expect(!text.contains("old@test") && !text.contains("Old coffee"))
        // Only zones of what is written: Berlin, not the office's.
        #expect(text.contains("TZID:Europe/Berlin") && !text.contains("Office Time"))
        // Its VTIMEZONE covers the years noted: 2026, and 2027 for the
        // last instance of COUNT=10 (4 January).
        #expect(text.contains("DTSTART:20260101T000000") && text.contains("RDATE:20271031T030000"))
        #expect(!text.contains("RDATE:2028") && !text.contains("RRULE:FREQ=YEARLY"))
    }

    @Test func aFilterWritesEveryComponentOfAMatchingSeries() throws {
        let text = try converted(window: false, search: "moved", memoryLimit: 0)
        #expect(text.components(separatedBy: "UID:weekly@test").count == 3)
        #expect(!text.contains("lunch@test"))
    }

    /// Through the file from the first record, in memory, and with no
    /// file at all: the same bytes, as .ics and as jCal.
    @Test func theFileChangesNothing() throws {
        for format in [ConvertFormat.ics, .jcal] {
            for (window, search) in [(true, nil), (false, "standup"), (true, "sync")] as [(Bool, String?)] {
                let throughFile = try converted(format: format, window: window, search: search, memoryLimit: 0)
                #expect(throughFile == (try converted(format: format, window: window, search: search, memoryLimit: 1 << 20)))
                #expect(throughFile == (try converted(format: format, window: window, search: search, memoryLimit: .max)))
            }
        }
    }

    /// Expanded over a window: one VEVENT an occurrence, the override's
    /// VALARM with it, the CSV's Private column from the lines as read;
    /// the same through the file as in memory.
    @Test func anExpansionReadsBackTheEventsItWrites() throws {
        let text = try converted(expand: true, memoryLimit: 0)
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 5 + 1 + 1)  // five Mondays, lunch, coffee
        #expect(text.contains("SUMMARY:Weekly sync (moved)") && text.contains("BEGIN:VALARM"))
        #expect(!text.contains("Old standup"))
        let csv = try converted(format: .csv, memoryLimit: 0)
        let lunch = try #require(csv.split(separator: "\r\n").first { $0.hasPrefix("Lunch,") })
        #expect(lunch.hasSuffix(",True"))
        for format in [ConvertFormat.ics, .jcal, .csv, .eventsJSON] {
            let throughFile = try converted(format: format, expand: true, memoryLimit: 0)
            #expect(throughFile == (try converted(format: format, expand: true, memoryLimit: .max)))
        }
    }

    /// Two files' VTIMEZONEs with one TZID and different rules: the later
    /// zone is renamed, and the warning says so without an empty file name.
    @Test func aRenamedZoneIsNamedInItsWarning() throws {
        func calendar(_ number: Int) -> InputSource {
            .bytes(Array("""
                BEGIN:VCALENDAR\r
                VERSION:2.0\r
                BEGIN:VTIMEZONE\r
                TZID:Office Time\r
                BEGIN:STANDARD\r
                DTSTART:19700101T000000\r
                TZOFFSETFROM:+0\(number)00\r
                TZOFFSETTO:+0\(number)00\r
                END:STANDARD\r
                END:VTIMEZONE\r
                BEGIN:VEVENT\r
                UID:e\(number)@test\r
                DTSTART;TZID=Office Time:20261110T090000\r
                DTEND;TZID=Office Time:20261110T100000\r
                SUMMARY:E\(number)\r
                END:VEVENT\r
                END:VCALENDAR\r

                """.utf8), name: "f\(number).ics")
        }
        let zone = try #require(Zone.named("UTC"))
        for expand in [false, true] {
            let settle = SettleOptions(from: try #require(LocalDate(year: 2026, month: 11, day: 1)),
                                       to: try #require(LocalDate(year: 2026, month: 11, day: 30)),
                                       timeline: ZoneTimeline(base: zone))
            let options = ConvertOptions(format: .ics, expand: expand, settle: settle, windowGiven: true,
                                         today: try #require(LocalDate(year: 2026, month: 11, day: 26)))
            var warnings: [String] = []
            let conversion = Conversion(options: options) { _ in true }
            _ = try conversion.run([calendar(1), calendar(2)], importOptions: ImportOptions(useCalendarZone: true),
                                   diagnostic: { warnings.append($0.description) })
            let renamed = warnings.filter { $0.contains("\"Office Time-2\"") }
            #expect(renamed.count == 1)
            #expect(renamed.allSatisfy { !$0.contains("of  is") })
        }
    }

    /// Components built from parts (a jCal input's) come back as built:
    /// every parameter value and child.
    @Test func aBuiltComponentComesBackWhole() throws {
        let alarm = StoredComponent(name: "VALARM", properties: [StoredProperty(name: "ACTION", value: "DISPLAY")], children: [])
        let component = StoredComponent(name: "VEVENT", properties: [
            StoredProperty(name: "UID", value: "built@test"),
            StoredProperty(name: "ATTENDEE", parameters: [StoredParameter(name: "MEMBER", values: ["a", "b,c"]),
                                                          StoredParameter(name: "CN", values: ["Ö"])], value: "mailto:x@test"),
        ], children: [alarm])
        let event = Event(uid: "built@test", title: "Built", calendar: "c", source: SourcePosition(file: "x.jcal", line: 3),
                          start: .date(try #require(LocalDate(year: 2026, month: 11, day: 2))),
                          end: .date(try #require(LocalDate(year: 2026, month: 11, day: 3))))
        var held = HeldEvents(memoryLimit: 0)
        held.add(event, stored: component, tzids: ["Nowhere": nil, "Europe/Berlin": Zone.named("Europe/Berlin")])
        held.add(event, stored: nil, tzids: [:])
        var back: [HeldEvents.Held] = []
        held.forEach(in: [HeldEvents.Series(event)]) { back.append($0) }
        #expect(back.count == 2)
        let read = try #require(back.first?.stored)
        #expect(read.name == "VEVENT" && read.properties == component.properties)
        #expect(read.children.map(\.name) == ["VALARM"] && read.children.first?.properties == alarm.properties)
        #expect(back.first?.file == "x.jcal")
        #expect(back.first?.tzids.count == 2 && back.first?.tzids["Nowhere"] == .some(nil))
        #expect(back.first?.tzids["Europe/Berlin"] == .some(Zone.named("Europe/Berlin")))
        #expect(back.last?.event?.title == "Built" && back.last?.stored == nil)
        var none = 0
        held.forEach(in: [HeldEvents.Series(calendar: "c", uid: "other@test"), HeldEvents.Series(calendar: "d", uid: "built@test")]) { _ in none += 1 }
        #expect(none == 0 && held.failedReads == 0)
    }
}
