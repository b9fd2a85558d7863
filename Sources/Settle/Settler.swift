import EventModel
import Plumbing

/// Takes events as they stream in and settles one window: keeps single
/// events near the window, recurring masters and their overrides, and the
/// zone changes of flights; then expands, places and buckets.
///
/// The jobs live apart: `Intake` (which events are kept, claims, stripping),
/// `Flights` (`--travel-from-events`), `DayGrid` (the window's days, union),
/// `Expansion` (series on all cores within the work budget), `Placer` and
/// `BusyPolicy` (an occurrence's time, days and busyness), `DayBuckets`
/// (counts and busy time per day), `Ordering` (output order, day lists).
///
/// `settle()` only reads what was added: calling it again gives the same
/// settlement, and events added later join the next one.
package final class Settler {
    private let options: SettleOptions
    private var intake: Intake

    package init(options: SettleOptions) {
        self.options = options
        intake = Intake(options: options)
        ParallelChunks.wakeWorkers()
    }

    /// Single events wholly outside this window never show: they may be
    /// read without their text (description, location, attendees,
    /// categories). A day wider than the test for keeping them.
    /// Without kept occurrences (a heatmap, free time) no event's text is
    /// shown: only `--search` reads it (title, description, location), and
    /// `--me` the attendees; occurrences kept to be counted
    /// (`showsText` off) read their categories and people alone.
    package var textWindow: CoarseWindow {
        let counted = options.keepOccurrences
        let text = (counted && options.showsText) || !(options.filter.search ?? "").isEmpty
        return CoarseWindow(lower: intake.coarseLower - 86_400, upper: intake.coarseUpper + 86_400,
                            text: text, attendees: text || counted || options.me != nil, categories: text || counted)
    }

    /// Sees each event before it is kept: a caller that counts occurrences
    /// turns what it needs of an event's text into a number there
    /// (`Event.ordinal`) and lets the rest go.
    package var adding: ((inout Event) -> Void)?

    package func add(_ event: consuming Event) {
        guard let adding else { return intake.add(event) }
        var event = event
        adding(&event)
        intake.add(event)
    }

    package func settle() -> Settlement {
        settle(releasingInput: false)
    }

    /// `settle()`; with `releasingInput`, what was added is let go once it
    /// is expanded (the settler is then empty), so that a caller who settles
    /// once does not hold every event it read through its output.
    package func settle(releasingInput: Bool) -> Settlement {
        settle(options, timeline: nil, releasingInput: releasingInput)
    }

    /// The viewer's timeline over the whole window: the one given, moved by
    /// the flights added with `travelFromEvents`.
    package func timeline() -> ZoneTimeline {
        Flights.timeline(options, singles: intake.flights, series: intake.allSeries, window: ExpansionWindow(options))
    }

    /// The dates `from ... to` of the window alone, settled on `timeline`
    /// (the whole window's, `timeline()`, so that a flight before them
    /// still moves the viewer), with their own work budget; what was added
    /// is kept, so that a caller settles a long window part after part and
    /// holds one part's occurrences at a time.
    package func settle(part from: LocalDate, to: LocalDate, timeline: ZoneTimeline) -> Settlement {
        settle(part: from, to: to, timeline: timeline, counting: nil)
    }

    /// `settle(part:to:timeline:)`, each occurrence it would keep handed
    /// to a counter (`OccurrenceCounter`, one a core of the expansion,
    /// made by `counting`) instead: the settlement keeps no occurrence,
    /// and its `counters` hold what was counted. `budget` replaces the
    /// part's work budget and each event's cap (`SettleOptions`), for a
    /// caller that settles at once what it would otherwise settle in
    /// several parts, each with its own.
    package func settle(part from: LocalDate, to: LocalDate, timeline: ZoneTimeline, counting: CounterMaker?,
                        budget: (instances: Int, cap: Int)? = nil) -> Settlement {
        var part = options
        part.from = max(from, options.from)
        part.to = min(to, options.to)
        if let budget { (part.instanceBudget, part.instanceCap) = budget }
        return settle(part, timeline: timeline, releasingInput: false, counting: counting)
    }

    private func settle(_ options: SettleOptions, timeline given: ZoneTimeline?, releasingInput: Bool,
                        counting: CounterMaker? = nil) -> Settlement {
        let window = ExpansionWindow(options)
        var series = intake.allSeries
        let timeline = given ?? Flights.timeline(options, singles: intake.flights, series: series, window: window)
        var days = DayGrid.days(from: options.from, to: options.to, timeline: timeline)
        let grid = DayGrid(days: days)
        var makeCounter: (@Sendable () -> any OccurrenceCounter)?
        if let counting {
            let gridDays = days
            makeCounter = { counting(gridDays) }
        }
        let placer = Placer(grid: grid, timeline: timeline, options: options, makeCounter: makeCounter)

        let singles = intake.singleOccurrences()
        let spillDiagnostic = intake.spillDiagnostic
        if releasingInput { intake = Intake(options: options) }
        let (parts, budgetDiagnostics) = Expansion.run(singles: singles, series: &series, releasing: releasingInput,
                                                       window: window, placer: placer)
        series = []  // expanded: with `releasingInput`, the input has gone
        var buckets = DayBuckets.merge(consume parts, days: window.dayCount, counting: options.countsDays)
        var diagnostics = budgetDiagnostics + buckets.diagnostics + buckets.outOfRangeDiagnostics
        if let spillDiagnostic { diagnostics.append(spillDiagnostic) }
        if options.countsDays { buckets.fill(&days, grid: grid) }

        var placed = PlacedOccurrences()
        swap(&placed, &buckets.placed)
        // Moved into output order where each day's entries are listed
        // (they are read in that order, day by day); `occurrences` reads
        // them in pieces where they lie (`SettledOccurrences.view`).
        let (kept, order) = Ordering.sorted(consume placed, moving: options.listDays)
        var lists = DayRanges(listedUntil: days.count)
        if options.listDays && !kept.isEmpty {
            let entryBudget = options.entryBudget ?? WorkBudget.entries(days: window.dayCount)
            let (ranges, warning) = Ordering.dayRanges(days, kept: kept, order: order, placed: buckets, entryBudget: entryBudget)
            lists = ranges
            if let warning { diagnostics.append(warning) }
        }
        var settlement = Settlement(from: options.from, to: options.to, timeline: timeline,
                                    occurrences: kept, days: days, lists: lists, diagnostics: diagnostics)
        settlement.me = options.me
        settlement.counters = buckets.counters
        return settlement
    }

    /// The union of intervals, in order (`DayGrid.union`).
    static func union(_ intervals: [Range<Instant>]) -> [Range<Instant>] {
        DayGrid.union(intervals)
    }
}
