import EventModel

/// Sets of instants as sorted lists of half-open intervals that neither
/// overlap nor touch: the arithmetic of free and busy time.
package enum IntervalSet {
    /// The union of intervals given in any order, overlapping or not; empty
    /// intervals are dropped, touching ones joined.
    package static func union(_ intervals: [Range<Instant>]) -> [Range<Instant>] {
        var result: [Range<Instant>] = []
        for interval in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) where !interval.isEmpty {
            if let last = result.last, interval.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, interval.upperBound)
            } else {
                result.append(interval)
            }
        }
        return result
    }

    /// `set` with every interval widened by `margin` milliseconds on both
    /// sides (kept within years 1 to 9999), joined where they now meet.
    package static func widened(_ set: [Range<Instant>], by margin: Int64) -> [Range<Instant>] {
        guard margin > 0 else { return set }
        return union(set.map { interval in
            max(Instant.earliest, interval.lowerBound.adding(milliseconds: -margin))
                ..< min(Instant.latest, interval.upperBound.adding(milliseconds: margin))
        })
    }

    /// The part of `set` inside `interval`, for a sorted `set`: found by
    /// binary search, so its cost is that of the part.
    package static func clip(_ set: [Range<Instant>], to interval: Range<Instant>) -> [Range<Instant>] {
        var result: [Range<Instant>] = []
        var index = firstEnding(after: interval.lowerBound, in: set)
        while index < set.count && set[index].lowerBound < interval.upperBound {
            let low = max(set[index].lowerBound, interval.lowerBound), high = min(set[index].upperBound, interval.upperBound)
            if low < high { result.append(low..<high) }
            index += 1
        }
        return result
    }

    /// `interval` less a sorted set: the gaps, in order.
    package static func subtract(_ set: [Range<Instant>], from interval: Range<Instant>) -> [Range<Instant>] {
        var result: [Range<Instant>] = []
        var cursor = interval.lowerBound
        for taken in clip(set, to: interval) {
            if cursor < taken.lowerBound { result.append(cursor..<taken.lowerBound) }
            cursor = max(cursor, taken.upperBound)
        }
        if cursor < interval.upperBound { result.append(cursor..<interval.upperBound) }
        return result
    }

    /// `a` less `b`, both sorted sets.
    package static func subtract(_ b: [Range<Instant>], from a: [Range<Instant>]) -> [Range<Instant>] {
        a.flatMap { subtract(b, from: $0) }
    }

    /// What `a` and `b`, both sorted sets, have in common.
    package static func intersect(_ a: [Range<Instant>], _ b: [Range<Instant>]) -> [Range<Instant>] {
        a.flatMap { clip(b, to: $0) }
    }

    /// Total length in milliseconds.
    package static func milliseconds(_ set: [Range<Instant>]) -> Int64 {
        set.reduce(0) { $0 + $1.upperBound.milliseconds - $1.lowerBound.milliseconds }
    }

    /// The index of the first interval of a sorted set that ends after `instant`.
    private static func firstEnding(after instant: Instant, in set: [Range<Instant>]) -> Int {
        var low = 0, high = set.count
        while low < high {
            let mid = (low + high) / 2
            if set[mid].upperBound > instant { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
