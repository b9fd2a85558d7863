import EventModel
import Import
import Settle
import Statistics

extension BusyLife {
    /// Reads the sources, settles the window of `options` and counts it:
    /// busy, working, focus and meeting time per period and in total, and
    /// busy time by calendar, category and person (``Statistics``; the
    /// figures are defined in the project's docs/stats.md). The occurrences
    /// are kept whatever `options` says, since meetings and double-booked
    /// time are counted from them; `options.me` leaves the viewer out of
    /// the people met. Diagnostics go to `diagnostic` and are counted in
    /// the report, as ``settle(_:_:readOptions:diagnostic:)`` does.
    ///
    /// ```swift
    /// let week = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 23)!,
    ///                          to: LocalDate(year: 2026, month: 11, day: 29)!,
    ///                          zone: Zone.named("Europe/Berlin")!, me: "me@example.com")
    /// let (statistics, _) = BusyLife.statistics([.file(calendar)], week,
    ///                                           StatsRequest(grouping: .day, focusSeconds: 5400))
    /// for period in statistics.periods { print(period.start, period.figures.focusSeconds) }
    /// ```
    public static func statistics(_ sources: [CalendarSource], _ options: SettleOptions,
                                  _ request: StatsRequest = StatsRequest(), readOptions: ReadOptions = ReadOptions(),
                                  diagnostic: @escaping (Diagnostic) -> Void = { _ in }) -> (statistics: Statistics, report: ImportReport) {
        let counted = statistics(sources, options, request, readOptions: readOptions, diagnostic: diagnostic, readingFinished: { _ in })
        return (counted.statistics, counted.report)
    }

    /// `statistics`, with a look at the report once reading is done (as
    /// `settle` gives the command line), and the viewer's timeline used.
    ///
    /// The window is settled a few periods at a time (`StatsBuilder.parts`)
    /// from the events read once, so memory holds one part's occurrences
    /// besides what reading keeps; a diagnostic that several parts find
    /// (a far series spilled, an event out of range) is reported once.
    package static func statistics(_ sources: [CalendarSource], _ options: SettleOptions, _ request: StatsRequest,
                                   readOptions: ReadOptions = ReadOptions(), diagnostic: @escaping (Diagnostic) -> Void,
                                   readingFinished: (ImportReport) throws -> Void) rethrows
        -> (statistics: Statistics, report: ImportReport, timeline: ZoneTimeline) {
        var options = options
        options.keepOccurrences = true
        options.showsText = false  // counted, never shown: categories and people are all it reads
        options.listDays = false
        let settler = Settler(options: options)
        var report = read(sources, into: settler, readOptions: readOptions, diagnostic: diagnostic)
        try readingFinished(report)
        let timeline = settler.timeline()
        var builder = StatsBuilder(from: options.from, to: options.to, request: request, me: options.me)
        var reported = Set<String>()
        for part in builder.parts {
            let settlement = settler.settle(part: part.lowerBound, to: part.upperBound, timeline: timeline)
            builder.add(settlement)
            for found in settlement.diagnostics where reported.insert(found.description).inserted {
                report.count(found)
                diagnostic(found)
            }
        }
        return (builder.finished(), report, timeline)
    }
}
