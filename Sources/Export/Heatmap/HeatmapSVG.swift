import EventModel

/// Self-contained SVG heatmaps: `role="img"` with a title and description,
/// one `<rect>` per day (or hour slot) with its data and a tooltip,
/// labels, the legend, and a dark-mode style. Deterministic: attributes in
/// a fixed order, integer coordinates, no timestamps. Builds the
/// `HeatmapLayout` (never cut to a width) and paints it in pixels.
package struct HeatmapSVG {
    package var names: LocaleNames
    package var today: LocalDate?
    /// Busy levels in shades of this colour instead of green (a calendar's colour).
    package var tint: CalendarColor?

    package init(names: LocaleNames, today: LocalDate?, tint: CalendarColor? = nil) {
        self.names = names
        self.today = today
        self.tint = tint
    }

    static let cell = 11
    static let step = 13
    static let style = """
    <style>
    text{font:10px -apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif;fill:#57606a}
    .l0{fill:#ebedf0}.l1{fill:#9be9a8}.l2{fill:#40c463}.l3{fill:#30a14e}.l4{fill:#216e39}
    .today{stroke:#1f2328;stroke-width:1}text.on-dark{fill:#ffffff}
    @media (prefers-color-scheme:dark){text{fill:#8b949e}.l0{fill:#161b22}.l1{fill:#0e4429}.l2{fill:#006d32}.l3{fill:#26a641}.l4{fill:#39d353}.today{stroke:#e6edf3}text.on-dark{fill:#0d1117}}
    </style>
    """

    /// The style sheet, with the busy levels in shades of `tint` when given.
    static func style(tint: CalendarColor?) -> String {
        guard let tint else { return style }
        let light = tint.lightLevels, dark = tint.darkLevels(on: CalendarColor.darkBackground)
        var sheet = style
        for level in 1...4 {
            sheet = sheet.replacingOccurrences(of: ".l\(level){fill:\(lightGreens[level - 1])}", with: ".l\(level){fill:\(light[level - 1])}")
            sheet = sheet.replacingOccurrences(of: ".l\(level){fill:\(darkGreens[level - 1])}", with: ".l\(level){fill:\(dark[level - 1])}")
        }
        return sheet
    }

    private static let lightGreens = ["#9be9a8", "#40c463", "#30a14e", "#216e39"]
    private static let darkGreens = ["#0e4429", "#006d32", "#26a641", "#39d353"]

    // MARK: Views

    package func year(_ model: HeatmapModel, weekStart: Int) -> String {
        let layout = HeatmapLayout.year(model, names: names, weekStart: weekStart, today: today, monthLabelGap: 3)
        let grid = layout.grids[0]
        let left = 32, top = 20, step = HeatmapSVG.step
        let width = left + grid.columns * step + 10
        let height = top + grid.rows * step + 50
        var body = ""
        for label in grid.columnLabels { body += text(x: left + label.index * step, y: 12, label.text) }
        // Every other weekday name: a name per row would crowd 13 pixels.
        for label in grid.rowLabels where label.index % 2 == 0 {
            body += text(x: 0, y: top + label.index * step + 9, label.text)
        }
        for cell in grid.cells {
            body += rect(cell, x: left + cell.column * step, y: top + cell.row * step, size: HeatmapSVG.cell)
        }
        body += legend(layout.legend, x: left, y: top + grid.rows * step + 12)
        body += text(x: left, y: height - 6, layout.footer)
        return document(layout, width: widest(width, legend: layout.legend, at: left, footer: layout.footer, at: left),
                        height: height, body: body)
    }

    package func months(_ model: HeatmapModel, weekStart: Int, perRow: Int = 3) -> String {
        let layout = HeatmapLayout.months(model, names: names, weekStart: weekStart, today: today, weekNumbers: false,
                                          perRow: perRow)
        let size = 22, blockWidth = 7 * size + 20, blockHeight = 30 + 6 * size + 14
        let perRow = layout.gridsPerRow
        var body = ""
        for (index, grid) in layout.grids.enumerated() {
            let x0 = 10 + (index % perRow) * blockWidth, y0 = 10 + (index / perRow) * blockHeight
            body += text(x: x0, y: y0 + 10, grid.title ?? "")
            for label in grid.columnLabels { body += text(x: x0 + label.index * size + 2, y: y0 + 24, label.text) }
            for cell in grid.cells where cell.level != nil {
                let x = x0 + cell.column * size, y = y0 + 30 + cell.row * size
                body += rect(cell, x: x, y: y, size: size - 2)
                // The day's number, light on the two darkest levels (dark in dark mode).
                let number = String(cell.date!.day)
                body += (cell.level ?? 0) >= 3
                    ? "<text x=\"\(x + 3)\" y=\"\(y + 13)\" class=\"on-dark\">\(number)</text>\n"
                    : text(x: x + 3, y: y + 13, number)
            }
        }
        let rows = (layout.grids.count + perRow - 1) / perRow
        let legendY = 10 + rows * blockHeight
        body += legend(layout.legend, x: 10, y: legendY)
        body += text(x: 10, y: legendY + 30, layout.footer)
        let width = widest(20 + min(perRow, layout.grids.count) * blockWidth, legend: layout.legend, at: 10,
                           footer: layout.footer, at: 10)
        return document(layout, width: width, height: legendY + 40, body: body)
    }

    /// The punch card. Its legend is in minutes whatever the statistic (as
    /// it always was here; the text view writes a total's in hours).
    package func hours(_ model: HeatmapModel, slots: [HeatmapModel.Slot], scale: HeatmapScale,
                       statistic: HeatmapModel.Statistic, weekStart: Int) -> String {
        let layout = HeatmapLayout.hours(model, slots: slots, scale: scale, statistic: statistic, names: names,
                                         weekStart: weekStart, unit: .minutes)
        let grid = layout.grids[0]
        let left = 32, top = 20, step = HeatmapSVG.step
        var body = ""
        for label in grid.columnLabels { body += text(x: left + label.index * step, y: 12, label.text) }
        for label in grid.rowLabels {
            body += text(x: 0, y: top + label.index * step + 9, label.text)
            for cell in grid.cells where cell.row == label.index {
                body += rect(cell, x: left + cell.column * step, y: top + cell.row * step, size: HeatmapSVG.cell)
            }
        }
        body += legend(layout.legend, x: left, y: top + grid.rows * step + 12)
        let width = widest(left + grid.columns * step + 10, legend: layout.legend, at: left, footer: "", at: left)
        return document(layout, width: width, height: top + grid.rows * step + 44, body: body)
    }

    // MARK: Pieces

    /// A cell with its data attributes and its tooltip.
    private func rect(_ cell: HeatmapGrid.Cell, x: Int, y: Int, size: Int) -> String {
        let level = cell.level ?? 0
        let data: String
        switch cell.subject {
        case .day(let date):
            data = "class=\"l\(level)\(cell.isToday ? " today" : "")\" data-date=\"\(date)\" data-seconds=\"\(HeatmapFigures.seconds(cell.seconds))\" data-level=\"\(level)\" data-events=\"\(cell.events)\""
        case .slot(let weekday, let hour):
            data = "class=\"l\(level)\" data-weekday=\"\(weekday)\" data-hour=\"\(hour)\" data-seconds=\"\(HeatmapFigures.seconds(cell.seconds))\" data-level=\"\(level)\""
        }
        return "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(size)\" height=\"\(size)\" rx=\"2\" \(data)><title>\(escape(cell.tooltip))</title></rect>\n"
    }

    private func legend(_ legend: HeatmapLegend, x: Int, y: Int) -> String {
        var out = "<g class=\"legend\">\n" + text(x: x, y: y + 9, legend.caption)
        var cursor = x + 90
        for entry in legend.entries {
            out += "<rect x=\"\(cursor)\" y=\"\(y)\" width=\"\(HeatmapSVG.cell)\" height=\"\(HeatmapSVG.cell)\" rx=\"2\" class=\"l\(entry.level)\"/>\n"
            out += text(x: cursor + 14, y: y + 9, entry.text)
            cursor += HeatmapSVG.legendEntryWidth(entry.text)
        }
        return out + "</g>\n"
    }

    private static func legendEntryWidth(_ text: String) -> Int { 20 + 7 * text.count }

    /// The picture's width: its grid's, or more when the legend or the
    /// footer runs past it (a narrow month view with a long footer), so no
    /// text is cut off. Text is reckoned at 6 pixels a character (10 px type).
    private func widest(_ width: Int, legend: HeatmapLegend, at legendX: Int, footer: String, at footerX: Int) -> Int {
        let legendEnd = legendX + 90 + legend.entries.reduce(0) { $0 + HeatmapSVG.legendEntryWidth($1.text) }
        let footerEnd = footer.isEmpty ? 0 : footerX + 6 * footer.count + 10
        return max(width, legendEnd, footerEnd)
    }

    private func document(_ layout: HeatmapLayout, width: Int, height: Int, body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"title desc\">\n"
            + "<title id=\"title\">\(escape(layout.title))</title>\n<desc id=\"desc\">\(escape(layout.description))</desc>\n"
            + HeatmapSVG.style(tint: tint) + "\n" + body + "</svg>\n"
    }

    private func text(x: Int, y: Int, _ content: String) -> String {
        "<text x=\"\(x)\" y=\"\(y)\">\(escape(content))</text>\n"
    }

    private func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
