import Foundation
import Testing

/// `busylife convert` end to end (docs/convert.md).
@Suite final class ConvertCLITests {
    static let python = repository.appendingPathComponent(".venv/bin/python3").path
    static var corpora: String? {
        let path = repository.deletingLastPathComponent().appendingPathComponent("shared/corpora").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The folders this test made, removed when it ends (a suite
    /// instance is made for each test).
    private var folders: [URL] = []

    deinit {
        for url in folders { try? FileManager.default.removeItem(at: url) }
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url)
        return url
    }

    /// Every corpus calendar that reads cleanly: as stored and expanded,
    /// checked with Python's icalendar and recurring-ical-events
    /// (scripts/check-conversion.py), deliberate differences listed by file.
    @Test func corpusConversionAgreesWithIndependentReaders() throws {
        guard let corpora = ConvertCLITests.corpora else { print("skipped: ../shared/corpora is absent"); return }
        guard FileManager.default.isExecutableFile(atPath: ConvertCLITests.python) else {
            print("skipped: .venv has no Python with icalendar (run scripts/setup.sh)")
            return
        }
        let run = try busylife([], shell: "\(ConvertCLITests.python) scripts/check-conversion.py --busylife BUSYLIFE --corpus \(corpora) "
                                   + "--known Tests/Fixtures/convert-known-differences.txt --jcal-if-supported")
        #expect(run.status == 0, "\(run.stdout.suffix(3000))\(run.stderr.suffix(2000))")
        let summary = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        print("conversion check: \(summary)")
        #expect(summary.contains("\"failed\": 0"))
        // Most of the corpus is checked, not skipped.
        let object = try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: [String: Int]]
        #expect((object?["summary"]?["passed"] ?? 0) > 500)
    }

    /// Past `ulimit -f` a write fails (exit 74), and neither the process
    /// nor the file is cut short by SIGXFSZ: `-o` keeps the old file and
    /// leaves nothing beside it. A calendar of 3,000 events gives about
    /// 600 KB of .ics, past a limit of 100 KiB.
    @Test func aFileSizeLimitFailsTheWriteAndKeepsTheOldFile() throws {
        let folder = try temporaryFolder()
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
        for index in 0..<3_000 {
            lines += ["BEGIN:VEVENT", "UID:limit-\(index)@example.com", "DTSTART:20261101T\(String(format: "%02d", index % 24))0000Z",
                      "DURATION:PT1H", "SUMMARY:Event number \(index) with a title long enough to take room",
                      "DESCRIPTION:\(String(repeating: "words ", count: 20))", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        let input = folder.appendingPathComponent("big.ics").path
        try (lines.joined(separator: "\r\n") + "\r\n").write(toFile: input, atomically: false, encoding: .utf8)
        let output = folder.appendingPathComponent("out.ics").path
        try "old\n".write(toFile: output, atomically: false, encoding: .utf8)
        // Python sets the limit, the signal's default action and unblocks
        // it (which a shell cannot: a signal ignored or blocked where the
        // tests run stays so in every child of a shell), then runs busylife.
        let limited = "import os, resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_DFL); "
            + "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGXFSZ}); "
            + "resource.setrlimit(resource.RLIMIT_FSIZE, (102400, 102400)); os.execv(sys.argv[1], sys.argv[1:])"
        let run = try busylife([], shell: "python3 -c '\(limited)' BUSYLIFE convert \(input) -o \(output)")
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.contains("cannot write"))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["big.ics", "out.ics"])
    }

