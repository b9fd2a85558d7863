import EventModel

/// What one chunk of work settles, and then the whole window: event counts,
/// all-day counts and all-day busy days as differences per day (+1 where a range starts,
/// -1 after it ends), timed busy intervals, the placed occurrences (when
/// kept) with their days, diagnostics.
///
/// Held by one owner at a time, never copied and used twice: its blocks
/// of placed occurrences are references (`OccurrenceBlock`), and `merge`
/// empties them.
struct DayBuckets {
    var counts: [Int]
    var allDayCounts: [Int]
    var allDayBusy: [Int]
    var busy: [Range<Instant>] = []
    /// `busy` is made its union whenever it grows to this many intervals:
    /// a year of a busy calendar is a few intervals a day, not one per
    /// occurrence (`fill` takes the union anyway, so the days are the same).
    private var busyCompactAt = 16_384
    /// The placed occurrences of the whole window (after `merge`).
    var placed: [SettledOccurrence] = []
    /// A chunk's placed occurrences, in blocks of `blockSize`: no array
    /// grown by doubling (half of it empty at times) while the series are
    /// still held; `merge` moves them into `placed`, block by block.
    private var blocks: [OccurrenceBlock] = []
    private var blockedCount = 0
    fileprivate static let blockSize = 2048
    /// The days each kept occurrence lands on (parallel to `placed`);
    /// with travel, rarely, more ranges in `moreRanges`.
    var placements: [ClosedRange<Int>] = []
    var moreRanges: [Int: [ClosedRange<Int>]] = [:]
    var diagnostics: [Diagnostic] = []
    /// The viewer's offset last found while placing (`Placer.place`).
    private var zoneMemo = ZoneOffsetMemo()
    /// Events with a time outside years 1 to 9999, clamped.
    var outOfRange: [ClaimKey: Event] = [:]

    init(days: Int) {
        counts = Array(repeating: 0, count: days + 1)
        allDayCounts = Array(repeating: 0, count: days + 1)
        allDayBusy = Array(repeating: 0, count: days + 1)
    }

    /// Places one occurrence on its days, counting it and its busy time
    /// when days are summarized: a constant amount of work however many
    /// days it covers.
    mutating func take(_ occurrence: consuming Occurrence, _ placer: Placer) {
        if !placer.options.filter.isEmpty && !placer.options.filter.matches(occurrence.event) { return }
        let movedStart = occurrence.start.clampToPrintableYears()
        if occurrence.end.clampToPrintableYears() || movedStart {
            let event = occurrence.event
            if outOfRange[ClaimKey(event)] == nil { outOfRange[ClaimKey(event)] = event }
        }
        let settled = placer.place(occurrence, memo: &zoneMemo)
        guard let landed = placer.dayRanges(settled) else { return }
        if placer.options.countsDays {
            count(landed.first, settled)
            for range in landed.more { count(range, settled) }
            if settled.busy && !settled.isAllDay && settled.startUTC < settled.endUTC {
                busy.append(settled.startUTC..<settled.endUTC)
                if busy.count >= busyCompactAt {
                    busy = DayGrid.union(busy)
                    busyCompactAt = max(16_384, busy.count * 2)
                }
            }
        }
        if placer.options.keepOccurrences {
            if !landed.more.isEmpty { moreRanges[blockedCount] = landed.more }
            if blocks.isEmpty || blocks[blocks.count - 1].isFull { blocks.append(OccurrenceBlock()) }
            placements.append(landed.first)
            blocks[blocks.count - 1].append(settled)
            blockedCount += 1
        }
    }

    /// One range of days an occurrence lands on, counted.
    private mutating func count(_ range: ClosedRange<Int>, _ settled: SettledOccurrence) {
        counts[range.lowerBound] += 1
        counts[range.upperBound + 1] -= 1
        if settled.isAllDay {
            allDayCounts[range.lowerBound] += 1
            allDayCounts[range.upperBound + 1] -= 1
        }
        if settled.busy && settled.isAllDay {
            allDayBusy[range.lowerBound] += 1
            allDayBusy[range.upperBound + 1] -= 1
        }
    }

