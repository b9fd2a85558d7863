import ArgumentParser
import EventModel
import Export
import Foundation
import Import
import Plumbing
import Settle

struct HeatmapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "heatmap",
        abstract: "Draw how busy each day (or hour of the week) is: in the terminal, as SVG, JSON or TSV.",
        discussion: """
        year (default): weeks as columns, weekdays as rows, five levels of \
        busy time per local day, a legend with the real thresholds and a \
        footer (total, busiest day, free working days). Default range: the \
        53 weeks ending this week; --year or --from/--to for others. month: \
        wall-calendar grids with each day's busy hours. hours: a punch card \
        of weekdays by wall-clock hour. Levels are GitHub's greens, or shades \
        of the colour every calendar shown shares (a vdir color file, e.g. \
        with --calendar). docs/heatmap.md has the details.

        \(OutputChoiceHelp.text)

        -o's extensions: .svg for svg, .json for json, .tsv for tsv; .txt \
        or none: --format, else text.

        EXAMPLES:
          busylife heatmap samples/ --today 2026-11-22
          busylife heatmap work.ics --year 2026 --format svg -o busy-2026.svg
          busylife heatmap work.ics --view month --from 2026-09-01 --to 2026-12-31 \\
            --week-numbers
          busylife heatmap work.ics --view hours --stat total --scale fixed:15,30,45
          busylife heatmap work.ics --format json | jq '.cells | max_by(.busySeconds)'

        \(ExitStatus.help)
        """
    )

    enum View: String, ExpressibleByArgument, CaseIterable { case year, month, hours }
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, svg, json, tsv }
    enum Charset: String, ExpressibleByArgument, CaseIterable { case unicode, ascii }

    @OptionGroup var input: InputOptions
    @OptionGroup var settle: SettleFlags
    @OptionGroup var look: LookOptions

    @Option(help: "year: a GitHub-style grid; month: calendar grids; hours: weekdays by hour of day.")
    var view: View = .year

    @Option(help: "text for the terminal, svg, or the grid's data as json or tsv. Default: from -o's extension, else text.")
    var format: Format?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output (- for standard output; its extension may choose the format; written safely, see above).", valueName: "file"),
            completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("A calendar year (four digits) instead of the 53 weeks ending this week; the same as --from YYYY.", valueName: "YYYY"))
    var year: String?

    @Option(help: ArgumentHelp("First day of the week: mon ... sun (default: week-start in the configuration file, else the locale's).", valueName: "day"))
    var weekStart: String?

    @Flag(help: "ISO week numbers: before each week (month view), under every other week (year view).")
    var weekNumbers = false

    @Option(help: "hours view: mean busy minutes per slot, or total.")
    var stat: HeatmapModel.Statistic = .mean

    @Option(help: ArgumentHelp("quantile (quartiles of the non-zero values), linear (bands up to the largest), or fixed:A,B,C (minutes).", valueName: "scale"))
    var scale = "quantile"

    @Option(help: "unicode shades, or ascii (the default when TERM=dumb).")
    var charset: Charset?

    @Option(help: ArgumentHelp("svg: a day's (or hour's) square in pixels, 10 or more.", valueName: "px"))
    var cell = 14

    func validate() throws {
        LookOptions.warnIfUnknown(look.locale, quiet: input.quiet)
        if HeatmapScale.kind(parsing: scale) == nil {
            throw ValidationError("--scale wants quantile, linear or fixed:A,B,C with increasing minutes, not \"\(scale)\"")
        }
        if let year, HeatmapCommand.year(year) == nil {
            throw ValidationError("--year wants a year of four digits, 0001 to 9999, not \"\(year)\"")
        }
        if year != nil && (settle.from != nil || settle.to != nil) { throw ValidationError("give --year or --from/--to, not both") }
        if !(10...100).contains(cell) { throw ValidationError("--cell wants 10 to 100 pixels") }
        if let weekStart, HeatmapCommand.weekday(weekStart) == nil {
            throw ValidationError("--week-start wants mon, tue, wed, thu, fri, sat or sun")
        }
    }

    func run() throws {
        Output.ignoreOutputSignals()
        let target = try OutputChoice(output: output, format: format, default: .text, command: "heatmap", inputs: input.paths)
        let names = LocaleNames(identifier: look.localeIdentifier())
        let firstWeekday = (weekStart ?? Configuration.active.weekStart).flatMap(HeatmapCommand.weekday) ?? names.firstWeekday
        var options = try settle.options(defaultWindow: .weeks(53, weekStart: firstWeekday))
        let today = try settle.todayDate(timeline: options.timeline)
        if let year = year.flatMap(HeatmapCommand.year) {
            options.from = LocalDate(year: year, month: 1, day: 1)!
            options.to = LocalDate(year: year, month: 12, day: 31)!
        }
        options.keepOccurrences = false  // busy time and counts are all a heatmap needs
        let (settlement, report) = try input.settle(settle, options, err: Output(fd: 2), warnings: target.warnings)
        let scaleKind = HeatmapScale.kind(parsing: scale)!
        let tint = report.sharedColor(settle.calendar)
        var model = HeatmapModel(settlement, scale: scaleKind)
        model.countsAllDay = settle.allDayBusy
        let hours = view == .hours ? HeatmapModel.slots(settlement, statistic: stat, scale: scaleKind) : nil
        let text: String?  // nil: the data formats, written as bytes
        var bytes = ByteWriter(capacity: 0)
        switch target.format {
        case .json:
            HeatmapData.json(model, view: view.rawValue, slots: hours?.slots, scale: hours?.scale ?? model.dayScale,
                             statistic: hours == nil ? nil : stat, into: &bytes)
            text = nil
        case .tsv:
            HeatmapData.tsv(model, slots: hours?.slots, into: &bytes)
            text = nil
        case .svg:
            let svg = HeatmapSVG(names: names, today: today, tint: tint, calendars: report.shownCalendars(settle.calendar),
                                 cell: cell, weekNumbers: weekNumbers)
            switch view {
            case .year: text = svg.year(model, weekStart: firstWeekday)
            case .month: text = svg.months(model, weekStart: firstWeekday)
            case .hours: text = svg.hours(model, slots: hours!.slots, scale: hours!.scale, statistic: stat, weekStart: firstWeekday)
            }
        case .text:
            let environment = ProcessInfo.processInfo.environment
            // Colour on a terminal, or wherever --color always (or FORCE_COLOR) asks for it.
            let color = (target.path == "-" || look.color == .always) && look.useColor()
            let truecolor = LookOptions.truecolor(environment: environment)
            let ascii = (charset ?? (environment["TERM"] == "dumb" ? .ascii : .unicode)) == .ascii
            let drawer = HeatmapText(names: names, style: TerminalStyle(colors: color ? (truecolor ? .truecolor : .palette256) : .none, ascii: ascii, tint: tint),
                                     today: today, width: HeatmapCommand.terminalWidth(environment))
            switch view {
            case .year: text = drawer.year(model, weekStart: firstWeekday, weekNumbers: weekNumbers)
            case .month: text = drawer.months(model, weekStart: firstWeekday, weekNumbers: weekNumbers)
            case .hours: text = drawer.hours(model, slots: hours!.slots, scale: hours!.scale, statistic: stat, weekStart: firstWeekday)
            }
        }
        if let text { try Output.write(text, to: target.path) } else { try Output.write(bytes, to: target.path) }
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status != .success { throw status }
    }

    /// Four digits, 0001 to 9999 (`26` is not year 26).
    static func year(_ text: String) -> Int? {
        guard text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(text), year >= 1 else { return nil }
        return year
    }

    static func weekday(_ text: String) -> Int? {
        ["mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6, "sun": 7][String(text.lowercased().prefix(3))]
    }

    /// The terminal's columns, else COLUMNS, else 80 on a terminal and no
    /// limit in a pipe or file (nothing wraps there).
    static func terminalWidth(_ environment: [String: String]) -> Int {
        var size = winsize()
        if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return isatty(1) == 1 ? 80 : 10_000
    }
}

extension HeatmapModel.Statistic: ExpressibleByArgument {}

extension HeatmapCommand.Format: WrittenFormat {
    /// `-o`'s extensions (docs/heatmap.md, Writing a file).
    var extensions: [String] {
        switch self {
        case .text: []
        case .svg: ["svg"]
        case .json: ["json"]
        case .tsv: ["tsv"]
        }
    }
}
