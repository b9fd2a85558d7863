import Foundation
import Testing

/// The agenda as people read and grep it: one line per event, times with
/// plain spaces, lines cut on a terminal only, calendars in colours apart,
/// TSV with status, busy, duration and description.
@Suite struct AgendaCLITests {
    static let lines = "Tests/Fixtures/agenda-lines.ics --from 2026-11-24 --to 2026-11-24 --tz America/New_York --locale en_US"

    @Test func titlesWithLineBreaksStayOnOneLine() throws {
        let run = try busylife([], shell: "BUSYLIFE agenda \(AgendaCLITests.lines) --color never")
        #expect(run.status == 0)
        #expect(run.stdout.contains("  10:00 AM – 11:30 AM  Planning ↵ second line, after a blank one, Room 12  1h 30m\n"))
        #expect(run.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 4)  // header, two events, end
    }

    /// `grep '2:30 PM'` finds US times: no U+202F in text or TSV.
    @Test func timesUsePlainSpaces() throws {
        let run = try busylife([], shell: "BUSYLIFE agenda samples/ --from 2026-11-20 --to 2026-12-12 --tz America/New_York --locale en_US --color never")
        #expect(run.stdout.contains("9:00 AM – 10:30 AM"))
        #expect(!run.stdout.unicodeScalars.contains("\u{202F}"))
        let tsv = try busylife([], shell: "BUSYLIFE agenda samples/ --from 2026-11-20 --to 2026-12-12 --tz America/New_York --format tsv")
        #expect(!tsv.stdout.unicodeScalars.contains("\u{202F}"))
    }

    /// On a terminal (a pseudo-terminal from `script`), long lines end in
    /// `…` at its width; in a pipe they are whole.
    @Test func longLinesAreCutOnATerminalOnly() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { print("skipped: no script(1)"); return }
        let terminal = try busylife([], shell: "script -qc 'COLUMNS=50 BUSYLIFE agenda \(AgendaCLITests.lines) --color never' /dev/null")
        let shown = terminal.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
        #expect(shown.contains("  12:00 PM – 12:30 PM  A very long t…  (cancelled)"))  // the mark is kept
        for line in shown { #expect(line.count <= 50, "\(line)") }
        let pipe = try busylife([], shell: "COLUMNS=50 BUSYLIFE agenda \(AgendaCLITests.lines) --color never")
        #expect(pipe.stdout.contains("quarterly planning of the whole department  30m"))
    }

    /// The samples' calendars each get a colour of their own.
    @Test func calendarsGetColoursApart() throws {
        let run = try busylife([], shell: "BUSYLIFE agenda samples/ --from 2026-11-20 --to 2026-12-12 --tz America/New_York --locale en_US --color always")
        var byCalendar: [String: Set<String>] = [:]
        let tsv = try busylife([], shell: "BUSYLIFE agenda samples/ --from 2026-11-20 --to 2026-12-12 --tz America/New_York --format tsv")
        let calendars = Dictionary(tsv.stdout.split(separator: "\n").dropFirst().map {
            let fields = $0.split(separator: "\t", omittingEmptySubsequences: false)
            return (String(fields[4]), String(fields[6]))
        }, uniquingKeysWith: { first, _ in first })
        for line in run.stdout.split(separator: "\n") {
            guard let match = line.firstMatch(of: /\u{1B}\[38;5;(\d+)m([^\u{1B}]*)/) else { continue }
            let title = calendars.keys.first { match.2.hasPrefix($0 + ",") || match.2.hasPrefix($0 + "  ") || match.2 == $0 }
            if let title, let calendar = calendars[title] { byCalendar[calendar, default: []].insert(String(match.1)) }
        }
        let colours = byCalendar.filter { $0.key != "busylife-events" }.values.compactMap { $0.count == 1 ? $0.first : nil }
        #expect(colours.count >= 3)
        #expect(Set(colours).count == colours.count, "\(byCalendar)")
    }

    @Test func tsvHasStatusBusyDurationAndDescription() throws {
        let run = try busylife([], shell: "BUSYLIFE agenda \(AgendaCLITests.lines) --format tsv")
        let rows = run.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows[0] == ["date", "start", "end", "all_day", "title", "location", "calendar", "uid", "status", "busy",
                            "duration", "description"])
        #expect(Array(rows[1][8...]) == ["tentative", "true", "5400", "Agenda:\\n1. budget\\n2. hiring"])
        #expect(Array(rows[2][8...]) == ["cancelled", "false", "1800", ""])
    }

    /// Cancelled events, and those `--me` declined, are marked (and struck
    /// through and dimmed with colour); they are not busy.
    @Test func cancelledAndDeclinedAreMarked() throws {
        let plain = try busylife([], shell: "BUSYLIFE agenda \(AgendaCLITests.lines) --color never --me me@example.com")
        #expect(plain.stdout.contains("whole department  30m  (cancelled)\n"))
        #expect(plain.stdout.contains("Room 12  1h 30m  (declined)\n"))
        let others = try busylife([], shell: "BUSYLIFE agenda \(AgendaCLITests.lines) --color never")
        #expect(!others.stdout.contains("(declined)"))
        let colored = try busylife([], shell: "BUSYLIFE agenda \(AgendaCLITests.lines) --color always --locale de_DE")
        #expect(colored.stdout.contains("\u{1B}[2;9mA very long title"))
        #expect(colored.stdout.contains("\u{1B}[0m  (abgesagt)\n"))
        let tsv = try busylife([], shell: "BUSYLIFE agenda \(AgendaCLITests.lines) --format tsv --me me@example.com")
        #expect(tsv.stdout.contains("\ttentative\tfalse\t5400\t"))
    }

    @Test func filtersLeaveOutCancelledDeclinedAndAllDay() throws {
        let hidden = try busylife([], shell: "BUSYLIFE agenda \(AgendaCLITests.lines) --color never --me me@example.com --hide-cancelled")
        #expect(!hidden.stdout.contains("whole department"))
        #expect(hidden.stdout.contains("(declined)"))
        let both = try busylife([], shell: "BUSYLIFE agenda \(AgendaCLITests.lines) --color never --me me@example.com --hide-cancelled --hide-declined --empty-days")
        #expect(both.stdout == "Tuesday, November 24, 2026\n  no events\n")
        let tsv = try busylife([], shell: "BUSYLIFE agenda samples/ --from 2026-11-26 --to 2026-11-26 --tz America/New_York --format tsv --no-all-day")
        #expect(!tsv.stdout.contains("Thanksgiving"))
        #expect(tsv.stdout.contains("Quarterly review"))
    }

    /// Durations in the locale's words.
    @Test(arguments: [("de_DE", "1 Std. 30 Min."), ("fr_FR", "1 h 30 min"), ("ja_JP", "1時間30分"), ("en_US", "1h 30m")])
    func durationsPerLocale(_ locale: String, _ expected: String) throws {
        let run = try busylife([], shell: "BUSYLIFE agenda Tests/Fixtures/agenda-lines.ics --from 2026-11-24 --to 2026-11-24 --tz America/New_York --locale \(locale) --color never")
        #expect(run.stdout.contains("  " + expected + "\n"), "\(run.stdout)")
    }
}
