import EventModel

/// A recurring master and its overrides (same calendar and UID), expanded
/// window by window (docs/semantics.md section 4).
struct Series {
    /// Overrides as read, with their order in the input (later wins ties).
    struct Component {
        var record: EventRecord
        var order: Int
        var event: Event { record.event }
    }

    /// A master as kept: its event's fields but the series' UID and
    /// calendar, in no object of its own (an `EventRecord` takes 256
    /// bytes). Its event is made again for each expansion (`event`), and
    /// a record only when an instance of it becomes an occurrence.
    struct Master {
        var start: EventTime
        var status: Event.Status?
        var transparency: Event.Transparency
        var endFromMaster: Bool
        var end: EventTime
        var sequence: Int
        var order: Int
        var title: String
        var source: SourcePosition
        var recurrence: Recurrence
        var boxes: (text: EventTextBox?, duration: DurationBox?)
        var type: Int?
        var ordinal: Int

        /// The master's event again, with the series' UID and calendar.
        func event(uid: String, calendar: String) -> Event {
            var event = Event(uid: uid, title: title, calendar: calendar, source: source, start: start, end: end)
            (event.status, event.transparency, event.endFromMaster) = (status, transparency, endFromMaster)
            (event.sequence, event.recurrence, event.heldBoxes) = (sequence, recurrence, boxes)
            (event.type, event.ordinal) = (type, ordinal)
            return event
        }
    }

    /// An override far from the window (`Intake`): it shows on no day,
    /// so only what it does to its master is kept: the instance it takes,
    /// and what the warning about an EXDATE that deletes that instance says.
    struct FarOverride {
        var recurrenceID: EventTime
        var cancelled: Bool
        var sequence: Int
        var order: Int
        var title: String
        var source: SourcePosition
    }

    /// Each kind apart (an empty array allocates nothing).
    private var masters: [Master] = []
    private(set) var overrides: [Component] = []
    private var farOverrides: [FarOverride] = []
    /// The UID and calendar of its first component (every one has the same).
    private(set) var names: (uid: String, calendar: String) = ("", "")

    mutating func add(_ event: consuming Event, order: Int) {
        if masters.isEmpty && overrides.isEmpty && farOverrides.isEmpty { names = (event.uid, event.calendar) }
        if event.recurrenceID == nil {
            masters.append(Master(event, order: order))
        } else {
            overrides.append(Component(record: EventRecord(event), order: order))
        }
    }

    /// A master or an override as kept far from the window: what a
    /// dormant series holds (`SpilledSeries`).
    enum FarComponent {
        case master(Master)
        case override(FarOverride)

        var order: Int {
            switch self {
            case .master(let master): master.order
            case .override(let override): override.order
            }
        }
    }

    /// A component kept far from the window (an override that shows on no
    /// day of it, not THISANDFUTURE, is kept as `FarOverride`).
    mutating func add(_ component: FarComponent, uid: String, calendar: String) {
        if masters.isEmpty && overrides.isEmpty && farOverrides.isEmpty { names = (uid, calendar) }
        switch component {
        case .master(let master): masters.append(master)
        case .override(let override): farOverrides.append(override)
        }
    }

    /// The input order of its first component: where it stands among series.
    var firstOrder: Int {
        min(masters.map(\.order).min() ?? .max, overrides.map(\.order).min() ?? .max, farOverrides.map(\.order).min() ?? .max)
    }

    /// Whether any master was read (without making its event).
    var hasMaster: Bool { !masters.isEmpty }

    /// Whether any override was read, kept whole or not.
    var hasOverrides: Bool { !overrides.isEmpty || !farOverrides.isEmpty }

    /// The master that wins (higher SEQUENCE, then the later one), as an event.
    var master: Event? {
        masters.max { ($0.sequence, $0.order) < ($1.sequence, $1.order) }.map { $0.event(uid: names.uid, calendar: names.calendar) }
    }

    /// What the series says whatever the window (an override of an
    /// instance its master's EXDATE deletes), as expansion says it.
    func windowlessDiagnostics(_ diagnostic: (Diagnostic) -> Void) {
        let master = self.master
        _ = Overrides(overrides, far: farOverrides, master: master, frame: master.map { Frame($0.start) },
                      diagnostic: diagnostic)
    }

