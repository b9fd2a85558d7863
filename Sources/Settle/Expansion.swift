import EventModel
import Plumbing
import Synchronization

/// The window as expansion sees it: wall seconds widened by three days each
/// side (no zone moves a date further), the window's own dates (what a cut
/// keeps first), and the work budget for its instances.
struct ExpansionWindow {
    let lower: Int64
    let upper: Int64
    let core: Range<Int64>
    let dayCount: Int
    let instanceBudget: Int
    let instanceCap: Int

    init(_ options: SettleOptions) {
        lower = (options.from.daysSinceEpoch - 3) * 86_400
        upper = (options.to.daysSinceEpoch + 4) * 86_400
        core = options.from.daysSinceEpoch * 86_400..<(options.to.daysSinceEpoch + 1) * 86_400
        dayCount = Int(options.to.daysSinceEpoch - options.from.daysSinceEpoch) + 1
        instanceBudget = options.instanceBudget ?? WorkBudget.instances(days: dayCount)
        instanceCap = options.instanceCap
    }
}

/// Expands every series and places every occurrence, on all cores. The
/// work budget is shared in input order: when the series generate more
/// instances than the budget, the first ones keep all theirs and the later
/// ones what is left (`shares`), whatever the timing.
///
/// A few series (up to `heldSeriesLimit`; all of them without `releasing`,
/// since the caller holds them anyway) are expanded at once, each under
/// its cap alone, counting what they generate; the result stands when the
/// count stays within the budget, which is the same as sharing it (no
/// series is cut). Past the budget that pass stops, and the series, still
/// held, are expanded in two passes as many series are: the first counts
/// the instances each series generates and gives each its share (the
/// count is the expansion's work without making occurrences); the second
/// expands each series within its share, and with `releasing` lets each
/// series go once expanded, so that the series and the occurrences kept
/// are never all held at once.
///
/// Either way the single events and the series are cut into pieces in input
/// order (a few per core, taken by whichever core is free, since a series
/// may expand to one occurrence or to thousands); each piece fills its own
/// `DayBuckets`, and the pieces come back in input order. Each occurrence
/// is placed as it is expanded; only with `keepOccurrences` is it kept, so
/// a year of busy time holds intervals, not occurrences.
enum Expansion {
    /// A piece of work: single events or series, by position.
    private enum Piece: Sendable {
        case singles(Range<Int>)
        case series(Range<Int>)
    }

    /// How many series are expanded in one pass, held until it is known to
    /// stand (a few hundred kilobytes of series held with their occurrences).
    static let heldSeriesLimit = 2_000

    /// The pieces' buckets in order, and the diagnostics of the budget.
    static func run(singles: [Occurrence], series: inout [Series], releasing: Bool, window: ExpansionWindow,
                    placer: Placer, heldSeriesLimit: Int = Expansion.heldSeriesLimit)
        -> (buckets: [DayBuckets], diagnostics: [Diagnostic]) {
        // Series not let go once expanded are held whatever the pass, and
        // a pass that stands costs no more memory than its result: no count first.
        if series.count <= heldSeriesLimit || !releasing {
            let (buckets, generated) = expand(singles: singles, series: &series, limits: nil, releasing: false,
                                              stopPast: window.instanceBudget, window: window, placer: placer)
            if generated <= window.instanceBudget {
                if releasing { series = [] }
                return (buckets, [])
            }
        }
        let (limits, warning) = shares(series, counts: counts(series, window: window), window: window)
        let (buckets, _) = expand(singles: singles, series: &series, limits: limits, releasing: releasing,
                                  stopPast: .max, window: window, placer: placer)
        return (buckets, warning.map { [$0] } ?? [])
    }

