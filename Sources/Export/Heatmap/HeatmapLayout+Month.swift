import EventModel

extension HeatmapLayout {
    /// The month view: a wall calendar per month the range touches, weeks
    /// as rows from `weekStart`, each day with its level and busy hours
    /// (days of those months outside the range show only their date).
    /// `weekNumbers` labels each row with its ISO week (`W44`).
    ///
    /// With a `fit`, as many months side by side as fit; without one (the
    /// SVG), `perRow`.
    static func months(_ model: HeatmapModel, names: LocaleNames, weekStart: Int, today: LocalDate?,
                       weekNumbers: Bool, fit: HeatmapFit? = nil, perRow: Int = 3) -> HeatmapLayout {
        let words = names.words
        let order = WeekOrder(first: weekStart)
        // Room for the widest week label, W53, so that every month lines up.
        let labelWidth = weekNumbers ? 3 : 0
        let grids = model.months.map { year, month in
            let layout = MonthLayout(year: year, month: month, weekStart: weekStart)
            var cells: [HeatmapGrid.Cell] = []
            for (row, week) in layout.rows.enumerated() {
                for (column, date) in week.enumerated() {
                    guard let date else { continue }
                    cells.append(dayCell(date, column: column, row: row, model: model, today: today, words: words))
                }
            }
            var grid = HeatmapGrid(title: names.monthTitle(year: year, month: month), columns: 7, rows: layout.rows.count,
                                   cells: cells)
            grid.columnLabels = weekdayLabels(order, names: names)
            if weekNumbers {
                grid.rowLabels = layout.rows.indices.map { HeatmapGrid.Label(index: $0, text: "W\(layout.weekNumber(ofRow: $0))") }
                grid.rowLabelWidth = labelWidth
            }
            return grid
        }
        let gridsPerRow = fit?.blocksFitting(columns: 7, labelWidth: labelWidth) ?? perRow
        let showsToday = today.map { (model.from...model.to).contains($0) } ?? false
        let legend = HeatmapLegend(scale: model.dayScale, unit: .hours, words: words, marksToday: showsToday)
        return HeatmapLayout(model, words: words, from: model.from, grids: grids,
                             gridsPerRow: gridsPerRow, legend: legend)
    }
}
