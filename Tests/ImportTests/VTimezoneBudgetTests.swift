import EventModel
import Import
import TestSupport
import Testing

/// Issue 11, cause 2: a VTIMEZONE observance that repeats every second,
/// minute or hour hung even `check`. Its rule is refused with a warning;
/// the zone resolves from what is left.
@Suite struct VTimezoneBudgetTests {
    @Test(arguments: ["SECONDLY", "MINUTELY", "HOURLY"])
    func subDailyObservanceRulesAreRefused(_ frequency: String) throws {
        let text = ics(["BEGIN:VTIMEZONE", "TZID:Hostile",
                        "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
                        "RRULE:FREQ=\(frequency)", "END:STANDARD",
                        "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
                        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
                        "END:VTIMEZONE"]
                       + vevent("zoned", ["SUMMARY:Zoned", "DTSTART;TZID=Hostile:20260601T090000", "DTEND;TZID=Hostile:20260601T100000"]))
        let result = importText([("zone.ics", text)])
        let refused = result.diagnostics.filter { $0.kind == .workBudget }
        #expect(refused.count == 1)
        #expect(refused.first?.severity == .warning)
        #expect(refused.first?.message.contains("FREQ=\(frequency)") == true)
        #expect(refused.first?.source.line == 5)  // BEGIN:STANDARD
        // The daylight rule still holds: 09:00 at +02:00 in June.
        let event = try #require(result.event("zoned"))
        #expect(event.start.instant == Instant(seconds: 1_780_297_200))
    }
}
