import BusyLifeKit
import Foundation

/// The step every expanding command takes: the input read and settled
/// through the library's front door, every day's busy time within its
/// length, every listed day holding all its events. Settled a second time
/// with every series far from the window written to the temporary file at
/// once (`farSeriesMemoryLimit` 0), it must give the same occurrences,
/// days and diagnostics.
enum SettlePass {
    static func run(_ bytes: [UInt8]) -> Settlement {
        var options = FuzzWindow.options
        let source = CalendarSource.data(Data(bytes), name: "input.ics")
        let settlement = BusyLife.settle([source], options, diagnostic: { diagnostic in
            mustHold(!diagnostic.source.file.isEmpty, "a diagnostic without a file: \(diagnostic)")
        }).settlement
        checkDays(settlement)
        options.farSeriesMemoryLimit = 0
        let throughFile = BusyLife.settle([source], options).settlement
        requireSame(settlement, throughFile)
        return settlement
    }

    private static func checkDays(_ settlement: Settlement) {
        let days = Int(FuzzWindow.to.daysSinceEpoch - FuzzWindow.from.daysSinceEpoch + 1)
        mustHold(settlement.days.count == days, "a window without each of its days")
        for day in settlement.days {
            mustHold(day.busyMilliseconds <= max(day.lengthMilliseconds, 0), "busier than the day is long: \(day.date)")
        }
        for day in settlement.listedDays where day.eventsListed {
            mustHold(day.entries.count == day.eventCount, "a listed day without all its events: \(day.date)")
        }
    }

    private static func requireSame(_ settlement: Settlement, _ throughFile: Settlement) {
        mustHold(throughFile.occurrences.count == settlement.occurrences.count, "another number of occurrences through the file")
        mustHold(throughFile.days.count == settlement.days.count, "another number of days through the file")
        for (one, other) in zip(settlement.occurrences, throughFile.occurrences) {
            let (a, b) = (one.event, other.event)
            mustHold(one.startUTC == other.startUTC && one.endUTC == other.endUTC && one.busy == other.busy
                         && one.occurrence.start == other.occurrence.start && one.occurrence.end == other.occurrence.end
                         && one.occurrence.recurrenceID == other.occurrence.recurrenceID, "another occurrence through the file")
            mustHold(a.uid == b.uid && a.title == b.title && a.calendar == b.calendar && a.status == b.status
                         && a.transparency == b.transparency && a.description == b.description && a.location == b.location
                         && a.attendees == b.attendees && a.categories == b.categories && a.type == b.type
                         && a.source == b.source && a.sequence == b.sequence, "another event through the file")
        }
        mustHold(throughFile.diagnostics.map(\.description) == settlement.diagnostics.map(\.description),
                     "other diagnostics through the file")
        for (one, other) in zip(settlement.days, throughFile.days) {
            mustHold(one.busyIntervals == other.busyIntervals && one.eventCount == other.eventCount, "another day through the file")
        }
    }
}
