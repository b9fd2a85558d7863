import EventModel

extension CalendarColor {
    /// The escape sequence that sets this as the text colour: 24-bit, or the
    /// nearest colour of the 256-colour palette's 6×6×6 cube.
    func foreground(truecolor: Bool) -> String {
        truecolor ? "\u{1B}[38;2;\(red);\(green);\(blue)m" : "\u{1B}[38;5;\(palette256)m"
    }

    /// Index of the nearest colour of xterm's 6×6×6 cube (16 ... 231).
    var palette256: Int {
        func step(_ value: UInt8) -> Int { value < 48 ? 0 : value < 115 ? 1 : (Int(value) - 35) / 40 }
        return 16 + 36 * step(red) + 6 * step(green) + step(blue)
    }

    /// GitHub's dark background (#161b22), which dark heatmaps blend from.
    static let darkBackground = CalendarColor(red: 0x16, green: 0x1b, blue: 0x22)

    /// The four busy levels of a heatmap in this colour on a dark background:
    /// from faint (mostly background) to the colour itself.
    func darkLevels(on background: CalendarColor) -> [CalendarColor] {
        [0.35, 0.55, 0.78, 1].map { background.mixed(with: self, $0) }
    }

    /// The four busy levels on a light background: from a pale tint to a
    /// shade darker than the colour.
    var lightLevels: [CalendarColor] {
        [CalendarColor.white.mixed(with: self, 0.35), CalendarColor.white.mixed(with: self, 0.65), self, mixed(with: .black, 0.3)]
    }
}
