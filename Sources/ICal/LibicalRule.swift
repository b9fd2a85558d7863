internal import CLibical

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An RRULE or EXRULE value parsed by libical into its parts (RFC 5545
/// 3.3.10), the way busylife read rules before it had a parser of its own
/// (`RuleParser` in Import). Kept only as a differential test oracle, like
/// `LibicalIterator`. Weekdays are ISO numbers: 1 Monday ... 7 Sunday.
package struct LibicalRule: Sendable, Equatable {
    package enum Frequency: String, Sendable, CaseIterable {
        case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY", daily = "DAILY"
        case weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    package struct WeekdayNumber: Sendable, Equatable {
        /// 0 for every such weekday; +n / -n for the n-th from start / end.
        package var ordinal: Int
        package var weekday: Int

        package init(ordinal: Int, weekday: Int) {
            self.ordinal = ordinal
            self.weekday = weekday
        }
    }

    package var frequency: Frequency
    package var interval: Int
    package var count: Int?
    /// UNTIL exactly as written (a DATE or DATE-TIME value), for the caller
    /// to read with its own zone rules.
    package var until: String?
    package var bySecond: [Int]
    package var byMinute: [Int]
    package var byHour: [Int]
    package var byDay: [WeekdayNumber]
    package var byMonthDay: [Int]
    package var byYearDay: [Int]
    package var byWeekNo: [Int]
    package var byMonth: [Int]
    package var bySetPos: [Int]
    package var weekStart: Int
    /// RSCALE (RFC 7529), which we do not expand.
    package var rscale: String?

    /// Parses a rule; the error says why libical refused it.
    package static func parse(_ text: String) -> Result<LibicalRule, LibicalRuleError> {
        busylife_clear_icalerrno()
        var rule = icalrecurrencetype_from_string(text)
        guard rule.freq != ICAL_NO_RECURRENCE,
              let frequency = Frequency.allCases.first(where: { $0.rawValue == frequencyName(rule.freq) }) else {
            return .failure(LibicalRuleError(rule: text))
        }
        let rscale = rule.rscale.map { String(cString: $0) }
        if let pointer = rule.rscale { free(pointer); rule.rscale = nil }
        func list(_ part: Int32) -> [Int] {
            var values: [Int] = []
            var index: Int32 = 0
            while true {
                let value = busylife_recur_value(&rule, part, index)
                if value == Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) { break }
                values.append(Int(value))
                index += 1
            }
            return values
        }
        let byDay = list(Int32(BUSYLIFE_BY_DAY.rawValue)).map { encoded -> WeekdayNumber in
            let code = Int16(truncatingIfNeeded: encoded)
            let day = Int(icalrecurrencetype_day_day_of_week(code).rawValue)  // 1 Sunday ... 7 Saturday
            return WeekdayNumber(ordinal: Int(icalrecurrencetype_day_position(code)), weekday: isoWeekday(day))
        }
        return .success(LibicalRule(
            frequency: frequency,
            // libical keeps INTERVAL in a short: 90061 would become 24525.
            interval: max(1, part("INTERVAL", of: text).flatMap { Int($0) } ?? Int(rule.interval)),
            count: rule.count > 0 ? Int(rule.count) : nil,
            until: part("UNTIL", of: text),
            bySecond: list(Int32(BUSYLIFE_BY_SECOND.rawValue)),
            byMinute: list(Int32(BUSYLIFE_BY_MINUTE.rawValue)),
            byHour: list(Int32(BUSYLIFE_BY_HOUR.rawValue)),
            byDay: byDay,
            byMonthDay: list(Int32(BUSYLIFE_BY_MONTH_DAY.rawValue)),
            byYearDay: list(Int32(BUSYLIFE_BY_YEAR_DAY.rawValue)),
            byWeekNo: list(Int32(BUSYLIFE_BY_WEEK_NO.rawValue)),
            byMonth: list(Int32(BUSYLIFE_BY_MONTH.rawValue)).map { Int(icalrecurrencetype_month_month(Int16(truncatingIfNeeded: $0))) },
            bySetPos: list(Int32(BUSYLIFE_BY_SET_POS.rawValue)),
            weekStart: rule.week_start == ICAL_NO_WEEKDAY ? 1 : isoWeekday(Int(rule.week_start.rawValue)),
            rscale: rscale))
    }

    private static func frequencyName(_ frequency: icalrecurrencetype_frequency) -> String {
        switch frequency {
        case ICAL_SECONDLY_RECURRENCE: "SECONDLY"
        case ICAL_MINUTELY_RECURRENCE: "MINUTELY"
        case ICAL_HOURLY_RECURRENCE: "HOURLY"
        case ICAL_DAILY_RECURRENCE: "DAILY"
        case ICAL_WEEKLY_RECURRENCE: "WEEKLY"
        case ICAL_MONTHLY_RECURRENCE: "MONTHLY"
        case ICAL_YEARLY_RECURRENCE: "YEARLY"
        default: ""
        }
    }

    /// libical's 1 Sunday ... 7 Saturday as ISO 1 Monday ... 7 Sunday.
    private static func isoWeekday(_ libicalDay: Int) -> Int {
        libicalDay == 1 ? 7 : libicalDay - 1
    }

    /// A part's text as written (`UNTIL`, `INTERVAL`; names are ASCII).
    private static func part(_ name: StaticString, of rule: String) -> String? {
        let key = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        let bytes = Array(rule.utf8)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: ";") { end += 1 }
            var equals = start
            while equals < end && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            if equals < end && equals - start == key.count
                && (0..<key.count).allSatisfy({ bytes[start + $0] & 0xDF == key[$0] }) {
                return String(decoding: bytes[(equals + 1)..<end], as: UTF8.self).trimmingSpaces()
            }
            start = end + 1
        }
        return nil
    }
}

/// libical could not read a recurrence rule.
package struct LibicalRuleError: Error, Sendable, Equatable {
    package var rule: String
}

/// libical's own recurrence iterator, kept only as a differential test
/// oracle (it stops at 2582 and is wrong in places; see docs/architecture.md).
package enum LibicalIterator {
    /// The first `limit` instances of `rule` from `start` (`19970902T090000`),
    /// as libical writes them.
    package static func instances(rule: String, start: String, limit: Int) -> [String] {
        let recurrence = icalrecurrencetype_from_string(rule)
        guard recurrence.freq != ICAL_NO_RECURRENCE, let iterator = icalrecur_iterator_new(recurrence, icaltime_from_string(start)) else {
            return []
        }
        defer { icalrecur_iterator_free(iterator) }
        var result: [String] = []
        while result.count < limit {
            let next = icalrecur_iterator_next(iterator)
            if icaltime_is_null_time(next) != 0 { break }
            func digits(_ value: Int32, _ width: Int) -> String {
                let text = String(value)
                return String(repeating: "0", count: max(0, width - text.count)) + text
            }
            result.append(digits(next.year, 4) + digits(next.month, 2) + digits(next.day, 2) + "T"
                          + digits(next.hour, 2) + digits(next.minute, 2) + digits(next.second, 2))
        }
        return result
    }
}
