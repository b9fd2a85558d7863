import EventModel
import Import
import TestSupport
import Testing

/// What a meeting's participants need (docs/stats.md, Meetings): the
/// ORGANIZER, and each ATTENDEE's CUTYPE, read into the model.
@Suite struct ParticipantImportTests {
    @Test func organizerAndCalendarUserTypesAreRead() throws {
        let imported = importText([("cal.ics", ics(vevent("m", [
            "DTSTART:20261123T150000Z", "DTEND:20261123T160000Z", "SUMMARY:Review",
            "ORGANIZER;CN=Ann:mailto:Ann@Example.com",
            "ATTENDEE;CUTYPE=ROOM:mailto:room-4@example.com",
            "ATTENDEE;CUTYPE=resource;PARTSTAT=ACCEPTED:mailto:projector@example.com",
            "ATTENDEE:mailto:bob@example.com",
        ])))])
        let event = try #require(imported.event("m"))
        #expect(event.organizer?.email == "Ann@Example.com" && event.organizer?.name == "Ann")
        #expect(event.attendees.map(\.cutype) == ["ROOM", "RESOURCE", nil])
        #expect(event.attendees.map(\.isPlace) == [true, true, false])
    }

    /// Without an ORGANIZER there is none; BusyLife's events have none.
    @Test func noOrganizerIsNone() throws {
        let imported = importText([("cal.ics", ics(vevent("m", ["DTSTART:20261123T150000Z", "ATTENDEE:mailto:bob@example.com"])))])
        #expect(try #require(imported.event("m")).organizer == nil)
    }

    /// Events read to be counted, not shown (statistics): categories,
    /// attendees and the organizer, but no description or location.
    @Test func countedEventsKeepCategoriesAndPeopleAlone() throws {
        let file = ics(vevent("m", ["DTSTART:20261110T090000Z", "DTEND:20261110T100000Z", "SUMMARY:In", "DESCRIPTION:notes",
                                    "LOCATION:Room 1", "CATEGORIES:Atlas,Work", "ORGANIZER:mailto:ann@example.com",
                                    "ATTENDEE:mailto:bob@example.com"]))
        let window = CoarseWindow(lower: 1_793_491_200 - 3 * 86_400, upper: 1_796_083_200 + 4 * 86_400,
                                  text: false, attendees: true, categories: true)
        let event = try #require(importText([("cal.ics", file)], options: ImportOptions(textWindow: window)).event("m"))
        #expect(event.description == nil && event.location == nil)
        #expect(event.categories == ["Atlas", "Work"] && event.attendees.count == 1 && event.organizer?.email == "ann@example.com")
    }
}

/// The people of one file held once (`PeopleTable`): events naming the
/// same person share one box, and each reads back what it said.
@Suite struct SharedPeopleImportTests {
    @Test func eventsOfOneFileShareTheirPeople() throws {
        let imported = importText([("cal.ics", ics(
            vevent("a", ["DTSTART:20261123T150000Z", "ORGANIZER;CN=Ann:mailto:ann@example.com",
                         "ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.com", "CATEGORIES:Atlas,Work"])
            + vevent("b", ["DTSTART:20261124T150000Z", "ORGANIZER;CN=Ann:mailto:ann@example.com",
                           "ATTENDEE;PARTSTAT=DECLINED:mailto:bob@example.com",
                           "ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.com", "CATEGORIES:Atlas,Work"])))])
        let a = try #require(imported.event("a")), b = try #require(imported.event("b"))
        #expect(a.attendees == [Attendee(email: "bob@example.com", partstat: "ACCEPTED")])
        #expect(b.attendees.map(\.partstat) == ["DECLINED", "ACCEPTED"])
        #expect(a.attendeeBoxes[0] === b.attendeeBoxes[1] && a.attendeeBoxes[0] !== b.attendeeBoxes[0])
        #expect(a.organizer == Attendee(name: "Ann", email: "ann@example.com") && a.organizer == b.organizer)
        #expect(a.categories == ["Atlas", "Work"] && b.categories == a.categories)
        #expect(a.categories.withUnsafeBufferPointer { $0.baseAddress } == b.categories.withUnsafeBufferPointer { $0.baseAddress })
    }
}
