import EventModel
import FreeBusy
import Import
import Settle
import Statistics
import TestSupport
import Testing

/// Settles calendar files (name, text) over a window for a viewer in `tz`
/// with `travel` changes (`WHEN=ZONE`), keeping the occurrences as `stats` does.
func settleFiles(_ files: [(name: String, text: String)], from: String, to: String, tz: String = "America/New_York",
                 travel: [String] = [], configure: (inout SettleOptions) -> Void = { _ in }) throws -> Settlement {
    var plan = TravelPlan()
    for change in travel { try plan.add(change) }
    var options = SettleOptions(from: try #require(day(from)), to: try #require(day(to)),
                                timeline: plan.timeline(base: Zone.named(tz)!))
    options.listDays = false
    configure(&options)
    let settler = Settler(options: options)
    for event in importText(files).events { settler.add(event) }
    return settler.settle()
}

/// One calendar, `cal.ics`, of these VEVENT lines.
func settle(_ lines: [String], from: String, to: String, tz: String = "America/New_York", travel: [String] = [],
            configure: (inout SettleOptions) -> Void = { _ in }) throws -> Settlement {
    try settleFiles([("cal.ics", ics(lines))], from: from, to: to, tz: tz, travel: travel, configure: configure)
}

func day(_ text: String) -> LocalDate? {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    return parts.count == 3 ? LocalDate(year: parts[0], month: parts[1], day: parts[2]) : nil
}

/// A timed event in New York: `event("m", "20261123T100000", "20261123T110000")`.
func event(_ uid: String, _ start: String, _ end: String, tzid: String = "America/New_York", _ more: [String] = []) -> [String] {
    vevent(uid, ["DTSTART;TZID=\(tzid):\(start)", "DTEND;TZID=\(tzid):\(end)", "SUMMARY:\(uid)"] + more)
}

/// The lines that make a meeting: an organizer and one attendee.
func people(_ organizer: String = "ann@example.com", _ attendees: String...) -> [String] {
    ["ORGANIZER:mailto:\(organizer)"] + (attendees.isEmpty ? ["bob@example.com"] : attendees).map { "ATTENDEE:mailto:\($0)" }
}

/// Hours on these weekdays (Monday to Friday by default).
func hours(_ text: String = "09:00-17:00", days: Set<Int> = [1, 2, 3, 4, 5]) -> WorkingHours {
    let (start, end) = WorkingHours.parseHours(text)!
    return WorkingHours(start: start, end: end, workdays: days)!
}

let hour = 3600

/// The figures by name, for comparing with hand-computed ones in a line.
func figures(_ f: StatsFigures) -> [String: Int] {
    ["busy": f.busySeconds, "working": f.workingSeconds, "busyWorking": f.busyWorkingSeconds, "afterHours": f.afterHoursSeconds,
     "focus": f.focusSeconds, "fragmented": f.fragmentedSeconds, "meeting": f.meetingSeconds,
     "recurring": f.recurringMeetingSeconds, "meetings": f.meetings, "conflict": f.conflictSeconds,
     "meetingFree": f.meetingFreeDays]
}

/// The invariants of docs/stats.md on every period and the total: working
/// time is busy working plus focus plus fragmented time, after-hours time
/// is the rest of busy time, no figure is negative, meetings are busy
/// time, recurring ones meetings, and the total is the periods' sum.
func checkInvariants(_ stats: Statistics, sourceLocation: SourceLocation = #_sourceLocation) {
    for figures in stats.periods.map(\.figures) + [stats.total] {
        #expect(figures.workingSeconds == figures.busyWorkingSeconds + figures.focusSeconds + figures.fragmentedSeconds,
                sourceLocation: sourceLocation)
        #expect(figures.afterHoursSeconds == figures.busySeconds - figures.busyWorkingSeconds, sourceLocation: sourceLocation)
        #expect(StatisticsTestsFigures.all(figures).allSatisfy { $0 >= 0 }, sourceLocation: sourceLocation)
        #expect(figures.meetingSeconds <= figures.busySeconds && figures.conflictSeconds <= figures.busySeconds,
                sourceLocation: sourceLocation)
        #expect(figures.recurringMeetingSeconds <= figures.meetingSeconds, sourceLocation: sourceLocation)
    }
    var sum = StatsFigures()
    for period in stats.periods { for (key, value) in StatisticsTestsFigures.paths { sum[keyPath: key] += period.figures[keyPath: value] } }
    #expect(sum == stats.total, sourceLocation: sourceLocation)
}

enum StatisticsTestsFigures {
    static var paths: [(WritableKeyPath<StatsFigures, Int>, KeyPath<StatsFigures, Int>)] { [
        (\.busySeconds, \.busySeconds), (\.workingSeconds, \.workingSeconds), (\.busyWorkingSeconds, \.busyWorkingSeconds),
        (\.afterHoursSeconds, \.afterHoursSeconds), (\.focusSeconds, \.focusSeconds), (\.fragmentedSeconds, \.fragmentedSeconds),
        (\.meetingSeconds, \.meetingSeconds), (\.recurringMeetingSeconds, \.recurringMeetingSeconds), (\.meetings, \.meetings),
        (\.conflictSeconds, \.conflictSeconds), (\.meetingFreeDays, \.meetingFreeDays),
    ] }

    static func all(_ figures: StatsFigures) -> [Int] { paths.map { figures[keyPath: $0.1] } }
}
