import EventModel
import Settle

/// The numbers behind a heatmap, from a settled window: busy time and
/// events per local day, and busy time per weekday and wall-clock hour.
public struct HeatmapModel: Sendable {
    public struct Day: Sendable {
        public var date: LocalDate
        public var seconds: Double
        public var events: Int
        public var level: Int
    }

    public struct Slot: Sendable {
        /// ISO weekday.
        public var weekday: Int
        public var hour: Int
        /// Mean (per such weekday in the window) or total busy seconds.
        public var seconds: Double
        public var level: Int
    }

    public enum Statistic: String, Sendable, CaseIterable {
        case mean, total
    }

    public let from: LocalDate
    public let to: LocalDate
    public let zones: [String]
    public let days: [Day]
    public let dayScale: HeatmapScale

    public init(_ settlement: Settlement, scale: HeatmapScale.Kind) {
        from = settlement.from
        to = settlement.to
        var zones: [String] = []
        for day in settlement.days { for zone in day.zones where !zones.contains(zone.id) { zones.append(zone.id) } }
        self.zones = zones
        let values = settlement.days.map { Double($0.busyMilliseconds) / 1000 }
        let dayScale = HeatmapScale(scale, values: values)
        self.dayScale = dayScale
        days = settlement.days.map { day in
            let seconds = Double(day.busyMilliseconds) / 1000
            return Day(date: day.date, seconds: seconds, events: day.eventCount, level: dayScale.level(seconds))
        }
    }

    /// Year and month of every month the range touches, in order.
    public var months: [(year: Int, month: Int)] {
        var result: [(year: Int, month: Int)] = []
        var year = from.year, month = from.month
        while (year, month) <= (to.year, to.month) {
            result.append((year, month))
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
        }
        return result
    }

    public func day(_ date: LocalDate) -> Day? {
        let index = Int(date.daysSinceEpoch - from.daysSinceEpoch)
        return days.indices.contains(index) ? days[index] : nil
    }

    public var totalSeconds: Double { days.reduce(0) { $0 + $1.seconds } }

    /// The busiest day (the earliest of equals), if any day was busy.
    public var busiest: Day? {
        days.reduce(nil) { best, day in day.seconds > (best?.seconds ?? 0) ? day : best }
    }

    /// Monday to Friday with no busy time at all.
    public var freeWorkingDays: Int {
        days.filter { $0.date.weekday <= 5 && $0.seconds == 0 }.count
    }

    /// Busy time by weekday and wall-clock hour of the zone in force: a
    /// repeated hour (DST ends, a westward trip) adds to its slot twice, a
    /// skipped hour gets nothing. `mean` divides by the number of such
    /// weekdays in the window.
    public static func slots(_ settlement: Settlement, statistic: Statistic, scale: HeatmapScale.Kind) -> (slots: [Slot], scale: HeatmapScale) {
        var totals = Array(repeating: Array(repeating: 0.0, count: 24), count: 8)
        var weekdays = Array(repeating: 0, count: 8)
        let timeline = settlement.timeline
        for day in settlement.days {
            weekdays[day.date.weekday] += 1
            for interval in day.busyIntervals {
                var time = interval.lowerBound
                while time < interval.upperBound {
                    let local = timeline.local(time)
                    var end = time.adding(seconds: Int64(3600 - local.minute * 60 - local.second))
                    if let change = timeline.changes.first(where: { $0.at > time }), change.at < end { end = change.at }
                    end = min(end, interval.upperBound)
                    totals[local.date.weekday][local.hour] += Double(end.milliseconds - time.milliseconds) / 1000
                    time = end
                }
            }
        }
        var values: [(Int, Int, Double)] = []
        for weekday in 1...7 {
            for hour in 0..<24 {
                let total = totals[weekday][hour]
                let value = statistic == .total ? total : (weekdays[weekday] > 0 ? total / Double(weekdays[weekday]) : 0)
                values.append((weekday, hour, value))
            }
        }
        let slotScale = HeatmapScale(scale, values: values.map(\.2))
        return (values.map { Slot(weekday: $0.0, hour: $0.1, seconds: $0.2, level: slotScale.level($0.2)) }, slotScale)
    }
}

