import EventModel

extension HeatmapLayout {
    /// The hours view, a punch card: the 24 wall-clock hours as columns
    /// (labelled every third), weekdays as rows from `weekStart`, each row's
    /// total after it (minutes under an hour). The legend is in `unit`, by default minutes for the
    /// mean and hours for the total.
    static func hours(_ model: HeatmapModel, slots: [HeatmapModel.Slot], scale: HeatmapScale,
                      statistic: HeatmapModel.Statistic, names: LocaleNames, weekStart: Int,
                      unit: HeatmapLegend.Unit? = nil) -> HeatmapLayout {
        let words = names.words
        let order = WeekOrder(first: weekStart)
        var cells: [HeatmapGrid.Cell] = []
        var totals: [HeatmapGrid.Label] = []
        for row in 0..<7 {
            let weekday = order.weekday(ofRow: row)
            var total = 0.0
            for slot in slots where slot.weekday == weekday {
                let minutes = HeatmapFigures.number(slot.seconds / 60, decimal: words.decimal)
                let tooltip = "\(names.weekdays[weekday]) \(slot.hour):00–\(slot.hour + 1):00: \(minutes) min"
                cells.append(HeatmapGrid.Cell(column: slot.hour, row: row, subject: .slot(weekday: weekday, hour: slot.hour),
                                              level: slot.level, seconds: slot.seconds, events: 0, isToday: false,
                                              figure: "", tooltip: tooltip))
                total += slot.seconds
            }
            totals.append(HeatmapGrid.Label(index: row, text: words.duration(total)))
        }
        var grid = HeatmapGrid(columns: 24, rows: 7, cells: cells)
        grid.rowLabels = weekdayLabels(order, names: names)
        grid.rowLabelWidth = grid.rowLabels.map { TerminalText.width($0.text) }.max()!
        grid.rowTotals = totals
        grid.columnLabels = stride(from: 0, to: 24, by: 3).map { HeatmapGrid.Label(index: $0, text: String($0)) }
        let legend = HeatmapLegend(scale: scale, unit: unit ?? (statistic == .mean ? .minutes : .hours), words: words,
                                   marksToday: false)
        return HeatmapLayout(model, words: words, from: model.from,
                             grids: [grid],
                             legend: legend, subtitle: words.statistic(statistic))
    }
}
