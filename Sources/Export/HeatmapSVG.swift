import EventModel

/// Self-contained SVG heatmaps: `role="img"` with a title and description,
/// one `<rect>` per day (or hour slot) with its data and a tooltip,
/// labels, the legend, and a dark-mode style. Deterministic: attributes in
/// a fixed order, integer coordinates, no timestamps.
public struct HeatmapSVG {
    public var names: LocaleNames
    public var today: LocalDate?
    /// Busy levels in shades of this colour instead of green (a calendar's colour).
    public var tint: CalendarColor?

    public init(names: LocaleNames, today: LocalDate?, tint: CalendarColor? = nil) {
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
    .today{stroke:#1f2328;stroke-width:1}
    @media (prefers-color-scheme:dark){text{fill:#8b949e}.l0{fill:#161b22}.l1{fill:#0e4429}.l2{fill:#006d32}.l3{fill:#26a641}.l4{fill:#39d353}.today{stroke:#e6edf3}}
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

    // MARK: Year

    public func year(_ model: HeatmapModel, weekStart: Int) -> String {
        let layout = YearLayout(from: model.from, to: model.to, weekStart: weekStart)
        let left = 32, top = 20
        let width = left + layout.columns * HeatmapSVG.step + 10
        let height = top + 7 * HeatmapSVG.step + 50
        var body = ""
        for label in layout.monthLabels(gap: 3) {
            body += text(x: left + label.column * HeatmapSVG.step, y: 12, names.months[label.month])
        }
        for row in stride(from: 0, to: 7, by: 2) {
            body += text(x: 0, y: top + row * HeatmapSVG.step + 9, names.weekdays[layout.weekday(ofRow: row)])
        }
        for day in model.days {
            let (column, row) = layout.position(of: day.date)
            body += dayRect(day, x: left + column * HeatmapSVG.step, y: top + row * HeatmapSVG.step)
        }
        body += legend(model.dayScale, x: left, y: top + 7 * HeatmapSVG.step + 12, unit: "h")
        body += text(x: left, y: height - 6, footer(model))
        return document(model, width: width, height: height, body: body, what: "each day of")
    }

    // MARK: Month

    public func months(_ model: HeatmapModel, weekStart: Int, perRow: Int = 3) -> String {
        let months = model.months
        let size = 22, blockWidth = 7 * size + 20, blockHeight = 30 + 6 * size + 14
        let columns = min(perRow, months.count)
        let rows = (months.count + perRow - 1) / perRow
        var body = ""
        for (index, (year, month)) in months.enumerated() {
            let x0 = 10 + (index % perRow) * blockWidth, y0 = 10 + (index / perRow) * blockHeight
            body += text(x: x0, y: y0 + 10, names.monthTitle(year: year, month: month))
            let layout = MonthLayout(year: year, month: month, weekStart: weekStart)
            for column in 0..<7 {
                body += text(x: x0 + column * size + 2, y: y0 + 24, names.weekdays[(weekStart - 1 + column) % 7 + 1])
            }
            for (row, week) in layout.rows.enumerated() {
                for (column, date) in week.enumerated() {
                    guard let date, let day = model.day(date) else { continue }
                    let x = x0 + column * size, y = y0 + 30 + row * size
                    body += dayRect(day, x: x, y: y, size: size - 2)
                    body += text(x: x + 3, y: y + 13, String(date.day))
                }
            }
        }
        let legendY = 10 + rows * blockHeight
        body += legend(model.dayScale, x: 10, y: legendY, unit: "h")
        body += text(x: 10, y: legendY + 30, footer(model))
        return document(model, width: 20 + columns * blockWidth, height: legendY + 40, body: body, what: "each day of")
    }

    // MARK: Hours

    public func hours(_ model: HeatmapModel, slots: [HeatmapModel.Slot], scale: HeatmapScale,
                      statistic: HeatmapModel.Statistic, weekStart: Int) -> String {
        let left = 32, top = 20
        var body = ""
        for hour in stride(from: 0, to: 24, by: 3) { body += text(x: left + hour * HeatmapSVG.step, y: 12, String(hour)) }
        for index in 0..<7 {
            let weekday = (weekStart - 1 + index) % 7 + 1
            body += text(x: 0, y: top + index * HeatmapSVG.step + 9, names.weekdays[weekday])
            for slot in slots where slot.weekday == weekday {
                let minutes = HeatmapText.number(slot.seconds / 60)
                let tip = "\(names.weekdays[weekday]) \(slot.hour):00–\(slot.hour + 1):00: \(minutes) min (\(statistic.rawValue))"
                body += "<rect x=\"\(left + slot.hour * HeatmapSVG.step)\" y=\"\(top + index * HeatmapSVG.step)\" width=\"\(HeatmapSVG.cell)\" height=\"\(HeatmapSVG.cell)\" rx=\"2\" class=\"l\(slot.level)\" data-weekday=\"\(weekday)\" data-hour=\"\(slot.hour)\" data-seconds=\"\(HeatmapSVG.seconds(slot.seconds))\" data-level=\"\(slot.level)\"><title>\(escape(tip))</title></rect>\n"
            }
        }
        body += legend(scale, x: left, y: top + 7 * HeatmapSVG.step + 12, unit: "min")
        return document(model, width: left + 24 * HeatmapSVG.step + 10, height: top + 7 * HeatmapSVG.step + 44, body: body,
                         what: "\(statistic.rawValue) busy time per weekday and hour of")
    }

    // MARK: Pieces

    private func dayRect(_ day: HeatmapModel.Day, x: Int, y: Int, size: Int = HeatmapSVG.cell) -> String {
        let tip = "\(day.date): \(HeatmapText.hours(day.seconds)) h busy, \(day.events) event\(day.events == 1 ? "" : "s")"
        let mark = day.date == today ? " today" : ""
        return "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(size)\" height=\"\(size)\" rx=\"2\" class=\"l\(day.level)\(mark)\" data-date=\"\(day.date)\" data-seconds=\"\(HeatmapSVG.seconds(day.seconds))\" data-level=\"\(day.level)\" data-events=\"\(day.events)\"><title>\(escape(tip))</title></rect>\n"
    }

    private func legend(_ scale: HeatmapScale, x: Int, y: Int, unit: String) -> String {
        func amount(_ seconds: Double) -> String { HeatmapText.threshold(seconds, inHours: unit == "h") }
        let labels = ["0", "≤ " + amount(scale.thresholds[0]), "≤ " + amount(scale.thresholds[1]),
                      "≤ " + amount(scale.thresholds[2]), "> " + amount(scale.thresholds[2])]
        var out = "<g class=\"legend\">\n" + text(x: x, y: y + 9, names.words.text("legend") + " (\(scale.name)):")
        var cursor = x + 90
        for (level, label) in labels.enumerated() {
            out += "<rect x=\"\(cursor)\" y=\"\(y)\" width=\"\(HeatmapSVG.cell)\" height=\"\(HeatmapSVG.cell)\" rx=\"2\" class=\"l\(level)\"/>\n"
            out += text(x: cursor + 14, y: y + 9, label)
            cursor += 20 + 7 * label.count
        }
        return out + "</g>\n"
    }

    private func footer(_ model: HeatmapModel) -> String { names.words.footer(model) }

    private func document(_ model: HeatmapModel, width: Int, height: Int, body: String, what: String) -> String {
        let title = names.words.text("busy") + " \(model.from) – \(model.to)"
        let description = "Busy time of \(what) \(model.from) to \(model.to) in \(model.zones.joined(separator: ", ")), "
            + "in five levels (\(model.dayScale.name) scale). " + footer(model) + "."
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"title desc\">\n"
            + "<title id=\"title\">\(escape(title))</title>\n<desc id=\"desc\">\(escape(description))</desc>\n"
            + HeatmapSVG.style(tint: tint) + "\n" + body + "</svg>\n"
    }

    private func text(x: Int, y: Int, _ content: String) -> String {
        "<text x=\"\(x)\" y=\"\(y)\">\(escape(content))</text>\n"
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(value)
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

/// The grid's data for scripts: JSON (`busylife.heatmap/1`) or TSV.
public enum HeatmapData {
    public static let schema = "busylife.heatmap/1"

    public static func json(_ model: HeatmapModel, view: String, slots: [HeatmapModel.Slot]? = nil,
                            scale: HeatmapScale, statistic: HeatmapModel.Statistic? = nil) -> String {
        var head = JSONObjectWriter()
        head.field("schema", schema)
        head.field("view", view)
        head.field("from", model.from.description)
        head.field("to", model.to.description)
        head.strings("zones", model.zones, omitEmpty: false)
        var scaleJSON = JSONObjectWriter()
        scaleJSON.field("kind", scale.name)
        scaleJSON.raw("thresholdsSeconds", JSONObjectWriter.array(scale.thresholds.map(HeatmapSVG.seconds)))
        head.raw("scale", scaleJSON.finished())
        head.field("statistic", statistic?.rawValue)
        var cells: [String] = []
        if let slots {
            for slot in slots {
                var json = JSONObjectWriter()
                json.field("weekday", slot.weekday)
                json.field("hour", slot.hour)
                json.field("busySeconds", (slot.seconds * 1000).rounded() / 1000)
                json.field("level", slot.level)
                cells.append(json.finished())
            }
        } else {
            for day in model.days {
                var json = JSONObjectWriter()
                json.field("date", day.date.description)
                json.field("busySeconds", day.seconds)
                json.field("level", day.level)
                json.field("eventCount", day.events)
                cells.append(json.finished())
            }
        }
        head.raw("cells", "[\n" + cells.joined(separator: ",\n") + "\n]")
        return head.finished() + "\n"
    }

    public static func tsv(_ model: HeatmapModel, slots: [HeatmapModel.Slot]? = nil) -> String {
        if let slots {
            return "weekday\thour\tbusy_seconds\tlevel\n" + slots.map {
                "\($0.weekday)\t\($0.hour)\t\(HeatmapSVG.seconds(($0.seconds * 1000).rounded() / 1000))\t\($0.level)\n"
            }.joined()
        }
        return "date\tbusy_seconds\tlevel\tevents\n" + model.days.map {
            "\($0.date)\t\(HeatmapSVG.seconds($0.seconds))\t\($0.level)\t\($0.events)\n"
        }.joined()
    }
}
