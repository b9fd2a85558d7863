/// The order of the seven days in a week that starts on `first` (ISO
/// weekday: 1 Monday ... 7 Sunday). The one place that turns a weekday into
/// a row of a grid and back (row 0 is `first`), and finds the first day of
/// a date's week (the heatmap's grids, a default window of whole weeks).
///
/// With a week starting on Sunday (`first` 7), Sunday is row 0, Monday row
/// 1 and Saturday row 6; 2026-01-01, a Thursday, is in row 4, and its week
/// starts on 2025-12-28.
package struct WeekOrder: Sendable, Equatable {
    /// ISO weekday of row 0.
    package let first: Int

    package init(first: Int) {
        self.first = first
    }

    /// The row (0 ... 6) of an ISO weekday.
    package func row(of weekday: Int) -> Int { (weekday - first + 7) % 7 }

    /// The ISO weekday shown in a row (0 ... 6).
    package func weekday(ofRow row: Int) -> Int { (first - 1 + row) % 7 + 1 }

    /// The first day of the week that holds `date` (on or before it).
    package func start(of date: LocalDate) -> LocalDate { date.adding(days: -row(of: date.weekday)) }
}
