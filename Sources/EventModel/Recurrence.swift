/// The recurrence parts of a master event, kept as read for the settle step.
public struct Recurrence: Sendable {
    public var rules: [RecurrenceRule]
    public var exceptionRules: [RecurrenceRule]
    public var dates: [RecurrenceDate]
    public var exceptionDates: [EventTime]

    public init(rules: [RecurrenceRule] = [], exceptionRules: [RecurrenceRule] = [],
                dates: [RecurrenceDate] = [], exceptionDates: [EventTime] = []) {
        self.rules = rules
        self.exceptionRules = exceptionRules
        self.dates = dates
        self.exceptionDates = exceptionDates
    }

    /// No rule and no extra date (EXDATE alone does not make a series).
    public var isEmpty: Bool { rules.isEmpty && dates.isEmpty }
}

/// An RRULE or EXRULE (RFC 5545 3.3.10). Weekdays are ISO numbers,
/// 1 Monday ... 7 Sunday.
public struct RecurrenceRule: Hashable, Sendable {
    public enum Frequency: String, Sendable, CaseIterable {
        case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY", daily = "DAILY"
        case weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    public struct WeekdayNumber: Hashable, Sendable, CustomStringConvertible {
        /// 0 for every such weekday, +n / -n for the n-th from the start / end.
        public var ordinal: Int
        public var weekday: Int

        public init(ordinal: Int = 0, weekday: Int) {
            self.ordinal = ordinal
            self.weekday = weekday
        }

        public static let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

        /// `MO`, `-1FR`, `2TU`.
        public var description: String {
            (ordinal == 0 ? "" : String(ordinal)) + WeekdayNumber.names[(weekday - 1) % 7]
        }
    }

    public var frequency: Frequency
    public var interval: Int
    public var count: Int?
    /// Inclusive end: a date, a floating time or an instant, as written.
    public var until: EventTime?
    public var bySecond: [Int]
    public var byMinute: [Int]
    public var byHour: [Int]
    public var byDay: [WeekdayNumber]
    public var byMonthDay: [Int]
    public var byYearDay: [Int]
    public var byWeekNo: [Int]
    public var byMonth: [Int]
    public var bySetPos: [Int]
    /// ISO weekday that starts a week (WKST), Monday by default.
    public var weekStart: Int

    public init(frequency: Frequency, interval: Int = 1, count: Int? = nil, until: EventTime? = nil,
                bySecond: [Int] = [], byMinute: [Int] = [], byHour: [Int] = [],
                byDay: [WeekdayNumber] = [], byMonthDay: [Int] = [], byYearDay: [Int] = [],
                byWeekNo: [Int] = [], byMonth: [Int] = [], bySetPos: [Int] = [], weekStart: Int = 1) {
        self.frequency = frequency
        self.interval = interval
        self.count = count
        self.until = until
        self.bySecond = bySecond
        self.byMinute = byMinute
        self.byHour = byHour
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byYearDay = byYearDay
        self.byWeekNo = byWeekNo
        self.byMonth = byMonth
        self.bySetPos = bySetPos
        self.weekStart = weekStart
    }
}

/// One RDATE value: a start (DATE or DATE-TIME), or a PERIOD with its end.
public enum RecurrenceDate: Hashable, Sendable {
    case time(EventTime)
    case period(start: EventTime, end: EventTime)

    public var start: EventTime {
        switch self {
        case .time(let time): time
        case .period(let start, _): start
        }
    }
}

/// The RECURRENCE-ID of an override: the original start of the instance it
/// replaces, and whether it also replaces all later ones.
public struct RecurrenceID: Hashable, Sendable {
    public var time: EventTime
    public var thisAndFuture: Bool

    public init(time: EventTime, thisAndFuture: Bool = false) {
        self.time = time
        self.thisAndFuture = thisAndFuture
    }
}
