import EventModel

/// The order of output (docs/semantics.md section 5): occurrences by start,
/// each day's entries all-day first; and the days' lists themselves, within
/// the work budget for entries.
enum Ordering {
    /// Output order: by start, end, title, uid, then original start.
    static func startOrder(_ a: SettledOccurrence, _ b: SettledOccurrence) -> Bool {
        if a.startUTC != b.startUTC { return a.startUTC < b.startUTC }
        if a.endUTC != b.endUTC { return a.endUTC < b.endUTC }
        // Through the event records: reading a field copies the field, not the event.
        let x = a.occurrence.eventRecord, y = b.occurrence.eventRecord
        if x.event.title != y.event.title { return x.event.title < y.event.title }
        if x.event.uid != y.event.uid { return x.event.uid < y.event.uid }
        return (a.occurrence.recurrenceID?.iso8601 ?? "") < (b.occurrence.recurrenceID?.iso8601 ?? "")
    }

    /// Order within a day: all-day first, then by start, end, title, uid.
    static func dayOrder(_ a: SettledOccurrence, _ b: SettledOccurrence) -> Bool {
        if a.isAllDay != b.isAllDay { return a.isAllDay }
        return startOrder(a, b)
    }

    /// How an occurrence covers one of its dates.
    static func part(_ occurrence: SettledOccurrence, on date: LocalDate) -> DayPart {
        if occurrence.firstDate == occurrence.lastDate { return .whole }
        if date == occurrence.firstDate { return .first }
        if date == occurrence.lastDate { return .last }
        return .middle
    }

    /// The placed occurrences sorted by start, and for each its position
    /// in `placed`; ties (`startOrder` neither way) keep input order.
    static func sorted(_ placed: consuming [SettledOccurrence]) -> (kept: [SettledOccurrence], order: [Int]) {
        // Sorts small keys (start, end, position), not the (large)
        // occurrences; then each run of equal start and end is ordered in
        // full, in place, by a title's first bytes where they decide.
        let order = placed.withUnsafeBufferPointer { buffer in
            var keys = buffer.indices.map { SortKey(start: buffer[$0].startUTC, end: buffer[$0].endUTC, position: $0) }
            keys.sort { a, b in
                if a.start != b.start { return a.start < b.start }
                if a.end != b.end { return a.end < b.end }
                return a.position < b.position
            }
            var first = 0
            while first < keys.count {
                var end = first + 1
                while end < keys.count && keys[end].start == keys[first].start && keys[end].end == keys[first].end { end += 1 }
                if end - first > 1 {
                    var run = keys[first..<end].map { (title: titlePrefix(buffer[$0.position].occurrence.eventRecord.event.title),
                                                       position: $0.position) }
                    run.sort { a, b in
                        if let x = a.title, let y = b.title, x != y { return x < y }
                        if startOrder(buffer[a.position], buffer[b.position]) { return true }
                        if startOrder(buffer[b.position], buffer[a.position]) { return false }
                        return a.position < b.position
                    }
                    for (offset, entry) in run.enumerated() { keys[first + offset].position = entry.position }
                }
                first = end
            }
            return keys.map(\.position)
        }
        // Moved into that order in place, cycle by cycle: no second array
        // of occurrences (a month of the benchmark calendar holds 5 MB),
        // and no copy (a move retains nothing).
        var kept = consume placed
        kept.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var moved = [Bool](repeating: false, count: order.count)
            for start in order.indices where !moved[start] {
                let first = (base + start).move()
                var index = start
                while true {
                    moved[index] = true
                    let from = order[index]
                    if from == start { (base + index).initialize(to: first); break }
                    (base + index).moveInitialize(from: base + from, count: 1)
                    index = from
                }
            }
        }
        return (kept, order)
    }

    private struct SortKey {
        var start: Instant
        var end: Instant
        var position: Int
    }

    /// A title's first eight bytes as one big-endian number (zeros past its
    /// end), when they order it as `String` does: they and the byte after
    /// them are ASCII. `String` compares Unicode scalars after NFC
    /// normalization; ASCII is its own NFC form, UTF-8 keeps the scalars'
    /// order, and a following ASCII byte cannot combine with the eighth
    /// (`"cafe\u{301}"` is `"café"`, after `"cafez"`). Nil otherwise:
    /// such titles are compared whole.
    static func titlePrefix(_ title: String) -> UInt64? {
        func key(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
            var key: UInt64 = 0
            for index in 0..<min(bytes.count, 9) {
                guard bytes[index] < 0x80 else { return nil }
                if index < 8 { key |= UInt64(bytes[index]) << (56 &- 8 &* UInt64(index)) }
            }
            return key
        }
        if let found = title.utf8.withContiguousStorageIfAvailable(key) { return found }
        return Array(title.utf8.prefix(9)).withUnsafeBufferPointer(key)
    }

    /// Each kept occurrence's days as one list of ranges, for listing the
    /// days one at a time (`Settlement.listedDays`); past the entry budget
    /// the later days list none, which a `work-budget` warning (returned)
    /// says.
    static func dayRanges(_ days: [LocalDay], kept: [SettledOccurrence], order: [Int], placed buckets: DayBuckets,
                          entryBudget: Int) -> (DayRanges, Diagnostic?) {
        var listed = days.count, total = 0
        for index in days.indices {
            total += days[index].eventCount
            if total > entryBudget && listed == days.count { listed = index }
        }
        var ranges: [DayRanges.Range] = []
        ranges.reserveCapacity(order.count)
        for (index, original) in order.enumerated() {
            for range in [buckets.placements[original]] + (buckets.moreRanges[original] ?? []) where range.lowerBound < listed {
                ranges.append(DayRanges.Range(lower: Int32(range.lowerBound), upper: Int32(min(range.upperBound, listed - 1)),
                                              occurrence: Int32(index)))
            }
        }
        // Stable: on one first day, occurrences stay in output order.
        if !zip(ranges, ranges.dropFirst()).allSatisfy({ $0.lower <= $1.lower }) {
            ranges = ranges.enumerated().sorted { ($0.element.lower, $0.offset) < ($1.element.lower, $1.offset) }.map(\.element)
        }
        let lists = DayRanges(ranges: ranges, listedUntil: listed)
        guard listed < days.count else { return (lists, nil) }
        return (lists, WorkBudget.entriesCut(days: days, listedUntil: listed, total: total, budget: entryBudget,
                                             kept: kept, order: order, buckets: buckets))
    }
}

