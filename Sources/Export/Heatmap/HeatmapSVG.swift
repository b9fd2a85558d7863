import EventModel
import Foundation

/// Self-contained SVG heatmaps: `role="img"` with a title and description,
/// a visible heading (range, zones, calendars, what a cell means), one
/// `<rect>` per day (or hour slot) with its data and a tooltip, labels,
/// the legend and the footer, and a dark-mode style. Deterministic:
/// attributes in a fixed order, integer coordinates, no timestamps. Builds
/// the `HeatmapLayout` (never cut to a width) and paints it in pixels.
///
/// Nothing is ever clipped: every text is measured conservatively
/// (`SVGCanvas.textWidth`, wider than any common sans-serif draws it) and
/// the picture is made as wide and tall as the farthest text or cell.
package struct HeatmapSVG {
    package var names: LocaleNames
    package var today: LocalDate?
    /// Busy levels in shades of this colour instead of green (a calendar's colour).
    package var tint: CalendarColor?
    /// The calendars shown, named in the heading (none: no line).
    package var calendars: [String]
    /// A day's (or hour's) square in pixels (`--cell`), at least 10.
    package var cell: Int
    /// Month view: ISO week numbers before each week.
    package var weekNumbers: Bool

    package init(names: LocaleNames, today: LocalDate?, tint: CalendarColor? = nil, calendars: [String] = [],
                 cell: Int = 14, weekNumbers: Bool = false) {
        self.names = names
        self.today = today
        self.tint = tint
        self.calendars = calendars
        self.cell = max(10, cell)
        self.weekNumbers = weekNumbers
    }

    /// Type sizes in pixels: labels and the footer, the heading.
    static let font = 12
    static let headingFont = 15
    static let margin = 12

    private var gap: Int { max(2, cell / 5) }
    private var step: Int { cell + gap }

    // MARK: Colours

    /// Fills of levels 0 to 4 in the light and the dark scheme.
    private var lightFills: [CalendarColor] {
        [HeatmapSVG.hex(0xebedf0)] + (tint?.lightLevels ?? [0x9be9a8, 0x40c463, 0x30a14e, 0x216e39].map(HeatmapSVG.hex))
    }
    private var darkFills: [CalendarColor] {
        [HeatmapSVG.hex(0x161b22)]
            + (tint?.darkLevels(on: CalendarColor.darkBackground) ?? [0x0e4429, 0x006d32, 0x26a641, 0x39d353].map(HeatmapSVG.hex))
    }

    static func hex(_ value: Int) -> CalendarColor {
        CalendarColor(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xff), blue: UInt8(value & 0xff))
    }

    /// The style sheet: text, the five level fills, and for each level the
    /// colour of text drawn on it (`.t0` ... `.t4`), dark or light by
    /// contrast (WCAG: at least 4.5:1 where either can reach it), for both
    /// schemes.
    var style: String {
        let light = lightFills, dark = darkFills
        let ink = HeatmapSVG.hex(0x1f2328), paper = CalendarColor.white
        let darkInk = HeatmapSVG.hex(0x0d1117), darkPaper = HeatmapSVG.hex(0xf0f6fc)
        func levels(_ fills: [CalendarColor], _ dark: CalendarColor, _ bright: CalendarColor) -> String {
            fills.enumerated().map { level, fill in
                let text = Contrast.ratio(dark, fill) >= Contrast.ratio(bright, fill) ? dark : bright
                return ".l\(level){fill:\(fill)}.t\(level){fill:\(text)}"
            }.joined()
        }
        return """
        <style>
        text{font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif;font-size:\(HeatmapSVG.font)px;fill:#424a53}
        text.heading{font-size:\(HeatmapSVG.headingFont)px;font-weight:600;fill:#1f2328}text.heading-small{font-weight:600}rect.bg{fill:#ffffff}
        \(levels(light, ink, paper))
        .today{stroke:#cf222e;stroke-width:2}
        @media (prefers-color-scheme:dark){rect.bg{fill:#0d1117}text{fill:#9198a1}text.heading{fill:#f0f6fc}\(levels(dark, darkInk, darkPaper)).today{stroke:#ff7b72}}
        </style>
        """
    }

    // MARK: Views

    package func year(_ model: HeatmapModel, weekStart: Int) -> String {
        let layout = HeatmapLayout.year(model, names: names, weekStart: weekStart, today: today, monthLabelGap: 3,
                                        weekNumbers: weekNumbers)
        let grid = layout.grids[0]
        var canvas = SVGCanvas()
        var y = heading(layout, into: &canvas)
        let labelWidth = grid.rowLabels.map { SVGCanvas.textWidth($0.text, size: HeatmapSVG.font) }.max() ?? 0
        let left = HeatmapSVG.margin + labelWidth + 6
        if !grid.yearLabels.isEmpty {
            y += HeatmapSVG.font + 4
            columnLabels(grid.yearLabels, left: left, y: y, className: "heading-small", bold: true, into: &canvas)
        }
        y += HeatmapSVG.font + 2
        columnLabels(grid.columnLabels, left: left, y: y, into: &canvas)
        let top = y + 6
        // A weekday name per row when the rows are as tall as the type, else every other one.
        let every = step >= HeatmapSVG.font + 2 ? 1 : 2
        for label in grid.rowLabels where label.index % every == 0 {
            canvas.text(x: HeatmapSVG.margin, y: top + label.index * step + cell / 2 + 4, label.text)
        }
        for cell in grid.cells {
            canvas.append(rect(cell, x: left + cell.column * step, y: top + cell.row * step, size: self.cell),
                          right: left + cell.column * step + self.cell, bottom: top + cell.row * step + self.cell)
        }
        y = top + grid.rows * step + 8
        if !grid.weekLabels.isEmpty {
            y += HeatmapSVG.font - 4
            canvas.text(x: HeatmapSVG.margin, y: y, "W")
            columnLabels(grid.weekLabels, left: left, y: y, into: &canvas)
            y += 10
        }
        y = legend(layout.legend, x: left, y: y, into: &canvas)
        y = footer(layout, x: left, y: y, into: &canvas)
        return document(layout, canvas: canvas)
    }

    /// Labels over (or under) the weeks, each from its column's left edge:
    /// one that would run into the one before is dropped.
    private func columnLabels(_ labels: [HeatmapGrid.Label], left: Int, y: Int, className: String? = nil,
                              bold: Bool = false, into canvas: inout SVGCanvas) {
        var labelEnd = 0
        for label in labels {
            let x = left + label.index * step
            guard x >= labelEnd else { continue }
            canvas.text(x: x, y: y, label.text, className: className, bold: bold)
            labelEnd = x + SVGCanvas.textWidth(label.text, size: HeatmapSVG.font, bold: bold) + 4
        }
    }

    package func months(_ model: HeatmapModel, weekStart: Int, perRow: Int = 3) -> String {
        let layout = HeatmapLayout.months(model, names: names, weekStart: weekStart, today: today, weekNumbers: weekNumbers,
                                          perRow: perRow)
        let font = HeatmapSVG.font
        // A day is wide enough for its number and busy hours (`23` over `12.5`)
        // and for the widest weekday name, which never meets the next.
        let weekdayWidth = (layout.grids.first?.columnLabels ?? []).map { SVGCanvas.textWidth($0.text, size: font) }.max() ?? 0
        let size = max(2 * cell + 6, 40, weekdayWidth + 6)
        let weekLabel = weekNumbers ? SVGCanvas.textWidth("W53", size: font) + 6 : 0
        let titleWidth = layout.grids.compactMap { $0.title }.map { SVGCanvas.textWidth($0, size: font) }.max() ?? 0
        let blockWidth = max(weekLabel + 7 * size, titleWidth) + 20
        let blockHeight = 2 * (font + 6) + 6 * size + 14
        let perRow = layout.gridsPerRow
        var canvas = SVGCanvas()
        let y0 = heading(layout, into: &canvas) + 8
        for (index, grid) in layout.grids.enumerated() {
            let x = HeatmapSVG.margin + (index % perRow) * blockWidth, y = y0 + (index / perRow) * blockHeight
            let left = x + weekLabel
            canvas.text(x: x, y: y + font, grid.title ?? "", className: "heading-small", bold: true)
            for label in grid.columnLabels {
                canvas.text(x: left + label.index * size + (size - 2) / 2, y: y + 2 * font + 6, label.text, anchor: .middle)
            }
            let top = y + 2 * (font + 6)
            for label in grid.rowLabels {
                canvas.text(x: x, y: top + label.index * size + size / 2 + 4, label.text)
            }
            for cell in grid.cells where cell.level != nil {
                let cx = left + cell.column * size, cy = top + cell.row * size
                canvas.append(rect(cell, x: cx, y: cy, size: size - 2), right: cx + size - 2, bottom: cy + size - 2)
                let level = cell.level ?? 0
                canvas.text(x: cx + 4, y: cy + font + 2, String(cell.date!.day), className: "t\(level)")
                if !cell.figure.isEmpty {
                    canvas.text(x: cx + size - 6, y: cy + size - 7, cell.figure + " h", className: "t\(level)", anchor: .end)
                }
            }
        }
        let rows = (layout.grids.count + perRow - 1) / perRow
        var y = y0 + rows * blockHeight
        y = legend(layout.legend, x: HeatmapSVG.margin, y: y, into: &canvas)
        y = footer(layout, x: HeatmapSVG.margin, y: y, into: &canvas)
        return document(layout, canvas: canvas)
    }

    /// The punch card, with each row's total after it and a note of what a
    /// cell holds. Its legend is in minutes whatever the statistic (the
    /// text view writes a total's in hours).
    package func hours(_ model: HeatmapModel, slots: [HeatmapModel.Slot], scale: HeatmapScale,
                       statistic: HeatmapModel.Statistic, weekStart: Int) -> String {
        let layout = HeatmapLayout.hours(model, slots: slots, scale: scale, statistic: statistic, names: names,
                                         weekStart: weekStart, unit: .minutes)
        let grid = layout.grids[0]
        var canvas = SVGCanvas()
        var y = heading(layout, into: &canvas)
        let labelWidth = grid.rowLabels.map { SVGCanvas.textWidth($0.text, size: HeatmapSVG.font) }.max() ?? 0
        let left = HeatmapSVG.margin + labelWidth + 6
        y += HeatmapSVG.font + 2
        for label in grid.columnLabels { canvas.text(x: left + label.index * step, y: y, label.text) }
        let top = y + 6
        let totalsX = left + grid.columns * step + 6
        for label in grid.rowLabels {
            let baseline = top + label.index * step + cell / 2 + 4
            canvas.text(x: HeatmapSVG.margin, y: baseline, label.text)
            for cell in grid.cells where cell.row == label.index {
                canvas.append(rect(cell, x: left + cell.column * step, y: top + cell.row * step, size: self.cell),
                              right: left + cell.column * step + self.cell, bottom: top + cell.row * step + self.cell)
            }
            if let total = grid.rowTotals.first(where: { $0.index == label.index }) {
                canvas.text(x: totalsX, y: baseline, total.text)
            }
        }
        y = top + grid.rows * step + 8
        y = legend(layout.legend, x: left, y: y, into: &canvas)
        y = footer(layout, x: left, y: y, into: &canvas)
        return document(layout, canvas: canvas)
    }

    // MARK: Pieces

    /// Title with range and zones, the calendars, what a cell means; the
    /// baseline of the last line.
    private func heading(_ layout: HeatmapLayout, into canvas: inout SVGCanvas) -> Int {
        var y = HeatmapSVG.margin + HeatmapSVG.headingFont
        canvas.text(x: HeatmapSVG.margin, y: y, layout.heading, className: "heading", size: HeatmapSVG.headingFont, bold: true)
        if !calendars.isEmpty {
            y += HeatmapSVG.font + 6
            canvas.text(x: HeatmapSVG.margin, y: y, names.words.calendars(calendars))
        }
        y += HeatmapSVG.font + 6
        canvas.text(x: HeatmapSVG.margin, y: y, layout.cellNote)
        return y + 6
    }

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
        return "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(size)\" height=\"\(size)\" rx=\"2\" \(data)><title>\(SVGCanvas.escape(cell.tooltip))</title></rect>\n"
    }

    /// The legend below `y`: its caption on a line, then the swatches; the
    /// next free y.
    private func legend(_ legend: HeatmapLegend, x: Int, y: Int, into canvas: inout SVGCanvas) -> Int {
        let font = HeatmapSVG.font, swatch = max(11, min(cell, font + 2))
        var y = y + font
        canvas.raw("<g class=\"legend\">\n")
        canvas.text(x: x, y: y, legend.caption)
        y += 6
        var cursor = x
        var entries = legend.entries.map { (level: $0.level, text: $0.text, outlined: false) }
        if let today = legend.today { entries.append((level: 0, text: today, outlined: true)) }
        for entry in entries {
            canvas.append("<rect x=\"\(cursor)\" y=\"\(y)\" width=\"\(swatch)\" height=\"\(swatch)\" rx=\"2\" class=\"l\(entry.level)\(entry.outlined ? " today" : "")\"/>\n",
                          right: cursor + swatch, bottom: y + swatch)
            canvas.text(x: cursor + swatch + 4, y: y + swatch - 2, entry.text)
            cursor += swatch + 4 + SVGCanvas.textWidth(entry.text, size: font) + 14
        }
        canvas.raw("</g>\n")
        return y + swatch + 4
    }

    /// The footer's parts on one line, and the hint on the next; the next free y.
    private func footer(_ layout: HeatmapLayout, x: Int, y: Int, into canvas: inout SVGCanvas) -> Int {
        var y = y + HeatmapSVG.font + 6
        canvas.text(x: x, y: y, layout.footer)
        if let hint = layout.hint {
            y += HeatmapSVG.font + 6
            canvas.text(x: x, y: y, hint)
        }
        return y + 4
    }

    private func document(_ layout: HeatmapLayout, canvas: SVGCanvas) -> String {
        let width = canvas.right + HeatmapSVG.margin, height = canvas.bottom + HeatmapSVG.margin
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"title desc\">\n"
            + "<title id=\"title\">\(SVGCanvas.escape(layout.heading))</title>\n<desc id=\"desc\">\(SVGCanvas.escape(layout.description))</desc>\n"
            + style + "\n<rect class=\"bg\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\"/>\n" + canvas.body + "</svg>\n"
    }
}

