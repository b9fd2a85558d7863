/// One calendar event of the unified model (docs/semantics.md section 1): a
/// VEVENT, an override of one, or a BusyLife event.
///
/// Two events are equal when every field is, where each was read included;
/// `id` is what the event is, whatever its version: see ``Event/ID``.
public struct Event: Sendable, Hashable, Identifiable {
    public enum Status: String, Sendable { case tentative, confirmed, cancelled }
    @usableFromInline package enum Transparency: String, Sendable { case opaque, transparent }

    public var uid: String
    public var title: String
    /// Description, location, attendees and categories, held by reference
    /// and absent when all are empty: most events kept by the expanding
    /// commands are kept without them (far from the window, or a heatmap),
    /// and they would take 96 bytes of every event.
    @usableFromInline var text: EventTextBox?

    public var description: String? {
        @inlinable get { text?.value.description }
        set { withText { $0.description = newValue } }
    }
    public var location: Location? {
        @inlinable get { text?.value.location }
        set { withText { $0.location = newValue } }
    }
    /// Made on access from the boxes held (``attendeeBoxes``).
    public var attendees: [Attendee] {
        get { text?.value.attendees.map(\.value) ?? [] }
        set { withText { $0.attendees = newValue.map(AttendeeBox.init) } }
    }
    /// The attendees as held, shared with the other events of their read
    /// (`PeopleTable`): read through these, no array of values is made.
    @inlinable package var attendeeBoxes: [AttendeeBox] { text?.value.attendees ?? [] }
    public var categories: [String] {
        @inlinable get { text?.value.categories ?? [] }
        set { withText { $0.categories = newValue } }
    }
    /// ORGANIZER, read with the attendees (a meeting's participants count
    /// it once, docs/stats.md); nil for none and in BusyLife's events.
    package var organizer: Attendee? {
        get { text?.value.organizer?.value }
        set { withText { $0.organizer = newValue.map(AttendeeBox.init) } }
    }

    /// Changes the text, copying it first when another event shares it.
    private mutating func withText(_ change: (inout EventText) -> Void) {
        if isKnownUniquelyReferenced(&text), let box = text {
            change(&box.value)
            if box.value.isEmpty { text = nil }
            return
        }
        var value = text?.value ?? EventText()
        change(&value)
        text = value.isEmpty ? nil : EventTextBox(value)
    }

    /// Description, location, attendees and categories all emptied at once.
    package mutating func removeText() { text = nil }

    /// Description, location, attendees and categories all set at once, in
    /// one box: set one by one, each setter copied the text set so far
    /// (reading 5,000 events copied 15,000 texts).
    package mutating func setText(description: String?, location: Location?, attendees: [Attendee], categories: [String],
                                  organizer: Attendee? = nil) {
        setText(description: description, location: location, attendees: attendees.map(AttendeeBox.init),
                categories: categories, organizer: organizer.map(AttendeeBox.init))
    }

    /// `setText` with the people as boxes a `PeopleTable` shares.
    package mutating func setText(description: String?, location: Location?, attendees: [AttendeeBox],
                                  categories: [String], organizer: AttendeeBox?) {
        let value = EventText(description: description, location: location, attendees: attendees,
                              categories: categories, organizer: organizer)
        text = value.isEmpty ? nil : EventTextBox(value)
    }

    /// The text and the written DURATION as held, by reference: for a
    /// holder that keeps an event's fields apart and makes it again
    /// (`Series.Master`), sharing them.
    package var heldBoxes: (text: EventTextBox?, duration: DurationBox?) {
        get { (text, writtenDuration) }
        set { (text, writtenDuration) = newValue }
    }

    public var status: Status?
    @usableFromInline package var transparency: Transparency
    /// BusyLife's event type.
    package var type: Int?
    /// The calendar it came from: X-WR-CALNAME, else the file's stem.
    public var calendar: String
    package var source: SourcePosition
    package var sequence: Int

    public var start: EventTime
    /// Exclusive end: DTEND, or start plus DURATION, or the default
    /// (one day for a date, zero seconds otherwise).
    public var end: EventTime
    /// The DURATION as written, if the event gave one rather than DTEND.
    package var duration: EventDuration? {
        get { writtenDuration?.value }
        set { writtenDuration = newValue.map(DurationBox.init) }
    }
    /// By reference: most events give DTEND, and 33 bytes in each would be empty.
    private var writtenDuration: DurationBox?
    /// An override whose own end came before its start: it lasts as long
    /// as its master's instances (and `end` equals `start` until then).
    package var endFromMaster = false

    /// Recurrence parts, kept for the settle step.
    package var recurrence: Recurrence
    /// Set on an override: the instance it replaces.
    public var recurrenceID: RecurrenceID?
    /// A number the caller gives, carried to every occurrence (conversion
    /// numbers events in input order to find each one's VEVENT as written).
    package var ordinal = 0

    /// Has a rule or extra dates: a recurring master.
    package var isRecurring: Bool { !recurrence.isEmpty }

