import EventModel
import Import
@testable import Settle
import TestSupport
import Testing

/// Inputs an independent review found that slipped past the first work
/// budget: each now bounded, with a diagnostic where something is cut.
@Suite struct HostileInputTests {
    @Test func aCountRuleFromLongAgoStopsCountingWithAWarning() throws {
        let result = try settle(vevent("c", [
            "DTSTART:19700101T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY;BYSECOND=0,1;COUNT=2000000000",
        ]), from: "2026-03-01", to: "2026-03-01")
        #expect(result.occurrences.isEmpty)
        #expect(result.diagnostics.map(\.kind) == [.workBudget])
        #expect(result.diagnostics.first?.message.contains("toward COUNT") == true)
    }

    @Test func aCountRuleThatEndsBeforeTheWindowCostsNoWarning() throws {
        let result = try settle(vevent("c", [
            "DTSTART:20260101T000000Z", "DURATION:PT1S", "RRULE:FREQ=MINUTELY;BYSECOND=0,30;COUNT=1000",
        ]), from: "2026-03-01", to: "2026-03-01")
        #expect(result.occurrences.isEmpty && result.diagnostics.isEmpty)
    }

    /// EXRULE filters the rule's starts; a frequent one costs nothing extra
    /// and takes no instances from other events.
    @Test func anExruleIsAFilter() throws {
        var lines: [String] = []
        for index in 0..<50 {
            lines += vevent("y\(index)", ["DTSTART:20260601T090000Z", "DURATION:PT1H", "RRULE:FREQ=YEARLY",
                                          "EXRULE:FREQ=SECONDLY"])
        }
        lines += vevent("d", ["DTSTART:20260601T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=5",
                              "EXRULE:FREQ=DAILY;INTERVAL=2"])
        let result = try settle(lines, from: "2026-01-01", to: "2026-12-31")
        #expect(result.diagnostics.isEmpty)
        #expect(result.occurrences.map { "\($0.event.uid) \($0.startUTC)" } == [
            "d 2026-06-02T09:00:00Z", "d 2026-06-04T09:00:00Z",
        ])
    }

    @Test func anOverrideDeletedByAnExdateIsAWarningUnlessCancelled() throws {
        let lines = vevent("s", ["DTSTART:20261102T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=3",
                                 "EXDATE:20261103T090000Z,20261104T090000Z"])
            + vevent("s", ["RECURRENCE-ID:20261103T090000Z", "DTSTART:20261103T100000Z", "DURATION:PT1H", "SUMMARY:Moved"])
            + vevent("s", ["RECURRENCE-ID:20261104T090000Z", "DTSTART:20261104T090000Z", "DURATION:PT1H",
                           "STATUS:CANCELLED"])
        let result = try settle(lines, from: "2026-11-01", to: "2026-11-10")
        #expect(result.occurrences.count == 1)
        #expect(result.diagnostics.map(\.severity) == [.warning, .note])
    }
}

@Suite struct HostileZoneTests {
    /// An observance that changes the offset every minute through BYHOUR
    /// and BYMINUTE is refused like FREQ=MINUTELY; the zone keeps the rest.
    @Test func anObservanceOfManyChangesADayIsRefused() {
        let result = importText([("z.ics", ics([
            "BEGIN:VTIMEZONE", "TZID:Busy", "BEGIN:STANDARD", "DTSTART:19700101T000000",
            "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:19700101T000000",
            "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
            "RRULE:FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11;BYMINUTE=0,15,30,45", "END:DAYLIGHT", "END:VTIMEZONE",
        ] + vevent("e", ["DTSTART;TZID=Busy:20260601T090000"])))])
        #expect(result.diagnostics.map(\.kind) == [.workBudget])
        #expect(result.event("e")?.start.iso8601 == "2026-06-01T09:00:00+02:00")
    }

    @Test func fixedZonesAreSharedByNameAndOffset() {
        let a = Zone(id: "(UTC+05:45) Kathmandu", fixedOffset: 20_700)
        let b = Zone(id: "(UTC+05:45) Kathmandu", fixedOffset: 20_700)
        #expect(a == b)
        #expect(a != Zone(id: "(UTC+05:45) Kathmandu", fixedOffset: 20_760))
    }
}
