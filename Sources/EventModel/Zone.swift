import Foundation
import Synchronization

/// A time zone: from the tz database, from a VTIMEZONE's observances, or a
/// fixed offset. Answers two questions: the UTC offset at an instant, and
/// the instant of a wall-clock time (with RFC 5545 gap and overlap rules).
///
/// A zone is a plain pointer to its definition, and definitions live as
/// long as the process: every event time carries a zone, events are copied
/// by the million on several threads, and a shared reference-counted object
/// there costs more than the expansion itself. Definitions are few and
/// shared: one per tz database name, one per distinct VTIMEZONE (the same
/// VTIMEZONE read again, by a server that re-reads a subscription every few
/// minutes, gets the zone it had), so memory is bounded by the distinct
/// zones seen, not by the files read. Two different VTIMEZONEs under one
/// TZID are two zones, and never equal. What files define (VTIMEZONEs,
/// display-name offsets) is bounded for a process that reads calendars for
/// ever: `fileDefinitionLimit` distinct definitions at most (`defined`).
public struct Zone: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline let definition: Unmanaged<Definition>

    private init(_ definition: Definition) {
        self.definition = Unmanaged.passRetained(definition)  // never released
    }

    private static let tzdbZones = Mutex<[String: Zone]>([:])

    /// A tz database zone; nil if Foundation does not know the name. The
    /// same name gives the same zone.
    package init?(tzdb name: String) {
        if let known = Zone.tzdbZones.withLock({ $0[name] }) {
            self = known
            return
        }
        guard let zone = TimeZone(identifier: name) else { return nil }
        let made = Zone(Definition(id: name, source: .tzdb(zone)))
        self = Zone.tzdbZones.withLock { zones in
            if let known = zones[name] { return known }
            zones[name] = made
            return made
        }
    }

    /// The zone of a name a person or a file gives: an IANA name or alias
    /// (`Europe/Berlin`, `US/Eastern`, `UTC`) that the tz database holds,
    /// or `Z`; nil for anything else, including abbreviations that
    /// Foundation would accept (`CST`, `EST` are ambiguous or not zones).
    /// Import (TZIDs), travel plans and `--tz` all resolve names here.
    public static func named(_ name: String) -> Zone? {
        let text = name.trimmingBlanks()
        if text == "Z" { return .utc }
        let plausible = !text.isEmpty && !text.hasPrefix("/") && !text.contains("..") && !text.contains(" ")
        guard plausible else { return nil }
        if let zoneinfo = Zone.zoneinfo {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: zoneinfo + "/" + text, isDirectory: &isDirectory),
                  !isDirectory.boolValue else { return nil }
        } else if !TimeZone.knownTimeZoneIdentifiers.contains(text) {
            return nil
        }
        return Zone(tzdb: text)
    }

    /// The zone of a name a person types (`--tz`, `TZ`, the configuration's
    /// `timezone`, travel plans): a name as `named` reads it; else a tz
    /// database name in another case, when only one name matches (`utc`,
    /// `europe/paris`); else a POSIX TZ string (`CET-1CEST,M3.5.0,M10.5.0/3`,
    /// `EST5EDT`, `<+03>-3`; `PosixZoneRule`). A name of the tz database
    /// wins over a POSIX reading, as in the C library: `EST5EDT` is the
    /// tz database's zone, with its history.
    package static func typed(_ name: String) -> Zone? {
        let text = name.trimmingBlanks()
        return named(text) ?? namedInAnyCase(text) ?? posix(text)
    }

    /// The tz database zone whose name is `text` in another case, if only one is.
    private static func namedInAnyCase(_ text: String) -> Zone? {
        guard let names = tzdbNamesInLowerCase[text.lowercased()], names.count == 1 else { return nil }
        return named(names[0])
    }

    /// The tz database's names by their lower-case spelling: the files of
    /// the zoneinfo folder (without its `posix` and `right` copies and
    /// its tables, which are not zones), else Foundation's list.
    private static let tzdbNamesInLowerCase: [String: [String]] = {
        var names = TimeZone.knownTimeZoneIdentifiers
        if let zoneinfo, let walk = FileManager.default.enumerator(atPath: zoneinfo) {
            while let path = walk.nextObject() as? String {
                if path == "posix" || path == "right" { walk.skipDescendants() }
                guard walk.fileAttributes?[.type] as? FileAttributeType != .typeDirectory,
                      path.first?.isUppercase == true, !path.contains(".") else { continue }
                names.append(path)
            }
        }
        return Dictionary(grouping: Set(names), by: { $0.lowercased() }).mapValues { $0.sorted() }
    }()

    private static let posixZones = Mutex<[String: Zone]>([:])

    /// The zone of a POSIX TZ string, named by it; nil when `text` is not
    /// one. Without daylight saving time it is a fixed offset.
    package static func posix(_ text: String) -> Zone? {
        guard let rule = PosixZoneRule(text) else { return nil }
        guard rule.daylight != nil else { return Zone(id: text, fixedOffset: rule.standardOffset) }
        if let known = posixZones.withLock({ $0[text] }) { return known }
        let made = Zone(Definition(id: text, source: .posix(rule)))
        return posixZones.withLock { zones in
            if let known = zones[text] { return known }
            zones[text] = made
            return made
        }
    }

    /// The tz database's folder (`TZDIR`, else /usr/share/zoneinfo), if present.
    private static let zoneinfo: String? = {
        // One variable asked for, not the environment made into a dictionary
        // (`ProcessInfo.environment`, a noticeable part of a short run). `getenv` takes the first of
        // two TZDIR entries, as the C library's own zone reading does.
        let directory = getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue
            ? directory : nil
    }()

    private struct RulesKey: Hashable {
        var id: String
        var rules: ZoneRules
    }
    private static let ruleZones = Mutex<[RulesKey: Zone]>([:])

    /// A zone defined by observances (a VTIMEZONE). The same TZID and
    /// observances give the same zone.
    package init(id: String, rules: ZoneRules) {
        let key = RulesKey(id: id, rules: rules)
        if let known = Zone.ruleZones.withLock({ $0[key] }) {
            self = known
            return
        }
        let made = Zone(Definition(id: id, source: .rules(rules)))
        self = Zone.ruleZones.withLock { zones in
            if let known = zones[key] { return known }
            zones[key] = made
            return made
        }
    }

    /// How many zones files may define in one process: distinct VTIMEZONEs
    /// and display-name offsets together. Definitions are never released,
    /// so a server that reads calendars for ever would otherwise keep one
    /// for each distinct definition it was sent (a few kilobytes each, an
    /// offset table of up to 75,000 onsets for a hostile one). Real
    /// calendars use a few hundred at most: Import resolves an IANA TZID
    /// through the tz database, whatever VTIMEZONE comes with it.
    package static let fileDefinitionLimit = 10_000
    private static let fileDefinitions = Atomic<Int>(0)

    /// The zone of a file's VTIMEZONE, as `init(id:rules:)`; nil when it
    /// is new and `limit` definitions were made this way already (Import
    /// then resolves the TZID as if the file had not defined it).
    package static func defined(id: String, rules: ZoneRules, limit: Int = fileDefinitionLimit) -> Zone? {
        let key = RulesKey(id: id, rules: rules)
        return ruleZones.withLock { zones in
            if let known = zones[key] { return known }
            guard claimFileDefinition(limit: limit) else { return nil }
            let made = Zone(Definition(id: id, source: .rules(rules)))
            zones[key] = made
            return made
        }
    }

    /// A fixed offset a file's TZID names (`(UTC+05:45) Kathmandu`), as
    /// `init(id:fixedOffset:)`; nil when it is new and `limit` definitions
    /// were made from files already.
    package static func defined(id: String, fixedOffset: Int, limit: Int = fileDefinitionLimit) -> Zone? {
        let key = FixedKey(id: id, offset: fixedOffset)
        return fixedZones.withLock { zones in
            if let known = zones[key] { return known }
            guard claimFileDefinition(limit: limit) else { return nil }
            let made = Zone(Definition(id: id, source: .fixed(fixedOffset)))
            zones[key] = made
            return made
        }
    }

    private static func claimFileDefinition(limit: Int) -> Bool {
        var count = fileDefinitions.load(ordering: .relaxed)
        while count < limit {
            let (exchanged, current) = fileDefinitions.compareExchange(expected: count, desired: count + 1,
                                                                      ordering: .relaxed)
            if exchanged { return true }
            count = current
        }
        return false
    }

    private struct FixedKey: Hashable {
        var id: String
        var offset: Int
    }
    private static let fixedZones = Mutex<[FixedKey: Zone]>([:])

    /// A constant offset from UTC, in seconds east. The same name and
    /// offset give the same zone.
    package init(id: String, fixedOffset: Int) {
        let key = FixedKey(id: id, offset: fixedOffset)
        if let known = Zone.fixedZones.withLock({ $0[key] }) {
            self = known
            return
        }
        let made = Zone(Definition(id: id, source: .fixed(fixedOffset)))
        self = Zone.fixedZones.withLock { zones in
            if let known = zones[key] { return known }
            zones[key] = made
            return made
        }
    }

    public static let utc = Zone(id: "UTC", fixedOffset: 0)

    /// The name we print: the IANA name, or the VTIMEZONE's TZID.
    public var id: String { definition._withUnsafeGuaranteedRef { $0.id } }

    /// Whether the tz database answers for this zone (else the file's own rules).
    package var isTZDB: Bool {
        definition._withUnsafeGuaranteedRef { definition in
            if case .tzdb = definition.source { return true }
            return false
        }
    }

    /// Seconds east of UTC in force at `instant`.
    package func offset(at instant: Instant) -> Int {
        definition._withUnsafeGuaranteedRef { $0.offset(at: instant.seconds) }
    }

    /// The same, answered from `memo` while the instant stays in the span
    /// of the offset last found there for this zone (a writer of many
    /// times keeps one: successive times mostly fall in one span).
    ///
    /// The memo's test is inlined where it is asked (a writer asks for
    /// three or four offsets an occurrence, nearly all in the memo), where
    /// a call would cost more than the test.
    @inlinable package func offset(at instant: Instant, memo: inout ZoneOffsetMemo) -> Int {
        if memo.covers(definition.toOpaque(), from: instant.milliseconds, through: instant.milliseconds) {
            return memo.offset
        }
        return offsetRemembered(at: instant.seconds, memo: &memo)
    }

    /// The offset at `seconds`, its span kept in `memo`.
    @usableFromInline func offsetRemembered(at seconds: Int64, memo: inout ZoneOffsetMemo) -> Int {
        let span = definition._withUnsafeGuaranteedRef { $0.offsetSpan(at: seconds) }
        memo = ZoneOffsetMemo(definition: definition.toOpaque(), from: span.from, until: span.until, offset: span.offset)
        return span.offset
    }

    /// The instant of a wall-clock time in this zone (RFC 5545 3.3.5):
    /// a time in a gap moves forward by the gap's length (02:30 on
    /// 2024-03-10 in New York is 03:30 EDT, 07:30Z); a time that occurs
    /// twice takes the first (01:30 on 2024-11-03 in New York is 01:30 EDT,
    /// 05:30Z).
    package func instant(for local: LocalDateTime) -> Instant {
        Zone.instant(wall: local.secondsSinceEpoch) { offset(at: Instant(seconds: $0)) }
    }

    /// The same for wall-clock seconds, with its offsets answered from
    /// `memo`: a series' instances, one after another, mostly ask within
    /// one span between two changes of offset.
    ///
    /// The memo's test is inlined where it is asked (each instance of a
    /// series asks once), where a call would cost more than the test.
    @inlinable package func instant(forWall wall: Int64, memo: inout ZoneOffsetMemo) -> Instant {
        // Both times asked below in the memo's span (nearly always): one
        // check, in milliseconds for walls within 285,000 years of 1970
        // (beyond, a product could overflow: the slow way).
        if wall > -9_000_000_000_000 && wall < 9_000_000_000_000
            && memo.covers(definition.toOpaque(), from: (wall - 50_400) * 1000, through: (wall + 50_400) * 1000) {
            return Instant(seconds: wall - Int64(memo.offset))
        }
        return instantRemembered(forWall: wall, memo: &memo)
    }

    /// `instant(forWall:memo:)` when the memo does not answer.
    @usableFromInline func instantRemembered(forWall wall: Int64, memo: inout ZoneOffsetMemo) -> Instant {
        Zone.instant(wall: wall) { offset(at: Instant(seconds: $0), memo: &memo) }
    }

    @inline(__always)
    private static func instant(wall: Int64, offset: (Int64) -> Int) -> Instant {
        // Offsets in force well before and well after: at most one change
        // lies between them in any real zone.
        let before = offset(wall - 50_400)
        let after = offset(wall + 50_400)
        // No change of offset nearby (nearly always): nothing to resolve.
        if before == after { return Instant(seconds: wall - Int64(before)) }
        let first = wall - Int64(before)
        let second = wall - Int64(after)
        let firstValid = offset(first) == before
        let secondValid = offset(second) == after
        switch (firstValid, secondValid) {
        case (true, true): return Instant(seconds: min(first, second))
        case (true, false): return Instant(seconds: first)
        case (false, true): return Instant(seconds: second)
        case (false, false): return Instant(seconds: first)  // in the gap: the offset before it
        }
    }

    /// Wall-clock time of `instant` in this zone.
    package func local(_ instant: Instant) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: instant.seconds + Int64(offset(at: instant)))
    }

    /// What a `ZoneOffsetMemo` of this zone holds as its `definition`.
    @inlinable package var memoKey: UnsafeMutableRawPointer { definition.toOpaque() }

    /// `self == .utc`, read from the zone (each time an event writes in
    /// its own zone asks; comparing with `.utc` fetched the global first).
    package var isUTC: Bool { definition._withUnsafeGuaranteedRef { $0.isUTC } }

    /// Whether the two are one definition (so `==` too): a comparison of
    /// two pointers, where `==` also compares fixed offsets and names.
    @inlinable package func isIdentical(to other: Zone) -> Bool {
        definition.toOpaque() == other.definition.toOpaque()
    }

    /// The same definition, or the same fixed offset under the same name.
    public static func == (a: Zone, b: Zone) -> Bool {
        if a.definition.toOpaque() == b.definition.toOpaque() { return true }
        return a.definition._withUnsafeGuaranteedRef { x in
            b.definition._withUnsafeGuaranteedRef { y in
                if case .fixed(let p) = x.source, case .fixed(let q) = y.source { return p == q && x.id == y.id }
                return false
            }
        }
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public var description: String { id }
}