    /// Every piece expanded and placed, each series within its limit
    /// (`limits`, else its cap), and the instances the series generated in
    /// all; the pieces stop, part done, once that passes `stopPast`.
    private static func expand(singles: [Occurrence], series: inout [Series], limits: [Int]?, releasing: Bool,
                               stopPast budget: Int, window: ExpansionWindow, placer: Placer)
        -> (buckets: [DayBuckets], generated: Int) {
        // Small pieces keep both cores busy to the end (with few, the last
        // piece of a long list of occurrences runs alone); but a piece that
        // counts days holds its busy time until the pieces are merged, so
        // those stay few to keep a heatmap's peak memory down.
        let width = ParallelChunks.width
        let seriesPieces = (placer.options.countsDays ? 4 : 16) * width
        let pieces = ParallelChunks.ranges(count: singles.count, chunks: 2 * width).map(Piece.singles)
            + ParallelChunks.ranges(count: series.count, chunks: seriesPieces).map(Piece.series)
        let spent = Atomic<Int>(0)
        // Each piece borrows a scratch room and gives it back, so that at
        // most one a core is ever made: with one a piece, the 36 pieces of
        // a long window each grew theirs by doubling into fresh memory.
        let scratches = Mutex<[Series.Scratch]>([])
        // Counters are lent as the scratch rooms are, one a core: what each
        // holds grows with the window, not with the piece.
        let counters = Mutex<[any OccurrenceCounter]>([])
        var buckets = ParallelChunks.sharing(&series) { series in
            ParallelChunks.map(count: pieces.count, chunks: pieces.count) { range in
                var part = DayBuckets(days: window.dayCount, counting: placer.options.countsDays)
                part.counter = placer.makeCounter.map { make in counters.withLock { $0.popLast() } ?? make() }
                var scratch = scratches.withLock { $0.popLast() } ?? Series.Scratch()
                defer { scratches.withLock { $0.append(scratch) } }
                work: for piece in range {
                    switch pieces[piece] {
                    case .singles(let singlesRange):
                        for index in singlesRange { part.take(singles[index], placer) }
                    case .series(let seriesRange):
                        for position in seriesRange {
                            if spent.load(ordering: .relaxed) > budget { break work }
                            var generated = 0
                            series[position].occurrences(
                                lower: window.lower, upper: window.upper, core: window.core, cap: window.instanceCap,
                                limit: limits?[position] ?? window.instanceCap, generated: &generated, scratch: &scratch,
                                diagnostic: { part.diagnostics.append($0) }, each: { part.take($0, placer) })
                            spent.add(generated, ordering: .relaxed)
                            if releasing { series[position] = Series() }
                        }
                    }
                }
                if let counter = part.counter { counters.withLock { $0.append(counter) } }
                part.counter = nil
                return part
            }
        }
        // The pieces' buckets give their counters back: the first few carry them on.
        for (index, counter) in counters.withLock({ $0 }).enumerated() { buckets[index].counter = counter }
        return (buckets, spent.load(ordering: .relaxed))
    }

    /// The instances each series generates in the window under its cap
    /// alone (one more when cut), counted in pieces on all cores until the
    /// budget is passed; nil for those not counted then.
    private static func counts(_ series: [Series], window: ExpansionWindow) -> [Int?] {
        let spent = Atomic<Int>(0)
        let pieces = ParallelChunks.ranges(count: series.count, chunks: 4 * ParallelChunks.width)
        let parts = ParallelChunks.map(count: pieces.count, chunks: pieces.count) { range -> [Int?] in
            var counts: [Int?] = []
            for position in range.flatMap({ pieces[$0] }) {
                if spent.load(ordering: .relaxed) > window.instanceBudget { break }
                let generated = generated(series[position], window: window, limit: window.instanceCap)
                spent.add(generated, ordering: .relaxed)
                counts.append(generated)
            }
            let count = range.reduce(0) { $0 + pieces[$1].count }
            return counts + [Int?](repeating: nil, count: count - counts.count)
        }
        return Array(parts.joined())
    }

    /// Instances `series` generates in the window with at most `limit` of
    /// them (one more when cut).
    private static func generated(_ series: Series, window: ExpansionWindow, limit: Int) -> Int {
        series.generated(lower: window.lower, upper: window.upper, core: window.core, cap: window.instanceCap, limit: limit)
    }

    /// Within the budget, no limits (each series its cap). Over it, each
    /// series' limit in input order, so that which series are cut never
    /// depends on timing: the first ones keep all their instances, the
    /// later ones what is left; and the warning that says so.
    private static func shares(_ series: [Series], counts: [Int?],
                               window: ExpansionWindow) -> (limits: [Int]?, warning: Diagnostic?) {
        // Counting stops only past the budget: under it, all were counted.
        guard counts.reduce(0, { $0 + ($1 ?? 0) }) > window.instanceBudget else { return (nil, nil) }
        var remaining = window.instanceBudget
        var limits: [Int] = []
        var cut: [Int] = []
        var loads: [(position: Int, amount: Int)] = []
        for (position, one) in series.enumerated() {
            limits.append(remaining)
            // Counted under the cap alone: under a lower limit, the count
            // stops one past it (`Series.occurrences`).
            let generated = if let count = counts[position], remaining > 0 { min(count, min(window.instanceCap, remaining) + 1) }
                else { Expansion.generated(one, window: window, limit: remaining) }
            let hasMaster = one.hasMaster
            if generated > remaining && remaining < window.instanceCap && hasMaster { cut.append(position) }
            let used = min(generated, remaining)
            remaining -= used
            if hasMaster { loads.append((position, used)) }
        }
        let warning = WorkBudget.instancesCut(budget: window.instanceBudget, days: window.dayCount, cut: cut, loads: loads) {
            series[$0].master!
        }
        return (limits, warning)
    }
}
