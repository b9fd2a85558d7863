import BusyLifeKit
import Foundation
import Testing

/// An event's identity (`id`: calendar, UID, RECURRENCE-ID) and its value
/// (`==` and `hash`, every field).
@Suite struct EventIdentityTests {
    static func read(_ body: String, name: String = "work.ics") -> [Event] {
        let text = "BEGIN:VCALENDAR\nX-WR-CALNAME:Work\n" + body + "END:VCALENDAR\n"
        let reading = BusyLife.read([.data(Data(text.utf8), name: name)])
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        return reading.events
    }

    static let master = """
        BEGIN:VEVENT
        UID:standup
        SUMMARY:Stand-up
        DTSTART;TZID=Europe/Berlin:20261102T093000
        DURATION:PT30M
        RRULE:FREQ=DAILY
        END:VEVENT

        """

    static func override(_ recurrenceID: String, title: String = "Stand-up, later") -> String {
        """
        BEGIN:VEVENT
        UID:standup
        RECURRENCE-ID\(recurrenceID)
        SUMMARY:\(title)
        DTSTART;TZID=Europe/Berlin:20261103T100000
        DURATION:PT30M
        END:VEVENT

        """
    }

    @Test func theSameEventReadTwiceIsEqualAndHashesAlike() {
        let first = Self.read(Self.master + Self.override(";TZID=Europe/Berlin:20261103T093000"))
        let second = Self.read(Self.master + Self.override(";TZID=Europe/Berlin:20261103T093000"))
        #expect(first == second)
        #expect(first.map(\.hashValue) == second.map(\.hashValue))
        #expect(Set(first + second).count == 2)
    }

    /// A master and its override are two events; the override's
    /// RECURRENCE-ID names one instant however it is written.
    @Test func anOverrideIsItsOwnEventWhateverZoneNamesItsInstance() {
        let zoned = Self.read(Self.master + Self.override(";TZID=Europe/Berlin:20261103T093000"))
        let utc = Self.read(Self.master + Self.override(":20261103T083000Z"))
        #expect(Set(zoned.map(\.id)).count == 2)
        #expect(zoned.map(\.id) == utc.map(\.id))
        #expect(zoned[1] != utc[1])  // the same event, written differently
    }

    /// An edit keeps the id and changes the value; SwiftUI-style lists
    /// keyed by `id` update the row rather than replace it.
    @Test func anEditedEventKeepsItsIdButIsNotEqual() {
        let before = Self.read(Self.override(";TZID=Europe/Berlin:20261103T093000"))
        let after = Self.read(Self.override(";TZID=Europe/Berlin:20261103T093000", title: "Stand-up, moved"))
        #expect(before.map(\.id) == after.map(\.id))
        #expect(before != after)
    }

    /// The same invitation kept in two calendars is two events.
    @Test func oneUIDInTwoCalendarsIsTwoEvents() {
        let work = Self.read(Self.master)
        let home = BusyLife.read([.data(Data(("BEGIN:VCALENDAR\n" + Self.master + "END:VCALENDAR\n").utf8), name: "home.ics")]).events
        #expect(work.map(\.calendar) == ["Work"] && home.map(\.calendar) == ["home"])
        #expect(work.map(\.uid) == home.map(\.uid))
        #expect(work[0].id != home[0].id)
        #expect(Dictionary(grouping: work + home, by: \.id).count == 2)
    }
}
