import ArgumentParser
import EventModel
import Export
import Foundation
import Import
import Plumbing
import Settle

struct AgendaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda",
        abstract: "Print the window as a list of days with their events, for eyes (or TSV for scripts).",
        discussion: """
        One section per local day with events, with a long localized date \
        header (today marked), then each event: its time range in the \
        locale's short time style or "all day", title, location and \
        duration. Multi-day events show ↦ where they start, ↔ on middle \
        days and ⇥ where they end. Colour on a terminal: the calendar's own \
        (a vdir collection's color file), else by BusyLife type or calendar \
        name. A --calendar that matches no calendar of the input is a usage \
        error that lists them. Default window: today and the next 6 days \
        (--days N for N days; --from alone: that many days from it, \
        --from 2026-11 alone the month, --from 2026-11 --days 3 its first 3 \
        days; --days with both --from and --to is a usage error); one \
        without any event prints nothing and says so on standard error \
        (not with -q). \
        --template prints each event through a Mustache template instead \
        ({{start-time}} {{title}}; fields in docs/agenda.md, which has \
        khal's, icalBuddy's and gcalcli's layouts). Without INPUT, the \
        calendars of the configuration file (busylife config). \
        docs/agenda.md has the details.

        EXAMPLES:
          busylife agenda
          busylife agenda work.ics --from monday --days 5
          busylife agenda --from 2026-W48
          busylife agenda --template '{{start-time}} {{title}} @{{location}}'
          busylife agenda samples/ --today 2026-11-22 --from 2026-11-22 \\
            --to 2026-11-28
          busylife agenda work.ics --locale de_DE --empty-days
          LANG=ja_JP.UTF-8 busylife agenda samples/busylife-events.json \\
            --today 2026-11-22
          busylife agenda cal.ics --format tsv \\
            | awk -F'\\t' '$4 == "false" { print $5 }'

        \(ExitStatus.help)
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, tsv
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var settle: SettleFlags
    @OptionGroup var look: LookOptions

    @Option(help: "text: day sections; tsv: a header, then a row per occurrence per day.")
    var format: Format = .text

    @Flag(help: "Also list days without events.")
    var emptyDays = false

    @Flag(help: "Leave out cancelled events (they are marked otherwise).")
    var hideCancelled = false

    @Flag(help: "Leave out events --me declined (they are marked otherwise).")
    var hideDeclined = false

    @Flag(help: "Leave out all-day events.")
    var noAllDay = false

    @Option(help: ArgumentHelp("Print each occurrence through this Mustache template instead: {{start-time}} {{title}}{{#location}} @{{location}}{{/location}} (fields: docs/agenda.md).", valueName: "template"))
    var template: String?

    @Option(help: ArgumentHelp("The same, read from a file.", valueName: "file"), completion: .file())
    var templateFile: String?

    @Option(help: ArgumentHelp("Days in the window (default 7: today and the next 6); from the first day of --from, even of a month (--from 2026-11 --days 3: 1 to 3 November), or up to the last day of --to; not with both.", valueName: "n"))
    var days: Int?

    func validate() throws {
        LookOptions.warnIfUnknown(look.locale, quiet: input.quiet)
        if template != nil && templateFile != nil { throw ValidationError("give --template or --template-file, not both") }
        if (template != nil || templateFile != nil) && format == .tsv { throw ValidationError("--template writes text: leave out --format tsv") }
        if let days, !(1...SettleOptions.maximumDays).contains(days) {
            throw ValidationError("--days wants 1 to \(SettleOptions.maximumDays), not \(days)")
        }
    }

    func run() throws {
        Output.ignoreOutputSignals()
        let options = try settle.options(defaultWindow: .ahead(days: 7), days: days)
        var templated = template == nil && templateFile == nil ? nil : try makeTemplate(today: try settle.todayDate(timeline: options.timeline))
        templated?.emptyDays = emptyDays
        let out = Output(fd: 1)
        let err = Output(fd: 2)
        let (settlement, settledReport) = try input.settle(settle, options, err: err)
        var report = settledReport
        let writing: Agenda.Writing
        switch format {
        case .tsv: writing = .tsv(shown(options.me))
        case .text:
            if let templated { writing = .template(templated) } else { writing = .text(try textAgenda(options, report: report)) }
        }
        let cut = Agenda.write(settlement, writing, to: out)
        try out.finish()
        if let cut {
            if input.shows(cut) { err.line(cut.description) }
            err.flush()
            report.count(cut)
        }
        if format == .text { input.remarkIfNoEvents(settlement, on: settlement.from...settlement.to, report: report) }
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status != .success { throw status }
    }

    /// The agenda of text sections, for `options`.
    func textAgenda(_ options: SettleOptions, report: ImportReport) throws -> Agenda {
        var agenda = Agenda(locale: AgendaLocale(identifier: look.localeIdentifier()), today: try settle.todayDate(timeline: options.timeline))
        agenda.emptyDays = emptyDays
        agenda.color = look.useColor()
        agenda.calendarColors = report.calendarColors
        agenda.truecolor = LookOptions.truecolor()
        agenda.me = options.me
        agenda.shown = shown(options.me)
        agenda.calendars = report.calendars.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        // Lines are cut to the terminal's width, never in a pipe or file.
        if isatty(1) == 1 { agenda.width = HeatmapCommand.terminalWidth(ProcessInfo.processInfo.environment) }
        return agenda
    }

    /// What the filters leave: every event, or without the cancelled,
    /// the declined or the all-day ones.
    func shown(_ me: String?) -> Agenda.Shown {
        Agenda.Shown(cancelled: !hideCancelled, declined: !hideDeclined, allDay: !noAllDay, me: me)
    }

    /// `--template` or `--template-file`, read and checked before any input is.
    func makeTemplate(today: LocalDate) throws -> AgendaTemplate {
        let text: String, source: String
        if let templateFile {
            guard let data = FileManager.default.contents(atPath: templateFile) else {
                throw ExitStatus.missing("cannot read the template \(templateFile): " + SettleFlags.reason(templateFile))
            }
            text = String(decoding: data, as: UTF8.self)
            source = templateFile
        } else {
            text = template ?? ""
            source = "--template"
        }
        do { return try AgendaTemplate(text, source: source, locale: AgendaLocale(identifier: look.localeIdentifier()), today: today) }
        catch { throw ValidationError(error.description) }
    }
}
