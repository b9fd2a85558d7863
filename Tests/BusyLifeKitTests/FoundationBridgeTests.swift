import BusyLifeKit
import Foundation
import Testing

/// The ways between the model's types and Foundation's, as an app crosses them.
@Suite struct FoundationBridgeTests {
    static func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    @Test func anInstantIsADateToTheMillisecond() throws {
        let date = try Self.date("2026-11-22T14:00:00Z")
        #expect(Instant(date).description == "2026-11-22T14:00:00Z")
        #expect(Instant(date).date == date)
        // Between two milliseconds: the earlier one, before the epoch too.
        #expect(Instant(Date(timeIntervalSince1970: 1.2509)).date == Date(timeIntervalSince1970: 1.25))
        #expect(Instant(Date(timeIntervalSince1970: -0.0001)).date == Date(timeIntervalSince1970: -0.001))
        #expect(Instant(date) < Instant(date.addingTimeInterval(0.001)))
    }

    @Test func datesBeyondTheYears1To9999AreHeldAtTheirEdges() {
        #expect(Instant(Date(timeIntervalSince1970: 1e15)).description == "9999-12-31T23:59:59Z")
        #expect(Instant(Date(timeIntervalSince1970: -1e15)).description == "0001-01-01T00:00:00Z")
        #expect(Instant(Date(timeIntervalSince1970: .nan)).description == "0001-01-01T00:00:00Z")
    }

    @Test func aTimeZoneIsAZone() throws {
        let berlinTimeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let berlin = try #require(Zone(berlinTimeZone))
        #expect(berlin == Zone.named("Europe/Berlin"))
        #expect(berlin.timeZone?.identifier == "Europe/Berlin")
        let indiaTimeZone = try #require(TimeZone(secondsFromGMT: 5 * 3600 + 1800))
        let india = try #require(Zone(indiaTimeZone))
        #expect(india.timeZone?.secondsFromGMT() == 5 * 3600 + 1800)
        #expect(india.timeZone?.nextDaylightSavingTimeTransition == nil)
        #expect(Zone.utc.timeZone?.secondsFromGMT() == 0)
    }

    /// 23:30 UTC on 1 March 2026 is already 2 March in Tokyo (UTC+9), and
    /// still 1 March in London (on GMT until 29 March).
    @Test func aDateFallsOnTheLocalDateOfAZone() throws {
        let tokyo = try #require(Zone.named("Asia/Tokyo")), london = try #require(Zone.named("Europe/London"))
        let late = try Self.date("2026-03-01T23:30:00Z")
        #expect(LocalDate(late, in: tokyo) == LocalDate(year: 2026, month: 3, day: 2))
        #expect(LocalDate(late, in: london) == LocalDate(year: 2026, month: 3, day: 1))
        #expect(LocalDate(try Self.date("1969-12-31T23:30:00Z"), in: .utc) == LocalDate(year: 1969, month: 12, day: 31))
    }

    @Test func anOccurrenceTakesPlaceInADateInterval() throws {
        let calendar = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:standup
            SUMMARY:Stand-up
            DTSTART;TZID=Europe/Berlin:20261102T093000
            DURATION:PT30M
            END:VEVENT
            END:VCALENDAR
            """
        let options = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 2)!, to: LocalDate(year: 2026, month: 11, day: 2)!,
                                    zone: .utc)
        let settlement = BusyLife.settle([.data(Data(calendar.utf8), name: "work.ics")], options).settlement
        let interval = try #require(settlement.occurrences.first?.dateInterval)
        #expect(interval == DateInterval(start: try Self.date("2026-11-02T08:30:00Z"), duration: 1800))
    }

    /// Flying from Berlin to Tokyo, departing 08:50 Berlin time on Sunday
    /// 6 December 2026 (07:50Z): the 6th ends at Tokyo's midnight, 15:00Z,
    /// so it lasts sixteen hours, on two clocks.
    @Test func travelMovesTheViewersDays() throws {
        let berlin = try #require(Zone.named("Europe/Berlin")), tokyo = try #require(Zone.named("Asia/Tokyo"))
        let options = SettleOptions(from: LocalDate(year: 2026, month: 12, day: 6)!, to: LocalDate(year: 2026, month: 12, day: 6)!,
                                    zone: berlin, travel: [(at: try Self.date("2026-12-06T07:50:00Z"), zone: tokyo)])
        let day = try #require(BusyLife.settle([Event](), options).days.first)
        #expect(day.zones == [berlin, tokyo])
        let hours = day.intervals.reduce(0.0) { $0 + $1.upperBound.date.timeIntervalSince($1.lowerBound.date) } / 3600
        #expect(hours == 16)
    }

    /// What an app chooses: calendars, a search, whose declines to ignore,
    /// and whether all-day events are busy.
    @Test func theOptionsAnAppChooses() throws {
        let calendar = """
            BEGIN:VCALENDAR
            X-WR-CALNAME:Work
            BEGIN:VEVENT
            UID:review
            SUMMARY:Design review
            DTSTART:20261102T090000Z
            DTEND:20261102T100000Z
            ATTENDEE;PARTSTAT=DECLINED:mailto:ana@example.com
            END:VEVENT
            BEGIN:VEVENT
            UID:offsite
            SUMMARY:Offsite
            DTSTART;VALUE=DATE:20261102
            END:VEVENT
            END:VCALENDAR
            """
        let source = CalendarSource.data(Data(calendar.utf8), name: "work.ics")
        let day = LocalDate(year: 2026, month: 11, day: 2)!
        func busyHours(_ options: SettleOptions) -> Int64 {
            BusyLife.settle([source], options).settlement.days.reduce(0) { $0 + $1.busyMilliseconds } / 3_600_000
        }
        func titles(_ options: SettleOptions) -> [String] {
            BusyLife.settle([source], options).settlement.occurrences.map(\.occurrence.event.title)
        }
        #expect(busyHours(SettleOptions(from: day, to: day, zone: .utc)) == 1)
        #expect(busyHours(SettleOptions(from: day, to: day, zone: .utc, me: "ANA@example.com")) == 0)
        #expect(busyHours(SettleOptions(from: day, to: day, zone: .utc, allDayBusy: true)) == 24)
        #expect(titles(SettleOptions(from: day, to: day, zone: .utc, search: "REVIEW")) == ["Design review"])
        #expect(titles(SettleOptions(from: day, to: day, zone: .utc, calendars: ["work"])).count == 2)
        #expect(titles(SettleOptions(from: day, to: day, zone: .utc, calendars: ["home"])).isEmpty)
    }
}
