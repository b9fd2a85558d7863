import ArgumentParser
import EventModel
import Export
import FreeBusy
import Plumbing
import Settle

struct ConflictsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "List the pairs of busy events that overlap, with the overlap's length.",
        discussion: """
        Two busy occurrences (timed, opaque, not cancelled, not declined by \
        --me; all-day ones too with --all-day-busy; VFREEBUSY periods) \
        conflict when they overlap by more than zero seconds within the \
        window: a meeting that ends at 10:00 and one that starts then do \
        not. Each pair is listed once, under the local date its overlap \
        starts on, with both events (title, calendar, uid, recurrence id, \
        local times). --between-inputs keeps only pairs from two different \
        INPUT arguments (each a person or a calendar; a file belongs to the \
        argument that names it or the directory it was found in). A \
        conflict is a finding, not an error: the exit code does not change. \
        At most --limit pairs are listed, the first by where the overlap \
        starts; past it a warning says how many were left out and from \
        where. Default window: today and the next 30 days; one without any \
        event says so on standard error (not with -q). docs/free.md has \
        the details.

        \(OutputChoiceHelp.text)

        -o's extensions: .ndjson or .jsonl for ndjson; .txt or none: \
        --format, else text.

        EXAMPLES:
          busylife conflicts work.ics personal.ics --today 2026-11-23
          busylife conflicts alice.ics bob.ics --between-inputs --format ndjson \\
            | jq -r '[.start, .first.title, .second.title] | @tsv'
          busylife conflicts ~/.calendars/ --from 2026-11-01 --to 2026-11-30 \\
            --me me@example.com

        \(ExitStatus.inputs)

        \(ExitStatus.help)
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, ndjson
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var settle: SettleFlags

    @Flag(help: "Only overlaps between events of different INPUT arguments.")
    var betweenInputs = false

    @Option(help: ArgumentHelp("List at most this many pairs (a warning names what is left out).", valueName: "n"))
    var limit = 100_000

    @Option(help: "text: by day, for eyes; ndjson: one pair per line. Default: from -o's extension, else text.")
    var format: Format?

    @OptionGroup var common: FreeBusyOptions

    func validate() throws {
        LookOptions.warnIfUnknown(common.locale, quiet: input.quiet)
        if limit < 1 { throw ValidationError("--limit wants a positive number of pairs") }
        if betweenInputs && input.paths.count < 2 {
            throw ValidationError("--between-inputs wants two inputs or more (each a person or a calendar)")
        }
    }

    func run() throws {
        Output.ignoreOutputSignals()
        let target = try OutputChoice(output: common.output, format: format, default: .text, command: "conflicts", inputs: input.paths)
        var options = try settle.options(defaultWindow: .ahead(days: 31))
        options.listDays = false
        let err = Output(fd: 2)
        let (settlement, readReport) = try input.settle(settle, options, err: err, warnings: target.warnings)
        var report = readReport
        let owners = InputOwners(input.paths, shown: input.remote.shownInputs)
        let found = settlement.conflicts(limit: limit, acrossGroupsOnly: betweenInputs) { owners.index(ofFile: $0.event.source.file) ?? -1 }
        if let warning = ConflictList.limitWarning(found, in: settlement) {
            report.count(warning)
            if input.shows(warning) {
                err.line(warning.description)
                err.flush()
            }
        }
        let writing: ConflictList.Writing
        switch target.format {
        case .text:
            writing = .text(FreeBusyText(locale: AgendaLocale(identifier: common.localeIdentifier),
                                         today: try settle.todayDate(timeline: settlement.timeline)))
        case .ndjson:
            let named = input.paths.count > 1
            writing = .ndjson { settled in named ? owners.index(ofFile: settled.event.source.file).map(owners.name) : nil }
        }
        var cut: Diagnostic?
        try common.write { write in cut = ConflictList.write(found, in: settlement, writing, to: write) }
        if let cut {
            report.count(cut)
            if input.shows(cut) {
                err.line(cut.description)
                err.flush()
            }
        }
        if target.format == .text { input.remarkIfNoEvents(settlement, on: settlement.from...settlement.to, report: report) }
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status != .success { throw status }
    }
}

extension ConflictsCommand.Format: WrittenFormat {
    /// `-o`'s extensions (docs/free.md, Writing a file).
    var extensions: [String] {
        switch self {
        case .text: []
        case .ndjson: ["ndjson", "jsonl"]
        }
    }
}
