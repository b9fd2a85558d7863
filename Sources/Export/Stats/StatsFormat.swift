import EventModel
import Foundation
import Statistics

/// How the stats view writes its numbers and dates in one locale: hours
/// with the locale's decimal separator (`12.5 h`, `12,5 h`), percentages
/// as the locale spaces them (`31%`, `31 %`), periods in the locale's
/// short dates (`Nov 23 – 29`, `23.–29. Nov.`, `11月23日～29日`).
struct StatsFormat {
    let words: StatsWords
    /// The locale's decimal and thousands separators (plain spaces).
    private let decimal: String
    private let grouping: String
    private let percent: NumberFormatter
    private let interval: DateIntervalFormatter
    private let month: DateFormatter
    private let day: DateFormatter
    private let window: DateIntervalFormatter

    init(identifier: String) {
        let locale = Locale(identifier: identifier)
        let utc = TimeZone(identifier: "UTC")!
        words = StatsWords(identifier: identifier)
        decimal = AgendaLocale.plainSpaces(locale.decimalSeparator ?? ".")
        grouping = AgendaLocale.plainSpaces(locale.groupingSeparator ?? ",")
        percent = NumberFormatter()
        percent.locale = locale
        percent.numberStyle = .percent
        percent.maximumFractionDigits = 0
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

    /// `12.5 h`, `1,234.0 h`, `12,5 h`: always one decimal, so that a
    /// column's figures line up; `0 h` for none at all.
    func hours(_ seconds: Int) -> String {
        guard seconds != 0 else { return "0 h" }
        let tenths = Int((Double(seconds) / 360).rounded())
        return count(tenths / 10) + decimal + String(tenths % 10) + " h"
    }

    /// The focus threshold as a person writes it: `2 h`, `1,5 h`, `90 min`.
    func threshold(_ seconds: Int) -> String {
        guard seconds > 3600 || seconds % 3600 == 0 else { return count((seconds + 30) / 60) + " min" }
        let tenths = Int((Double(seconds) / 360).rounded())
        return count(tenths / 10) + (tenths % 10 == 0 ? "" : decimal + String(tenths % 10)) + " h"
    }

    /// A whole number with the locale's thousands separator: `1,234`, `1.234`.
    func count(_ value: Int) -> String {
        let digits = Array(String(abs(value)))
        var out = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += grouping }
            out.append(digit)
        }
        return out
    }

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
