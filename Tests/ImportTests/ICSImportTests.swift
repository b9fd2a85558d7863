import EventModel
import Import
import TestSupport
import Testing

@Suite struct ICSImportTests {
    /// Values and parameters come from our own line, as written: blanks
    /// around a value trimmed, TEXT unescaped, quoted parameters keep their
    /// colons, EXDATE lists stay one property; a malformed date-time that
    /// libical would guess at (13000Z) is reported, not guessed.
    @Test func valuesAreReadAsWritten() throws {
        let result = importText([("raw.ics", ics(vevent("raw", [
            "DTSTART;TZID=\"America/New_York\":20260701T100000", "DURATION:PT1H",
            "SUMMARY: Plan\\, then act\\; done\\nnext ",
            "ATTENDEE;CN=\"Doe: Jane\";PARTSTAT=DECLINED :mailto:jane@example.com",
            "EXDATE;TZID=America/New_York:20260702T100000,20260703T100000",
            "RRULE:FREQ=DAILY;COUNT=5 ",
        ]) + vevent("bad", ["DTSTART:19970701T13000Z", "SUMMARY:Guessed"])))])
        let event = try #require(result.event("raw"))
        #expect(event.title == "Plan, then act; done\nnext")
        #expect(event.attendees.first?.name == "Doe: Jane")
        #expect(event.attendees.first?.partstat == "DECLINED")
        #expect(event.recurrence.exceptionDates.count == 2)
        #expect(event.recurrence.rules.first?.count == 5)
        #expect(result.event("bad") == nil)
        #expect(result.diagnostics.contains { $0.message.contains("19970701T13000Z") })
    }

    /// RFC 6868: `^^`, `^'` and `^n` in a parameter's value are `^`, `"`
    /// and a line break; a `^` before anything else stands for itself; a
    /// quoted value keeps the blanks at its ends.
    @Test func parameterValuesAreDecodedAsRFC6868Says() throws {
        let result = importText([("names.ics", ics(vevent("a", [
            "DTSTART:20261102T093000Z",
            "ATTENDEE;CN=\"Mia ^'M^' ^^n; x^ny^x \":mailto:mia@example.com",
        ])))])
        let event = try #require(result.event("a"))
        #expect(event.attendees.first?.name == "Mia \"M\" ^n; x\ny^x ")
    }

