import EventModel

/// A month as a wall calendar: rows of seven days from `weekStart`.
struct MonthLayout: Sendable {
    let year: Int
    let month: Int
    let weekStart: Int
    /// Each row: seven cells, nil outside the month.
    let rows: [[LocalDate?]]

    init(year: Int, month: Int, weekStart: Int) {
        self.year = year
        self.month = month
        self.weekStart = weekStart
        let first = LocalDate(year: year, month: month, day: 1)!
        let length = LocalDate.daysIn(month: month, year: year)
        let lead = WeekOrder(first: weekStart).row(of: first.weekday)
        var rows: [[LocalDate?]] = []
        var row: [LocalDate?] = Array(repeating: nil, count: lead)
        for day in 1...length {
            row.append(LocalDate(year: year, month: month, day: day))
            if row.count == 7 { rows.append(row); row = [] }
        }
        if !row.isEmpty { rows.append(row + Array(repeating: nil, count: 7 - row.count)) }
        self.rows = rows
    }

    /// The ISO week number of a row: that of its Thursday, or, in a week
    /// that does not start on Monday, of the row's Monday.
    func weekNumber(ofRow index: Int) -> Int {
        let row = rows[index]
        let any = row.enumerated().first { $0.element != nil }!
        let start = any.element!.adding(days: -any.offset)
        let anchor = weekStart == 1 ? start.adding(days: 3) : start.adding(days: WeekOrder(first: weekStart).row(of: 1))
        return MonthLayout.isoWeek(anchor)
    }

    /// ISO 8601 week number.
    static func isoWeek(_ date: LocalDate) -> Int {
        let thursday = date.adding(days: 4 - date.weekday)
        let january1 = LocalDate(year: thursday.year, month: 1, day: 1)!
        return Int((thursday.daysSinceEpoch - january1.daysSinceEpoch) / 7) + 1
    }
}
