import EventModel
import FreeBusy
import Import
import Settle
import TestSupport
import Testing

/// Settles calendar files (name, text) over a window for a viewer in `tz`,
/// with `travel` changes (`WHEN=ZONE`).
func settleFiles(_ files: [(name: String, text: String)], from: String, to: String, tz: String = "America/New_York",
            travel: [String] = [], configure: (inout SettleOptions) -> Void = { _ in }) throws -> (Settlement, Imported) {
    var plan = TravelPlan()
    for change in travel { try plan.add(change) }
    var options = SettleOptions(from: try #require(day(from)), to: try #require(day(to)),
                                timeline: plan.timeline(base: Zone.named(tz)!))
    configure(&options)
    let settler = Settler(options: options)
    let imported = importText(files)
    for event in imported.events { settler.add(event) }
    return (settler.settle(), imported)
}

/// One calendar of these VEVENT lines.
func settle(_ lines: [String], from: String, to: String, tz: String = "America/New_York", travel: [String] = [],
            configure: (inout SettleOptions) -> Void = { _ in }) throws -> Settlement {
    try settleFiles([("cal.ics", ics(lines))], from: from, to: to, tz: tz, travel: travel, configure: configure).0
}

func day(_ text: String) -> LocalDate? {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    return parts.count == 3 ? LocalDate(year: parts[0], month: parts[1], day: parts[2]) : nil
}

/// `2026-11-23T14:00:00Z`.
func at(_ text: String) -> Instant {
    let digits = text.filter(\.isNumber).map { Int64(String($0))! }
    func number(_ range: Range<Int>) -> Int64 { range.reduce(0) { $0 * 10 + digits[$1] } }
    let date = LocalDate(year: Int(number(0..<4)), month: Int(number(4..<6)), day: Int(number(6..<8)))!
    return Instant(seconds: date.daysSinceEpoch * 86_400 + number(8..<10) * 3600 + number(10..<12) * 60 + number(12..<14))
}

/// A timed event in New York: `meeting("m", "20261123T100000", "20261123T110000")`.
func meeting(_ uid: String, _ start: String, _ end: String, tzid: String = "America/New_York", _ more: [String] = []) -> [String] {
    vevent(uid, ["DTSTART;TZID=\(tzid):\(start)", "DTEND;TZID=\(tzid):\(end)", "SUMMARY:\(uid)"] + more)
}

extension FreeSlot {
    /// `2026-11-23T14:00:00Z–2026-11-23T15:00:00Z`.
    var text: String { "\(start)–\(end)" }
}

/// Hours on these weekdays (all by default).
func hours(_ text: String = "09:00-17:00", days: Set<Int> = Set(1...7)) -> WorkingHours {
    let (start, end) = WorkingHours.parseHours(text)!
    return WorkingHours(start: start, end: end, workdays: days)!
}

let minute: Int64 = 60_000