    /// Every occurrence whose wall-clock span may touch [lower, upper)
    /// (wall seconds on the master's clock; callers filter exactly), with
    /// at most `cap` instances generated from the master's rules.
    func occurrences(lower: Int64, upper: Int64, cap: Int,
                     diagnostic: (Diagnostic) -> Void) -> [Occurrence] {
        var generated = 0
        return occurrences(lower: lower, upper: upper, cap: cap, limit: cap, generated: &generated, diagnostic: diagnostic)
    }

    /// The same, with the work budget's share: at most `limit` (no more
    /// than `cap`) instances are generated from the rules, and stopping
    /// there is the caller's to report (only passing `cap` is diagnosed
    /// here). `generated` is set to the number generated, one past the
    /// limit when it was reached and more were left.
    ///
    /// `core`, wall seconds inside [lower, upper), is where the window
    /// itself lies: when the limit cuts the rules' instances, those that
    /// start in the core (widened by the instances' length) are generated
    /// first, and the margins get what is left.
    ///
    /// In steps: the overrides that stand alone (`Overrides`), the reach
    /// of the window widened by lengths and shifts (`reach`), the original
    /// starts (`starts`), the EXRULE exclusions, then each start as the master's
    /// instance, a THISANDFUTURE override's, or nothing (`instances`).
    func occurrences(lower: Int64, upper: Int64, core: Range<Int64>? = nil, cap: Int, limit: Int, generated: inout Int,
                     diagnostic: (Diagnostic) -> Void) -> [Occurrence] {
        var scratch = Scratch()
        return occurrences(lower: lower, upper: upper, core: core, cap: cap, limit: limit, generated: &generated,
                           scratch: &scratch, diagnostic: diagnostic)
    }

    /// Room one expansion lends the next (a chunk expands its series one
    /// after another): the original starts, which for 16 years of a weekly
    /// series grew by doubling, copied at each step.
    struct Scratch {
        fileprivate var starts: [Start] = []
        fileprivate static let keptStarts = 4_096
    }

    /// The same, the starts made in `scratch`'s room.
    func occurrences(lower: Int64, upper: Int64, core: Range<Int64>? = nil, cap: Int, limit: Int, generated: inout Int,
                     scratch: inout Scratch, diagnostic: (Diagnostic) -> Void) -> [Occurrence] {
        var result: [Occurrence] = []
        occurrences(lower: lower, upper: upper, core: core, cap: cap, limit: limit, generated: &generated,
                    scratch: &scratch, diagnostic: diagnostic) { result.append($0) }
        return result
    }

    /// The same, each occurrence handed to `each` as it is made, in the
    /// same order, and no list made: expansion places them at once. Taken
    /// from a list, each was copied (its event record retained) and
    /// released again with the list.
    func occurrences(lower: Int64, upper: Int64, core: Range<Int64>? = nil, cap: Int, limit: Int, generated: inout Int,
                     scratch: inout Scratch, diagnostic: (Diagnostic) -> Void, each: (consuming Occurrence) -> Void) {
        let master = self.master
        let frame = master.map { Frame($0.start) }
        let table = Overrides(overrides, far: farOverrides, master: master, frame: frame, diagnostic: diagnostic)
        let masterLength = master.map { InstanceLength(start: $0.start, end: $0.end, duration: $0.duration) }
        for occurrence in table.standalone(frame: frame, masterLength: masterLength) { each(occurrence) }
        guard let master, let frame, let length = masterLength else { return }

        let ranges = table.rangeOverrides(frame: frame, masterLength: length)
        let (from, to, coreReach) = Series.reach(length: length, ranges: ranges, lower: lower, upper: upper, core: core)
        var starts = Series.starts(of: master, frame: frame, from: from, to: to, core: coreReach,
                                   cap: cap, limit: limit, generated: &generated, room: &scratch.starts,
                                   diagnostic: diagnostic)
        defer {
            // Kept for the next series up to `keptStarts`: a hostile
            // series' 100,000 is not held while its chunk goes on.
            if starts.capacity <= Scratch.keptStarts {
                starts.removeAll(keepingCapacity: true)
                scratch.starts = starts
            }
        }
        // An EXRULE is a filter: each start is looked up in it (a window of
        // one second), so its cost is the starts', however often it repeats.
        // A rule with COUNT counts from DTSTART, so it is walked once over
        // the starts' span instead (at most `cap` instances).
        var excluded: Set<Int64> = []
        for rule in master.recurrence.exceptionRules {
            let expander = Series.expander(for: rule, of: master, frame: frame, countsStart: false)
            guard let first = starts.first?.wall, let last = starts.last?.wall else { break }
            if rule.count != nil {
                expander.instances(from: first, to: last + 1) { wall in excluded.insert(wall); return excluded.count <= cap }
                continue
            }
            for start in starts {
                expander.instances(from: start.wall, to: start.wall + 1) { wall in excluded.insert(wall); return false }
            }
        }
        instances(starts, master: master, frame: frame, length: length, table: table, ranges: ranges, excluded: excluded,
                  each: each)
    }

