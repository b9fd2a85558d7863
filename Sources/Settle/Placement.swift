import EventModel

/// Places occurrences on the window's time line and day grid: each gets
/// its UTC span (floating times and dates read through the viewer's
/// timeline), its first and last local dates, whether it is busy, and the
/// ranges of the window's days it lands on.
struct Placer {
    let grid: DayGrid
    let timeline: ZoneTimeline
    let options: SettleOptions
    /// Whether `options.filter` leaves any event out, asked once rather
    /// than of every occurrence.
    let filters: Bool
    /// Makes each piece's counter, when occurrences are counted rather than kept.
    let makeCounter: (@Sendable () -> any OccurrenceCounter)?

    init(grid: DayGrid, timeline: ZoneTimeline, options: SettleOptions,
         makeCounter: (@Sendable () -> any OccurrenceCounter)? = nil) {
        self.grid = grid
        self.timeline = timeline
        self.options = options
        filters = !options.filter.isEmpty
        self.makeCounter = makeCounter
    }

    @inline(__always) func place(_ occurrence: consuming Occurrence, memo: inout ZoneOffsetMemo) -> SettledOccurrence {
        let start = Placer.utc(occurrence.start, timeline)
        let end = max(start, Placer.utc(occurrence.end, timeline))
        let first: Int64, last: Int64
        if case .date(let startDate) = occurrence.start {
            first = startDate.daysSinceEpoch
            if case .date(let endDate) = occurrence.end, endDate > startDate { last = endDate.daysSinceEpoch - 1 }
            else { last = first }
        } else {
            first = timeline.localDay(of: start, memo: &memo)
            last = end > start ? timeline.localDay(of: end.adding(milliseconds: -1), memo: &memo) : first
        }
        // The occurrence moves into its settled form, uncopied (its record not retained again).
        let busy = BusyPolicy.isBusy(occurrence, options: options)
        return SettledOccurrence(occurrence: occurrence, startUTC: start, endUTC: end,
                                 busy: busy, firstDay: first, lastDay: last)
    }

    /// The window's days an occurrence lands on, as ranges of day indices:
    /// an all-day one on its dates, a zero-length one on the date of its
    /// start, any other on every day whose time it overlaps.
    func dayRanges(_ occurrence: SettledOccurrence) -> DayGrid.LandedDays? {
        if occurrence.isAllDay || occurrence.startUTC == occurrence.endUTC {
            let windowStart = options.from.daysSinceEpoch, windowEnd = options.to.daysSinceEpoch
            let first = Int64(occurrence.firstDay)
            let low = max(first, windowStart)
            let high = min(occurrence.isAllDay ? Int64(occurrence.lastDay) : first, windowEnd)
            return low <= high ? DayGrid.LandedDays(first: Int(low - windowStart)...Int(high - windowStart)) : nil
        }
        return grid.days(overlapping: occurrence.startUTC, occurrence.endUTC)
    }

    /// Whether `dayRanges` finds any day, without finding which: a list
    /// of occurrences shows no day, so finding which is wasted work.
    @inline(__always) func landsOnAnyDay(_ occurrence: borrowing SettledOccurrence) -> Bool {
        if occurrence.isAllDay || occurrence.startUTC == occurrence.endUTC { return dayRanges(occurrence) != nil }
        return grid.overlapsAnyDay(occurrence.startUTC, occurrence.endUTC)
    }

    static func utc(_ time: EventTime, _ timeline: ZoneTimeline) -> Instant {
        switch time {
        case .instant(let instant, _): instant
        case .floating(let local): timeline.instant(forFloating: local)
        case .date(let date): timeline.instant(forFloating: LocalDateTime(date: date, hour: 0, minute: 0, second: 0)!)
        }
    }
}
