import ArgumentParser
import EventModel
import Export
import Foundation
import Import
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
        error that lists them. docs/agenda.md has the details.

        EXAMPLES:
          busylife agenda samples/ --today 2026-11-22 --from 2026-11-22 --to 2026-11-28
          busylife agenda work.ics --locale de_DE --empty-days
          LANG=ja_JP.UTF-8 busylife agenda samples/busylife-events.json --today 2026-11-22
          busylife agenda cal.ics --format tsv | awk -F'\\t' '$4 == "false" { print $5 }'

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

    func run() throws {
        Output.ignoreBrokenPipeSignal()
        let options = try settle.options()
        let out = Output(fd: 1)
        let (settlement, report) = try settleInputs(input, settle, options, err: Output(fd: 2))
        switch format {
        case .tsv:
            out.write(Agenda.tsvHeader)
            for day in settlement.days where !out.closed { out.write(Agenda.tsvRows(day, in: settlement, shown: shown(options.me))) }
        case .text:
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
            var first = true
            for day in settlement.days where !out.closed {
                guard let text = agenda.text(day, in: settlement) else { continue }
                out.write((first ? "" : "\n") + text)
                first = false
            }
        }
        try out.finish()
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status != .success { throw status }
    }

    /// What the filters leave: every event, or without the cancelled,
    /// the declined or the all-day ones.
    func shown(_ me: String?) -> Agenda.Shown {
        Agenda.Shown(cancelled: !hideCancelled, declined: !hideDeclined, allDay: !noAllDay, me: me)
    }
}