/// What a zone is and its table of offsets. Unchecked: the table is
/// written once, before it is published, and only read afterwards.
@usableFromInline final class Definition: @unchecked Sendable {
    enum Source: Sendable {
        case tzdb(TimeZone)
        case rules(ZoneRules)
        case posix(PosixZoneRule)
        case fixed(Int)
    }

    let id: String
    let source: Source
    /// The offsets from 1900 to 2100 in eras of 25 years, each built on
    /// first use and then read without locks: a binary search instead of
    /// an ICU call or a rule expansion for every conversion. A calendar of
    /// this decade builds one or two eras, not all eight (ICU's work for
    /// each transition of a tz database zone is costly). An era's
    /// table is empty when a VTIMEZONE changes offset too often for one
    /// (then `years` answers).
    private let eras: UnsafeMutablePointer<Atomic<UnsafeMutablePointer<OffsetTable>?>> = {
        let eras = UnsafeMutablePointer<Atomic<UnsafeMutablePointer<OffsetTable>?>>.allocate(capacity: Definition.eraCount)
        for era in 0..<Definition.eraCount { (eras + era).initialize(to: Atomic(nil)) }
        return eras
    }()
    /// A VTIMEZONE's onsets one UTC year at a time, outside the table.
    private let years = Mutex<[Int: [(onset: Int64, offset: Int)]]>([:])