    /// How many instances `occurrences` generates from the rules with the
    /// same arguments (one more when cut), without making them: the rules
    /// walked over the same reach, nothing converted or kept.
    func generated(lower: Int64, upper: Int64, core: Range<Int64>?, cap: Int, limit: Int) -> Int {
        guard let master else { return 0 }
        let frame = Frame(master.start)
        let length = InstanceLength(start: master.start, end: master.end, duration: master.duration)
        let shifting = overrides.contains { $0.event.recurrenceID?.thisAndFuture == true }
        let ranges = shifting ? Overrides(overrides, far: farOverrides, master: master, frame: frame) { _ in }
            .rangeOverrides(frame: frame, masterLength: length) : []
        let (from, to, _) = Series.reach(length: length, ranges: ranges, lower: lower, upper: upper, core: core)
        let rules = master.recurrence.rules
        let limit = min(cap, limit)
        if rules.isEmpty || limit == 0 { return rules.isEmpty ? 0 : 1 }
        var generated = 0
        for rule in rules where generated <= limit && from < to {
            var gaveUp = false
            Series.expander(for: rule, of: master, frame: frame, countsStart: true)
                .instances(from: from, to: to, gaveUp: &gaveUp) { _ in generated += 1; return generated <= limit }
        }
        return generated
    }

    /// The wall seconds whose starts may reach [lower, upper) (and `core`
    /// likewise): widened by the longest instance and by the THISANDFUTURE
    /// overrides' shifts.
    private static func reach(length: InstanceLength, ranges: [RangeOverride], lower: Int64, upper: Int64,
                              core: Range<Int64>?) -> (from: Int64, to: Int64, core: Range<Int64>?) {
        var widest = length.boundSeconds
        var earliestShift: Int64 = 0, latestShift: Int64 = 0
        for range in ranges {
            widest = max(widest, range.length.boundSeconds)
            earliestShift = min(earliestShift, range.shift)
            latestShift = max(latestShift, range.shift)
        }
        let from = lower - widest - latestShift, to = upper - earliestShift
        let coreReach = core.map { core -> Range<Int64> in
            let coreFrom = min(max(from, core.lowerBound - widest - latestShift), to)
            return coreFrom..<max(min(to, core.upperBound - earliestShift), coreFrom)
        }
        return (from, to, coreReach)
    }

