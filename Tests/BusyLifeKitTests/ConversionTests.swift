import BusyLifeKit
import Foundation
import Testing

/// An app converting calendars, through the public API only.
@Suite struct ConversionTests {
    static let calendar = """
        BEGIN:VCALENDAR
        X-WR-CALNAME:Work
        BEGIN:VEVENT
        UID:standup
        SUMMARY:Stand-up
        DTSTART;TZID=Europe/Berlin:20261102T093000
        DURATION:PT30M
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=6
        END:VEVENT
        BEGIN:VEVENT
        UID:offsite
        SUMMARY:Offsite
        DTSTART;VALUE=DATE:20261120
        DTEND;VALUE=DATE:20261121
        END:VEVENT
        END:VCALENDAR
        """
    static let source = CalendarSource.data(Data(calendar.utf8), name: "work.ics")
    static let november = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 1)!,
                                        to: LocalDate(year: 2026, month: 11, day: 4)!, zone: Zone.named("Europe/Berlin")!)

    /// Converts into a temporary file and gives its bytes, the report and
    /// the diagnostics.
    static func convert(_ sources: [CalendarSource], to format: ConversionFormat,
                        window: SettleOptions? = nil) throws -> (text: String, report: ImportReport, diagnostics: [Diagnostic]) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kit-convert-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        let found = Found()
        let report = try BusyLife.convert(sources, to: format, into: handle, window: window) { found.diagnostics.append($0) }
        try handle.close()
        return (String(decoding: try Data(contentsOf: url), as: UTF8.self), report, found.diagnostics)
    }

    final class Found: @unchecked Sendable { var diagnostics: [Diagnostic] = [] }

    @Test func icsAsStoredKeepsTheRuleAndReadsBackTheSame() throws {
        let (text, report, diagnostics) = try Self.convert([Self.source], to: .ics)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=6\r\n"))
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin"))
        #expect(report.events == 2 && report.errors == 0 && diagnostics.isEmpty)
        let back = BusyLife.read([.data(Data(text.utf8), name: "back.ics")])
        let original = BusyLife.read([Self.source])
        #expect(back.events.map(\.id) == original.events.map(\.id))
        #expect(back.events.map(\.start) == original.events.map(\.start))
        #expect(back.diagnostics.isEmpty)
    }

    @Test func jCalIsJSONAndReadsBackTheSame() throws {
        let (text, _, diagnostics) = try Self.convert([Self.source], to: .jcal)
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]
        #expect(json?.first as? String == "vcalendar")
        #expect(diagnostics.isEmpty)
        let back = BusyLife.read([.data(Data(text.utf8), name: "back.jcal")])
        #expect(back.events.map(\.uid) == ["standup", "offsite"])
        #expect(back.events.map(\.title) == ["Stand-up", "Offsite"])
    }

    /// events.json and CSV list the occurrences of the window, on its
    /// viewer's clock: Monday and Wednesday of that week.
    @Test func eventsJSONAndCSVListTheOccurrencesOfTheWindow() throws {
        let (json, _, _) = try Self.convert([Self.source], to: .eventsJSON, window: Self.november)
        let back = BusyLife.read([.data(Data(json.utf8), name: "back.json")])
        #expect(back.events.map(\.title) == ["Stand-up", "Stand-up"])
        #expect(back.events.compactMap(\.start.instant?.date) == [
            try Date("2026-11-02T08:30:00Z", strategy: .iso8601), try Date("2026-11-04T08:30:00Z", strategy: .iso8601),
        ])
        let (csv, _, _) = try Self.convert([Self.source], to: .csv, window: Self.november)
        let rows = csv.split(whereSeparator: \.isNewline)
        #expect(rows.count == 3 && rows[0].hasPrefix("Subject,"))
        #expect(rows.dropFirst().allSatisfy { $0.hasPrefix("Stand-up,") })
    }

    /// Without a window, the expanded formats cover the data.
    @Test func withoutAWindowEveryOccurrenceIsListed() throws {
        let (json, _, _) = try Self.convert([Self.source], to: .eventsJSON)
        let titles = BusyLife.read([.data(Data(json.utf8), name: "back.json")]).events.map(\.title)
        #expect(titles.filter { $0 == "Stand-up" }.count == 6 && titles.filter { $0 == "Offsite" }.count == 1)
    }

    /// As stored, a window keeps the series that touch it.
    @Test func aWindowKeepsTheSeriesThatTouchIt() throws {
        let (text, _, _) = try Self.convert([Self.source], to: .ics, window: Self.november)
        #expect(text.contains("UID:standup") && !text.contains("UID:offsite"))
    }

    @Test func diagnosticsComeAsTheReadGivesThem() throws {
        let broken = CalendarSource.data(Data("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nEND:VEVENT\nEND:VCALENDAR\n".utf8), name: "x.ics")
        let (_, report, diagnostics) = try Self.convert([broken, Self.source], to: .ics)
        #expect(diagnostics.map { "\($0.source) \($0.severity.rawValue) \($0.kind.rawValue)" } == ["x.ics:2 error missing-property"])
        #expect(report.errors == 1 && report.events == 2)
        #expect(diagnostics == BusyLife.read([broken]).diagnostics)
    }

    /// A handle that cannot be written to: the error is thrown.
    @Test func aFailedWriteIsThrown() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kit-convert-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data("x".utf8)))
        defer { try? FileManager.default.removeItem(at: url) }
        let readOnly = try FileHandle(forReadingFrom: url)
        defer { try? readOnly.close() }
        #expect(throws: (any Error).self) { try BusyLife.convert([Self.source], to: .ics, into: readOnly) }
    }
}
