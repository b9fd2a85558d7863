import Statistics

/// The period table of the stats view: one row per period and the total
/// under a rule, in columns that each fit their widest cell. A terminal too
/// narrow for them all keeps the most telling columns and names the rest.
struct StatsTable {
    struct Column {
        let header: String
        /// One cell per period, then the total's.
        let cells: [String]
        /// Lower ranks are kept first when the width runs short.
        let rank: Int

        var width: Int { ([header] + cells).map(TerminalText.width).max() ?? 0 }
    }

    /// The period column, then the figures in reading order.
    let columns: [Column]
    /// Rows dimmed in colour: the partial periods.
    let partial: [Bool]

    /// The columns of a window's statistics, in reading order.
    init(_ stats: Statistics, format: StatsFormat) {
        let words = format.words.column
        let rows = stats.periods.map(\.figures) + [stats.total]
        func hours(_ header: String, _ rank: Int, _ figure: KeyPath<StatsFigures, Int>) -> Column {
            Column(header: header, cells: rows.map { format.hours($0[keyPath: figure]) }, rank: rank)
        }
        let labels = stats.periods.map { format.period($0, grouping: stats.grouping) } + [format.words.total]
        columns = [
            Column(header: format.words.period[stats.grouping] ?? "", cells: labels, rank: 0),
            hours(words.busy, 1, \.busySeconds),
            Column(header: words.share, cells: rows.map { format.share($0.busyShare) }, rank: 2),
            hours(words.working, 11, \.workingSeconds),
            hours(words.meetings, 3, \.meetingSeconds),
            Column(header: words.count, cells: rows.map { format.count($0.meetings) }, rank: 5),
            Column(header: words.recurring, cells: rows.map { format.share(StatsText.recurringShare($0)) }, rank: 10),
            hours(words.focus, 4, \.focusSeconds),
            hours(words.fragmented, 7, \.fragmentedSeconds),
            hours(words.afterHours, 6, \.afterHoursSeconds),
            hours(words.doubleBooked, 8, \.conflictSeconds),
            Column(header: words.meetingFree, cells: rows.map { format.count($0.meetingFreeDays) }, rank: 9),
        ]
        partial = stats.periods.map(\.partial)
    }

    /// Which columns fit `width` with two spaces between them, taken by
    /// rank (a wide column left out may leave room for a narrower one of
    /// a later rank), and which do not; both in reading order.
    func fitting(_ width: Int) -> (shown: [Column], left: [Column]) {
        var used = -2
        var kept = Set<Int>()
        for index in columns.indices.sorted(by: { columns[$0].rank < columns[$1].rank }) {
            let needed = columns[index].width + 2
            if used + needed <= width || kept.isEmpty {
                used += needed
                kept.insert(index)
            }
        }
        let shown = columns.indices.filter(kept.contains).map { columns[$0] }
        let left = columns.indices.filter { !kept.contains($0) }.map { columns[$0] }
        return (shown, left)
    }

    /// The header, a rule, a line per period, a rule and the total; the
    /// first column left-aligned, the figures right-aligned.
    func lines(width: Int, paint: StatsPaint) -> (lines: [String], left: [String]) {
        let (shown, left) = fitting(width)
        let widths = shown.map(\.width)
        func line(_ cells: [String]) -> String {
            let parts = cells.indices.map { index in
                index == 0 ? TerminalText.pad(cells[0], widths[0])
                    : String(repeating: " ", count: max(0, widths[index] - TerminalText.width(cells[index]))) + cells[index]
            }
            return TerminalText.trimmingTrailingSpaces(parts.joined(separator: "  "))
        }
        let rule = paint.dim(String(repeating: "─", count: widths.reduce(0, +) + 2 * (widths.count - 1)))
        var lines = [paint.bold(line(shown.map(\.header))), rule]
        for row in partial.indices {
            let text = line(shown.map { $0.cells[row] })
            lines.append(partial[row] ? paint.dim(text) : text)
        }
        lines.append(rule)
        lines.append(paint.bold(line(shown.map { $0.cells[partial.count] })))
        return (lines, left.map(\.header))
    }
}
