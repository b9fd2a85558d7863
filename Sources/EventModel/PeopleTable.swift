/// An attendee or organizer held by reference: an event keeps eight bytes
/// for each of its people, and every event of one read that names the same
/// person (with the same reply) shares one of these.
@usableFromInline package final class AttendeeBox: Sendable, Hashable {
    package let value: Attendee

    package init(_ value: Attendee) { self.value = value }

    /// By value, as `EventTextBox`.
    @usableFromInline package static func == (a: AttendeeBox, b: AttendeeBox) -> Bool { a === b || a.value == b.value }
    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// The people and categories of one read, each distinct value kept once, so
/// that the memory for them grows with the distinct people and category
/// lists of a calendar, not with every event that names them. Used by one
/// thread at a time (the one that builds a file's events); the boxes and
/// lists it hands out are immutable and may go anywhere.
package final class PeopleTable {
    private var attendees: [Attendee: AttendeeBox] = [:]
    private var categoryLists: Set<[String]> = []
    /// Past this many distinct values of a kind, new ones are handed out
    /// unshared: a calendar of strangers costs what it did, not more.
    private let limit: Int

    package init(limit: Int = 65_536) {
        self.limit = limit
    }

    /// The box of `attendee`, the one made before for an equal value.
    package func box(_ attendee: Attendee) -> AttendeeBox {
        if let known = attendees[attendee] { return known }
        let made = AttendeeBox(attendee)
        if attendees.count < limit { attendees[attendee] = made }
        return made
    }

    /// `categories`, sharing the storage of an equal list read before.
    package func categories(_ categories: [String]) -> [String] {
        guard !categories.isEmpty else { return [] }
        if let index = categoryLists.firstIndex(of: categories) { return categoryLists[index] }
        if categoryLists.count < limit { categoryLists.insert(categories) }
        return categories
    }

    /// How many distinct attendees are kept.
    package var distinctAttendees: Int { attendees.count }
}
