import Foundation
import Testing

/// The everyday command line (issue 17): dates people type, each
/// command's default window, the configuration file, help that survives
/// copy and paste, the man page and completion scripts.
@Suite struct EverydayCLITests {
    static let today = ["--today", "2026-11-22", "--tz", "UTC"]

    /// The first and last dates of a JSON document's "window" (or of
    /// heatmap's top level).
    func window(_ run: Run) throws -> String {
        let first = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
        guard let from = first.range(of: "\"from\":\""), let to = first.range(of: "\"to\":\"") else { return "no window in \(first.prefix(200))" }
        return String(first[from.upperBound...].prefix(10)) + "..." + String(first[to.upperBound...].prefix(10))
    }

    /// The dates `agenda --empty-days` lists.
    func agendaDates(_ extra: [String]) throws -> String {
        let run = try busylife(["agenda", "samples/"] + Self.today + ["--locale", "en_US", "--empty-days", "--template", "{{#first-of-day}}{{date}}{{/first-of-day}}"] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        let dates = run.stdout.split(separator: "\n").filter { !$0.isEmpty }
        return "\(dates.first ?? "")...\(dates.last ?? "") (\(dates.count))"
    }

    // MARK: Default windows

    @Test func agendaShowsTodayAndTheNextSixDays() throws {
        #expect(try agendaDates([]) == "2026-11-22...2026-11-28 (7)")
        #expect(try agendaDates(["--days", "3"]) == "2026-11-22...2026-11-24 (3)")
        #expect(try agendaDates(["--from", "monday"]) == "2026-11-23...2026-11-29 (7)")
        #expect(try agendaDates(["--to", "2026-12-31"]) == "2026-12-25...2026-12-31 (7)")
        #expect(try agendaDates(["--from", "2026-12"]) == "2026-12-01...2026-12-31 (31)")
        #expect(try agendaDates(["--from", "2026-W48"]) == "2026-11-23...2026-11-29 (7)")
        #expect(try agendaDates(["--from", "tomorrow", "--to", "+2d"]) == "2026-11-23...2026-11-25 (3)")
        #expect(try agendaDates(["--today", "2026-11-30", "--from", "yesterday", "--days", "2"]) == "2026-11-29...2026-11-30 (2)")
    }

    /// Each command's window when no --from or --to is given.
    @Test(arguments: [
        (["days", "samples/"], "2026-10-22...2026-12-23"),
        (["days", "samples/", "--from", "2027-03-01"], "2027-03-01...2027-05-02"),
        (["days", "samples/", "--to", "2025-01-31"], "2024-11-30...2025-01-31"),
        (["days", "samples/", "--from", "2026"], "2026-01-01...2026-12-31"),
        (["heatmap", "samples/", "--format", "json", "--locale", "en_US"], "2025-11-23...2026-11-28"),
        (["heatmap", "samples/", "--format", "json", "--week-start", "mon"], "2025-11-17...2026-11-22"),
        (["heatmap", "samples/", "--format", "json", "--year", "2025"], "2025-01-01...2025-12-31"),
        (["heatmap", "samples/", "--format", "json", "--from", "2026-11"], "2026-11-01...2026-11-30"),
        (["free", "samples/", "--format", "json"], "2026-11-22...2026-11-28"),
        (["busy", "samples/", "--format", "json"], "2026-11-22...2026-11-28"),
        (["busy", "samples/", "--format", "json", "--to", "2026-12-31"], "2026-12-25...2026-12-31"),
    ] as [([String], String)])
    func eachCommandHasItsOwnDefaultWindow(_ arguments: [String], _ expected: String) throws {
        let run = try busylife(arguments + Self.today)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try window(run) == expected, "\(arguments)")
    }

