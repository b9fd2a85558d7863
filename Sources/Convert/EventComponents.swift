import EventModel
import ICal

/// VEVENTs written from the model: for events that have no VEVENT as
/// written (BusyLife events.json), and for the occurrences of an expanded
/// conversion (docs/convert.md).
enum EventComponents {
    /// A VEVENT carrying every field of the model. BusyLife's own fields
    /// go where a calendar program keeps them: the type as
    /// `X-BUSYLIFE-TYPE`, the city as LOCATION's `X-BUSYLIFE-CITY`, the
    /// coordinates as GEO, an attendee's avatar as `X-BUSYLIFE-AVATAR`,
    /// and a start or length finer than a second as `X-BUSYLIFE-START` and
    /// `X-BUSYLIFE-RANGE` (seconds), since DTSTART and DTEND hold whole seconds.
    /// `text` makes the values and counts what they cannot carry.
    static func vevent(_ event: Event, zones: inout WrittenZones, text: inout ModelText) -> StoredComponent {
        var properties = [StoredProperty(name: "UID", value: text.text(event.uid))]
        // DTSTAMP is required; the event's own start keeps the output deterministic.
        let stamp = event.start.instant ?? Instant(seconds: event.start.approximateSeconds)
        properties.append(StoredProperty(name: "DTSTAMP", value: ICalValue.utc(stamp)))
        properties += times(start: event.start, end: event.end, recurrenceID: event.recurrenceID?.time, zones: &zones)
        if let start = event.start.instant, let end = event.end.instant, end > Instant.latest {
            // DTEND holds a year up to 9999; a DURATION reaches past it.
            properties[properties.count - 1] = StoredProperty(name: "DURATION", value: duration(seconds: end.seconds - start.seconds))
        }
        if let start = event.start.instant, let end = event.end.instant,
           start.milliseconds % 1000 != 0 || end.milliseconds % 1000 != 0 {
            properties.append(StoredProperty(name: "X-BUSYLIFE-START", value: seconds(start.milliseconds)))
            properties.append(StoredProperty(name: "X-BUSYLIFE-RANGE", value: seconds(end.milliseconds - start.milliseconds)))
        }
        properties.append(StoredProperty(name: "SUMMARY", value: text.text(event.title)))
        if let description = event.description {
            properties.append(StoredProperty(name: "DESCRIPTION", value: text.text(description)))
        }
        if let location = event.location {
            var property = StoredProperty(name: "LOCATION", value: text.text(location.name))
            if let city = location.city { property.parameters.append(StoredParameter(name: "X-BUSYLIFE-CITY", values: [text.parameter(city)])) }
            properties.append(property)
            if let latitude = location.latitude, let longitude = location.longitude,
               text.carries(latitude: latitude, longitude: longitude) {
                properties.append(StoredProperty(name: "GEO", value: decimal(latitude) + ";" + decimal(longitude)))
            }
        }
        if let organizer = event.organizer {
            let parameters = organizer.name.map { [StoredParameter(name: "CN", values: [text.parameter($0)])] } ?? []
            properties.append(StoredProperty(name: "ORGANIZER", parameters: parameters,
                                             value: "mailto:" + text.address(organizer.email ?? "")))
        }
        for attendee in event.attendees {
            var parameters: [StoredParameter] = []
            func add(_ name: String, _ value: String?) {
                if let value { parameters.append(StoredParameter(name: name, values: [text.parameter(value)])) }
            }
            add("CN", attendee.name)
            add("CUTYPE", attendee.cutype)
            add("ROLE", attendee.role)
            add("PARTSTAT", attendee.partstat)
            add("X-BUSYLIFE-AVATAR", attendee.avatar)
            // An attendee without an address still needs a value: an empty `mailto:`.
            properties.append(StoredProperty(name: "ATTENDEE", parameters: parameters,
                                             value: "mailto:" + text.address(attendee.email ?? "")))
        }
        if !event.categories.isEmpty {
            properties.append(StoredProperty(name: "CATEGORIES", value: event.categories.map { text.text($0) }.joined(separator: ",")))
        }
        if let status = event.status { properties.append(StoredProperty(name: "STATUS", value: status.rawValue.uppercased())) }
        if event.transparency == .transparent { properties.append(StoredProperty(name: "TRANSP", value: "TRANSPARENT")) }
        if event.sequence != 0 { properties.append(StoredProperty(name: "SEQUENCE", value: String(event.sequence))) }
        if let type = event.type { properties.append(StoredProperty(name: "X-BUSYLIFE-TYPE", value: String(type))) }
        return StoredComponent(name: "VEVENT", properties: properties, children: [])
    }

    /// What every occurrence of one VEVENT shares in an expanded
    /// conversion: its properties without times and rules (TZIDs renamed),
    /// split where DTSTART was, and its children. Made once per VEVENT.
    struct Template {
        var name: String
        var before: [StoredProperty]
        var after: [StoredProperty]
        var children: [StoredComponent]