    private static let first: Int64 = -2_208_988_800  // 1900-01-01T00:00:00Z
    private static let last: Int64 = 4_102_444_800    // 2100-01-01T00:00:00Z
    private static let eraCount = 8
    private static let eraLength = (last - first) / Int64(eraCount)
    /// More onsets than this in one era (about one a day) make no table.
    private static let eraLimit = 9_375
    /// More onsets than this around one year (a zone that changes every
    /// few minutes) are not expanded.
    private static let yearLimit = 200_000

    /// Equal to `Zone.utc` (`==`): a fixed offset of 0 named UTC.
    let isUTC: Bool

    init(id: String, source: Source) {
        self.id = id
        self.source = source
        if case .fixed(0) = source { isUTC = id == "UTC" } else { isUTC = false }
    }

    /// The offset at `seconds` and the span of seconds it holds for
    /// (the table's onsets around it, within its era; just `seconds`
    /// outside the tables).
    func offsetSpan(at seconds: Int64) -> (offset: Int, from: Int64, until: Int64) {
        if case .fixed(let offset) = source { return (offset, .min, .max) }
        if seconds >= Definition.first && seconds < Definition.last {
            let era = Int((seconds - Definition.first) / Definition.eraLength)
            let table = loadTable(era: era)
            let start = Definition.first + Int64(era) * Definition.eraLength
            if table.pointee.count > 0 {
                return table.pointee.offsetSpan(at: seconds, first: start, last: start + Definition.eraLength)
            }
        }
        return (offset(at: seconds), seconds, seconds + 1)
    }

