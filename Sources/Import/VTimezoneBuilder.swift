import EventModel
import ICal

/// Builds a zone from a VTIMEZONE's STANDARD and DAYLIGHT observances
/// (docs/semantics.md section 2, step 3).
enum VTimezoneBuilder {
    static func zone(from component: ICalComponent, id: String, file: String, limit: Int = Zone.fileDefinitionLimit,
                     report: (Diagnostic) -> Void) -> Zone? {
        var observances: [ZoneRules.Observance] = []
        for child in component.children where child.name == "STANDARD" || child.name == "DAYLIGHT" {
            let at = SourcePosition(file: file, line: child.line)
            guard let to = child.first(.tzoffsetto).flatMap({ ValueParsing.utcOffset($0.value) }) else {
                report(Diagnostic(.warning, .invalidValue, at: at,
                                  "\(child.name) of time zone \"\(id)\" has no valid TZOFFSETTO; observance ignored"))
                continue
            }
            let from = child.first(.tzoffsetfrom).flatMap { ValueParsing.utcOffset($0.value) } ?? to
            var start = LocalDateTime(date: LocalDate(year: 1601, month: 1, day: 1)!, hour: 0, minute: 0, second: 0)!
            if let value = child.value(.dtstart) {
                switch ValueParsing.dateTime(value) {
                case .success(.local(let time)), .success(.utc(let time)): start = time
                case .success(.date(let date)): start = LocalDateTime(date: date, hour: 0, minute: 0, second: 0)!
                case .failure: report(Diagnostic(.warning, .invalidValue, at: at,
                                                 "\(child.name) of time zone \"\(id)\" has an unreadable DTSTART; 1601-01-01 used"))
                }
            }
            var rule: RecurrenceRule?
            var untilUTC: Int64?
            if let text = child.value(.rrule) {
                (rule, untilUTC) = observanceRule(text, start: start, offsetFrom: from, id: id, at: at, report: report)
            }
            var dates: [LocalDateTime] = []
            for property in child.all(.rdate) {
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
            observances.append(ZoneRules.Observance(start: start, offsetFrom: from, offsetTo: to,
                                                    rule: rule, untilUTC: untilUTC, dates: dates))
        }
        guard !observances.isEmpty else {
            report(Diagnostic(.warning, .invalidValue, at: SourcePosition(file: file, line: component.line),
                              "time zone \"\(id)\" defines no usable STANDARD or DAYLIGHT observance"))
            return nil
        }
        guard let zone = Zone.defined(id: id, rules: ZoneRules(observances: observances), limit: limit) else {
            report(Diagnostic(.warning, .unresolvedZone, at: SourcePosition(file: file, line: component.line),
                              "time zone \"\(id)\" not defined from its VTIMEZONE: this process keeps at most "
                              + "\(limit) zones that files define, and has that many"))
            return nil
        }
        return zone
    }

    /// The observance's RRULE and its UNTIL as UTC seconds (a local UNTIL
    /// is read in TZOFFSETFROM).
    private static func observanceRule(_ text: String, start: LocalDateTime, offsetFrom: Int, id: String, at: SourcePosition,
                                       report: (Diagnostic) -> Void) -> (RecurrenceRule?, Int64?) {
        guard case .success(var rule) = RecurrenceRuleText.parse(text, start: .floating(start)) else {
            report(Diagnostic(.warning, .invalidRule, at: at, "unreadable RRULE in time zone \"\(id)\": \(text)"))
            return (nil, nil)
        }
        // An offset that changes every hour, minute or second is no zone
        // anyone uses, and every lookup would expand years of it.
        // So is one that changes several times a day through BYHOUR, BYMINUTE
        // or BYSECOND (`FREQ=DAILY;BYHOUR=0,...,23;BYMINUTE=0,...,59`).
        if [.hourly, .minutely, .secondly].contains(rule.frequency)
            || rule.byHour.count > 1 || rule.byMinute.count > 1 || rule.bySecond.count > 1 {
            report(Diagnostic(.warning, .workBudget, at: at,
                              "RRULE \"\(text)\" in time zone \"\(id)\" refused (observance rules that change the offset "
                              + "more than once a day are not read); the observance starts at its DTSTART and RDATEs only"))
            return (nil, nil)
        }
        var untilUTC: Int64?
        switch rule.until {
        case .instant(let instant, _)?: untilUTC = instant.seconds
        case .floating(let local)?: untilUTC = local.secondsSinceEpoch - Int64(offsetFrom)
        case .date(let date)?: untilUTC = date.daysSinceEpoch * 86_400 + 86_399
        case nil: break
        }
        rule.until = nil
        return (rule, untilUTC)
    }
}
