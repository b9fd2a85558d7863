import Foundation
import Testing

/// What `-o` decides in every command that takes it, besides where the
/// bytes go: the format its extension names, and that it never names an input.
@Suite struct OutputChoiceCLITests {
    static let window = "--today 2026-11-22 --from 2026-11-23 --to 2026-11-24 --tz UTC"

    /// a.ics, and b.ics with an event at the same time (one conflict).
    func fixture() -> ScratchFolder {
        let fixture = ScratchFolder()
        fixture.write("a.ics", oneEventCalendar("a"))
        fixture.write("b.ics", oneEventCalendar("b"))
        return fixture
    }

    func text(_ fixture: ScratchFolder, _ file: String) throws -> String {
        try String(contentsOfFile: fixture.path(file), encoding: .utf8)
    }

    /// `busy -o me.ifb` wrote the text listing into me.ifb: the extension
    /// decides the format in every command; .txt or an extension busylife
    /// does not know leaves it to --format or the default.
    @Test func theExtensionChoosesTheFormatInEveryCommand() throws {
        let fixture = fixture()
        let window = OutputChoiceCLITests.window
        let run = try fixture.shell("""
            BUSYLIFE busy a.ics \(window) -o me.ifb && BUSYLIFE free a.ics \(window) -o free.json \
            && BUSYLIFE free a.ics \(window) -o free.jsonl && BUSYLIFE conflicts a.ics b.ics \(window) -o pairs.ndjson \
            && BUSYLIFE heatmap a.ics \(window) -o map.tsv && BUSYLIFE convert a.ics -o a.csv \
            && BUSYLIFE busy a.ics \(window) --locale en_US -o busy.txt && BUSYLIFE busy a.ics \(window) --locale en_US -o busy.out \
            && BUSYLIFE convert a.ics -o copy.txt && BUSYLIFE busy a.ics \(window) -o me.ical
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try text(fixture, "me.ifb").contains("BEGIN:VFREEBUSY\r\n"))
        #expect(try text(fixture, "me.ical").contains("BEGIN:VFREEBUSY\r\n"))
        #expect(try text(fixture, "free.json").hasPrefix("{\"schema\":\"busylife.free/1\""))
        #expect(try text(fixture, "free.jsonl").split(separator: "\n").allSatisfy { $0.hasPrefix("{\"date\":") })
        #expect(try text(fixture, "pairs.ndjson").split(separator: "\n").count == 1)
        #expect(try text(fixture, "map.tsv").hasPrefix("date\tbusy_seconds\t"))
        #expect(try text(fixture, "a.csv").hasPrefix("Subject,"))
        #expect(try text(fixture, "busy.txt").hasPrefix("Monday, November 23, 2026\n"))
        #expect(try text(fixture, "busy.out").hasPrefix("Monday, November 23, 2026\n"))
        #expect(try text(fixture, "copy.txt").hasPrefix("BEGIN:VCALENDAR"))
    }

    /// `heatmap -o busy.png` wrote terminal text into a .png: an extension
    /// of a format the command does not write is a usage error, even with
    /// --format, and no file is made.
    @Test(arguments: [
        ("heatmap", "busy.png", "", "heatmap does not write PNG; it writes text, svg (.svg), json (.json) or tsv (.tsv)"),
        ("heatmap", "busy.pdf", "--format svg", "heatmap does not write PDF"),
        ("busy", "me.csv", "", "busy does not write CSV; it writes text, json (.json) or ics (.ics, .ical, .ifb)"),
        ("free", "free.svg", "", "free does not write SVG"),
        ("conflicts", "pairs.json", "", "conflicts does not write JSON; it writes text or ndjson (.ndjson, .jsonl)"),
        ("convert", "all.tsv", "", "convert does not write TSV; it writes ics (.ics, .ical, .ifb), jcal (.jcal, .jcs), events-json (.json) or csv (.csv)"),
    ])
    func anExtensionOfAFormatNotWrittenIsAUsageError(_ command: String, _ file: String, _ flags: String, _ message: String) throws {
        let fixture = fixture()
        let run = try fixture.shell("BUSYLIFE \(command) a.ics \(OutputChoiceCLITests.window) \(flags) -o \(file)")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: -o \(file): \(message)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path(file)))
    }

    /// --format wins over the extension, with a warning (exit 2).
    @Test func aFormatAgainstTheExtensionIsAWarning() throws {
        let fixture = fixture()
        let convert = try fixture.shell("BUSYLIFE convert a.ics --format csv -o out.ics")
        #expect(convert.status == 2)
        #expect(convert.stderr == "out.ics: warning: written as csv (--format csv), though .ics is the extension of ics\n")
        #expect(try text(fixture, "out.ics").hasPrefix("Subject,"))
        let heatmap = try fixture.shell("BUSYLIFE heatmap a.ics \(OutputChoiceCLITests.window) --format tsv -o map.svg")
        #expect(heatmap.status == 2)
        #expect(heatmap.stderr == "map.svg: warning: written as tsv (--format tsv), though .svg is the extension of svg\n")
        #expect(try fixture.shell("BUSYLIFE convert a.ics --format csv -o out.ics --strict").status == 65)
    }

    /// `convert x.ics --format csv -o x.ics` replaced the calendar with CSV:
    /// an input is never the output, by the file itself, however named.
    @Test func anInputIsNeverTheOutput() throws {
        let fixture = fixture()
        fixture.write("xdg/busylife/config.toml", "calendars = [\"../../cal\"]\n")
        let runs = [
            "BUSYLIFE convert a.ics --format csv -o a.ics",
            "ln a.ics hard.ics && BUSYLIFE convert a.ics -o hard.ics",
            "mkdir -p cal/sub && ln -s ../../a.ics cal/sub/linked.ics && BUSYLIFE convert cal -o a.ics",
            "BUSYLIFE convert - -o a.ics < a.ics",
            "XDG_CONFIG_HOME=$DIR/xdg BUSYLIFE convert -o a.ics",
            "BUSYLIFE free b.ics a.ics \(OutputChoiceCLITests.window) --format text -o ./a.ics",
        ]
        for line in runs {
            let run = try fixture.shell(line)
            #expect(run.status == 64, "\(line)")
            #expect(run.stderr.hasPrefix("Error: -o "), "\(line): \(run.stderr)")
            #expect(run.stderr.contains(" is an input"), "\(line): \(run.stderr)")
        }
        #expect(try fixture.shell("BUSYLIFE convert cal -o a.ics").stderr.hasPrefix("Error: -o a.ics is an input (cal/sub/linked.ics, in cal): "))
        #expect(try text(fixture, "a.ics") == oneEventCalendar("a"))
        let elsewhere = try fixture.shell("BUSYLIFE convert cal -o b.ics")
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
    }
}
