import EventModel
import ICal

/// Builds a zone from a VTIMEZONE's STANDARD and DAYLIGHT observances
/// (SEMANTICS.md section 2, step 3).
enum VTimezoneBuilder {
    static func zone(from component: ICalComponent, id: String, file: String,
                     report: (Diagnostic) -> Void) -> Zone? {
        var observances: [ZoneRules.Observance] = []
        for child in component.children where child.name == "STANDARD" || child.name == "DAYLIGHT" {
            let at = SourcePosition(file: file, line: child.line)
            guard let to = child.first("TZOFFSETTO").flatMap({ ValueParsing.utcOffset($0.value) }) else {
                report(Diagnostic(.warning, .invalidValue, at: at,
                                  "\(child.name) of time zone \"\(id)\" has no valid TZOFFSETTO; observance ignored"))
                continue
            }
            let from = child.first("TZOFFSETFROM").flatMap { ValueParsing.utcOffset($0.value) } ?? to
            var start = LocalDateTime(date: LocalDate(year: 1601, month: 1, day: 1)!, hour: 0, minute: 0, second: 0)!
            if let value = child.first("DTSTART")?.value {
                switch ValueParsing.dateTime(value) {
                case .success(.local(let time)), .success(.utc(let time)): start = time
                case .success(.date(let date)): start = LocalDateTime(date: date, hour: 0, minute: 0, second: 0)!
                case .failure: report(Diagnostic(.warning, .invalidValue, at: at,
                                                 "\(child.name) of time zone \"\(id)\" has an unreadable DTSTART; 1601-01-01 used"))
                }
            }
            var rule: ZoneRules.YearlyRule?
            if let text = child.first("RRULE")?.value {
                rule = yearlyRule(text, offsetFrom: from, id: id, at: at, report: report)
            }
            var dates: [LocalDateTime] = []
            for property in child.all("RDATE") {
                for value in property.value.split(separator: ",") {
                    switch ValueParsing.dateTime(String(value)) {
                    case .success(.local(let time)): dates.append(time)
                    case .success(.utc(let time)):
                        dates.append(LocalDateTime(secondsSinceEpoch: time.secondsSinceEpoch + Int64(from)))
                    case .success(.date(let date)): dates.append(LocalDateTime(date: date, hour: 0, minute: 0, second: 0)!)
                    case .failure: continue
                    }
                }
            }
            observances.append(ZoneRules.Observance(start: start, offsetFrom: from, offsetTo: to, rule: rule, dates: dates))
        }
        guard !observances.isEmpty else {
            report(Diagnostic(.warning, .invalidValue, at: SourcePosition(file: file, line: component.line),
                              "time zone \"\(id)\" defines no usable STANDARD or DAYLIGHT observance"))
            return nil
        }
        return Zone(id: id, rules: ZoneRules(observances: observances))
    }

    private static func yearlyRule(_ text: String, offsetFrom: Int, id: String, at: SourcePosition,
                                   report: (Diagnostic) -> Void) -> ZoneRules.YearlyRule? {
        guard case .success(let rule) = ICalRecurrence.parse(text) else {
            report(Diagnostic(.warning, .invalidRule, at: at, "unreadable RRULE in time zone \"\(id)\": \(text)"))
            return nil
        }
        guard rule.frequency == .yearly else {
            report(Diagnostic(.warning, .invalidRule, at: at,
                              "time zone \"\(id)\" uses FREQ=\(rule.frequency.rawValue); only yearly observance rules are read"))
            return nil
        }
        var untilUTC: Int64?
        if let until = rule.until {
            switch ValueParsing.dateTime(until) {
            case .success(.utc(let time)): untilUTC = time.secondsSinceEpoch
            case .success(.local(let time)): untilUTC = time.secondsSinceEpoch - Int64(offsetFrom)
            case .success(.date(let date)): untilUTC = date.daysSinceEpoch * 86_400 + 86_399
            case .failure: break
            }
        }
        return ZoneRules.YearlyRule(
            interval: rule.interval, months: rule.byMonth,
            weekdays: rule.byDay.map { ($0.ordinal, $0.weekday) },
            monthDays: rule.byMonthDay, hours: rule.byHour, minutes: rule.byMinute,
            count: rule.count, untilUTC: untilUTC)
    }
}