    @Test func readsEveryFieldOfTheModel() throws {
        let result = importText([("work.ics", ics(vevent("a", [
            "DTSTART;TZID=America/New_York:20261102T093000", "DURATION:PT45M",
            "SUMMARY:Stand-up", "DESCRIPTION:Daily\\nsync", "LOCATION:Room 4", "STATUS:TENTATIVE",
            "TRANSP:TRANSPARENT", "SEQUENCE:3", "CATEGORIES:work,meeting", "CATEGORIES:team",
            "ATTENDEE;CN=Sam;PARTSTAT=DECLINED;ROLE=OPT-PARTICIPANT:mailto:sam@example.com",
            "ATTENDEE:MAILTO:Kim@example.com", "ATTENDEE: mailto:", "ATTENDEE:mailto;x@example.com",
            "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T235959Z",
            "RDATE;VALUE=PERIOD:20261205T150000Z/PT1H",
            "EXDATE;VALUE=DATE:20261104",
        ])))])
        #expect(result.diagnostics.isEmpty)
        let event = try #require(result.event("a"))
        #expect(event.title == "Stand-up")
        #expect(event.description == "Daily\nsync")
        #expect(event.location?.name == "Room 4")
        #expect(event.status == .tentative)
        #expect(event.transparency == .transparent)
        #expect(event.sequence == 3)
        #expect(event.categories == ["work", "meeting", "team"])
        #expect(event.attendees == [Attendee(name: "Sam", email: "sam@example.com", partstat: "DECLINED", role: "OPT-PARTICIPANT"),
                                    Attendee(name: nil, email: "Kim@example.com", partstat: nil, role: nil),
                                    Attendee(name: nil, email: nil, partstat: nil, role: nil),
                                    Attendee(name: nil, email: "mailto;x@example.com", partstat: nil, role: nil)])
        #expect(event.calendar == "work")
        #expect(event.start.iso8601 == "2026-11-02T09:30:00-05:00")
        #expect(event.start.instant?.description == "2026-11-02T14:30:00Z")
        #expect(event.end.instant?.description == "2026-11-02T15:15:00Z")
        #expect(event.duration?.description == "PT45M")
        let rule = try #require(event.recurrence.rules.first)
        #expect(rule.frequency == .weekly)
        #expect(rule.byDay.map(\.description) == ["MO", "WE"])
        #expect(rule.until == .instant(Instant(seconds: 1_798_761_599), zone: nil))
        #expect(event.recurrence.dates.count == 1)
        if case .period(let start, let end) = event.recurrence.dates[0] {
            #expect(start.instant?.description == "2026-12-05T15:00:00Z")
            #expect(end.instant?.description == "2026-12-05T16:00:00Z")
        } else {
            Issue.record("RDATE period expected")
        }
        #expect(event.recurrence.exceptionDates == [.date(LocalDate(year: 2026, month: 11, day: 4)!)])
        #expect(result.report.recurringSeries == 1)
    }

    @Test func threeTimeKindsAndDefaultEnds() throws {
        let result = importText([("k.ics", ics(
            vevent("date", ["DTSTART;VALUE=DATE:20261126"])
            + vevent("floating", ["DTSTART:20261126T090000"])
            + vevent("utc", ["DTSTART:20261126T090000Z", "DTEND:20261126T100000Z"])
            + vevent("days", ["DTSTART;VALUE=DATE:20261207", "DTEND;VALUE=DATE:20261210"])
        ))])
        #expect(result.event("date")?.start == .date(LocalDate(year: 2026, month: 11, day: 26)!))
        #expect(result.event("date")?.end == .date(LocalDate(year: 2026, month: 11, day: 27)!))
        #expect(result.event("floating")?.start.kind == "floating")
        #expect(result.event("floating")?.end == result.event("floating")?.start)
        #expect(result.event("utc")?.end.instant?.description == "2026-11-26T10:00:00Z")
        #expect(result.event("days")?.end.iso8601 == "2026-12-10")
    }

    @Test func nominalDurationKeepsWallClockAcrossDST() throws {
        // 2026-11-01 is the fall-back Sunday in New York: P1D is 25 hours.
        let result = importText([("d.ics", ics(vevent("d", ["DTSTART;TZID=America/New_York:20261031T120000", "DURATION:P1D"])))])
        let event = try #require(result.event("d"))
        #expect(event.end.iso8601 == "2026-11-01T12:00:00-05:00")
    }

    @Test func overridesKeepRecurrenceIDAndRange() throws {
        let result = importText([("o.ics", ics(
            vevent("s", ["DTSTART;TZID=Europe/Berlin:20260105T100000", "RRULE:FREQ=DAILY"])
            + vevent("s", ["RECURRENCE-ID;TZID=Europe/Berlin;RANGE=THISANDFUTURE:20260110T100000",
                           "DTSTART;TZID=Europe/Berlin:20260110T110000", "SEQUENCE:2"])
        ))])
        let override = try #require(result.events.last)
        #expect(override.recurrenceID == RecurrenceID(time: .instant(Instant(seconds: 1_768_035_600), zone: Zone(tzdb: "Europe/Berlin")), thisAndFuture: true))
        #expect(result.report.overrides == 1)
        #expect(result.report.recurringSeries == 1)
    }

    @Test func dstGapAndOverlapFollowRFC5545() throws {
        let result = importText([("g.ics", ics(
            vevent("gap", ["DTSTART;TZID=America/New_York:20260308T023000"])
            + vevent("overlap", ["DTSTART;TZID=America/New_York:20261101T013000"])
        ))])
        #expect(result.event("gap")?.start.instant?.description == "2026-03-08T07:30:00Z")
        #expect(result.event("overlap")?.start.instant?.description == "2026-11-01T05:30:00Z")
    }

    @Test func uidIsDerivedStablyWhenMissing() throws {
        let text = ics(["BEGIN:VEVENT", "DTSTART:20260101T090000Z", "SUMMARY:No uid", "END:VEVENT"])
        let first = importText([("a.ics", text)])
        let second = importText([("a.ics", text)])
        #expect(first.events.first?.uid.hasPrefix("busylife-") == true)
        #expect(first.events.first?.uid == second.events.first?.uid)
    }

    @Test func calendarNameComesFromXWRCalnameElseTheStem() {
        let named = importText([("file.ics", ics(["X-WR-CALNAME:Family"] + vevent("a", ["DTSTART:20260101T090000Z"])))])
        #expect(named.events.first?.calendar == "Family")
        let unnamed = importText([("file.ics", ics(vevent("a", ["DTSTART:20260101T090000Z"])))])
        #expect(unnamed.events.first?.calendar == "file")
    }
}

