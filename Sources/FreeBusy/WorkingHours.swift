import EventModel
import Settle

/// When someone works: the same wall-clock hours on each working day
/// (`--hours 09:00-17:00 --workdays Mon-Fri`), read on the clock of the
/// zone in force at that time, so that a traveller's working day moves
/// with them (docs/semantics.md section 10).
///
/// In New York, 09:00–17:00 is 14:00Z–22:00Z on Friday 6 March 2026 and
/// 13:00Z–21:00Z on Monday 9 March, after the clocks sprang forward on
/// Sunday 8 March: eight hours of wall clock on both sides of the change.
/// 00:00–24:00 on 8 March itself is 23 hours, on 1 November 25.
public struct WorkingHours: Sendable, Equatable {
    /// Seconds after local midnight when work starts, 0 ..< 86,400.
    package let start: Int
    /// Seconds after local midnight when work ends (exclusive), after
    /// `start`, at most 86,400 (24:00, the next midnight).
    package let end: Int
    /// ISO weekdays worked: 1 Monday ... 7 Sunday.
    package let workdays: Set<Int>

    /// Nil unless 0 ≤ start < end ≤ 86,400 and every workday is 1 to 7: a
    /// working day is cut at midnight (hours over midnight are two ranges
    /// of two dates, which this does not hold).
    public init?(start: Int, end: Int, workdays: Set<Int>) {
        guard 0 <= start, start < end, end <= 86_400, workdays.allSatisfy({ (1...7).contains($0) }) else { return nil }
        self.start = start
        self.end = end
        self.workdays = workdays
    }

    /// 09:00 to 17:00, Monday to Friday.
    public static let standard = WorkingHours(start: 9 * 3600, end: 17 * 3600, workdays: [1, 2, 3, 4, 5])!

    /// The working time of `date`: the instants of `day` (the date's
    /// intervals on the viewer's timeline) whose wall clock, in the zone in
    /// force at that instant, is within the hours; empty on a day not
    /// worked. A day a change of zone splits is worked on each side on that
    /// side's clock; pieces that meet are joined.
    package func intervals(of day: LocalDay, timeline: ZoneTimeline) -> [Range<Instant>] {
        guard workdays.contains(day.date.weekday), !day.intervals.isEmpty else { return [] }
        let from = LocalDateTime(secondsSinceEpoch: day.date.daysSinceEpoch * 86_400 + Int64(start))
        let to = LocalDateTime(secondsSinceEpoch: day.date.daysSinceEpoch * 86_400 + Int64(end))
        var result: [Range<Instant>] = []
        for interval in day.intervals {
            for segment in timeline.segments {
                if let to = segment.to, to <= interval.lowerBound { continue }
                if let from = segment.from, from >= interval.upperBound { break }
                var low = max(interval.lowerBound, segment.zone.instant(for: from))
                var high = min(interval.upperBound, segment.zone.instant(for: to))
                if let begins = segment.from { low = max(low, begins) }
                if let ends = segment.to { high = min(high, ends) }
                guard low < high else { continue }
                if let last = result.last, last.upperBound >= low {
                    result[result.count - 1] = last.lowerBound..<max(last.upperBound, high)
                } else {
                    result.append(low..<high)
                }
            }
        }
        return result
    }
}
