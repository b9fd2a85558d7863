import Foundation
import Synchronization

/// A time zone: from the tz database, from a VTIMEZONE's observances, or a
/// fixed offset. Answers two questions: the UTC offset at an instant, and
/// the instant of a wall-clock time (with RFC 5545 gap and overlap rules).
public final class Zone: Hashable, Sendable, CustomStringConvertible {
    /// The name we print: the IANA name, or the VTIMEZONE's TZID.
    public let id: String
    private let storage: Storage

    private enum Storage: Sendable {
        case tzdb(TimeZone, TZDBTable)
        case rules(ZoneRules, TransitionCache)
        case fixed(Int)
    }

    /// A tz database zone; nil if Foundation does not know the name.
    public init?(tzdb name: String) {
        guard let zone = TimeZone(identifier: name) else { return nil }
        self.id = name
        self.storage = .tzdb(zone, TZDBTable())
    }

    /// A zone defined by observances (a VTIMEZONE).
    public init(id: String, rules: ZoneRules) {
        self.id = id
        self.storage = .rules(rules, TransitionCache())
    }

    /// A constant offset from UTC, in seconds east.
    public init(id: String, fixedOffset: Int) {
        self.id = id
        self.storage = .fixed(fixedOffset)
    }

    public static let utc = Zone(id: "UTC", fixedOffset: 0)

    /// Whether the tz database answers for this zone (else the file's own rules).
    public var isTZDB: Bool {
        if case .tzdb = storage { return true }
        return false
    }

    /// Seconds east of UTC in force at `instant`.
    public func offset(at instant: Instant) -> Int {
        switch storage {
        case .tzdb(let zone, let table):
            return table.offset(at: instant.seconds, zone: zone)
        case .rules(let rules, let cache):
            return cache.offset(at: instant.seconds, rules: rules)
        case .fixed(let offset):
            return offset
        }
    }

    /// The instant of a wall-clock time in this zone (RFC 5545 3.3.5):
    /// a time in a gap moves forward by the gap's length (02:30 on
    /// 2024-03-10 in New York is 03:30 EDT, 07:30Z); a time that occurs
    /// twice takes the first (01:30 on 2024-11-03 in New York is 01:30 EDT,
    /// 05:30Z).
    public func instant(for local: LocalDateTime) -> Instant {
        let wall = local.secondsSinceEpoch
        // Offsets in force well before and well after: at most one change
        // lies between them in any real zone.
        let before = offset(at: Instant(seconds: wall - 50_400))
        let after = offset(at: Instant(seconds: wall + 50_400))
        // No change of offset nearby (nearly always): nothing to resolve.
        if before == after { return Instant(seconds: wall - Int64(before)) }
        let first = wall - Int64(before)
        let second = wall - Int64(after)
        let firstValid = offset(at: Instant(seconds: first)) == before
        let secondValid = offset(at: Instant(seconds: second)) == after
        switch (firstValid, secondValid) {
        case (true, true): return Instant(seconds: min(first, second))
        case (true, false): return Instant(seconds: first)
        case (false, true): return Instant(seconds: second)
        case (false, false): return Instant(seconds: first)  // in the gap: the offset before it
        }
    }

    /// Wall-clock time of `instant` in this zone.
    public func local(_ instant: Instant) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: instant.seconds + Int64(offset(at: instant)))
    }

    public static func == (a: Zone, b: Zone) -> Bool { a === b || a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public var description: String { id }
}

/// The onsets of a VTIMEZONE-defined zone, computed once per UTC year:
/// lookups then cost a binary search, not a walk over the observances.
private final class TransitionCache: Sendable {
    private let years = Mutex<[Int: [(onset: Int64, offset: Int)]]>([:])

    func offset(at seconds: Int64, rules: ZoneRules) -> Int {
        let year = LocalDateTime(secondsSinceEpoch: seconds).date.year
        let table = years.withLock { cached in
            if let table = cached[year] { return table }
            let table = rules.transitions(fromUTCSeconds: ZoneRules.startOfYear(year), toUTCSeconds: ZoneRules.startOfYear(year + 1))
            if cached.count > 4096 { cached.removeAll() }
            cached[year] = table
            return table
        }
        // The last onset at or before `seconds`.
        var low = 0
        var high = table.count
        while low < high {
            let mid = (low + high) / 2
            if table[mid].onset <= seconds { low = mid + 1 } else { high = mid }
        }
        // The table starts at the year's first second, so `low` is at least 1.
        return table[max(low, 1) - 1].offset
    }
}

/// A tz database zone's offsets from 1900 to 2100 as a table of changes,
/// built once from Foundation (ICU) and then read without locks: a binary
/// search instead of an ICU call for every conversion. Outside those years
/// Foundation answers directly.
private final class TZDBTable: Sendable {
    private final class Changes: Sendable {
        let onsets: [Int64]
        let offsets: [Int]
        init(onsets: [Int64], offsets: [Int]) {
            self.onsets = onsets
            self.offsets = offsets
        }
    }

    private static let first: Int64 = -2_208_988_800  // 1900-01-01T00:00:00Z
    private static let last: Int64 = 4_102_444_800    // 2100-01-01T00:00:00Z
    private let changes = AtomicLazyReference<Changes>()

    func offset(at seconds: Int64, zone: TimeZone) -> Int {
        guard seconds >= TZDBTable.first && seconds < TZDBTable.last else {
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        }
        let table = changes.load() ?? changes.storeIfNil(TZDBTable.build(zone))
        var low = 0, high = table.onsets.count
        while low < high {
            let mid = (low + high) / 2
            if table.onsets[mid] <= seconds { low = mid + 1 } else { high = mid }
        }
        return table.offsets[max(low, 1) - 1]
    }

    private static func build(_ zone: TimeZone) -> Changes {
        var date = Date(timeIntervalSince1970: Double(first))
        var onsets = [first]
        var offsets = [zone.secondsFromGMT(for: date)]
        while let next = zone.nextDaylightSavingTimeTransition(after: date), next.timeIntervalSince1970 < Double(last),
              next > date {
            onsets.append(Int64(next.timeIntervalSince1970.rounded()))
            offsets.append(zone.secondsFromGMT(for: next))
            date = next
        }
        return Changes(onsets: onsets, offsets: offsets)
    }
}