        /// The VEVENT of one occurrence: the VEVENT as written (the
        /// override's where one applies) without its rules, with DTSTART and
        /// DTEND of the occurrence and a RECURRENCE-ID of its original start,
        /// in the event's own terms, where DTSTART was.
        func component(_ occurrence: Occurrence, zones: inout WrittenZones) -> StoredComponent {
            StoredComponent(name: name, properties: before + times(occurrence, zones: &zones) + after, children: children)
        }

        /// The same as iCalendar text, the shared lines written once (`rendered`).
        func write(_ occurrence: Occurrence, rendered: Rendered, to writer: inout ICalTextWriter, zones: inout WrittenZones) {
            rendered.head.withUnsafeBufferPointer { writer.out.append(bytes: $0) }
            writer.time("DTSTART", occurrence.start, zones: &zones)
            if let original = Template.original(of: occurrence) {
                writer.time("RECURRENCE-ID", original, zones: &zones)
            }
            writer.time("DTEND", occurrence.end, zones: &zones)
            rendered.tail.withUnsafeBufferPointer { writer.out.append(bytes: $0) }
        }

        /// Names the zones of the times `write` writes, in its order, as
        /// it names them (`ICalTextWriter.time`): done first, in order, the
        /// writing itself may then run in chunks on copies of `zones`.
        static func nameZones(of occurrence: Occurrence, zones: inout WrittenZones, named: inout NamedZoneYears) {
            named.name(occurrence.start, zones: &zones)
            if let original = original(of: occurrence) { named.name(original, zones: &zones) }
            named.name(occurrence.end, zones: &zones)
        }

        /// The start an occurrence's RECURRENCE-ID gives.
        private static func original(of occurrence: Occurrence) -> EventTime? {
            occurrence.recurrenceID ?? occurrence.event.recurrenceID?.time
        }

        /// BEGIN and the lines before the times; the lines after, the children and END.
        struct Rendered {
            var head: [UInt8]
            var tail: [UInt8]
        }

        func rendered() -> Rendered {
            var head = ICalTextWriter()
            head.begin(name)
            for property in before { head.property(property) }
            var tail = ICalTextWriter()
            for property in after { tail.property(property) }
            for child in children { tail.component(child) }
            tail.end(name)
            return Rendered(head: head.out.bytes, tail: tail.out.bytes)
        }

        private func times(_ occurrence: Occurrence, zones: inout WrittenZones) -> [StoredProperty] {
            EventComponents.times(start: occurrence.start, end: occurrence.end,
                                  recurrenceID: occurrence.recurrenceID ?? occurrence.event.recurrenceID?.time, zones: &zones)
        }
    }

    /// The zones and years `Template.nameZones` has named: naming one
    /// again changes nothing, and most times fall well inside a year
    /// whatever the zone, which needs no offset to tell.
    struct NamedZoneYears {
        private var pairs: [(zone: Zone, year: Int)] = []
        /// UTC seconds that are in `year` on every clock (offsets reach
        /// 14 hours either way): the year's start and end 14 hours in.
        private var certain: (from: Int64, until: Int64, year: Int) = (0, 0, 0)

        mutating func name(_ time: EventTime, zones: inout WrittenZones) {
            guard case .instant(let instant, let zone?) = time, zone != .utc else { return }
            let seconds = instant.seconds
            if seconds < certain.from || seconds >= certain.until {
                let year = LocalDateTime(secondsSinceEpoch: seconds).date.year
                certain = (ZoneRules.startOfYear(year) + 50_400, ZoneRules.startOfYear(year + 1) - 50_400, year)
                if seconds < certain.from || seconds >= certain.until {  // near New Year: ask the zone
                    _ = zones.name(for: zone, year: zone.local(instant).date.year)
                    return
                }
            }
            if pairs.contains(where: { $0.zone == zone && $0.year == certain.year }) { return }
            _ = zones.name(for: zone, year: certain.year)
            if pairs.count >= 256 { pairs.removeAll() }
            pairs.append((zone, certain.year))
        }
    }

    /// What an occurrence's own times replace.
    private static let replaced: Set<String> = ["DTSTART", "DTEND", "DURATION", "RECURRENCE-ID", "RRULE", "RDATE", "EXDATE", "EXRULE"]

    static func template(_ occurrence: Occurrence, written: StoredComponent?, file: String,
                         zonesOf tzids: [String: Zone?], zones: inout WrittenZones, text: inout ModelText) -> Template {
        let form = written ?? vevent(occurrence.event, zones: &zones, text: &text)
        let parts = form.parts
        var before: [StoredProperty] = []
        var after: [StoredProperty] = []
        var placed = false
        for property in parts.properties {
            if replaced.contains(property.name) {
                if property.name == "DTSTART" { placed = true }
                continue
            }
            let renamed = rewritingTZID(property, file: file, zonesOf: tzids, zones: &zones)
            if placed { after.append(renamed) } else { before.append(renamed) }
        }
        if !placed, !before.isEmpty {  // no DTSTART as written: the times go after the first line
            after = Array(before.dropFirst()) + after
            before = [before[0]]
        }
        let children = parts.children.map { renaming($0, file: file, zonesOf: tzids, zones: &zones) }
        return Template(name: form.name, before: before, after: after, children: children)
    }

