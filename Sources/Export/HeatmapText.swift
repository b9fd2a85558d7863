import EventModel
import Foundation

/// Month and weekday names and the first weekday of a locale (Foundation's
/// tables; the locale comes from `--locale` or the environment).
public struct LocaleNames: Sendable {
    /// Short weekday names by ISO weekday (index 1 Monday ... 7 Sunday).
    public let weekdays: [String]
    /// Short month names, index 1 ... 12.
    public let months: [String]
    /// ISO weekday a week starts on in this locale.
    public let firstWeekday: Int
    private let identifier: String

    public init(identifier: String) {
        self.identifier = identifier
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: identifier)
        let symbols: [String] = formatter.shortStandaloneWeekdaySymbols
        let sundayFirst = symbols.count == 7 ? symbols : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        weekdays = [""] + (1...7).map { sundayFirst[$0 % 7] }
        months = [""] + formatter.shortStandaloneMonthSymbols
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: identifier)
        firstWeekday = calendar.firstWeekday == 1 ? 7 : calendar.firstWeekday - 1
    }

    /// The heatmap's own words in this locale's language (English where we
    /// have no translation).
    public var words: HeatmapWords { HeatmapWords(language: String(identifier.prefix { $0 != "_" && $0 != "-" })) }

    /// `November 2026`, `November 2026`, `2026年11月`.
    public func monthTitle(year: Int, month: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: identifier)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.setLocalizedDateFormatFromTemplate("yMMMM")
        let date = LocalDate(year: year, month: month, day: 15)!
        return formatter.string(from: Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400)))
    }
}

/// The words around a heatmap: header, legend, footer, notes.
public struct HeatmapWords: Sendable {
    private let table: [String: String]

    init(language: String) {
        table = HeatmapWords.tables[language] ?? HeatmapWords.tables["en"]!
    }

    private static let tables: [String: [String: String]] = [
        "en": ["busy": "Busy time", "legend": "Legend", "today": "today", "total": "Total {h} h busy",
               "busiest": "busiest day {date} ({h} h)", "free": "{n} free working days (Mon–Fri)",
               "narrow": "last {n} weeks; widen the terminal for more",
               "mean": "mean busy minutes per hour", "sum": "total busy hours per hour"],
        "de": ["busy": "Belegte Zeit", "legend": "Legende", "today": "heute", "total": "Insgesamt {h} h belegt",
               "busiest": "vollster Tag {date} ({h} h)", "free": "{n} freie Arbeitstage (Mo–Fr)",
               "narrow": "letzte {n} Wochen; für mehr das Terminal verbreitern",
               "mean": "mittlere belegte Minuten je Stunde", "sum": "belegte Stunden je Stunde, gesamt"],
        "ja": ["busy": "予定の時間", "legend": "凡例", "today": "今日", "total": "合計 {h} 時間",
               "busiest": "最も忙しい日 {date}（{h} 時間）", "free": "空いている平日 {n} 日（月〜金）",
               "narrow": "直近 {n} 週間。端末を広げるとさらに表示",
               "mean": "1時間あたりの平均予定（分）", "sum": "1時間あたりの予定の合計（時間）"],
    ]

    func text(_ key: String, _ values: [String: String] = [:]) -> String {
        var text = table[key]!
        for (name, value) in values { text = text.replacingOccurrences(of: "{" + name + "}", with: value) }
        return text
    }

    /// `Total 12 h busy · busiest day 2026-11-27 (1.5 h) · 3 free working days (Mon–Fri)`.
    func footer(_ model: HeatmapModel) -> String {
        var text = self.text("total", ["h": HeatmapText.hours(model.totalSeconds)])
        if let busiest = model.busiest {
            text += " · " + self.text("busiest", ["date": busiest.date.description, "h": HeatmapText.hours(busiest.seconds)])
        }
        return text + " · " + self.text("free", ["n": String(model.freeWorkingDays)])
    }
}

/// How the terminal draws: colours and characters.
public struct TerminalStyle: Sendable {
    public enum Colors: Sendable { case none, palette256, truecolor }
    public var colors: Colors
    public var ascii: Bool
    /// Busy levels in shades of this colour instead of green (a calendar's colour).
    public var tint: CalendarColor?

    public init(colors: Colors, ascii: Bool, tint: CalendarColor? = nil) {
        self.colors = colors
        self.ascii = ascii
        self.tint = tint
    }

    /// Two cells for a level (0 ... 4); `today` marks the cell.
    func cell(level: Int, today: Bool = false) -> String {
        let glyphs = ascii ? ["..", "--", "++", "**", "##"] : ["··", "░░", "▒▒", "▓▓", "██"]
        let markers = ascii ? "<>" : "◆◆"
        switch colors {
        case .none:
            return today ? markers : glyphs[level]
        case .palette256, .truecolor:
            let glyph = today ? markers : (level == 0 ? glyphs[0] : (ascii ? "##" : "██"))
            return color(level) + glyph + "\u{1B}[0m"
        }
    }

