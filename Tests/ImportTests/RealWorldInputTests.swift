import EventModel
import Import
import TestSupport
import Testing

/// Reading real-world input (docs/semantics.md, "Reading real-world input"):
/// valid input draws nothing, harmless input a note, each repair a warning.
@Suite struct RealWorldInputTests {
    /// "severity kind" of each diagnostic, in order.
    func classes(_ result: Imported) -> [String] {
        result.diagnostics.map { "\($0.severity.rawValue) \($0.kind.rawValue)" }
    }

    @Test func aGoogleStyleExportDrawsNothing() throws {
        let result = importText([("family.ics", ics([
            "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:Family", "X-WR-TIMEZONE:Europe/Berlin",
        ] + vevent("g1", [
            "DTSTART:20261124T090000Z", "DTEND:20261124T100000Z", "DTSTAMP:20261120T120000Z",
            "DESCRIPTION:", "LOCATION:", "SUMMARY:Dentist", "SEQUENCE:0", "STATUS:CONFIRMED", "TRANSP:OPAQUE",
            "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC", "SUBCALENDAR-NAME:Kids", "DRESSCODE:casual",
            "LINK;LINKREL=SOURCE;LABEL=Venue;VALUE=URI:https://example.com/venue",
            "RELATED-TO;VALUE=UID:g0@google.com", "LOCATION;VALUE=URI:geo:52.5,13.4",
            "CONFERENCE;VALUE=URI;FEATURE=VIDEO:https://meet.example.com/abc",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:This is an event reminder",
            "TRIGGER:-P0DT0H30M0S", "PROXIMITY:ARRIVE", "END:VALARM",
        ])))])
        #expect(result.diagnostics.isEmpty)
        let event = try #require(result.event("g1"))
        #expect(event.description == nil)
        #expect(event.calendar == "Family")
        #expect(result.report.diagnosticCount == 0)
    }

    @Test func malformedPropertiesBusylifeNeverReadsAreNotes() {
        let result = importText([("notes.ics", ics(vevent("n", [
            "DTSTART:20261124T090000Z", "DTSTAMP:2026112", "GEO:abc", "CLASS:PUBLIC",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:soon", "END:VALARM",
        ])))])
        #expect(classes(result) == ["note unused-property", "note unused-property", "note unused-property"])
        #expect(result.diagnostics.map(\.source.line) == [6, 7, 11])
        #expect(result.events.count == 1)
        #expect(result.report.diagnosticCount == 0 && result.report.notes == 3)
    }

    @Test func aVEVENTWithoutDTSTARTUnderAMethodIsNothingToPlace() {
        let method = importText([("reply.ics", ics(["METHOD:CANCEL"] + vevent("c", ["SUMMARY:Gone", "SEQUENCE:2"])))])
        #expect(classes(method) == ["note nothing-to-place"])
        let plain = importText([("plain.ics", ics(vevent("c", ["SUMMARY:Gone"])))])
        #expect(classes(plain) == ["error missing-property"])
    }

    @Test func countAndUntilBothBoundTheSeries() throws {
        let result = importText([("rule.ics", ics(vevent("r", [
            "DTSTART;VALUE=DATE:20240101", "RRULE:FREQ=WEEKLY;UNTIL=20240331;COUNT=10;INTERVAL=4;BYDAY=MO",
        ])))])
        #expect(classes(result) == ["warning repaired-rule"])
        let rule = try #require(result.event("r")?.recurrence.rules.first)
        #expect(rule.count == 10)
        #expect(rule.until == .date(LocalDate(year: 2024, month: 3, day: 31)!))
        #expect(rule.interval == 4)
    }

    @Test func badPartsOfARuleAreDroppedNotTheRule() throws {
        let result = importText([("rule.ics", ics(vevent("r", [
            "DTSTART;VALUE=DATE:20240101", "RRULE:FREQ=WEEKLY;UNTIL=20240331;COUNT=-1;INTERVAL=4;BYDAY=MO",
        ]) + vevent("z", [
            "DTSTART;VALUE=DATE:20240101", "RRULE:FREQ=MONTHLY;BYMONTHDAY=0,15;COUNT=3;COUNT=5;BYSETPOS=0",
        ])))])
        #expect(classes(result) == Array(repeating: "warning repaired-rule", count: 4))
        let first = try #require(result.event("r")?.recurrence.rules.first)
        #expect(first.count == nil && first.until != nil && first.interval == 4)
        let second = try #require(result.event("z")?.recurrence.rules.first)
        #expect(second.byMonthDay == [15] && second.count == 3 && second.bySetPos.isEmpty)
    }

