import Dispatch
import EventModel
import Synchronization

/// What to settle and how.
public struct SettleOptions: Sendable {
    /// The window: inclusive local dates.
    public var from: LocalDate
    public var to: LocalDate
    public var timeline: ZoneTimeline
    /// An event whose start and end carry different zones (a flight) moves
    /// the timeline to the end's zone at its end.
    public var travelFromEvents = false
    /// Events this attendee declined are not busy.
    public var me: String?
    /// All-day events count as busy.
    public var allDayBusy = false
    /// Instances generated per recurring event per window, at most
    /// (`too-many-instances`).
    public var instanceCap = 100_000
    /// Instances generated from rules across all events per window, at
    /// most; nil for `WorkBudget.instances(days:)` (`work-budget`).
    public var instanceBudget: Int?
    /// Occurrence-days listed in the days' entries, at most; nil for
    /// `WorkBudget.entries(days:)` (`work-budget`).
    public var entryBudget: Int?
    /// Build each day's list of entries (`occurrences` prints none).
    public var listDays = true
    /// Which occurrences to keep (`--calendar`, `--search`); flights move
    /// the timeline whatever it says.
    public var filter = EventFilter()
    /// Keep the occurrences and each day's entries; without, days carry
    /// only their busy time and event count (heatmaps of long windows).
    public var keepOccurrences = true

    public init(from: LocalDate, to: LocalDate, timeline: ZoneTimeline) {
        self.from = from
        self.to = to
        self.timeline = timeline
    }

    /// The longest window we settle, in days (about 270 years).
    public static let maximumDays = 100_000
}

/// `--calendar` (any of the names) and `--search` (in title, location and
/// description), both case-insensitive.
public struct EventFilter: Sendable {
    public var calendars: [String] = []
    public var search: String?

    public init(calendars: [String] = [], search: String? = nil) {
        self.calendars = calendars.map { $0.lowercased() }
        self.search = search?.lowercased()
    }

    public var isEmpty: Bool { calendars.isEmpty && (search ?? "").isEmpty }

    public func matches(_ event: Event) -> Bool {
        if !calendars.isEmpty && !calendars.contains(event.calendar.lowercased()) { return false }
        guard let search, !search.isEmpty else { return true }
        let texts = [event.title, event.description ?? "", event.location?.name ?? "", event.location?.city ?? ""]
        return texts.contains { $0.lowercased().contains(search) }
    }
}

/// Takes events as they stream in and settles one window: keeps single
/// events near the window, recurring masters and their overrides, and the
/// zone changes of flights; then expands, places and buckets.
public final class Settler {
    private let options: SettleOptions
    /// The window widened by two days each side, as UTC (or wall) seconds:
    /// no zone moves a date further than that.
    private let coarseLower: Int64
    private let coarseUpper: Int64
    private var singles: [(record: EventRecord, order: Int)] = []
    /// The winning (SEQUENCE, order) per calendar and UID among single
    /// events, by a 64-bit hash of both: small enough to keep for every event.
    private var claims: [UInt64: (sequence: Int, order: Int)] = [:]
    private var series: [ClaimKey: Series] = [:]
    private var seriesOrder: [ClaimKey] = []
    private var flights: [ZoneTimeline.Change] = []
    private var order = 0

    private struct ClaimKey: Hashable {
        var calendar: String
        var uid: String
    }

    public init(options: SettleOptions) {
        self.options = options
        coarseLower = (options.from.daysSinceEpoch - 2) * 86_400
        coarseUpper = (options.to.daysSinceEpoch + 3) * 86_400
    }

    /// Single events wholly outside this window never show: they may be
    /// read without their text (description, location, attendees,
    /// categories). A day wider than the test for keeping them.
    public var textWindow: CoarseWindow {
        CoarseWindow(lower: coarseLower - 86_400, upper: coarseUpper + 86_400)
    }

    public func add(_ event: consuming Event) {
        order += 1
        if event.isRecurring || event.recurrenceID != nil {
            let key = ClaimKey(calendar: event.calendar, uid: event.uid)
            if series[key] == nil { seriesOrder.append(key) }
            // A master that cannot reach the window keeps only what its
            // overrides need: memory stays with the window, not the file.
            if !mayNeedFields(event) { Settler.strip(&event) }
            series[key, default: Series()].add(event, order: order)
            return
        }
        let key = Settler.claimKey(event)
        if options.travelFromEvents, let change = Settler.travel(start: event.start, end: event.end, status: event.status) {
            flights.append(change)
        }
        if let claim = claims[key], (claim.sequence, claim.order) > (event.sequence, order) { return }
        claims[key] = (event.sequence, order)
        let (low, high) = Settler.approximateSpan(event.start, event.end)
        if low < coarseUpper && (high > coarseLower || low >= coarseLower) { singles.append((EventRecord(event), order)) }
    }

