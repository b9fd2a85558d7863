/// The recurrence parts of a master event, kept as read for the settle step.
package struct Recurrence: Sendable, Hashable {
    package var rules: [RecurrenceRule]
    package var exceptionRules: [RecurrenceRule]
    package var dates: [RecurrenceDate]
    package var exceptionDates: [EventTime]

    package init(rules: [RecurrenceRule] = [], exceptionRules: [RecurrenceRule] = [],
                dates: [RecurrenceDate] = [], exceptionDates: [EventTime] = []) {
        self.rules = rules
        self.exceptionRules = exceptionRules
        self.dates = dates
        self.exceptionDates = exceptionDates
    }

    /// No rule and no extra date (EXDATE alone does not make a series).
    package var isEmpty: Bool { rules.isEmpty && dates.isEmpty }
}

/// An RRULE or EXRULE (RFC 5545 3.3.10). Weekdays are ISO numbers,
/// 1 Monday ... 7 Sunday.
package struct RecurrenceRule: Hashable, Sendable {
    package enum Frequency: String, Sendable, CaseIterable {
        case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY", daily = "DAILY"
        case weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    package struct WeekdayNumber: Hashable, Sendable, CustomStringConvertible {
        /// 0 for every such weekday, +n / -n for the n-th from the start / end.
        package var ordinal: Int
        package var weekday: Int

        package init(ordinal: Int = 0, weekday: Int) {
            self.ordinal = ordinal
            self.weekday = weekday
        }

        package static let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

        /// `MO`, `-1FR`, `2TU`.
        package var description: String {
            (ordinal == 0 ? "" : String(ordinal)) + WeekdayNumber.names[(weekday - 1) % 7]
        }
    }

    package var frequency: Frequency
    package var interval: Int
    package var count: Int?
    /// Inclusive end: a date, a floating time or an instant, as written.
    package var until: EventTime?
    package var bySecond: [Int]
    package var byMinute: [Int]
    package var byHour: [Int]
    package var byDay: [WeekdayNumber]
    package var byMonthDay: [Int]
    package var byYearDay: [Int]
    package var byWeekNo: [Int]
    package var byMonth: [Int]
    package var bySetPos: [Int]
    /// ISO weekday that starts a week (WKST), Monday by default.
    package var weekStart: Int

    package init(frequency: Frequency, interval: Int = 1, count: Int? = nil, until: EventTime? = nil,
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
package enum RecurrenceDate: Hashable, Sendable {
    case time(EventTime)
    case period(start: EventTime, end: EventTime)

    package var start: EventTime {
        switch self {
        case .time(let time): time
        case .period(let start, _): start
        }
    }
}

/// The RECURRENCE-ID of an override: the original start of the instance it
/// replaces.
public struct RecurrenceID: Hashable, Sendable {
    public var time: EventTime
    /// It also replaces all later ones (RANGE=THISANDFUTURE); settling
    /// applies it, so an app sees the result and not the flag.
    package var thisAndFuture: Bool

    package init(time: EventTime, thisAndFuture: Bool = false) {
        self.time = time
        self.thisAndFuture = thisAndFuture
    }
}
