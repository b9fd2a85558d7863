import EventModel

/// The wall clock a series repeats in (docs/semantics.md section 4): its
/// DTSTART's own zone (UTC for a `Z` value), floating time, or dates.
/// Converts any time kind to and from "wall seconds" on that clock.
enum Frame {
    /// `written` is the zone as written (nil for a `Z` value); `zone` the one used.
    case zoned(written: Zone?, zone: Zone)
    case floating
    case date

    init(_ start: EventTime) {
        switch start {
        case .instant(_, let zone): self = .zoned(written: zone, zone: zone ?? .utc)
        case .floating: self = .floating
        case .date: self = .date
        }
    }

    /// Wall seconds of `time` on this clock. An instant in a floating or
    /// date frame is read on its own zone's clock.
    func wall(_ time: EventTime) -> Int64 {
        switch (self, time) {
        case (.zoned(_, let zone), .instant(let instant, _)):
            return zone.local(instant).secondsSinceEpoch
        default:
            return time.wallSeconds
        }
    }

    /// The instance start at wall seconds `wall` (RFC 5545 gap and overlap rules).
    func time(wall: Int64) -> EventTime {
        var memo = ZoneOffsetMemo()
        return time(wall: wall, memo: &memo)
    }

    /// The same, the zone's offsets answered from `memo` (one per series
    /// being expanded: its instances mostly share one span of offset).
    func time(wall: Int64, memo: inout ZoneOffsetMemo) -> EventTime {
        switch self {
        case .zoned(let written, let zone): return .instant(zone.instant(forWall: wall, memo: &memo), zone: written)
        case .floating: return .floating(LocalDateTime(secondsSinceEpoch: wall))
        case .date: return .date(LocalDateTime(secondsSinceEpoch: wall).date)
        }
    }

    /// `time` written on this clock: a RECURRENCE-ID in the master's terms.
    func normalized(_ time: EventTime) -> EventTime {
        switch (self, time) {
        case (.zoned(let written, _), .instant(let instant, _)): return .instant(instant, zone: written)
        case (.zoned, .date), (.floating, .date), (.date, .date): return time
        default: return self.time(wall: wall(time))
        }
    }

    /// How a value (EXDATE, RECURRENCE-ID) identifies instances: one exact
    /// start, or every instance on a date (a DATE value on a timed series).
    enum Key: Hashable {
        case exact(Int64)
        case day(Int64)
    }

    /// The key of an instance start in this frame: instants compare as
    /// instants, floating times as wall-clock times, dates as dates.
    func key(ofInstance time: EventTime) -> Int64 {
        switch (self, time) {
        case (.zoned, .instant(let instant, _)): return instant.milliseconds
        case (.zoned(_, let zone), .floating(let local)): return zone.instant(for: local).milliseconds
        case (.date, _): return LocalDate.daysSinceEpoch(ofWallSeconds: wall(time))
        default: return wall(time) * 1000
        }
    }

    /// The key of a value that names instances.
    func key(of value: EventTime) -> Key {
        switch (self, value) {
        case (.zoned, .date(let date)), (.floating, .date(let date)): return .day(date.daysSinceEpoch)
        default: return .exact(key(ofInstance: value))
        }
    }
}

/// How long each instance lasts, taken from the master (docs/semantics.md
/// section 1): DURATION's days on the wall clock and the rest exactly, or
/// DTEND's exact distance from DTSTART (wall-clock for floating, days for
/// dates).
enum InstanceLength {
    case exact(milliseconds: Int64, endZone: Zone?)
    case nominal(days: Int, milliseconds: Int64)
    case wall(seconds: Int64)

    init(start: EventTime, end: EventTime, duration: EventDuration?) {
        if let duration {
            self = .nominal(days: duration.nominalDays, milliseconds: duration.exactMilliseconds)
            return
        }
        switch (start, end) {
        case (.instant(let from, _), .instant(let to, let zone)):
            self = .exact(milliseconds: to.milliseconds - from.milliseconds, endZone: zone)
        case (.date(let from), .date(let to)):
            self = .nominal(days: Int(to.daysSinceEpoch - from.daysSinceEpoch), milliseconds: 0)
        default:
            let frame = Frame(start)
            self = .wall(seconds: frame.wall(end) - frame.wall(start))
        }
    }

    /// A generous bound in seconds, for widening windows.
    var boundSeconds: Int64 {
        switch self {
        case .exact(let ms, _): max(0, ms / 1000 + 1)
        case .nominal(let days, let ms): max(0, Int64(days) * 90_000 + ms / 1000 + 1)
        case .wall(let seconds): max(0, seconds + 3600)
        }
    }

    /// The end of an instance that starts at `start`, by the arithmetic of
    /// `EventTime` (EventTime+Arithmetic.swift, where the DST and date-line
    /// cases are worked through with real dates).
    func end(of start: EventTime) -> EventTime {
        switch self {
        case .exact(let ms, let endZone):
            // DTEND's zone, not DTSTART's, is the end's (a flight).
            guard case .instant(let instant, _) = start else { return start.adding(exactMilliseconds: ms) }
            return .instant(instant.adding(milliseconds: ms), zone: endZone)
        case .nominal(let days, let ms):
            // An all-day instance counts the whole days of DURATION's
            // hours, as a single all-day event does: `PT48H` from
            // 2026-11-09 ends on 2026-11-11 (`P1DT12H` is one day).
            return start.adding(nominalDays: days, exactMilliseconds: ms)
        case .wall(let seconds):
            return start.adding(exactMilliseconds: seconds * 1000)
        }
    }
}
