/// The five levels and what each means, with the scale's real thresholds.
struct HeatmapLegend: Sendable, Equatable {
    /// How thresholds are written: hours (minutes under one hour), or minutes.
    enum Unit: Sendable { case hours, minutes }

    struct Entry: Sendable, Equatable {
        var level: Int
        /// `0`, `≤ 15 min`, `≤ 1.5 h`, `> 3 h`.
        var text: String
    }

    /// `Legend (quantile):`.
    let caption: String
    /// Levels 0 to 4.
    let entries: [Entry]
    /// The word for the mark of today (`today`) when the view marks it.
    let today: String?

    init(scale: HeatmapScale, unit: Unit, words: HeatmapWords, marksToday: Bool) {
        caption = words.legend + " (\(scale.name)):"
        func amount(_ seconds: Double) -> String { HeatmapFigures.threshold(seconds, inHours: unit == .hours) }
        let t = scale.thresholds
        entries = [
            Entry(level: 0, text: "0"),
            Entry(level: 1, text: "≤ " + amount(t[0])),
            Entry(level: 2, text: "≤ " + amount(t[1])),
            Entry(level: 3, text: "≤ " + amount(t[2])),
            Entry(level: 4, text: "> " + amount(t[2])),
        ]
        today = marksToday ? words.today : nil
    }
}