    @Test func occurrencesKeepTodayPlusOrMinus31Days() throws {
        let run = try busylife(["occurrences", "samples/meeting.ics"] + Self.today)
        let starts = run.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "\"start\":\"") else { return nil }
            return String(line[range.upperBound...].prefix(10))
        }
        #expect(!starts.isEmpty)
        #expect(starts.allSatisfy { $0 >= "2026-10-22" && $0 <= "2026-12-23" })
        let wider = try busylife(["occurrences", "samples/meeting.ics", "--from", "2026", "--tz", "UTC"])
        #expect(wider.stdout.split(separator: "\n").count >= starts.count)
    }

    /// The --help of each command states its own default window.
    @Test(arguments: [
        ("agenda", "today and the next 6 days"),
        ("days", "today ± 31 days"),
        ("occurrences", "today ± 31 days"),
        ("heatmap", "the 53 weeks ending this week"),
        ("free", "today and the next 6 days"),
        ("busy", "today and the next 6 days"),
        ("conflicts", "today and the next 30 days"),
        ("convert", "the window covers the data"),
    ])
    func helpStatesTheDefaultWindow(_ command: String, _ phrase: String) throws {
        let run = try busylife([command, "--help"], environment: ["COLUMNS": "1000"])
        #expect(run.status == 0)
        #expect(run.stdout.contains(phrase), "\(command)")
        if command != "days" && command != "occurrences" { #expect(!run.stdout.contains("± 31"), "\(command)") }
    }

    // MARK: Dates people type

    @Test(arguments: [
        (["--from", "2026-02-30"], "--from \"2026-02-30\": no such date (2026-02 has 28 days)"),
        (["--to", "someday"], "--to \"someday\" is not a date"),
        (["--today", "2026-11"], "--today wants one day"),
        (["--from", "26"], "--from \"26\" is not a year: give four digits"),
        (["--days", "0"], "--days wants 1 to"),
    ] as [([String], String)])
    func badDatesAreUsageErrorsOfTheSubcommand(_ arguments: [String], _ message: String) throws {
        let run = try busylife(["agenda", "samples/"] + arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.contains("Usage: busylife agenda "), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// `--from -2w` as typed, not only `--from=-2w`: a date with a minus
    /// sign is the option's value, in every date option (issue 38).
    @Test func aNegativeDateIsTheValueOfItsOption() throws {
        #expect(try agendaDates(["--from", "-2w", "--days", "2"]) == "2026-11-08...2026-11-09 (2)")
        #expect(try agendaDates(["--to", "-3d"]) == "2026-11-13...2026-11-19 (7)")
        #expect(try agendaDates(["--from", "-2w", "--to", "+3d"]) == "2026-11-08...2026-11-11 (4)")
        let days = try busylife(["days", "samples/", "--from", "-1W", "--to", "+1d", "--travel", "-3d=Asia/Tokyo"] + Self.today)
        #expect(days.status == 0, "\(days.stderr)")
        #expect(try window(days) == "2026-11-15...2026-11-16")
        #expect(days.stdout.contains("\"zone\":\"Asia/Tokyo\""))
        // --today relative to the real date: the same day as `yesterday`.
        let yesterday = try busylife(["days", "samples/", "--today", "yesterday", "--from", "today", "--to", "today", "--tz", "UTC"])
        let minusOne = try busylife(["days", "samples/", "--today", "-1d", "--from", "today", "--to", "today", "--tz", "UTC"])
        #expect(minusOne.status == 0, "\(minusOne.stderr)")
        #expect(try window(minusOne) == window(yesterday))
    }

    /// A flag after a date option that lacks its value stays a flag.
    @Test func aFlagIsNeverTakenForADate() throws {
        let run = try busylife(["agenda", "samples/", "--from", "--days", "3"] + Self.today)
        #expect(run.status == 64)
        #expect(run.stderr.contains("Missing value for '--from <date>'"), "\(run.stderr)")
        let after = try busylife(["agenda", "--from", "-2w", "--", "-3d"] + Self.today)
        #expect(after.status == 66)
        #expect(after.stderr.contains("-3d: error: no such file"), "\(after.stderr)")
    }

    /// --days counts from the first day of --from even when --from names a
    /// month, and is refused beside both --from and --to (issue 38).
    @Test func daysWithFromOrToFollowsOneRule() throws {
        #expect(try agendaDates(["--from", "2026-11", "--days", "3"]) == "2026-11-01...2026-11-03 (3)")
        #expect(try agendaDates(["--from", "2026-W49", "--days", "5"]) == "2026-11-30...2026-12-04 (5)")
        #expect(try agendaDates(["--to", "2026-12", "--days", "2"]) == "2026-12-30...2026-12-31 (2)")
        #expect(try agendaDates(["--from", "2026-11"]) == "2026-11-01...2026-11-30 (30)")
        let run = try busylife(["agenda", "samples/", "--from", "2026-11-01", "--to", "2026-11-10", "--days", "5"] + Self.today)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--days with both --from and --to: give two of the three"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func heatmapYearWantsFourDigits() throws {
        let run = try busylife(["heatmap", "samples/", "--year", "26"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--year wants a year of four digits, 0001 to 9999, not \"26\""))
        #expect(run.stderr.contains("Usage: busylife heatmap "))
    }

    @Test func todayTakesWords() throws {
        // --today yesterday is a day before the real today: the window follows it.
        let run = try busylife(["days", "samples/", "--today", "+1d", "--from", "today", "--to", "today", "--tz", "UTC"])
        #expect(run.status == 0)
        let tomorrow = Date().addingTimeInterval(86_400)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: tomorrow)
        let expected = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        // Midnight can pass between the two clocks; then it is the day after.
        let later = calendar.dateComponents([.year, .month, .day], from: tomorrow.addingTimeInterval(86_400))
        let alternative = String(format: "%04d-%02d-%02d", later.year!, later.month!, later.day!)
        let got = try window(run)
        #expect(got == "\(expected)...\(expected)" || got == "\(alternative)...\(alternative)")
    }

    // MARK: Help and messages

    @Test func anUnknownLocaleIsAWarning() throws {
        let run = try busylife(["agenda", "samples/", "--locale", "xx_YY"] + ["--today", "2026-11-22"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("warning: --locale xx_YY names no locale"))
        #expect(!run.stdout.isEmpty)
        let known = try busylife(["agenda", "samples/", "--locale", "de_DE", "--today", "2026-11-22"])
        #expect(known.stderr.isEmpty)
    }

    @Test func noLineZeroInMessages() throws {
        let run = try busylife(["agenda", "nosuch.ics"])
        #expect(run.status == 66)
        #expect(run.stderr.hasPrefix("nosuch.ics: error: no such file or directory"))
        #expect(!run.stderr.contains(":0:"))
    }

    /// The EXAMPLES of every --help, at 80 columns: each line a whole
    /// command, or the continuation of one that ends with a backslash.
    @Test(arguments: ["", "events", "occurrences", "days", "agenda", "heatmap", "free", "busy", "conflicts", "convert", "check", "config"])
    func examplesAreNeverWrapped(_ command: String) throws {
        let run = try busylife((command.isEmpty ? [] : [command]) + ["--help"], environment: ["COLUMNS": "80"])
        #expect(run.status == 0)
        guard let start = run.stdout.range(of: "EXAMPLES:\n") else { Issue.record("\(command): no EXAMPLES"); return }
        var previous = ""
        for line in run.stdout[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            let continued = previous.hasSuffix("\\")
            #expect(continued ? line.hasPrefix("    ") : line.hasPrefix("  ") && !line.hasPrefix("   "),
                    "\(command): \"\(line)\" is not a command of its own")
            #expect(line.count <= 80, "\(command): \"\(line)\" is longer than 80 columns")
            previous = String(line)
        }
    }

    // MARK: The configuration file

    func configFolder(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("busylife"), withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("busylife/config.toml"), atomically: true, encoding: .utf8)
        return folder.path
    }

    @Test func agendaWithNoInputReadsTheConfiguredCalendars() throws {
        let folder = try configFolder("""
            calendars = ["\(repository.path)/samples/meeting.ics", "\(repository.path)/samples/flight.ics"]
            timezone = "America/New_York"
            locale = "de_DE"
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["XDG_CONFIG_HOME": folder, "TZ": "", "LANG": "C.UTF-8", "LC_ALL": "", "LC_TIME": ""]
        let configured = try busylife(["agenda", "--today", "2026-11-22", "--from", "2026-11-20", "--to", "2026-12-12", "--color", "never"], environment: environment)
        let given = try busylife(["agenda", "samples/meeting.ics", "samples/flight.ics", "--today", "2026-11-22", "--from", "2026-11-20",
                                  "--to", "2026-12-12", "--tz", "America/New_York", "--locale", "de_DE", "--color", "never"])
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(configured.stdout == given.stdout)
        #expect(configured.stdout.contains("Freitag, 20. November 2026"))
        for command in [["heatmap"], ["free"], ["busy"], ["days"], ["conflicts"], ["check"], ["events"]] {
            let run = try busylife(command, environment: environment)
            #expect(run.status == 0, "\(command): \(run.stderr)")
        }
    }

    /// A relative entry is read from the configuration file's folder, the
    /// current folder when BUSYLIFE_CONFIG names the file alone.
    @Test func aRelativeEntryIsReadFromTheFilesFolder() throws {
        let folder = try configFolder("calendars = [\"cal/meeting.ics\"]\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/busylife/cal", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repository.path + "/samples/meeting.ics", toPath: folder + "/busylife/cal/meeting.ics")
        for config in ["config.toml", "./config.toml", folder + "/busylife/config.toml"] {
            let run = try busylife([], shell: "cd '\(folder)/busylife' && BUSYLIFE events --format json",
                                   environment: ["BUSYLIFE_CONFIG": config])
            #expect(run.status == 0, "\(config): \(run.stderr)")
            #expect(run.stdout.contains("cal/meeting.ics\""), "\(config): \(run.stdout)")
        }
    }

    @Test func flagsWinOverTheEnvironmentWhichWinsOverTheFile() throws {
        let folder = try configFolder("""
            calendars = ["\(repository.path)/samples/meeting.ics"]
            timezone = "Asia/Tokyo"
            locale = "de_DE"
            week-start = "mon"
            working-hours = "10:00-12:00"
            working-days = "Mon,Tue"
            me = "me@example.com"

            [colors]
            work = "#ff0000"
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let base = ["XDG_CONFIG_HOME": folder, "LANG": "", "LC_ALL": "", "LC_TIME": ""]
        let fromFile = try busylife(["days", "--today", "2026-11-22"], environment: base.merging(["TZ": ""]) { $1 })
        #expect(fromFile.stdout.contains("\"tz\":\"Asia/Tokyo\""))
        let fromEnvironment = try busylife(["days", "--today", "2026-11-22"], environment: base.merging(["TZ": "Europe/Paris"]) { $1 })
        #expect(fromEnvironment.stdout.contains("\"tz\":\"Europe/Paris\""))
        let fromFlag = try busylife(["days", "--today", "2026-11-22", "--tz", "UTC"], environment: base.merging(["TZ": "Europe/Paris"]) { $1 })
        #expect(fromFlag.stdout.contains("\"tz\":\"UTC\""))
        // Locale: the file's when the environment says nothing (or C), else the environment's.
        let german = try busylife(["agenda", "--today", "2026-11-22", "--tz", "UTC"], environment: base.merging(["LANG": "C.UTF-8"]) { $1 })
        #expect(german.stdout.contains("November 2026") && german.stdout.contains("Mittwoch"))
        let japanese = try busylife(["agenda", "--today", "2026-11-22", "--tz", "UTC"], environment: base.merging(["LANG": "ja_JP.UTF-8"]) { $1 })
        #expect(japanese.stdout.contains("水曜日"))
        // Working hours and days, and the colour by calendar name (any case).
        let free = try busylife(["free", "--today", "2026-11-22", "--tz", "UTC", "--format", "json"], environment: base)
        #expect(free.stdout.contains("\"hours\":{\"start\":\"10:00\",\"end\":\"12:00\"},\"workdays\":[\"Mon\",\"Tue\"]"))
        let flagged = try busylife(["free", "--today", "2026-11-22", "--tz", "UTC", "--format", "json", "--hours", "09:00-10:00", "--workdays", "Fri"], environment: base)
        #expect(flagged.stdout.contains("\"hours\":{\"start\":\"09:00\",\"end\":\"10:00\"},\"workdays\":[\"Fri\"]"))
        let colored = try busylife(["agenda", "--today", "2026-11-22", "--tz", "UTC", "--color", "always"], environment: base)
        #expect(colored.stdout.contains("\u{1B}[38;2;255;0;0m") || colored.stdout.contains("\u{1B}[38;5;196m"))
        let busy = try busylife(["busy", "--today", "2026-11-22", "--tz", "UTC", "--format", "ics"], environment: base)
        #expect(busy.stdout.contains("ORGANIZER:mailto:me@example.com"))
        // busylife config says where each value came from.
        let shown = try busylife(["config"], environment: base.merging(["TZ": "Europe/Paris"]) { $1 })
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("(from XDG_CONFIG_HOME): read"))
        #expect(shown.stdout.contains("timezone = \"Europe/Paris\""))
        #expect(shown.stdout.contains("# TZ"))
        #expect(shown.stdout.contains("locale = \"de_DE\""))
        #expect(shown.stdout.contains("# config file, line 3"))
        #expect(shown.stdout.contains("week-start = \"mon\""))
        #expect(shown.stdout.contains("work = \"#ff0000\""))
        let path = try busylife(["config", "--path"], environment: base)
        #expect(path.stdout == folder + "/busylife/config.toml\n")
    }

    @Test func withNeitherInputNorConfigurationAUsageErrorSaysHowToConfigure() throws {
        let run = try busylife(["agenda"], environment: ["XDG_CONFIG_HOME": "/nonexistent/busylife-tests"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("name your calendars in /nonexistent/busylife-tests/busylife/config.toml: calendars = ["))
        #expect(run.stderr.contains("Usage: busylife agenda "))
        let shown = try busylife(["config"], environment: ["XDG_CONFIG_HOME": "/nonexistent/busylife-tests", "TZ": "UTC"])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("not there, so defaults"))
        #expect(shown.stdout.contains("working-hours = \"09:00-17:00\""))
        let named = try busylife(["config"], environment: ["BUSYLIFE_CONFIG": "/nonexistent/mine.toml"])
        #expect(named.status == 78)
        #expect(named.stderr == "busylife: configuration: /nonexistent/mine.toml (BUSYLIFE_CONFIG): no such file\n")
    }

    /// The configuration's zone in the forms `--tz` takes (issue 38).
    @Test(arguments: [("europe/berlin", "Europe/Berlin"), ("<+03>-3", "<+03>-3")])
    func theConfiguredZoneTakesTheFormsOfTZ(_ typed: String, _ id: String) throws {
        let folder = try configFolder("calendars = [\"\(repository.path)/samples/meeting.ics\"]\ntimezone = \"\(typed)\"\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try busylife(["days", "--today", "2026-11-22"], environment: ["XDG_CONFIG_HOME": folder, "TZ": ""])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"tz\":\"\(id)\""))
    }

    /// A malformed file exits 78 and names the line.
    @Test(arguments: [
        ("calendars = [\"a.ics\"]\nb = = 2\n", "config.toml:2:5: "),
        ("calendars = 3\n", "config.toml:1: calendars wants a list of paths"),
        ("\n\ntimezone = \"Mars/Olympus\"\n", "config.toml:3: timezone \"Mars/Olympus\" names no time zone"),
        ("working-hours = \"9-5\"\n", "config.toml:1: working-hours wants HH:MM-HH:MM"),
        ("working-days = \"weekdays\"\n", "config.toml:1: working-days wants days such as"),
        ("week-start = \"someday\"\n", "config.toml:1: week-start wants mon"),
        ("locale = 5\n", "config.toml:1: locale wants a string in quotes"),
        ("\nlocale = \"xx_YY\"\n", "config.toml:2: locale \"xx_YY\" names no locale this system knows"),
        ("calender = [\"a.ics\"]\n", "config.toml:1: calender is not a setting; settings: calendars, "),
        ("[colors]\nWork = \"blue\"\n", "config.toml:2: [colors] Work wants a colour"),
        // TOML cuts a string at a NUL: the path would name the whole folder.
        ("\ncalendars = [\"samples/\\u0000secret.ics\"]\n", "config.toml:2: a NUL character"),
        ("calendars = [\"samples/\u{0}secret.ics\"]\n", "config.toml:1: a NUL character"),
    ])
    func aMalformedFileNamesTheLine(_ text: String, _ message: String) throws {
        let folder = try configFolder(text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try busylife(["agenda"], environment: ["XDG_CONFIG_HOME": folder])
        #expect(run.status == 78)
        #expect(run.stderr.hasPrefix("busylife: configuration: \(folder)/busylife/\(message)"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// `busylife config > ~/.config/busylife/config.toml`, once the help's
    /// example, emptied the file before busylife read it: --init writes a
    /// new file (its folders made) and never replaces one.
    @Test func configInitWritesANewFileAndNeverReplacesOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-config-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["XDG_CONFIG_HOME": folder, "TZ": "Europe/Paris"]
        let file = folder + "/busylife/config.toml"
        let made = try busylife(["config", "--init"], environment: environment)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout == file + "\n")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.hasPrefix("# busylife configuration (busylife config --init)"))
        // Commented out: written as settings, the zone and the locale's
        // week would stop following TZ, the system and LANG.
        #expect(written.contains("# timezone = \"Europe/Paris\""))
        #expect(!written.split(separator: "\n").contains { !$0.hasPrefix("#") && !$0.isEmpty })
        let read = try busylife(["config"], environment: environment)
        #expect(read.status == 0, "\(read.stderr)")
        try "calendars = [\"work.ics\"]\n".write(toFile: file, atomically: true, encoding: .utf8)
        let again = try busylife(["config", "--init"], environment: environment)
        #expect(again.status == 74)
        #expect(again.stderr == "busylife: \(file) exists already: --init never replaces it (busylife config shows its settings)\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "calendars = [\"work.ics\"]\n")
    }

    /// Standard output into the configuration file itself (> or >>) is
    /// refused at once, not answered with the defaults and exit 0.
    @Test func configIntoItsOwnFileIsRefused() throws {
        let folder = try configFolder("calendars = [\"work.ics\"]\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/busylife/config.toml"
        let appended = try busylife([], shell: "BUSYLIFE config >> '\(file)'", environment: ["XDG_CONFIG_HOME": folder])
        #expect(appended.status == 74)
        #expect(appended.stderr.hasPrefix("busylife: standard output is the configuration file \(file) itself: "))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "calendars = [\"work.ics\"]\n")
        let replaced = try busylife([], shell: "BUSYLIFE config > '\(file)'", environment: ["XDG_CONFIG_HOME": folder])
        #expect(replaced.status == 74)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "")
    }

    /// A device or a folder named by BUSYLIFE_CONFIG is refused at once
    /// (/dev/zero would be read without end), and an escaped backslash
    /// before `u0000` is no NUL.
    @Test func onlyARegularFileIsAConfiguration() throws {
        for (path, kind) in [("/dev/zero", "not a regular file"), ("/tmp", "a directory")] {
            let run = try busylife(["agenda"], environment: ["BUSYLIFE_CONFIG": path])
            #expect(run.status == 78)
            #expect(run.stderr == "busylife: configuration: \(path): cannot be read (\(kind))\n")
        }
        let folder = try configFolder("calendars = [\"samples/\\\\u0000.ics\"]\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try busylife(["config"], environment: ["XDG_CONFIG_HOME": folder]).status == 0)
    }

    @Test func pathsInTheFileExpandTheTildeAndFollowTheFile() throws {
        let folder = try configFolder("calendars = [\"~/cal.ics\", \"there/x.ics\", \"/abs.ics\"]\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try busylife(["config"], environment: ["XDG_CONFIG_HOME": folder, "HOME": "/home/someone"])
        #expect(run.stdout.contains("calendars = [\"/home/someone/cal.ics\", \"\(folder)/busylife/there/x.ics\", \"/abs.ics\"]"))
    }

    // MARK: Man page, completions, install

    /// The path of a program on PATH, or nil.
    static func program(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The shipped page reads without a groff warning, and names every
    /// subcommand and option of the built binary (so it is not stale:
    /// scripts/generate-manual.sh makes it again).
    @Test func theManPageIsCleanAndCurrent() throws {
        let page = try String(contentsOf: repository.appendingPathComponent("docs/man/busylife.1"), encoding: .utf8)
        let dump = try busylife(["--experimental-dump-help"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let root = try #require(json["command"] as? [String: Any])
        let titled = page.contains(".Dt BUSYLIFE 1")
        #expect(titled)
        func check(_ command: [String: Any], path: String) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    let flag = name["name"] as? String ?? ""
                    let named = page.contains("Fl -\(flag)") || page.contains(" , -\(flag)")
                    #expect(named, "\(path) --\(flag) is missing from docs/man/busylife.1: run scripts/generate-manual.sh")
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                let name = sub["commandName"] as? String ?? ""
                if name == "help" { continue }
                let listed = page.contains(".It Em \(name)")
                #expect(listed, "\(name) is missing from docs/man/busylife.1")
                check(sub, path: path + " " + name)
            }
        }
        check(root, path: "busylife")
        let noEmptyLine = !page.contains("\n\n")
        #expect(noEmptyLine, "an empty line in the page (a groff warning)")
        guard let groff = Self.program("groff") else {
            print("skipped: groff is not installed; the page was not rendered")
            return
        }
        let run = try busylife([], shell: "\(groff) -man -Tutf8 -ww docs/man/busylife.1 2>&1 >/dev/null")
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty, "groff warns:\n\(run.stdout)")
    }

    /// Each completion script is generated and read by its shell without
    /// running it (a shell that is not installed is skipped, saying so).
    @Test(arguments: [("bash", ["-n"]), ("zsh", ["-n"]), ("fish", ["--no-execute"])])
    func completionScriptsAreValid(_ shell: String, _ check: [String]) throws {
        let run = try busylife(["--generate-completion-script", shell])
        #expect(run.status == 0)
        #expect(run.stdout.contains("agenda") && run.stdout.contains("template"))
        guard let path = Self.program(shell) else {
            print("skipped: \(shell) is not installed; its completion script was generated but not checked")
            return
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-completion-\(UUID().uuidString).\(shell)")
        try run.stdout.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let checked = try busylife([], shell: "\(path) \(check.joined(separator: " ")) '\(file.path)' 2>&1")
        #expect(checked.status == 0, "\(shell): \(checked.stdout)")
    }

    /// Bash completes file paths for the inputs, `-o`, `--template-file`
    /// and `--itinerary`, and the values of `convert --format` (zsh and
    /// fish get the same from the same definitions: `_files`, `-F`).
    @Test func bashCompletesPathsAndFormatValues() throws {
        let script = try busylife(["--generate-completion-script", "bash"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-completion-\(UUID().uuidString).bash")
        try script.stdout.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        // What bash offers for the last word of a command line.
        func offered(_ words: String) throws -> [String] {
            let run = try busylife([], shell: """
                source '\(file.path)'
                COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
                _busylife busylife "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """)
            return run.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try offered("busylife convert samples/meet").contains("samples/meeting.ics"))
        #expect(try offered("busylife heatmap samples/ -o samples/meet").contains("samples/meeting.ics"))
        #expect(try offered("busylife agenda samples/ --template-file docs/templates/kh").contains("docs/templates/khal.mustache"))
        #expect(try offered("busylife days samples/ --itinerary Tests/Fixtures/all").contains("Tests/Fixtures/all-day-only.ics"))
        #expect(try offered("busylife convert samples/ --format ''") == ["ics", "jcal", "events-json", "csv"])
    }

    /// scripts/install.sh puts the binary, the page and the completions
    /// under a prefix; `man busylife` then finds the page from PATH.
    @Test func installPutsEverythingUnderThePrefix() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-prefix-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let run = try busylife([], shell: "scripts/install.sh --prefix '\(prefix)' --binary BUSYLIFE")
        #expect(run.status == 0, "\(run.stderr)")
        for file in ["bin/busylife", "share/man/man1/busylife.1", "share/bash-completion/completions/busylife",
                     "share/zsh/site-functions/_busylife", "share/fish/vendor_completions.d/busylife.fish"] {
            #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(file)"), "\(file)")
        }
        guard Self.program("man") != nil else { print("skipped: man is not installed"); return }
        let man = try busylife([], shell: "PATH='\(prefix)/bin':$PATH MANWIDTH=80 MANPAGER=cat man busylife 2>&1")
        #expect(man.stdout.contains("busylife"), "\(man.stdout.prefix(300))")
        #expect(man.stdout.contains("DATES"))
    }
}
