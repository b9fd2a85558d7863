import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Collects what an XML parser sees of an SVG.
final class SVGReader: NSObject, XMLParserDelegate {
    var days: [String: (seconds: String, level: String)] = [:]
    var rects = 0
    var root: [String: String] = [:]
    var elements: Set<String> = []

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]) {
        elements.insert(name)
        if name == "svg" { root = attributes }
        if name == "rect" {
            rects += 1
            if let date = attributes["data-date"] { days[date] = (attributes["data-seconds"] ?? "", attributes["data-level"] ?? "") }
        }
    }
}

@Suite struct HeatmapCLITests {
    func svg(_ arguments: [String]) throws -> SVGReader {
        let run = try busylife(["heatmap"] + arguments + ["--format", "svg"])
        #expect(run.status == 0)
        let parser = XMLParser(data: Data(run.stdout.utf8))
        let reader = SVGReader()
        parser.delegate = reader
        #expect(parser.parse(), "the SVG is well-formed XML")
        return reader
    }

    @Test func svgIsWellFormedWithOneRectPerDay() throws {
        let reader = try svg(["samples/", "--year", "2026", "--today", "2026-11-22", "--tz", "America/New_York"])
        #expect(reader.root["role"] == "img")
        #expect(reader.root["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(reader.elements.isSuperset(of: ["title", "desc", "style", "text", "rect"]))
        #expect(reader.days.count == 365)
        #expect(reader.days["2026-11-27"]?.seconds == "5432")  // BusyLife's 1 h 30 min 32 s
        #expect(reader.days["2026-11-22"]?.level == "0")
    }

    /// Honolulu to Kiritimati, across the date line: 2026-12-06 never
    /// happens for the traveller, and is an empty day.
    @Test func tripAcrossTheDateLine() throws {
        let run = try busylife(["heatmap", "samples/", "--format", "json", "--from", "2026-12-04", "--to", "2026-12-08",
                                "--tz", "Pacific/Honolulu", "--travel", "2026-12-05T23:30=Pacific/Kiritimati"])
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        #expect(object["schema"] as? String == "busylife.heatmap/1")
        #expect(object["zones"] as? [String] == ["Pacific/Honolulu", "Pacific/Kiritimati"])
        let cells = object["cells"] as! [[String: Any]]
        #expect(cells.map { $0["date"] as! String } == ["2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08"])
        #expect(cells[2]["busySeconds"] as? Int == 0)
        #expect(cells[2]["eventCount"] as? Int == 0)
        #expect(cells[2]["level"] as? Int == 0)
    }

    @Test func narrowTerminalsGetFewerWeeksNotWrappedLines() throws {
        let run = try busylife([], shell: "COLUMNS=40 BUSYLIFE heatmap samples/ --today 2026-11-22 --tz UTC --color never")
        #expect(run.status == 0)
        #expect(run.stdout.contains("widen the terminal"))
        for line in run.stdout.split(separator: "\n").dropFirst().prefix(8) {
            #expect(line.count <= 40, "\(line)")
        }
    }

    /// Every view, in every language we have words for, with and without
    /// colour, fits the width: no line is longer than COLUMNS, so nothing
    /// wraps (the month view drops the busy hours, the hours view takes a
    /// column an hour, legend and footer go on more lines).
    @Test(arguments: [40, 50, 60, 72, 80, 100, 160])
    func everyViewFitsTheWidth(_ columns: Int) throws {
        for view in ["year", "month", "hours"] {
            for (locale, color) in [("en_US", "never"), ("de_DE", "always"), ("ja_JP", "never"), ("fr_FR", "never")] {
                let command = "COLUMNS=\(columns) BUSYLIFE heatmap samples/ --view \(view) --from 2026-10-01 --to 2026-12-31 "
                    + "--week-numbers --today 2026-11-22 --tz America/New_York --locale \(locale) --color \(color)"
                let run = try busylife([], shell: command)
                #expect(run.status == 0, "\(run.stderr)")
                for line in run.stdout.split(separator: "\n") {
                    let shown = TerminalWidth.of(String(line))
                    #expect(shown <= columns, "\(view) \(locale) at \(columns): \(shown) columns: \(line)")
                }
            }
        }
    }

