import EventModel
import Settle

/// A stretch of merged busy time, as a VFREEBUSY's FREEBUSY line holds it.
public struct BusyPeriod: Sendable, Equatable {
    public var start: Instant
    /// Exclusive.
    public var end: Instant
    /// Every busy occurrence covering it is tentative (`FBTYPE=BUSY-TENTATIVE`);
    /// otherwise at least one is not (`FBTYPE=BUSY`).
    public var tentative: Bool

    package init(start: Instant, end: Instant, tentative: Bool) {
        self.start = start
        self.end = end
        self.tentative = tentative
    }

    package var milliseconds: Int64 { end.milliseconds - start.milliseconds }
}

extension Settlement {
    /// The window's busy time as periods in order that neither overlap nor
    /// touch unless their kinds differ: where some busy occurrence covering
    /// a time is not tentative, `BUSY`; where every one is, `BUSY-TENTATIVE`.
    /// Their union is exactly the days' busy time (`busyTime`), so busy
    /// seconds per day read back from them are the same. Periods run
    /// across midnight; they are cut only at the window's edges.
    ///
    /// Needs the occurrences (`SettleOptions.keepOccurrences`) to tell
    /// tentative time apart; without them every period is `BUSY`.
    public var busyPeriods: [BusyPeriod] {
        let busy = busyTime
        var tentative: [Range<Instant>] = [], firm: [Range<Instant>] = []
        for settled in occurrences where settled.busy {
            let spans = settled.isAllDay ? dayIntervals(from: settled.firstDate, to: settled.lastDate)
                : settled.startUTC < settled.endUTC ? [settled.startUTC..<settled.endUTC] : []
            if settled.event.status == .tentative { tentative += spans } else { firm += spans }
        }
        let onlyTentative = IntervalSet.intersect(busy, IntervalSet.subtract(IntervalSet.union(firm), from: IntervalSet.union(tentative)))
        let definite = IntervalSet.subtract(onlyTentative, from: busy)
        return (definite.map { BusyPeriod(start: $0.lowerBound, end: $0.upperBound, tentative: false) }
                + onlyTentative.map { BusyPeriod(start: $0.lowerBound, end: $0.upperBound, tentative: true) })
            .sorted { $0.start < $1.start }
    }

    /// The intervals of the window's dates from `first` to `last`.
    package func dayIntervals(from first: LocalDate, to last: LocalDate) -> [Range<Instant>] {
        let low = max(0, Int(first.daysSinceEpoch - from.daysSinceEpoch))
        let high = min(days.count - 1, Int(last.daysSinceEpoch - from.daysSinceEpoch))
        guard low <= high else { return [] }
        return days[low...high].flatMap(\.intervals)
    }
}