    /// Original instance starts in [from, to), sorted by wall time: DTSTART,
    /// rule instances (at most `min(cap, limit)`; with `core`, those in it
    /// first when cut), RDATEs with their period's end.
    private static func starts(of master: Event, frame: Frame, from: Int64, to: Int64, core: Range<Int64>?,
                               cap: Int, limit: Int, generated: inout Int, room: inout [Start],
                               diagnostic: (Diagnostic) -> Void) -> [Start] {
        let startWall = frame.wall(master.start)
        let rules = master.recurrence.rules.map { expander(for: $0, of: master, frame: frame, countsStart: true) }
        var walk = RuleWalk(rules: rules, limit: min(cap, limit), startWall: startWall, start: master.start, frame: frame,
                            room: &room)
        if rules.isEmpty {
            if startWall >= from && startWall < to { walk.starts.append((startWall, master.start, nil)) }
        }
        if walk.limit == 0 && !rules.isEmpty {
            // The budget is spent: the rules are cut without walking them.
            walk.capped = true
            walk.generated = 1
        }
        walk.generate(from, to)
        if walk.capped, let core, walk.limit > 0 {
            // Cut: again, the window's own instances first.
            walk.starts.removeAll()
            walk.generated = 0
            walk.capped = false
            walk.generate(core.lowerBound, core.upperBound)
            walk.generate(core.upperBound, to)
            walk.generate(from, core.lowerBound)
        }
        generated = walk.generated
        if walk.gaveUp {
            diagnostic(Diagnostic(.warning, .workBudget, at: master.source,
                                  "the rule of \"\(master.title)\" (uid \(master.uid)) finds no instance in "
                                  + "\(RuleExpander.searchLimit) periods in a row (a BYSETPOS or other part that never "
                                  + "matches?), or counts more than \(RuleExpander.countWalkLimit) instances toward COUNT "
                                  + "before the window; the search stops there and any later instances are left out"))
        }
        if walk.capped && walk.limit == cap {
            diagnostic(Diagnostic(.warning, .tooManyInstances, at: master.source,
                                  "\"\(master.title)\" (uid \(master.uid)) has more than \(cap) instances in the window "
                                  + "(the limit per event); the first \(cap) are kept, the rest left out"))
        }
        // Moved out of the walk, not copied: sorted in place below.
        var starts: [Start] = []
        swap(&starts, &walk.starts)
        for date in master.recurrence.dates {
            let wall = frame.wall(date.start)
            guard wall >= from && wall < to else { continue }
            if case .period(let start, let end) = date { starts.append((wall, start, end)) }
            else { starts.append((wall, date.start, nil)) }
        }
        starts.sort { $0.wall < $1.wall }
        return starts
    }

    /// Each original start as an occurrence: skipped when another start
    /// named it already, when EXDATE or EXRULE deletes it, or when an
    /// override stands in; shifted and sized by the THISANDFUTURE override
    /// in force at it, else the master's.
    private func instances(_ starts: [Start], master: Event, frame: Frame, length: InstanceLength,
                           table: Overrides, ranges: [RangeOverride], excluded: Set<Int64>,
                           each: (consuming Occurrence) -> Void) {
        // Two starts can name the same instance: several rules or RDATEs,
        // or wall times in a DST gap that move onto a later one (sub-daily
        // rules). Otherwise keys simply grow, and no set is needed.
        let recurrence = master.recurrence
        let mayRepeat = recurrence.rules.count > 1 || !recurrence.dates.isEmpty
            || recurrence.rules.contains { [.hourly, .minutely, .secondly].contains($0.frequency) }
        var record: EventRecord?
        var seen: Set<Int64> = []
        var lastKey: Int64?
        for (wall, time, periodEnd) in starts {
            let key = frame.key(ofInstance: time)
            if mayRepeat {
                guard seen.insert(key).inserted else { continue }
            } else {
                if key == lastKey { continue }
                lastKey = key
            }
            let day = LocalDate.daysSinceEpoch(ofWallSeconds: wall)
            if table.exdateExact.contains(key) || table.exdateDays.contains(day) || excluded.contains(wall) { continue }
            if table.exactKeys.contains(key) || table.dayKeys.contains(day) { continue }  // an override stands in
            if let range = ranges.last(where: { $0.from <= wall }) {
                if range.component.event.status == .cancelled { continue }
                let shifted = frame.time(wall: wall + range.shift)
                each(Occurrence(record: range.component.record, start: shifted,
                                end: range.length.end(of: shifted), recurrenceID: time))
            } else {
                // One record for all the master's occurrences, made at the first.
                let shared = record ?? EventRecord(master)
                record = shared
                each(Occurrence(record: shared, start: time,
                                end: periodEnd ?? length.end(of: time), recurrenceID: time))
            }
        }
    }

