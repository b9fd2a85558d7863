import EventModel
import Import
import TestSupport
import Testing

/// VFREEBUSY read as busy periods (Sources/Import/FreeBusyReader.swift).
@Suite struct FreeBusyImportTests {
    static func freeBusy(_ lines: [String]) -> String {
        ics(["BEGIN:VFREEBUSY", "UID:fb@example.com", "DTSTAMP:20261120T000000Z",
             "ATTENDEE;CN=Jane Doe:mailto:jane@example.com", "ORGANIZER:mailto:boss@example.com"] + lines + ["END:VFREEBUSY"])
    }

    @Test func everyBusyPeriodIsAnEvent() throws {
        let result = importText([("jane.ifb", FreeBusyImportTests.freeBusy([
            "FREEBUSY:20261123T140000Z/20261123T150000Z,20261124T140000Z/PT1H30M",
            "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20261125T140000Z/P1DT1H",
            "FREEBUSY;FBTYPE=busy-unavailable:20261127T140000Z/20261127T150000Z",
            "FREEBUSY;FBTYPE=X-OUT-OF-OFFICE:20261128T140000Z/PT1H",
            "FREEBUSY;FBTYPE=FREE:20261126T140000Z/20261126T150000Z",
        ]))])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.report.freeBusyComponents == 1 && result.report.events == 5)
        #expect(result.report.otherComponents.isEmpty)
        #expect(result.events.map(\.uid) == [
            "fb@example.com/20261123T140000Z/20261123T150000Z", "fb@example.com/20261124T140000Z/20261124T153000Z",
            "fb@example.com/20261125T140000Z/20261126T150000Z", "fb@example.com/20261127T140000Z/20261127T150000Z",
            "fb@example.com/20261128T140000Z/20261128T150000Z"])
        #expect(result.events.map(\.title) == ["Busy", "Busy", "Busy (tentative)", "Busy (unavailable)", "Busy"])
        #expect(result.events.map(\.status) == [nil, nil, .tentative, nil, nil])
        #expect(result.events.allSatisfy { $0.transparency == .opaque && $0.calendar == "jane" && !$0.isRecurring })
        #expect(result.events.allSatisfy { $0.description == "Free/busy of Jane Doe <jane@example.com>" })
        #expect(result.events[0].source.line == 8 && result.events[2].source.line == 9)
        #expect(result.events[2].start == .instant(Instant(seconds: 1_795_615_200), zone: nil))
        #expect(result.events[2].end.instant == Instant(seconds: 1_795_615_200 + 90_000))
    }

    /// Malformed periods: dropped ones are errors, repaired ones warnings,
    /// empty ones notes; the rest of the component is read.
    @Test func malformedPeriodsAreReported() throws {
        let result = importText([("jane.ifb", FreeBusyImportTests.freeBusy([
            "FREEBUSY:20261123T140000Z/20261123T130000Z",
            "FREEBUSY:20261123T160000/PT1H",
            "FREEBUSY:20261123T170000Z/20261123T170000Z",
            "FREEBUSY:20261123T180000Z",
            "FREEBUSY:20261123T190000Z/PT1X",
            "FREEBUSY:20261130T250000Z/PT1H",
            "FREEBUSY:20261123/20261124",
            "FREEBUSY:20261123T200000Z/-PT1H",
            "FREEBUSY:20261123T210000Z/20261123T220000Z",
        ]))])
        let messages = result.diagnostics.map { "\($0.source.line) \($0.severity.rawValue) \($0.kind.rawValue)" }
        #expect(messages == ["8 warning end-before-start", "9 warning repaired-value", "10 note nothing-to-place",
                             "11 error invalid-value", "12 error invalid-value", "13 error invalid-value",
                             "14 warning repaired-value", "15 warning end-before-start"])
        #expect(result.events.map(\.uid) == [
            "fb@example.com/20261123T130000Z/20261123T140000Z", "fb@example.com/20261123T160000Z/20261123T170000Z",
            "fb@example.com/20261123T000000Z/20261124T000000Z",
            "fb@example.com/20261123T190000Z/20261123T200000Z", "fb@example.com/20261123T210000Z/20261123T220000Z"])
        // One warning per period, however many of its times needed the repair.
        let twice = importText([("x.ifb", FreeBusyImportTests.freeBusy(["FREEBUSY:20261123T160000/20261123T170000"]))])
        #expect(twice.diagnostics.count == 1)
    }

    /// Without UID the uid is derived from the content, the same on every read.
    @Test func aVFREEBUSYWithoutUIDGetsAStableOne() throws {
        let text = ics(["BEGIN:VFREEBUSY", "DTSTART:20261123T000000Z", "FREEBUSY:20261123T140000Z/PT1H", "END:VFREEBUSY"])
        let first = importText([("x.ics", text)]), second = importText([("x.ics", text)])
        #expect(first.events.count == 1 && first.events.map(\.uid) == second.events.map(\.uid))
        #expect(first.events[0].uid.hasPrefix("busylife-") && first.events[0].uid.hasSuffix("/20261123T140000Z/20261123T150000Z"))
        #expect(first.events[0].description == nil)
    }

    /// Conversion keeps a VFREEBUSY as written (another component), not as events.
    @Test func conversionKeepsItAsWritten() throws {
        var items: [String] = []
        _ = Importer().read([.bytes(Array(FreeBusyImportTests.freeBusy(["FREEBUSY:20261123T140000Z/PT1H"]).utf8), name: "x.ics")],
                            stored: { item in
                                if case .other(let form, _) = item { items.append(form.name) }
                                if case .event = item { items.append("event") }
                                return true
                            }, diagnostic: { _ in })
        #expect(items == ["VFREEBUSY"])
    }
}
