import EventModel
import ICal

/// RRULE / EXRULE text into the model's rule, parsed by libical.
package enum RecurrenceRuleText {
    package struct Problem: Error, Sendable {
        package var message: String
    }

    /// `start` is the DTSTART the rule belongs to: an UNTIL without `Z`
    /// on a zoned DTSTART is read in that zone. Parts that can be ignored
    /// are repaired rather than costing the whole rule (`repaired` hears
    /// what was done): see `Repair`.
    package static func parse(_ text: String, start: EventTime,
                             repaired: (String) -> Void = { _ in }) -> Result<RecurrenceRule, Problem> {
        let repair = Repair(text)
        repair.notes.forEach(repaired)
        guard case .success(var parts) = ICalRecurrence.parse(repair.text) else {
            return .failure(Problem(message: "\"\(text)\" is unreadable"))
        }
        if let count = repair.count { parts.count = count }
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

/// What real producers get wrong in a rule's parts, mended before libical
/// (which refuses the whole rule for any of them):
/// - COUNT and UNTIL together: both bound the series, whichever ends it
///   first (`FREQ=WEEKLY;UNTIL=20240331;COUNT=10` stops at 31 March 2024
///   or after ten instances); libical sees UNTIL only, COUNT is set after.
/// - COUNT or INTERVAL that is not a positive number: dropped.
/// - A zero in BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYSETPOS, BYMONTH (or an
///   empty list): that value dropped, the part too when nothing is left.
/// - A part given twice: the first kept.
struct Repair {
    var text: String
    var count: Int?
    var notes: [String] = []

    init(_ rule: String) {
        var parts: [(name: String, value: String)] = []
        for piece in rule.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]).trimmingBlanks().uppercased()
            let value = pair.count > 1 ? String(pair[1]).trimmingBlanks() : ""
            if let first = parts.first(where: { $0.name == name }) {
                notes.append("repeats \(name); the first (\(name)=\(first.value)) is kept")
                continue
            }
            parts.append((name, value))
        }
        var kept: [(name: String, value: String)] = []
        for (name, value) in parts {
            switch name {
            case "COUNT", "INTERVAL":
                guard let number = Int(value), number > 0 else {
                    notes.append("has \(name)=\(value), not a positive number; \(name) dropped")
                    continue
                }
                if name == "COUNT" && parts.contains(where: { $0.name == "UNTIL" }) {
                    count = number
                    notes.append("has both COUNT and UNTIL; both bound the series")
                    continue
                }
            case "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYSETPOS", "BYMONTH":
                let values = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingBlanks() }
                let nonZero = values.filter { !$0.isEmpty && Int($0).map { $0 != 0 } ?? true }
                if nonZero.count != values.count {
                    if nonZero.isEmpty {
                        notes.append("has \(name)=\(value), no usable value; \(name) dropped")
                        continue
                    }
                    notes.append("has a zero or empty value in \(name)=\(value); dropped")
                    kept.append((name, nonZero.joined(separator: ",")))
                    continue
                }
            default:
                break
            }
            kept.append((name, value))
        }
        text = notes.isEmpty ? rule : kept.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
    }
}
