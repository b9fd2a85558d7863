import EventModel

/// The window's local days as one list of intervals sorted by time, so that
/// the days an occurrence lands on are found by a search from a guess (a
/// day a piece), galloping then halving: placing costs
/// the same for an occurrence of an hour and one of two hundred years
/// (README, "Work budget").
///
/// Without travel, day `i` is one interval and the days an occurrence
/// overlaps are one range of indices. A travelling viewer's timeline
/// breaks the list into a few runs of consecutive days: flying west
/// across midnight repeats a date (its two intervals fall in two runs),
/// flying east across the date line skips one (it has no interval). An
/// occurrence then covers a range of days per run it touches; ranges are
/// merged, so a repeated date counts once.
struct DayGrid {
    struct Piece {
        var lower: Instant
        var upper: Instant
        var day: Int
    }

    /// Every interval of every day, sorted (they never overlap).
    let pieces: [Piece]
    /// Indices in `pieces` where a run of consecutive days starts.
    let runStarts: [Int]
    /// The window's time when its days are one run of intervals, each
    /// ending where the next starts (always without travel, unless the
    /// zone skips a date): then an occurrence lands on some day exactly
    /// when it overlaps this.
    let span: Range<Instant>?

    init(days: [LocalDay]) {
        var pieces: [Piece] = []
        pieces.reserveCapacity(days.count)
        for (index, day) in days.enumerated() {
            for interval in day.intervals where interval.lowerBound < interval.upperBound {
                pieces.append(Piece(lower: interval.lowerBound, upper: interval.upperBound, day: index))
            }
        }
        // Already in order without travel.
        if !zip(pieces, pieces.dropFirst()).allSatisfy({ $0.lower < $1.lower }) {
            pieces.sort { $0.lower < $1.lower }
        }
        var runStarts: [Int] = pieces.isEmpty ? [] : [0]
        var touching = true
        for index in pieces.indices.dropFirst() {
            if pieces[index].day != pieces[index - 1].day + 1 { runStarts.append(index) }
            if pieces[index].lower != pieces[index - 1].upper { touching = false }
        }
        self.pieces = pieces
        self.runStarts = runStarts
        if let first = pieces.first, let last = pieces.last, runStarts.count == 1 && touching {
            span = first.lower..<last.upper
        } else {
            span = nil
        }
    }

    /// The day indices whose intervals overlap [start, end), for `start <
    /// end`: one range, and more (in order, not overlapping) only when a
    /// travelling viewer's days come in several runs. No array is made for
    /// the one range (this runs once per occurrence).
    func days(overlapping start: Instant, _ end: Instant) -> LandedDays? {
        guard let origin = pieces.first?.lower.milliseconds else { return nil }
        // First piece ending after start; first piece starting at or after
        // end. Searched from where a day a piece puts them (pieces are
        // mostly whole days), a few steps rather than a binary search of
        // the whole window.
        let first = partition(near: (start.milliseconds &- origin) / 86_400_000) { $0.upper > start }
        let guess = Int64(first) &+ (end.milliseconds &- start.milliseconds) / 86_400_000
        let last = partition(near: guess) { $0.lower >= end } - 1
        guard first <= last else { return nil }
        if runStarts.count == 1 { return LandedDays(first: pieces[first].day...pieces[last].day) }
        let ranges = runs(first, last)
        return LandedDays(first: ranges[0], more: Array(ranges.dropFirst()))
    }

    /// Whether [start, end) overlaps any day's time, for `start < end`:
    /// `days(overlapping:)` is not nil.
    @inline(__always) func overlapsAnyDay(_ start: Instant, _ end: Instant) -> Bool {
        if let span { return start < span.upperBound && end > span.lowerBound }
        return days(overlapping: start, end) != nil
    }

    /// The first index of `pieces` whose piece passes `test` (`pieces.count`
    /// when none does), for a test that, once true, stays true along the
    /// list: galloping from `guess` to bracket the answer, then a binary
    /// search within the bracket. As exact as a binary search of the whole
    /// list; a guess `d` pieces off costs about 2 log2(d) tests.
    func partition(near guess: Int64, _ test: (Piece) -> Bool) -> Int {
        let count = pieces.count
        guard count > 0 else { return 0 }
        let start = Int(max(0, min(guess, Int64(count - 1))))
        // The answer lies in low+1 ... high (low may be -1, high may be count).
        var low: Int, high: Int, step = 1
        if test(pieces[start]) {
            high = start
            low = start - 1
            while low >= 0 && test(pieces[low]) {
                high = low
                step &*= 2
                low = high - step
            }
            low = max(low, -1)
        } else {
            low = start
            high = start + 1
            while high < count && !test(pieces[high]) {
                low = high
                step &*= 2
                high = low + step
            }
            high = min(high, count)
        }
        var lower = low + 1
        while lower < high {
            let mid = (lower + high) / 2
            if test(pieces[mid]) { high = mid } else { lower = mid + 1 }
        }
        return lower
    }

