import EventModel
import Foundation
import ICal

/// How a TZID was resolved (docs/semantics.md section 2), for `check`'s summary.
package enum ZoneRule: String, Sendable, CaseIterable {
    /// An IANA name (after stripping a vendor prefix, if any): the tz database.
    case tzdb
    /// The file's own VTIMEZONE definition.
    case vtimezone
    /// A Windows zone name through CLDR's windowsZones mapping.
    case windows
    /// A display name CLDR does not list, read as its fixed UTC offset.
    case offset
    /// Nothing matched: values read as floating, with a diagnostic.
    case unresolved
}

/// One TZID and what it resolved to.
package struct ZoneResolution: Sendable {
    package var tzid: String
    package var rule: ZoneRule
    package var zone: Zone?
}

/// Zones every file can share: tz database zones by name, looked up once,
/// and zones built from VTIMEZONEs by their text. Used by one read at a time.
package final class ZoneCatalog {
    private var tzdb: [String: Zone?] = [:]
    /// How many zones files may define in this process (`Zone.fileDefinitionLimit`).
    let definitionLimit: Int
    /// What the `.ics` reader keeps from one file to the next (`ParseMemo`).
    package let parseMemo = ParseMemo()
    /// Zones built from a VTIMEZONE without a diagnostic, by its id and the
    /// text it was read from, the latest last: a vdir's files each repeat
    /// the VTIMEZONE their event uses.
    private var built: [(id: String, text: [UInt8], zone: Zone)] = []
    /// Most zones kept in `built`: a vdir uses a handful.
    private static let maxBuilt = 16
    /// How many zones were built from VTIMEZONEs (for tests).
    package private(set) var zonesBuilt = 0

    package init(definitionLimit: Int = Zone.fileDefinitionLimit) {
        self.definitionLimit = definitionLimit
    }

    /// TZIDs as written that the tz database resolves (`ZoneResolver.lookUp`'s
    /// first step), and their zones, the latest last: each of a vdir's
    /// files resolves its own TZIDs, mostly the same few.
    @exclusivity(unchecked) private var tzdbTZIDs: [(tzid: [UInt8], zone: Zone)] = []

    /// How many TZIDs as written are remembered so (for tests).
    package var tzdbTZIDsRemembered: Int { tzdbTZIDs.count }

    /// The tz database zone of a TZID as written, when it is one of those
    /// resolved so before; nil otherwise.
    func knownTzdbZone(utf8 tzid: UnsafeBufferPointer<UInt8>) -> Zone? {
        guard let base = tzid.baseAddress else { return nil }
        for index in tzdbTZIDs.indices.reversed() where tzdbTZIDs[index].tzid.count == tzid.count {
            let same = tzdbTZIDs[index].tzid.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, tzid.count) == 0 }
            if same { return tzdbTZIDs[index].zone }
        }
        return nil
    }

    /// The tz database zone of a TZID as written (after stripping a vendor
    /// prefix), remembered by its bytes.
    func tzdbZone(tzid: String) -> Zone? {
        var text = tzid
        if let known = text.withUTF8({ knownTzdbZone(utf8: $0) }) { return known }
        guard let zone = tzdbZone(ZoneResolver.stripped(tzid)) else { return nil }
        if tzdbTZIDs.count >= 8 { tzdbTZIDs.removeFirst() }
        tzdbTZIDs.append((Array(tzid.utf8), zone))
        return zone
    }

    /// The tz database zone of an IANA name or legacy alias (`US/Eastern`),
    /// or nil (`Zone.named`: abbreviations such as `CST` are not names).
    package func tzdbZone(_ name: String) -> Zone? {
        if let cached = tzdb[name] { return cached }
        let zone = name == "Z" ? nil : Zone.named(name)
        tzdb[name] = zone
        return zone
    }

    /// The zone of a file's VTIMEZONE (`VTimezoneBuilder.zone`), built once
    /// for each text: the same text makes the same zone. One whose build
    /// said something is built again each time, for its diagnostics name
    /// its own file and lines.
    func zone(from definition: ICalComponent, id: String, file: String, report: (Diagnostic) -> Void) -> Zone? {
        guard let text = definition.sourceText else {
            return VTimezoneBuilder.zone(from: definition, id: id, file: file, limit: definitionLimit, report: report)
        }
        if let known = built.last(where: { $0.id == id && $0.text == text }) { return known.zone }
        var said = false
        zonesBuilt += 1
        let zone = VTimezoneBuilder.zone(from: definition, id: id, file: file, limit: definitionLimit) { found in
            said = true
            report(found)
        }
        if let zone, !said {
            if built.count >= ZoneCatalog.maxBuilt { built.removeFirst() }
            built.append((id, text, zone))
        }
        return zone
    }
}

