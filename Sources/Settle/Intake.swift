import EventModel
import Plumbing

/// Events as they stream in, sorted for one window: single events near
/// the window, each series (master and overrides), the claims that decide
/// which of several single events with one UID shows, and the zone changes
/// of single-event flights. Components that cannot show in the window are
/// kept without their text, or not at all: memory follows the window, not
/// the file.
struct Intake {
    /// The window widened by two days each side, as UTC (or wall) seconds:
    /// no zone moves a date further than that.
    let coarseLower: Int64
    let coarseUpper: Int64
    let travelFromEvents: Bool
    /// With each its claim key, hashed once as it was added (hashed again
    /// when settling, 4,088 single events took a millisecond on one core).
    private var singles: [(record: EventRecord, order: Int, key: UInt64)] = []
    /// The winning (SEQUENCE, order) per calendar and UID among single
    /// events, by a 64-bit hash of both. An event far from the window with
    /// SEQUENCE 0 and a key not seen before claims nothing: every later
    /// event of its key outranks it (ties go to the later one), except one
    /// with a negative SEQUENCE, so only its key is kept, in `unclaimed`
    /// (8 bytes, where a claim costs about 40 in the dictionary).
    private var claims: [UInt64: (sequence: Int, order: Int)] = [:]
    private var unclaimed = Blocks<UInt64>()
    /// `unclaimed` as a set, made at the first negative SEQUENCE.
    private var unclaimedSet: Set<UInt64>?
    /// Each series' position in `seriesList` (input order of its first
    /// component), or `~index` in `dormant`, by its calendar and UID.
    private var series = SeriesLookup()
    private var seriesList: [Series] = []
    /// Series whose components all lie far from the window.
    private var dormant: SpilledSeries
    /// Whether a dormant series has joined `seriesList`, out of input order.
    private var wokenAtIntake = false
    /// Zone changes of single events that are flights (`--travel-from-events`).
    private(set) var flights: [ZoneTimeline.Change] = []
    private var order = 0
    /// Instances the intake may generate, in all, to find where COUNT
    /// series end (`mayReachWindow`): a million, and 200 more for each
    /// master read, so that the work stays in step with the input and a
    /// file of many short COUNT series keeps each far one dormant (with a
    /// fixed allowance, a file of many short series ran out of it early and
    /// kept the rest whole).
    /// Past it, series are kept whole (expansion decides, under its own
    /// budget).
    private var countBudget = 1_000_000
    private static let countBudgetPerMaster = 200
    /// Rules and titles that series share, kept once.
    private var rules = Interner<[RecurrenceRule]>()
    private var titles = Interner<String>(limit: 1 << 14)

    init(options: SettleOptions) {
        coarseLower = (options.from.daysSinceEpoch - 2) * 86_400
        coarseUpper = (options.to.daysSinceEpoch + 3) * 86_400
        travelFromEvents = options.travelFromEvents
        dormant = SpilledSeries(spill: SpillFile(holdLimit: options.farSeriesMemoryLimit))
    }

    mutating func add(_ event: consuming Event) {
        order += 1
        if event.isRecurring || event.recurrenceID != nil {
            addToSeries(event)
            return
        }
        let key = Intake.claimKey(event)
        if travelFromEvents, let change = Flights.change(start: event.start, end: event.end, status: event.status) {
            flights.append(change)
        }
        let (low, high) = Intake.approximateSpan(event.start, event.end)
        let near = low < coarseUpper && (high > coarseLower || low >= coarseLower)
        if let claim = claims[key] {
            if (claim.sequence, claim.order) > (event.sequence, order) { return }
        } else if event.sequence < 0 && unclaimedContains(key) {
            // An earlier event of SEQUENCE 0 outranks it (and shows nowhere).
            claims[key] = (0, 0)
            return
        } else if !near && event.sequence == 0 {
            unclaimed.append(key)
            unclaimedSet?.insert(key)
            return
        }
        claims[key] = (event.sequence, order)
        if near { singles.append((EventRecord(event), order, key)) }
    }