    /// The day ranges of pieces `first...last` across runs of days, merged.
    private func runs(_ first: Int, _ last: Int) -> [ClosedRange<Int>] {
        // The run holding `first`, then each run up to `last`.
        var run = 0
        var lowRun = 0, highRun = runStarts.count
        while lowRun < highRun {
            let mid = (lowRun + highRun) / 2
            if runStarts[mid] <= first { run = mid; lowRun = mid + 1 } else { highRun = mid }
        }
        var ranges: [ClosedRange<Int>] = []
        while run < runStarts.count && runStarts[run] <= last {
            let runEnd = run + 1 < runStarts.count ? runStarts[run + 1] - 1 : pieces.count - 1
            let a = max(runStarts[run], first), b = min(runEnd, last)
            ranges.append(pieces[a].day...pieces[b].day)
            run += 1
        }
        guard ranges.count > 1 else { return ranges }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Int>] = []
        for range in ranges {
            if let previous = merged.last, range.lowerBound <= previous.upperBound + 1 {
                merged[merged.count - 1] = previous.lowerBound...max(previous.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// The days an occurrence lands on (`days(overlapping:)`).
    struct LandedDays {
        var first: ClosedRange<Int>
        /// Further ranges, after `first`: empty unless the viewer travels.
        var more: [ClosedRange<Int>] = []
    }

    /// Busy time per day by one sweep: `busy` (any order, overlapping) is
    /// merged into a union once, then cut at each day's intervals.
    func clip(_ busy: [Range<Instant>], days: Int) -> [[Range<Instant>]] {
        let union = DayGrid.union(busy)
        var result = Array(repeating: [Range<Instant>](), count: days)
        guard !union.isEmpty else { return result }
        for piece in pieces {
            // First union interval ending after the piece starts.
            var low = 0, high = union.count
            while low < high {
                let mid = (low + high) / 2
                if union[mid].upperBound > piece.lower { high = mid } else { low = mid + 1 }
            }
            var index = low
            while index < union.count && union[index].lowerBound < piece.upper {
                let a = max(union[index].lowerBound, piece.lower), b = min(union[index].upperBound, piece.upper)
                if a < b { result[piece.day].append(a..<b) }
                index += 1
            }
        }
        return result
    }

    /// Every local date from `from` to `to` with its intervals and zones
    /// on `timeline`, nothing placed yet.
    static func days(from: LocalDate, to: LocalDate, timeline: ZoneTimeline) -> [LocalDay] {
        var days: [LocalDay] = []
        days.reserveCapacity(Int(to.daysSinceEpoch - from.daysSinceEpoch) + 1)
        var date = from
        var memo = ZoneOffsetMemo()
        if timeline.changes.isEmpty {
            // One zone: a date is one interval from its midnight to the
            // next (23 or 25 hours across DST, none for a date the zone
            // skips, as Samoa did 2011-12-30), and every day shares one
            // list of zones, made at their size rather than grown one
            // element at a time.
            let zones = [timeline.base]
            var midnight = timeline.base.instant(forWall: from.daysSinceEpoch * 86_400, memo: &memo)
            while date <= to {
                let next = timeline.base.instant(forWall: (date.daysSinceEpoch + 1) * 86_400, memo: &memo)
                let intervals = midnight < next ? [midnight..<next] : []
                days.append(LocalDay(date: date, intervals: intervals, zones: zones, entries: [], busyIntervals: []))
                midnight = next
                date = date.adding(days: 1)
            }
            return days
        }
        while date <= to {
            let intervals = timeline.intervals(of: date, memo: &memo)
            days.append(LocalDay(date: date, intervals: intervals, zones: timeline.zones(on: date, intervals: intervals),
                                 entries: [], busyIntervals: []))
            date = date.adding(days: 1)
        }
        return days
    }

    /// The union of intervals, in order.
    static func union(_ intervals: [Range<Instant>]) -> [Range<Instant>] {
        var result: [Range<Instant>] = []
        for interval in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, interval.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, interval.upperBound)
            } else {
                result.append(interval)
            }
        }
        return result
    }
}
