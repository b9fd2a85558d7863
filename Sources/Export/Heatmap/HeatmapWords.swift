import Foundation

/// The words around a heatmap in one language: header, legend, footer,
/// notes (from `LocaleWords`, English where not translated).
struct HeatmapWords: Sendable {
    /// The heatmap's phrases; `{h}`, `{date}` and `{n}` are filled in.
    struct Phrases: Sendable {
        var busyTime: String
        var legend: String
        var total: String
        var busiest: String
        var free: String
        var narrow: String
        var mean: String
        var sum: String
    }

    let phrases: Phrases
    let today: String

    init(identifier: String) {
        let words = LocaleWords(identifier: identifier)
        let chosen = words.heatmap == nil ? LocaleWords.english : words
        phrases = chosen.heatmap!
        today = chosen.today
    }

    var busyTime: String { phrases.busyTime }
    var legend: String { phrases.legend }

    /// `last 28 weeks; widen the terminal for more`.
    func narrow(weeks: Int) -> String { fill(phrases.narrow, ["n": String(weeks)]) }

    /// What an hour slot holds: mean busy minutes, or total busy hours.
    func statistic(_ statistic: HeatmapModel.Statistic) -> String {
        statistic == .mean ? phrases.mean : phrases.sum
    }

    /// `Total 12 h busy · busiest day 2026-11-27 (1.5 h) · 3 free working days (Mon–Fri)`.
    func footer(_ model: HeatmapModel) -> String {
        var text = fill(phrases.total, ["h": HeatmapFigures.hours(model.totalSeconds)])
        if let busiest = model.busiest {
            text += " · " + fill(phrases.busiest, ["date": busiest.date.description, "h": HeatmapFigures.hours(busiest.seconds)])
        }
        return text + " · " + fill(phrases.free, ["n": String(model.freeWorkingDays)])
    }

    private func fill(_ template: String, _ values: [String: String]) -> String {
        var text = template
        for (name, value) in values { text = text.replacingOccurrences(of: "{" + name + "}", with: value) }
        return text
    }
}