    /// GitHub's dark-theme greens, level 0 a dim grey.
    private static let truecolor = [(72, 79, 88), (14, 68, 41), (0, 109, 50), (38, 166, 65), (57, 211, 83)]
    private static let palette256 = [240, 22, 28, 34, 40]

    func color(_ level: Int) -> String {
        if let tint, level > 0, colors != .none {
            return tint.darkLevels(on: CalendarColor.darkBackground)[level - 1].foreground(truecolor: colors == .truecolor)
        }
        switch colors {
        case .none: return ""
        case .palette256: return "\u{1B}[38;5;\(TerminalStyle.palette256[level])m"
        case .truecolor:
            let (r, g, b) = TerminalStyle.truecolor[level]
            return "\u{1B}[38;2;\(r);\(g);\(b)m"
        }
    }

    func bold(_ text: String) -> String { colors == .none ? text : "\u{1B}[1m" + text + "\u{1B}[0m" }
}

/// Text heatmaps for the terminal: year grid, month calendars, hour punch card.
public struct HeatmapText {
    public var names: LocaleNames
    public var style: TerminalStyle
    public var today: LocalDate?
    /// Columns available.
    public var width: Int

    public init(names: LocaleNames, style: TerminalStyle, today: LocalDate?, width: Int) {
        self.names = names
        self.style = style
        self.today = today
        self.width = width
    }

    // MARK: Year