/// Resolves the TZIDs of one file, in the order of docs/semantics.md section 2,
/// caching each answer.
final class ZoneResolver {
    private let catalog: ZoneCatalog
    private let file: String
    private var definitions: [String: ICalComponent] = [:]
    private var cache: [String: ZoneResolution] = [:]
    /// The TZIDs last resolved and their zones, the latest last: most
    /// files name a handful of zones over and over, and comparing a few
    /// strings costs less than hashing one.
    @exclusivity(unchecked) private var recent: [(tzid: String, zone: Zone?)] = []
    /// TZIDs last found not settled (`isSettled(utf8:)`): a Windows name
    /// without its VTIMEZONE is asked again for every event that uses it.
    /// Forgotten when a VTIMEZONE is read or a TZID resolved, either of
    /// which may settle them.
    @exclusivity(unchecked) private var unsettled: [String] = []
    private(set) var order: [String] = []
    /// The span of offsets last asked for by `instant(for:in:)`: an
    /// event's DTEND mostly falls in its DTSTART's. Only this reader's
    /// thread uses it.
    @exclusivity(unchecked) private var instantMemo = ZoneOffsetMemo()
    private let report: (Diagnostic) -> Void

    init(catalog: ZoneCatalog, file: String, report: @escaping (Diagnostic) -> Void) {
        self.catalog = catalog
        self.file = file
        self.report = report
    }

    /// A VTIMEZONE of this file; it may come after the events that use it.
    func define(_ component: ICalComponent) {
        guard let tzid = component.value(.tzid)?.trimmingBlanks(), !tzid.isEmpty else {
            report(Diagnostic(.warning, .missingProperty, at: SourcePosition(file: file, line: component.line),
                              "VTIMEZONE without TZID; ignored"))
            return
        }
        if let used = cache[tzid], used.rule != .tzdb, used.rule != .vtimezone {
            report(Diagnostic(.warning, .unresolvedZone, at: SourcePosition(file: file, line: component.line),
                              "VTIMEZONE \"\(tzid)\" comes after more than \(ICSImporter.maxPending) events that use it; "
                              + "those were read as \(used.rule == .windows ? "its Windows mapping \(used.zone?.id ?? "")" : "floating")"))
        }
        if definitions[tzid] == nil { definitions[tzid] = component }
        unsettled.removeAll()
    }

    /// Whether `tzid` can be answered now for good: by the tz database or by
    /// a VTIMEZONE already read. Otherwise an event using it waits for the
    /// end of the file, where a VTIMEZONE may still come.
    func isSettled(_ tzid: String) -> Bool {
        recentIndex(tzid) != nil || cache[tzid] != nil || catalog.tzdbZone(tzid: tzid) != nil || definitions[tzid] != nil
    }

    /// The same for a TZID as written: found by its bytes among the recent
    /// ones, settled or not (no string made for it).
    func isSettled(utf8 tzid: UnsafeBufferPointer<UInt8>) -> Bool {
        if recentIndex(utf8: tzid) != nil || catalog.knownTzdbZone(utf8: tzid) != nil { return true }
        if Self.index(of: tzid, in: unsettled) != nil { return false }
        let text = String(decoding: tzid, as: UTF8.self)
        if isSettled(text) { return true }
        if unsettled.count >= 8 { unsettled.removeFirst() }
        unsettled.append(text)
        return false
    }

    /// The zone of a TZID as written, when it is among the recent ones and
    /// resolved to a zone (no string made for it); nil otherwise, for
    /// `resolve(_:line:)` to answer.
    func recentZone(utf8 tzid: UnsafeBufferPointer<UInt8>) -> Zone? {
        recentIndex(utf8: tzid).flatMap { recent[$0].zone }
    }

    /// The instant of a wall-clock time in `zone` (`Zone.instant(for:)`).
    func instant(for local: LocalDateTime, in zone: Zone) -> Instant {
        zone.instant(forWall: local.secondsSinceEpoch, memo: &instantMemo)
    }

    /// The zone for `tzid` as used at `line`; nil (floating, with a
    /// diagnostic on first use) when nothing resolves it.
    func resolve(_ tzid: String, line: Int) -> Zone? {
        if let index = recentIndex(tzid) { return recent[index].zone }
        if let known = cache[tzid] {
            remember(tzid, known.zone)
            return known.zone
        }
        let resolution = lookUp(tzid, line: line)
        cache[tzid] = resolution
        unsettled.removeAll()
        remember(tzid, resolution.zone)
        order.append(tzid)
        if resolution.rule == .unresolved {
            report(Diagnostic(.warning, .unresolvedZone, at: SourcePosition(file: file, line: line),
                              "unknown time zone \"\(tzid)\"; its times are read as floating"))
        }
        return resolution.zone
    }

