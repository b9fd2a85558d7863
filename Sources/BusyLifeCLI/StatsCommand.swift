import ArgumentParser
import Foundation
import EventModel
import Export
import FreeBusy
import Plumbing
import Settle
import Statistics

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "How busy the window was, period by period: busy, focus and meeting time, and who takes it.",
        discussion: """
        For each week (--by month or day for others) and in total: busy \
        time (the union of all inputs, as free and busy count it), the \
        working time (--hours on --workdays, on the clock of the zone in \
        force), the busy part of it and what lay after hours, free \
        working time in blocks of at least --focus (focus) or shorter \
        (fragmented), meetings (busy events with two or more participants, \
        rooms left out), double-booked time and meeting-free workdays; then \
        busy time by calendar and by category, and with --me the people \
        you meet. Periods are local dates cut by the window. Default \
        window: the current period whole and the 12 before it. \
        docs/stats.md defines every figure.

        \(OutputChoiceHelp.text)

        -o's extensions: .json for json; .ndjson or .jsonl for ndjson; .csv \
        for csv; .svg for svg; .txt or none: --format, else text.

        EXAMPLES:
          busylife stats work.ics --today 2026-11-23 --format json
          busylife stats ~/.calendars/ --by month --from 2026-01 --to 2026-12 \\
            --me me@example.com --format csv -o 2026.csv
          busylife stats work.ics --focus 90m --hours 08:30-16:30 --format ndjson \\
            | jq '[.start, .focusSeconds / 3600]'

        \(ExitStatus.inputs)

        \(ExitStatus.help)
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, ndjson, csv, svg
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var settle: SettleFlags

    @Option(help: "Periods: week, month or day.")
    var by: StatsGrouping = .week

    @Option(help: ArgumentHelp("First day of the week: mon ... sun (default: week-start in the configuration file, else the locale's).", valueName: "day"))
    var weekStart: String?

    @Option(name: .customLong("hours"), help: ArgumentHelp("Working hours on the wall clock of the zone in force: HH:MM-HH:MM, end at most 24:00 (default: working-hours in the configuration file, else 09:00-17:00).", valueName: "from-to"))
    var hoursText: String?

    @Option(help: ArgumentHelp("Working days: Mon-Fri, Sun-Thu, Mon,Wed,Fri (English names, two letters or more). Default: working-days in the configuration file, else the working week of the locale's country (Mon-Fri in most).", valueName: "days"))
    var workdays: String?

    @Option(name: .customLong("focus"), help: ArgumentHelp("The shortest free block inside working hours that counts as focus time: 2h, 90m, PT1H30M.", valueName: "length"))
    var focusText = "2h"

    @Option(help: "text: a table with a sparkline and trend per figure; json: one document (busylife.stats/1); ndjson: one period a line; csv: one period a row; svg: a chart of stacked bars. Default: from -o's extension, else text.")
    var format: Format?

    @Option(help: "Colour in the text table: auto (on a terminal unless NO_COLOR is set; FORCE_COLOR forces it), always, never.")
    var color: LookOptions.ColorChoice = .auto

    @OptionGroup var common: FreeBusyOptions

    /// `--hours`, else the configuration file's, else 09:00-17:00.
    var hours: String { hoursText ?? Configuration.active.workingHours ?? "09:00-17:00" }

    func validate() throws {
        LookOptions.warnIfUnknown(common.locale, quiet: input.quiet)
        _ = try FreeBusyOptions.workingHours(hours, workdays: workdays, locale: common.localeIdentifier)
        _ = try FreeBusyOptions.duration(focusText, flag: "--focus", atMost: 86_400_000)
        if let weekStart, HeatmapCommand.weekday(weekStart) == nil {
            throw ValidationError("--week-start wants mon, tue, wed, thu, fri, sat or sun")
        }
    }

    func run() throws {
        Output.ignoreOutputSignals()
        let target = try OutputChoice(output: common.output, format: format, default: .text, command: "stats", inputs: input.paths)
        let names = LocaleNames(identifier: common.localeIdentifier)
        let weekStart = (weekStart ?? Configuration.active.weekStart).flatMap(HeatmapCommand.weekday) ?? names.firstWeekday
        let request = StatsRequest(
            grouping: by, weekStart: weekStart,
            hours: try FreeBusyOptions.workingHours(hours, workdays: workdays, locale: common.localeIdentifier),
            focusSeconds: Int(try FreeBusyOptions.duration(focusText, flag: "--focus") / 1000))
        let options = try settle.options(defaultWindow: StatsCommand.defaultWindow(by, weekStart: weekStart))
        let ((stats, timeline), report) = try input.statistics(settle, options, request, err: Output(fd: 2), warnings: target.warnings)
        let text: String
        switch target.format {
        case .json: text = StatsData.json(stats, request: request, timeline: timeline)
        case .ndjson: text = StatsData.lines(stats)
        case .csv: text = StatsData.csv(stats)
        case .svg: text = StatsSVG.render(stats, locale: names)
        case .text:
            let environment = ProcessInfo.processInfo.environment
            // Colour on a terminal, or wherever --color always (or FORCE_COLOR) asks for it.
            let color = (target.path == "-" || color == .always) && LookOptions.useColor(color, environment: environment)
            text = StatsText.render(stats, style: StatsTextStyle(width: HeatmapCommand.terminalWidth(environment),
                                                                 locale: common.localeIdentifier, color: color))
        }
        try common.write(text)
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status != .success { throw status }
    }

    /// The current period whole and the 12 before it.
    static func defaultWindow(_ grouping: StatsGrouping, weekStart: Int) -> DateWindow.Default {
        switch grouping {
        case .day: .around(before: 12, after: 0)
        case .week: .weeks(13, weekStart: weekStart)
        case .month: .months(13)
        }
    }
}

extension StatsGrouping: ExpressibleByArgument {}

extension StatsCommand.Format: WrittenFormat {
    /// `-o`'s extensions (docs/stats.md, Writing a file).
    var extensions: [String] {
        switch self {
        case .text: []
        case .json: ["json"]
        case .ndjson: ["ndjson", "jsonl"]
        case .csv: ["csv"]
        case .svg: ["svg"]
        }
    }
}
