import EventModel

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
    /// Instances generated per recurring event per window, at most.
    public var instanceCap = 100_000
    /// Which occurrences to keep (`--calendar`, `--search`); flights move
    /// the timeline whatever it says.
    public var filter = EventFilter()

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

    public func add(_ event: Event) {
        order += 1
        if event.isRecurring || event.recurrenceID != nil {
            let key = ClaimKey(calendar: event.calendar, uid: event.uid)
            if series[key] == nil { seriesOrder.append(key) }
            // A master that cannot reach the window keeps only what its
            // overrides need: memory stays with the window, not the file.
            let kept = mayNeedFields(event) ? event : Settler.stripped(event)
            series[key, default: Series()].add(kept, order: order)
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
        var occurrences: [(occurrence: Occurrence, order: Int)] = []
        for (record, order) in singles {
            let event = record.event
            guard let claim = claims[Settler.claimKey(event)], claim.order == order else { continue }
            occurrences.append((Occurrence(record: record, start: event.start, end: event.end, recurrenceID: nil), order))
        }
        singles = []
        var recurringFlights: [ZoneTimeline.Change] = []
        for key in seriesOrder {
            let expanded = series[key]!.occurrences(lower: coarseLower - 86_400, upper: coarseUpper + 86_400,
                                                    cap: options.instanceCap) { diagnostics.append($0) }
            for occurrence in expanded {
                if options.travelFromEvents,
                   let change = Settler.travel(start: occurrence.start, end: occurrence.end, status: occurrence.event.status) {
                    recurringFlights.append(change)
                }
                occurrences.append((occurrence, occurrence.event.source.line))
            }
        }
        // Flights first, so a --travel at the same instant wins.
        let timeline = flights.isEmpty && recurringFlights.isEmpty ? options.timeline
            : ZoneTimeline(base: options.timeline.base, changes: flights + recurringFlights + options.timeline.changes)

        var days: [LocalDay] = []
        var date = options.from
        while date <= options.to {
            let intervals = timeline.intervals(of: date)
            days.append(LocalDay(date: date, intervals: intervals, zones: timeline.zones(on: date, intervals: intervals),
                                 entries: [], busyMilliseconds: 0))
            date = date.adding(days: 1)
        }

        if !options.filter.isEmpty { occurrences.removeAll { !options.filter.matches($0.occurrence.event) } }
        let placed = occurrences.map { place($0.occurrence, timeline: timeline) }
        occurrences = []
        // Sort positions, not the (large) occurrences themselves.
        let settled = placed.indices.sorted { Settler.startOrder(placed[$0], placed[$1]) }.map { placed[$0] }
        var kept: [SettledOccurrence] = []
        var busy: [[Range<Instant>]] = Array(repeating: [], count: days.count)
        for occurrence in settled {
            let placed = bucket(occurrence, days: days, timeline: timeline)
            guard !placed.isEmpty else { continue }
            let index = kept.count
            kept.append(occurrence)
            for (dayIndex, part) in placed {
                days[dayIndex].entries.append(LocalDay.Entry(occurrence: index, part: part))
                guard occurrence.busy else { continue }
                for interval in days[dayIndex].intervals {
                    let low = occurrence.isAllDay ? interval.lowerBound : max(occurrence.startUTC, interval.lowerBound)
                    let high = occurrence.isAllDay ? interval.upperBound : min(occurrence.endUTC, interval.upperBound)
                    if low < high { busy[dayIndex].append(low..<high) }
                }
            }
        }
        for index in days.indices {
            days[index].entries.sort { a, b in Settler.dayOrder(kept[a.occurrence], kept[b.occurrence]) }
            days[index].busyMilliseconds = Settler.unionLength(busy[index])
        }
        return Settlement(from: options.from, to: options.to, timeline: timeline,
                          occurrences: kept, days: days, diagnostics: diagnostics)
    }

    // MARK: Placing

    private func place(_ occurrence: Occurrence, timeline: ZoneTimeline) -> SettledOccurrence {
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
                                 busy: isBusy(occurrence), firstDate: first, lastDate: last)
    }

    private func isBusy(_ occurrence: Occurrence) -> Bool {
        let event = occurrence.event
        guard event.status != .cancelled, event.transparency == .opaque else { return false }
        if occurrence.isAllDay && !options.allDayBusy { return false }
        if let me = options.me?.lowercased(),
           event.attendees.contains(where: { $0.email?.lowercased() == me && $0.partstat == "DECLINED" }) {
            return false
        }
        return true
    }

    /// The window's days an occurrence lands on, with its part on each.
    private func bucket(_ occurrence: SettledOccurrence, days: [LocalDay], timeline: ZoneTimeline) -> [(Int, DayPart)] {
        let windowStart = options.from.daysSinceEpoch
        func part(_ date: LocalDate) -> DayPart {
            if occurrence.firstDate == occurrence.lastDate { return .whole }
            if date == occurrence.firstDate { return .first }
            if date == occurrence.lastDate { return .last }
            return .middle
        }
        var result: [(Int, DayPart)] = []
        if occurrence.isAllDay {
            let low = max(occurrence.firstDate.daysSinceEpoch, windowStart)
            let high = min(occurrence.lastDate.daysSinceEpoch, options.to.daysSinceEpoch)
            if low <= high {
                for day in low...high { result.append((Int(day - windowStart), part(days[Int(day - windowStart)].date))) }
            }
            return result
        }
        if occurrence.startUTC == occurrence.endUTC {
            let day = occurrence.firstDate.daysSinceEpoch
            if day >= windowStart && day <= options.to.daysSinceEpoch { result.append((Int(day - windowStart), .whole)) }
            return result
        }
        // With travel, local dates need not grow with time: look at every
        // date between the lowest and highest the span reaches.
        var low = min(occurrence.firstDate, occurrence.lastDate)
        var high = max(occurrence.firstDate, occurrence.lastDate)
        for segment in timeline.segments {
            guard let from = segment.from, from > occurrence.startUTC, from < occurrence.endUTC else { continue }
            for date in [segment.zone.local(from).date, segment.zone.local(from.adding(milliseconds: -1)).date] {
                low = min(low, date)
                high = max(high, date)
            }
        }
        let first = max(low.daysSinceEpoch, windowStart)
        let last = min(high.daysSinceEpoch, options.to.daysSinceEpoch)
        guard first <= last else { return result }
        for day in first...last {
            let index = Int(day - windowStart)
            let overlaps = days[index].intervals.contains {
                $0.lowerBound < occurrence.endUTC && occurrence.startUTC < $0.upperBound
            }
            if overlaps { result.append((index, part(days[index].date))) }
        }
        return result
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
                Series().expander(for: rule, of: event, frame: frame, countsStart: true)
                    .instances(from: RuleExpander.startOfTime, to: RuleExpander.endOfTime) { last = $0; return true }
                latest = max(latest, last + length)
            } else {
                return true
            }
        }
        // Two days of margin: wall clocks and UTC differ by at most 26 hours.
        return latest + 2 * 86_400 > coarseLower
    }

    /// A component outside the window, kept for how it shapes the series only.
    static func stripped(_ event: Event) -> Event {
        var event = event
        event.description = nil
        event.location = nil
        event.attendees = []
        event.categories = []
        return event
    }

    /// A flight: start and end with different zones; not when cancelled.
    static func travel(start: EventTime, end: EventTime, status: Event.Status?) -> ZoneTimeline.Change? {
        guard status != .cancelled, case .instant(_, let from?) = start, case .instant(let arrival, let to?) = end,
              from != to else { return nil }
        return ZoneTimeline.Change(at: arrival, zone: to)
    }

    /// Seconds on a near-UTC scale, for the coarse window test.
    static func approximateSpan(_ start: EventTime, _ end: EventTime) -> (Int64, Int64) {
        func seconds(_ time: EventTime) -> Int64 {
            switch time {
            case .instant(let instant, _): instant.seconds
            case .floating(let local): local.secondsSinceEpoch
            case .date(let date): date.daysSinceEpoch * 86_400
            }
        }
        let low = seconds(start)
        return (low, max(low, seconds(end)))
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

    /// Length of the union of intervals, in milliseconds.
    static func unionLength(_ intervals: [Range<Instant>]) -> Int64 {
        let sorted = intervals.sorted { $0.lowerBound < $1.lowerBound }
        var total: Int64 = 0
        var current: Range<Instant>?
        for interval in sorted {
            if let open = current, interval.lowerBound <= open.upperBound {
                current = open.lowerBound..<max(open.upperBound, interval.upperBound)
            } else {
                if let open = current { total += open.upperBound.milliseconds - open.lowerBound.milliseconds }
                current = interval
            }
        }
        if let open = current { total += open.upperBound.milliseconds - open.lowerBound.milliseconds }
        return total
    }
}
