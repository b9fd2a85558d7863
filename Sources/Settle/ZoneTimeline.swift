import EventModel

/// The viewer's zone over time (docs/semantics.md section 5): a base zone and
/// changes, each in force from its instant on.
package struct ZoneTimeline: Sendable {
    package struct Change: Sendable, Hashable {
        package var at: Instant
        package var zone: Zone

        package init(at: Instant, zone: Zone) {
            self.at = at
            self.zone = zone
        }
    }

    /// A stretch of time with one zone: [from, to), open-ended where nil.
    package struct Segment: Sendable {
        package var from: Instant?
        package var to: Instant?
        package var zone: Zone
    }

    package let base: Zone
    /// In order of time; for equal instants the later one given wins.
    package let changes: [Change]
    package let segments: [Segment]

    package init(base: Zone, changes: [Change] = []) {
        self.base = base
        let sorted = changes.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        // Drop changes that change nothing, and all but the last at one instant.
        var kept: [Change] = []
        var current = base
        for (index, change) in sorted.enumerated() {
            if index + 1 < sorted.count && sorted[index + 1].at == change.at { continue }
            if change.zone == current { continue }
            kept.append(change)
            current = change.zone
        }
        self.changes = kept
        var segments: [Segment] = []
        var from: Instant?
        var zone = base
        for change in kept {
            segments.append(Segment(from: from, to: change.at, zone: zone))
            from = change.at
            zone = change.zone
        }
        segments.append(Segment(from: from, to: nil, zone: zone))
        self.segments = segments
    }

    /// The zone in force at `instant`: without changes, the base, told
    /// where it is asked (each line of `occurrences` asks twice).
    @inlinable package func zone(at instant: Instant) -> Zone {
        changes.isEmpty ? base : zoneAfterChanges(at: instant)
    }

    /// `zone(at:)` with changes: the last one at or before `instant`.
    @usableFromInline func zoneAfterChanges(at instant: Instant) -> Zone {
        var low = 0, high = changes.count
        while low < high {
            let mid = (low + high) / 2
            if changes[mid].at <= instant { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? base : changes[low - 1].zone
    }

    /// The calendar date of `instant` in the zone in force then.
    package func localDate(of instant: Instant) -> LocalDate {
        zone(at: instant).local(instant).date
    }

    /// The same as a day number (days since 1970-01-01), the zone's offset
    /// answered from `memo` (placing a chunk's occurrences keeps one: most
    /// fall in one span of offset).
    @inline(__always) package func localDay(of instant: Instant, memo: inout ZoneOffsetMemo) -> Int64 {
        let offset = zone(at: instant).offset(at: instant, memo: &memo)
        let wall = instant.seconds + Int64(offset)
        return LocalDate.daysSinceEpoch(ofWallSeconds: wall)
    }

    /// The wall-clock time of `instant` in the zone in force then.
    package func local(_ instant: Instant) -> LocalDateTime {
        zone(at: instant).local(instant)
    }

    /// The instant of a floating time: read in the zone in force at that
    /// wall-clock time; the first where a change makes it occur twice;
    /// moved forward past the jump where it never occurs (as in a DST gap).
    package func instant(forFloating local: LocalDateTime) -> Instant {
        if changes.isEmpty { return base.instant(for: local) }
        for segment in segments {
            let candidate = segment.zone.instant(for: local)
            if segment.from.map({ candidate >= $0 }) ?? true, segment.to.map({ candidate < $0 }) ?? true {
                return candidate
            }
        }
        let wall = local.secondsSinceEpoch
        for (index, change) in changes.enumerated() {
            let before = segments[index].zone.local(change.at).secondsSinceEpoch
            let after = change.zone.local(change.at).secondsSinceEpoch
            if before <= wall && wall < after { return change.at.adding(seconds: wall - before) }
        }
        return base.instant(for: local)
    }

    /// The instants whose local date is `date`, in order: one interval on
    /// most days (23 or 25 hours on DST days), two when a westward change
    /// repeats the date, none when an eastward change skips it.
    package func intervals(of date: LocalDate) -> [Range<Instant>] {
        var memo = ZoneOffsetMemo()
        return intervals(of: date, memo: &memo)
    }

    /// The same, the zones' offsets answered from `memo` (one date after
    /// another mostly asks within one span between changes of offset).
    package func intervals(of date: LocalDate, memo: inout ZoneOffsetMemo) -> [Range<Instant>] {
        let midnight = date.daysSinceEpoch * 86_400
        let next = midnight + 86_400
        // A segment can only hold part of the date within 26 hours of its UTC midnights.
        let near = Instant(seconds: midnight - 26 * 3600)
        let far = Instant(seconds: next + 26 * 3600)
        var result: [Range<Instant>] = []
        for segment in segments {
            if let to = segment.to, to <= near { continue }
            if let from = segment.from, from >= far { break }
            var low = segment.zone.instant(forWall: midnight, memo: &memo)
            var high = segment.zone.instant(forWall: next, memo: &memo)
            if let from = segment.from { low = max(low, from) }
            if let to = segment.to { high = min(high, to) }
            guard low < high else { continue }
            if let last = result.last, last.upperBound == low {
                result[result.count - 1] = last.lowerBound..<high
            } else {
                result.append(low..<high)
            }
        }
        return result
    }

    /// The zones in force at some time of `date` (`intervals`: the date's,
    /// when already known).
    package func zones(on date: LocalDate, intervals known: [Range<Instant>]? = nil) -> [Zone] {
        var result: [Zone] = []
        for interval in known ?? intervals(of: date) {
            for segment in segments {
                if let to = segment.to, to <= interval.lowerBound { continue }
                if let from = segment.from, from >= interval.upperBound { continue }
                if !result.contains(segment.zone) { result.append(segment.zone) }
            }
        }
        if result.isEmpty { result.append(zone(at: instant(forFloating: LocalDateTime(date: date, hour: 0, minute: 0, second: 0)!))) }
        return result
    }
}
