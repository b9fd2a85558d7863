import EventModel
import Testing

/// The hard cases documented on `EventTime`'s arithmetic, on the same dates.
@Suite struct EventTimeArithmeticTests {
    let newYork = Zone(tzdb: "America/New_York")!

    func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> EventTime {
        let local = LocalDateTime(date: LocalDate(year: year, month: month, day: day)!, hour: hour, minute: minute, second: 0)!
        return .instant(newYork.instant(for: local), zone: newYork)
    }

    func hours(_ a: EventTime, _ b: EventTime) -> Double {
        Double(b.instant!.milliseconds - a.instant!.milliseconds) / 3_600_000
    }

    @Test func aNominalDayOverSpringForwardLasts23Hours() {
        let start = at(2026, 3, 7, 9)
        let end = start.end(after: EventDuration(days: 1))
        #expect(end.iso8601 == "2026-03-08T09:00:00-04:00")
        #expect(hours(start, end) == 23)
        #expect(start.end(after: EventDuration(milliseconds: 24 * 3_600_000)).iso8601 == "2026-03-08T10:00:00-04:00")
    }

    @Test func aNominalDayOverFallBackLasts25Hours() {
        let start = at(2026, 10, 31, 9)
        let end = start.end(after: EventDuration(days: 1))
        #expect(end.iso8601 == "2026-11-01T09:00:00-05:00")
        #expect(hours(start, end) == 25)
    }

    @Test func aWallTimeInTheGapMovesForward() {
        let end = at(2026, 3, 7, 2, 30).end(after: EventDuration(days: 1))
        #expect(end.iso8601 == "2026-03-08T03:30:00-04:00")
        #expect(end.instant?.description == "2026-03-08T07:30:00Z")
    }

    @Test func datesNeverPassThroughAZone() {
        let date = EventTime.date(LocalDate(year: 2026, month: 3, day: 11)!)
        #expect(date.end(after: nil) == .date(LocalDate(year: 2026, month: 3, day: 12)!))
        #expect(date.end(after: EventDuration(days: 1)) == .date(LocalDate(year: 2026, month: 3, day: 12)!))
        #expect(EventTime.date(LocalDate(year: 2026, month: 3, day: 7)!).end(after: EventDuration(days: 1, milliseconds: 47 * 3_600_000))
                == .date(LocalDate(year: 2026, month: 3, day: 9)!))
    }

    @Test func noDurationEndsATimeWhereItStarts() {
        let start = at(2026, 3, 7, 9)
        #expect(start.end(after: nil) == start)
        #expect(start.isBefore(start.end(after: EventDuration(milliseconds: 1000))))
        #expect(!start.isBefore(start))
    }

    /// The quick test of `clampToPrintableYears` (two days inside years 1
    /// and 9999) agrees with the full one on every side of both bounds, in
    /// zones 14 hours ahead and 12 behind.
    @Test func quickClampTestAgreesWithTheFullOne() throws {
        let zones: [Zone?] = [nil, .utc, try #require(Zone(tzdb: "Pacific/Kiritimati")), try #require(Zone(tzdb: "Etc/GMT+12"))]
        for bound in [Instant.earliest, Instant.latest] {
            for hours in stride(from: -80, through: 80, by: 1) {
                for zone in zones {
                    let instant = bound.adding(seconds: Int64(hours) * 3600 + (hours % 2 == 0 ? 0 : 1))
                    var quick = EventTime.instant(instant, zone: zone), full = quick
                    #expect(quick.clampToPrintableYears() == full.clampNearTheBounds(), "\(instant) \(zone?.id ?? "floating")")
                    #expect(quick == full)
                }
            }
        }
    }
}
