/// Time arithmetic on event times: an event's end from DTSTART and
/// DURATION, and an instance's end from the length of its master. The one
/// home of these rules (docs/semantics.md section 1); Import and Settle both
/// call them.
///
/// Three kinds of time, three kinds of addition. Days and weeks are
/// *nominal*: they move the wall clock of the time's own zone, so a day
/// may last 23, 24 or 25 hours. Hours, minutes and seconds are *exact*:
/// they move along the time line. Dates never pass through any zone.
///
/// The hard cases, in New York (spring forward on 2026-03-08, fall back
/// on 2026-11-01):
///
/// - `P1D` from 2026-03-07T09:00 EST ends at 2026-03-08T09:00 EDT, 23 hours
///   later in exact time; `PT24H` from the same start ends at 10:00 EDT.
/// - `P1D` from 2026-10-31T09:00 EDT ends at 2026-11-01T09:00 EST, 25 hours
///   later; the date 2026-11-01 itself lasts 25 hours for a viewer in New
///   York, and an all-day event on it still ends on 2026-11-02.
/// - A wall time in the spring-forward gap moves forward by the gap's
///   length (RFC 5545 3.3.5): `P1D` from 2026-03-07T02:30 EST lands on
///   02:30 on 2026-03-08, which New York skips, and so ends at 03:30 EDT
///   (07:30Z).
/// - A date skipped by the viewer still counts: a viewer who flies east
///   across the date line from Honolulu (UTC-10) to Kiritimati (UTC+14),
///   leaving at 21:00 on 2026-03-10 and landing three hours later at
///   00:00 on 2026-03-12 (10:00Z), never lives 2026-03-11. An all-day
///   event on 2026-03-11 (`P1D`) still ends on 2026-03-12: date arithmetic
///   knows nothing of the viewer; Settle's day grid gives that date no
///   hours (`LocalDay.intervals` is empty).
extension EventTime {
    /// The end of an event that starts here and lasts `duration` (RFC 5545
    /// 3.8.2.5): its weeks and days on this time's own wall clock, then its
    /// hours, minutes and seconds exactly (`adding(nominalDays:exactMilliseconds:)`).
    /// Without a duration (no DTEND either, RFC 5545 3.6.1): a date lasts
    /// one day, any other time ends where it starts.
    package func end(after duration: EventDuration?) -> EventTime {
        guard let duration else {
            if case .date(let date) = self { return .date(date.adding(days: 1)) }
            return self
        }
        return adding(nominalDays: duration.nominalDays, exactMilliseconds: duration.exactMilliseconds)
    }

    /// This time moved by `days` days on its own wall clock (a `Z` value's
    /// is UTC's), then by `milliseconds` exactly. The zone stays. A
    /// floating time moves on its wall clock only (whole seconds); a date
    /// by `days` plus the whole days in `milliseconds` (rounded toward
    /// zero: `P1DT47H` from 2026-03-07 ends on 2026-03-09).
    package func adding(nominalDays days: Int, exactMilliseconds milliseconds: Int64) -> EventTime {
        switch self {
        case .date(let date):
            return .date(date.adding(days: days + Int(milliseconds / 86_400_000)))
        case .floating(let local):
            return .floating(LocalDateTime(secondsSinceEpoch: local.secondsSinceEpoch + Int64(days) * 86_400
                                                             + milliseconds / 1000))
        case .instant(let instant, let zone):
            var result = instant
            if days != 0 {
                // The gap and overlap rules of `Zone.instant(for:)` apply here.
                let clock = zone ?? .utc
                result = clock.instant(for: LocalDateTime(secondsSinceEpoch: clock.local(instant).secondsSinceEpoch
                                                                             + Int64(days) * 86_400))
            }
            return .instant(result.adding(milliseconds: milliseconds), zone: zone)
        }
    }

