import Foundation
import Testing

/// Real-world files end to end: severities and exit codes, byte-order
/// marks, UTF-16, old Mac line endings, mixed value types.
@Suite final class RealWorldCLITests {
    static let google = """
    BEGIN:VCALENDAR\r
    PRODID:-//Google Inc//Google Calendar 70.9054//EN\r
    VERSION:2.0\r
    METHOD:PUBLISH\r
    X-WR-CALNAME:Family\r
    X-WR-TIMEZONE:Europe/Berlin\r
    BEGIN:VEVENT\r
    DTSTART:20261124T090000Z\r
    DTEND:20261124T100000Z\r
    DTSTAMP:2026112\r
    UID:g1@google.com\r
    DESCRIPTION:\r
    LOCATION:\r
    SUMMARY:Dentist\r
    LINK;LINKREL=SOURCE;VALUE=URI:https://example.com\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    DTSTART:20261125T080000\r
    DURATION:PT30M\r
    UID:g2@google.com\r
    SUMMARY:Floating in Berlin\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

    /// The folders this test made, removed when it ends (a suite
    /// instance is made for each test).
    private var folders: [URL] = []

    deinit {
        for url in folders { try? FileManager.default.removeItem(at: url) }
    }

    /// A fresh folder with these files.
    func folder(_ files: [String: [UInt8]]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url)
        for (name, bytes) in files { try Data(bytes).write(to: url.appendingPathComponent(name)) }
        return url
    }

    @Test func aGoogleExportPassesStrictAndItsNotesShowOnlyWhenAsked() throws {
        let dir = try folder(["family.ics": Array(Self.google.utf8)])
        let file = dir.appendingPathComponent("family.ics").path
        let strict = try busylife(["check", "--strict", file])
        #expect(strict.status == 0)
        #expect(strict.stdout.contains("note: DTSTAMP is malformed"))
        #expect(strict.stdout.contains("diagnostics: 0 errors, 0 warnings, 1 note"))
        #expect(strict.stdout.contains("  note unused-property: 1"))
        let quiet = try busylife(["occurrences", "--strict", file, "--from", "2026-11-24", "--to", "2026-11-25"])
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
        let verbose = try busylife(["occurrences", "--verbose", file, "--from", "2026-11-24", "--to", "2026-11-25"])
        #expect(verbose.status == 0)
        #expect(verbose.stderr.contains("note: DTSTAMP is malformed"))
        let json = try JSONSerialization.jsonObject(with: Data(try busylife(["check", "--format", "json", file]).stdout.utf8)) as? [String: Any]
        #expect((json?["diagnosticsBySeverity"] as? [String: Int]) == ["error": 0, "warning": 0, "note": 1])
        #expect(((json?["diagnostics"] as? [[String: Any]])?.first?["severity"] as? String) == "note")
    }

    @Test func warningsExitTwoAndFailStrict() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:s\r\nDTSTART:20261124T100000Z\r\nDTEND:20261124T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let dir = try folder(["swap.ics": Array(text.utf8)])
        let file = dir.appendingPathComponent("swap.ics").path
        let run = try busylife(["occurrences", file, "--from", "2026-11-24", "--to", "2026-11-24", "--tz", "UTC"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("swap.ics:5: warning: DTEND before DTSTART"))
        #expect(run.stdout.contains("\"startUTC\":\"2026-11-24T09:00:00Z\",\"endUTC\":\"2026-11-24T10:00:00Z\""))
        #expect(try busylife(["check", "--strict", file]).status == 65)
    }

    /// An override of an instance its master's EXDATE deletes is not shown:
    /// check says so as the expanding commands do, with the same exit code
    /// (a note, exit 0, when the override was cancelled).
    @Test func checkReportsAnOverrideTheMastersEXDATEDeletes() throws {
        func calendar(_ status: String) -> String {
            ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:s", "DTSTART:20261124T090000Z", "DURATION:PT1H",
             "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20261125T090000Z", "END:VEVENT",
             "BEGIN:VEVENT", "UID:s", "RECURRENCE-ID:20261125T090000Z", "DTSTART:20261125T150000Z", "DURATION:PT1H",
             "SUMMARY:Moved", status, "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        }
        let dir = try folder(["moved.ics": Array(calendar("STATUS:CONFIRMED").utf8),
                              "cancelled.ics": Array(calendar("STATUS:CANCELLED").utf8)])
        let moved = dir.appendingPathComponent("moved.ics").path
        let check = try busylife(["check", moved])
        #expect(check.status == 2)
        #expect(check.stdout.contains("moved.ics:9: warning: override \"Moved\" of an instance that the master's EXDATE deletes; not shown"))
        #expect(check.stdout.contains("diagnostics: 0 errors, 1 warning, 0 notes"))
        #expect(try busylife(["check", "--strict", moved]).status == 65)
        let occurrences = try busylife(["occurrences", moved, "--from", "2026-11-24", "--to", "2026-11-26", "--tz", "UTC"])
        #expect(occurrences.status == check.status)
        let cancelled = try busylife(["check", dir.appendingPathComponent("cancelled.ics").path])
        #expect(cancelled.status == 0)
        #expect(cancelled.stdout.contains("note nothing-to-place: 1"))
    }

    /// check keeps of each series only what the EXDATE test reads; the
    /// answers stay those of the whole series: an override read before its
    /// master is still caught, and a later master with a higher SEQUENCE and
    /// no EXDATE wins, so its series says nothing.
    @Test func checkFindsDeletedOverridesInAnyOrderAndFollowsTheWinningMaster() throws {
        let text = ["BEGIN:VCALENDAR",
                    "BEGIN:VEVENT", "UID:a", "RECURRENCE-ID:20260105T090000Z", "DTSTART:20260105T100000Z",
                    "DURATION:PT1H", "SUMMARY:Before its master", "END:VEVENT",
                    "BEGIN:VEVENT", "UID:a", "DTSTART:20260101T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY",
                    "EXDATE:20260105T090000Z", "END:VEVENT",
                    "BEGIN:VEVENT", "UID:b", "DTSTART:20260101T090000Z", "DURATION:PT1H", "RRULE:FREQ=WEEKLY",
                    "EXDATE:20260108T090000Z", "END:VEVENT",
                    "BEGIN:VEVENT", "UID:b", "RECURRENCE-ID:20260108T090000Z", "DTSTART:20260109T090000Z",
                    "DURATION:PT1H", "SUMMARY:Kept by the newer master", "END:VEVENT",
                    "BEGIN:VEVENT", "UID:b", "SEQUENCE:2", "DTSTART:20260101T090000Z", "DURATION:PT1H",
                    "RRULE:FREQ=WEEKLY", "END:VEVENT",
                    "END:VCALENDAR", ""].joined(separator: "\r\n")
        let dir = try folder(["order.ics": Array(text.utf8)])
        let file = dir.appendingPathComponent("order.ics").path
        let check = try busylife(["check", file])
        #expect(check.status == 2)
        #expect(check.stdout.contains("order.ics:2: warning: override \"Before its master\" of an instance that the master's EXDATE deletes; not shown"))
        #expect(!check.stdout.contains("Kept by the newer master"))
        #expect(check.stdout.contains("diagnostics: 0 errors, 1 warning, 0 notes"))
        let occurrences = try busylife(["occurrences", file, "--from", "2026-01-01", "--to", "2026-01-31", "--tz", "UTC"])
        #expect(occurrences.status == check.status)
        #expect(occurrences.stdout.contains("Kept by the newer master"))
    }

    /// Which master wins (SEQUENCE, then the later one) decides whether an
    /// override is deleted; check, which keeps only the winner's EXDATEs,
    /// says exactly what expansion says.
    @Test func checkAndExpansionAgreeOnWhichMasterWins() throws {
        func event(_ lines: String...) -> [String] { ["BEGIN:VEVENT"] + lines + ["END:VEVENT"] }
        let lines = ["BEGIN:VCALENDAR"]
            // A later master of the same SEQUENCE, without EXDATE, wins: nothing to say.
            + event("UID:a", "DTSTART:20260101T090000Z", "RRULE:FREQ=DAILY", "EXDATE:20260105T090000Z")
            + event("UID:a", "RECURRENCE-ID:20260105T090000Z", "DTSTART:20260105T100000Z", "SUMMARY:A moved")
            + event("UID:a", "DTSTART:20260101T090000Z", "RRULE:FREQ=DAILY")
            // An earlier master of a higher SEQUENCE keeps its EXDATE.
            + event("UID:b", "SEQUENCE:1", "DTSTART:20260101T090000Z", "RRULE:FREQ=DAILY", "EXDATE:20260105T090000Z")
            + event("UID:b", "DTSTART:20260101T090000Z", "RRULE:FREQ=DAILY")
            + event("UID:b", "RECURRENCE-ID:20260105T090000Z", "DTSTART:20260105T100000Z", "SUMMARY:B moved")
            // Of two overrides of one instance, the one that wins is named.
            + event("UID:d", "DTSTART:20260101T090000Z", "RRULE:FREQ=DAILY", "EXDATE:20260105T090000Z")
            + event("UID:d", "RECURRENCE-ID:20260105T090000Z", "SEQUENCE:1", "DTSTART:20260105T100000Z", "SUMMARY:D1")
            + event("UID:d", "RECURRENCE-ID:20260105T090000Z", "SEQUENCE:2", "DTSTART:20260105T110000Z", "SUMMARY:D2")
            + ["END:VCALENDAR", ""]
        let dir = try folder(["winners.ics": Array(lines.joined(separator: "\r\n").utf8)])
        let file = dir.appendingPathComponent("winners.ics").path
        let said = try busylife(["check", file]).stdout.split(separator: "\n").filter { $0.contains(": warning: ") }
        let expanded = try busylife(["occurrences", file, "--from", "2026-01-01", "--to", "2026-01-10", "--tz", "UTC"])
        #expect(said == expanded.stderr.split(separator: "\n").filter { $0.contains(": warning: ") })
        #expect(said.count == 2)
        #expect(said.contains { $0.contains("\"B moved\"") } && said.contains { $0.contains("\"D2\"") })
    }

    /// The calendar-level lines survive whatever comes before BEGIN:VCALENDAR.
    @Test(arguments: ["bom", "utf16le", "utf16be", "cr", "crcrlf"])
    func encodingsAndLineEndingsKeepTheCalendarsLines(_ form: String) throws {
        var bytes: [UInt8]
        switch form {
        case "bom": bytes = [0xEF, 0xBB, 0xBF] + Array(("\r\n\r\n" + Self.google).utf8)
        case "cr": bytes = Array(Self.google.replacingOccurrences(of: "\r\n", with: "\r").utf8)
        case "crcrlf": bytes = Array(Self.google.replacingOccurrences(of: "\r\n", with: "\r\r\n").utf8)  // converted twice
        default:
            let bigEndian = form == "utf16be"
            bytes = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in Self.google.utf16 {
                bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
        }
        let dir = try folder(["in.ics": bytes])
        let run = try busylife(["occurrences", dir.appendingPathComponent("in.ics").path,
                                "--from", "2026-11-24", "--to", "2026-11-25", "--tz", "UTC"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        // X-WR-TIMEZONE read: 08:00 floating in Berlin is 07:00Z; X-WR-CALNAME read.
        #expect(run.stdout.contains("\"startUTC\":\"2026-11-25T07:00:00Z\""))
        #expect(run.stdout.contains("\"calendar\":\"Family\""))
    }

    @Test func aFileNameThatIsNotUTF8IsReportedNotPassedOver() throws {
        let dir = try folder(["other.ics": Array(Self.google.utf8)])
        let run = try busylife([], shell: "printf '%s' \"$(cat \(dir.path)/other.ics)\" > \(dir.path)/caf$'\\xe9'.ics && BUSYLIFE check \(dir.path)")
        #expect(run.status == 66)
        #expect(run.stdout.contains("a name that is not UTF-8"))
        #expect(run.stdout.contains("files: 1 (1 iCalendar), 1 unreadable"))
    }

    @Test func aDateStartWithADateTimeEndIsOnEveryDayItCovers() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:m\r\nSUMMARY:Summer school\r\nDTSTART;VALUE=DATE:20230724\r\nDTEND:20230817T000000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let dir = try folder(["mixed.ics": Array(text.utf8)])
        let run = try busylife(["days", dir.appendingPathComponent("mixed.ics").path, "--from", "2023-07-20",
                                "--to", "2023-08-20", "--tz", "Europe/Berlin", "--format", "ndjson"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("warning: DTSTART is a DATE and DTEND a DATE-TIME; DTEND read as the date 2023-08-17"))
        let days = run.stdout.split(separator: "\n").filter { $0.contains("Summer school") }
        #expect(days.count == 24)
        #expect(days.first?.contains("\"date\":\"2023-07-24\"") == true)
        #expect(days.last?.contains("\"date\":\"2023-08-16\"") == true)
    }

    /// Issue 11, cause 6, for the unexpanded model: an end computed from a
    /// DURATION of nearly two million years prints at the edge of 9999.
    @Test func eventsPrintsNoYearPast9999() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:long\r\nSUMMARY:Long\r\nDTSTART:20200101T090000Z\r\n"
            + "DURATION:P99999999W\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let dir = try folder(["long.ics": Array(text.utf8)])
        let file = dir.appendingPathComponent("long.ics").path
        let run = try busylife(["events", file])
        #expect(run.status == 2)
        #expect(run.stdout.contains("\"end\":\"9999-12-31T23:59:59Z\""))
        #expect(run.stdout.contains("\"duration\":\"P99999999W\""))
        #expect(run.stderr.contains("long.ics:2: warning: \"Long\" (uid long) starts or ends outside years 1 to 9999"))
        let json = try busylife(["events", "--format", "json", file])
        #expect(json.status == 2)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(((document?["events"] as? [[String: Any]])?.first?["endUTC"] as? String) == "9999-12-31T23:59:59Z")
    }

    /// A calendar-level quote never closed is said, as in a component: a
    /// warning for a line busylife reads, a note for one it does not.
    @Test func aCalendarLineWithAQuoteNeverClosedIsReported() throws {
        let text = "BEGIN:VCALENDAR\r\nX-WR-CALNAME;X-P=\"abc:Team\r\nNAME;P=\"x:Y\r\nBEGIN:VEVENT\r\nUID:a\r\n"
            + "DTSTART:20260101T090000Z\r\nSUMMARY:A\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let dir = try folder(["quote.ics": Array(text.utf8)])
        let run = try busylife(["check", dir.appendingPathComponent("quote.ics").path])
        #expect(run.status == 2)
        #expect(run.stdout.contains("quote.ics:2: warning: X-WR-CALNAME has a \" that is never closed"))
        #expect(run.stdout.contains("quote.ics:3: note: NAME has a \" that is never closed; read as a plain character; busylife does not use it"))
    }
}

