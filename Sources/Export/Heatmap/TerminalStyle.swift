import EventModel

/// How the terminal draws: colours and characters.
package struct TerminalStyle: Sendable {
    package enum Colors: Sendable { case none, palette256, truecolor }
    package var colors: Colors
    package var ascii: Bool
    /// Busy levels in shades of this colour instead of green (a calendar's colour).
    package var tint: CalendarColor?

    package init(colors: Colors, ascii: Bool, tint: CalendarColor? = nil) {
        self.colors = colors
        self.ascii = ascii
        self.tint = tint
    }

    /// The mark of today: `◆` (`@` in ASCII).
    var todayMark: String { ascii ? "@" : "◆" }

    /// Two cells for a level (0 ... 4). With colour, a busy day is `█▊`:
    /// the gap of a quarter column keeps neighbouring weeks apart rather
    /// than merging them into bars. `today` keeps the day's shade in the
    /// first cell and puts the mark in the second (`▓◆`), so the level of
    /// today still shows.
    func cell(level: Int, today: Bool = false) -> String {
        let glyphs = ascii ? ["..", "--", "++", "**", "##"] : ["··", "░░", "▒▒", "▓▓", "██"]
        switch colors {
        case .none:
            return today ? String(glyphs[level].prefix(1)) + todayMark : glyphs[level]
        case .palette256, .truecolor:
            let glyph = level == 0 ? glyphs[0] : (ascii ? "##" : "█▊")
            if today { return color(level) + String(glyph.prefix(1)) + "\u{1B}[0m" + bold(todayMark) }
            return color(level) + glyph + "\u{1B}[0m"
        }
    }

    /// One character cell for a level (colour codes kept): its shade, or
    /// for today the mark in the level's colour; a space for a date
    /// without a level.
    func halfCell(level: Int?, today: Bool = false) -> String {
        guard let level else { return " " }
        let glyph = today ? todayMark : String(TerminalText.strippingANSI(cell(level: level)).prefix(1))
        return colors == .none ? glyph : color(level) + glyph + "\u{1B}[0m"
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
