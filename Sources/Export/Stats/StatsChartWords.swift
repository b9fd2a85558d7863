import EventModel
import Foundation
import Statistics

/// The words of the statistics chart in one language (English where we
/// have no translation), and how it writes hours, shares and dates.
struct StatsChartWords {
    /// The chart's phrases; `{from}`, `{to}`, `{h}`, `{n}` and the like are filled in.
    struct Phrases: Sendable {
        /// Heading by grouping (week, month, day): `{from}`, `{to}`.
        var title: [StatsGrouping: String]
        /// The picture's description for screen readers.
        var description: String
        /// Legend: meetings, other busy time, focus (`{h}`: the threshold),
        /// fragmented, after hours, the busy share line, partial periods.
        var meetings, otherBusy, focusLegend, fragmented, afterHours, shareLine, partialLegend: String
        /// Over the two axes.
        var hoursAxis, shareAxis: String
        /// Names of the figures in tooltips.
        var busy, working, busyWorking, focus, meetingCount, recurring, conflicts, meetingFreeDays, busyShare: String
        /// Said after a partial period's dates.
        var partial: String
        /// `{busy}`, `{share}`, `{working}`, `{n}`.
        var summary: String
        /// By grouping: the trend of busy time, `{change}`.
        var trend: [StatsGrouping: String]
        var noPeriods, noTime: String
        /// `{label}: {value}`, with the language's spacing.
        var figure: String
        /// `{n}%` or `{n} %`.
        var percent: String
    }

    let phrases: Phrases
    let decimal: String
    let grouping: StatsGrouping
    private let formatter: DateFormatter

    init(_ names: LocaleNames, grouping: StatsGrouping) {
        phrases = StatsChartWords.table[LocaleWords.language(of: names.identifier)] ?? StatsChartWords.english
        decimal = names.words.decimal
        self.grouping = grouping
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: names.identifier)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.setLocalizedDateFormatFromTemplate(grouping == .month ? "yMMM" : "MMMd")
    }

    /// A period under its bar: `Nov 2`, `2 nov.`, `11月2日`; a month with its year.
    func label(_ date: LocalDate) -> String {
        formatter.string(from: Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + 43_200))
    }

    /// `2026-11-02 – 2026-11-08`, a partial period marked.
    func dates(_ period: StatsPeriod) -> String {
        let span = period.start == period.end ? "\(period.start)" : "\(period.start) – \(period.end)"
        return period.partial ? span + " (" + phrases.partial + ")" : span
    }

    /// `0 h`, `45 min`, `12.5 h`: minutes under an hour, where tenths of an
    /// hour would write a short meeting as nothing; seconds under a minute.
    func hours(_ seconds: Int) -> String {
        if seconds == 0 { return "0 h" }
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(Int((Double(seconds) / 60).rounded())) min" }
        return HeatmapFigures.number(Double(seconds) / 3600, decimal: decimal) + " h"
    }

    /// `64%`, `64 %`.
    func percent(_ fraction: Double) -> String {
        fill(phrases.percent, ["n": String(Int((fraction * 100).rounded()))])
    }

    /// `+12%`, `−8%`, `±0%` with an arrow: the direction reads without colour.
    func change(_ fraction: Double) -> String {
        let whole = Int((fraction * 100).rounded())
        let sign = whole > 0 ? "↑ +" : whole < 0 ? "↓ −" : "→ ±"
        return sign + fill(phrases.percent, ["n": String(abs(whole))])
    }

    func figure(_ label: String, _ value: String) -> String {
        fill(phrases.figure, ["label": label, "value": value])
    }

    func fill(_ template: String, _ values: [String: String]) -> String {
        var text = template
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            text = text.replacingOccurrences(of: "{" + name + "}", with: value)
        }
        return text
    }

    /// Every figure of a period, one a line, in the order of the JSON.
    func figures(_ f: StatsFigures) -> [String] {
        let p = phrases
        var lines = [figure(p.busy, hours(f.busySeconds)), figure(p.working, hours(f.workingSeconds)),
                     figure(p.busyWorking, hours(f.busyWorkingSeconds))]
        if let share = f.busyShare { lines.append(figure(p.busyShare, percent(share))) }
        lines += [figure(p.afterHours, hours(f.afterHoursSeconds)), figure(p.focus, hours(f.focusSeconds)),
                  figure(p.fragmented, hours(f.fragmentedSeconds)), figure(p.meetings, hours(f.meetingSeconds)),
                  figure(p.recurring, hours(f.recurringMeetingSeconds)), figure(p.meetingCount, String(f.meetings)),
                  figure(p.conflicts, hours(f.conflictSeconds)), figure(p.meetingFreeDays, String(f.meetingFreeDays))]
        return lines
    }
}
