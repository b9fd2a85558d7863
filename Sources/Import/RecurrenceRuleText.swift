import EventModel
import ICal

/// RRULE / EXRULE text into the model's rule, parsed by libical.
public enum RecurrenceRuleText {
    public struct Problem: Error, Sendable {
        public var message: String
    }

    /// `start` is the DTSTART the rule belongs to: an UNTIL without `Z`
    /// on a zoned DTSTART is read in that zone.
    public static func parse(_ text: String, start: EventTime) -> Result<RecurrenceRule, Problem> {
        guard case .success(let parts) = ICalRecurrence.parse(text) else {
            return .failure(Problem(message: "\"\(text)\" is unreadable"))
        }
        if let rscale = parts.rscale {
            return .failure(Problem(message: "with RSCALE=\(rscale) is not supported"))
        }
        var until: EventTime?
        if let untilText = parts.until {
            guard case .success(let value) = ValueParsing.dateTime(untilText) else {
                return .failure(Problem(message: "has an unreadable UNTIL \"\(untilText)\""))
            }
            switch value {
            case .date(let date): until = .date(date)
            case .utc(let local): until = .instant(Instant(seconds: local.secondsSinceEpoch), zone: nil)
            case .local(let local):
                // RFC 5545 wants UTC here for a zoned DTSTART; read it in that zone.
                if let zone = start.zone {
                    until = .instant(zone.instant(for: local), zone: zone)
                } else {
                    until = .floating(local)
                }
            }
        }
        return .success(RecurrenceRule(
            frequency: RecurrenceRule.Frequency(rawValue: parts.frequency.rawValue) ?? .daily,
            interval: parts.interval, count: parts.count, until: until,
            bySecond: parts.bySecond, byMinute: parts.byMinute, byHour: parts.byHour,
            byDay: parts.byDay.map { RecurrenceRule.WeekdayNumber(ordinal: $0.ordinal, weekday: $0.weekday) },
            byMonthDay: parts.byMonthDay, byYearDay: parts.byYearDay, byWeekNo: parts.byWeekNo,
            byMonth: parts.byMonth, bySetPos: parts.bySetPos, weekStart: parts.weekStart))
    }
}
