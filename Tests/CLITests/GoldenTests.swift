import Foundation
import Testing

/// Text outputs compared with recorded files in Tests/Golden; a mismatch
/// fails with a short line diff (`LineDiff`: the first differing lines,
/// numbered, with context).
///
/// To re-record after a deliberate change of output:
///
///     BUSYLIFE_RECORD_GOLDEN=1 swift test --filter GoldenTests
///
/// That run writes every golden file it compares and fails, each test
/// saying that it re-recorded (and what changed), so that a run with the
/// variable left set never passes by accident. Review the changes with
/// `git diff Tests/Golden`, then run the tests again without the variable:
/// they must pass.
@Suite struct GoldenTests {
    static let golden = repository.appendingPathComponent("Tests/Golden")
    static let window = "--today 2026-11-22 --from 2026-11-20 --to 2026-12-12"
    static let trip = "--travel 2026-12-06T16:50+09:00=Asia/Tokyo --travel 2026-12-11T10:00=America/New_York"

    /// name, shell command (BUSYLIFE is the binary).
    static let cases: [(String, String)] = [
        ("agenda-en_US-new_york.txt", "BUSYLIFE agenda samples/ \(window) --tz America/New_York --locale en_US --color never"),
        ("agenda-de_DE-berlin.txt", "BUSYLIFE agenda samples/ \(window) --tz Europe/Berlin --locale de_DE --color never --empty-days"),
        ("agenda-ja_JP-tokyo.txt", "LANG=ja_JP.UTF-8 LC_ALL= LC_TIME= BUSYLIFE agenda samples/ \(window) --tz Asia/Tokyo --color never"),
        ("agenda-en_US-trip.txt", "BUSYLIFE agenda samples/ \(window) --tz America/New_York --locale en_US --color never \(trip)"),
        ("agenda-de_DE-trip.txt", "LC_TIME=de_DE.UTF-8 LC_ALL= BUSYLIFE agenda samples/ \(window) --tz America/New_York --color never --travel-from-events"),
        ("agenda-color.txt", "NO_COLOR= FORCE_COLOR=1 BUSYLIFE agenda samples/ \(window) --tz America/New_York --locale en_US"),
        ("agenda-tsv-trip.tsv", "BUSYLIFE agenda samples/ \(window) --tz America/New_York --format tsv \(trip)"),
        // docs/agenda.md, Templates: the documented examples.
        ("agenda-template-inline.txt", "BUSYLIFE agenda samples/ \(window) --tz America/New_York --locale en_US --template '{{start-time}} {{title}}{{#location}} @{{location}}{{/location}}'"),
        ("agenda-template-khal.txt", "BUSYLIFE agenda samples/ \(window) --tz America/New_York --locale en_US --template-file docs/templates/khal.mustache"),
        ("agenda-template-icalbuddy.txt", "BUSYLIFE agenda samples/ \(window) --tz America/New_York --locale en_US --template-file docs/templates/icalbuddy.mustache"),
        ("agenda-template-gcalcli.txt", "BUSYLIFE agenda samples/ \(window) --tz America/New_York --locale en_US --template-file docs/templates/gcalcli.mustache"),
        ("agenda-template-de_DE-empty.txt", "BUSYLIFE agenda samples/ --today 2026-11-22 --from 2026-11-22 --days 5 --tz Europe/Berlin --locale de_DE --empty-days --template '{{#first-of-day}}{{weekday}} {{date}}{{#today}} ({{today-word}}){{/today}}{{nl}}{{/first-of-day}}{{#no-events}}{{tab}}–{{/no-events}}{{^no-events}}{{tab}}{{time}}{{tab}}{{title}}{{#duration}} ({{duration}}){{/duration}}{{/no-events}}'"),
        ("days-trip.ndjson", "BUSYLIFE days samples/ --from 2026-12-04 --to 2026-12-12 --format ndjson --tz America/New_York \(trip)"),
        ("occurrences-new_york.ndjson", "BUSYLIFE occurrences samples/ \(window) --tz America/New_York"),
        ("heatmap-year.txt", "BUSYLIFE heatmap samples/ --today 2026-11-22 --tz America/New_York --locale en_US --color never"),
        ("heatmap-year-color.txt", "NO_COLOR= FORCE_COLOR=1 COLORTERM= BUSYLIFE heatmap samples/ --today 2026-11-22 --tz America/New_York --locale en_US"),
        ("heatmap-year-truecolor.txt", "NO_COLOR= FORCE_COLOR=1 COLORTERM=truecolor BUSYLIFE heatmap samples/ --year 2026 --today 2026-11-22 --tz UTC --locale en_US --scale linear"),
        ("heatmap-year-ascii-de.txt", "TERM=dumb COLUMNS=60 BUSYLIFE heatmap samples/ --today 2026-11-22 --tz Europe/Berlin --locale de_DE --color never"),
        ("heatmap-month.txt", "COLUMNS=130 BUSYLIFE heatmap samples/ --view month --from 2026-11-01 --to 2027-01-31 --week-numbers --today 2026-11-22 --tz America/New_York --locale en_US --color never"),
        ("heatmap-month-ja.txt", "COLUMNS=70 BUSYLIFE heatmap samples/ --view month --from 2026-12-01 --to 2026-12-31 --today 2026-11-22 --tz Asia/Tokyo --locale ja_JP --color never"),
        ("heatmap-hours.txt", "BUSYLIFE heatmap samples/ --view hours --from 2026-11-01 --to 2026-12-31 --today 2026-11-22 --tz America/New_York --locale en_US --color never --scale fixed:5,10,30"),
        ("heatmap-year.svg", "BUSYLIFE heatmap samples/ --format svg --year 2026 --today 2026-11-22 --tz America/New_York --locale en_US"),
        ("heatmap-month-de.svg", "BUSYLIFE heatmap samples/ --view month --format svg --from 2026-11-01 --to 2027-01-31 --week-numbers --today 2026-11-22 --tz Europe/Berlin --locale de_DE"),
        ("heatmap-hours.svg", "BUSYLIFE heatmap samples/ --view hours --format svg --from 2026-11-01 --to 2026-12-31 --today 2026-11-22 --tz America/New_York --locale en_US"),
        ("heatmap-trip.tsv", "BUSYLIFE heatmap samples/ --format tsv --from 2026-12-01 --to 2026-12-14 --tz America/New_York \(trip)"),
        ("convert-stored.ics", "BUSYLIFE convert samples/"),
        ("convert-stored.jcal", "BUSYLIFE convert samples/ --format jcal"),
        ("convert-expanded.ics", "BUSYLIFE convert samples/ --expand \(window) --tz America/New_York"),
        ("convert-events.json", "BUSYLIFE convert samples/ --format events-json --busy-only \(window) --tz America/New_York \(trip)"),
        ("convert-google.csv", "BUSYLIFE convert samples/ --format csv \(window) --tz America/New_York \(trip)"),
    ]

