/// A point in time: milliseconds since 1970-01-01T00:00:00Z. Milliseconds
/// because BusyLife's `startDate` may be fractional; iCalendar values are
/// whole seconds.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    @usableFromInline package var milliseconds: Int64

    @usableFromInline package init(milliseconds: Int64) { self.milliseconds = milliseconds }
    @usableFromInline package init(seconds: Int64) { self.milliseconds = seconds * 1000 }

    /// Whole seconds, rounded down (with no overflow at `Int64.min`).
    @usableFromInline package var seconds: Int64 {
        milliseconds >= 0 ? milliseconds / 1000 : -((-1 - milliseconds) / 1000) - 1
    }

    // Inlinable: a call into this module for an addition, once or twice
    // for every occurrence settled and written, costs more than the addition.
    @inlinable package func adding(seconds: Int64) -> Instant { Instant(milliseconds: milliseconds + seconds * 1000) }
    @inlinable package func adding(milliseconds: Int64) -> Instant { Instant(milliseconds: self.milliseconds + milliseconds) }

    public static func < (a: Instant, b: Instant) -> Bool { a.milliseconds < b.milliseconds }

    /// The first and last instants we represent: years 1 and 9999 (UTC).
    package static let earliest = Instant(seconds: -62_135_596_800)
    package static let latest = Instant(seconds: 253_402_300_799)

    /// ISO 8601 in UTC: `2026-11-22T14:00:00Z` (`.250` added when not whole).
    public var description: String { iso8601(offsetSeconds: 0) }

    /// ISO 8601 as wall-clock time at this UTC offset: `2026-11-22T09:00:00-05:00`.
    /// An offset of zero prints `Z` for UTC itself and `+00:00` for a zone
    /// that happens to be at UTC (Lisbon in winter).
    package func iso8601(offsetSeconds: Int, zulu: Bool = true) -> String {
        let local = LocalDateTime(secondsSinceEpoch: seconds + Int64(offsetSeconds))
        let fraction = Int(milliseconds - seconds * 1000)
        guard let count = isoCount(local, fraction, offsetSeconds, zulu) else {
            let millis = fraction == 0 ? "" : "." + pad(fraction, 3)
            return local.description + millis + (offsetSeconds == 0 && !zulu ? "+00:00" : Instant.offsetText(offsetSeconds))
        }
        return ISOText.make(count) { writeISO(local, fraction, offsetSeconds, zulu, into: $0) }
    }

    /// The same text appended to `bytes`, with no String made on the way
    /// (machine output writes one for every occurrence).
    package func appendISO8601(offsetSeconds: Int, zulu: Bool = true, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Instant.maxISOBytes) { buffer in
            guard let count = writeISO8601(offsetSeconds: offsetSeconds, zulu: zulu, at: buffer.baseAddress!) else {
                bytes.append(contentsOf: iso8601(offsetSeconds: offsetSeconds, zulu: zulu).utf8)
                return
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The longest text `writeISO8601` writes: `2026-11-22T09:00:00.250+09:00`.
    @inlinable package static var maxISOBytes: Int { 29 }

    /// The same text written at `out` (room for `maxISOBytes`), its length
    /// returned; nil, with nothing written, for the uncommon forms (years
    /// outside 0-9999, offsets with seconds), which `iso8601` spells.
    package func writeISO8601(offsetSeconds: Int, zulu: Bool, at out: UnsafeMutablePointer<UInt8>) -> Int? {
        var memo = ISODateMemo()
        return writeISO8601(offsetSeconds: offsetSeconds, zulu: zulu, at: out, memo: &memo)
    }

    /// The same, the date's text taken from `memo` when it is the day last
    /// written there (a writer of many times keeps one).
    package func writeISO8601(offsetSeconds: Int, zulu: Bool, at out: UnsafeMutablePointer<UInt8>,
                              memo: inout ISODateMemo) -> Int? {
        guard offsetSeconds % 60 == 0 else { return nil }
        let whole = seconds
        let wall = whole + Int64(offsetSeconds)
        let days = LocalDate.daysSinceEpoch(ofWallSeconds: wall)
        guard memo.write(day: days, at: out) else { return nil }
        // Unsigned (0 to 86,399): each division by a constant is a
        // multiply and a shift, with no correction for a sign.
        let rest = UInt(truncatingIfNeeded: wall - days * 86_400)
        let minutes = rest / 60
        let hours = minutes / 60
        out[10] = 0x54
        ISOText.pair(Int(truncatingIfNeeded: hours), at: out + 11)
        out[13] = 0x3A
        ISOText.pair(Int(truncatingIfNeeded: minutes &- hours &* 60), at: out + 14)
        out[16] = 0x3A
        ISOText.pair(Int(truncatingIfNeeded: rest &- minutes &* 60), at: out + 17)
        var at = 19
        let fraction = Int(milliseconds - whole * 1000)
        if fraction != 0 {
            out[19] = 0x2E
            out[20] = UInt8(truncatingIfNeeded: 48 + fraction / 100)
            ISOText.pair(fraction % 100, at: out + 21)
            at = 23
        }
        if offsetSeconds == 0 && zulu {
            out[at] = 0x5A
            return at + 1
        }
        let offsetMinutes = offsetSeconds.magnitude / 60  // whole minutes (checked above), under 100 hours
        let offsetHours = offsetMinutes / 60
        out[at] = offsetSeconds < 0 ? 0x2D : 0x2B
        ISOText.pair(Int(truncatingIfNeeded: offsetHours), at: out + at + 1)
        out[at + 3] = 0x3A
        ISOText.pair(Int(truncatingIfNeeded: offsetMinutes &- offsetHours &* 60), at: out + at + 4)
        return at + 6
    }

    /// The length of the common form (years 0-9999, whole-minute offsets); nil otherwise.
    private func isoCount(_ local: LocalDateTime, _ fraction: Int, _ offsetSeconds: Int, _ zulu: Bool) -> Int? {
        guard (0...9999).contains(local.date.year), offsetSeconds % 60 == 0 else { return nil }
        return 19 + (fraction == 0 ? 0 : 4) + (offsetSeconds == 0 && zulu ? 1 : 6)
    }

    /// 2026-11-22T09:00:00[.250](Z|+09:00) into `buffer`.
    private func writeISO(_ local: LocalDateTime, _ fraction: Int, _ offsetSeconds: Int, _ zulu: Bool,
                          into buffer: UnsafeMutableBufferPointer<UInt8>) {
        let magnitude = abs(offsetSeconds)
        ISOText.dateTime(local, into: buffer, at: 0)
        var at = 19
        if fraction != 0 {
            buffer[at] = 0x2E
            ISOText.digits(fraction, 3, into: buffer, at: at + 1)
            at += 4
        }
        if offsetSeconds == 0 && zulu {
            buffer[at] = 0x5A
        } else {
            buffer[at] = offsetSeconds < 0 ? 0x2D : 0x2B
            ISOText.digits(magnitude / 3600, 2, into: buffer, at: at + 1)
            buffer[at + 3] = 0x3A
            ISOText.digits(magnitude / 60 % 60, 2, into: buffer, at: at + 4)
        }
    }

    /// `Z`, `+09:00`, `-03:30`, or `+05:53:28` for a local mean time.
    package static func offsetText(_ offset: Int) -> String {
        if offset == 0 { return "Z" }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        var text = sign + pad(magnitude / 3600, 2) + ":" + pad(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { text += ":" + pad(magnitude % 60, 2) }
        return text
    }
}

/// The text of the day last written by `Instant.writeISO8601(...memo:)`:
/// the times of one occurrence mostly fall on one day, whose date is then
/// copied rather than worked out again.
package struct ISODateMemo {
    private var day = Int64.min
    private var head: UInt64 = 0  // `YYYY-MM-`
    private var tail: UInt16 = 0  // `DD`

    package init() {}

    /// `YYYY-MM-DD` of `day` (days since 1970-01-01) at `out`; false, with
    /// nothing written, outside years 0-9999.
    @inline(__always)
    mutating func write(day: Int64, at out: UnsafeMutablePointer<UInt8>) -> Bool {
        let raw = UnsafeMutableRawPointer(out)
        if day == self.day {
            raw.storeBytes(of: head, as: UInt64.self)
            raw.storeBytes(of: tail, toByteOffset: 8, as: UInt16.self)
            return true
        }
        let date = LocalDate(daysSinceEpoch: day)
        guard (0...9999).contains(date.year) else { return false }
        ISOText.date(date, at: out)
        self.day = day
        head = raw.loadUnaligned(as: UInt64.self)
        tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        return true
    }
}
