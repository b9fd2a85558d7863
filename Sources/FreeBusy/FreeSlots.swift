import EventModel
import Settle

/// A stretch of free time inside working hours on one local date.
public struct FreeSlot: Sendable, Equatable {
    /// The local date whose working hours hold it.
    public var date: LocalDate
    public var start: Instant
    /// Exclusive.
    public var end: Instant

    package init(date: LocalDate, start: Instant, end: Instant) {
        self.date = date
        self.start = start
        self.end = end
    }

    package var milliseconds: Int64 { end.milliseconds - start.milliseconds }
}

/// Free time (docs/semantics.md section 10): working hours less busy time.
package enum FreeTime {
    /// The free slots of `days`, in order of date and time: on each day the
    /// working time (`WorkingHours.intervals(of:timeline:)`) less `busy`
    /// widened by `buffer` milliseconds on both sides, cut into maximal
    /// slots, each kept when it lasts at least `minimum` milliseconds (and
    /// never when it lasts nothing). `busy` may come in any order and
    /// overlap. Busy time that touches a slot's edge ends it; slots end at
    /// each day's end.
    ///
    /// Busy time just outside `days` reaches into them by `buffer`: give
    /// it too (a settlement a day wider than the days asked for).
    package static func slots(days: [LocalDay], timeline: ZoneTimeline, busy: [Range<Instant>],
                             hours: WorkingHours, minimum: Int64, buffer: Int64 = 0) -> [FreeSlot] {
        let taken = IntervalSet.widened(IntervalSet.union(busy), by: buffer)
        var slots: [FreeSlot] = []
        for day in days {
            for working in hours.intervals(of: day, timeline: timeline) {
                for gap in IntervalSet.subtract(taken, from: working) {
                    let length = gap.upperBound.milliseconds - gap.lowerBound.milliseconds
                    if length > 0 && length >= minimum {
                        slots.append(FreeSlot(date: day.date, start: gap.lowerBound, end: gap.upperBound))
                    }
                }
            }
        }
        return slots
    }
}

extension Settlement {
    /// The union of every day's busy time, in order: busy occurrences
    /// (all-day ones with `allDayBusy`) and VFREEBUSY periods, clipped to
    /// the window's days.
    package var busyTime: [Range<Instant>] {
        IntervalSet.union(days.flatMap(\.busyIntervals))
    }

    /// The free slots of the dates in `dates` (default: the whole window),
    /// against this settlement's busy time (`FreeTime.slots`). A buffer
    /// sees busy time only inside the window: settle one day more on each
    /// side than `dates` for a buffer to reach across its edges.
    public func freeSlots(hours: WorkingHours, minimum: Int64, buffer: Int64 = 0,
                          dates: ClosedRange<LocalDate>? = nil) -> [FreeSlot] {
        let wanted = dates.map { range in days.filter { range.contains($0.date) } } ?? days
        return FreeTime.slots(days: wanted, timeline: timeline, busy: busyTime, hours: hours, minimum: minimum, buffer: buffer)
    }
}
