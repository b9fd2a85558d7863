import ArgumentParser
import Convert
import EventModel
import Export
import FreeBusy
import Plumbing
import Settle

struct BusyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "busy",
        abstract: "Print the merged busy time of the window, or publish it as a VFREEBUSY.",
        discussion: """
        The busy time of all inputs together (as days and heatmap count it, \
        VFREEBUSY inputs included), merged into periods: BUSY, or \
        BUSY-TENTATIVE where every busy event covering the time is \
        tentative. --format ics writes it as an RFC 5545 VFREEBUSY (DTSTART \
        and DTEND of the window in UTC, one FREEBUSY line per period, \
        DTSTAMP the start of --today, ORGANIZER from --me) that others can \
        book you by; reading it back gives the same busy seconds per day. \
        Default window: today and the next 6 days. docs/free.md has the \
        details.

        \(OutputChoiceHelp.text)

        -o's extensions: .json for json; .ics, .ical or .ifb for ics; .txt or none: \
        --format, else text.

        EXAMPLES:
          busylife busy work.ics --today 2026-11-23
          busylife busy ~/.calendars/ --from 2026-11-01 --to 2026-12-31 \\
            --me me@example.com --format ics -o me.ifb
          busylife busy work.ics --format json | jq '.days[] | [.date, .busySeconds]'

        \(ExitStatus.inputs)

        \(ExitStatus.help)
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, ics
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var settle: SettleFlags

    @Option(help: "text: busy time by day; json: one document (busylife.busy/1); ics: a VFREEBUSY (RFC 5545 3.6.4). Default: from -o's extension, else text.")
    var format: Format?

    @OptionGroup var common: FreeBusyOptions

    func validate() {
        LookOptions.warnIfUnknown(common.locale, quiet: input.quiet)
    }

    func run() throws {
        Output.ignoreOutputSignals()
        let target = try OutputChoice(output: common.output, format: format, default: .text, command: "busy", inputs: input.paths)
        var options = try settle.options(defaultWindow: .ahead(days: 7))
        options.listDays = false  // the occurrences tell tentative time apart; no day lists
        let (settlement, report) = try input.settle(settle, options, err: Output(fd: 2), warnings: target.warnings)
        let timeline = settlement.timeline
        let periods = settlement.busyPeriods
        let text: String
        switch target.format {
        case .text:
            let view = FreeBusyText(locale: AgendaLocale(identifier: common.localeIdentifier), today: try settle.todayDate(timeline: timeline))
            text = view.busy(days: settlement.days, periods: periods, timeline: timeline)
        case .json:
            text = FreeBusyJSON.busy(periods, days: settlement.days, timeline: timeline)
        case .ics:
            let window = FreeBusyOptions.hull(settlement.days)
                ?? Instant(seconds: options.from.daysSinceEpoch * 86_400)..<Instant(seconds: (options.to.daysSinceEpoch + 1) * 86_400)
            text = FreeBusyCalendar.document(
                window: window, stamp: FreeBusyOptions.stamp(today: try settle.todayDate(timeline: timeline), timeline: timeline),
                uid: FreeBusyOptions.uid("busy", from: options.from, to: options.to, timeline: timeline, me: settle.address),
                organizer: settle.address.flatMap(Attendee.email(fromAddress:)),
                periods: periods.map { FreeBusyCalendar.Period(start: $0.start, end: $0.end, type: $0.tentative ? "BUSY-TENTATIVE" : "BUSY") })
        }
        try common.write(text)
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status != .success { throw status }
    }
}

extension BusyCommand.Format: WrittenFormat {
    /// `-o`'s extensions (docs/free.md, Writing a file).
    var extensions: [String] {
        switch self {
        case .text: []
        case .json: ["json"]
        case .ics: ["ics", "ical", "ifb"]
        }
    }
}