    @Test func aSingleEventsEndBeforeItsStartIsTakenTheOtherWayRound() throws {
        let result = importText([("swap.ics", ics(vevent("s", [
            "DTSTART:20261124T100000Z", "DTEND:20261124T090000Z",
        ])))])
        #expect(classes(result) == ["warning end-before-start"])
        let event = try #require(result.event("s"))
        #expect(event.start.iso8601 == "2026-11-24T09:00:00Z")
        #expect(event.end.iso8601 == "2026-11-24T10:00:00Z")
    }

    @Test func anOverridesEndBeforeItsStartKeepsTheMastersLength() throws {
        let result = importText([("o.ics", ics(vevent("o", [
            "DTSTART:20261124T100000Z", "DURATION:PT90M", "RRULE:FREQ=DAILY;COUNT=3",
        ]) + vevent("o", [
            "RECURRENCE-ID:20261125T100000Z", "DTSTART:20261125T120000Z", "DTEND:20261125T110000Z",
        ])))])
        #expect(classes(result) == ["warning end-before-start"])
        #expect(result.events.last?.endFromMaster == true)
    }

    @Test func aDateStartWithADateTimeEndIsAllDayOnEveryDay() throws {
        let result = importText([("mixed.ics", ics(vevent("m", [
            "DTSTART;VALUE=DATE:20230724", "DTEND:20230817T000000Z", "SUMMARY:Summer school",
        ]) + vevent("f", [
            "DTSTART:20230724T090000", "DTEND;VALUE=DATE:20230726",
        ])))])
        #expect(classes(result) == ["warning mixed-value-types", "warning mixed-value-types"])
        #expect(result.event("m")?.end == .date(LocalDate(year: 2023, month: 8, day: 17)!))
        #expect(result.event("f")?.end.iso8601 == "2023-07-26T00:00:00")
    }

    @Test func weeksAfterTheTimeDesignatorAreWeeks() throws {
        let result = importText([("w.ics", ics(vevent("w", ["DTSTART;VALUE=DATE:20260105", "DURATION:PT1W"])))])
        #expect(classes(result) == ["warning repaired-value"])
        #expect(result.event("w")?.end == .date(LocalDate(year: 2026, month: 1, day: 12)!))
    }

    @Test func aDateWrittenWithZIsADate() throws {
        let result = importText([("birthdays.ics", ics(vevent("b", [
            "DTSTART;VALUE=DATE:20131210", "RRULE:FREQ=YEARLY", "RDATE:20131210Z", "EXDATE:20141210Z",
        ])))])
        #expect(classes(result) == ["warning repaired-value", "warning repaired-value"])
        let event = try #require(result.event("b"))
        #expect(event.recurrence.exceptionDates == [.date(LocalDate(year: 2014, month: 12, day: 10)!)])
    }

    @Test func gmtDisplayNamesResolveAsTheirUTCFormAndUnlistedOffsetsAreFixedZones() throws {
        let result = importText([("outlook.ics", ics(vevent("g", [
            "DTSTART;TZID=\"(GMT+10:00) Canberra, Melbourne, Sydney\":20260115T090000",
        ]) + vevent("k", [
            "DTSTART;TZID=\"(UTC+05:45) Somewhere, Nowhere\":20260115T090000",
        ])))])
        #expect(classes(result) == ["warning repaired-value", "warning repaired-value"])
        #expect(result.event("g")?.start.iso8601 == "2026-01-15T09:00:00+11:00")  // summer in Sydney
        #expect(result.event("k")?.start.iso8601 == "2026-01-15T09:00:00+05:45")
        #expect(result.report.zones.map(\.rule) == [.windows, .offset])
    }

    @Test func eachCalendarOfAStreamStartsWithoutTheLastOnesZone() throws {
        let text = ics(["X-WR-TIMEZONE:Asia/Tokyo"] + vevent("a", ["DTSTART:20260115T090000"]))
            + ics(vevent("b", ["DTSTART:20260115T090000"]))
        let result = importText([("two.ics", text)])
        #expect(result.event("a")?.start.iso8601 == "2026-01-15T09:00:00+09:00")
        #expect(result.event("b")?.start.iso8601 == "2026-01-15T09:00:00")
    }
}