    /// This time moved by `milliseconds` of exact time: an instant along
    /// the time line (its zone stays), a floating time on its wall clock
    /// (whole seconds), a date by the whole days in it, rounded down.
    /// How a series' instances take the length of a master whose DTEND is
    /// of another kind than their start.
    package func adding(exactMilliseconds milliseconds: Int64) -> EventTime {
        switch self {
        case .instant(let instant, let zone):
            return .instant(instant.adding(milliseconds: milliseconds), zone: zone)
        case .floating(let local):
            return .floating(LocalDateTime(secondsSinceEpoch: local.secondsSinceEpoch + milliseconds / 1000))
        case .date(let date):
            return .date(date.adding(days: Int(RuleExpander.floorDiv(milliseconds / 1000, 86_400))))
        }
    }

    /// Seconds since the epoch on this time's own wall clock: an instant's
    /// in its own zone (UTC for a `Z` value), a floating time's as written,
    /// a date's midnight.
    package var wallSeconds: Int64 {
        switch self {
        case .date(let date): date.daysSinceEpoch * 86_400
        case .floating(let local): local.secondsSinceEpoch
        case .instant(let instant, let zone): (zone ?? .utc).local(instant).secondsSinceEpoch
        }
    }

    /// Whether this time lies strictly before `other`, comparing like with
    /// like: two instants on the time line, anything else on their own wall
    /// clocks (a DTEND of another kind than its DTSTART).
    package func isBefore(_ other: EventTime) -> Bool {
        switch (self, other) {
        case (.instant(let a, _), .instant(let b, _)): a < b
        default: wallSeconds < other.wallSeconds
        }
    }

    /// Moves this time into years 1 to 9999 (the years we print, and those
    /// of our JSON schemas), an instant also on its own zone's wall clock:
    /// an end computed from `DURATION:P99999999W` after a DTSTART of
    /// 2020-01-01 lies in year 1,918,554 and becomes 9999-12-31T23:59:59.
    /// Returns whether it had to move. Settling clamps what it computes,
    /// `events` what it prints, each with a `date-out-of-range` warning.
    @inlinable package mutating func clampToPrintableYears() -> Bool {
        // Every occurrence is asked, twice: an instant more than two days
        // inside 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z (in
        // milliseconds below) is in range on any zone's wall clock, told
        // here without a call.
        if case .instant(let instant, _) = self,
           instant.milliseconds >= -62_135_424_000_000 && instant.milliseconds <= 253_402_127_999_000 {
            return false
        }
        return clampNearTheBounds()
    }

    /// `clampToPrintableYears` for the times it does not tell at once.
    @usableFromInline package mutating func clampNearTheBounds() -> Bool {
        // The bounds are made only near them, not for every occurrence.
        switch self {
        case .instant(let instant, _):
            guard instant < Instant.earliest.adding(seconds: 2 * 86_400) || instant > Instant.latest.adding(seconds: -2 * 86_400)
            else { return false }
        case .floating(let local):
            guard local.date.year < 1 || local.date.year >= 9999 else { return false }
        case .date(let date):
            guard date.year < 1 || date.year > 9999 else { return false }
        }
        let first = LocalDateTime(date: LocalDate(year: 1, month: 1, day: 1)!, hour: 0, minute: 0, second: 0)!
        let last = LocalDateTime(date: LocalDate(year: 9999, month: 12, day: 31)!, hour: 23, minute: 59, second: 59)!
        switch self {
        case .instant(let instant, let zone):
            let low = max(Instant.earliest, (zone ?? .utc).instant(for: first))
            let high = min(Instant.latest, (zone ?? .utc).instant(for: last))
            let clamped = min(max(instant, low), high)
            guard clamped != instant else { return false }
            self = .instant(clamped, zone: zone)
        case .floating(let local):
            guard local < first || local > last else { return false }
            self = .floating(local < first ? first : last)
        case .date(let date):
            self = .date(date.year < 1 ? first.date : last.date)
        }
        return true
    }
}
