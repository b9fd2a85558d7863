import Settle

extension Event {
    /// The occurrences of this event that touch `window`, in order of
    /// start: DTSTART, its rules' instances, RDATEs, less EXDATEs and
    /// EXRULEs, each with its end. Overrides are events of their own; give
    /// the master and its overrides to ``BusyLife/settle(_:_:)`` to have
    /// them applied.
    ///
    /// As with Foundation's `RecurrenceRule.recurrences(of:in:)`, the cost
    /// is the window's, however far it lies from DTSTART: a week in 2126 of
    /// a daily rule from 1970 costs what a week in 1971 does.
    ///
    /// ```swift
    /// let monday = ISO8601DateFormatter().date(from: "2026-11-23T00:00:00Z")!
    /// let week = Instant(monday)..<Instant(monday.addingTimeInterval(7 * 86_400))
    /// for occurrence in standUp.occurrences(in: week) { print(occurrence.start) }
    /// ```
    public func occurrences(in window: Range<Instant>) -> some Sequence<Occurrence> {
        // UTC dates that cover the window, a day of margin either side.
        let first = LocalDateTime(secondsSinceEpoch: window.lowerBound.seconds).date.adding(days: -1)
        let last = LocalDateTime(secondsSinceEpoch: window.upperBound.seconds).date.adding(days: 1)
        var options = SettleOptions(from: first, to: last, timeline: ZoneTimeline(base: .utc))
        options.listDays = false
        options.summarizeDays = false
        let settled = BusyLife.settle([self], options).occurrences
        return settled.lazy
            .filter { $0.startUTC < window.upperBound && ($0.endUTC > window.lowerBound || $0.startUTC >= window.lowerBound) }
            .map(\.occurrence)
    }
}
