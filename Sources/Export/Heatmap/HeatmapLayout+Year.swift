import EventModel

extension HeatmapLayout {
    /// The year view: weeks as columns, weekdays as rows from `weekStart`,
    /// month names over the week where each month starts (a name closer
    /// than `monthLabelGap` columns to the next is dropped).
    ///
    /// With a `fit`, weeks that do not fit beside the weekday names are
    /// dropped from the left, whole weeks, and `note` says how many are
    /// shown: the most recent weeks matter most.
    static func year(_ model: HeatmapModel, names: LocaleNames, weekStart: Int, today: LocalDate?,
                     monthLabelGap: Int, fit: HeatmapFit? = nil) -> HeatmapLayout {
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
        let legend = HeatmapLegend(scale: model.dayScale, unit: .hours, words: words, marksToday: today != nil)
        return HeatmapLayout(model, words: words, from: layout.from, grids: [grid],
                             legend: legend, note: note)
    }
}