    /// The TZIDs of a component as written that are written under another
    /// name (a vendor prefix stripped, a Windows name mapped): most are none.
    static func renamedTZIDs(file: String, zonesOf tzids: [String: Zone?], zones: inout WrittenZones) -> [String: String] {
        var renamed: [String: String] = [:]
        for (tzid, zone) in tzids.sorted(by: { $0.key < $1.key }) {
            let name = zones.name(for: tzid, zone: zone, file: file)
            if name != tzid { renamed[tzid] = name }
        }
        return renamed
    }

    /// A component with every TZID set to the name it is written under (for jCal).
    static func rewritingTZIDs(_ component: StoredComponent, file: String, zonesOf tzids: [String: Zone?],
                               zones: inout WrittenZones) -> StoredComponent {
        guard !renamedTZIDs(file: file, zonesOf: tzids, zones: &zones).isEmpty else { return component }
        return renaming(component, file: file, zonesOf: tzids, zones: &zones)
    }

    private static func renaming(_ component: StoredComponent, file: String, zonesOf tzids: [String: Zone?],
                                 zones: inout WrittenZones) -> StoredComponent {
        var changed = false
        var (properties, children) = component.parts
        for index in properties.indices where properties[index].parameter("TZID") != nil {
            let rewritten = rewritingTZID(properties[index], file: file, zonesOf: tzids, zones: &zones)
            if rewritten != properties[index] {
                properties[index] = rewritten
                changed = true
            }
        }
        for index in children.indices {
            let rewritten = renaming(children[index], file: file, zonesOf: tzids, zones: &zones)
            if rewritten !== children[index] {
                children[index] = rewritten
                changed = true
            }
        }
        return changed ? component.with(properties: properties, children: children) : component
    }

    private static func rewritingTZID(_ property: StoredProperty, file: String, zonesOf tzids: [String: Zone?],
                                      zones: inout WrittenZones) -> StoredProperty {
        guard let tzid = property.parameter("TZID") else { return property }
        let zone = tzids[tzid] ?? nil
        let name = zones.name(for: tzid, zone: zone, file: file)
        return name == tzid ? property : property.setting("TZID", to: name)
    }

    /// DTSTART, RECURRENCE-ID (when given) and DTEND.
    private static func times(start: EventTime, end: EventTime, recurrenceID: EventTime?,
                              zones: inout WrittenZones) -> [StoredProperty] {
        // Each zone named for the year it is used in (its VTIMEZONE covers it).
        for time in [start, end] + (recurrenceID.map { [$0] } ?? []) {
            if case .instant(let instant, let zone?) = time, zone != .utc {
                _ = zones.name(for: zone, year: zone.local(instant).date.year)
            }
        }
        var result = [ICalValue.timeProperty("DTSTART", start, zoneName: { zones.name(for: $0) })]
        if let recurrenceID {
            result.append(ICalValue.timeProperty("RECURRENCE-ID", recurrenceID, zoneName: { zones.name(for: $0) }))
        }
        result.append(ICalValue.timeProperty("DTEND", end, zoneName: { zones.name(for: $0) }))
        return result
    }

    /// A FLOAT (RFC 5545 3.3.7) that reads back as `value`: its shortest
    /// form, with the digits of an exponent (`1e-07`) written out, which
    /// FLOAT has no place for (`0.0000001`).
    static func decimal(_ value: Double) -> String {
        let shortest = "\(value)"
        guard let e = shortest.firstIndex(of: "e"), let exponent = Int(shortest[shortest.index(after: e)...]) else { return shortest }
        var mantissa = Substring(shortest[..<e])
        let sign = mantissa.first == "-" ? "-" : ""
        if !sign.isEmpty { mantissa = mantissa.dropFirst() }
        let halves = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let digits = String(halves[0]) + (halves.count > 1 ? String(halves[1]) : "")
        let point = halves[0].count + exponent
        if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
        if point >= digits.count { return sign + digits + String(repeating: "0", count: point - digits.count) + ".0" }
        return sign + String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
    }

    /// A DURATION of whole seconds, in days and seconds (`P1157407DT15S`):
    /// readers take at most nine digits a part.
    private static func duration(seconds: Int64) -> String {
        let (days, rest) = seconds.quotientAndRemainder(dividingBy: 86_400)
        return "P\(days)DT\(rest)S"
    }

    /// Milliseconds as seconds: `1795824000`, `1795824000.5`, `0.25`.
    static func seconds(_ milliseconds: Int64) -> String {
        let whole = milliseconds / 1000
        var fraction = abs(milliseconds % 1000)
        guard fraction != 0 else { return String(whole) }
        var digits = 3
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let sign = milliseconds < 0 && whole == 0 ? "-" : ""
        let text = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - text.count) + text
    }
}
