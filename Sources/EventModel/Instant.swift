/// A point in time: milliseconds since 1970-01-01T00:00:00Z. Milliseconds
/// because BusyLife's `startDate` may be fractional; iCalendar values are
/// whole seconds.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }
    public init(seconds: Int64) { self.milliseconds = seconds * 1000 }

    /// Whole seconds, rounded down.
    public var seconds: Int64 {
        milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    }

    public func adding(seconds: Int64) -> Instant { Instant(milliseconds: milliseconds + seconds * 1000) }
    public func adding(milliseconds: Int64) -> Instant { Instant(milliseconds: self.milliseconds + milliseconds) }

    public static func < (a: Instant, b: Instant) -> Bool { a.milliseconds < b.milliseconds }

    /// The first and last instants we represent: years 1 and 9999 (UTC).
    public static let earliest = Instant(seconds: -62_135_596_800)
    public static let latest = Instant(seconds: 253_402_300_799)

    /// ISO 8601 in UTC: `2026-11-22T14:00:00Z` (`.250` added when not whole).
    public var description: String { iso8601(offsetSeconds: 0) }

    /// ISO 8601 as wall-clock time at this UTC offset: `2026-11-22T09:00:00-05:00`.
    /// An offset of zero prints `Z` for UTC itself and `+00:00` for a zone
    /// that happens to be at UTC (Lisbon in winter).
    public func iso8601(offsetSeconds: Int, zulu: Bool = true) -> String {
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
        let local = LocalDateTime(secondsSinceEpoch: seconds + Int64(offsetSeconds))
        let fraction = Int(milliseconds - seconds * 1000)
        guard let count = isoCount(local, fraction, offsetSeconds, zulu) else {
            bytes.append(contentsOf: iso8601(offsetSeconds: offsetSeconds, zulu: zulu).utf8)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            writeISO(local, fraction, offsetSeconds, zulu, into: buffer)
            bytes.append(contentsOf: UnsafeBufferPointer(buffer))
        }
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
    public static func offsetText(_ offset: Int) -> String {
        if offset == 0 { return "Z" }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        var text = sign + pad(magnitude / 3600, 2) + ":" + pad(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { text += ":" + pad(magnitude % 60, 2) }
        return text
    }
}
