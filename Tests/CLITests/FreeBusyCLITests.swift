import Foundation
import Testing

/// `free`, `busy` and `conflicts` end to end, and VFREEBUSY input in the
/// other commands (docs/free.md). Fixtures: Tests/Fixtures/freebusy
/// (Alice's calendar in New York, Bob's published VFREEBUSY, Carol's
/// calendar in Berlin), the week of Monday 23 November 2026.
@Suite struct FreeBusyCLITests {
    static let people = "Tests/Fixtures/freebusy/alice.ics Tests/Fixtures/freebusy/bob.ifb Tests/Fixtures/freebusy/carol.ics"
    static let week = "--today 2026-11-23 --tz America/New_York"

    static let goldens: [(String, String)] = [
        ("free-en_US.txt", "BUSYLIFE free \(people) \(week) --locale en_US --me alice@example.com"),
        ("free-de_DE-buffer.txt", "BUSYLIFE free \(people) \(week) --locale de_DE --me alice@example.com --buffer 10m --min 1h"),
        ("free-trip.txt", "BUSYLIFE free \(people) \(week) --locale en_US --travel 2026-11-25T22:00Z=Asia/Tokyo"),
        ("free-trip.ndjson", "BUSYLIFE free \(people) \(week) --format ndjson --travel 2026-11-25T22:00Z=Asia/Tokyo"),
        ("free.json", "BUSYLIFE free \(people) \(week) --format json --hours 08:30-16:30 --workdays Mon,Wed,Fri --min 45m"),
        ("free.ics", "BUSYLIFE free \(people) \(week) --format ics --me alice@example.com"),
        ("busy.txt", "BUSYLIFE busy \(people) \(week) --locale en_US --me alice@example.com"),
        ("busy.json", "BUSYLIFE busy \(people) \(week) --format json --me alice@example.com --all-day-busy"),
        ("busy.ics", "BUSYLIFE busy \(people) \(week) --format ics --me alice@example.com"),
        ("conflicts.txt", "BUSYLIFE conflicts \(people) \(week) --locale en_US --to 2026-11-29"),
        ("conflicts-between.ndjson", "BUSYLIFE conflicts \(people) \(week) --to 2026-11-29 --between-inputs --format ndjson"),
    ]

    @Test(arguments: goldens.map(\.0))
    func matchesTheRecordedOutput(_ name: String) throws {
        let run = try busylife([], shell: FreeBusyCLITests.goldens.first { $0.0 == name }!.1)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        try GoldenTests().compare(run.stdout, name)
    }

    @Test func outputIsDeterministic() throws {
        for command in ["free", "busy --format ics", "conflicts --format ndjson"] {
            let shell = "BUSYLIFE \(command) \(FreeBusyCLITests.people) \(FreeBusyCLITests.week)"
            #expect(try busylife([], shell: shell).stdout == busylife([], shell: shell).stdout)
        }
    }

    /// The default window: today and the next 6 days; `--from` alone, 7 days from it.
    @Test func defaultWindowIsAWeek() throws {
        let run = try busylife([], shell: "BUSYLIFE free Tests/Fixtures/freebusy/alice.ics \(FreeBusyCLITests.week) --format ndjson --workdays Mon-Sun --min 0")
        let dates = Set(run.stdout.split(separator: "\n").map { $0.components(separatedBy: "\"date\":\"")[1].prefix(10) })
        #expect(dates.sorted() == ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"])
        let from = try busylife([], shell: "BUSYLIFE free Tests/Fixtures/freebusy/alice.ics --today 2026-11-01 --from 2026-11-23 --tz America/New_York --format json")
        #expect(from.stdout.contains("\"window\":{\"from\":\"2026-11-23\",\"to\":\"2026-11-29\""))
        let busy = try busylife([], shell: "BUSYLIFE busy Tests/Fixtures/freebusy/bob.ifb \(FreeBusyCLITests.week) --format json")
        #expect(busy.stdout.contains("\"window\":{\"from\":\"2026-11-23\",\"to\":\"2026-11-29\""))
    }

