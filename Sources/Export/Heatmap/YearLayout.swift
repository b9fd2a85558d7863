import EventModel

/// Where each date goes in the year grid: weeks as columns, weekdays as
/// rows starting on `weekStart` (ISO weekday), month labels over the week
/// where each month starts.
struct YearLayout: Sendable {
    let from: LocalDate
    let to: LocalDate
    let weekStart: Int
    let order: WeekOrder
    /// The first day of the first column (on or before `from`).
    let origin: LocalDate
    let columns: Int

    init(from: LocalDate, to: LocalDate, weekStart: Int) {
        self.from = from
        self.to = to
        self.weekStart = weekStart
        order = WeekOrder(first: weekStart)
        origin = order.start(of: from)
        columns = Int((to.daysSinceEpoch - origin.daysSinceEpoch) / 7) + 1
    }

    func position(of date: LocalDate) -> (column: Int, row: Int) {
        (Int((date.daysSinceEpoch - origin.daysSinceEpoch) / 7), order.row(of: date.weekday))
    }

    /// The ISO weekday shown in `row`.
    func weekday(ofRow row: Int) -> Int { order.weekday(ofRow: row) }

    func date(column: Int, row: Int) -> LocalDate? {
        let date = origin.adding(days: column * 7 + row)
        return date >= from && date <= to ? date : nil
    }

    /// Month labels: the column holding each month's first day, and the
    /// first column's month when its first day lies before the range. A
    /// label closer than `gap` columns to the next one is dropped.
    func monthLabels(gap: Int) -> [(column: Int, year: Int, month: Int)] {
        var labels: [(column: Int, year: Int, month: Int)] = [(0, from.year, from.month)]
        var month = LocalDate(year: from.year, month: from.month, day: 1)!
        while true {
            let next = month.month == 12 ? LocalDate(year: month.year + 1, month: 1, day: 1)
                                         : LocalDate(year: month.year, month: month.month + 1, day: 1)
            guard let next, next <= to else { break }
            month = next
            let column = position(of: next).column
            if let last = labels.last, column - last.column < gap { labels.removeLast() }
            labels.append((column, next.year, next.month))
        }
        return labels
    }

    /// Year labels: the first column's year, and the column holding each
    /// January 1st; a label closer than `gap` columns to the next is dropped.
    func yearLabels(gap: Int) -> [(column: Int, year: Int)] {
        var labels: [(column: Int, year: Int)] = [(0, from.year)]
        guard from.year < to.year else { return labels }
        for year in (from.year + 1)...to.year {
            let column = position(of: LocalDate(year: year, month: 1, day: 1)!).column
            if let last = labels.last, column - last.column < gap { labels.removeLast() }
            labels.append((column, year))
        }
        return labels
    }

    /// ISO week numbers of the columns, every other one: the odd weeks, and
    /// not a week 1 right after a week 53, so that two numbers never touch.
    /// A column's week is that of its Monday (for weeks from Sunday, the
    /// second day).
    func weekLabels() -> [(column: Int, week: Int)] {
        var labels: [(column: Int, week: Int)] = []
        for column in 0..<columns {
            let week = MonthLayout.isoWeek(origin.adding(days: column * 7 + order.row(of: 1)))
            guard week % 2 == 1 else { continue }
            if let last = labels.last, column - last.column < 2 { continue }
            labels.append((column, week))
        }
        return labels
    }
}