    /// Month names of two-column characters (`12月`) are measured as
    /// drawn: the default year in Japanese fits 100 columns.
    @Test func wideMonthNamesFitTheWidth() throws {
        let run = try busylife([], shell: "COLUMNS=100 BUSYLIFE heatmap samples/ --locale ja_JP --today 2026-11-22 --tz Asia/Tokyo --color never")
        #expect(run.status == 0)
        #expect(run.stdout.contains("10月"))
        for line in run.stdout.split(separator: "\n") {
            #expect(TerminalWidth.of(String(line)) <= 100, "\(line)")
        }
    }

    /// A width narrower than the weekday names once crashed the week
    /// numbers' line (an array of negative length).
    @Test(arguments: [1, 3, 5])
    func weekNumbersSurviveAnyWidth(columns: Int) throws {
        let run = try busylife([], shell: "COLUMNS=\(columns) BUSYLIFE heatmap samples/ --week-numbers --today 2026-12-20 --color never")
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// Years over many: the year stands over the week where it begins, in
    /// the terminal and the SVG; today, outside the range, is not in the
    /// legend; `--week-numbers` numbers every other week under the grid.
    @Test func multiYearGridsNameTheirYears() throws {
        let command = "BUSYLIFE heatmap samples/ --from 2008 --to 2020 --today 2026-11-22 --tz UTC --locale en_US --color never"
        let text = try busylife([], shell: command + " --week-numbers")
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let years = lines[1].split(separator: " ").map(String.init)
        #expect(years == (2008...2020).map(String.init))
        #expect(lines[2].hasPrefix("    Jan "))
        #expect(lines[10].hasPrefix("W   1   3   5 "))
        #expect(!text.stdout.contains("today"))
        let svg = try busylife([], shell: command + " --format svg --week-numbers")
        for year in 2008...2020 { #expect(svg.stdout.contains(">\(year)</text>"), "\(year)") }
        #expect(svg.stdout.contains(">53</text>"))
        #expect(!svg.stdout.contains(">today</text>"))
        let oneYear = try busylife([], shell: "BUSYLIFE heatmap samples/ --year 2026 --today 2026-11-22 --tz UTC --locale en_US --color never")
        #expect(!oneYear.stdout.contains("2026\n"), "a single year has no line of years")
        #expect(oneYear.stdout.contains("·◆ today"))
    }

    /// A narrow terminal's footer counts the weeks it shows.
    @Test func theFooterCountsTheWeeksShown() throws {
        let command = "BUSYLIFE heatmap samples/ --today 2026-11-22 --tz UTC --locale en_US --color never"
        let narrow = try busylife([], shell: "COLUMNS=60 " + command)
        #expect(narrow.stdout.contains("(last 28 weeks"))
        #expect(narrow.stdout.contains("129 free working days"))
        let wide = try busylife([], shell: "COLUMNS=200 " + command)
        #expect(wide.stdout.contains("254 free working days"))
    }

    /// The hours view writes a row of a few busy minutes in minutes, and
    /// ends with the footer as the SVG does.
    @Test func hoursRowsInMinutesAndAFooter() throws {
        let run = try busylife([], shell: "BUSYLIFE heatmap samples/ --view hours --from 2026-11-01 --to 2026-12-31 --today 2026-11-22 --tz America/New_York --locale en_US --color never")
        #expect(run.stdout.contains("  22 min\n"))
        #expect(!run.stdout.contains(" 0 h\n"))
        #expect(run.stdout.hasSuffix("Total 81 h busy · busiest day 2026-12-08 (24 h) · 17 free working days (Mon–Fri)\n"))
    }

    /// The SVG heading names a calendar as the calendar does (`Work`),
    /// not as typed after `--calendar`.
    @Test func theHeadingNamesCalendarsTheirOwnWay() throws {
        let run = try busylife(["heatmap", "samples/", "--calendar", "work", "--calendar", "HOLIDAYS", "--format", "svg",
                                "--year", "2026", "--tz", "UTC"])
        #expect(run.stdout.contains(">Calendars: Holidays, Work</text>"))
    }

    /// The month view's days carry their unit; in ASCII a space keeps the
    /// shade from reading as a minus sign.
    @Test func monthDaysCarryTheirUnit() throws {
        let run = try busylife([], shell: "COLUMNS=200 TERM=dumb BUSYLIFE heatmap samples/ --view month --from 2026-11-01 --to 2026-11-30 --today 2026-11-22 --tz America/New_York --locale en_US --color never")
        #expect(run.stdout.contains("-  2 0.3h"))
        #expect(run.stdout.contains("# 26 1.5h"))
        #expect(run.stdout.contains("@ 22"))
    }

    /// Today keeps its shade (`▓◆`), and a window of all-day events only
    /// says why it is empty.
    @Test func todayKeepsItsShadeAndAllDayOnlyExplains() throws {
        let today = try busylife([], shell: "BUSYLIFE heatmap samples/ --from 2026-11-20 --to 2026-11-30 --today 2026-11-27 --tz America/New_York --locale en_US --color never")
        #expect(today.stdout.contains("█◆"))
        let run = try busylife([], shell: "BUSYLIFE heatmap Tests/Fixtures/all-day-only.ics --from 2026-11-01 --to 2026-12-31 --today 2026-11-22 --tz UTC --locale en_US --color never")
        #expect(run.stdout.contains("No busy time: all-day events are not counted; --all-day-busy counts them"))
        let counted = try busylife([], shell: "BUSYLIFE heatmap Tests/Fixtures/all-day-only.ics --from 2026-11-01 --to 2026-12-31 --today 2026-11-22 --tz UTC --locale en_US --color never --all-day-busy")
        #expect(!counted.stdout.contains("--all-day-busy"))
        #expect(counted.stdout.contains("Total 48 h busy"))
    }

    /// `-o busy.svg` writes SVG without `--format`; `-o` with `--color always` colours.
    @Test func theOutputExtensionPicksTheFormat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-ext-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, start) in [("busy.svg", "<svg"), ("busy.json", "{"), ("busy.tsv", "date\t"), ("busy.txt", "Busy time")] {
            let file = folder.appendingPathComponent(name).path
            let run = try busylife(["heatmap", "samples/", "--today", "2026-11-22", "--tz", "UTC", "--locale", "en_US", "-o", file])
            #expect(run.status == 0)
            #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix(start), "\(name)")
        }
        let colored = folder.appendingPathComponent("color.txt").path
        _ = try busylife(["heatmap", "samples/", "--today", "2026-11-22", "--tz", "UTC", "--color", "always", "-o", colored])
        #expect(try String(contentsOfFile: colored, encoding: .utf8).contains("\u{1B}["))
    }