    /// What `busy --format ics` writes reads back to the same busy seconds
    /// per day, for a viewer at home and a traveller, with the flags that
    /// choose busy time.
    @Test(arguments: ["--me alice@example.com", "--all-day-busy --travel 2026-11-25T22:00Z=Asia/Tokyo", "--calendar Alice --search e"])
    func busyRoundTripsThroughVFREEBUSY(_ flags: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-\(UUID().uuidString).ifb").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let window = "\(FreeBusyCLITests.week) --from 2026-11-20 --to 2026-12-02"
        let written = try busylife([], shell: "BUSYLIFE busy \(FreeBusyCLITests.people) \(window) \(flags) --format ics -o \(file)")
        #expect(written.status == 0, "\(written.stderr)")
        let travel = flags.contains("--travel") ? "--travel 2026-11-25T22:00Z=Asia/Tokyo" : ""
        let original = try busylife([], shell: "BUSYLIFE days \(FreeBusyCLITests.people) \(window) \(flags) --format ndjson")
        let readBack = try busylife([], shell: "BUSYLIFE days \(file) \(window) \(travel) --format ndjson")
        #expect(readBack.status == 0, "\(readBack.stderr)")
        func busySeconds(_ text: String) -> [String] {
            text.split(separator: "\n").map { line in
                let date = line.components(separatedBy: "\"date\":\"")[1].prefix(10)
                let seconds = line.components(separatedBy: "\"busySeconds\":")[1].prefix { $0 != "," }
                return "\(date) \(seconds)"
            }
        }
        #expect(busySeconds(readBack.stdout) == busySeconds(original.stdout))
        #expect(busySeconds(original.stdout).contains { !$0.hasSuffix(" 0") })
        // And it is a VFREEBUSY that our reader takes without a word.
        let check = try busylife(["check", file])
        #expect(check.status == 0)
        #expect(check.stdout.contains("free/busy: 1 VFREEBUSY component"))
        #expect(check.stdout.contains("diagnostics: 0 errors, 0 warnings, 0 notes"))
    }

