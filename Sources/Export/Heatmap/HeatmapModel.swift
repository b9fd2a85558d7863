import EventModel
import Settle

/// The numbers behind a heatmap, from a settled window: busy time and
/// events per local day, and busy time per weekday and wall-clock hour.
package struct HeatmapModel: Sendable {
    package struct Day: Sendable {
        package var date: LocalDate
        package var seconds: Double
        package var events: Int
        package var level: Int
    }

    package struct Slot: Sendable {
        /// ISO weekday.
        package var weekday: Int
        package var hour: Int
        /// Mean (per such weekday in the window) or total busy seconds.
        package var seconds: Double
        package var level: Int
    }

    package enum Statistic: String, Sendable, CaseIterable {
        case mean, total
    }

    package private(set) var from: LocalDate
    package let to: LocalDate
    package let zones: [String]
    package private(set) var days: [Day]
    package let dayScale: HeatmapScale
    /// Whether all-day events counted as busy (`--all-day-busy`); when not,
    /// a window with events and no busy time says why.
    package var countsAllDay = false

    package init(_ settlement: Settlement, scale: HeatmapScale.Kind) {
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
    package var months: [(year: Int, month: Int)] {
        var result: [(year: Int, month: Int)] = []
        var year = from.year, month = from.month
        while (year, month) <= (to.year, to.month) {
            result.append((year, month))
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
        }
        return result
    }

    /// The model from `date` on: the days a view shows when it has no
    /// room for the earlier ones, so that its figures describe what is
    /// seen. Levels and scale stay those of the whole range.
    package func starting(at date: LocalDate) -> HeatmapModel {
        var shown = self
        shown.from = max(from, date)
        shown.days = Array(days.drop { $0.date < date })
        return shown
    }

    package func day(_ date: LocalDate) -> Day? {
        let index = Int(date.daysSinceEpoch - from.daysSinceEpoch)
        return days.indices.contains(index) ? days[index] : nil
    }

    package var totalSeconds: Double { days.reduce(0) { $0 + $1.seconds } }

    /// The busiest day (the earliest of equals), if any day was busy.
    package var busiest: Day? {
        days.reduce(nil) { best, day in day.seconds > (best?.seconds ?? 0) ? day : best }
    }

    /// Monday to Friday with no busy time at all.
    package var freeWorkingDays: Int {
        days.filter { $0.date.weekday <= 5 && $0.seconds == 0 }.count
    }

    /// Busy time by weekday and wall-clock hour of the zone in force: a
    /// repeated hour (DST ends, a westward trip) adds to its slot twice, a
    /// skipped hour gets nothing. `mean` divides by the number of such
    /// weekdays in the window.
    package static func slots(_ settlement: Settlement, statistic: Statistic, scale: HeatmapScale.Kind) -> (slots: [Slot], scale: HeatmapScale) {
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
