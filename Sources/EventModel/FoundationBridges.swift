import Foundation

// What an app holds in Foundation's types (`Date`, `TimeZone`), and back:
// the model keeps its own exact types, and these are the ways across.

extension Instant {
    /// The instant of `date`, to the millisecond: a `Date` between two
    /// milliseconds gives the earlier one, so `Instant(date).date <= date`.
    /// Dates outside the years 1 to 9999 (UTC) give the first or last
    /// instant of that range, as reading calendars does.
    public init(_ date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let earliest = Double(Instant.earliest.milliseconds), latest = Double(Instant.latest.milliseconds)
        guard !milliseconds.isNaN else {
            self = .earliest
            return
        }
        self.init(milliseconds: Int64(min(max(milliseconds, earliest), latest)))
    }

    /// The same moment as a Foundation `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}

extension Zone {
    /// The zone of a Foundation time zone: a tz database zone by its
    /// identifier (`Europe/Berlin`), or a fixed offset for a zone made by
    /// `TimeZone(secondsFromGMT:)`; nil when the tz database this process
    /// reads does not hold the identifier.
    public init?(_ timeZone: TimeZone) {
        if let zone = Zone.named(timeZone.identifier) {
            self = zone
        } else if let fixed = TimeZone(secondsFromGMT: timeZone.secondsFromGMT()), fixed == timeZone {
            self.init(id: timeZone.identifier, fixedOffset: fixed.secondsFromGMT())
        } else {
            return nil
        }
    }

    /// The Foundation time zone that keeps the same offsets: the tz
    /// database zone of that name, or a fixed offset; nil for a zone a
    /// calendar defines by its own rules (a VTIMEZONE or a POSIX TZ string
    /// with daylight saving time), which Foundation cannot hold.
    public var timeZone: TimeZone? {
        definition._withUnsafeGuaranteedRef { definition in
            switch definition.source {
            case .tzdb(let zone): zone
            case .fixed(let offset): definition.isUTC ? TimeZone(identifier: "UTC") : TimeZone(secondsFromGMT: offset)
            case .rules, .posix: nil
            }
        }
    }
}

extension LocalDate {
    /// The date that `date` falls on by the wall clock of `zone`: 23:30
    /// UTC on 1 March 2026 is 2 March in Tokyo, still 1 March in London.
    public init(_ date: Date, in zone: Zone) {
        self = zone.local(Instant(date)).date
    }
}
