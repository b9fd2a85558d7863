import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `stats` end to end on the worked example of docs/stats.md
/// (Tests/Fixtures/stats-week.ics: the week of Monday 23 November 2026
/// in New York).
@Suite struct StatsCLITests {
    static let week = ["stats", "Tests/Fixtures/stats-week.ics", "--from", "2026-11-23", "--to", "2026-11-29",
                       "--tz", "America/New_York", "--me", "me@example.com", "--week-start", "mon"]

    func document(_ extra: [String]) throws -> [String: Any] {
        let run = try busylife(StatsCLITests.week + ["--format", "json"] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// The numbers docs/stats.md works out by hand.
    @Test func theWorkedExampleOfTheDocs() throws {
        let json = try document([])
        let total = try #require(json["total"] as? [String: Int])
        #expect(total == ["busySeconds": 21_600, "workingSeconds": 144_000, "busyWorkingSeconds": 16_200,
                          "afterHoursSeconds": 5400, "focusSeconds": 120_600, "fragmentedSeconds": 7200,
                          "meetingSeconds": 7200, "recurringMeetingSeconds": 3600, "meetings": 2,
                          "conflictSeconds": 1800, "meetingFreeDays": 4])
        let periods = try #require(json["periods"] as? [[String: Any]])
        #expect(periods.count == 1 && periods[0]["partial"] as? Bool == false && periods[0]["start"] as? String == "2026-11-23")
        func shares(_ key: String) -> [String] {
            (json[key] as? [[String: Any]] ?? []).map { "\($0["name"] as? String ?? "?") \($0["busySeconds"] as? Int ?? -1)" }
        }
        #expect(shares("byCategory") == ["(none) 10800", "Release 9000", "Work 9000", "Personal 1800"])
        #expect(shares("byCalendar") == ["work 21600"])
        let people = (json["byPerson"] as? [[String: Any]] ?? []).map {
            "\($0["address"] as? String ?? "?") \($0["meetingSeconds"] as? Int ?? -1) \($0["meetings"] as? Int ?? -1)"
        }
        #expect(people == ["ann@example.com 7200 2", "bob@example.com 3600 1"])
        #expect(json["focusSeconds"] as? Int == 7200 && json["by"] as? String == "week" && json["weekStart"] as? String == "Mon")
        // With all-day events busy, the offsite (a meeting) fills Wednesday.
        let allDay = try #require(try document(["--all-day-busy"])["total"] as? [String: Int])
        #expect(allDay["busySeconds"] == 21_600 + 86_400 && allDay["meetings"] == 3 && allDay["meetingFreeDays"] == 3)
        #expect(allDay["focusSeconds"] == 120_600 - 8 * 3600)
    }

    /// `--focus`, `--hours` and `--workdays` change what is counted, and
    /// the document says what was used.
    @Test func focusHoursAndWorkdaysAreHonoured() throws {
        let json = try document(["--focus", "7h", "--hours", "10:00-16:00", "--workdays", "Mon-Thu"])
        let total = try #require(json["total"] as? [String: Int])
        // Four working days of six hours: none holds a seven-hour block.
        #expect(total["workingSeconds"] == 24 * 3600 && total["focusSeconds"] == 0)
        #expect(total["workingSeconds"] == total["busyWorkingSeconds"]! + total["fragmentedSeconds"]!)
        #expect(json["hours"] as? [String: String] == ["start": "10:00", "end": "16:00"])
        #expect(json["workdays"] as? [String] == ["Mon", "Tue", "Wed", "Thu"])
        #expect(json["focusSeconds"] as? Int == 25_200)
    }

