/// A calendar date with no zone (proleptic Gregorian, years 1 to 9999).
/// Printed as `YYYY-MM-DD`.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    // The year in 32 bits, month and day in a byte each: a date is copied
    // into every time an event, rule and occurrence holds (8 bytes rather
    // than 24). Years past 32 bits (only from absurd arithmetic) are held
    // at its ends, far outside the years 1 to 9999 that anything shows.
    private var storedYear: Int32
    private var storedMonth: UInt8
    private var storedDay: UInt8

    public var year: Int {
        get { Int(storedYear) }
        set { storedYear = Int32(clamping: newValue) }
    }
    public var month: Int {
        get { Int(storedMonth) }
        set { storedMonth = UInt8(clamping: newValue) }
    }
    public var day: Int {
        get { Int(storedDay) }
        set { storedDay = UInt8(clamping: newValue) }
    }

    /// Nil when the date does not exist (Feb 30, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        storedYear = Int32(year)
        storedMonth = UInt8(month)
        storedDay = UInt8(day)
    }

    /// The date `days` days after 1970-01-01 (negative before).
    package init(daysSinceEpoch days: Int64) {
        // Neri and Schneider's Euclidean affine functions (2021): 32-bit
        // multiplications and shifts, no division by a variable; exact for
        // days -12,699,422 ... 1,061,042,401 since 1970 (years -32800 to
        // about 2.9 million), where it is shifted into unsigned range.
        // 1970-01-01 (0) gives 1970-01-01, 2000-02-29 (11,016) gives
        // 2000-02-29 and 2026-11-22 (20,779) gives 2026-11-22.
        if days >= -12_699_422 && days <= 1_061_042_401 {
            let n = UInt32(truncatingIfNeeded: days &+ 12_699_422)  // 719,468 + 146,097 * 82
            let n1 = 4 &* n &+ 3
            let century = n1 / 146_097
            let dayOfCentury = n1 % 146_097 / 4
            let p2 = UInt64(2_939_745) &* UInt64(4 &* dayOfCentury &+ 3)
            let yearOfCentury = UInt32(truncatingIfNeeded: p2 >> 32)
            let dayOfYear = UInt32(truncatingIfNeeded: p2) / 2_939_745 / 4  // from March 1
            let n3 = 2_141 &* dayOfYear &+ 197_913
            let january = dayOfYear >= 306 ? 1 : 0
            storedYear = Int32(Int(100 &* century &+ yearOfCentury) - 32_800 + january)
            storedMonth = UInt8(truncatingIfNeeded: january == 1 ? (n3 >> 16) &- 12 : n3 >> 16)
            storedDay = UInt8(truncatingIfNeeded: (n3 & 0xFFFF) / 2_141 &+ 1)
            return
        }
        // Elsewhere Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        storedYear = Int32(clamping: yoe + era * 400 + (m <= 2 ? 1 : 0))
        storedMonth = UInt8(m)
        storedDay = UInt8(d)
    }

    /// Days since 1970-01-01.
    package var daysSinceEpoch: Int64 { LocalDate.dayNumber(year: year, month: month, day: day) }

    /// The day number (days since 1970-01-01) of wall-clock `seconds` since
    /// 1970-01-01T00:00:00, rounded down: -1 (1969-12-31T23:59:59) is day
    /// -1. Told where it is asked (each occurrence asks, some twice).
    @inlinable package static func daysSinceEpoch(ofWallSeconds seconds: Int64) -> Int64 {
        // Before 1970 as -(days after it, from the second before) - 1: no
        // overflow at Int64.min.
        seconds >= 0 ? seconds / 86_400 : -(-(seconds + 1) / 86_400) - 1
    }

    /// Days since 1970-01-01 of any proleptic Gregorian date, unchecked
    /// (year 0 and 10000 too): for arithmetic at the edges of the range.
    package static func dayNumber(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// ISO weekday: 1 Monday ... 7 Sunday.
    public var weekday: Int {
        let d = daysSinceEpoch  // 1970-01-01 was a Thursday (4)
        return Int(((d % 7) + 7 + 3) % 7) + 1
    }

    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + Int64(days))
    }

    package static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.storedYear, a.storedMonth, a.storedDay) < (b.storedYear, b.storedMonth, b.storedDay)
    }

    public var description: String {
        guard (0...9999).contains(year) else { return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) }
        return ISOText.make(10) { ISOText.date(self, into: $0, at: 0) }
    }
}

/// Zero-padded decimal.
@inline(__always) func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

/// ISO 8601 text written digit by digit into one string: dates and times
/// are printed for every occurrence, so they avoid temporary strings.
enum ISOText {
    static func make(_ count: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            write(buffer)
            return count
        }
    }

    @inline(__always) static func digits(_ value: Int, _ width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        var index = start + width - 1
        while index >= start {
            buffer[index] = UInt8(truncatingIfNeeded: 48 + rest % 10)
            rest /= 10
            index -= 1
        }
    }

    /// Two digits at `start` (00-99): the common case of months, days, hours.
    @inline(__always) static func two(_ value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        buffer[start] = UInt8(truncatingIfNeeded: 48 + value / 10)
        buffer[start + 1] = UInt8(truncatingIfNeeded: 48 + value % 10)
    }

    /// `YYYY-MM-DD` at `start` (10 bytes).
    static func date(_ date: LocalDate, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        two(date.year / 100, into: buffer, at: start)
        two(date.year % 100, into: buffer, at: start + 2)
        buffer[start + 4] = 0x2D
        two(date.month, into: buffer, at: start + 5)
        buffer[start + 7] = 0x2D
        two(date.day, into: buffer, at: start + 8)
    }

    /// "00" to "99", two bytes each: a pair looked up instead of divided.
    private static var pairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// Two digits of `value` (0-99) at `out`.
    @inline(__always) static func pair(_ value: Int, at out: UnsafeMutablePointer<UInt8>) {
        let from = pairs.utf8Start + 2 * value
        out[0] = from[0]
        out[1] = from[1]
    }

    /// `YYYY-MM-DD` at `out` (10 bytes; year 0-9999).
    @inline(__always) static func date(_ date: LocalDate, at out: UnsafeMutablePointer<UInt8>) {
        pair(date.year / 100, at: out)
        pair(date.year % 100, at: out + 2)
        out[4] = 0x2D
        pair(date.month, at: out + 5)
        out[7] = 0x2D
        pair(date.day, at: out + 8)
    }

    /// `YYYY-MM-DDTHH:MM:SS` at `out` (19 bytes; year 0-9999).
    @inline(__always) static func dateTime(_ time: LocalDateTime, at out: UnsafeMutablePointer<UInt8>) {
        date(time.date, at: out)
        out[10] = 0x54
        pair(time.hour, at: out + 11)
        out[13] = 0x3A
        pair(time.minute, at: out + 14)
        out[16] = 0x3A
        pair(time.second, at: out + 17)
    }

    /// `YYYY-MM-DDTHH:MM:SS` at `start` (19 bytes).
    static func dateTime(_ time: LocalDateTime, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        date(time.date, into: buffer, at: start)
        buffer[start + 10] = 0x54
        two(time.hour, into: buffer, at: start + 11)
        buffer[start + 13] = 0x3A
        two(time.minute, into: buffer, at: start + 14)
        buffer[start + 16] = 0x3A
        two(time.second, into: buffer, at: start + 17)
    }
}
