import EventModel
import Plumbing

/// What one chunk of work settles, and then the whole window: event counts,
/// all-day counts and all-day busy days as differences per day (+1 where a range starts,
/// -1 after it ends), timed busy intervals, the placed occurrences (when
/// kept) with their days, diagnostics.
///
/// Held by one owner at a time, never copied and used twice: its blocks
/// of placed occurrences are references (`PlacedOccurrences`), which
/// `merge` takes over and `Ordering.sorted` empties.
struct DayBuckets {
    var counts: [Int]
    var allDayCounts: [Int]
    var allDayBusy: [Int]
    var busy: [Range<Instant>] = []
    /// `busy` is made its union whenever it grows to this many intervals:
    /// a year of a busy calendar is a few intervals a day, not one per
    /// occurrence (`fill` takes the union anyway, so the days are the same).
    private var busyCompactAt = 16_384
    /// The placed occurrences, in input order: a chunk's, then (after
    /// `merge`) the whole window's, still in the blocks they were placed in.
    var placed = PlacedOccurrences()
    /// The days each kept occurrence lands on (parallel to `placed`) where
    /// days are listed; with travel, rarely, more ranges in `moreRanges`.
    var placements: [DaySpan] = []
    var moreRanges: [Int: [ClosedRange<Int>]] = [:]
    var diagnostics: [Diagnostic] = []
    /// The counter a piece borrowed, which takes the occurrences it would
    /// keep (`OccurrenceCounter`); after `merge`, all of them.
    var counter: (any OccurrenceCounter)?
    var counters: [any OccurrenceCounter] = []
    /// The viewer's offset last found while placing (`Placer.place`).
    private var zoneMemo = ZoneOffsetMemo()
    /// Events with a time outside years 1 to 9999, clamped.
    var outOfRange: [ClaimKey: Event] = [:]

    /// Without `counting` (a list of occurrences counts no day), no
    /// counts: each piece of a long window's expansion would hold a slot
    /// per day for nothing.
    init(days: Int, counting: Bool = true) {
        let slots = counting ? days + 1 : 0
        counts = Array(repeating: 0, count: slots)
        allDayCounts = Array(repeating: 0, count: slots)
        allDayBusy = Array(repeating: 0, count: slots)
    }

    /// Places one occurrence on its days, counting it and its busy time
    /// when days are summarized: a constant amount of work however many
    /// days it covers.
    mutating func take(_ occurrence: consuming Occurrence, _ placer: Placer) {
        if placer.filters && !placer.options.filter.matches(occurrence.event) { return }
        let movedStart = occurrence.start.clampToPrintableYears()
        if occurrence.end.clampToPrintableYears() || movedStart {
            let event = occurrence.event
            if outOfRange[ClaimKey(event)] == nil { outOfRange[ClaimKey(event)] = event }
        }
        let settled = placer.place(occurrence, memo: &zoneMemo)
        if !placer.options.countsDays {
            // No day is counted or listed (`listDays` counts them): only
            // whether it lands in the window matters.
            guard placer.landsOnAnyDay(settled) else { return }
            if !counted(settled) && placer.options.keepOccurrences { placed.append(settled) }
            return
        }
        guard let landed = placer.dayRanges(settled) else { return }
        count(landed.first, settled)
        for range in landed.more { count(range, settled) }
        if settled.busy && !settled.isAllDay && settled.startUTC < settled.endUTC {
            busy.append(settled.startUTC..<settled.endUTC)
            if busy.count >= busyCompactAt {
                busy = DayGrid.union(busy)
                busyCompactAt = max(16_384, busy.count * 2)
            }
        }
        if !counted(settled) && placer.options.keepOccurrences {
            // Its days are kept for the day lists alone.
            if placer.options.listDays {
                if !landed.more.isEmpty { moreRanges[placed.count] = landed.more }
                placements.append(DaySpan(landed.first))
            }
            placed.append(settled)
        }
    }