    /// A master or override joins its series. A master none of whose
    /// instances comes near the window keeps only what its overrides need
    /// (no text); an override that shows on no day, only the instance it
    /// takes. While all of a series' components are such far ones, it
    /// stays dormant (`SpilledSeries`); any other component wakes it.
    private mutating func addToSeries(_ event: consuming Event) {
        event.title = titles(event.title)
        let (needed, far) = classify(event)
        if !needed { Intake.strip(&event) }
        if !event.recurrence.rules.isEmpty { event.recurrence.rules = rules(event.recurrence.rules) }
        let farComponent: Series.FarComponent? = if !far { nil }
            else if let id = event.recurrenceID { .override(Series.FarOverride(event, recurrenceID: id.time, order: order)) }
            else { .master(Series.Master(event, order: order)) }

        let (known, slot) = series.find(event) { value in
            value < 0 ? dormant.hasNames(~value, uid: event.uid, calendar: event.calendar)
                : seriesList[value].names.uid.hasSameBytes(as: event.uid)
                    && seriesList[value].names.calendar.hasSameBytes(as: event.calendar)
        }
        var position = seriesList.count
        if let known, known < 0 {
            if let farComponent {
                dormant.add(farComponent, to: ~known)
                return
            }
            series.store(position, in: slot)
            seriesList.append(dormant.wakeForGood(~known))
            wokenAtIntake = true
        } else if let known {
            position = known
        } else if let farComponent {
            series.store(~dormant.create(uid: event.uid, calendar: event.calendar, first: farComponent), in: slot)
            return
        } else {
            series.store(position, in: slot)
        }
        let isNew = position == seriesList.count
        if isNew { seriesList.append(Series()) }
        if let farComponent {
            seriesList[position].add(farComponent, uid: event.uid, calendar: event.calendar)
        } else {
            // One copy of the text for the whole series.
            if !isNew { (event.uid, event.calendar) = seriesList[position].names }
            seriesList[position].add(event, order: order)
        }
    }

    /// An error when components of dormant series could not be read
    /// back from their temporary file.
    var spillDiagnostic: Diagnostic? { dormant.lossDiagnostic }

    private mutating func unclaimedContains(_ key: UInt64) -> Bool {
        if unclaimedSet == nil { unclaimedSet = Set(unclaimed.all) }
        return unclaimedSet!.contains(key)
    }

    /// The series to expand, in input order (of their first component):
    /// all but the dormant ones, except those that may draw a warning
    /// whatever the window (`SpilledSeries.wakesForDiagnostics`).
    var allSeries: [Series] {
        let woken = dormant.wakesForDiagnostics
        guard wokenAtIntake || !woken.isEmpty else { return seriesList }
        let all = seriesList + woken.map { dormant.wake($0) }
        let firstOrders = all.map(\.firstOrder)
        return all.indices.sorted { firstOrders[$0] < firstOrders[$1] }.map { all[$0] }
    }

    /// The single events that won their claim, as occurrences in input
    /// order. Reads only: settling twice gives them twice.
    func singleOccurrences() -> [Occurrence] {
        var result: [Occurrence] = []
        result.reserveCapacity(singles.count)
        for (record, order, key) in singles {
            // The fields read where the record keeps them: a copy of the
            // event retained and released every reference in it.
            guard let claim = claims[key], claim.order == order else { continue }
            result.append(Occurrence(record: record, start: record.event.start, end: record.event.end, recurrenceID: nil))
        }
        return result
    }

    static func claimKey(_ event: Event) -> UInt64 {
        ClaimKey.stableHash(calendar: event.calendar, uid: event.uid)
    }

    /// Whether the component's own fields may show in the window (`needed`):
    /// an override's when it lies near the window (or shifts later ones), a
    /// master's when any instance can reach it. And whether it is far
    /// (`far`): a master none of whose own instances comes near the window,
    /// an override that shows on no day of it (`showsNowhere`); with
    /// `--travel-from-events` no master is, since its flights move the
    /// timeline of later days.
    private mutating func classify(_ event: Event) -> (needed: Bool, far: Bool) {
        guard let id = event.recurrenceID else {
            let reaches = mayReachWindow(event)
            // Walked for a master without text too (a heatmap's): its
            // series stays dormant when it finds nothing.
            let near = reaches && hasInstanceNearWindow(event)
            // A master read without text (a heatmap's) has nothing to strip.
            return (reaches && (event.heldBoxes.text == nil || near), !near && !travelFromEvents)
        }
        if id.thisAndFuture { return (true, false) }
        let (low, high) = Intake.approximateSpan(event.start, event.end)
        let needed = low < coarseUpper + 86_400 && high + 86_400 > coarseLower
        return (needed, !needed && showsNowhere(event))
    }