/// The days each kept occurrence covers, sorted by first day, from which
/// the days' lists are made one day at a time: memory holds the ranges
/// (12 bytes each) and the occurrences alive on the day being listed,
/// never every day's list at once.
package struct DayRanges: Sendable {
    struct Range: Sendable {
        var lower: Int32
        var upper: Int32
        /// Index into `Settlement.occurrences`.
        var occurrence: Int32
    }

    var ranges: [Range] = []
    /// Days from this index list no entries (the work budget for entries).
    var listedUntil = 0
}

/// The window's days in order, each with its entries listed (all-day
/// first, then by start, end, title, uid): `Settlement.days` with
/// `LocalDay.entries` filled, one day at a time.
public struct ListedDays: Sequence, Sendable {
    let days: [LocalDay]
    let lists: DayRanges
    let occurrences: [SettledOccurrence]

    public func makeIterator() -> Iterator { Iterator(self) }

    public struct Iterator: IteratorProtocol {
        private let listed: ListedDays
        private var index = 0
        /// The first range not yet alive.
        private var waiting = 0
        /// Occurrences alive on the day, by output order: (last day, occurrence).
        private var alive: [(upper: Int32, occurrence: Int32)] = []

        init(_ listed: ListedDays) { self.listed = listed }

        public mutating func next() -> LocalDay? {
            guard index < listed.days.count else { return nil }
            defer { index += 1 }
            var day = listed.days[index]
            let lists = listed.lists
            guard index < lists.listedUntil else {
                day.eventsListed = day.eventCount == 0
                return day
            }
            let today = Int32(index)
            alive.removeAll { $0.upper < today }
            while waiting < lists.ranges.count && lists.ranges[waiting].lower <= today {
                let range = lists.ranges[waiting]
                waiting += 1
                // Mostly appended: what starts today comes after what started before.
                var at = alive.count
                while at > 0 && alive[at - 1].occurrence > range.occurrence { at -= 1 }
                alive.insert((range.upper, range.occurrence), at: at)
            }
            day.entries.reserveCapacity(alive.count)
            for allDay in [true, false] {
                for item in alive where listed.occurrences[Int(item.occurrence)].isAllDay == allDay {
                    let occurrence = Int(item.occurrence)
                    day.entries.append(LocalDay.Entry(occurrence: occurrence,
                                                      part: Ordering.part(listed.occurrences[occurrence], on: day.date)))
                }
            }
            return day
        }
    }
}