    public func year(_ model: HeatmapModel, weekStart: Int) -> String {
        var layout = YearLayout(from: model.from, to: model.to, weekStart: weekStart)
        let labelWidth = (1...7).map { Agenda.displayWidth(names.weekdays[$0]) }.max()! + 1
        var note = ""
        // Too wide for the terminal: show the most recent weeks that fit.
        let fitting = max(4, (width - labelWidth) / 2)
        if layout.columns > fitting {
            let start = layout.origin.adding(days: (layout.columns - fitting) * 7)
            layout = YearLayout(from: start, to: model.to, weekStart: weekStart)
            note = " (" + names.words.text("narrow", ["n": String(fitting)]) + ")"
        }
        var lines = [style.bold(header(model, from: layout.from)) + note]
        var monthLine = Array(repeating: " ", count: labelWidth + layout.columns * 2 + 4)
        for label in layout.monthLabels(gap: 2) {
            let text = Array(names.months[label.month])
            let start = labelWidth + label.column * 2
            for (offset, character) in text.enumerated() where start + offset < monthLine.count {
                monthLine[start + offset] = String(character)
            }
        }
        lines.append(monthLine.joined().trimmingTrailingSpaces())
        for row in 0..<7 {
            let weekday = layout.weekday(ofRow: row)
            var line = pad(names.weekdays[weekday], labelWidth)
            for column in 0..<layout.columns {
                if let date = layout.date(column: column, row: row), let day = model.day(date) {
                    line += style.cell(level: day.level, today: date == today)
                } else {
                    line += "  "
                }
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        lines.append(legend(model.dayScale, unit: .hours))
        lines.append(footer(model))
        return finish(lines)
    }

    /// The lines as one text; with the ASCII charset our own punctuation
    /// is ASCII too (names from the locale stay as they are).
    private func finish(_ lines: [String]) -> String {
        let text = lines.joined(separator: "\n") + "\n"
        guard style.ascii else { return text }
        return text.replacingOccurrences(of: " · ", with: " | ").replacingOccurrences(of: "–", with: "-")
            .replacingOccurrences(of: "≤", with: "<=")
    }

    // MARK: Month

    /// Month calendars side by side as the width allows; each day shows
    /// its level and busy hours. `weekNumbers` adds ISO week numbers.
    public func months(_ model: HeatmapModel, weekStart: Int, weekNumbers: Bool) -> String {
        let cellWidth = 8  // glyph, day number, busy hours: "▓ 4 2.5 "
        let prefix = weekNumbers ? 4 : 0
        let blockWidth = prefix + 7 * cellWidth + 2
        let perRow = max(1, width / blockWidth)
        let months = model.months
        var output = [style.bold(header(model, from: model.from))]
        for start in stride(from: 0, to: months.count, by: perRow) {
            let blocks = months[start..<min(start + perRow, months.count)].map {
                monthBlock(model, year: $0.0, month: $0.1, weekStart: weekStart, weekNumbers: weekNumbers, width: blockWidth)
            }
            let height = blocks.map(\.count).max()!
            output.append("")
            for line in 0..<height {
                output.append(blocks.map { line < $0.count ? $0[line] : String(repeating: " ", count: blockWidth) }
                    .joined().trimmingTrailingSpaces())
            }
        }
        output.append("")
        output.append(legend(model.dayScale, unit: .hours))
        output.append(footer(model))
        return finish(output)
    }

    private func monthBlock(_ model: HeatmapModel, year: Int, month: Int, weekStart: Int,
                            weekNumbers: Bool, width: Int) -> [String] {
        let layout = MonthLayout(year: year, month: month, weekStart: weekStart)
        let prefix = weekNumbers ? "    " : ""
        var lines = [pad(prefix + names.monthTitle(year: year, month: month), width)]
        var header = prefix
        for index in 0..<7 { header += pad(names.weekdays[(weekStart - 1 + index) % 7 + 1], 8) }
        lines.append(pad(header, width))
        for (index, row) in layout.rows.enumerated() {
            var line = weekNumbers ? pad("W" + String(layout.weekNumber(ofRow: index)), 4) : ""
            for date in row {
                guard let date else { line += "        "; continue }
                let day = model.day(date)
                let glyph = day.map { style.cell(level: $0.level, today: date == today) } ?? "  "
                let number = date.day < 10 ? " \(date.day)" : "\(date.day)"
                let hours = day.map { $0.seconds > 0 ? HeatmapText.hours($0.seconds) : "" } ?? ""
                line += singleCell(glyph) + number + " " + pad(hours, 3) + " "
            }
            lines.append(pad(line, width, visible: Agenda.displayWidth(HeatmapText.stripANSI(line))))
        }
        return lines
    }

    /// One character cell of a two-cell glyph (colour codes kept).
    private func singleCell(_ cell: String) -> String {
        guard let escape = cell.firstIndex(of: "m"), cell.hasPrefix("\u{1B}") else { return String(cell.prefix(1)) }
        let codes = cell[...escape]
        let rest = cell[cell.index(after: escape)...]
        return codes + String(rest.prefix(1)) + "\u{1B}[0m"
    }

    // MARK: Hours

    /// A punch card: weekdays by wall-clock hour, with row totals.
    public func hours(_ model: HeatmapModel, slots: [HeatmapModel.Slot], scale: HeatmapScale,
                      statistic: HeatmapModel.Statistic, weekStart: Int) -> String {
        let labelWidth = (1...7).map { Agenda.displayWidth(names.weekdays[$0]) }.max()! + 1
        var lines = [style.bold(header(model, from: model.from)) + " · " + names.words.text(statistic == .mean ? "mean" : "sum")]
        var hourLine = String(repeating: " ", count: labelWidth)
        for hour in stride(from: 0, to: 24, by: 3) { hourLine += pad(String(hour), 6) }
        lines.append(hourLine.trimmingTrailingSpaces())
        for index in 0..<7 {
            let weekday = (weekStart - 1 + index) % 7 + 1
            var line = pad(names.weekdays[weekday], labelWidth)
            var total = 0.0
            for slot in slots where slot.weekday == weekday {
                line += style.cell(level: slot.level)
                total += slot.seconds
            }
            line += "  " + HeatmapText.hours(total) + " h"
            lines.append(line)
        }
        lines.append(legend(scale, unit: statistic == .mean ? .minutes : .hours, marksToday: false))
        return finish(lines)
    }

    // MARK: Pieces

    private func header(_ model: HeatmapModel, from: LocalDate) -> String {
        names.words.text("busy") + " \(from) – \(model.to) · " + model.zones.joined(separator: ", ")
    }

    enum Unit { case hours, minutes }

    /// The five levels with their real thresholds.
    private func legend(_ scale: HeatmapScale, unit: Unit, marksToday: Bool = true) -> String {
        func amount(_ seconds: Double) -> String { HeatmapText.threshold(seconds, inHours: unit == .hours) }
        let t = scale.thresholds
        let parts = [
            style.cell(level: 0) + " 0",
            style.cell(level: 1) + " ≤ " + amount(t[0]),
            style.cell(level: 2) + " ≤ " + amount(t[1]),
            style.cell(level: 3) + " ≤ " + amount(t[2]),
            style.cell(level: 4) + " > " + amount(t[2]),
        ]
        var text = names.words.text("legend") + " (\(scale.name)): " + parts.joined(separator: "  ")
        if today != nil && marksToday { text += "  " + style.cell(level: 0, today: true) + " " + names.words.text("today") }
        return text
    }

    private func footer(_ model: HeatmapModel) -> String { names.words.footer(model) }

    /// A legend threshold: in hours (`1.5 h`), but under an hour in minutes
    /// (`20 min`), where tenths of an hour would blur two thresholds;
    /// tenths of a minute only below ten.
    static func threshold(_ seconds: Double, inHours: Bool) -> String {
        if inHours && seconds >= 3600 { return hours(seconds) + " h" }
        let minutes = seconds / 60
        return (minutes < 10 ? number(minutes) : String(Int(minutes.rounded()))) + " min"
    }

    /// Hours with one decimal below 10 (`2.5`), whole above (`12`); empty for zero.
    static func hours(_ seconds: Double) -> String {
        if seconds == 0 { return "0" }
        let hours = seconds / 3600
        return hours < 10 ? number(hours) : String(Int(hours.rounded()))
    }

    /// One decimal, without a trailing `.0`.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }

    static func stripANSI(_ text: String) -> String {
        var out = ""
        var skipping = false
        for character in text {
            if character == "\u{1B}" { skipping = true; continue }
            if skipping { if character == "m" { skipping = false }; continue }
            out.append(character)
        }
        return out
    }

    private func pad(_ text: String, _ width: Int, visible: Int? = nil) -> String {
        let shown = visible ?? Agenda.displayWidth(text)
        return shown >= width ? text : text + String(repeating: " ", count: width - shown)
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