    /// A VFREEBUSY counts as busy time in `days` and `heatmap`, and
    /// `events` and `check` report it, inside an .ics too.
    @Test func vfreebusyInputCountsEverywhere() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Dana\r\nBEGIN:VFREEBUSY\r\nUID:dana\r\n"
            + "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20261123T140000Z/PT2H\r\nFREEBUSY:20261123T180000Z/20261123T183000Z\r\n"
            + "END:VFREEBUSY\r\nEND:VCALENDAR\r\n"
        let days = try busylife(["days", "-", "--from", "2026-11-23", "--to", "2026-11-23", "--tz", "UTC", "--format", "ndjson"], stdin: text)
        #expect(days.status == 0)
        #expect(days.stdout.contains("\"busySeconds\":9000"))
        #expect(days.stdout.contains("\"title\":\"Busy (tentative)\""))
        let heatmap = try busylife(["heatmap", "-", "--from", "2026-11-23", "--to", "2026-11-23", "--tz", "UTC", "--format", "tsv"], stdin: text)
        #expect(heatmap.stdout.contains("2026-11-23\t"))
        #expect(heatmap.stdout.contains("\t9000"))
        let events = try busylife(["events", "-"], stdin: text)
        #expect(events.stdout.split(separator: "\n").count == 2)
        #expect(events.stdout.contains("\"uid\":\"dana/20261123T140000Z/20261123T160000Z\""))
        #expect(events.stdout.contains("\"calendar\":\"Dana\""))
        let check = try busylife(["check", "--format", "json", "-"], stdin: text)
        #expect(check.stdout.contains("\"events\":2"))
        #expect(check.stdout.contains("\"freeBusyComponents\":1"))
        let bad = try busylife(["check", "-"], stdin: text.replacingOccurrences(of: "20261123T180000Z/20261123T183000Z", with: "tomorrow"))
        #expect(bad.status == 2)
        #expect(bad.stdout.contains("<stdin>:7: error: FREEBUSY period \"tomorrow\" is not start/end or start/duration; its busy time is dropped"))
    }

    @Test func conflictsBeyondTheLimitAreCountedAndNamed() throws {
        let run = try busylife([], shell: "BUSYLIFE conflicts \(FreeBusyCLITests.people) \(FreeBusyCLITests.week) --to 2026-11-29 --limit 2 --format ndjson")
        #expect(run.status == 2)
        #expect(run.stdout.split(separator: "\n").count == 2)
        #expect(run.stderr.contains("warning: 6 pairs of busy events overlap in the window; the first 2 by where the overlap starts are listed, 4 are not"))
        let none = try busylife([], shell: "BUSYLIFE conflicts Tests/Fixtures/freebusy/bob.ifb \(FreeBusyCLITests.week) --locale en_US")
        #expect(none.status == 0)
        #expect(none.stdout == "no conflicts\n")
    }

    @Test func usageErrors() throws {
        let input = "Tests/Fixtures/freebusy/alice.ics"
        for (arguments, message) in [
            (["free", input, "--hours", "17:00-09:00"], "--hours wants HH:MM-HH:MM within one day"),
            (["free", input, "--workdays", "Lundi"], "--workdays wants days such as Mon-Fri"),
            (["free", input, "--min", "30"], "--min wants a length such as 30m"),
            (["free", input, "--buffer", "13h"], "--buffer is at most 12h"),
            (["free", input, "--format", "xml"], "--format"),
            (["conflicts", input, "--between-inputs"], "--between-inputs wants two inputs or more"),
            (["conflicts", input, "--limit", "0"], "--limit wants a positive number"),
            (["busy", input, "--calendar", "Nobody"], "--calendar \"Nobody\" matches no calendar of the input; its calendars: Alice"),
        ] {
            let run = try busylife(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
        }
        #expect(try busylife(["free", "Tests/Fixtures/freebusy/nothing.ics"]).status == 66)
    }

    @Test func noWorkingTimeIsSaid() throws {
        let run = try busylife(["free", "Tests/Fixtures/freebusy/alice.ics", "--from", "2026-11-28", "--to", "2026-11-29", "--tz", "UTC"])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "busylife: no working time from 2026-11-28 to 2026-11-29 (--workdays Mon-Fri, --hours 09:00-17:00)\n")
        // The locale's working week: Sunday to Thursday in Israel.
        let israel = try busylife(["free", "Tests/Fixtures/freebusy/alice.ics", "--from", "2026-11-27", "--to", "2026-11-29",
                                   "--tz", "Asia/Jerusalem", "--locale", "he_IL", "--format", "ndjson"])
        #expect(israel.stdout.contains("\"date\":\"2026-11-29\"") && !israel.stdout.contains("\"date\":\"2026-11-27\""))
    }

    @Test func outputFileIsWrittenSafely() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("free.ics").path
        let run = try busylife(["free", "Tests/Fixtures/freebusy/alice.ics", "--today", "2026-11-23", "--format", "ics", "-o", file])
        #expect(run.status == 0 && run.stdout.isEmpty)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.contains("FREEBUSY;FBTYPE=FREE:"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["free.ics"])
        for command in ["free", "busy", "conflicts"] {
            #expect(try busylife([command, "Tests/Fixtures/freebusy/alice.ics", "-o", "/dev/full"]).status == 74)
        }
    }

    @Test func helpShowsExamples() throws {
        for command in ["free", "busy", "conflicts"] {
            let run = try busylife([command, "--help"])
            #expect(run.stdout.contains("EXAMPLES:\n  busylife \(command) "))
            #expect(run.stdout.contains("66  an input is missing or unreadable"))
        }
        #expect(try busylife(["--help"]).stdout.contains("free"))
    }
}