    /// The chunks as one, in chunk order (the order of the input); each
    /// block's occurrences are moved, not copied (a copy retains what each
    /// holds), and its memory goes at once.
    static func merge(_ parts: consuming [DayBuckets], days: Int) -> DayBuckets {
        var whole = DayBuckets(days: days)
        let total = parts.reduce(0) { $0 + $1.blockedCount }
        whole.placed = Array(unsafeUninitializedCapacity: total) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }  // nothing placed
            for chunk in parts.indices {
                for block in parts[chunk].blocks { initialized += block.moveAll(to: base + initialized) }
                parts[chunk].blocks = []
            }
        }
        whole.placements.reserveCapacity(total)
        var offset = 0
        for chunk in parts.indices {
            whole.diagnostics += parts[chunk].diagnostics
            whole.outOfRange.merge(parts[chunk].outOfRange) { first, _ in first }
            for (key, ranges) in parts[chunk].moreRanges { whole.moreRanges[key + offset] = ranges }
            offset += parts[chunk].blockedCount
            whole.placements += parts[chunk].placements
            parts[chunk].placements = []
            for index in whole.counts.indices {
                whole.counts[index] += parts[chunk].counts[index]
                whole.allDayCounts[index] += parts[chunk].allDayCounts[index]
                whole.allDayBusy[index] += parts[chunk].allDayBusy[index]
            }
            whole.busy += parts[chunk].busy
            parts[chunk].busy = []
        }
        return whole
    }

    /// One `date-out-of-range` warning per event clamped, in source order.
    var outOfRangeDiagnostics: [Diagnostic] {
        outOfRange.values.sorted { ($0.source.file, $0.source.line, $0.uid) < ($1.source.file, $1.source.line, $1.uid) }
            .map { event in
                Diagnostic(.warning, .dateOutOfRange, at: event.source,
                    "\(WorkBudget.name(event)) has an occurrence that starts or ends outside years 1 to 9999; "
                    + "shown as starting or ending at the edge (0001-01-01 or 9999-12-31)")
            }
    }

    /// Each day's event count and busy time: counts and all-day busy days
    /// summed from their ranges, timed busy time cut from one union.
    /// Empties `busy`.
    mutating func fill(_ days: inout [LocalDay], grid: DayGrid) {
        let clipped = grid.clip(busy, days: days.count)
        busy = []
        var running = 0, runningAllDay = 0, runningAllDayBusy = 0
        for index in days.indices {
            running += counts[index]
            runningAllDay += allDayCounts[index]
            runningAllDayBusy += allDayBusy[index]
            days[index].eventCount = running
            days[index].allDayCount = runningAllDay
            let whole = runningAllDayBusy > 0 ? days[index].intervals : []
            days[index].busyIntervals = DayGrid.union(whole + clipped[index])
        }
    }
}

/// `blockSize` placed occurrences in memory of their own, from which they
/// are moved out all at once (`DayBuckets.merge`). Held by one chunk's
/// buckets, then by the merge: never by two threads at a time.
private final class OccurrenceBlock: @unchecked Sendable {
    private let base = UnsafeMutablePointer<SettledOccurrence>.allocate(capacity: DayBuckets.blockSize)
    private var count = 0

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isFull: Bool { count == DayBuckets.blockSize }

    func append(_ settled: consuming SettledOccurrence) {
        (base + count).initialize(to: settled)
        count += 1
    }

    /// Moves every occurrence to `destination` (uninitialized memory) and
    /// returns how many; the block is empty afterwards.
    func moveAll(to destination: UnsafeMutablePointer<SettledOccurrence>) -> Int {
        let moved = count
        destination.moveInitialize(from: base, count: moved)
        count = 0
        return moved
    }
}