    /// Hands `settled` to the borrowed counter; false when occurrences
    /// are kept rather than counted.
    @inline(__always)
    private mutating func counted(_ settled: borrowing SettledOccurrence) -> Bool {
        guard counter != nil else { return false }
        counter?.count(settled)
        return true
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

    /// The chunks as one, in chunk order (the order of the input); the
    /// placed occurrences stay in their blocks (nothing is copied).
    static func merge(_ parts: consuming [DayBuckets], days: Int, counting: Bool = true) -> DayBuckets {
        var whole = DayBuckets(days: days, counting: counting)
        whole.placements.reserveCapacity(parts.reduce(0) { $0 + $1.placed.count })
        for chunk in parts.indices {
            let offset = whole.placed.count
            whole.placed.append(contentsOf: parts[chunk].placed)
            parts[chunk].placed = PlacedOccurrences()
            whole.diagnostics += parts[chunk].diagnostics
            if let counter = parts[chunk].counter { whole.counters.append(counter) }
            parts[chunk].counter = nil
            whole.outOfRange.merge(parts[chunk].outOfRange) { first, _ in first }
            for (key, ranges) in parts[chunk].moreRanges { whole.moreRanges[key + offset] = ranges }
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

/// The days one kept occurrence lands on, as indices into the window's
/// days, in 8 bytes where a `ClosedRange<Int>` takes 16: a window has at
/// most 100,000 days (`SettleOptions`), and a year of `days` of a large
/// calendar keeps one for each of 420,000 occurrences.
struct DaySpan {
    private let first: Int32
    private let last: Int32

    init(_ days: ClosedRange<Int>) {
        (first, last) = (Int32(days.lowerBound), Int32(days.upperBound))
    }

    var days: ClosedRange<Int> { Int(first)...Int(last) }
}

/// Placed occurrences in input order, in blocks of `blockSize` of memory
/// of their own: no array grown by doubling (half of it empty at times)
/// while the series are still held, and chunks joined without a copy.
/// `Ordering.sorted` reads them where they lie (`reader`, from any
/// chunk), and the settlement keeps them there, in output order
/// (`ordered`).
///
/// Held by one owner at a time: its blocks are references, which
/// `ordered` hands on.
struct PlacedOccurrences: RandomAccessCollection {
    static let blockShift = 11
    static let blockSize = 1 << blockShift
    private var blocks: [OccurrenceBlock] = []
    /// Each block's first position.
    private var firsts: [Int] = []
    private(set) var endIndex = 0

    init() {}

    init(_ occurrences: [SettledOccurrence]) {
        for occurrence in occurrences { append(occurrence) }
    }

    var startIndex: Int { 0 }

    mutating func append(_ settled: consuming SettledOccurrence) {
        if blocks.isEmpty || blocks[blocks.count - 1].isFull {
            blocks.append(OccurrenceBlock())
            firsts.append(endIndex)
        }
        blocks[blocks.count - 1].append(settled)
        endIndex += 1
    }

    /// `other`'s blocks after these (its last may be part full).
    mutating func append(contentsOf other: PlacedOccurrences) {
        for (block, first) in zip(other.blocks, other.firsts) {
            blocks.append(block)
            firsts.append(endIndex + first)
        }
        endIndex += other.endIndex
    }

    /// One past the largest code a place could have.
    var codeBound: Int { blocks.count << Self.blockShift }

    /// Where an occurrence lies, as one number that orders as positions do:
    /// its block, then its place in the block (`blockShift` bits).
    typealias Code = Int

    subscript(position: Int) -> SettledOccurrence {
        precondition(position >= 0 && position < endIndex, "placed occurrence \(position) of \(endIndex)")
        return reader.pointer(reader.code(ofPosition: position)).pointee
    }

    /// The occurrences where they lie, for reading from any chunk; valid
    /// while the blocks are (this, or what `ordered` made of it), until
    /// `moved`.
    var reader: Reader { Reader(bases: blocks.map(\.base), firsts: firsts, count: endIndex) }

    struct Reader: @unchecked Sendable {
        fileprivate let bases: [UnsafeMutablePointer<SettledOccurrence>]
        fileprivate let firsts: [Int]
        fileprivate let count: Int

        /// The occurrence at `code`, read without a copy.
        func pointer(_ code: Code) -> UnsafePointer<SettledOccurrence> {
            UnsafePointer(bases[code >> PlacedOccurrences.blockShift] + code & (PlacedOccurrences.blockSize - 1))
        }

        fileprivate func position(ofCode code: Code) -> Int {
            firsts[code >> PlacedOccurrences.blockShift] + code & (PlacedOccurrences.blockSize - 1)
        }

        fileprivate func code(ofPosition position: Int) -> Code {
            code(ofPosition: position, in: block(containing: position))
        }

        /// The code of `position`, which lies in `block`.
        fileprivate func code(ofPosition position: Int, in block: Int) -> Code {
            block << PlacedOccurrences.blockShift | (position - firsts[block])
        }

        /// One past the last position in `block`.
        fileprivate func end(ofBlock block: Int) -> Int {
            block + 1 < firsts.count ? firsts[block + 1] : count
        }

        /// The last block whose first position is at or before `position`.
        fileprivate func block(containing position: Int) -> Int {
            var low = 0, high = firsts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if firsts[middle] <= position { low = middle } else { high = middle - 1 }
            }
            return low
        }
    }

    /// A key for each occurrence, in input order, made in `chunks` at once:
    /// `key` reads the occurrence where it lies and is given its code, and
    /// the state `state` makes for its chunk.
    func keys<Key, State>(chunks: Int, state: @Sendable () -> State,
                          _ key: @Sendable (inout State, UnsafePointer<SettledOccurrence>, Code) -> Key) -> [Key] {
        let reader = self.reader
        return ParallelChunks.makeArray(count: endIndex, chunks: chunks) { range, destination in
            guard !range.isEmpty else { return }
            var chunkState = state()
            var block = reader.block(containing: range.lowerBound)
            var blockEnd = reader.end(ofBlock: block)
            for position in range {
                if position == blockEnd {
                    block += 1
                    blockEnd = reader.end(ofBlock: block)
                }
                let code = reader.code(ofPosition: position, in: block)
                (destination + position).initialize(to: key(&chunkState, reader.pointer(code), code))
            }
        }
    }

    /// The occurrences in the order `codes` gives (each code names one
    /// occurrence, and each occurrence is named once), left where they
    /// lie: the blocks go to the result.
    consuming func ordered(_ codes: [Code]) -> SettledOccurrences {
        SettledOccurrences(blocks: blocks, reader: reader, codes: codes, count: codes.count)
    }

    /// The same, each occurrence moved (not copied: a copy retains what it
    /// holds) into new blocks in that order, in `chunks` at once: for
    /// readers that go through them in order many times (each day's
    /// entries), where reading through the codes would wait for memory at
    /// each one. Afterwards each code is the position it named (input
    /// order), and the result needs no codes: its blocks are full but the
    /// last, so a position is its own code.
    consuming func moved(_ codes: inout [Code], chunks: Int) -> SettledOccurrences {
        let reader = self.reader
        var inOrder = PlacedOccurrences()
        for first in stride(from: 0, to: codes.count, by: Self.blockSize) {
            inOrder.blocks.append(OccurrenceBlock(filled: Swift.min(Self.blockSize, codes.count - first)))
            inOrder.firsts.append(first)
        }
        inOrder.endIndex = codes.count
        let destination = inOrder.reader
        _ = ParallelChunks.map(count: codes.count, chunks: chunks) { [codes] range in
            for position in range {
                let from = UnsafeMutablePointer(mutating: reader.pointer(codes[position]))
                UnsafeMutablePointer(mutating: destination.pointer(position)).initialize(to: from.move())
            }
        }
        for block in blocks { block.forget() }
        for index in codes.indices { codes[index] = reader.position(ofCode: codes[index]) }
        return SettledOccurrences(blocks: inOrder.blocks, reader: destination, codes: nil, count: inOrder.endIndex)
    }
}

/// A settlement's occurrences in output order, read where they were
/// placed (`PlacedOccurrences`): the order is a list of where each lies,
/// or, where days are listed, the blocks they were moved into in that
/// order (`PlacedOccurrences.moved`). Moving them into one new array in
/// that order costs a second copy of every occurrence in fresh memory.
public struct SettledOccurrences: RandomAccessCollection, @unchecked Sendable {
    // Unchecked: the blocks are only read once settling is done.
    /// Keeps the memory `reader` reads.
    private let blocks: [OccurrenceBlock]
    private let reader: PlacedOccurrences.Reader
    /// Where each occurrence lies, in output order; nil when the blocks
    /// are in that order, all full but the last (`PlacedOccurrences.moved`).
    private let codes: [PlacedOccurrences.Code]?
    public let endIndex: Int

    fileprivate init(blocks: [OccurrenceBlock], reader: PlacedOccurrences.Reader, codes: [PlacedOccurrences.Code]?,
                     count: Int) {
        self.blocks = blocks
        self.reader = reader
        self.codes = codes
        endIndex = count
    }

    public var startIndex: Int { 0 }

    public subscript(position: Int) -> SettledOccurrence {
        pointer(position).pointee
    }

    /// The occurrence at `position`, read where it lies: no copy, and so
    /// no reference retained (writers on every core read the same events).
    package func pointer(_ position: Int) -> UnsafePointer<SettledOccurrence> {
        reader.pointer(codes?[position] ?? position)
    }

    /// The occurrences of `range` copied bit for bit, lent to `body`. Read
    /// in one tight loop, many come in from memory at once; read one by one
    /// between the work of writing each, every one of them waits for memory
    /// alone, and writing takes nearly twice as long as from one array in
    /// output order.
    package func withCopies<R>(of range: Range<Int>, _ body: (borrowing SettledOccurrenceCopies) throws -> R) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: SettledOccurrence.self, capacity: Swift.max(1, range.count)) { room in
            let copies = room.baseAddress!
            for (offset, position) in range.enumerated() {
                UnsafeMutableRawPointer(copies + offset).copyMemory(from: pointer(position),
                                                                    byteCount: MemoryLayout<SettledOccurrence>.stride)
            }
            return try body(SettledOccurrenceCopies(base: copies, count: range.count))
        }
    }
}

/// Bit-for-bit copies of settled occurrences, lent by
/// `SettledOccurrences.withCopies(of:_:)` for the length of that call.
/// A copy takes no reference of its own: the collection's occurrences,
/// which the call keeps alive, hold those. So a copy must never be
/// deinitialized, nor read once the call is over: its memory is raw room
/// the call frees without deinitializing it, and a borrower cannot copy
/// nor keep this value; it hands out pointers only.
package struct SettledOccurrenceCopies: ~Copyable {
    private let base: UnsafePointer<SettledOccurrence>
    package let count: Int

    fileprivate init(base: UnsafeMutablePointer<SettledOccurrence>, count: Int) {
        self.base = UnsafePointer(base)
        self.count = count
    }

    /// The copy of the `offset`th occurrence of the range, read where it lies.
    package subscript(offset: Int) -> UnsafePointer<SettledOccurrence> {
        precondition(offset >= 0 && offset < count, "no such copy")
        return base + offset
    }
}

/// `blockSize` placed occurrences in memory of their own, written by one
/// chunk's buckets. Only its memory (`base`) is shared between threads:
/// read by any chunk.
private final class OccurrenceBlock {
    let base = UnsafeMutablePointer<SettledOccurrence>.allocate(capacity: PlacedOccurrences.blockSize)
    private var count = 0

    init() {}

    /// A block whose first `filled` places are initialized by its maker
    /// before it is read (`PlacedOccurrences.moved`).
    init(filled: Int) {
        count = filled
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isFull: Bool { count == PlacedOccurrences.blockSize }

    func append(_ settled: consuming SettledOccurrence) {
        (base + count).initialize(to: settled)
        count += 1
    }

    /// Its occurrences were moved out: nothing is left to deinitialize.
    func forget() {
        count = 0
    }
}
