import EventModel
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
        /// `free` for exactly one day (`1 freier Arbeitstag`).
        var freeOne: String
        var narrow: String
        var mean: String
        var sum: String
        /// The decimal separator of the language (`1,5 h`).
        var decimal: String
        /// A day's tooltip: `{date}: {h} h busy, {n} events`, and for one event.
        var day: String
        var dayOne: String
        /// What a cell of the year and month views means.
        var cellDay: String
        /// `Calendars: {list}`.
        var calendars: String
        /// Said after the legend's caption when equal thresholds were merged.
        var merged: String
        /// Said when the window has all-day events and no busy time.
        var allDayOnly: String
        /// The description's last sentence: `{what}`, `{scale}`.
        var described: String
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
    var decimal: String { phrases.decimal }

    /// Hours as the views write them, with this language's decimal separator.
    func hours(_ seconds: Double) -> String { HeatmapFigures.hours(seconds, decimal: decimal) }

    /// Busy time with its unit: hours, or minutes under an hour, where
    /// hours in tenths would write a few coloured minutes as `0 h`.
    func duration(_ seconds: Double) -> String {
        seconds == 0 ? "0 h" : HeatmapFigures.threshold(seconds, inHours: true, decimal: decimal)
    }

    /// `2026-11-27: 1.5 h busy, 2 events`.
    func dayTooltip(_ date: LocalDate, seconds: Double, events: Int) -> String {
        fill(events == 1 ? phrases.dayOne : phrases.day, ["date": date.description, "h": hours(seconds), "n": String(events)])
    }

    /// `Calendars: Home, Work`.
    func calendars(_ names: [String]) -> String { fill(phrases.calendars, ["list": names.joined(separator: ", ")]) }
    var legend: String { phrases.legend }

    /// `last 28 weeks; widen the terminal for more`.
    func narrow(weeks: Int) -> String { fill(phrases.narrow, ["n": String(weeks)]) }

    /// What an hour slot holds: mean busy minutes, or total busy hours.
    func statistic(_ statistic: HeatmapModel.Statistic) -> String {
        statistic == .mean ? phrases.mean : phrases.sum
    }

    /// The footer's parts, which a narrow terminal puts on lines of their own.
    func footerParts(_ model: HeatmapModel) -> [String] {
        var parts = [fill(phrases.total, ["h": hours(model.totalSeconds)])]
        if let busiest = model.busiest {
            parts.append(fill(phrases.busiest, ["date": busiest.date.description, "h": hours(busiest.seconds)]))
        }
        let free = model.freeWorkingDays
        parts.append(free == 1 ? phrases.freeOne : fill(phrases.free, ["n": String(free)]))
        return parts
    }

    func fill(_ template: String, _ values: [String: String]) -> String {
        var text = template
        for (name, value) in values { text = text.replacingOccurrences(of: "{" + name + "}", with: value) }
        return text
    }
}
