import EventModel
import Import
import Reading
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

    /// `statistics`, with a look at the report once reading is done, and
    /// the viewer's timeline used (`Reading.statistics`).
    package static func statistics(_ sources: [CalendarSource], _ options: SettleOptions, _ request: StatsRequest,
                                   readOptions: ReadOptions = ReadOptions(), diagnostic: @escaping (Diagnostic) -> Void,
                                   readingFinished: (ImportReport) throws -> Void) rethrows
        -> (statistics: Statistics, report: ImportReport, timeline: ZoneTimeline) {
        try Reading.statistics(options, request, reading: { settler in
            read(sources, into: settler, readOptions: readOptions, diagnostic: diagnostic)
        }, diagnostic: diagnostic, readingFinished: readingFinished)
    }
}
