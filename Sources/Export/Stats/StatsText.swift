import Statistics

/// How `busylife stats` draws its text: the terminal's columns, the
/// locale of its words, numbers and dates, and whether to colour.
package struct StatsTextStyle: Sendable {
    /// Columns available; every line fits them from 60 up.
    package var width: Int
    /// A locale identifier (`en_US`, `de_DE`, `ja-JP`).
    package var locale: String
    /// ANSI colour: only on a terminal.
    package var color: Bool

    package init(width: Int, locale: String, color: Bool) {
        self.width = width
        self.locale = locale
        self.color = color
    }
}

/// The default view of `busylife stats`, read in ten seconds: the title,
/// a table with a row per period, a line per figure with its sparkline
/// and trend, then the calendars, categories and people that take the
/// time. Pure: statistics in, text out.
package enum StatsText {
    package static func render(_ stats: Statistics, style: StatsTextStyle) -> String {
        let format = StatsFormat(identifier: style.locale)
        let paint = StatsPaint(on: style.color)
        let words = format.words
        let focus = words.focus.replacingOccurrences(of: "{d}", with: format.threshold(stats.focusThresholdSeconds))
        var lines = TerminalText.packed([words.title[stats.grouping] ?? "", format.window(from: stats.from, to: stats.to),
                                         focus], separator: " · ", width: style.width, indent: "  ")
        lines[0] = paint.bold(lines[0])
        guard !stats.periods.isEmpty else {
            return (lines + ["", words.empty]).joined(separator: "\n") + "\n"
        }
        let table = StatsTable(stats, format: format).lines(width: style.width, paint: paint)
        lines += [""] + table.lines
        var notes = stats.periods.contains(where: \.partial) ? [words.partialNote] : []
        notes.append(words.shareNote)
        if !table.left.isEmpty {
            notes.append(words.notShown.replacingOccurrences(of: "{n}", with: String(style.width))
                .replacingOccurrences(of: "{list}", with: table.left.joined(separator: ", ")))
        }
        // Notes share a line while each fits one; a longer one breaks between words.
        let fit = notes.allSatisfy { TerminalText.width($0) <= style.width }
        lines += (fit ? TerminalText.packed(notes, separator: " · ", width: style.width)
                      : notes.flatMap { wrapped($0, width: style.width) }).map(paint.dim)
        lines += [""] + StatsFigureLines(stats, format: format).lines(width: style.width, format: format, paint: paint)
        lines += wrapped(words.trendNote, width: style.width).map(paint.dim)
        let breakdowns = self.breakdowns(stats, format: format, width: style.width, paint: paint)
        if !breakdowns.isEmpty { lines += [""] + breakdowns }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A note on as many lines as the width needs, broken between words
    /// (a word wider than a line cut with `…`), the lines after the first
    /// indented.
    static func wrapped(_ note: String, width: Int) -> [String] {
        TerminalText.packed(note.split(separator: " ").map(String.init), separator: " ", width: width, indent: "  ")
    }

    /// How many of each breakdown the view names.
    static let topCount = 5

    /// `Calendars: Work 30.5 h · Home 4.0 h`, categories likewise, and
    /// with `--me` the people (`ann@example.org 6.0 h (4)`), each packed
    /// to the width.
    static func breakdowns(_ stats: Statistics, format: StatsFormat, width: Int, paint: StatsPaint) -> [String] {
        let words = format.words
        let lists: [(String, [String])] = [
            (words.calendars, stats.byCalendar.prefix(topCount).map { $0.name + " " + format.hours($0.busySeconds) }),
            (words.categories, stats.byCategory.prefix(topCount).map { $0.name + " " + format.hours($0.busySeconds) }),
            (words.people, stats.byPerson.prefix(topCount).map {
                $0.address + " " + format.hours($0.meetingSeconds) + " (" + format.count($0.meetings) + ")"
            }),
        ]
        var lines: [String] = []
        for (title, parts) in lists where !parts.isEmpty {
            var packed = TerminalText.packed(parts, separator: " · ", width: width - 2, indent: "")
            packed = packed.map { "  " + $0 }
            lines.append(paint.bold(title))
            lines += packed
        }
        return lines
    }

    /// The share of meeting time in meetings of a recurring series; nil
    /// without meetings.
    static func recurringShare(_ figures: StatsFigures) -> Double? {
        figures.meetingSeconds > 0 ? Double(figures.recurringMeetingSeconds) / Double(figures.meetingSeconds) : nil
    }

    /// The trend of a share, by the rule of `Statistics.trend(of:)`: the
    /// last full period against the mean of the full ones before (those
    /// where the share means something); nil with no such pair or a mean
    /// of zero.
    static func trend(_ stats: Statistics, _ value: (StatsFigures) -> Double?) -> Double? {
        let full = stats.periods.filter { !$0.partial }
        guard full.count >= 2, let last = value(full.last!.figures) else { return nil }
        let before = full.dropLast().compactMap { value($0.figures) }
        guard !before.isEmpty else { return nil }
        let mean = before.reduce(0, +) / Double(before.count)
        return mean > 0 ? (last - mean) / mean : nil
    }

    /// Eight heights, `▁` for zero and `█` for the largest value shown; any
    /// value above zero at least `▂`, so that a little never reads as
    /// nothing; a space where the figure means nothing.
    /// `top` is the value drawn as `█`: a share's is 1 (all of it), so
    /// that a steady half reads as half, not as full.
    static func sparkline(_ values: [Double?], top: Double? = nil) -> String {
        let bars = Array("▁▂▃▄▅▆▇█")
        let top = top ?? values.compactMap { $0 }.max() ?? 0
        return String(values.map { value -> Character in
            guard let value else { return " " }
            guard value > 0, top > 0 else { return bars[0] }
            return bars[min(7, max(1, Int((value / top * 7).rounded())))]
        })
    }
}

/// The colours of the stats view, or none: bold headers, dim notes and
/// partial periods, cyan sparklines, trends green or red by whether a
/// rise of their figure is good news.
struct StatsPaint {
    let on: Bool

    init(on: Bool) { self.on = on }

    private func wrap(_ code: String, _ text: String) -> String { on ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text }
    func bold(_ text: String) -> String { wrap("1", text) }
    func dim(_ text: String) -> String { wrap("2", text) }
    func spark(_ text: String) -> String { wrap("36", text) }

    func trend(_ text: String, change: Double?, feel: StatsFigureLines.Feel) -> String {
        guard let change, (change * 100).rounded() != 0, feel != .neutral else { return text }
        return wrap((change > 0) == (feel == .riseGood) ? "32" : "31", text)
    }
}
