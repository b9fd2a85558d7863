/// The three kinds of time an event can have (docs/semantics.md section 1),
/// never confused with each other.
public enum EventTime: Hashable, Sendable {
    /// A UTC instant, with the zone it was written in (nil for a `Z` value):
    /// recurrences repeat in that zone's wall-clock time.
    case instant(Instant, zone: Zone?)
    /// A wall-clock date-time with no zone (RFC 5545 form 1).
    case floating(LocalDateTime)
    /// An all-day date (VALUE=DATE), never passed through any zone.
    case date(LocalDate)

    package var kind: String {
        switch self {
        case .instant: "instant"
        case .floating: "floating"
        case .date: "date"
        }
    }

    /// The UTC instant, for the instant kind only.
    public var instant: Instant? {
        if case .instant(let instant, _) = self { return instant }
        return nil
    }

    public var zone: Zone? {
        if case .instant(_, let zone) = self { return zone }
        return nil
    }

    /// Seconds since the epoch on a near-UTC scale: an instant's UTC
    /// seconds, a floating time's or a date's wall seconds (which no zone
    /// moves by more than 26 hours). For coarse window tests.
    package var approximateSeconds: Int64 {
        switch self {
        case .instant(let instant, _): instant.seconds
        case .floating(let local): local.secondsSinceEpoch
        case .date(let date): date.daysSinceEpoch * 86_400
        }
    }

    /// `iso8601` appended to `bytes`, with no String made on the way.
    package func appendISO8601(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Instant.maxISOBytes) { buffer in
            guard let count = writeISO8601(at: buffer.baseAddress!) else {
                bytes.append(contentsOf: iso8601.utf8)
                return
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// `iso8601` written at `out` (room for `Instant.maxISOBytes`), its
    /// length returned; nil, with nothing written, for the uncommon forms
    /// (`Instant.writeISO8601`), which `iso8601` spells.
    package func writeISO8601(at out: UnsafeMutablePointer<UInt8>) -> Int? {
        var memo = ISODateMemo()
        return writeISO8601(at: out, memo: &memo)
    }

    /// The same, with `Instant.writeISO8601`'s memo of the last day.
    package func writeISO8601(at out: UnsafeMutablePointer<UInt8>, memo: inout ISODateMemo) -> Int? {
        var zoneMemo = ZoneOffsetMemo()
        return writeISO8601(at: out, memo: &memo, zoneMemo: &zoneMemo)
    }

    /// The same, with `Zone.offset(at:memo:)`'s memo of the last offset too.
    package func writeISO8601(at out: UnsafeMutablePointer<UInt8>, memo: inout ISODateMemo,
                              zoneMemo: inout ZoneOffsetMemo) -> Int? {
        switch self {
        case .instant(let instant, let zone):
            guard let zone, !zone.isUTC else {
                return instant.writeISO8601(offsetSeconds: 0, zulu: true, at: out, memo: &memo)
            }
            return instant.writeISO8601(offsetSeconds: zone.offset(at: instant, memo: &zoneMemo), zulu: false,
                                        at: out, memo: &memo)
        case .floating(let local):
            guard (0...9999).contains(local.date.year) else { return nil }
            ISOText.dateTime(local, at: out)
            return 19
        case .date(let date):
            guard (0...9999).contains(date.year) else { return nil }
            ISOText.date(date, at: out)
            return 10
        }
    }

    /// The same instant in the same zone (one zone value, not two equal
    /// ones), told inline; else `==`. An instance of a series that was
    /// not moved starts at its RECURRENCE-ID, this way (the writer asks of
    /// every instance: 179,000 calls of `==` for 16 years of 5,000 events).
    @inlinable package func isSame(as other: EventTime) -> Bool {
        if case .instant(let a, let zoneA) = self, case .instant(let b, let zoneB) = other, a == b {
            switch (zoneA, zoneB) {
            case (nil, nil): return true
            case let (x?, y?) where x.isIdentical(to: y): return true
            default: break
            }
        }
        return self == other
    }

    /// ISO 8601 in the event's own terms: with the offset of its own zone
    /// (`Z` for UTC), without an offset when floating, or a date.
    public var iso8601: String {
        switch self {
        case .instant(let instant, let zone):
            guard let zone, zone != .utc else { return instant.iso8601(offsetSeconds: 0) }
            return instant.iso8601(offsetSeconds: zone.offset(at: instant), zulu: false)
        case .floating(let local):
            return local.description
        case .date(let date):
            return date.description
        }
    }
}

/// An RFC 5545 duration (3.3.6): weeks and days are nominal (wall-clock
/// days in the event's zone), hours, minutes and seconds exact.
package struct EventDuration: Hashable, Sendable, CustomStringConvertible {
    package var negative: Bool
    package var weeks: Int
    package var days: Int
    /// Hours, minutes and seconds together, plus any fraction (BusyLife).
    package var milliseconds: Int64

    package init(negative: Bool = false, weeks: Int = 0, days: Int = 0, milliseconds: Int64 = 0) {
        self.negative = negative
        self.weeks = weeks
        self.days = days
        self.milliseconds = milliseconds
    }

    package var nominalDays: Int { (weeks * 7 + days) * (negative ? -1 : 1) }
    package var exactMilliseconds: Int64 { negative ? -milliseconds : milliseconds }

    /// `PT1H30M`, `P1D`, `P2W`, `-PT15M`.
    package var description: String {
        var text = negative ? "-P" : "P"
        if weeks > 0 && days == 0 && milliseconds == 0 { return text + "\(weeks)W" }
        let totalDays = weeks * 7 + days
        if totalDays > 0 { text += "\(totalDays)D" }
        if milliseconds > 0 || totalDays == 0 {
            text += "T"
            let seconds = milliseconds / 1000
            let fraction = milliseconds % 1000
            if seconds / 3600 > 0 { text += "\(seconds / 3600)H" }
            if seconds / 60 % 60 > 0 { text += "\(seconds / 60 % 60)M" }
            if seconds % 60 > 0 || fraction > 0 || seconds == 0 {
                text += "\(seconds % 60)"
                if fraction > 0 { text += "." + pad(Int(fraction), 3) }
                text += "S"
            }
        }
        return text
    }
}

/// A stretch of near-UTC seconds (`EventTime.approximateSeconds`), wide
/// enough that no zone moves a date across its edges.
package struct CoarseWindow: Sendable {
    package var lower: Int64
    package var upper: Int64
    /// Whether events in the window are read with their description and
    /// location: not when nothing is shown of them (a heatmap, free time,
    /// statistics), only counted.
    package var text = true
    /// Whether their attendees and organizer are read (`--me` reads them
    /// without the text).
    package var attendees = true
    /// Whether their categories are read: with the text, or alone where
    /// they are counted (statistics).
    package var categories = true

    package init(lower: Int64, upper: Int64, text: Bool = true, attendees: Bool = true, categories: Bool? = nil) {
        self.lower = lower
        self.upper = upper
        self.text = text
        self.attendees = attendees
        self.categories = categories ?? text
    }

    /// Whether an event from `start` to `end` may touch the window.
    package func mayTouch(start: EventTime, end: EventTime) -> Bool {
        let low = start.approximateSeconds
        return low < upper && max(low, end.approximateSeconds) >= lower
    }
}