/// A command that shows one window reads single events far from it
/// without their text; everything else, and every diagnostic, is the same.
@Suite struct TextWindowTests {
    @Test func singlesOutsideTheWindowComeWithoutText() throws {
        let text = ["DESCRIPTION:notes", "LOCATION:Room 1", "CATEGORIES:work", "ATTENDEE:mailto:a@example.com"]
        let file = ics(
            vevent("inside", ["DTSTART:20261110T090000Z", "DTEND:20261110T100000Z", "SUMMARY:In"] + text)
            + vevent("outside", ["DTSTART:20200110T090000Z", "SUMMARY:Out", "SEQUENCE:x"] + text)
            + vevent("series", ["DTSTART:20200110T090000Z", "RRULE:FREQ=WEEKLY"] + text)
            + vevent("series", ["DTSTART:20200117T100000Z", "RECURRENCE-ID:20200117T090000Z"] + text))
        // November 2026, as a settler widens it.
        let window = CoarseWindow(lower: 1_793_491_200 - 3 * 86_400, upper: 1_796_083_200 + 4 * 86_400)
        let windowed = importText([("cal.ics", file)], options: ImportOptions(textWindow: window))
        let whole = importText([("cal.ics", file)])
        #expect(windowed.events.count == 4)
        #expect(windowed.diagnostics.map { "\($0.source.line) \($0.message)" } == whole.diagnostics.map { "\($0.source.line) \($0.message)" })
        #expect(windowed.diagnostics.count == 1)  // the unreadable SEQUENCE, either way
        for event in windowed.events where event.uid != "outside" {
            #expect(event.description == "notes")
            #expect(event.location?.name == "Room 1")
            #expect(event.categories == ["work"])
            #expect(event.attendees.count == 1)
        }
        let outside = try #require(windowed.event("outside"))
        #expect(outside.title == "Out")
        #expect(outside.description == nil && outside.location == nil)
        #expect(outside.categories.isEmpty && outside.attendees.isEmpty)
        #expect(whole.event("outside")?.description == "notes")
    }
}

