import Statistics

/// The lines under the stats table: one per figure, its name, a sparkline
/// across the periods, its value over the whole window and its trend.
struct StatsFigureLines {
    /// Whether a rise of the figure is good news, bad news or neither: it
    /// picks the trend's colour, never its arrow.
    enum Feel { case neutral, riseGood, riseBad }

    struct Row {
        let label: String
        /// One value per period; nil where the figure means nothing (a
        /// share of no working time).
        let values: [Double?]
        let total: String
        let trend: Double?
        let feel: Feel
        /// The value of a full bar: the largest shown, or for a share all of it.
        var top: Double? = nil
    }

    let rows: [Row]

    init(_ stats: Statistics, format: StatsFormat) {
        let words = format.words.figure
        func seconds(_ label: String, _ figure: KeyPath<StatsFigures, Int>, _ feel: Feel = .neutral) -> Row {
            Row(label: label, values: stats.periods.map { Double($0.figures[keyPath: figure]) },
                total: format.hours(stats.total[keyPath: figure]), trend: stats.trend(of: figure), feel: feel)
        }
        func share(_ label: String, _ value: (StatsFigures) -> Double?) -> Row {
            Row(label: label, values: stats.periods.map { value($0.figures) }, total: format.share(value(stats.total)),
                trend: StatsText.trend(stats, value), feel: .neutral, top: 1)
        }
        func count(_ label: String, _ figure: KeyPath<StatsFigures, Int>, _ feel: Feel) -> Row {
            Row(label: label, values: stats.periods.map { Double($0.figures[keyPath: figure]) },
                total: format.count(stats.total[keyPath: figure]), trend: stats.trend(of: figure), feel: feel)
        }
        rows = [
            seconds(words.busy, \.busySeconds),
            seconds(words.busyWorking, \.busyWorkingSeconds),
            share(words.share, \.busyShare),
            seconds(words.afterHours, \.afterHoursSeconds, .riseBad),
            seconds(words.focus, \.focusSeconds, .riseGood),
            seconds(words.fragmented, \.fragmentedSeconds, .riseBad),
            seconds(words.meetingTime, \.meetingSeconds, .riseBad),
            count(words.meetings, \.meetings, .riseBad),
            share(words.recurring, StatsText.recurringShare),
            seconds(words.doubleBooked, \.conflictSeconds, .riseBad),
            count(words.meetingFree, \.meetingFreeDays, .riseGood),
        ]
    }

    /// A header (`Total`, `Trend`) and a line per figure, within `width`:
    /// the sparklines show the last periods that fit, and say so.
    func lines(width: Int, format: StatsFormat, paint: StatsPaint) -> [String] {
        let words = format.words
        let labelWidth = rows.map { TerminalText.width($0.label) }.max() ?? 0
        let totalWidth = (rows.map(\.total) + [words.total]).map(TerminalText.width).max() ?? 0
        let trends = rows.map { format.trend($0.trend) }
        let trendWidth = (trends + [words.trend]).map(TerminalText.width).max() ?? 0
        let periods = rows.first?.values.count ?? 0
        let room = max(1, width - labelWidth - totalWidth - trendWidth - 6)
        let shown = min(periods, room)
        let sparkHeader = shown < periods
            ? TerminalText.truncated(words.lastPeriods.replacingOccurrences(of: "{n}", with: String(shown)), shown) : ""
        func line(_ label: String, _ spark: String, _ total: String, _ trend: String) -> String {
            TerminalText.pad(label, labelWidth) + "  " + spark + "  "
                + String(repeating: " ", count: totalWidth - TerminalText.width(total)) + total + "  " + trend
        }
        var lines = [paint.bold(TerminalText.trimmingTrailingSpaces(
            line("", TerminalText.pad(sparkHeader, shown), words.total, words.trend)))]
        for (row, trend) in zip(rows, trends) {
            let spark = StatsText.sparkline(Array(row.values.suffix(shown)), top: row.top)
            lines.append(TerminalText.trimmingTrailingSpaces(
                line(row.label, paint.spark(spark), row.total, paint.trend(trend, change: row.trend, feel: row.feel))))
        }
        return lines
    }
}