    /// events.json → .ics → events.json gives the same bytes as events.json → events.json.
    @Test(arguments: ["samples/busylife-events.json", "corpus"])
    func eventsJSONRoundTripIsByteIdentical(_ input: String) throws {
        var path = input
        if input == "corpus" {
            guard let corpora = ConvertCLITests.corpora else { print("skipped: ../shared/corpora is absent"); return }
            path = corpora + "/busylife/events.json"
        }
        let direct = try busylife(["convert", path, "--format", "events-json", "--tz", "UTC"])
        #expect(direct.status == 0, "\(direct.stderr)")
        let viaICS = try busylife([], shell: "BUSYLIFE convert \(path) --format ics | BUSYLIFE convert - --format events-json --tz UTC")
        #expect(viaICS.status == 0, "\(viaICS.stderr)")
        #expect(viaICS.stdout == direct.stdout)
        #expect(direct.stdout.split(separator: "\n").count >= 5)
        // Each event's fields, the fraction of a second and the avatar included.
        if input != "corpus" {
            #expect(direct.stdout.contains(#"{"startDate":1795824000.5,"range":5432,"type":2,"title":"Design review""#))
            #expect(direct.stdout.contains(#""attends":[{"name":"Mia","email":"mia@busylife.example","avatar":"mia"}]"#))
            #expect(direct.stdout.contains(#""location":{"name":"Blue Bottle","city":"Tokyo","latitude":35.6654,"longitude":139.7101}"#))
        }
    }

