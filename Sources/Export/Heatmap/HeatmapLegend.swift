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
    /// `quantile`, `linear` or `fixed`.
    let scaleName: String
    /// Whether equal thresholds were merged (some levels never occur).
    let merged: Bool

    /// Levels 1 to 3 each take the values up to their threshold above the
    /// one before, so a level whose threshold equals the one before (two
    /// equal quartiles; every threshold 0 for an empty calendar) holds no
    /// value and is left out, and the caption says so: `≤ 15 min` is
    /// never written twice.
    init(scale: HeatmapScale, unit: Unit, words: HeatmapWords, marksToday: Bool) {
        func amount(_ seconds: Double) -> String {
            HeatmapFigures.threshold(seconds, inHours: unit == .hours, decimal: words.decimal)
        }
        let t = scale.thresholds
        var entries = [Entry(level: 0, text: "0")]
        var below = 0.0
        for level in 1...3 where t[level - 1] > below {
            let text = "≤ " + amount(t[level - 1])
            // Thresholds that differ only past the printed precision read the same: keep the higher level.
            if entries.last?.text == text { entries.removeLast() }
            entries.append(Entry(level: level, text: text))
            below = t[level - 1]
        }
        entries.append(Entry(level: 4, text: "> " + amount(t[2])))
        self.entries = entries
        merged = entries.count < 5
        scaleName = scale.name
        caption = words.legend + " (\(scale.name)" + (merged ? "; " + words.phrases.merged : "") + "):"
        today = marksToday ? words.today : nil
    }
}
