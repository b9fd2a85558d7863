import EventModel
import Foundation
import Import
@testable import Settle
import TestSupport
import Testing

/// BusyLife's own events.json settled in five zones: each event's start
/// lands on the day the corpus expects (`expected_local_days.json`).
@Suite struct BusyLifeDaysTests {
    @Test func startDaysInFiveZones() throws {
        guard let corpora else { print("skipped: ../shared/corpora is absent"); return }
        let folder = corpora.appendingPathComponent("busylife")
        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("expected_local_days.json"))) as! [String: Any]
        let zones = expected["zones"] as! [String: [String: [Int]]]
        let events = importPaths([folder.appendingPathComponent("events.json").path]).events
        #expect(events.count == 20)
        var checked = 0
        for (zoneName, days) in zones {
            let zone = try #require(zoneName == "UTC" ? Zone.utc : Zone(tzdb: zoneName))
            let settler = Settler(options: SettleOptions(from: LocalDate(year: 2017, month: 12, day: 1)!,
                                                         to: LocalDate(year: 2019, month: 1, day: 31)!,
                                                         timeline: ZoneTimeline(base: zone)))
            events.forEach(settler.add)
            let settled = settler.settle()
            for (date, indices) in days {
                for index in indices {
                    let occurrence = settled.occurrences.first { $0.event.uid == events[index].uid }
                    #expect(occurrence?.firstDate.description == date, "event \(index) in \(zoneName)")
                    checked += 1
                }
            }
        }
        #expect(checked == 100)
    }
}