    /// CSV read back with Python's csv module: the header, every row, every field.
    @Test func csvReadsBackWithPythonsCSVModule() throws {
        let script = """
        import csv, json, sys
        rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
        print(json.dumps(rows))
        """
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("out.csv").path
        let made = try busylife(["convert", "samples/", "--from", "2026-11-20", "--to", "2026-12-12",
                                 "--tz", "America/New_York", "-o", file])
        #expect(made.status == 0, "\(made.stderr)")
        let read = try busylife([], shell: "python3 -c '\(script)' \(file)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String]])
        #expect(rows.first == ["Subject", "Start Date", "Start Time", "End Date", "End Time", "All Day Event",
                               "Description", "Location", "Private"])
        #expect(rows.count == 16)
        #expect(rows.dropFirst().allSatisfy { $0.count == 9 })
        #expect(rows.contains(["Thanksgiving", "11/26/2026", "", "11/26/2026", "", "True", "", "", "False"]))
        #expect(rows.contains(["Quarterly review", "11/26/2026", "9:00 AM", "11/26/2026", "10:30 AM", "False", "",
                               "Berlin HQ, 3rd floor", "False"]))
        let devcon = try #require(rows.first { $0[0] == "DevCon Lisbon" })
        #expect(devcon[6] == "Three days of talks.\nBadge pick-up from 08:00.")
        #expect(devcon[7] == "Centro de Congressos, Lisboa")
        // Other columns, in the order asked for.
        let chosen = try busylife(["convert", "samples/meeting.ics", "--format", "csv", "--from", "2026-11-02", "--to", "2026-11-02",
                                   "--tz", "America/New_York", "--csv-columns", "uid,start,end,busy"])
        #expect(chosen.stdout == "UID,Start,End,Busy\r\nstandup-2026@busylife.example,2026-11-02T09:30:00-05:00,2026-11-02T09:45:00-05:00,True\r\n")
        let unknown = try busylife(["convert", "samples/meeting.ics", "--format", "csv", "--csv-columns", "Subject,Colour"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown column \"Colour\""))
    }

    /// What we write parses in Python's icalendar: as stored, expanded, and from events.json.
    @Test func writtenCalendarsParseInPythonsIcalendar() throws {
        guard FileManager.default.isExecutableFile(atPath: ConvertCLITests.python) else {
            print("skipped: .venv has no Python with icalendar (run scripts/setup.sh)")
            return
        }
        let script = "import icalendar, sys; c = icalendar.Calendar.from_ical(sys.stdin.buffer.read()); print(len(c.walk(\"VEVENT\")), len(c.walk(\"VTIMEZONE\")))"
        for (arguments, expected) in [("samples/", "10 4"), ("samples/ --expand --from 2026-11-20 --to 2026-12-12 --tz America/New_York", "15 4"),
                                      ("samples/busylife-events.json", "3 0")] {
            let run = try busylife([], shell: "BUSYLIFE convert \(arguments) | \(ConvertCLITests.python) -c '\(script)'")
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(arguments)")
        }
    }

    /// Reading an expanded file gives the occurrences of the original in the window.
    @Test func expandedOutputHasTheSameOccurrences() throws {
        let window = ["--from", "2026-11-20", "--to", "2026-12-12", "--tz", "America/New_York"]
        let original = try busylife(["occurrences", "samples/"] + window)
        let expanded = try busylife([], shell: "BUSYLIFE convert samples/ --expand \(window.joined(separator: " ")) | BUSYLIFE occurrences - \(window.joined(separator: " "))")
        func keys(_ text: String) throws -> [String] {
            try text.split(separator: "\n").map { line in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return "\(object["uid"] ?? "") \(object["startUTC"] ?? "") \(object["endUTC"] ?? "") \(object["title"] ?? "")"
            }.sorted()
        }
        #expect(try keys(expanded.stdout) == keys(original.stdout))
        #expect(try keys(original.stdout).count == 15)
        // No rules are left, and each instance of a series says which it is.
        let ics = try busylife(["convert", "samples/meeting.ics", "--expand"] + window)
        #expect(!ics.stdout.contains("RRULE") && !ics.stdout.contains("EXDATE"))
        #expect(ics.stdout.contains("RECURRENCE-ID;TZID=America/New_York:20261130T093000\r\n"))
    }

    /// -o: the extension names the format; a refused run leaves the old file.
    @Test func outputFileChoosesTheFormatAndIsWrittenSafely() throws {
        let folder = try temporaryFolder()
        let csv = folder.appendingPathComponent("november.csv").path
        #expect(try busylife(["convert", "samples/meeting.ics", "--from", "2026-11-01", "--to", "2026-11-30", "-o", csv]).status == 0)
        #expect(try String(contentsOfFile: csv, encoding: .utf8).hasPrefix("Subject,Start Date"))
        let json = folder.appendingPathComponent("events.json").path
        #expect(try busylife(["convert", "samples/meeting.ics", "-o", json, "--from", "2026-11-01", "--to", "2026-11-30"]).status == 0)
        #expect(try String(contentsOfFile: json, encoding: .utf8).hasPrefix("[\n  {\"startDate\":"))
        // --strict refusing a warning: the old file stays, whole.
        let ics = folder.appendingPathComponent("out.ics").path
        try "old\n".write(toFile: ics, atomically: true, encoding: .utf8)
        chmod(ics, 0o600)
        let broken = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261101T100000Z\r\nDTEND:20261101T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let refused = try busylife(["convert", "-", "--strict", "-o", ics], stdin: broken)
        #expect(refused.status == 65)
        #expect(try String(contentsOfFile: ics, encoding: .utf8) == "old\n")
        // A run that writes keeps the file's permission bits.
        #expect(try busylife(["convert", "samples/meeting.ics", "-o", ics]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: ics)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try String(contentsOfFile: ics, encoding: .utf8).hasPrefix("BEGIN:VCALENDAR\r\n"))
        // A --calendar that names nothing is a usage error, and nothing is written.
        let missing = folder.appendingPathComponent("none.ics").path
        #expect(try busylife(["convert", "samples/", "--calendar", "Nope", "-o", missing]).status == 64)
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix(".") })
    }

    /// Two inputs with one TZID for different rules: the second is renamed, with a warning.
    @Test func clashingTimeZoneNamesAreRenamed() throws {
        func calendar(_ offset: String, _ uid: String) -> String {
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTIMEZONE\r\nTZID:Office\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
            + "TZOFFSETFROM:\(offset)\r\nTZOFFSETTO:\(offset)\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\n"
            + "DTSTAMP:20260101T000000Z\r\nDTSTART;TZID=Office:20261102T090000\r\nDTEND;TZID=Office:20261102T100000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        }
        let folder = try temporaryFolder()
        try calendar("+0100", "a").write(to: folder.appendingPathComponent("a.ics"), atomically: true, encoding: .utf8)
        try calendar("+0900", "b").write(to: folder.appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
        let run = try busylife(["convert", folder.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("two different time zones are named \"Office\""))
        #expect(run.stdout.contains("TZID:Office\r\n") && run.stdout.contains("TZID:Office-2\r\n"))
        #expect(run.stdout.contains("DTSTART;TZID=Office-2:20261102T090000"))
        // Read back, both events keep their instants.
        let back = try busylife([], shell: "BUSYLIFE convert \(folder.path) | BUSYLIFE events - --format ndjson")
        #expect(back.stdout.contains("\"startUTC\":\"2026-11-02T08:00:00Z\"") && back.stdout.contains("\"startUTC\":\"2026-11-02T00:00:00Z\""))
    }
    /// A UTC time at the very end of year 9999 falls in year 10000 on
    /// Tokyo's wall clock: the generated VTIMEZONE stops at 9999 instead
    /// of crashing, as .ics and as jCal (the unreadable rule is an error, exit 2).
    @Test(arguments: ["ics", "jcal"])
    func aTimeAtTheEndOfYear9999GetsItsZone(_ format: String) throws {
        let input = "BEGIN:VCALENDAR\r\nX-WR-TIMEZONE:Asia/Tokyo\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:99991231T235959Z\r\n"
            + "RRULE:FREQ=BOGUS\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let run = try busylife(["convert", "-", "--format", format], stdin: input)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stdout.contains(format == "ics" ? "TZID:Asia/Tokyo\r\n" : #"["tzid",{},"text","Asia/Tokyo"]"#))
        #expect(run.stdout.contains(format == "ics" ? "DTSTART:99991231T235959Z\r\n" : "9999-12-31T23:59:59Z"))
    }

    /// No event to write (none at all, or only a VFREEBUSY): events.json
    /// is still `[]` and CSV its header, and busylife reads the empty
    /// events.json back without complaint.
    @Test(arguments: ["", "BEGIN:VFREEBUSY\r\nUID:f\r\nDTSTART:20261101T000000Z\r\nDTEND:20261102T000000Z\r\nFREEBUSY:20261101T100000Z/PT1H\r\nEND:VFREEBUSY\r\n"])
    func nothingToWriteIsStillAFileOfItsFormat(_ components: String) throws {
        let input = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n\(components)END:VCALENDAR\r\n"
        let json = try busylife(["convert", "-", "--format", "events-json"], stdin: input)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout == "[\n]\n")
        let back = try busylife(["days", "-", "--from", "2026-11-01", "--to", "2026-11-01"], stdin: json.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        let csv = try busylife(["convert", "-", "--format", "csv"], stdin: input)
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout == "Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,Private\r\n")
    }
    /// A generated VTIMEZONE covers every instance of a series: an
    /// Outlook series to its UTC UNTIL, a COUNT series to its last
    /// instance, a series without an end through the zone's current rule.
    /// recurring-ical-events reads the written file with each TZID renamed,
    /// so that only the file's own VTIMEZONEs can place the instances.
    @Test func writtenZonesCoverEverySeriesToItsEnd() throws {
        guard FileManager.default.isExecutableFile(atPath: ConvertCLITests.python) else {
            print("skipped: .venv has no Python with recurring-ical-events (run scripts/setup.sh)")
            return
        }
        func series(_ uid: String, _ tzid: String, _ start: String, _ rule: String) -> String {
            "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20200601T000000Z\r\nDTSTART;TZID=\(tzid):\(start)\r\n"
                + "DTEND;TZID=\(tzid):\(start.dropLast(4))5900\r\nRRULE:\(rule)\r\nSUMMARY:\(uid)\r\nEND:VEVENT\r\n"
        }
        let input = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN\r\n"
            + series("until", "Eastern Standard Time", "20200702T133000", "FREQ=WEEKLY;UNTIL=20210828T173000Z;BYDAY=TH")
            + series("count", "Europe/Berlin", "20200702T090000", "FREQ=MONTHLY;COUNT=20")
            + series("open", "Australia/Sydney", "20200702T100000", "FREQ=WEEKLY")
            + "END:VCALENDAR\r\n"
        let script = """
        import datetime, re, sys, icalendar, recurring_ical_events
        text = re.sub(r"TZID([:=])([A-Za-z/_]+)", lambda m: "TZID" + m.group(1) + "Renamed " + m.group(2).replace("/", " "), sys.stdin.read())
        calendar = icalendar.Calendar.from_ical(text)
        found = []
        for day in sys.argv[1:]:
            start = datetime.date.fromisoformat(day)
            for event in recurring_ical_events.of(calendar).between(start, start + datetime.timedelta(days=1)):
                found.append(event["SUMMARY"] + " " + event["DTSTART"].dt.astimezone(datetime.timezone.utc).isoformat())
        print("\\n".join(sorted(found)))
        """
        let days = "2021-07-01 2022-02-02 2045-07-06"
        let run = try busylife([], stdin: input, shell: "BUSYLIFE convert - | \(ConvertCLITests.python) -c '\(script)' \(days)")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n") == ["count 2022-02-02T08:00:00+00:00", "open 2021-07-01T00:00:00+00:00",
                                                      "open 2045-07-06T00:00:00+00:00", "until 2021-07-01T17:30:00+00:00"])
        // The series without an end ends its VTIMEZONE with the rule in force.
        let written = try busylife(["convert", "-"], stdin: input)
        #expect(written.stdout.contains("RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU\r\n"))
    }
    /// A zone only the end uses (a red-eye flight's arrival) is covered
    /// to the series' end too, not only in the year of the DTEND written.
    @Test func anEndsZoneIsCoveredToTheSeriesEnd() throws {
        let input = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:redeye\r\nDTSTART;TZID=America/New_York:20200105T180000\r\n"
            + "DTEND;TZID=Europe/London:20200106T070000\r\nRRULE:FREQ=WEEKLY;UNTIL=20220630T000000Z\r\n"
            + "SUMMARY:Red-eye\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let run = try busylife(["convert", "-"], stdin: input)
        #expect(run.status == 0, "\(run.stderr)")
        let london = run.stdout.components(separatedBy: "TZID:Europe/London\r\n").last?.components(separatedBy: "END:VTIMEZONE").first ?? ""
        #expect(london.contains("20220327T010000"), "\(london)")
    }

    /// Finding where COUNT series end walked every rule outside any
    /// budget: 29 February at one second past one, from year 1, took most
    /// of a second a series. The walk shares one budget; past it a series
    /// is covered as one without an end.
    @Test func sparseCountRulesDoNotStallConversion() throws {
        var input = "BEGIN:VCALENDAR\r\n"
        for index in 0..<600 {
            input += "BEGIN:VEVENT\r\nUID:s\(index)\r\nDTSTART;TZID=Europe/Berlin:00010105T180000\r\n"
                + "RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=29;BYHOUR=1;BYMINUTE=1;BYSECOND=1;COUNT=999\r\nEND:VEVENT\r\n"
        }
        input += "END:VCALENDAR\r\n"
        let run = try busylife([], stdin: input, shell: "timeout 120 BUSYLIFE convert -")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\n"))
    }

    /// events.json cannot say an event is free: Thanksgiving (all day)
    /// reads back as a busy day, and a warning says so; `--busy-only`
    /// leaves it out, and the day reads back free, as the .ics gives it.
    /// CSV names it only without the columns that carry it.
    @Test func freeTimeWrittenAsBusyIsNamedOrLeftOut() throws {
        let input = "samples/holidays-and-conference.ics"
        let day = "--from 2026-11-26 --to 2026-11-26 --tz America/New_York"
        func busySeconds(_ text: String) -> String? {
            text.firstMatch(of: /"busySeconds":([0-9]+)/).map { String($0.1) }
        }
        #expect(busySeconds(try busylife([], shell: "BUSYLIFE days \(input) \(day)").stdout) == "0")
        let written = try busylife(["convert", input, "--format", "events-json", "--tz", "America/New_York"])
        #expect(written.status == 2)
        #expect(written.stderr.contains("warning: 1 occurrence is not busy time (transparent, cancelled, declined or all-day) "
                                        + "but read back as busy: events.json cannot say so; --busy-only leaves them out"))
        // An all-day event: the local midnight of its date, a day long.
        #expect(written.stdout.contains(#"{"startDate":1795669200,"range":86400,"title":"Thanksgiving","attends":[]}"#))
        let busy = try busylife([], shell: "BUSYLIFE convert \(input) --format events-json --tz America/New_York 2>/dev/null | BUSYLIFE days - \(day)")
        #expect(busySeconds(busy.stdout) == "86400")
        let left = try busylife([], shell: "BUSYLIFE convert \(input) --format events-json --tz America/New_York --busy-only | BUSYLIFE days - \(day)")
        #expect(left.status == 0, "\(left.stderr)")
        #expect(busySeconds(left.stdout) == "0")
        #expect(left.stderr.isEmpty)
        // CSV: Google's columns carry all-day; Subject, Start and End do not.
        #expect(try busylife(["convert", input, "--format", "csv"]).status == 0)
        let plain = try busylife(["convert", input, "--format", "csv", "--csv-columns", "Subject,Start,End"])
        #expect(plain.status == 2 && plain.stderr.contains("CSV without a Busy column cannot say so"))
        let only = try busylife(["convert", input, "--format", "csv", "--csv-columns", "Subject,Start,End", "--busy-only"])
        #expect(only.status == 0 && !only.stdout.contains("Thanksgiving"))
        // .ics keeps TRANSP and STATUS: the flag is refused there.
        #expect(try busylife(["convert", input, "--busy-only"]).status == 64)
    }
    /// A file of several VCALENDARs (a CalDAV cache's pack, or files put
    /// one after the other) is written as one calendar with one VERSION
    /// and one PRODID, as Python's icalendar reads it: as stored, with a
    /// window, expanded, and as jCal. A later calendar adds only what the
    /// first does not have; differently named calendars give no name.
    @Test func severalCalendarsOfOneFileKeepOneVersionAndProdid() throws {
        guard FileManager.default.isExecutableFile(atPath: ConvertCLITests.python) else {
            print("skipped: .venv has no Python with icalendar (run scripts/setup.sh)")
            return
        }
        func calendar(_ uid: String, _ lines: [String]) -> String {
            (["BEGIN:VCALENDAR", "VERSION:2.0"] + lines
             + ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "DTSTART:20261102T100000Z",
                "DTEND:20261102T110000Z", "SUMMARY:\(uid)", "END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
        }
        let both = calendar("a", ["PRODID:-//First//EN", "X-WR-CALNAME:Home"])
            + calendar("b", ["PRODID:-//Second//EN", "X-WR-CALNAME:Work", "METHOD:PUBLISH", "X-ONLY-LATER:yes"])
        let path = try temporaryFolder().appendingPathComponent("both.ics").path
        try both.write(toFile: path, atomically: true, encoding: .utf8)
        let script = """
        import sys, icalendar
        text = sys.stdin.read()
        c = icalendar.Calendar.from_jcal(text) if sys.argv[1] == "jcal" else icalendar.Calendar.from_ical(text)
        print(*[type(c.get(n)).__name__ + "=" + str(c.get(n)) for n in ["VERSION", "PRODID", "X-WR-CALNAME", "METHOD", "X-ONLY-LATER"]])
        print(len(c.walk("VEVENT")))
        """
        let window = "--from 2026-11-01 --to 2026-11-30"
        for (arguments, format) in [("", "ics"), (window, "ics"), ("--expand", "ics"), (window + " --expand", "ics"),
                                    ("--format jcal", "jcal"), ("--format jcal --expand " + window, "jcal")] {
            let run = try busylife([], shell: "BUSYLIFE convert \(path) \(arguments) | \(ConvertCLITests.python) -c '\(script)' \(format)")
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.split(separator: "\n") == ["vText=2.0 vText=-//First//EN NoneType=None NoneType=None vUnknown=yes", "2"],
                    "\(arguments)")
        }
    }

    /// A vdir collection's events belong to its display name, over any
    /// X-WR-CALNAME of its files: converted, it is the calendar's name;
    /// two collections give none, with a note, as two named inputs do.
    @Test func aCollectionConvertsUnderItsDisplayName() throws {
        let folder = try temporaryFolder()
        func item(_ uid: String, _ lines: [String] = []) -> String {
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + lines
             + ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "DTSTART:20261102T100000Z",
                "END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
        }
        for (calendar, name) in [("work", "Work, shared"), ("home", "Home")] {
            let path = folder.appendingPathComponent(calendar).path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try "\(name)\n".write(toFile: path + "/displayname", atomically: true, encoding: .utf8)
            try item(calendar + "-a").write(toFile: path + "/a.ics", atomically: true, encoding: .utf8)
            try item(calendar + "-b", ["X-WR-CALNAME:Old name"]).write(toFile: path + "/b.ics", atomically: true, encoding: .utf8)
        }
        for format in ["ics", "jcal"] {
            let one = try busylife(["convert", folder.appendingPathComponent("work").path, "--format", format])
            #expect(one.status == 0, "\(one.stderr)")
            let lines = one.stdout.split(separator: format == "ics" ? "\r\n" : "\n")
            #expect(one.stdout.components(separatedBy: "Work\\").count == 2 && one.stdout.contains(", shared")
                    && !one.stdout.contains("Old name"), "\(one.stdout)")
            #expect(lines.filter { $0.lowercased().contains("x-wr-calname") }.count == 1, "\(one.stdout)")
        }
        let both = try busylife(["convert", folder.path, "-v"])
        #expect(both.status == 0 && !both.stdout.contains("X-WR-CALNAME"), "\(both.stdout)")
        #expect(both.stderr.contains("the inputs name 2 calendars (Home, Work\\, shared); the merged calendar gets no X-WR-CALNAME"),
                "\(both.stderr)")
    }

    /// The same calendar twice (folded and ended differently) is written
    /// once, with a note; the same UID, RECURRENCE-ID and SEQUENCE with
    /// other content is written too, with a warning.
    @Test func theSameCalendarTwiceIsWrittenOnce() throws {
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
                     "BEGIN:VEVENT", "UID:weekly@test", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=Europe/Berlin:20261102T090000",
                     "DURATION:PT30M", "RRULE:FREQ=WEEKLY;COUNT=5", "SUMMARY:Weekly sync with a title long enough to be folded somewhere", "END:VEVENT",
                     "BEGIN:VEVENT", "UID:weekly@test", "DTSTAMP:20260101T000000Z", "RECURRENCE-ID;TZID=Europe/Berlin:20261109T090000",
                     "DTSTART;TZID=Europe/Berlin:20261109T100000", "DURATION:PT30M", "SUMMARY:Weekly sync (moved)", "END:VEVENT",
                     "BEGIN:VTODO", "UID:todo@test", "DTSTAMP:20260101T000000Z", "SUMMARY:Write the minutes", "END:VTODO",
                     "END:VCALENDAR"]
        let folder = try temporaryFolder()
        let first = folder.appendingPathComponent("a.ics").path
        let again = folder.appendingPathComponent("b.ics").path
        let changed = folder.appendingPathComponent("c.ics").path
        try (lines.joined(separator: "\r\n") + "\r\n").write(toFile: first, atomically: true, encoding: .utf8)
        let folded = lines.map { $0.count > 40 ? $0.prefix(40) + "\n " + $0.dropFirst(40) : $0 }
        try (folded.joined(separator: "\n") + "\n").write(toFile: again, atomically: true, encoding: .utf8)
        try (lines.map { $0 == "SUMMARY:Weekly sync (moved)" ? "SUMMARY:Weekly sync (moved again)" : $0 }.joined(separator: "\r\n") + "\r\n")
            .write(toFile: changed, atomically: true, encoding: .utf8)
        for window in [[], ["--from", "2026-11-01", "--to", "2026-11-30"]] {
            let twice = try busylife(["convert", first, again, "-v"] + window)
            #expect(twice.status == 0, "\(twice.stderr)")
            #expect(twice.stdout.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2, "\(window)")
            if window.isEmpty { #expect(twice.stdout.components(separatedBy: "BEGIN:VTODO").count - 1 == 1) }
            #expect(twice.stderr.contains("note: \(window.isEmpty ? 3 : 2) components read again, identical, written once"))
        }
        let other = try busylife(["convert", first, changed])
        #expect(other.status == 2)
        #expect(other.stdout.components(separatedBy: "BEGIN:VEVENT").count - 1 == 3)
        #expect(other.stdout.contains("SUMMARY:Weekly sync (moved)\r\n") && other.stdout.contains("SUMMARY:Weekly sync (moved again)\r\n"))
        #expect(other.stderr.contains("warning: 1 component with the UID, RECURRENCE-ID and SEQUENCE of another but different content "
                                      + "(the first: UID weekly@test); all are written"))
    }
}