    func offset(at seconds: Int64) -> Int {
        if case .fixed(let offset) = source { return offset }
        if seconds >= Definition.first && seconds < Definition.last {
            let table = loadTable(era: Int((seconds - Definition.first) / Definition.eraLength))
            if table.pointee.count > 0 { return table.pointee.offset(at: seconds) }
        }
        switch source {
        case .tzdb(let zone): return zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        case .rules(let rules): return yearOffset(at: seconds, rules: rules)
        case .posix(let rule): return rule.offset(atUTCSeconds: seconds)
        case .fixed(let offset): return offset  // answered above
        }
    }

    @inline(__always)
    private func loadTable(era: Int) -> UnsafeMutablePointer<OffsetTable> {
        if let table = eras[era].load(ordering: .acquiring) { return table }
        return buildTable(era: era)
    }

    @inline(never)
    private func buildTable(era: Int) -> UnsafeMutablePointer<OffsetTable> {
        let start = Definition.first + Int64(era) * Definition.eraLength
        let built = UnsafeMutablePointer<OffsetTable>.allocate(capacity: 1)
        built.initialize(to: OffsetTable(buildChanges(from: start, to: start + Definition.eraLength)))
        let (exchanged, current) = eras[era].compareExchange(expected: nil, desired: built, ordering: .acquiringAndReleasing)
        if exchanged { return built }
        built.deinitialize(count: 1)  // another thread built it first
        built.deallocate()
        return current!
    }

