import EventModel
import FreeBusy

/// What to count besides the settled window (docs/stats.md): how to cut
/// it into periods, the working hours, and how long a free block must be
/// to count as focus time.
public struct StatsRequest: Sendable, Equatable {
    public var grouping: StatsGrouping
    /// The first day of a week, ISO weekday: 1 Monday ... 7 Sunday.
    public var weekStart: Int
    public var hours: WorkingHours
    /// The shortest free block inside working hours that counts as focus time.
    public var focusSeconds: Int

    public init(grouping: StatsGrouping = .week, weekStart: Int = 1, hours: WorkingHours = .standard,
                focusSeconds: Int = 7200) {
        self.grouping = grouping
        self.weekStart = (1...7).contains(weekStart) ? weekStart : 1
        self.hours = hours
        self.focusSeconds = max(0, focusSeconds)
    }
}

/// The periods of a window: local dates, each period clipped to the window.
package enum StatsPeriods {
    /// The first and last date of each period of `grouping` that meets
    /// `from ... to`, clipped to it, in order; `partial` where the clip
    /// cut days off. A day is never partial.
    package static func cut(from: LocalDate, to: LocalDate, grouping: StatsGrouping,
                            weekStart: Int) -> [(start: LocalDate, end: LocalDate, partial: Bool)] {
        var result: [(start: LocalDate, end: LocalDate, partial: Bool)] = []
        var first = start(of: from, grouping: grouping, weekStart: weekStart)
        while first <= to {
            let last = end(of: first, grouping: grouping)
            let clippedStart = max(first, from), clippedEnd = min(last, to)
            result.append((clippedStart, clippedEnd, clippedStart != first || clippedEnd != last))
            guard last < LocalDate(year: 9999, month: 12, day: 31)! else { break }
            first = last.adding(days: 1)
        }
        return result
    }

    /// The first date of the period that holds `date`.
    static func start(of date: LocalDate, grouping: StatsGrouping, weekStart: Int) -> LocalDate {
        switch grouping {
        case .day: date
        case .week: WeekOrder(first: weekStart).start(of: date)
        case .month: LocalDate(year: date.year, month: date.month, day: 1)!
        }
    }

    /// The last date of the period that starts on `first`.
    static func end(of first: LocalDate, grouping: StatsGrouping) -> LocalDate {
        switch grouping {
        case .day: first
        case .week: first.adding(days: 6)
        case .month: LocalDate(year: first.year, month: first.month, day: LocalDate.daysIn(month: first.month, year: first.year))!
        }
    }
}
