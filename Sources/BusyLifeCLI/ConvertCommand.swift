import ArgumentParser
import Convert
import EventModel
import Import
import Plumbing
import Settle

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert calendars to .ics, jCal, BusyLife events.json or CSV (as stored, or expanded over a window).",
        discussion: """
        As stored (the default for ics and jcal): every component as it was \
        read (events with their rules and overrides, to-dos, unknown and X- \
        properties and parameters), the inputs merged into one VCALENDAR, \
        with the VTIMEZONEs the written TZIDs need. TZIDs are written as the \
        zone they resolved to (an IANA name for tz database, Windows and \
        vendor-prefixed names). With --from/--to, only the series with an \
        occurrence in the window; with --calendar/--search, only matching series.

        --expand (always for events-json and csv): one VEVENT, object or row \
        per occurrence of the window, recurrences expanded, each with the \
        master's UID and a RECURRENCE-ID. Without --from/--to the window \
        covers the data (series without an end: until a year after today).

        CSV has Google Calendar's import columns unless --csv-columns names \
        others (\(CSVColumn.allCases.map(\.rawValue).joined(separator: ", "))). \
        Mappings field by field: docs/convert.md.

        events.json cannot say an event is transparent, cancelled or all-day \
        (nor CSV without a Busy column): such occurrences read back as busy \
        time, and a warning counts them (exit 2). --busy-only leaves them out.

        \(OutputChoiceHelp.text)

        -o's extensions: .ics, .ical or .ifb for ics; .jcal or .jcs for \
        jcal; .json for events-json; .csv for csv; .txt or none: --format, \
        else ics.

        EXAMPLES:
          busylife convert samples/busylife-events.json -o busylife.ics
          busylife convert work.ics --expand --from 2026-01-01 -o 2026.ics
          busylife convert work.ics personal.ics --format jcal > all.jcal
          busylife convert work.ics --from 2026-11-01 --to 2026-11-30 -o nov.csv
          busylife convert work.ics --format csv --csv-columns Subject,Start,End
          busylife convert ~/.calendars/ --calendar Work > work.ics

        \(ExitStatus.help)
        """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var settle: SettleFlags

    @Option(help: ArgumentHelp("ics, jcal, events-json or csv. Default: from -o's extension, else ics.", valueName: "format"),
            completion: .list(ConvertFormat.allCases.map(\.rawValue)))
    var format: String?

    @Flag(help: "One VEVENT per occurrence of the window instead of the events as stored (ics and jcal).")
    var expand = false

    @Option(name: .customLong("csv-columns"),
            help: ArgumentHelp("CSV columns, comma-separated, in order (default: Google Calendar's).", valueName: "names"))
    var csvColumns: String?

    @Flag(name: .customLong("busy-only"),
          help: "events-json and csv: write only occurrences that count as busy time (the formats cannot say an event is free).")
    var busyOnly = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output (- for standard output; its extension may choose the format; written safely, see above).", valueName: "file"),
            completion: .file())
    var output: String?

    func validate() throws {
        _ = try givenFormat()
        _ = try columns()
    }

    /// `--format`, nil when not given.
    private func givenFormat() throws -> ConvertFormat? {
        guard let format else { return nil }
        guard let known = ConvertFormat(rawValue: format.lowercased()) else {
            throw ValidationError("--format must be one of \(ConvertFormat.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(format)\"")
        }
        return known
    }

    private func columns() throws -> [CSVColumn] {
        guard let csvColumns else { return CSVColumn.google }
        return try csvColumns.split(separator: ",").map { name in
            guard let column = CSVColumn(name: String(name).trimmingBlanks()) else {
                throw ValidationError("--csv-columns: unknown column \"\(name)\"; columns: "
                    + CSVColumn.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return column
        }
    }

    func run() throws {
        Output.ignoreOutputSignals()
        let target = try OutputChoice(output: output, format: try givenFormat(), default: .ics, command: "convert", inputs: input.paths)
        let format = target.format
        if busyOnly && !format.alwaysExpanded {
            throw ValidationError("--busy-only is for events-json and csv, which cannot say an event is free; .ics and jCal keep TRANSP and STATUS")
        }
        let settleOptions = try settle.options()
        var options = ConvertOptions(format: format, expand: expand, settle: settleOptions,
                                     windowGiven: settle.from != nil || settle.to != nil,
                                     today: try settle.todayDate(timeline: settleOptions.timeline))
        options.csvColumns = try columns()
        options.busyOnly = busyOnly
        let err = Output(fd: 2)
        if let warning = settle.zoneSettingWarning(), input.shows(warning) { err.line(warning.description) }
        for warning in target.warnings where input.shows(warning) { err.line(warning.description) }
        input.sayRemote { if input.shows($0) { err.line($0.description) } }
        let file = try Output.open(target.path)
        let conversion = Conversion(options: options) { bytes in file.write(bytes: bytes) }
        var report: ImportReport
        do {
            report = try conversion.run(input.remote.importSources,
                                        importOptions: ImportOptions(useCalendarZone: !input.noCalendarZone),
                                        diagnostic: { diagnostic in
                                            guard input.shows(diagnostic) else { return }
                                            err.line(diagnostic.description)
                                            err.flush()
                                        },
                                        readingFinished: { report in
                                            if report.unreadable + input.remote.unreadable == 0 { try report.checkCalendars(settle.calendar) }
                                        })
        } catch {
            file.abort()
            throw error
        }
        err.flush()
        target.warnings.forEach { report.count($0) }
        input.countRemote(into: &report)
        if conversion.incomplete {
            // Never a partial file: the old one stays.
            file.abort()
            err.line("busylife: cannot write \(output ?? "output"): busylife's temporary file could not be read back (an I/O error); the output is incomplete")
            err.flush()
            throw ExitCode(74)
        }
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status == .success || status.rawValue == 2 {
            try file.finish()
        } else {
            // Nothing usable, or --strict refused: the old file stays.
            file.abort()
        }
        if status != .success { throw status }
    }
}

extension ConvertFormat: WrittenFormat {
    /// `-o`'s extensions (docs/convert.md, Writing a file).
    var extensions: [String] {
        switch self {
        case .ics: ["ics", "ical", "ifb"]
        case .jcal: ["jcal", "jcs"]
        case .eventsJSON: ["json"]
        case .csv: ["csv"]
        }
    }
}