    /// The offset in force at `start`, then each change up to `end`.
    private func buildChanges(from start: Int64, to end: Int64) -> [(onset: Int64, offset: Int)] {
        switch source {
        case .tzdb(let zone):
            var date = Date(timeIntervalSince1970: Double(start))
            var changes = [(start, zone.secondsFromGMT(for: date))]
            while let next = zone.nextDaylightSavingTimeTransition(after: date),
                  next.timeIntervalSince1970 < Double(end), next > date {
                changes.append((Int64(next.timeIntervalSince1970.rounded()), zone.secondsFromGMT(for: next)))
                date = next
            }
            return changes
        case .rules(let rules):
            return rules.transitions(fromUTCSeconds: start, toUTCSeconds: end, limit: Definition.eraLimit) ?? []
        case .posix(let rule):
            return rule.transitions(fromUTCSeconds: start, toUTCSeconds: end)
        case .fixed:
            return []
        }
    }

    /// A VTIMEZONE's offset from its onsets in the year of `seconds`, kept
    /// per year.
    private func yearOffset(at seconds: Int64, rules: ZoneRules) -> Int {
        let year = LocalDateTime(secondsSinceEpoch: seconds).date.year
        let table = years.withLock { cached in
            if let table = cached[year] { return table }
            // Bounded: a rule of every second would give 126 million
            // onsets for the four years looked at; past the limit the
            // year keeps the offset in force at its start.
            let start = ZoneRules.startOfYear(year)
            let table = rules.transitions(fromUTCSeconds: start, toUTCSeconds: ZoneRules.startOfYear(year + 1),
                                          limit: Definition.yearLimit)
                ?? [(start, rules.observances.first?.offsetFrom ?? 0)]
            if cached.count > 4096 { cached.removeAll() }
            cached[year] = table
            return table
        }
        return OffsetTable.search(count: table.count, seconds) { table[$0].onset }.map { table[$0].offset } ?? table[0].offset
    }
}

