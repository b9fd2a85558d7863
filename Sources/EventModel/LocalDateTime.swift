/// A wall-clock date and time with no zone: a floating time, or a zoned
/// time before its zone is applied.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: LocalDate
    // A byte each (a wall time is 12 bytes, not 48: events, rules and
    // occurrences hold several).
    private var storedHour: UInt8
    private var storedMinute: UInt8
    private var storedSecond: UInt8

    public var hour: Int {
        get { Int(storedHour) }
        set { storedHour = UInt8(clamping: newValue) }
    }
    public var minute: Int {
        get { Int(storedMinute) }
        set { storedMinute = UInt8(clamping: newValue) }
    }
    /// 0...60: a leap second is kept as written and read as :59 plus one.
    public var second: Int {
        get { Int(storedSecond) }
        set { storedSecond = UInt8(clamping: newValue) }
    }

    package init?(date: LocalDate, hour: Int, minute: Int, second: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        self.date = date
        storedHour = UInt8(hour)
        storedMinute = UInt8(minute)
        storedSecond = UInt8(second)
    }

    /// The wall-clock time `seconds` after 1970-01-01T00:00:00.
    package init(secondsSinceEpoch seconds: Int64) {
        let days = LocalDate.daysSinceEpoch(ofWallSeconds: seconds)
        let rest = Int(seconds - days * 86_400)
        self.date = LocalDate(daysSinceEpoch: days)
        storedHour = UInt8(rest / 3600)
        storedMinute = UInt8(rest / 60 % 60)
        storedSecond = UInt8(rest % 60)
    }

    /// Seconds since 1970-01-01T00:00:00 on the same wall clock (as if UTC).
    package var secondsSinceEpoch: Int64 {
        date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        a.secondsSinceEpoch < b.secondsSinceEpoch
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        guard (0...9999).contains(date.year) else {
            return date.description + "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
        }
        return ISOText.make(19) { ISOText.dateTime(self, into: $0, at: 0) }
    }
}