/// The text of an SVG as it is drawn, with the farthest point any text or
/// shape reaches, so that the picture can be made large enough for all of it.
struct SVGCanvas {
    enum Anchor: String { case start, middle, end }

    private(set) var body = ""
    private(set) var right = 0
    private(set) var bottom = 0

    mutating func raw(_ text: String) { body += text }

    mutating func append(_ element: String, right: Int, bottom: Int) {
        body += element
        self.right = max(self.right, right)
        self.bottom = max(self.bottom, bottom)
    }

    /// A text at a baseline; its extent counted conservatively.
    mutating func text(x: Int, y: Int, _ content: String, className: String? = nil, size: Int = HeatmapSVG.font,
                       bold: Bool = false, anchor: Anchor = .start) {
        let width = SVGCanvas.textWidth(content, size: size, bold: bold)
        let start = anchor == .start ? x : anchor == .middle ? x - width / 2 : x - width
        let attributes = (className.map { " class=\"\($0)\"" } ?? "") + (anchor == .start ? "" : " text-anchor=\"\(anchor.rawValue)\"")
        body += "<text x=\"\(x)\" y=\"\(y)\"\(attributes)>\(SVGCanvas.escape(content))</text>\n"
        right = max(right, start + width)
        // Descenders reach about a quarter of the size below the baseline.
        bottom = max(bottom, y + (size + 3) / 4)
    }

    /// Pixels a text takes at most in a sans-serif of `size` pixels: wider
    /// than Helvetica, Arial and DejaVu Sans draw each kind of character
    /// (wide letters, capitals, digits, narrow marks, East Asian characters).
    static func textWidth(_ text: String, size: Int, bold: Bool = false) -> Int {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "m", "w", "M", "W", "@", "%", "—", "…": ems += 1.0
            case "i", "j", "l", "I", "!", "|", ".", ",", ":", ";", "'", " ", "(", ")", "[", "]", "f", "t", "r": ems += 0.45
            case "A"..."Z": ems += 0.8
            case "0"..."9": ems += 0.66
            default:
                ems += TerminalText.width(String(scalar)) == 2 ? 1.1 : (scalar.value < 0x2000 ? 0.68 : 1.0)
            }
        }
        return Int((ems * Double(size) * (bold ? 1.1 : 1)).rounded(.up)) + 2
    }

    static func escape(_ text: String) -> String {
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

/// WCAG 2 contrast between two colours.
enum Contrast {
    static func luminance(_ color: CalendarColor) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    /// From 1 (the same) to 21 (black on white).
    static func ratio(_ a: CalendarColor, _ b: CalendarColor) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}