    /// Where `tzid` is among the recent ones, the latest first. Lengths are
    /// compared before text: each event's TZID is a new string, so `==`
    /// would compare bytes with every recent one.
    private func recentIndex(_ tzid: String) -> Int? {
        var tzid = tzid
        return tzid.withUTF8 { recentIndex(utf8: $0) }
    }

    private func recentIndex(utf8 tzid: UnsafeBufferPointer<UInt8>) -> Int? {
        recent.lastIndex { Self.equal($0.tzid, tzid) }
    }

    private static func index(of tzid: UnsafeBufferPointer<UInt8>, in list: [String]) -> Int? {
        list.lastIndex { equal($0, tzid) }
    }

    /// Byte for byte (stricter than `==`, which would also match another
    /// normalization: a miss then costs a lookup, never a wrong answer).
    private static func equal(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.utf8.count == bytes.count else { return false }
        guard let base = bytes.baseAddress else { return true }  // both empty
        return text.utf8.withContiguousStorageIfAvailable { stored in
            stored.baseAddress.map { memcmp($0, base, bytes.count) == 0 } ?? false
        } ?? text.utf8.elementsEqual(bytes)
    }

    private func remember(_ tzid: String, _ zone: Zone?) {
        if recent.count >= 8 { recent.removeFirst() }
        recent.append((tzid, zone))
    }

    var resolutions: [ZoneResolution] { order.compactMap { cache[$0] } }

    private func lookUp(_ tzid: String, line: Int) -> ZoneResolution {
        if let zone = catalog.tzdbZone(tzid: tzid) {
            return ZoneResolution(tzid: tzid, rule: .tzdb, zone: zone)
        }
        let name = Self.stripped(tzid)
        if let definition = definitions[tzid] ?? definitions[name] {
            if let zone = catalog.zone(from: definition, id: name, file: file, report: report) {
                return ZoneResolution(tzid: tzid, rule: .vtimezone, zone: zone)
            }
        }
        if let iana = WindowsZones.ianaName(for: name), let zone = catalog.tzdbZone(iana) {
            return ZoneResolution(tzid: tzid, rule: .windows, zone: zone)
        }
        // Older Outlook wrote `(GMT+10:00) Canberra, Melbourne, Sydney`
        // where CLDR lists `(UTC+10:00) ...`: the same name.
        if let utcName = WindowsZones.utcSpelling(of: name), let iana = WindowsZones.ianaName(for: utcName),
           let zone = catalog.tzdbZone(iana) {
            report(Diagnostic(.warning, .repairedValue, at: SourcePosition(file: file, line: line),
                              "time zone \"\(tzid)\" read as the Windows zone \"\(utcName)\" (\(iana))"))
            return ZoneResolution(tzid: tzid, rule: .windows, zone: zone)
        }
        // A display name CLDR does not list still says its offset: a fixed zone.
        if let offset = WindowsZones.displayOffset(of: name) {
            let text = "UTC" + (offset == 0 ? "" : Instant.offsetText(offset))
            guard let zone = Zone.defined(id: name, fixedOffset: offset, limit: catalog.definitionLimit) else {
                report(Diagnostic(.warning, .unresolvedZone, at: SourcePosition(file: file, line: line),
                                  "time zone \"\(tzid)\" not read as the fixed offset \(text): this process keeps at most "
                                  + "\(catalog.definitionLimit) zones that files define, and has that many"))
                return ZoneResolution(tzid: tzid, rule: .unresolved, zone: nil)
            }
            report(Diagnostic(.warning, .repairedValue, at: SourcePosition(file: file, line: line),
                              "unknown time zone \"\(tzid)\" read as the fixed offset \(text) (no daylight saving time)"))
            return ZoneResolution(tzid: tzid, rule: .offset, zone: zone)
        }
        return ZoneResolution(tzid: tzid, rule: .unresolved, zone: nil)
    }

    /// Step 1: without surrounding quotes and a vendor prefix:
    /// `/freeassociation.sourceforge.net/[Tzfile/]`, `/mozilla.org/20050126_1/`,
    /// `/softwarestudio.org/Olson_20011030_5/`, `/citadel.org/20190914_1/`.
    static func stripped(_ tzid: String) -> String {
        var name = tzid.trimmingBlanks()
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
            name = String(name.dropFirst().dropLast())
        }
        guard name.hasPrefix("/") else { return name }
        var parts = name.split(separator: "/")
        if let first = parts.first, first.contains(".") { parts.removeFirst() }
        while parts.count > 1, let first = parts.first, isVendorVersion(first) { parts.removeFirst() }
        return parts.joined(separator: "/")
    }

    /// `Tzfile`, `Olson_20011030_5`, `20050126_1`: a vendor's version segment.
    private static func isVendorVersion(_ segment: Substring) -> Bool {
        segment == "Tzfile" || segment.hasPrefix("Olson") || segment.first?.isNumber == true
    }
}
