import EventModel

/// Places occurrences on the window's time line and day grid: each gets
/// its UTC span (floating times and dates read through the viewer's
/// timeline), its first and last local dates, whether it is busy, and the
/// ranges of the window's days it lands on.
struct Placer {
    let grid: DayGrid
    let timeline: ZoneTimeline
    let options: SettleOptions

    func place(_ occurrence: Occurrence) -> SettledOccurrence {
        let start = Placer.utc(occurrence.start, timeline)
        let end = max(start, Placer.utc(occurrence.end, timeline))
        let first: LocalDate, last: LocalDate
        if case .date(let startDate) = occurrence.start {
            first = startDate
            if case .date(let endDate) = occurrence.end, endDate > startDate { last = endDate.adding(days: -1) }
            else { last = startDate }
        } else {
            first = timeline.localDate(of: start)
            last = end > start ? timeline.localDate(of: end.adding(milliseconds: -1)) : first
        }
        return SettledOccurrence(occurrence: occurrence, startUTC: start, endUTC: end,
                                 busy: BusyPolicy.isBusy(occurrence, options: options), firstDate: first, lastDate: last)
    }

    /// The window's days an occurrence lands on, as ranges of day indices:
    /// an all-day one on its dates, a zero-length one on the date of its
    /// start, any other on every day whose time it overlaps.
    func dayRanges(_ occurrence: SettledOccurrence) -> [ClosedRange<Int>] {
        let windowStart = options.from.daysSinceEpoch, windowEnd = options.to.daysSinceEpoch
        if occurrence.isAllDay || occurrence.startUTC == occurrence.endUTC {
            let low = max(occurrence.firstDate.daysSinceEpoch, windowStart)
            let high = min(occurrence.isAllDay ? occurrence.lastDate.daysSinceEpoch : occurrence.firstDate.daysSinceEpoch, windowEnd)
            return low <= high ? [Int(low - windowStart)...Int(high - windowStart)] : []
        }
        return grid.days(overlapping: occurrence.startUTC, occurrence.endUTC)
    }

    static func utc(_ time: EventTime, _ timeline: ZoneTimeline) -> Instant {
        switch time {
        case .instant(let instant, _): instant
        case .floating(let local): timeline.instant(forFloating: local)
        case .date(let date): timeline.instant(forFloating: LocalDateTime(date: date, hour: 0, minute: 0, second: 0)!)
        }
    }

    /// Keeps `time` within years 1 to 9999 (the years we print, and those
    /// of our JSON schemas): an instant also on its own zone's wall clock.
    /// Dates are clamped here, where settling computes them (an end from a
    /// DURATION of two million years), so that no output sees them.
    /// False when it had to move.
    static func clamp(_ time: inout EventTime) -> Bool {
        let first = LocalDateTime(date: LocalDate(year: 1, month: 1, day: 1)!, hour: 0, minute: 0, second: 0)!
        let last = LocalDateTime(date: LocalDate(year: 9999, month: 12, day: 31)!, hour: 23, minute: 59, second: 59)!
        switch time {
        case .instant(let instant, let zone):
            guard instant < Instant.earliest.adding(seconds: 2 * 86_400) || instant > Instant.latest.adding(seconds: -2 * 86_400)
            else { return true }
            let low = max(Instant.earliest, (zone ?? .utc).instant(for: first))
            let high = min(Instant.latest, (zone ?? .utc).instant(for: last))
            let clamped = min(max(instant, low), high)
            guard clamped != instant else { return true }
            time = .instant(clamped, zone: zone)
        case .floating(let local):
            guard local < first || local > last else { return true }
            time = .floating(local < first ? first : last)
        case .date(let date):
            guard date.year < 1 || date.year > 9999 else { return true }
            time = .date(date.year < 1 ? first.date : last.date)
        }
        return false
    }
}
