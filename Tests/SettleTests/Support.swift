import EventModel
import Foundation
import Import
@testable import Settle

/// `19970902T090000` → a wall-clock time.
func local(_ text: String) -> LocalDateTime {
    let digits = text.filter(\.isNumber).map { Int(String($0))! }
    func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
    let date = LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))!
    if digits.count < 14 { return LocalDateTime(date: date, hour: 0, minute: 0, second: 0)! }
    return LocalDateTime(date: date, hour: number(8..<10), minute: number(10..<12), second: number(12..<14))!
}

/// A wall-clock time as the corpora write it: `19970902T090000`.
func compact(_ time: LocalDateTime) -> String {
    time.description.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
}

/// The start of a series: zoned when `tzid` is given, else floating.
func startTime(_ text: String, tzid: String? = nil) -> EventTime {
    if let tzid, let zone = Zone(tzdb: tzid) { return .instant(zone.instant(for: local(text)), zone: zone) }
    if text.hasSuffix("Z") { return .instant(Instant(seconds: local(text).secondsSinceEpoch), zone: nil) }
    if text.count == 8 { return .date(local(text).date) }
    return .floating(local(text))
}

/// A master event with this start, rule text and extra lines.
func master(start: EventTime, rrule: String?, exdates: [EventTime] = [], rdates: [EventTime] = [],
            duration: Int64 = 3600) throws -> Event {
    var event = Event(uid: "u", title: "t", calendar: "c", source: SourcePosition(file: "f", line: 1),
                      start: start, end: start)
    switch start {
    case .instant(let instant, let zone): event.end = .instant(instant.adding(seconds: duration), zone: zone)
    case .floating(let local): event.end = .floating(LocalDateTime(secondsSinceEpoch: local.secondsSinceEpoch + duration))
    case .date(let date): event.end = .date(date.adding(days: 1))
    }
    if let rrule { event.recurrence.rules = [try RecurrenceRuleText.parse(rrule, start: start).get()] }
    event.recurrence.exceptionDates = exdates
    event.recurrence.dates = rdates.map { .time($0) }
    return event
}

/// A start as the corpora write it: with `Z` for UTC.
func compact(_ time: LocalDateTime, like start: EventTime) -> String {
    if case .instant(_, nil) = start { return compact(time) + "Z" }
    if case .date = start { return String(compact(time).prefix(8)) }
    return compact(time)
}

/// The first `limit` instance starts of a master, as wall-clock times on
/// its own clock, walking from DTSTART (for conformance tables).
func firstStarts(_ event: Event, limit: Int, from lower: Int64 = RuleExpander.startOfTime) -> [LocalDateTime] {
    var series = Series()
    series.add(event, order: 0)
    let frame = Frame(event.start)
    var result: [LocalDateTime] = []
    // Widen the window a year at a time until enough instances are found.
    var upper = max(lower, frame.wall(event.start)) + 400 * 86_400
    while result.count < limit && upper < RuleExpander.endOfTime + 400 * 86_400 {
        let found = series.occurrences(lower: lower, upper: upper, cap: 1_000_000) { _ in }
            .map { LocalDateTime(secondsSinceEpoch: frame.wall($0.start)) }
            .filter { $0.secondsSinceEpoch >= lower && $0.secondsSinceEpoch < upper }
            .sorted()
        result = found
        upper += (upper - lower) * 2
    }
    return Array(result.prefix(limit))
}

/// Reads a JSON Lines file into dictionaries.
func jsonLines(_ url: URL) throws -> [[String: Any]] {
    let text = try String(contentsOf: url, encoding: .utf8)
    return try text.split(separator: "\n").map {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
}

/// A master from python-dateutil's `rrulestr` text (DTSTART, RRULE, RDATE,
/// EXDATE, EXRULE lines); nil for text that is not iCalendar lines.
func master(fromLines text: String) throws -> Event? {
    var start: EventTime?
    var rules: [String] = [], exrules: [String] = [], rdates: [String] = [], exdates: [String] = []
    for line in text.split(separator: "\n") {
        guard let colon = line.firstIndex(of: ":"), !line.contains(" ") else { return nil }
        let head = line[..<colon].split(separator: ";")
        let value = String(line[line.index(after: colon)...])
        let tzid = head.dropFirst().first { $0.hasPrefix("TZID=") }.map { String($0.dropFirst(5)) }
        switch head.first {
        case "DTSTART":
            guard tzid == nil || Zone(tzdb: tzid!) != nil else { return nil }
            start = startTime(value, tzid: tzid)
        case "RRULE": rules.append(value)
        case "EXRULE": exrules.append(value)
        case "RDATE": rdates.append(contentsOf: value.split(separator: ",").map(String.init))
        case "EXDATE": exdates.append(contentsOf: value.split(separator: ",").map(String.init))
        default: return nil
        }
    }
    guard let start else { return nil }
    var event = try master(start: start, rrule: nil,
                           exdates: exdates.map { startTime($0, tzid: start.zone?.id) },
                           rdates: rdates.map { startTime($0, tzid: start.zone?.id) })
    event.recurrence.rules = try rules.map { try RecurrenceRuleText.parse($0, start: start).get() }
    event.recurrence.exceptionRules = try exrules.map { try RecurrenceRuleText.parse($0, start: start).get() }
    return event
}

/// What libical and python-dateutil give for a single rule: DTSTART only
/// when it matches the rule (docs/semantics.md section 4 counts it always).
func peerStarts(_ event: Event, limit: Int) -> [LocalDateTime]? {
    guard event.recurrence.rules.count == 1, event.recurrence.dates.isEmpty,
          event.recurrence.exceptionDates.isEmpty, event.recurrence.exceptionRules.isEmpty else { return nil }
    let frame = Frame(event.start)
    let expander = Series.expander(for: event.recurrence.rules[0], of: event, frame: frame, countsStart: false)
    var result: [LocalDateTime] = []
    expander.instances(from: RuleExpander.startOfTime, to: RuleExpander.endOfTime) { wall in
        result.append(LocalDateTime(secondsSinceEpoch: wall))
        return result.count < limit
    }
    return result
}