    public func settle() -> Settlement {
        var diagnostics: [Diagnostic] = []
        let lower = coarseLower - 86_400, upper = coarseUpper + 86_400
        let dayCount = Int(options.to.daysSinceEpoch - options.from.daysSinceEpoch) + 1
        // The window's own dates in wall seconds: what a cut keeps first.
        let core = options.from.daysSinceEpoch * 86_400..<(options.to.daysSinceEpoch + 1) * 86_400
        let instanceBudget = options.instanceBudget ?? WorkBudget.instances(days: dayCount)
        let allSeries = seriesOrder.map { series[$0]! }
        // Flights among recurring events move the timeline too: with
        // --travel-from-events, a first pass finds them (within the budget).
        var recurringFlights: [ZoneTimeline.Change] = []
        if options.travelFromEvents {
            var remaining = instanceBudget
            for one in allSeries {
                var generated = 0
                for occurrence in one.occurrences(lower: lower, upper: upper, core: core, cap: options.instanceCap, limit: remaining,
                                                  generated: &generated, diagnostic: { _ in }) {
                    if let change = Settler.travel(start: occurrence.start, end: occurrence.end, status: occurrence.event.status) {
                        recurringFlights.append(change)
                    }
                }
                remaining = max(0, remaining - generated)
            }
        }
        // Flights first, so a --travel at the same instant wins.
        let timeline = flights.isEmpty && recurringFlights.isEmpty ? options.timeline
            : ZoneTimeline(base: options.timeline.base, changes: flights + recurringFlights + options.timeline.changes)

        var days: [LocalDay] = []
        days.reserveCapacity(dayCount)
        var date = options.from
        while date <= options.to {
            let intervals = timeline.intervals(of: date)
            days.append(LocalDay(date: date, intervals: intervals, zones: timeline.zones(on: date, intervals: intervals),
                                 entries: [], busyIntervals: []))
            date = date.adding(days: 1)
        }
        let grid = DayGrid(days: days)

        // Each occurrence is placed as it is expanded: a range of days on
        // the grid; only with `keepOccurrences` is it kept, so a year of
        // busy time holds intervals, not occurrences. Single events and
        // each half of the series are settled on their own core, sharing
        // the work budget, then merged in order.
        var singleList: [Occurrence] = []
        for (record, order) in singles {
            let event = record.event
            guard let claim = claims[Settler.claimKey(event)], claim.order == order else { continue }
            singleList.append(Occurrence(record: record, start: event.start, end: event.end, recurrenceID: nil))
        }
        singles = []
        let singleOccurrences = singleList
        let options = self.options
        let numbered = Array(allSeries.enumerated())
        let half = (numbered.count + 1) / 2
        let chunks = [numbered[..<half], numbered[half...]]
        let spent = Atomic<Int>(0)
        var partials = Array(repeating: Partial(days: dayCount), count: chunks.count)
        partials.withUnsafeMutableBufferPointer { buffer in
            let results = UnsafeSendable(buffer)
            DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                var partial = Partial(days: dayCount)
                if index == 0 {
                    for occurrence in singleOccurrences { Settler.take(occurrence, into: &partial, grid: grid, timeline: timeline, options: options) }
                }
                for (position, one) in chunks[index] {
                    if spent.load(ordering: .relaxed) > instanceBudget { break }
                    var generated = 0
                    let expanded = one.occurrences(lower: lower, upper: upper, core: core, cap: options.instanceCap, limit: options.instanceCap,
                                                   generated: &generated) { partial.diagnostics.append($0) }
                    spent.add(generated, ordering: .relaxed)
                    partial.loads.append((position, generated))
                    for occurrence in expanded { Settler.take(occurrence, into: &partial, grid: grid, timeline: timeline, options: options) }
                }
                results.value[index] = partial
            }
        }
        if spent.load(ordering: .relaxed) > instanceBudget {
            // Over the budget: again on one core in input order, so that
            // which series are cut never depends on timing.
            var partial = Partial(days: dayCount)
            for occurrence in singleOccurrences { Settler.take(occurrence, into: &partial, grid: grid, timeline: timeline, options: options) }
            var remaining = instanceBudget
            var cut: [Event] = []
            for (position, one) in numbered {
                var generated = 0
                let expanded = one.occurrences(lower: lower, upper: upper, core: core, cap: options.instanceCap, limit: remaining,
                                               generated: &generated) { partial.diagnostics.append($0) }
                if generated > remaining && remaining < options.instanceCap, let master = one.master { cut.append(master.event) }
                let used = min(generated, remaining)
                remaining -= used
                partial.loads.append((position, used))
                for occurrence in expanded { Settler.take(occurrence, into: &partial, grid: grid, timeline: timeline, options: options) }
            }
            let loads = partial.loads.compactMap { load in allSeries[load.position].master.map { (event: $0.event, amount: load.generated) } }
            let heaviest = loads.max { $0.amount < $1.amount }
            let names = cut.prefix(3).map(WorkBudget.name).joined(separator: ", ")
            let more = cut.count > 3 ? " and \(cut.count - 3) more" : ""
            diagnostics.append(Diagnostic(.warning, .workBudget, at: heaviest?.event.source ?? cut.first!.source,
                "the recurring events of this window generate more than \(instanceBudget) instances (the work budget for "
                + "\(dayCount) day\(dayCount == 1 ? "" : "s")); \(cut.count) event\(cut.count == 1 ? " keeps" : "s keep") "
                + "fewer instances or none: \(names)\(more); the heaviest: "
                + WorkBudget.heaviest(loads, unit: "instances")))
            partials = [partial]
        }

