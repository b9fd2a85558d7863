import EventModel
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

/// Expands every series and places every occurrence, on all cores: the
/// single events and the series are cut into pieces in input order (a few
/// per core, taken by whichever core is free, since a series may expand to
/// one occurrence or to thousands), each piece fills its own `DayBuckets`,
/// sharing the work budget; the pieces come back in input order.
/// Each occurrence is placed as it is expanded; only with `keepOccurrences`
/// is it kept, so a year of busy time holds intervals, not occurrences.
enum Expansion {
    /// A piece of work: single events or series, by position.
    private enum Piece: Sendable {
        case singles(Range<Int>)
        case series(Range<Int>)
    }

    /// The chunks' buckets in order, and the diagnostics of the budget.
    static func run(singles: [Occurrence], series: [Series], window: ExpansionWindow,
                    placer: Placer) -> (buckets: [DayBuckets], diagnostics: [Diagnostic]) {
        let spent = Atomic<Int>(0)
        let width = ParallelChunks.width
        let pieces = ParallelChunks.ranges(count: singles.count, chunks: 2 * width).map(Piece.singles)
            + ParallelChunks.ranges(count: series.count, chunks: 4 * width).map(Piece.series)
        let buckets = ParallelChunks.map(count: pieces.count, chunks: pieces.count) { range in
            var part = DayBuckets(days: window.dayCount)
            for piece in range {
                switch pieces[piece] {
                case .singles(let singlesRange):
                    for index in singlesRange { part.take(singles[index], placer) }
                case .series(let seriesRange):
                    for position in seriesRange {
                        if spent.load(ordering: .relaxed) > window.instanceBudget { break }
                        var generated = 0
                        let expanded = series[position].occurrences(lower: window.lower, upper: window.upper, core: window.core,
                                                                    cap: window.instanceCap, limit: window.instanceCap,
                                                                    generated: &generated) { part.diagnostics.append($0) }
                        spent.add(generated, ordering: .relaxed)
                        part.loads.append((position, generated))
                        for occurrence in expanded { part.take(occurrence, placer) }
                    }
                }
            }
            return part
        }
        // Spent only grows: under the budget at the end, no chunk stopped.
        guard spent.load(ordering: .relaxed) > window.instanceBudget else { return (buckets, []) }
        return inOrder(singles: singles, series: series, window: window, placer: placer)
    }

    /// Over the budget: again on one core in input order, so that which
    /// series are cut never depends on timing; the first ones keep all
    /// their instances, the later ones what is left.
    private static func inOrder(singles: [Occurrence], series: [Series], window: ExpansionWindow,
                                placer: Placer) -> (buckets: [DayBuckets], diagnostics: [Diagnostic]) {
        var part = DayBuckets(days: window.dayCount)
        for occurrence in singles { part.take(occurrence, placer) }
        var remaining = window.instanceBudget
        var cut: [EventRecord] = []
        for (position, one) in series.enumerated() {
            var generated = 0
            let expanded = one.occurrences(lower: window.lower, upper: window.upper, core: window.core,
                                           cap: window.instanceCap, limit: remaining,
                                           generated: &generated) { part.diagnostics.append($0) }
            if generated > remaining && remaining < window.instanceCap, let master = one.master { cut.append(master.record) }
            let used = min(generated, remaining)
            remaining -= used
            part.loads.append((position, used))
            for occurrence in expanded { part.take(occurrence, placer) }
        }
        let loads = part.loads.compactMap { load in
            series[load.position].master.map { (record: $0.record, amount: load.generated) }
        }
        let warning = WorkBudget.instancesCut(budget: window.instanceBudget, days: window.dayCount, cut: cut, loads: loads)
        return ([part], [warning])
    }
}
