import EventModel
import Foundation

/// Month and weekday names and the first weekday of a locale (Foundation's
/// tables; the locale comes from `--locale` or the environment).
package struct LocaleNames: Sendable {
    /// Short weekday names by ISO weekday (index 1 Monday ... 7 Sunday).
    let weekdays: [String]
    /// Short month names, index 1 ... 12.
    let months: [String]
    /// ISO weekday a week starts on in this locale.
    package let firstWeekday: Int
    let identifier: String

    package init(identifier: String) {
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
    var words: HeatmapWords { HeatmapWords(identifier: identifier) }

    /// `November 2026`, `November 2026`, `2026年11月`.
    func monthTitle(year: Int, month: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: identifier)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.setLocalizedDateFormatFromTemplate("yMMMM")
        let date = LocalDate(year: year, month: month, day: 15)!
        return formatter.string(from: Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400)))
    }
}