        var placedOccurrences: [SettledOccurrence] = []
        var placements: [ClosedRange<Int>] = []
        var moreRanges: [Int: [ClosedRange<Int>]] = [:]
        var counts = Array(repeating: 0, count: dayCount + 1)
        var allDayBusy = Array(repeating: 0, count: dayCount + 1)
        var busy: [Range<Instant>] = []
        var outOfRange: [ClaimKey: Event] = [:]
        for chunk in partials.indices {
            diagnostics += partials[chunk].diagnostics
            outOfRange.merge(partials[chunk].outOfRange) { first, _ in first }
            for (key, ranges) in partials[chunk].moreRanges { moreRanges[key + placedOccurrences.count] = ranges }
            if placedOccurrences.isEmpty {
                swap(&placedOccurrences, &partials[chunk].placed)
                swap(&placements, &partials[chunk].placements)
            } else {
                placedOccurrences += partials[chunk].placed
                placements += partials[chunk].placements
            }
            partials[chunk].placed = []
            partials[chunk].placements = []
            for index in counts.indices {
                counts[index] += partials[chunk].counts[index]
                allDayBusy[index] += partials[chunk].allDayBusy[index]
            }
            busy += partials[chunk].busy
            partials[chunk].busy = []
        }
        for event in outOfRange.values.sorted(by: { ($0.source.file, $0.source.line, $0.uid) < ($1.source.file, $1.source.line, $1.uid) }) {
            diagnostics.append(Diagnostic(.warning, .dateOutOfRange, at: event.source,
                "\(WorkBudget.name(event)) has an occurrence that starts or ends outside years 1 to 9999; "
                + "shown as starting or ending at the edge (0001-01-01 or 9999-12-31)"))
        }
        // Counts and all-day busy days from their ranges; timed busy time
        // in one sweep.
        let clipped = grid.clip(busy, days: dayCount)
        busy = []
        var running = 0, runningAllDay = 0
        for index in days.indices {
            running += counts[index]
            runningAllDay += allDayBusy[index]
            days[index].eventCount = running
            let whole = runningAllDay > 0 ? days[index].intervals : []
            days[index].busyIntervals = Settler.union(whole + clipped[index])
        }

