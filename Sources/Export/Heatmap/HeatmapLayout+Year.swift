import EventModel

extension HeatmapLayout {
    /// The year view: weeks as columns, weekdays as rows from `weekStart`,
    /// month names over the week where each month starts (a name closer
    /// than `monthLabelGap` columns to the next is dropped).
    ///
    /// With a `fit`, weeks that do not fit beside the weekday names are
    /// dropped from the left, whole weeks, and `note` says how many are
    /// shown: the most recent weeks matter most.
    ///
    /// Over a range of more than one year, the year stands over the week
    /// where each begins (and over the first); `weekNumbers` puts every
    /// other ISO week number under the weeks.
    static func year(_ model: HeatmapModel, names: LocaleNames, weekStart: Int, today: LocalDate?,
                     monthLabelGap: Int, weekNumbers: Bool = false, fit: HeatmapFit? = nil) -> HeatmapLayout {
        let words = names.words
        let order = WeekOrder(first: weekStart)
        let rowLabels = weekdayLabels(order, names: names)
        let labelWidth = rowLabels.map { TerminalText.width($0.text) }.max()!
        var layout = YearLayout(from: model.from, to: model.to, weekStart: weekStart)
        var note: String?
        let fitting = fit?.columnsFitting(labelWidth: labelWidth) ?? layout.columns
        if layout.columns > fitting {
            let start = layout.origin.adding(days: (layout.columns - fitting) * 7)
            layout = YearLayout(from: start, to: model.to, weekStart: weekStart)
            note = words.narrow(weeks: fitting)
        }
        var cells: [HeatmapGrid.Cell] = []
        var date = layout.from
        while date <= layout.to {
            let (column, row) = layout.position(of: date)
            cells.append(dayCell(date, column: column, row: row, model: model, today: today, words: words))
            if date == layout.to { break }  // 9999-12-31 has no next day
            date = date.adding(days: 1)
        }
        var grid = HeatmapGrid(columns: layout.columns, rows: 7, cells: cells)
        grid.rowLabels = rowLabels
        grid.rowLabelWidth = labelWidth
        grid.columnLabels = layout.monthLabels(gap: monthLabelGap).map {
            HeatmapGrid.Label(index: $0.column, text: names.months[$0.month])
        }
        if layout.from.year != layout.to.year {
            grid.yearLabels = layout.yearLabels(gap: 3).map { HeatmapGrid.Label(index: $0.column, text: String($0.year)) }
        }
        if weekNumbers { grid.weekLabels = layout.weekLabels().map { HeatmapGrid.Label(index: $0.column, text: String($0.week)) } }
        let showsToday = today.map { (layout.from...layout.to).contains($0) } ?? false
        let legend = HeatmapLegend(scale: model.dayScale, unit: .hours, words: words, marksToday: showsToday)
        return HeatmapLayout(model, words: words, from: layout.from, grids: [grid],
                             legend: legend, note: note)
    }
}