    /// Runs Python's jsonschema (installed by scripts/setup.sh) on the output.
    func validate(_ text: String, lines: Bool) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(UUID().uuidString).json")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        validator = jsonschema.Draft202012Validator(schema)
        text = open(sys.argv[2]).read()
        docs = [json.loads(l) for l in text.splitlines()] if sys.argv[3] == "lines" else [json.loads(text)]
        errors = [e.message for d in docs for e in validator.iter_errors(d)]
        print("\\n".join(errors[:5]) if errors else "valid")
        """
        let run = try busylife([], shell: "python3 -c '\(script)' docs/stats.schema.json \(file.path) \(lines ? "lines" : "document")")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + run.stderr
    }

    @Test func outputValidatesAgainstTheSchema() throws {
        let document = try busylife(["stats", "samples/", "--today", "2026-11-22", "--tz", "America/New_York",
                                     "--travel", "2026-12-06T07:50Z=Asia/Tokyo", "--me", "me@example.com", "--format", "json"])
        #expect(document.status == 0, "\(document.stderr)")
        #expect(try validate(document.stdout, lines: false) == "valid")
        let lines = try busylife(["stats", "samples/", "--from", "2026-11-01", "--to", "2026-12-31", "--by", "day",
                                  "--tz", "Europe/Berlin", "--format", "ndjson"])
        #expect(lines.status == 0, "\(lines.stderr)")
        #expect(lines.stdout.split(separator: "\n").count == 61)
        #expect(try validate(lines.stdout, lines: true) == "valid")
    }

    /// Default window: the current period whole and the 12 before it.
    @Test func theDefaultWindowIsThirteenPeriods() throws {
        let weeks = try busylife(["stats", "samples/", "--today", "2026-11-25", "--tz", "UTC", "--week-start", "Monday", "--format", "ndjson"])
        let starts = weeks.stdout.split(separator: "\n").map { String($0.dropFirst(10).prefix(10)) }
        #expect(starts.count == 13 && starts.first == "2026-08-31" && starts.last == "2026-11-23")
        let months = try busylife(["stats", "samples/", "--today", "2026-11-25", "--tz", "UTC", "--by", "month", "--format", "csv"])
        let rows = months.stdout.split(separator: "\r\n")
        #expect(rows.count == 14 && rows[1].hasPrefix("2025-11-01,2025-11-30,false,") && rows[13].hasPrefix("2026-11-01,2026-11-30,false,"))
        let sunday = try busylife(["stats", "samples/", "--today", "2026-11-25", "--tz", "UTC", "--week-start", "sun", "--format", "ndjson"])
        #expect(sunday.stdout.hasPrefix("{\"start\":\"2026-08-30\""))
    }

    /// CSV: a header of the field names, one row a period, chosen by `-o`'s extension.
    @Test func csvByTheExtensionOfO() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("week.csv").path
        let run = try busylife(StatsCLITests.week + ["-o", file])
        #expect(run.status == 0 && run.stdout.isEmpty, "\(run.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text == "start,end,partial,busySeconds,workingSeconds,busyWorkingSeconds,afterHoursSeconds,focusSeconds,"
                + "fragmentedSeconds,meetingSeconds,recurringMeetingSeconds,meetings,conflictSeconds,meetingFreeDays\r\n"
                + "2026-11-23,2026-11-29,false,21600,144000,16200,5400,120600,7200,7200,3600,2,1800,4\r\n")
    }

    /// The default text table: the week's row and the figures' lines, fitted
    /// to COLUMNS, colour only when asked for (a pipe is no terminal).
    @Test func theTextTableFitsTheWidthAndColoursOnlyWhenAsked() throws {
        for columns in [60, 100, 160] {
            let run = try busylife(StatsCLITests.week, environment: ["COLUMNS": "\(columns)"])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.allSatisfy { $0.count <= columns }, "\(columns): \(run.stdout)")
            #expect(run.stdout.contains("6.0 h") && !run.stdout.contains("\u{1B}["), "\(run.stdout)")
            #expect(run.stdout.contains("ann@example.com"), "\(run.stdout)")
        }
        let coloured = try busylife(StatsCLITests.week + ["--color", "always"], environment: ["COLUMNS": "100"])
        #expect(coloured.status == 0 && coloured.stdout.contains("\u{1B}["), "\(coloured.stderr)")
        let german = try busylife(StatsCLITests.week + ["--locale", "de_DE"], environment: ["COLUMNS": "100"])
        #expect(german.stdout.contains("6,0 h"), "\(german.stdout)")
    }

    /// `-o week.svg` draws the chart: a standalone SVG with the week's figures in it.
    @Test func svgByTheExtensionOfO() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("week.svg").path
        let run = try busylife(StatsCLITests.week + ["-o", file])
        #expect(run.status == 0 && run.stdout.isEmpty, "\(run.stderr)")
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        #expect(svg.contains("<svg") && svg.hasSuffix("</svg>\n") && svg.contains("<title>"), "\(svg.prefix(400))")
        let parsed = XMLParser(data: Data(svg.utf8))
        #expect(parsed.parse(), "\(String(describing: parsed.parserError))")
    }

    @Test func badFlagsAreUsageErrors() throws {
        #expect(try busylife(StatsCLITests.week + ["--focus", "soon"]).status == 64)
        #expect(try busylife(StatsCLITests.week + ["--by", "year"]).status == 64)
        #expect(try busylife(StatsCLITests.week + ["--week-start", "someday"]).status == 64)
        #expect(try busylife(StatsCLITests.week + ["-o", "stats.png"]).status == 64)
    }
}
