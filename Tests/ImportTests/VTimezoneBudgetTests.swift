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

    /// Zones that files define are never released, so a process keeps at
    /// most so many (`Zone.fileDefinitionLimit`); past that, a new
    /// definition is not made and the TZID resolves as if the file had not
    /// defined it: a Windows name through its mapping, any other as
    /// floating, each with a warning. A definition already made is reused.
    @Test func zonesThatFilesDefineAreBoundedPerProcess() throws {
        func calendar(_ tzid: String, offset: String) -> String {
            ics(["BEGIN:VTIMEZONE", "TZID:\(tzid)",
                 "BEGIN:STANDARD", "DTSTART:16010101T000000", "TZOFFSETFROM:\(offset)", "TZOFFSETTO:\(offset)", "END:STANDARD",
                 "END:VTIMEZONE"]
                + vevent("zoned", ["SUMMARY:Zoned", "DTSTART;TZID=\(tzid):20260601T090000", "DURATION:PT1H"]))
        }
        var full = ImportOptions()
        full.zoneDefinitionLimit = 0
        // A name of its own: floating, with a warning.
        let own = importText([("own.ics", calendar("Bounded Test Zone \(UInt64.random(in: 0...UInt64.max))", offset: "+0345"))],
                             options: full)
        let event = try #require(own.event("zoned"))
        #expect(event.start.instant == nil)
        let refused = own.diagnostics.filter { $0.message.contains("zones that files define") }
        #expect(refused.map(\.kind) == [.unresolvedZone])
        #expect(refused.first?.source.line == 3)  // BEGIN:VTIMEZONE
        // A Windows name: its mapping (Europe/Berlin, +02:00 in June), not the file's +03:45.
        let windows = importText([("windows.ics", calendar("W. Europe Standard Time", offset: "+0345"))], options: full)
        #expect(windows.event("zoned")?.start.instant == Instant(seconds: 1_780_297_200))
        #expect(windows.report.zones.map(\.rule) == [.windows])
        // Under the limit, the file's own definition.
        let defined = importText([("windows.ics", calendar("W. Europe Standard Time", offset: "+0345"))])
        #expect(defined.event("zoned")?.start.instant == Instant(seconds: 1_780_297_200 + 7200 - 13_500))
        #expect(defined.report.zones.map(\.rule) == [.vtimezone])
        // Now known, the same definition is reused past the limit too.
        let again = importText([("windows.ics", calendar("W. Europe Standard Time", offset: "+0345"))], options: full)
        #expect(again.report.zones.map(\.rule) == [.vtimezone])
        #expect(again.diagnostics.isEmpty)
    }
}