@Suite struct ZoneResolutionTests {
    @Test func step1StripsVendorPrefixesAndQuotes() {
        let result = importText([("z.ics", ics(
            vevent("a", ["DTSTART;TZID=/freeassociation.sourceforge.net/Tzfile/Europe/Berlin:20260701T100000"])
            + vevent("b", ["DTSTART;TZID=/mozilla.org/20050126_1/America/New_York:20260701T100000"])
            + vevent("c", ["DTSTART;TZID=/softwarestudio.org/Olson_20011030_5/Pacific/Auckland:20260701T100000"])
            + vevent("d", ["DTSTART;TZID=\"/citadel.org/20190914_1/Asia/Tokyo\":20260701T100000"])
        ))])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events.map { $0.start.zone?.id } == ["Europe/Berlin", "America/New_York", "Pacific/Auckland", "Asia/Tokyo"])
        #expect(result.report.zones.allSatisfy { $0.rule == .tzdb })
    }

    @Test func step2UsesTheTZDatabaseEvenOverAnEmbeddedVTIMEZONE() {
        // A wrong embedded snapshot of US/Eastern: the tz database wins.
        let result = importText([("z.ics", ics([
            "BEGIN:VTIMEZONE", "TZID:US/Eastern", "BEGIN:STANDARD", "DTSTART:19700101T000000",
            "TZOFFSETFROM:+0000", "TZOFFSETTO:+0000", "END:STANDARD", "END:VTIMEZONE",
        ] + vevent("a", ["DTSTART;TZID=US/Eastern:20260701T100000"])))])
        #expect(result.events.first?.start.instant?.description == "2026-07-01T14:00:00Z")
        #expect(result.report.zones.first?.rule == .tzdb)
    }

    @Test func step3ReadsAVTIMEZONEEvenAfterTheEvents() {
        let result = importText([("z.ics", ics(vevent("a", ["DTSTART;TZID=Customized Time Zone:20260701T100000"]) + [
            "BEGIN:VTIMEZONE", "TZID:Customized Time Zone",
            "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0430", "TZOFFSETTO:+0330",
            "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0330", "TZOFFSETTO:+0430",
            "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT", "END:VTIMEZONE",
        ]))])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events.first?.start.instant?.description == "2026-07-01T05:30:00Z")
        #expect(result.report.zones.first?.rule == .vtimezone)
    }

    @Test func step4MapsWindowsNamesThroughCLDR() {
        let result = importText([("z.ics", ics(
            vevent("a", ["DTSTART;TZID=W. Europe Standard Time:20260701T100000"])
            + vevent("b", ["DTSTART;TZID=(UTC-05:00) Eastern Time (US & Canada):20260701T100000"])
        ))])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events.map { $0.start.zone?.id } == ["Europe/Berlin", "America/New_York"])
        #expect(result.report.zones.map(\.rule) == [.windows, .windows])
    }

    @Test func step5LeavesAnUnknownZoneFloatingWithADiagnostic() throws {
        let result = importText([("z.ics", ics(vevent("a", ["DTSTART;TZID=Mars/Olympus_Mons:20260701T100000"])))])
        #expect(result.events.first?.start == .floating(LocalDateTime(date: LocalDate(year: 2026, month: 7, day: 1)!, hour: 10, minute: 0, second: 0)!))
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.kind == .unresolvedZone)
        #expect(diagnostic.source.line == 5)
        #expect(diagnostic.message.contains("Mars/Olympus_Mons"))
        #expect(result.report.zones.first?.rule == .unresolved)
    }

    @Test func xWRTimezoneReadsFloatingTimesAndRepeatsUTCSeries() throws {
        let text = ics(["X-WR-TIMEZONE:Europe/Berlin"]
            + vevent("float", ["DTSTART:20260701T100000"])
            + vevent("series", ["DTSTART:20260701T080000Z", "RRULE:FREQ=DAILY"])
            + vevent("single", ["DTSTART:20260701T080000Z"]))
        let google = importText([("g.ics", text)])
        #expect(google.event("float")?.start.instant?.description == "2026-07-01T08:00:00Z")
        #expect(google.event("series")?.start.zone?.id == "Europe/Berlin")
        #expect(google.event("single")?.start.zone == nil)
        let strict = importText([("g.ics", text)], options: ImportOptions(useCalendarZone: false))
        #expect(strict.event("float")?.start.kind == "floating")
        #expect(strict.event("series")?.start.zone == nil)
    }
}

@Suite struct BadInputTests {
    @Test func impossibleDatesAreDiagnosedAndTheRestConverts() {
        let result = importText([("bad.ics", ics(
            vevent("feb30", ["DTSTART:20260230T090000Z"])
            + vevent("hour25", ["DTSTART:20260301T250000Z"])
            + vevent("fine", ["DTSTART:20260301T090000Z"])
        ))])
        #expect(result.events.map(\.uid) == ["fine"])
        #expect(result.diagnostics.map(\.kind) == [.invalidDate, .invalidDate])
        #expect(result.diagnostics.map(\.source.line) == [5, 9])
        #expect(result.diagnostics[0].message.contains("no such date 2026-02-30"))
        #expect(result.diagnostics[1].message.contains("no such time 25:00:00"))
    }

