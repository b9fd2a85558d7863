#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BusyLifeKit
import CFuzzerDriver
import Foundation

@main
enum FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
    }
}

/// libFuzzer's entry: one input read as a calendar (by content: `[` or
/// `{` first is BusyLife JSON, anything else iCalendar, as a file named
/// `.ics` would be), through the library's public API only (BusyLifeKit),
/// its events settled over 2026 for a viewer in Europe/Berlin (DST days
/// included), and every day's busy time summed. Settled a second time
/// with every series far from the window written to the temporary file
/// at once (`farSeriesMemoryLimit` 0), it must give the same occurrences,
/// days and diagnostics. A crash, a sanitizer report, a timeout or
/// running out of memory is a finding; diagnostics are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    var options = SettleOptions(from: LocalDate(year: 2026, month: 1, day: 1)!,
                                to: LocalDate(year: 2026, month: 12, day: 31)!,
                                timeline: ZoneTimeline(base: FuzzInput.berlin))
    options.me = "me@example.com"
    let (settlement, _) = BusyLife.settle([.data(bytes, name: "input.ics")], options, diagnostic: { diagnostic in
        precondition(!diagnostic.source.file.isEmpty, "a diagnostic without a file: \(diagnostic)")
    })
    var busy: Int64 = 0
    for day in settlement.days {
        precondition(day.busyMilliseconds <= max(day.lengthMilliseconds, 0), "busier than the day is long: \(day.date)")
        busy += day.busyMilliseconds
    }
    precondition(settlement.days.count == 365, "a year's window without its 365 days")
    // Day lists made one day at a time hold every occurrence of a listed day.
    for day in settlement.listedDays where day.eventsListed {
        precondition(day.entries.count == day.eventCount, "a listed day without all its events: \(day.date)")
    }
    _ = busy
    options.farSeriesMemoryLimit = 0
    let (throughFile, _) = BusyLife.settle([.data(bytes, name: "input.ics")], options, diagnostic: { _ in })
    precondition(throughFile.occurrences.count == settlement.occurrences.count, "another number of occurrences through the file")
    precondition(throughFile.days.count == settlement.days.count, "another number of days through the file")
    for (one, other) in zip(settlement.occurrences, throughFile.occurrences) {
        let (a, b) = (one.event, other.event)
        precondition(one.startUTC == other.startUTC && one.endUTC == other.endUTC && one.busy == other.busy
                     && one.occurrence.start == other.occurrence.start && one.occurrence.end == other.occurrence.end
                     && one.occurrence.recurrenceID == other.occurrence.recurrenceID, "another occurrence through the file")
        precondition(a.uid == b.uid && a.title == b.title && a.calendar == b.calendar && a.status == b.status
                     && a.transparency == b.transparency && a.description == b.description && a.location == b.location
                     && a.attendees == b.attendees && a.categories == b.categories && a.type == b.type
                     && a.source == b.source && a.sequence == b.sequence, "another event through the file")
    }
    precondition(throughFile.diagnostics.map(\.description) == settlement.diagnostics.map(\.description),
                 "other diagnostics through the file")
    for (one, other) in zip(settlement.days, throughFile.days) {
        precondition(one.busyIntervals == other.busyIntervals && one.eventCount == other.eventCount, "another day through the file")
    }
    return 0
}

enum FuzzInput {
    static let berlin = Zone.named("Europe/Berlin") ?? .utc
}
