import ArgumentParser
import Convert
import EventModel
import Export
import FreeBusy
import Plumbing
import Settle

struct FreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "free",
        abstract: "List the free slots of the window inside working hours, for all inputs together.",
        discussion: """
        Free time is working time that no input is busy in: each INPUT is a \
        person or a calendar, and their busy time (events as days and \
        heatmap count it, and the busy periods of VFREEBUSY files) is one \
        union. Working hours are read on the wall clock of the zone in \
        force, so a traveller's working day moves with them (--travel, \
        --itinerary, --travel-from-events), and a 09:00-17:00 day is eight \
        hours of wall clock on both sides of a DST change. A slot is a \
        maximal free stretch of at least --min, cut at each day's end; \
        --buffer keeps that much time free of meetings on both sides of each \
        busy interval. Default window: today and the next 6 days (--from \
        alone: 7 days from it). A window without any event, all of it \
        free, says so on standard error (not with -q). docs/free.md has \
        the details.

        \(OutputChoiceHelp.text)

        -o's extensions: .json for json; .ndjson or .jsonl for ndjson; .ics, \
        .ical or .ifb for ics; .txt or none: --format, else text.

        EXAMPLES:
          busylife free work.ics --today 2026-11-23 --tz America/New_York
          busylife free alice.ics bob.ics me/ --min 1h --buffer 10m
          busylife free work.ics --hours 08:30-16:30 --workdays Mon,Wed,Fri \\
            --format ndjson | jq -r .start
          busylife free work.ics --tz America/New_York \\
            --travel 2026-12-02T22:00Z=Asia/Tokyo
          busylife free work.ics --format ics -o free.ics

        \(ExitStatus.inputs)

        \(ExitStatus.help)
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, ndjson, ics
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var settle: SettleFlags

    @Option(name: .customLong("hours"), help: ArgumentHelp("Working hours on the wall clock of the zone in force: HH:MM-HH:MM, end at most 24:00 (default: working-hours in the configuration file, else 09:00-17:00).", valueName: "from-to"))
    var hoursText: String?

    /// `--hours`, else the configuration file's, else 09:00-17:00.
    var hours: String { hoursText ?? Configuration.active.workingHours ?? "09:00-17:00" }

    @Option(help: ArgumentHelp("Working days: Mon-Fri, Sun-Thu, Mon,Wed,Fri (English names, two letters or more). Default: working-days in the configuration file, else the working week of the locale's country (Mon-Fri in most).", valueName: "days"))
    var workdays: String?

    @Option(name: .customLong("min"), help: ArgumentHelp("Shortest slot listed: 30m, 1h, 1h30m, PT45M.", valueName: "length"))
    var minimumText = "30m"

    @Option(name: .customLong("buffer"), help: ArgumentHelp("Time kept free before and after every busy interval (at most 12h).", valueName: "length"))
    var bufferText = "0"

    @Option(help: "text: slots by day; json: one document (busylife.free/1); ndjson: one slot per line; ics: a VFREEBUSY of FBTYPE=FREE periods. Default: from -o's extension, else text.")
    var format: Format?

    @OptionGroup var common: FreeBusyOptions

    func validate() throws {
        LookOptions.warnIfUnknown(common.locale, quiet: input.quiet)
        _ = try workingHours()
        _ = try FreeBusyOptions.duration(minimumText, flag: "--min")
        _ = try FreeBusyOptions.duration(bufferText, flag: "--buffer", atMost: 12 * 3_600_000)
    }

    func workingHours() throws -> WorkingHours {
        try FreeBusyOptions.workingHours(hours, workdays: workdays, locale: common.localeIdentifier)
    }

    func run() throws {
        Output.ignoreOutputSignals()
        let target = try OutputChoice(output: common.output, format: format, default: .text, command: "free", inputs: input.paths)
        let hours = try workingHours()
        let minimum = try FreeBusyOptions.duration(minimumText, flag: "--min")
        let buffer = try FreeBusyOptions.duration(bufferText, flag: "--buffer")
        var options = try settle.options(defaultWindow: .ahead(days: 7))
        let dates = options.from...options.to
        // A day more on each side: busy time there reaches into the window by the buffer.
        options.from = SettleFlags.clamped(options.from.adding(days: -1))
        options.to = SettleFlags.clamped(options.to.adding(days: 1))
        options.keepOccurrences = false  // busy time is all free time needs
        options.listDays = false
        let (settlement, report) = try input.settle(settle, options, err: Output(fd: 2), warnings: target.warnings)
        let slots = settlement.freeSlots(hours: hours, minimum: minimum, buffer: buffer, dates: dates)
        let days = settlement.days.filter { dates.contains($0.date) }
        let timeline = settlement.timeline
        let hasWorkingTime = days.contains { !hours.intervals(of: $0, timeline: timeline).isEmpty }
        if !hasWorkingTime {
            input.remark("no working time from \(dates.lowerBound) to \(dates.upperBound) (--workdays \(WorkingHours.workdaysText(hours.workdays)), --hours \(self.hours))")
        }
        let text: String
        switch target.format {
        case .text:
            let view = FreeBusyText(locale: AgendaLocale(identifier: common.localeIdentifier), today: try settle.todayDate(timeline: timeline))
            text = view.free(days: days, slots: slots, hours: hours, timeline: timeline)
        case .json:
            text = FreeBusyJSON.free(slots, request: .init(from: dates.lowerBound, to: dates.upperBound, hours: hours, minimum: minimum, buffer: buffer),
                                     timeline: timeline)
        case .ndjson:
            text = FreeBusyJSON.slotLines(slots, timeline: timeline)
        case .ics:
            let window = FreeBusyOptions.hull(days) ?? Instant(seconds: dates.lowerBound.daysSinceEpoch * 86_400)..<Instant(seconds: (dates.upperBound.daysSinceEpoch + 1) * 86_400)
            text = FreeBusyCalendar.document(
                window: window, stamp: FreeBusyOptions.stamp(today: try settle.todayDate(timeline: timeline), timeline: timeline),
                uid: FreeBusyOptions.uid("free", from: dates.lowerBound, to: dates.upperBound, timeline: timeline, me: settle.address),
                organizer: settle.address.flatMap(Attendee.email(fromAddress:)),
                periods: slots.map { FreeBusyCalendar.Period(start: $0.start, end: $0.end, type: "FREE") })
        }
        try common.write(text)
        if target.format == .text && hasWorkingTime {
            input.remarkIfNoEvents(settlement, on: dates, report: report, consequence: ": all working time is free")
        }
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status != .success { throw status }
    }
}

extension FreeCommand.Format: WrittenFormat {
    /// `-o`'s extensions (docs/free.md, Writing a file).
    var extensions: [String] {
        switch self {
        case .text: []
        case .json: ["json"]
        case .ndjson: ["ndjson", "jsonl"]
        case .ics: ["ics", "ical", "ifb"]
        }
    }
}