    /// An original instance start: its wall seconds, its time, and the end
    /// of an RDATE period.
    fileprivate typealias Start = (wall: Int64, time: EventTime, end: EventTime?)

    /// The walk of a master's rules into starts, in one or more passes
    /// (`starts(of:...)`), at most `limit` instances in all. Its state is
    /// one value, not variables captured by a nested function: those were
    /// boxed and checked for exclusive access at every instance.
    private struct RuleWalk {
        let rules: [RuleExpander]
        let limit: Int
        let startWall: Int64
        let start: EventTime
        let frame: Frame
        var starts: [Start] = []
        var generated = 0
        var capped = false
        var gaveUp = false
        var memo = ZoneOffsetMemo()

        /// Its starts in `room`'s memory (taken; `room` is left empty).
        init(rules: [RuleExpander], limit: Int, startWall: Int64, start: EventTime, frame: Frame, room: inout [Start]) {
            self.rules = rules
            self.limit = limit
            self.startWall = startWall
            self.start = start
            self.frame = frame
            swap(&starts, &room)
            starts.removeAll(keepingCapacity: true)
            starts.reserveCapacity(16)
        }

        /// The rules' instances in [from, to), until `limit` is passed (`capped`).
        mutating func generate(_ from: Int64, _ to: Int64) {
            for rule in rules where !capped && from < to {
                var ruleGaveUp = false
                _ = rule.instances(from: from, to: to, gaveUp: &ruleGaveUp) { wall in
                    generated += 1
                    if generated > limit { capped = true; return false }
                    starts.append((wall, wall == startWall ? start : frame.time(wall: wall, memo: &memo), nil))
                    return true
                }
                gaveUp = gaveUp || ruleGaveUp
            }
        }
    }

    struct RangeOverride {
        var from: Int64
        var shift: Int64
        var length: InstanceLength
        var component: Component
    }

    static func expander(for rule: RecurrenceRule, of event: Event, frame: Frame, countsStart: Bool) -> RuleExpander {
        let start = LocalDateTime(secondsSinceEpoch: frame.wall(event.start))
        var rule = rule
        if case .date = frame {
            // Times of day mean nothing to an all-day series.
            rule.byHour = []
            rule.byMinute = []
            rule.bySecond = []
        }
        let until: RuleExpander.Until?
        switch (rule.until, frame) {
        case (nil, _): until = nil
        case (.instant(let instant, _)?, .zoned(_, let zone)): until = .instant(instant, zone)
        case (.floating(let local)?, .zoned(_, let zone)): until = .instant(zone.instant(for: local), zone)
        case (.date(let date)?, .date): until = .wallClock(date.daysSinceEpoch * 86_400)
        case (.date(let date)?, _): until = .wallClock(date.daysSinceEpoch * 86_400 + 86_399)  // the whole day
        // A UTC UNTIL on a floating or date DTSTART: compared as wall-clock time.
        case (.instant(let instant, let zone)?, _): until = .wallClock((zone ?? .utc).local(instant).secondsSinceEpoch)
        case (.floating(let local)?, _): until = .wallClock(local.secondsSinceEpoch)
        }
        return RuleExpander(rule: rule, start: start, until: until, countsStart: countsStart)
    }

}

// Outside the types, so that each keeps its memberwise initializer
// (`SpilledSeries` makes them again from their compact forms).
extension Series.Master {
    init(_ event: borrowing Event, order: Int) {
        (start, status, transparency, endFromMaster) = (event.start, event.status, event.transparency, event.endFromMaster)
        (end, sequence, self.order, title, source) = (event.end, event.sequence, order, event.title, event.source)
        (recurrence, boxes, type, ordinal) = (event.recurrence, event.heldBoxes, event.type, event.ordinal)
    }
}

extension Series.FarOverride {
    /// `event`, an override of the instance at `recurrenceID`.
    init(_ event: borrowing Event, recurrenceID: EventTime, order: Int) {
        (self.recurrenceID, cancelled, sequence) = (recurrenceID, event.status == .cancelled, event.sequence)
        (self.order, title, source) = (order, event.title, event.source)
    }
}
