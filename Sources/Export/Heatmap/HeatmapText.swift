import EventModel
import Foundation

/// Text heatmaps for the terminal: year grid, month calendars, hour punch
/// card. Builds the `HeatmapLayout` for its width and paints it: two
/// character cells per day or hour, eight per day of a month.
package struct HeatmapText {
    package var names: LocaleNames
    package var style: TerminalStyle
    package var today: LocalDate?
    /// Columns available.
    package var width: Int

    package init(names: LocaleNames, style: TerminalStyle, today: LocalDate?, width: Int) {
        self.names = names
        self.style = style
        self.today = today
        self.width = width
    }

    /// Year and hours: a cell is two columns, a space after the weekday names.
    private var gridFit: HeatmapFit { HeatmapFit(width: width, cellWidth: 2) }
    /// Month: glyph, day number, busy hours, space (`▓ 4 2.5 `); two columns between months.
    private var monthFit: HeatmapFit { HeatmapFit(width: width, cellWidth: 8, blockGap: 2) }

    // MARK: Views

    package func year(_ model: HeatmapModel, weekStart: Int) -> String {
        let layout = HeatmapLayout.year(model, names: names, weekStart: weekStart, today: today, monthLabelGap: 2,
                                        fit: gridFit)
        let grid = layout.grids[0]
        let labelColumn = gridFit.labelColumn(grid.rowLabelWidth)
        var lines = [style.bold(layout.heading) + (layout.note.map { " (" + $0 + ")" } ?? "")]
        lines.append(labelLine(grid.columnLabels, indent: labelColumn, cellWidth: 2, length: labelColumn + grid.columns * 2 + 4))
        for row in 0..<grid.rows {
            lines.append(TerminalText.trimmingTrailingSpaces(cellLine(grid, row: row, labelColumn: labelColumn)))
        }
        lines.append(legend(layout.legend))
        lines.append(layout.footer)
        return finish(lines)
    }

    /// Month calendars side by side as the width allows; each day shows
    /// its level and busy hours. `weekNumbers` adds ISO week numbers.
    package func months(_ model: HeatmapModel, weekStart: Int, weekNumbers: Bool) -> String {
        let layout = HeatmapLayout.months(model, names: names, weekStart: weekStart, today: today,
                                          weekNumbers: weekNumbers, fit: monthFit)
        let blockWidth = monthFit.blockWidth(columns: 7, labelWidth: layout.grids.first?.rowLabelWidth ?? 0)
        var output = [style.bold(layout.heading)]
        for start in stride(from: 0, to: layout.grids.count, by: layout.gridsPerRow) {
            let blocks = layout.grids[start..<min(start + layout.gridsPerRow, layout.grids.count)].map {
                monthBlock($0, width: blockWidth)
            }
            let height = blocks.map(\.count).max()!
            output.append("")
            for line in 0..<height {
                output.append(TerminalText.trimmingTrailingSpaces(
                    blocks.map { line < $0.count ? $0[line] : String(repeating: " ", count: blockWidth) }.joined()))
            }
        }
        output.append("")
        output.append(legend(layout.legend))
        output.append(layout.footer)
        return finish(output)
    }

    /// A punch card: weekdays by wall-clock hour, with row totals.
    package func hours(_ model: HeatmapModel, slots: [HeatmapModel.Slot], scale: HeatmapScale,
                       statistic: HeatmapModel.Statistic, weekStart: Int) -> String {
        let layout = HeatmapLayout.hours(model, slots: slots, scale: scale, statistic: statistic, names: names,
                                         weekStart: weekStart)
        let grid = layout.grids[0]
        let labelColumn = gridFit.labelColumn(grid.rowLabelWidth)
        var lines = [style.bold(layout.heading) + (layout.subtitle.map { " · " + $0 } ?? "")]
        lines.append(labelLine(grid.columnLabels, indent: labelColumn, cellWidth: 2, length: labelColumn + grid.columns * 2 + 4))
        for row in 0..<grid.rows {
            let total = grid.rowTotals.first { $0.index == row }.map { "  " + $0.text } ?? ""
            lines.append(cellLine(grid, row: row, labelColumn: labelColumn) + total)
        }
        lines.append(legend(layout.legend))
        return finish(lines)
    }

    // MARK: Pieces

    /// A row of two-column cells after its label; blanks where the grid has no cell.
    private func cellLine(_ grid: HeatmapGrid, row: Int, labelColumn: Int) -> String {
        var line = TerminalText.pad(grid.rowLabels.first { $0.index == row }?.text ?? "", labelColumn)
        for column in 0..<grid.columns {
            guard let cell = grid[column: column, row: row], let level = cell.level else { line += "  "; continue }
            line += style.cell(level: level, today: cell.isToday)
        }
        return line
    }

    /// Labels over the columns of cells, each from its column's first
    /// character on (a label may run over the next columns, never past `length`).
    private func labelLine(_ labels: [HeatmapGrid.Label], indent: Int, cellWidth: Int, length: Int) -> String {
        var line = Array(repeating: " ", count: length)
        for label in labels {
            let start = indent + label.index * cellWidth
            for (offset, character) in label.text.enumerated() where start + offset < line.count {
                line[start + offset] = String(character)
            }
        }
        return TerminalText.trimmingTrailingSpaces(line.joined())
    }

    /// One month: title, weekday names, a line per week, each `width` columns wide.
    private func monthBlock(_ grid: HeatmapGrid, width: Int) -> [String] {
        let prefix = String(repeating: " ", count: monthFit.labelColumn(grid.rowLabelWidth))
        var lines = [TerminalText.pad(prefix + (grid.title ?? ""), width)]
        lines.append(TerminalText.pad(prefix + grid.columnLabels.map { TerminalText.pad($0.text, monthFit.cellWidth) }.joined(), width))
        for row in 0..<grid.rows {
            var line = grid.rowLabels.first { $0.index == row }.map { TerminalText.pad($0.text, prefix.count) } ?? prefix
            for column in 0..<grid.columns {
                guard let cell = grid[column: column, row: row], let date = cell.date else {
                    line += String(repeating: " ", count: monthFit.cellWidth)
                    continue
                }
                let number = date.day < 10 ? " \(date.day)" : "\(date.day)"
                line += style.halfCell(level: cell.level, today: cell.isToday) + number + " " + TerminalText.pad(cell.figure, 3) + " "
            }
            lines.append(TerminalText.pad(line, width, visible: TerminalText.width(TerminalText.strippingANSI(line))))
        }
        return lines
    }

    /// `Legend (quantile): ·· 0  ░░ ≤ 15 min ...  ◆◆ today`.
    private func legend(_ legend: HeatmapLegend) -> String {
        let parts = legend.entries.map { style.cell(level: $0.level) + " " + $0.text }
        var text = legend.caption + " " + parts.joined(separator: "  ")
        if let today = legend.today { text += "  " + style.cell(level: 0, today: true) + " " + today }
        return text
    }

    /// The lines as one text; with the ASCII charset our own punctuation
    /// is ASCII too (names from the locale stay as they are).
    private func finish(_ lines: [String]) -> String {
        let text = lines.joined(separator: "\n") + "\n"
        guard style.ascii else { return text }
        return text.replacingOccurrences(of: " · ", with: " | ").replacingOccurrences(of: "–", with: "-")
            .replacingOccurrences(of: "≤", with: "<=")
    }

    /// A legend threshold, as `HeatmapFigures` writes it (kept under this
    /// name for the tests that pin the thresholds).
    static func threshold(_ seconds: Double, inHours: Bool) -> String {
        HeatmapFigures.threshold(seconds, inHours: inHours)
    }
}
