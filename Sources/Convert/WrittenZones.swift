import Export
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
    /// The zone named last and the years known for it: an expanded
    /// conversion names the same zone for occurrence after occurrence.
    /// The last few zones written, their names and the years noted for
    /// each: an expanded calendar goes back and forth between a handful
    /// of zones, and a dictionary lookup per time (a zone hashes its name)
    /// cost more than writing the time.
    private var recent: [(zone: Zone, name: String, years: ClosedRange<Int>)] = []
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
    /// VTIMEZONE covers them (a series without an end through 2037).
    package mutating func note(_ event: Event) {
        note(Self.years(of: event))
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

    /// What `note(_:)` notes of `event`, in the order it notes them: the
    /// year of each time in a zone other than its start's, then the first
    /// and last year in the start's zone, then 2037 (or the start's year)
    /// for a rule without an end.
    static func years(of event: Event) -> [ZoneYear] {
        var times = [event.start, event.end] + event.recurrence.exceptionDates + event.recurrence.dates.map(\.start)
        if let recurrenceID = event.recurrenceID { times.append(recurrenceID.time) }
        for rule in event.recurrence.rules { if let until = rule.until { times.append(until) } }
        var years: [ZoneYear] = []
        var startZone: Zone?
        var low = Int.max
        var high = Int.min
        for time in times {
            guard case .instant(let instant, let zone?) = time, zone != .utc else { continue }
            if startZone == nil { startZone = zone }
            let year = zone.local(instant).date.year
            if zone == startZone {
                low = min(low, year)
                high = max(high, year)
            } else {
                years.append(ZoneYear(zone: zone, year: year))
            }
        }
        if let zone = startZone {
            years.append(ZoneYear(zone: zone, year: low))
            if high != low { years.append(ZoneYear(zone: zone, year: high)) }
        }
        if let zone = startZone, event.recurrence.rules.contains(where: { $0.until == nil }) {
            years.append(ZoneYear(zone: zone, year: max(VTimezoneGenerator.defaultYears.upperBound, event.start.approximateYear)))
        }
        return years
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

/// A VTIMEZONE for a zone no input defined: from the tz database, the
/// transitions of the years asked for (each group of like transitions one
/// STANDARD or DAYLIGHT with RDATEs), and the offset in force when they
/// begin; a fixed offset is one STANDARD.
enum VTimezoneGenerator {
    /// Years covered when nothing says which: 1970 to 2037.
    static let defaultYears = 1970...2037

    static func component(for zone: Zone, name: String, years: ClosedRange<Int>?) -> StoredComponent {
        let span = years ?? defaultYears
        // A time near either end of years 1 to 9999 can fall in year 0 or
        // 10000 on a zone's wall clock: the model's dates end there.
        let first = min(max(1, span.lowerBound), 9999)
        let last = min(9999, max(span.upperBound, first))
        var observances: [StoredComponent] = []
        let startSeconds = LocalDate(year: first, month: 1, day: 1)!.daysSinceEpoch * 86_400
        let endSeconds = (LocalDate(year: last, month: 12, day: 31)!.daysSinceEpoch + 1) * 86_400
        let timeZone = zone.isTZDB ? TimeZone(identifier: zone.id) : nil

        func offset(_ seconds: Int64) -> Int { zone.offset(at: Instant(seconds: seconds)) }
        /// The zone's abbreviation (`EST`); none where Foundation only
        /// knows an offset spelt `GMT-5`, which would say nothing more.
        func abbreviation(_ seconds: Int64) -> String? {
            guard let text = timeZone?.abbreviation(for: Date(timeIntervalSince1970: TimeInterval(seconds))) else { return nil }
            let isOffset = text.count > 3 && text.hasPrefix("GMT") || text.count > 3 && text.hasPrefix("UTC")
            return isOffset ? nil : text
        }
        func isDaylight(_ seconds: Int64, offset: Int) -> Bool {
            guard let timeZone else { return false }
            return timeZone.isDaylightSavingTime(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }

        // The offset in force at the start of the first year.
        let initial = offset(startSeconds)
        var groups: [(key: String, daylight: Bool, from: Int, to: Int, name: String?, onsets: [Int64])] = []
        groups.append((key: "", daylight: isDaylight(startSeconds, offset: initial), from: initial, to: initial,
                       name: abbreviation(startSeconds), onsets: [startSeconds]))
        if let timeZone {
            var cursor = Date(timeIntervalSince1970: TimeInterval(startSeconds))
            var count = 0
            while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), count < 2 * (last - first + 1) + 8 {
                let seconds = Int64(next.timeIntervalSince1970.rounded())
                guard seconds < endSeconds else { break }
                let from = offset(seconds - 1)
                let to = offset(seconds)
                let daylight = isDaylight(seconds, offset: to)
                let name = abbreviation(seconds)
                let key = "\(daylight) \(from) \(to) \(name ?? "")"
                if from != to {
                    if let index = groups.firstIndex(where: { $0.key == key }) {
                        groups[index].onsets.append(seconds + Int64(from))
                    } else {
                        groups.append((key: key, daylight: daylight, from: from, to: to, name: name, onsets: [seconds + Int64(from)]))
                    }
                }
                cursor = next
                count += 1
            }
        }
        for group in groups {
            var properties = [StoredProperty(name: "DTSTART", value: ICalValue.dateTime(LocalDateTime(secondsSinceEpoch: group.onsets[0])))]
            for onset in group.onsets.dropFirst() {
                properties.append(StoredProperty(name: "RDATE", value: ICalValue.dateTime(LocalDateTime(secondsSinceEpoch: onset))))
            }
            properties.append(StoredProperty(name: "TZOFFSETFROM", value: offsetText(group.from)))
            properties.append(StoredProperty(name: "TZOFFSETTO", value: offsetText(group.to)))
            if let name = group.name ?? (timeZone == nil ? zone.id : nil) {
                properties.append(StoredProperty(name: "TZNAME", value: ICalValue.text(name)))
            }
            observances.append(StoredComponent(name: group.daylight ? "DAYLIGHT" : "STANDARD",
                                               properties: properties, children: []))
        }
        return StoredComponent(name: "VTIMEZONE", properties: [StoredProperty(name: "TZID", value: ICalValue.text(name))],
                               children: observances)
    }

    /// RFC 5545 UTC-OFFSET: `+0100`, `-0330`, `+053728` with seconds.
    static func offsetText(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        var writer = ByteWriter(capacity: 7)
        writer.append(byte: seconds < 0 ? 0x2D : 0x2B)
        writer.append(padded: magnitude / 3600, width: 2)
        writer.append(padded: magnitude / 60 % 60, width: 2)
        if magnitude % 60 != 0 { writer.append(padded: magnitude % 60, width: 2) }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

extension EventTime {
    /// The year, near enough (UTC, or the wall clock written).
    var approximateYear: Int {
        LocalDateTime(secondsSinceEpoch: approximateSeconds).date.year
    }
}
