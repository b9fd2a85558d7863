import EventModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Plumbing

/// The order of output (docs/semantics.md section 5): occurrences by start,
/// each day's entries all-day first; and the days' lists themselves, within
/// the work budget for entries.
enum Ordering {
    /// Output order: by start, end, title, uid, then original start; text
    /// by code points (UTF-8 bytes), not as `String` compares it: that
    /// normalizes first, and is no order at all between some spellings of
    /// one accent ("café" is less than "caféz", equal to "cafe\u{301}",
    /// which is neither less nor greater than "caféz").
    static func startOrder(_ a: SettledOccurrence, _ b: SettledOccurrence) -> Bool {
        withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in startOrder(a, b) } }
    }

    /// `startOrder` of the occurrences where they lie, neither copied (a
    /// copy retains and releases its record and zones: the ties of 16
    /// years of 5,000 events did that some 300,000 times). Occurrences
    /// of one event record have its title and uid: only their
    /// RECURRENCE-IDs are compared.
    static func startOrder(_ a: UnsafePointer<SettledOccurrence>, _ b: UnsafePointer<SettledOccurrence>) -> Bool {
        if a.pointee.startUTC != b.pointee.startUTC { return a.pointee.startUTC < b.pointee.startUTC }
        if a.pointee.endUTC != b.pointee.endUTC { return a.pointee.endUTC < b.pointee.endUTC }
        if a.pointee.occurrence.recordIdentity != b.pointee.occurrence.recordIdentity {
            // Through the event records: reading a field copies the field, not the event.
            let x = a.pointee.occurrence.eventRecord, y = b.pointee.occurrence.eventRecord
            if let order = codePointOrder(x.event.title, y.event.title) { return order }
            if let order = codePointOrder(x.event.uid, y.event.uid) { return order }
        }
        return (a.pointee.occurrence.recurrenceID?.iso8601 ?? "") < (b.pointee.occurrence.recurrenceID?.iso8601 ?? "")
    }

    /// Whether `a` comes before `b` by code points; nil when they are the
    /// same code points.
    static func codePointOrder(_ a: String, _ b: String) -> Bool? {
        // In place with `memcmp` where the bytes lie together (a native
        // string): byte by byte through the views is several times slower.
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in bytesOrder(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) }
        }
        if let inPlace, let order = inPlace { return order }
        if a.utf8.elementsEqual(b.utf8) { return nil }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Whether `a` comes before `b` byte by byte (a prefix first); nil when
    /// they are the same bytes.
    private static func bytesOrder(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool? {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let difference = memcmp(x, y, common)
            if difference != 0 { return difference < 0 }
        }
        return a.count == b.count ? nil : a.count < b.count
    }

    /// How an occurrence covers one of its dates (`day`, days since 1970-01-01).
    static func part(_ occurrence: borrowing SettledOccurrence, onDay day: Int64) -> DayPart {
        if occurrence.firstDay == occurrence.lastDay { return .whole }
        if day == Int64(occurrence.firstDay) { return .first }
        if day == Int64(occurrence.lastDay) { return .last }
        return .middle
    }

    /// The placed occurrences sorted by start; ties (`startOrder` neither
    /// way) keep input order. With `moving`, also each one's position in
    /// `placed` (for the day lists), else no positions.
    ///
    /// Sorts small keys (start, end, the title's first four bytes, where
    /// it lies), not the (large) occurrences, on all cores. What the keys
    /// leave undecided, a run of one start, end and title prefix, is then
    /// ordered in full. The occurrences
    /// stay in their blocks (`SettledOccurrences`), or with `moving` are
    /// moved into new ones in output order (`PlacedOccurrences.moved`).
    /// `chunks`, the pieces of the work, by default as
    /// `ParallelChunks.chunks(for:)` gives.
    static func sorted(_ placed: consuming PlacedOccurrences, moving: Bool = false,
                       chunks: Int? = nil) -> (kept: SettledOccurrences, order: [Int]) {
        let chunks = chunks ?? ParallelChunks.chunks(for: placed.count)
        // Past 4,294,967,296 places (2 million blocks) codes would not fit
        // a key: hundreds of gigabytes of placed occurrences, which memory
        // keeps out of reach (the work budget caps only instances
        // from rules; single events and overrides count against memory).
        precondition(placed.codeBound <= 1 << 32, "\(placed.codeBound) places of occurrences")
        var keys = placed.keys(chunks: chunks, state: { TitleKeys() }) { titles, settled, code in
            SortKey(start: settled.pointee.startUTC, end: settled.pointee.endUTC,
                    titleAndCode: titles.key(of: settled) & 0xFFFF_FFFF_0000_0000 | UInt64(code))
        }
        ParallelChunks.sort(&keys, chunks: chunks, by: SortKey.less, sortChunk: SortKey.sort(_:spare:),
                            mergeHalf: SortKey.mergeHalf)
        // Runs of equal start and end, each finished; the chunks cut
        // between runs, four a core (ties gather in some stretches of
        // time: with one a core, one core waited for the other).
        let tieChunks = chunks > 1 ? 4 * chunks : 1
        var bounds = ParallelChunks.ranges(count: keys.count, chunks: tieChunks).map(\.lowerBound) + [keys.count]
        for index in bounds.indices.dropFirst().dropLast() {
            bounds[index] = max(bounds[index], bounds[index - 1])
            while bounds[index] > 0 && bounds[index] < keys.count && keys[bounds[index]].sameSpan(keys[bounds[index] - 1]) {
                bounds[index] += 1
            }
        }
        let reader = placed.reader
        ParallelChunks.update(&keys, in: zip(bounds, bounds.dropFirst()).map { $0..<$1 }) { range, keys in
            var first = range.lowerBound
            while first < range.upperBound {
                var end = first + 1
                while end < range.upperBound && keys[end].sameTitledSpan(keys[first]) { end += 1 }
                if end - first > 1 { orderTies(keys, first..<end, reader) }
                first = end
            }
        }
        // The codes in order, read out on every core; the keys let go
        // before the occurrences move (`moving`).
        var codes: [PlacedOccurrences.Code] = []
        do {
            let sortedKeys = keys
            keys = []
            codes = ParallelChunks.makeArray(count: sortedKeys.count, chunks: chunks) { range, destination in
                sortedKeys.withUnsafeBufferPointer { keys in
                    for position in range { (destination + position).initialize(to: keys[position].code) }
                }
            }
        }
        guard moving else { return (placed.ordered(codes), []) }
        let kept = placed.moved(&codes, chunks: chunks)
        return (kept, codes)
    }

    /// The codes of `run` (one start, end and title prefix) reordered by
    /// the occurrences in full; ties keep input order.
    private static func orderTies(_ keys: UnsafeMutableBufferPointer<SortKey>, _ run: Range<Int>,
                                  _ placed: PlacedOccurrences.Reader) {
        var codes = keys[run].map(\.code)
        codes.sort { a, b in
            let left = placed.pointer(a), right = placed.pointer(b)
            if startOrder(left, right) { return true }
            if startOrder(right, left) { return false }
            return a < b
        }
        for (offset, code) in codes.enumerated() { keys[run.lowerBound + offset].code = code }
    }

    /// The title keys (`Occurrence.titleKey`) of one chunk's event records,
    /// each record's title read once: read for each occurrence, the title
    /// retained and released its storage, a count both cores' chunks
    /// contended for. Room for 8,192 records: with much less, the events
    /// of a large calendar that miss the table are read again at each of
    /// their occurrences.
    final class TitleKeys {
        private static let sizeBits = 14
        private static let size = 1 << sizeBits
        private let slots = UnsafeMutablePointer<(record: UInt, key: UInt64)>.allocate(capacity: TitleKeys.size)
        private var used = 0

        init() { slots.initialize(repeating: (0, 0), count: TitleKeys.size) }

        deinit { slots.deallocate() }

        func key(of settled: UnsafePointer<SettledOccurrence>) -> UInt64 {
            let record = UInt(bitPattern: settled.pointee.occurrence.recordIdentity)
            var slot = Int(truncatingIfNeeded: (record &* 0x9E37_79B9_7F4A_7C15) >> (64 - TitleKeys.sizeBits))
            while slots[slot].record != 0 {
                if slots[slot].record == record { return slots[slot].key }
                slot = (slot + 1) & (TitleKeys.size - 1)
            }
            let key = settled.pointee.occurrence.titleKey
            // At most half full; past that, read each time.
            if used < TitleKeys.size / 2 {
                slots[slot] = (record, key)
                used += 1
            }
            return key
        }
    }

    /// Kept small: the keys of a month of a large calendar are sorted and
    /// merged while its occurrences are held.
    struct SortKey {
        var start: Instant
        var end: Instant
        /// The title's first four bytes (the top half of
        /// `EventRecord.titleKey`), then the occurrence's code (32 bits).
        var titleAndCode: UInt64

        var title: UInt64 { titleAndCode >> 32 }

        var code: PlacedOccurrences.Code {
            get { Int(truncatingIfNeeded: titleAndCode & 0xFFFF_FFFF) }
            set { titleAndCode = titleAndCode & 0xFFFF_FFFF_0000_0000 | UInt64(truncatingIfNeeded: newValue) }
        }

        func sameSpan(_ other: SortKey) -> Bool { start == other.start && end == other.end }

        func sameTitledSpan(_ other: SortKey) -> Bool { sameSpan(other) && title == other.title }

        /// Half of a merge of `ParallelChunks.sort`, compiled here for keys
        /// (Plumbing's own would call `less` and copy each key through
        /// generic code).
        @Sendable static func mergeHalf(_ source: UnsafeBufferPointer<SortKey>, _ destination: UnsafeMutablePointer<SortKey>,
                                        _ left: Range<Int>, _ right: Range<Int>, _ front: Bool) {
            mergeSortedHalf(source, into: destination, left, right, front: front, by: less)
        }

        @Sendable static func less(_ a: SortKey, _ b: SortKey) -> Bool {
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end < b.end }
            return a.titleAndCode < b.titleAndCode
        }

        /// `keys` sorted by `less`: by start in passes of its digits (a
        /// radix sort, stable, over the bits in which the starts differ),
        /// then each run of one start by `less`, which a comparison sort
        /// of every key costs several times more.
        /// `spare`, room for as many keys, holds every other pass.
        @Sendable static func sort(_ keys: UnsafeMutableBufferPointer<SortKey>, spare: UnsafeMutablePointer<SortKey>) {
            var keys = keys
            guard keys.count > 64, let first = keys.baseAddress else { return keys.sort(by: less) }
            var low = first.pointee.start.milliseconds, high = low
            // Starts on whole minutes (most are) are sorted as minutes:
            // 16 years take three passes rather than five.
            var minutes = true
            for key in keys {
                low = Swift.min(low, key.start.milliseconds)
                high = Swift.max(high, key.start.milliseconds)
                if key.start.milliseconds % 60_000 != 0 { minutes = false }
            }
            /// A start's place from the lowest, in minutes when all are whole ones.
            @inline(__always) func value(_ key: SortKey) -> UInt64 {
                let milliseconds = UInt64(bitPattern: key.start.milliseconds &- low)
                return minutes ? milliseconds / 60_000 : milliseconds
            }
            let span = minutes ? UInt64(bitPattern: high &- low) / 60_000 : UInt64(bitPattern: high &- low)
            // Digits of up to 12 bits (4,096 counts a pass): 16 years of
            // minutes (23 bits) take two passes, not three of 8 bits and a
            // copy back from `spare`.
            let bits = 64 - span.leadingZeroBitCount
            let passes = (bits + 11) / 12
            if passes > 0 {
                let width = (bits + passes - 1) / passes
                let radix = 1 << width
                let mask = UInt64(radix - 1)
                // Every pass's counts in one reading of the keys.
                let offsets = UnsafeMutablePointer<Int>.allocate(capacity: radix * passes)
                defer { offsets.deallocate() }
                offsets.initialize(repeating: 0, count: radix * passes)
                for index in 0..<keys.count {
                    let value = value(first[index])
                    for pass in 0..<passes {
                        offsets[radix * pass + Int(truncatingIfNeeded: (value >> UInt64(width * pass)) & mask)] += 1
                    }
                }
                var (from, to) = (first, spare)
                for pass in 0..<passes {
                    // Counts made where each digit's keys start.
                    let starts = offsets + radix * pass
                    var sum = 0
                    for digit in 0..<radix { (starts[digit], sum) = (sum, sum + starts[digit]) }
                    let shift = UInt64(width * pass)
                    for index in 0..<keys.count {
                        let key = from[index]
                        let digit = Int(truncatingIfNeeded: (value(key) >> shift) & mask)
                        (to + starts[digit]).initialize(to: key)
                        starts[digit] += 1
                    }
                    swap(&from, &to)
                }
                if passes % 2 == 1 { first.update(from: spare, count: keys.count) }
            }
            sortRunsOfOneStart(keys)
        }

        /// Keys in order of start: each run of one start by end, title and code.
        private static func sortRunsOfOneStart(_ keys: UnsafeMutableBufferPointer<SortKey>) {
            guard let first = keys.baseAddress else { return }
            var start = 0
            while start < keys.count {
                var end = start + 1
                while end < keys.count && keys[end].start == keys[start].start { end += 1 }
                if end - start > 16 {
                    var run = UnsafeMutableBufferPointer(rebasing: keys[start..<end])
                    run.sort(by: less)
                } else if end - start > 1 {
                    // Mostly two or three: inserted one by one.
                    for index in start + 1..<end {
                        let key = first[index]
                        var at = index
                        while at > start && less(key, first[at - 1]) {
                            first[at] = first[at - 1]
                            at -= 1
                        }
                        first[at] = key
                    }
                }
                start = end
            }
        }
    }

    /// Each kept occurrence's days as one list of ranges, for listing the
    /// days one at a time (`Settlement.listedDays`); past the entry budget
    /// the later days list none, which a `work-budget` warning (returned)
    /// says.
    static func dayRanges(_ days: [LocalDay], kept: SettledOccurrences, order: [Int], placed buckets: DayBuckets,
                          entryBudget: Int) -> (DayRanges, Diagnostic?) {
        var listed = days.count, total = 0
        for index in days.indices {
            total += days[index].eventCount
            if total > entryBudget && listed == days.count { listed = index }
        }
        var ranges: [DayRanges.Range] = []
        ranges.reserveCapacity(order.count)
        for (index, original) in order.enumerated() {
            func add(_ range: ClosedRange<Int>) {
                guard range.lowerBound < listed else { return }
                ranges.append(DayRanges.Range(lower: Int32(range.lowerBound), upper: Int32(min(range.upperBound, listed - 1)),
                                              occurrence: Int32(index)))
            }
            // The first range apart: no array made per occurrence.
            add(buckets.placements[original].days)
            if !buckets.moreRanges.isEmpty, let more = buckets.moreRanges[original] { more.forEach(add) }
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
package struct ListedDays: Sequence, Sendable {
    let days: [LocalDay]
    let lists: DayRanges
    let occurrences: SettledOccurrences

    package func makeIterator() -> Iterator { Iterator(self) }

    package struct Iterator: IteratorProtocol {
        private let listed: ListedDays
        private var index = 0
        /// The first range not yet alive.
        private var waiting = 0
        /// Occurrences alive on the day, by output order: (last day, occurrence).
        private var alive: [(upper: Int32, occurrence: Int32)] = []

        init(_ listed: ListedDays) { self.listed = listed }

        package mutating func next() -> LocalDay? {
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
            let dayNumber = day.date.daysSinceEpoch
            for allDay in [true, false] {
                for item in alive where listed.occurrences[Int(item.occurrence)].isAllDay == allDay {
                    let occurrence = Int(item.occurrence)
                    day.entries.append(LocalDay.Entry(occurrence: occurrence,
                                                      part: Ordering.part(listed.occurrences[occurrence], onDay: dayNumber)))
                }
            }
            return day
        }
    }
}
