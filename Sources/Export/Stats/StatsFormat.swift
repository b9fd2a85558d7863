import EventModel
import Foundation
import Statistics

/// How the stats view writes its numbers and dates in one locale: hours
/// with the locale's decimal separator (`12.5 h`, `12,5 h`), percentages
/// as the locale spaces them (`31%`, `31 %`), periods in the locale's
/// short dates (`Nov 23 – 29`, `23.–29. Nov.`, `11月23日～29日`).
struct StatsFormat {
    let words: StatsWords
    private let tenths: NumberFormatter
    private let whole: NumberFormatter
    private let percent: NumberFormatter
    private let interval: DateIntervalFormatter
    private let month: DateFormatter
    private let day: DateFormatter
    private let window: DateIntervalFormatter

    init(identifier: String) {
        let locale = Locale(identifier: identifier)
        let utc = TimeZone(identifier: "UTC")!
        words = StatsWords(identifier: identifier)
        func numbers(_ style: NumberFormatter.Style, fraction: Int) -> NumberFormatter {
            let formatter = NumberFormatter()
            formatter.locale = locale
            formatter.numberStyle = style
            formatter.minimumFractionDigits = fraction
            formatter.maximumFractionDigits = fraction
            // Half up, as a person rounds by hand: 6.25 h reads as 6.3 h.
            formatter.roundingMode = .halfUp
            return formatter
        }
        tenths = numbers(.decimal, fraction: 1)
        whole = numbers(.decimal, fraction: 0)
        percent = numbers(.percent, fraction: 0)
        func dates(_ template: String) -> DateFormatter {
            let formatter = DateFormatter()
            (formatter.locale, formatter.timeZone) = (locale, utc)
            formatter.setLocalizedDateFormatFromTemplate(template)
            return formatter
        }
        func intervals(_ template: String) -> DateIntervalFormatter {
            let formatter = DateIntervalFormatter()
            (formatter.locale, formatter.timeZone, formatter.dateTemplate) = (locale, utc, template)
            return formatter
        }
        interval = intervals("MMMd")
        window = intervals("yMMMd")
        month = dates("yMMM")
        day = dates("EEEMMMd")
    }

    /// `12.5 h` (always one decimal, so that a column's figures line up),
    /// `0 h` for none at all.
    func hours(_ seconds: Int) -> String {
        seconds == 0 ? "0 h" : plain(tenths.string(from: NSNumber(value: Double(seconds) / 3600))!) + " h"
    }

    /// The focus threshold as a person writes it: `2 h`, `1,5 h`, `90 min`.
    func threshold(_ seconds: Int) -> String {
        if seconds % 3600 == 0 || seconds > 3600 && seconds % 360 == 0 {
            return plain((seconds % 3600 == 0 ? whole : tenths).string(from: NSNumber(value: Double(seconds) / 3600))!) + " h"
        }
        return count((seconds + 30) / 60) + " min"
    }

    func count(_ value: Int) -> String { plain(whole.string(from: NSNumber(value: value))!) }

    /// `31%`; `–` where there is nothing to share (no working time).
    func share(_ value: Double?) -> String {
        guard let value else { return "–" }
        return plain(percent.string(from: NSNumber(value: value))!)
    }

    /// `↑ 12%`, `↓ 3%`, `→ 0%` under half a percent; `—` without a trend.
    func trend(_ change: Double?) -> String {
        guard let change else { return "—" }
        let rounded = (change * 100).rounded()
        let arrow = rounded > 0 ? "↑" : rounded < 0 ? "↓" : "→"
        return arrow + " " + share(abs(rounded) / 100)
    }

    /// A period as the table's first column shows it: a week's dates
    /// (`Nov 23 – 29`), a whole month's name (`Nov 2026`), a day with its
    /// weekday (`Mon, Nov 23`); a cut period its dates, marked `*`.
    func period(_ period: StatsPeriod, grouping: StatsGrouping) -> String {
        let text: String
        switch grouping {
        case .day: text = day.string(from: Self.noon(period.start))
        case .month where !period.partial: text = month.string(from: Self.noon(period.start))
        case .week, .month: text = interval.string(from: Self.noon(period.start), to: Self.noon(period.end))
        }
        return plain(text) + (period.partial ? " *" : "")
    }

    /// `Sep 7 – Nov 29, 2026`.
    func window(from: LocalDate, to: LocalDate) -> String {
        plain(window.string(from: Self.noon(from), to: Self.noon(to)))
    }

    /// Midday of a local date as a UTC instant: the formatters' zone is UTC,
    /// and noon keeps any rounding from reaching the day before.
    private static func noon(_ date: LocalDate) -> Date {
        Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400 + 43_200))
    }

    /// ICU's narrow and no-break spaces as plain ones, as the agenda writes them.
    private func plain(_ text: String) -> String { AgendaLocale.plainSpaces(text) }
}