    @Test(arguments: cases.map(\.0))
    func matchesTheRecordedOutput(_ name: String) throws {
        let command = GoldenTests.cases.first { $0.0 == name }!.1
        let run = try busylife([], shell: command)
        #expect(run.status == 0, "\(run.stderr)")
        try compare(run.stdout, name)
    }

    /// BusyLife's own events.json (2018, Asia/Shanghai) in three locales.
    @Test(arguments: [("en_US", "America/Los_Angeles"), ("de_DE", "Europe/Berlin"), ("ja_JP", "Asia/Shanghai")])
    func busyLifeCorpusAgenda(_ locale: String, _ zone: String) throws {
        let path = repository.deletingLastPathComponent().appendingPathComponent("shared/corpora/busylife/events.json").path
        guard FileManager.default.fileExists(atPath: path) else { print("skipped: ../shared/corpora is absent"); return }
        let run = try busylife(["agenda", path, "--from", "2018-01-01", "--to", "2018-12-31", "--today", "2018-05-10",
                                "--tz", zone, "--locale", locale, "--color", "never"])
        #expect(run.status == 0)
        try compare(run.stdout, "agenda-busylife-\(locale).txt")
    }

    /// Compares `output` with the golden file `name`; when re-recording,
    /// writes it and records a failure that says so.
    func compare(_ output: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = GoldenTests.golden.appendingPathComponent(name)
        let recorded = try? String(contentsOf: file, encoding: .utf8)
        let difference = LineDiff()(expected: recorded ?? "", actual: output)
        if ProcessInfo.processInfo.environment["BUSYLIFE_RECORD_GOLDEN"] != nil {
            try output.write(to: file, atomically: true, encoding: .utf8)
            let what = recorded == nil ? "a new file" : difference.map { "changed:\n" + $0 } ?? "unchanged"
            let message = "Re-recorded Tests/Golden/\(name) (\(what)). Review with git diff, then run the tests again "
                + "without BUSYLIFE_RECORD_GOLDEN."
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        if recorded == nil {
            Issue.record("Tests/Golden/\(name) is missing; record it with BUSYLIFE_RECORD_GOLDEN=1.", sourceLocation: sourceLocation)
            return
        }
        if let difference {
            Issue.record("\(name) differs from the recorded output (- recorded, + now):\n\(difference)",
                         sourceLocation: sourceLocation)
        }
    }
}