    /// Whether an override away from the window does nothing there but
    /// take its instance: not a flight that moves the viewer's timeline
    /// (`--travel-from-events`), nor one as long as its master's instances
    /// (its end unknown yet), nor one whose times are clamped into the
    /// printable years (which is reported).
    private func showsNowhere(_ event: Event) -> Bool {
        let (low, high) = Intake.approximateSpan(event.start, event.end)
        return !travelFromEvents && !event.endFromMaster && event.recurrenceID?.thisAndFuture == false
            && low > RuleExpander.startOfTime + 3 * 86_400 && high < RuleExpander.endOfTime - 3 * 86_400
    }

    /// Whether any instance of a master can touch the coarse window: not
    /// when everything starts after it, nor when every rule ends (UNTIL, or
    /// COUNT up to 100,000 instances) well before it.
    private mutating func mayReachWindow(_ event: Event) -> Bool {
        let starts = [event.start] + event.recurrence.dates.map(\.start)
        let earliest = starts.map { Intake.approximateSpan($0, $0).0 }.min()!
        // Expansion walks up to four days past the window on the master's
        // wall clock, which runs up to 12 hours behind UTC: two days of
        // margin, so that a master called far generates nothing there.
        if earliest >= coarseUpper + 2 * 86_400 { return false }
        countBudget += Intake.countBudgetPerMaster
        let frame = Frame(event.start)
        let length = InstanceLength(start: event.start, end: event.end, duration: event.duration).boundSeconds
        var latest = event.recurrence.dates.map { date -> Int64 in
            if case .period(_, let end) = date { return Intake.approximateSpan(end, end).0 }
            return Intake.approximateSpan(date.start, date.start).0 + length
        }.max() ?? Int64.min
        latest = max(latest, Intake.approximateSpan(event.start, event.end).1)
        for rule in event.recurrence.rules {
            if let until = rule.until {
                latest = max(latest, Intake.approximateSpan(until, until).0 + length)
            } else if let count = rule.count, count <= 100_000, countBudget >= count {
                var last = frame.wall(event.start)
                var gaveUp = false
                var budget = countBudget
                Series.expander(for: rule, of: event, frame: frame, countsStart: true)
                    .instances(from: RuleExpander.startOfTime, to: RuleExpander.endOfTime, gaveUp: &gaveUp) { wall in
                        last = wall
                        budget -= 1
                        return true
                    }
                countBudget = budget
                if gaveUp { return true }  // unknown: keep it whole
                latest = max(latest, last + length)
            } else {
                return true
            }
        }
        // Two days of margin: wall clocks and UTC differ by at most 26 hours.
        return latest + 2 * 86_400 > coarseLower
    }

    /// Whether one of a master's own instances (DTSTART, a rule's, an
    /// RDATE's) starts where its occurrence may touch the expansion window
    /// (with a day more each side): only then do its text and attendees
    /// show. Its shifted instances show a THISANDFUTURE override's fields;
    /// an RDATE PERIOD may outlast the window's margin, and a rule with
    /// COUNT would be walked from DTSTART again (`mayReachWindow` found it
    /// reaching the window): kept whole.
    private func hasInstanceNearWindow(_ event: Event) -> Bool {
        let recurrence = event.recurrence
        if recurrence.dates.contains(where: { if case .period = $0 { true } else { false } }) { return true }
        if recurrence.rules.contains(where: { $0.count != nil }) { return true }
        let frame = Frame(event.start)
        let length = InstanceLength(start: event.start, end: event.end, duration: event.duration).boundSeconds
        let from = coarseLower - 2 * 86_400 - length, to = coarseUpper + 2 * 86_400
        let walls = [frame.wall(event.start)] + recurrence.dates.map { frame.wall($0.start) }
        if walls.contains(where: { $0 >= from && $0 < to }) { return true }
        for rule in recurrence.rules {
            var found = false, gaveUp = false
            Series.expander(for: rule, of: event, frame: frame, countsStart: true)
                .instances(from: from, to: to, gaveUp: &gaveUp) { _ in found = true; return false }
            if found || gaveUp { return true }
        }
        return false
    }

    /// A component outside the window, kept for how it shapes the series only.
    static func strip(_ event: inout Event) {
        event.removeText()
    }

    /// Seconds on a near-UTC scale, for the coarse window test.
    static func approximateSpan(_ start: EventTime, _ end: EventTime) -> (Int64, Int64) {
        let low = start.approximateSeconds
        return (low, max(low, end.approximateSeconds))
    }
}