    /// Each line of it was once an error of its own, and the file counted as iCalendar.
    @Test func binaryGarbageIsOneDiagnosticNotACrash() {
        var garbage = ""
        for i in 0..<2000 { garbage.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: i &* 37 &+ 11))) }
        let result = importText([("garbage.ics", garbage)])
        #expect(result.events.isEmpty)
        #expect(result.diagnostics.map(\.kind) == [.unknownFormat])
        #expect(result.diagnostics.first?.message.hasPrefix("not a calendar: binary data") == true)
        #expect(result.report.icsFiles == 0)
        #expect(result.report.notCalendars == 1)
    }

    /// Only content that does not start like a calendar is judged whole: a
    /// binary line inside one is skipped alone.
    @Test func aBinaryLineInACalendarSkipsOnlyThatLine() {
        let result = importText([("one.ics", ics(vevent("a", ["DTSTART:20260101T000000Z", "X-JUNK:\u{0}\u{1}"])))])
        #expect(result.events.map(\.uid) == ["a"])
        #expect(result.diagnostics.map(\.kind) == [.binaryData])
        #expect(result.report.icsFiles == 1)
    }

    @Test func missingDTSTARTSkipsOnlyThatEvent() {
        let result = importText([("m.ics", ics(vevent("none", ["SUMMARY:x"]) + vevent("ok", ["DTSTART:20260101T000000Z"])))])
        #expect(result.events.map(\.uid) == ["ok"])
        #expect(result.diagnostics.map(\.kind) == [.missingProperty])
    }

    @Test func unreadableRuleIsDiagnosedAndTheEventKept() {
        let result = importText([("r.ics", ics(vevent("r", ["DTSTART:20260101T000000Z", "RRULE:FREQ=DAILY;BYDAY=XX"])))])
        #expect(result.events.count == 1)
        #expect(!result.diagnostics.isEmpty)
    }

    @Test func missingInputIsCountedUnreadable() {
        let result = importPaths(["/nonexistent/busylife.ics"])
        #expect(result.report.unreadable == 1)
        #expect(result.diagnostics.first?.kind == .unreadable)
    }

    @Test func formatIsDetectedFromContent() {
        let result = importText([
            ("calendar.txt", ics(vevent("a", ["DTSTART:20260101T000000Z"]))),
            ("export.dat", "  [{\"startDate\": 0, \"range\": 60}]"),
        ])
        #expect(result.report.icsFiles == 1)
        #expect(result.report.jsonFiles == 1)
        #expect(result.events.count == 2)
    }
}

@Suite struct PendingZoneTests {
    /// Events using a TZID read before its VTIMEZONE wait for the end of
    /// the file; those after it are read at once. Both use the file's
    /// definition (a fixed +03:00 here, not the Windows mapping's Berlin),
    /// and the resolver's memo of unsettled TZIDs does not outlive the
    /// VTIMEZONE that settles them.
    @Test func aVTIMEZONEBetweenItsEventsServesThoseBeforeAndAfter() {
        let zone = ["BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time", "BEGIN:STANDARD", "DTSTART:16010101T000000",
                    "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "END:STANDARD", "END:VTIMEZONE"]
        let before = (0..<3).flatMap { vevent("b\($0)", ["DTSTART;TZID=W. Europe Standard Time:20260701T100000"]) }
        let after = (0..<3).flatMap { vevent("a\($0)", ["DTSTART;TZID=W. Europe Standard Time:20260701T100000"]) }
        let result = importText([("between.ics", ics(before + zone + after))])
        #expect(result.events.count == 6)
        #expect(Set(result.events.map { $0.start.instant }) == [Instant(seconds: 1_782_889_200)])  // 07:00Z
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aLateVTIMEZONEAfterTooManyEventsIsReportedNotSilentlyIgnored() {
        let events = (0...1001).flatMap { vevent("e\($0)", ["DTSTART;TZID=W. Europe Standard Time:20260701T100000"]) }
        let late = ["BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time", "BEGIN:STANDARD", "DTSTART:16010101T000000",
                    "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE"]
        let result = importText([("late.ics", ics(events + late))])
        #expect(result.events.count == 1002)
        #expect(result.events.first?.start.zone?.id == "Europe/Berlin")
        #expect(result.diagnostics.map(\.kind) == [.unresolvedZone])
        #expect(result.diagnostics.first?.message.contains("comes after more than 1000 events") == true)
    }
}