    @Test func edgesOfTimeDoNotTrap() throws {
        for arguments in [["--today", "0001-01-05"], ["--year", "9999", "--view", "month"], ["--today", "9999-12-30"],
                          ["--from", "9999-12-01", "--to", "9999-12-31", "--view", "month", "--format", "svg"]] {
            let run = try busylife(["heatmap", "samples/", "--tz", "UTC", "--color", "never"] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        let days = try busylife(["days", "samples/", "--today", "0001-01-02", "--tz", "UTC", "--format", "ndjson"])
        #expect(days.status == 0)
        #expect(days.stdout.hasPrefix("{\"date\":\"0001-01-01\""))
    }

    @Test func badScalesAndRangesAreUsageErrors() throws {
        for arguments in [["--scale", "fixed:3,2,1"], ["--scale", "log"], ["--year", "2026", "--from", "2026-01-01"],
                          ["--week-start", "someday"], ["--view", "decade"]] {
            let run = try busylife(["heatmap", "samples/"] + arguments)
            #expect(run.status == 64, "\(arguments)")
        }
    }
}

/// Terminal columns of a line of output: colour escapes take none, East
/// Asian wide characters two.
enum TerminalWidth {
    static func of(_ line: String) -> Int {
        var width = 0, escape = false
        for scalar in line.unicodeScalars {
            if scalar == "\u{1B}" { escape = true; continue }
            if escape { if scalar == "m" { escape = false }; continue }
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
                 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6: width += 2
            default: width += 1
            }
        }
        return width
    }
}