/// Onsets and the offset each brings, in order, in memory of their own
/// (no reference counting on lookups), freed with their only owner.
private struct OffsetTable: ~Copyable {
    let onsets: UnsafeMutableBufferPointer<Int64>
    let offsets: UnsafeMutableBufferPointer<Int32>

    init(_ changes: [(onset: Int64, offset: Int)]) {
        onsets = .allocate(capacity: changes.count)
        offsets = .allocate(capacity: changes.count)
        for (index, change) in changes.enumerated() {
            onsets[index] = change.onset
            offsets[index] = Int32(change.offset)
        }
    }

    var count: Int { onsets.count }

    /// The offset of the last onset at or before `seconds` (the first
    /// onset's when none is).
    func offset(at seconds: Int64) -> Int {
        let onsets = self.onsets
        return Int(offsets[OffsetTable.search(count: onsets.count, seconds) { onsets[$0] } ?? 0])
    }

    /// The same, with the span between the onsets around `seconds` (from
    /// `first` before the first onset, to `last` after the last).
    func offsetSpan(at seconds: Int64, first: Int64, last: Int64) -> (offset: Int, from: Int64, until: Int64) {
        let onsets = self.onsets
        guard let index = OffsetTable.search(count: onsets.count, seconds, onset: { onsets[$0] }) else {
            return (Int(offsets[0]), first, min(onsets[0], last))
        }
        let until = index + 1 < onsets.count ? min(onsets[index + 1], last) : last
        return (Int(offsets[index]), max(onsets[index], first), until)
    }

    /// The index of the last of `count` onsets in order at or before `seconds`, if any.
    static func search(count: Int, _ seconds: Int64, onset: (Int) -> Int64) -> Int? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if onset(mid) <= seconds { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    deinit {
        onsets.deallocate()
        offsets.deallocate()
    }
}

/// The span of one zone's offset last found by `Zone.offset(at:memo:)`.
@usableFromInline package struct ZoneOffsetMemo {
    @usableFromInline package var definition: UnsafeMutableRawPointer?
    /// The span, in milliseconds.
    @usableFromInline package var fromMilliseconds: Int64 = 0
    @usableFromInline package var untilMilliseconds: Int64 = 0
    @usableFromInline package var offset = 0

    package init() {}

    fileprivate init(definition: UnsafeMutableRawPointer, from: Int64, until: Int64, offset: Int) {
        self.definition = definition
        fromMilliseconds = ZoneOffsetMemo.milliseconds(from)
        untilMilliseconds = ZoneOffsetMemo.milliseconds(until)
        self.offset = offset
    }

    /// Whether the span kept is `definition`'s and holds every millisecond
    /// from `first` through `last`.
    @inlinable func covers(_ definition: UnsafeMutableRawPointer, from first: Int64, through last: Int64) -> Bool {
        self.definition == definition && first >= fromMilliseconds && last < untilMilliseconds
    }

    /// `seconds` in milliseconds; spans reach the ends of time (`Int64.min`,
    /// `Int64.max`), and stay there.
    private static func milliseconds(_ seconds: Int64) -> Int64 {
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? (seconds < 0 ? .min : .max) : product
    }
}