/// Where each date goes in the year grid: weeks as columns, weekdays as
/// rows starting on `weekStart` (ISO weekday), month labels over the week
/// where each month starts.
public struct YearLayout: Sendable {
    public let from: LocalDate
    public let to: LocalDate
    public let weekStart: Int
    /// The first day of the first column (on or before `from`).
    public let origin: LocalDate
    public let columns: Int

    public init(from: LocalDate, to: LocalDate, weekStart: Int) {
        self.from = from
        self.to = to
        self.weekStart = weekStart
        origin = from.adding(days: -((from.weekday - weekStart + 7) % 7))
        columns = Int((to.daysSinceEpoch - origin.daysSinceEpoch) / 7) + 1
    }

    public func position(of date: LocalDate) -> (column: Int, row: Int) {
        (Int((date.daysSinceEpoch - origin.daysSinceEpoch) / 7), (date.weekday - weekStart + 7) % 7)
    }

    /// The ISO weekday shown in `row`.
    public func weekday(ofRow row: Int) -> Int { (weekStart - 1 + row) % 7 + 1 }

    public func date(column: Int, row: Int) -> LocalDate? {
        let date = origin.adding(days: column * 7 + row)
        return date >= from && date <= to ? date : nil
    }

    /// Month labels: the column holding each month's first day, and the
    /// first column's month when its first day lies before the range. A
    /// label closer than `gap` columns to the next one is dropped.
    public func monthLabels(gap: Int) -> [(column: Int, year: Int, month: Int)] {
        var labels: [(column: Int, year: Int, month: Int)] = [(0, from.year, from.month)]
        var month = LocalDate(year: from.year, month: from.month, day: 1)!
        while true {
            let next = month.month == 12 ? LocalDate(year: month.year + 1, month: 1, day: 1)
                                         : LocalDate(year: month.year, month: month.month + 1, day: 1)
            guard let next, next <= to else { break }
            month = next
            let column = position(of: next).column
            if let last = labels.last, column - last.column < gap { labels.removeLast() }
            labels.append((column, next.year, next.month))
        }
        return labels
    }
}

/// A month as a wall calendar: rows of seven days from `weekStart`.
public struct MonthLayout: Sendable {
    public let year: Int
    public let month: Int
    public let weekStart: Int
    /// Each row: seven cells, nil outside the month.
    public let rows: [[LocalDate?]]

    public init(year: Int, month: Int, weekStart: Int) {
        self.year = year
        self.month = month
        self.weekStart = weekStart
        let first = LocalDate(year: year, month: month, day: 1)!
        let length = LocalDate.daysIn(month: month, year: year)
        let lead = (first.weekday - weekStart + 7) % 7
        var rows: [[LocalDate?]] = []
        var row: [LocalDate?] = Array(repeating: nil, count: lead)
        for day in 1...length {
            row.append(LocalDate(year: year, month: month, day: day))
            if row.count == 7 { rows.append(row); row = [] }
        }
        if !row.isEmpty { rows.append(row + Array(repeating: nil, count: 7 - row.count)) }
        self.rows = rows
    }

    /// The ISO week number of a row: that of its Thursday, or, in a week
    /// that does not start on Monday, of the row's Monday.
    public func weekNumber(ofRow index: Int) -> Int {
        let row = rows[index]
        let any = row.enumerated().first { $0.element != nil }!
        let start = any.element!.adding(days: -any.offset)
        let anchor = weekStart == 1 ? start.adding(days: 3) : start.adding(days: (1 - weekStart + 7) % 7)
        return MonthLayout.isoWeek(anchor)
    }

    /// ISO 8601 week number.
    public static func isoWeek(_ date: LocalDate) -> Int {
        let thursday = date.adding(days: 4 - date.weekday)
        let january1 = LocalDate(year: thursday.year, month: 1, day: 1)!
        return Int((thursday.daysSinceEpoch - january1.daysSinceEpoch) / 7) + 1
    }
}