        // Sort positions, not the (large) occurrences themselves; then list
        // each day's, from the ranges found while settling.
        let order = placedOccurrences.indices.sorted { Settler.startOrder(placedOccurrences[$0], placedOccurrences[$1]) }
        let kept = order.map { placedOccurrences[$0] }
        placedOccurrences = []
        if options.listDays && !kept.isEmpty {
            let entryBudget = options.entryBudget ?? WorkBudget.entries(days: dayCount)
            var listed = days.count, total = 0
            for index in days.indices {
                total += days[index].eventCount
                if total > entryBudget && listed == days.count { listed = index }
            }
            for (index, original) in order.enumerated() {
                let occurrence = kept[index]
                for range in [placements[original]] + (moreRanges[original] ?? []) {
                    let high = min(range.upperBound, listed - 1)
                    guard range.lowerBound <= high else { continue }
                    for day in range.lowerBound...high {
                        days[day].entries.append(LocalDay.Entry(occurrence: index, part: Settler.part(occurrence, on: days[day].date)))
                    }
                }
            }
            for index in days.indices where days[index].entries.count > 1 {
                days[index].entries.sort { a, b in Settler.dayOrder(kept[a.occurrence], kept[b.occurrence]) }
            }
            if listed < days.count {
                // The events listed most, by calendar and uid.
                var byEvent: [ClaimKey: (event: Event, amount: Int)] = [:]
                for (index, original) in order.enumerated() {
                    let event = kept[index].event
                    let amount = ([placements[original]] + (moreRanges[original] ?? [])).reduce(0) { $0 + $1.count }
                    byEvent[ClaimKey(calendar: event.calendar, uid: event.uid), default: (event, 0)].amount += amount
                }
                let loads = byEvent.values.sorted { ($0.event.calendar, $0.event.uid) < ($1.event.calendar, $1.event.uid) }
                let heaviest = loads.max { $0.amount < $1.amount }!
                diagnostics.append(Diagnostic(.warning, .workBudget, at: heaviest.event.source,
                    "the days of this window would list \(total) events in all, more than \(entryBudget) (the work budget for "
                    + "\(dayCount) day\(dayCount == 1 ? "" : "s")): the days from \(days[listed].date) on list none of their events "
                    + "(their event count and busy time still count them); listed most: "
                    + WorkBudget.heaviest(loads, unit: "days")))
            }
        }
        return Settlement(from: options.from, to: options.to, timeline: timeline,
                          occurrences: kept, days: days, diagnostics: diagnostics)
    }

    // MARK: Placing

    /// What one core settles: event counts and all-day busy days as
    /// differences per day (+1 where a range starts, -1 after it ends),
    /// timed busy intervals, the placed occurrences (when kept) with their
    /// days, the instances each series generated, diagnostics.
    private struct Partial {
        var counts: [Int]
        var allDayBusy: [Int]
        var busy: [Range<Instant>] = []
        var placed: [SettledOccurrence] = []
        /// The days each kept occurrence lands on (parallel to `placed`);
        /// with travel, rarely, more ranges in `moreRanges`.
        var placements: [ClosedRange<Int>] = []
        var moreRanges: [Int: [ClosedRange<Int>]] = [:]
        var diagnostics: [Diagnostic] = []
        /// Instances generated, by position of the series in input order.
        var loads: [(position: Int, generated: Int)] = []
        /// Events with a time outside years 1 to 9999, clamped.
        var outOfRange: [ClaimKey: Event] = [:]

        init(days: Int) {
            counts = Array(repeating: 0, count: days + 1)
            allDayBusy = Array(repeating: 0, count: days + 1)
        }
    }

    /// Places one occurrence on its days, counting it and its busy time:
    /// a constant amount of work however many days it covers.
    private static func take(_ occurrence: Occurrence, into partial: inout Partial, grid: DayGrid,
                             timeline: ZoneTimeline, options: SettleOptions) {
        if !options.filter.isEmpty && !options.filter.matches(occurrence.event) { return }
        var occurrence = occurrence
        if !Settler.clamp(&occurrence.start) || !Settler.clamp(&occurrence.end) {
            let event = occurrence.event
            if partial.outOfRange[ClaimKey(calendar: event.calendar, uid: event.uid)] == nil {
                partial.outOfRange[ClaimKey(calendar: event.calendar, uid: event.uid)] = event
            }
        }
        let settled = place(occurrence, timeline: timeline, options: options)
        let ranges = dayRanges(settled, grid: grid, options: options)
        guard let first = ranges.first else { return }
        for range in ranges {
            partial.counts[range.lowerBound] += 1
            partial.counts[range.upperBound + 1] -= 1
            if settled.busy && settled.isAllDay {
                partial.allDayBusy[range.lowerBound] += 1
                partial.allDayBusy[range.upperBound + 1] -= 1
            }
        }
        if settled.busy && !settled.isAllDay && settled.startUTC < settled.endUTC {
            partial.busy.append(settled.startUTC..<settled.endUTC)
        }
        if options.keepOccurrences {
            if ranges.count > 1 { partial.moreRanges[partial.placed.count] = Array(ranges.dropFirst()) }
            partial.placed.append(settled)
            partial.placements.append(first)
        }
    }

    private static func place(_ occurrence: Occurrence, timeline: ZoneTimeline, options: SettleOptions) -> SettledOccurrence {
        let start = Settler.utc(occurrence.start, timeline)
        let end = max(start, Settler.utc(occurrence.end, timeline))
        let first: LocalDate, last: LocalDate
        if case .date(let startDate) = occurrence.start {
            first = startDate
            if case .date(let endDate) = occurrence.end, endDate > startDate { last = endDate.adding(days: -1) }
            else { last = startDate }
        } else {
            first = timeline.localDate(of: start)
            last = end > start ? timeline.localDate(of: end.adding(milliseconds: -1)) : first
        }
        return SettledOccurrence(occurrence: occurrence, startUTC: start, endUTC: end,
                                 busy: isBusy(occurrence, options: options), firstDate: first, lastDate: last)
    }

    private static func isBusy(_ occurrence: Occurrence, options: SettleOptions) -> Bool {
        let event = occurrence.event
        guard event.status != .cancelled, event.transparency == .opaque else { return false }
        if occurrence.isAllDay && !options.allDayBusy { return false }
        if let me = options.me?.lowercased(),
           event.attendees.contains(where: { $0.email?.lowercased() == me && $0.partstat == "DECLINED" }) {
            return false
        }
        return true
    }

    /// The window's days an occurrence lands on, as ranges of day indices:
    /// an all-day one on its dates, a zero-length one on the date of its
    /// start, any other on every day whose time it overlaps.
    private static func dayRanges(_ occurrence: SettledOccurrence, grid: DayGrid, options: SettleOptions) -> [ClosedRange<Int>] {
        let windowStart = options.from.daysSinceEpoch, windowEnd = options.to.daysSinceEpoch
        if occurrence.isAllDay || occurrence.startUTC == occurrence.endUTC {
            let low = max(occurrence.firstDate.daysSinceEpoch, windowStart)
            let high = min(occurrence.isAllDay ? occurrence.lastDate.daysSinceEpoch : occurrence.firstDate.daysSinceEpoch, windowEnd)
            return low <= high ? [Int(low - windowStart)...Int(high - windowStart)] : []
        }
        return grid.days(overlapping: occurrence.startUTC, occurrence.endUTC)
    }

    /// Keeps `time` within years 1 to 9999 (the years we print, and those
    /// of our JSON schemas): an instant also on its own zone's wall clock.
    /// Dates are clamped here, where settling computes them (an end from a
    /// DURATION of two million years), so that no output sees them.
    /// False when it had to move.
    static func clamp(_ time: inout EventTime) -> Bool {
        let first = LocalDateTime(date: LocalDate(year: 1, month: 1, day: 1)!, hour: 0, minute: 0, second: 0)!
        let last = LocalDateTime(date: LocalDate(year: 9999, month: 12, day: 31)!, hour: 23, minute: 59, second: 59)!
        switch time {
        case .instant(let instant, let zone):
            guard instant < Instant.earliest.adding(seconds: 2 * 86_400) || instant > Instant.latest.adding(seconds: -2 * 86_400)
            else { return true }
            let low = max(Instant.earliest, (zone ?? .utc).instant(for: first))
            let high = min(Instant.latest, (zone ?? .utc).instant(for: last))
            let clamped = min(max(instant, low), high)
            guard clamped != instant else { return true }
            time = .instant(clamped, zone: zone)
        case .floating(let local):
            guard local < first || local > last else { return true }
            time = .floating(local < first ? first : last)
        case .date(let date):
            guard date.year < 1 || date.year > 9999 else { return true }
            time = .date(date.year < 1 ? first.date : last.date)
        }
        return false
    }

    /// How an occurrence covers one of its dates.
    static func part(_ occurrence: SettledOccurrence, on date: LocalDate) -> DayPart {
        if occurrence.firstDate == occurrence.lastDate { return .whole }
        if date == occurrence.firstDate { return .first }
        if date == occurrence.lastDate { return .last }
        return .middle
    }

    // MARK: Helpers

    static func claimKey(_ event: Event) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in event.calendar.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash = (hash ^ 0xff) &* 0x100_0000_01b3
        for byte in event.uid.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// Whether the component's own fields may show in the window: an
    /// override's when it lies near the window (or shifts later ones), a
    /// master's when any instance can reach it.
    private func mayNeedFields(_ event: Event) -> Bool {
        guard let id = event.recurrenceID else { return mayReachWindow(event) }
        if id.thisAndFuture { return true }
        let (low, high) = Settler.approximateSpan(event.start, event.end)
        return low < coarseUpper + 86_400 && high + 86_400 > coarseLower
    }

    /// Whether any instance of a master can touch the coarse window: not
    /// when everything starts after it, nor when every rule ends (UNTIL, or
    /// COUNT up to 100,000 instances) well before it.
    private func mayReachWindow(_ event: Event) -> Bool {
        let starts = [event.start] + event.recurrence.dates.map(\.start)
        let earliest = starts.map { Settler.approximateSpan($0, $0).0 }.min()!
        if earliest >= coarseUpper + 86_400 { return false }
        let frame = Frame(event.start)
        let length = InstanceLength(start: event.start, end: event.end, duration: event.duration).boundSeconds
        var latest = event.recurrence.dates.map { date -> Int64 in
            if case .period(_, let end) = date { return Settler.approximateSpan(end, end).0 }
            return Settler.approximateSpan(date.start, date.start).0 + length
        }.max() ?? Int64.min
        latest = max(latest, Settler.approximateSpan(event.start, event.end).1)
        for rule in event.recurrence.rules {
            if let until = rule.until {
                latest = max(latest, Settler.approximateSpan(until, until).0 + length)
            } else if let count = rule.count, count <= 100_000 {
                var last = frame.wall(event.start)
                var gaveUp = false
                Series.expander(for: rule, of: event, frame: frame, countsStart: true)
                    .instances(from: RuleExpander.startOfTime, to: RuleExpander.endOfTime, gaveUp: &gaveUp) { last = $0; return true }
                if gaveUp { return true }  // unknown: keep it whole
                latest = max(latest, last + length)
            } else {
                return true
            }
        }
        // Two days of margin: wall clocks and UTC differ by at most 26 hours.
        return latest + 2 * 86_400 > coarseLower
    }

    /// A component outside the window, kept for how it shapes the series only.
    static func strip(_ event: inout Event) {
        event.description = nil
        event.location = nil
        event.attendees = []
        event.categories = []
    }

    /// A flight: start and end with different zones; not when cancelled.
    static func travel(start: EventTime, end: EventTime, status: Event.Status?) -> ZoneTimeline.Change? {
        guard status != .cancelled, case .instant(_, let from?) = start, case .instant(let arrival, let to?) = end,
              from != to else { return nil }
        return ZoneTimeline.Change(at: arrival, zone: to)
    }

    /// Seconds on a near-UTC scale, for the coarse window test.
    static func approximateSpan(_ start: EventTime, _ end: EventTime) -> (Int64, Int64) {
        let low = start.approximateSeconds
        return (low, max(low, end.approximateSeconds))
    }

    static func utc(_ time: EventTime, _ timeline: ZoneTimeline) -> Instant {
        switch time {
        case .instant(let instant, _): instant
        case .floating(let local): timeline.instant(forFloating: local)
        case .date(let date): timeline.instant(forFloating: LocalDateTime(date: date, hour: 0, minute: 0, second: 0)!)
        }
    }

    /// Output order: by start, end, title, uid, then original start.
    static func startOrder(_ a: SettledOccurrence, _ b: SettledOccurrence) -> Bool {
        if a.startUTC != b.startUTC { return a.startUTC < b.startUTC }
        if a.endUTC != b.endUTC { return a.endUTC < b.endUTC }
        if a.event.title != b.event.title { return a.event.title < b.event.title }
        if a.event.uid != b.event.uid { return a.event.uid < b.event.uid }
        return (a.occurrence.recurrenceID?.iso8601 ?? "") < (b.occurrence.recurrenceID?.iso8601 ?? "")
    }

    /// Order within a day (SEMANTICS.md section 4): all-day first, then
    /// by start, end, title, uid.
    static func dayOrder(_ a: SettledOccurrence, _ b: SettledOccurrence) -> Bool {
        if a.isAllDay != b.isAllDay { return a.isAllDay }
        return startOrder(a, b)
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

/// A buffer each concurrent iteration writes its own slot of.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
