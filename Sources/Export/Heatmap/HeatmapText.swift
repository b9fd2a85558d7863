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
    /// Month: shade, day number, busy hours, space (`▓ 4 2.5h `; ASCII `+  4 2.5h `);
    /// two columns between months.
    private var monthFit: HeatmapFit { HeatmapFit(width: width, cellWidth: style.ascii ? 10 : 9, blockGap: 2) }

    // MARK: Views

    /// The year grid; over more than one year a line of years above the
    /// months, and with `weekNumbers` a line of ISO weeks under the grid.
    package func year(_ model: HeatmapModel, weekStart: Int, weekNumbers: Bool = false) -> String {
        // Room for the widest month name and a space: `12月` takes four columns, two weeks.
        let widestMonth = names.months.map(TerminalText.width).max() ?? 0
        let layout = HeatmapLayout.year(model, names: names, weekStart: weekStart, today: today,
                                        monthLabelGap: max(2, (widestMonth + 2) / 2), weekNumbers: weekNumbers,
                                        fit: gridFit)
        let grid = layout.grids[0]
        let labelColumn = gridFit.labelColumn(grid.rowLabelWidth)
        let length = min(width, labelColumn + grid.columns * 2 + 4)
        var lines = heading(layout, extra: layout.note.map { "(" + $0 + ")" })
        if !grid.yearLabels.isEmpty {
            lines.append(labelLine(grid.yearLabels, indent: labelColumn, cellWidth: 2, length: length))
        }
        lines.append(labelLine(grid.columnLabels, indent: labelColumn, cellWidth: 2, length: length))
        for row in 0..<grid.rows {
            lines.append(TerminalText.trimmingTrailingSpaces(cellLine(grid, row: row, labelColumn: labelColumn)))
        }
        if !grid.weekLabels.isEmpty {
            // `W` where the weekday names stand, as the month view writes `W44`.
            lines.append(TerminalText.pad("W", labelColumn)
                         + labelLine(grid.weekLabels, indent: 0, cellWidth: 2, length: length - labelColumn))
        }
        lines += legend(layout.legend)
        lines += footer(layout)
        return finish(lines)
    }

    /// Month calendars side by side as the width allows; each day shows
    /// its level and busy hours (`▒ 4 2.5h`). `weekNumbers` adds ISO week
    /// numbers. Where not even one month fits, days show their level and
    /// number only (`▒ 4`).
    package func months(_ model: HeatmapModel, weekStart: Int, weekNumbers: Bool) -> String {
        var fit = monthFit
        let labelWidth = weekNumbers ? 3 : 0
        let compact = fit.blockWidth(columns: 7, labelWidth: labelWidth) - fit.blockGap > width
        if compact { fit.cellWidth = style.ascii ? 5 : 4 }
        let layout = HeatmapLayout.months(model, names: names, weekStart: weekStart, today: today,
                                          weekNumbers: weekNumbers, fit: fit)
        let blockWidth = fit.blockWidth(columns: 7, labelWidth: layout.grids.first?.rowLabelWidth ?? 0)
        var output = heading(layout)
        for start in stride(from: 0, to: layout.grids.count, by: layout.gridsPerRow) {
            let blocks = layout.grids[start..<min(start + layout.gridsPerRow, layout.grids.count)].map {
                monthBlock($0, width: blockWidth, fit: fit, figures: !compact)
            }
            let height = blocks.map(\.count).max()!
            output.append("")
            for line in 0..<height {
                output.append(TerminalText.trimmingTrailingSpaces(
                    blocks.map { line < $0.count ? $0[line] : String(repeating: " ", count: blockWidth) }.joined()))
            }
        }
        output.append("")
        output += legend(layout.legend)
        output += footer(layout)
        return finish(output)
    }

    /// A punch card: weekdays by wall-clock hour, with row totals, the
    /// legend and the footer; one column an hour where two would not fit.
    package func hours(_ model: HeatmapModel, slots: [HeatmapModel.Slot], scale: HeatmapScale,
                       statistic: HeatmapModel.Statistic, weekStart: Int) -> String {
        let layout = HeatmapLayout.hours(model, slots: slots, scale: scale, statistic: statistic, names: names,
                                         weekStart: weekStart)
        let grid = layout.grids[0]
        let labelColumn = gridFit.labelColumn(grid.rowLabelWidth)
        let totalWidth = 2 + (grid.rowTotals.map { TerminalText.width($0.text) }.max() ?? 0)
        let cellWidth = labelColumn + grid.columns * 2 + totalWidth <= width ? 2 : 1
        var lines = heading(layout, extra: layout.subtitle)
        lines.append(labelLine(grid.columnLabels, indent: labelColumn, cellWidth: cellWidth,
                               length: labelColumn + grid.columns * cellWidth + 4))
        for row in 0..<grid.rows {
            let total = grid.rowTotals.first { $0.index == row }.map { "  " + $0.text } ?? ""
            lines.append(cellLine(grid, row: row, labelColumn: labelColumn, single: cellWidth == 1) + total)
        }
        lines += legend(layout.legend)
        lines += footer(layout)
        return finish(lines)
    }

    // MARK: Pieces

    /// A row of two-column cells after its label; blanks where the grid has no cell.
    private func cellLine(_ grid: HeatmapGrid, row: Int, labelColumn: Int, single: Bool = false) -> String {
        var line = TerminalText.pad(grid.rowLabels.first { $0.index == row }?.text ?? "", labelColumn)
        for column in 0..<grid.columns {
            guard let cell = grid[column: column, row: row], let level = cell.level else { line += single ? " " : "  "; continue }
            line += single ? style.halfCell(level: level, today: cell.isToday) : style.cell(level: level, today: cell.isToday)
        }
        return line
    }

    /// The heading (range, zones, and `extra`) on as many lines as the
    /// width needs, the first bold.
    private func heading(_ layout: HeatmapLayout, extra: String? = nil) -> [String] {
        let parts = [layout.title, layout.zones.joined(separator: ", ")] + (extra.map { [$0] } ?? [])
        var lines = TerminalText.packed(parts, separator: " · ", width: width, indent: "  ")
        lines[0] = style.bold(lines[0])
        return lines
    }

    /// The footer's parts, and the hint, packed to the width.
    private func footer(_ layout: HeatmapLayout) -> [String] {
        var lines = TerminalText.packed(layout.footerParts, separator: " · ", width: width, indent: "  ")
        if let hint = layout.hint {
            lines += TerminalText.packed(hint.components(separatedBy: "; "),
                                         separator: "; ", width: width, indent: "  ")
        }
        return lines
    }

    /// Labels over the columns of cells, each from its column's first
    /// character on (a label may run over the next columns, never past
    /// `length`). Positions are terminal columns: a wide character (`月`)
    /// takes two, so a label never pushes the line wider than it measures.
    private func labelLine(_ labels: [HeatmapGrid.Label], indent: Int, cellWidth: Int, length: Int) -> String {
        // Each terminal column's character; "" where the wide character before it reaches over.
        // A width narrower than the weekday names leaves no room at all.
        var line = Array(repeating: " ", count: max(0, length))
        for label in labels {
            var column = indent + label.index * cellWidth
            for character in label.text {
                let width = TerminalText.width(String(character))
                guard column + width <= length else { break }
                // A wide character cut in half by this one becomes a space.
                if line[column] == "" { line[column - 1] = " " }
                if column + width < length && line[column + width] == "" { line[column + width] = " " }
                line[column] = String(character)
                if width == 2 { line[column + 1] = "" }
                column += width
            }
        }
        return TerminalText.trimmingTrailingSpaces(line.joined())
    }

    /// One month: title, weekday names, a line per week, each `width`
    /// columns wide. A day is its shade, its number and (with `figures`)
    /// its busy hours with their unit: `▒ 4 2.5h`, in ASCII `- 4 2.5h`
    /// (a space after the shade, so that `-` never reads as a minus sign).
    private func monthBlock(_ grid: HeatmapGrid, width: Int, fit: HeatmapFit, figures: Bool) -> [String] {
        let prefix = String(repeating: " ", count: fit.labelColumn(grid.rowLabelWidth))
        var lines = [TerminalText.pad(prefix + (grid.title ?? ""), width)]
        lines.append(TerminalText.pad(prefix + grid.columnLabels.map {
            TerminalText.pad(TerminalText.truncated($0.text, fit.cellWidth - 1), fit.cellWidth)
        }.joined(), width))
        for row in 0..<grid.rows {
            var line = grid.rowLabels.first { $0.index == row }.map { TerminalText.pad($0.text, prefix.count) } ?? prefix
            for column in 0..<grid.columns {
                guard let cell = grid[column: column, row: row], let date = cell.date else {
                    line += String(repeating: " ", count: fit.cellWidth)
                    continue
                }
                let number = date.day < 10 ? " \(date.day)" : "\(date.day)"
                let shade = style.halfCell(level: cell.level, today: cell.isToday) + (style.ascii ? " " : "")
                line += shade + number + " " + (figures ? TerminalText.pad(cell.figure.isEmpty ? "" : cell.figure + "h", 4) + " " : "")
            }
            lines.append(TerminalText.pad(line, width, visible: TerminalText.width(TerminalText.strippingANSI(line))))
        }
        return lines
    }

    /// `Legend (quantile): ·· 0  ░░ ≤ 15 min ...  ·◆ today`, on as many
    /// lines as the width needs.
    private func legend(_ legend: HeatmapLegend) -> [String] {
        var parts = [legend.caption] + legend.entries.map { style.cell(level: $0.level) + " " + $0.text }
        if let today = legend.today { parts.append(style.cell(level: 0, today: true) + " " + today) }
        return TerminalText.packed(parts, separator: "  ", width: width, indent: "  ")
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
