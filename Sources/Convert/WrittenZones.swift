import EventModel
import Foundation
import ICal

/// The TZIDs a conversion writes and the VTIMEZONEs they need
/// (docs/convert.md, "Time zones"): a written TZID is the resolved zone's
/// name (the IANA name for tz database, Windows and vendor-prefixed
/// names); a VTIMEZONE read from an input is written as read (its TZID
/// set to that name); a zone with none gets one generated from the tz
/// database for the years the written events use. Each zone once.
package struct WrittenZones {
    /// The VTIMEZONEs read, by input file and TZID as written.
    private var read: [String: [String: StoredComponent]] = [:]
    /// Every VTIMEZONE read, in input order (for writing unused ones too).
    private var readOrder: [(file: String, tzid: String)] = []
    /// A zone, or a TZID nothing resolved (file and TZID as written).
    private enum Key: Hashable {
        case zone(Zone)
        case unresolved(file: String, tzid: String)
    }
    private struct Use {
        var name: String
        var zone: Zone?
        /// Where the first uses' TZIDs came from, to find a VTIMEZONE read for them.
        var sources: [(file: String, tzid: String)]
        var years: ClosedRange<Int>?
    }
    private var uses: [Key: Use] = [:]
    private var order: [Key] = []
    private var taken: Set<String> = []
    /// The last few zones written, their names and the years noted for
    /// each: an expanded calendar goes back and forth between a handful
    /// of zones, and a dictionary lookup per time (a zone hashes its name)
    /// cost more than writing the time.
    private var recent: [(zone: Zone, name: String, years: ClosedRange<Int>)] = []
    /// What is left of `walkBudget` for the events noted here.
    private var walkBudget = WrittenZones.walkBudget
    /// Diagnostics about zones (renamed TZIDs), handed on at the end.
    package private(set) var notes: [String] = []

    package init() {}

    /// A VTIMEZONE read from `file`.
    package mutating func record(timezone: StoredComponent, file: String) {
        // TZID's value is TEXT: `Kuala Lumpur\, Singapore` names "Kuala Lumpur, Singapore".
        guard let tzid = timezone.first("TZID").map({ ICalText.unescape($0.value).trimmingBlanks() }), !tzid.isEmpty else { return }
        if read[file, default: [:]][tzid] == nil {
            read[file, default: [:]][tzid] = timezone
            readOrder.append((file, tzid))
        }
    }

    /// The TZID to write for `tzid` as written in `file`, which resolved to
    /// `zone` (nil: unresolved, written as it was).
    package mutating func name(for tzid: String, zone: Zone?, file: String) -> String {
        let key: Key = zone.map { .zone($0) } ?? .unresolved(file: file, tzid: tzid)
        if var use = uses[key] {
            if use.sources.count < 8, !use.sources.contains(where: { $0 == (file, tzid) }) {
                use.sources.append((file, tzid))
                uses[key] = use
            }
            return use.name
        }
        var name = zone?.id ?? tzid
        if taken.contains(name) {
            // Two different zones under one name (two files' VTIMEZONEs
            // with one TZID and different rules): the later is renamed.
            var number = 2
            while taken.contains("\(name)-\(number)") { number += 1 }
            // A zone named from the model, not from a file's TZID, has no file to name.
            let which = file.isEmpty ? "the later one" : "the one of \(file)"
            notes.append("two different time zones are named \"\(name)\"; \(which) is written as \"\(name)-\(number)\"")
            name = "\(name)-\(number)"
        }
        taken.insert(name)
        uses[key] = Use(name: name, zone: zone, sources: [(file, tzid)], years: nil)
        order.append(key)
        return name
    }

    /// The name of a zone the model gives (a time written from the model, not from a stored line).
    package mutating func name(for zone: Zone) -> String {
        if let use = uses[.zone(zone)] { return use.name }
        return name(for: zone.id, zone: zone, file: "")
    }

    /// The years an event written uses, in each zone it has: a generated
    /// VTIMEZONE covers them (a series without an end: every year after
    /// its start, through the zone's current rule).
    package mutating func note(_ event: Event) {
        note(Self.years(of: event, walkBudget: &walkBudget))
    }

    /// `years(of:)` of an event, noted.
    mutating func note(_ years: [ZoneYear]) {
        for use in years { self.use(year: use.year, zone: use.zone) }
    }

    /// A zone and a year a written time falls in.
    struct ZoneYear {
        var zone: Zone
        var year: Int
    }

    /// The year that stands for every year to come: a series without an
    /// end, or one whose end is too far to find.
    static let openEnd = Int.max

    /// What `note(_:)` notes of `event`, in the order it notes them: the
    /// year of each time in a zone other than its start's, then the first
    /// and last year in the start's zone, the last instance of its
    /// series included (`openEnd` for a series without an end). Another
    /// zone of a series (a red-eye flight's DTEND) is covered to the
    /// series' end too, and a year after it, as an instance's end may
    /// fall in the next year on that clock.
    static func years(of event: Event, walkBudget: inout Int) -> [ZoneYear] {
        var years: [ZoneYear] = []
        var startZone: Zone?
        var otherZones: [Zone] = []
        var low = Int.max
        var high = Int.min
        for time in times(of: event) {
            guard case .instant(let instant, let zone?) = time, zone != .utc else { continue }
            if startZone == nil { startZone = zone }
            let year = zone.local(instant).date.year
            if zone == startZone {
                low = min(low, year)
                high = max(high, year)
            } else {
                years.append(ZoneYear(zone: zone, year: year))
                if !otherZones.contains(zone) { otherZones.append(zone) }
            }
        }
        guard let zone = startZone else { return years }
        if case .instant(let start, zone?) = event.start, let last = lastYear(of: event.recurrence.rules, from: start, in: zone, walkBudget: &walkBudget) {
            high = max(high, last)
            let otherEnd = last == openEnd ? openEnd : last + 1
            years += otherZones.map { ZoneYear(zone: $0, year: otherEnd) }
        }
        years.append(ZoneYear(zone: zone, year: low))
        if high != low { years.append(ZoneYear(zone: zone, year: high)) }
        return years
    }

    /// Every time an event writes: DTSTART, DTEND, EXDATE, RDATE (a
    /// period's end too) and RECURRENCE-ID.
    private static func times(of event: Event) -> [EventTime] {
        var times = [event.start, event.end] + event.recurrence.exceptionDates
        for date in event.recurrence.dates {
            times.append(date.start)
            if case .period(_, let end) = date { times.append(end) }
        }
        if let recurrenceID = event.recurrenceID { times.append(recurrenceID.time) }
        return times
    }

    /// Instances of a COUNT rule walked to find its last, at most: a
    /// longer series is covered as one without an end, which costs the
    /// VTIMEZONE two RRULE observances, where walking every long series
    /// of a large file could cost more than the rest of the conversion.
    static let countWalkLimit = 1_000

    /// Rule periods (days of a daily rule, seconds of a secondly one that
    /// can match) scanned to find the last instances of a conversion's
    /// COUNT series, in all: past it a series is covered as one without
    /// an end, so that a file of sparse rules (29 February at one second
    /// past one, from year 1) costs no more than an ordinary one.
    static let walkBudget = 2_000_000

    /// The last year on `zone`'s wall clock that rules starting at `start`
    /// reach: UNTIL (a UTC UNTIL read on that clock), the last instance of
    /// COUNT, or `openEnd`; nil without rules.
    static func lastYear(of rules: [RecurrenceRule], from start: Instant, in zone: Zone, walkBudget: inout Int) -> Int? {
        var last: Int?
        for rule in rules {
            let year: Int
            if let until = rule.until {
                if case .instant(let instant, _) = until { year = zone.local(instant).date.year } else { year = until.approximateYear }
            } else if rule.count != nil, let lastInstance = lastInstance(of: rule, from: zone.local(start), walkBudget: &walkBudget) {
                year = lastInstance.date.year
            } else {
                return openEnd
            }
            last = max(last ?? year, year)
        }
        return last
    }

    /// The last instance of a COUNT rule; nil (no end) past
    /// `countWalkLimit` instances, when the rule's search gives up, or
    /// when the series reaches past the years a VTIMEZONE lists one by
    /// one: the zone's current rule covers those, so the walk stops at
    /// their end and a sparse rule is never followed for centuries.
    private static func lastInstance(of rule: RecurrenceRule, from start: LocalDateTime, walkBudget: inout Int) -> LocalDateTime? {
        guard let count = rule.count, count <= countWalkLimit else { return nil }
        let expander = RuleExpander(rule: rule, start: start, until: nil)
        let horizon = LocalDate.dayNumber(year: VTimezoneGenerator.lastListedYear + 1, month: 1, day: 1) * 86_400
        var last: Int64?
        var walked = 0
        var gaveUp = false
        expander.instances(from: RuleExpander.startOfTime, to: horizon, gaveUp: &gaveUp, periodBudget: &walkBudget) { wall in
            last = wall
            walked += 1
            return walked < count
        }
        guard walked >= count, !gaveUp, let last else { return nil }
        return LocalDateTime(secondsSinceEpoch: last)
    }

    /// The name of `zone` for a time written in `year` (which its VTIMEZONE then covers).
    package mutating func name(for zone: Zone, year: Int) -> String {
        let index = recent.firstIndex { $0.zone == zone }
        if let index, recent[index].years.contains(year) { return recent[index].name }
        use(year: year, zone: zone)
        let name = name(for: zone)
        let entry = (zone: zone, name: name, years: uses[.zone(zone)]?.years ?? year...year)
        if let index { recent[index] = entry } else if recent.count < 16 { recent.append(entry) } else { recent[0] = entry }
        return name
    }

    /// A year a written time in `zone` falls in: a generated VTIMEZONE covers it.
    package mutating func use(year: Int, zone: Zone) {
        if uses[.zone(zone)] == nil { _ = name(for: zone) }
        guard var use = uses[.zone(zone)] else { return }
        use.years = use.years.map { min($0.lowerBound, year)...max($0.upperBound, year) } ?? year...year
        uses[.zone(zone)] = use
    }

    /// The VTIMEZONEs to write: one per zone used, in order of first use;
    /// with `includeUnused`, every other VTIMEZONE read too (once each, as read).
    package func timezones(includeUnused: Bool) -> [StoredComponent] {
        // (Zones are named as events are written; `note` gives their years.)
        var result: [StoredComponent] = []
        var written = Set<String>()
        for key in order {
            guard let use = uses[key] else { continue }
            if let stored = use.sources.lazy.compactMap({ self.read[$0.file]?[$0.tzid] }).first {
                result.append(Self.renamed(stored, to: use.name))
            } else if let zone = use.zone {
                result.append(VTimezoneGenerator.component(for: zone, name: use.name, years: use.years))
            } else {
                continue  // unresolved and never defined: nothing to write
            }
            written.insert(use.name)
        }
        guard includeUnused else { return result }
        var seen = Set<String>()
        for (file, tzid) in readOrder where !written.contains(tzid) && !seen.contains(tzid) {
            // (`tzid` unescaped, as events name it)
            guard let stored = read[file]?[tzid] else { continue }
            seen.insert(tzid)
            result.append(stored)
        }
        return result
    }

    private static func renamed(_ component: StoredComponent, to name: String) -> StoredComponent {
        guard let tzid = component.first("TZID"), ICalText.unescape(tzid.value).trimmingBlanks() != name else { return component }
        return component.with(properties: component.properties.map {
            $0.name == "TZID" ? StoredProperty(name: "TZID", parameters: $0.parameters, value: ICalValue.text(name)) : $0
        })
    }
}

extension EventTime {
    /// The year, near enough (UTC, or the wall clock written).
    var approximateYear: Int {
        LocalDateTime(secondsSinceEpoch: approximateSeconds).date.year
    }
}