    /// An event's identity, as iCalendar gives it: its calendar, its UID and,
    /// for an override, the instance it replaces (RECURRENCE-ID, compared as
    /// an instant whatever zone it was written in). A calendar re-read after
    /// an edit gives the edited event the same id, while its fields (and so
    /// `==`) change; two components of one calendar that claim the same UID
    /// and RECURRENCE-ID are versions of one event and share it (settling
    /// keeps the higher SEQUENCE, then the later one). The same UID in two
    /// calendars (an invitation kept in both) is two events.
    public struct ID: Hashable, Sendable {
        let calendar: String
        let uid: String
        let replaces: EventTime?
    }

    /// The event's calendar, UID and RECURRENCE-ID (``ID``).
    public var id: ID {
        ID(calendar: calendar, uid: uid, replaces: recurrenceID.map { replaced in
            if case .instant(let instant, _) = replaced.time { return .instant(instant, zone: nil) }
            return replaced.time
        })
    }
}

extension Event {
    package init(uid: String, title: String, calendar: String, source: SourcePosition,
                start: EventTime, end: EventTime) {
        // The memberwise form: assigned field by field, the fields were
        // retained and released once more at the end (an outlined copy of
        // the whole event, 5,000 for 5,000 events read).
        self.init(uid: uid, title: title, text: nil, status: nil, transparency: .opaque, type: nil, calendar: calendar,
                  source: source, sequence: 0, start: start, end: end, writtenDuration: nil,
                  recurrence: Recurrence(), recurrenceID: nil)
    }
}

/// The fields of an event that only show it, never place it. The people
/// by reference: held inline, each event's text took the room of two
/// attendees whether it had them or not. The location inline: most events
/// that have a text have one, and a box of its own cost each of them an
/// allocation, and a reader of it a second indirection.
@usableFromInline struct EventText: Sendable, Hashable {
    @usableFromInline var description: String?
    @usableFromInline var location: Location?
    @usableFromInline var attendees: [AttendeeBox] = []
    @usableFromInline var categories: [String] = []
    var organizer: AttendeeBox?

    var isEmpty: Bool { description == nil && location == nil && attendees.isEmpty && categories.isEmpty && organizer == nil }
}

/// An event's text by reference: changed only through `Event.withText`,
/// in place when no other event holds it, else on a copy.
@usableFromInline package final class EventTextBox: @unchecked Sendable, Hashable {
    // Unchecked: changed only by `Event.withText` when one event alone
    // holds it, so no read can overlap a change; each reader of a field
    // would otherwise pay a runtime check.
    @usableFromInline @exclusivity(unchecked) var value: EventText

    init(_ value: EventText) { self.value = value }

    /// By value: events are equal by what they say, not by where it is held.
    @usableFromInline package static func == (a: EventTextBox, b: EventTextBox) -> Bool { a === b || a.value == b.value }
    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// An event's DURATION, held by reference.
package final class DurationBox: Sendable, Hashable {
    package let value: EventDuration

    package init(_ value: EventDuration) { self.value = value }

    /// By value, as `EventTextBox`.
    package static func == (a: DurationBox, b: DurationBox) -> Bool { a === b || a.value == b.value }
    package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// Where an event was read: file and physical line.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int

    package init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `file:line`, or `file` alone when no line applies (line 0: a
    /// missing file, a directory, the environment).
    public var description: String { line > 0 ? "\(file):\(line)" : file }
}

/// A place: a plain text (iCalendar LOCATION, older BusyLife files) or
/// BusyLife's structured location.
public struct Location: Hashable, Sendable {
    public var name: String
    /// BusyLife's structured parts, kept for conversion.
    package var city: String?
    package var latitude: Double?
    package var longitude: Double?

    package init(name: String, city: String? = nil, latitude: Double? = nil, longitude: Double? = nil) {
        self.name = name
        self.city = city
        self.latitude = latitude
        self.longitude = longitude
    }
}

public struct Attendee: Hashable, Sendable {
    /// RFC 5545 PARTSTAT, upper case (`ACCEPTED`, `DECLINED`, `NEEDS-ACTION`...).
    public var name: String?
    public var email: String?
    public var partstat: String?
    package var role: String?
    /// BusyLife's `avatar` (a picture's name), kept for conversion.
    package var avatar: String?
    /// RFC 5545 CUTYPE, upper case (`INDIVIDUAL`, `ROOM`, `RESOURCE`...);
    /// nil when not given (an individual).
    package var cutype: String?

    package init(name: String? = nil, email: String? = nil, partstat: String? = nil, role: String? = nil,
                avatar: String? = nil, cutype: String? = nil) {
        self.name = name
        self.email = email
        self.partstat = partstat
        self.role = role
        self.avatar = avatar
        self.cutype = cutype
    }

    /// A room or a resource (`CUTYPE=ROOM`, `RESOURCE`): booked, not a
    /// person who meets.
    package var isPlace: Bool { cutype == "ROOM" || cutype == "RESOURCE" }
}
