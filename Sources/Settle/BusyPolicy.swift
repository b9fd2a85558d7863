import EventModel

/// Which occurrences count as busy (docs/semantics.md section 6): opaque, not
/// cancelled, not declined by `--me`, and timed, or all-day with
/// `--all-day-busy`.
enum BusyPolicy {
    /// Status and transparency are read in place, not from a copy of the
    /// whole event made per occurrence (`occurrence.event`).
    static func isBusy(_ occurrence: Occurrence, options: SettleOptions) -> Bool {
        guard occurrence.eventStatus != .cancelled, occurrence.eventTransparency == .opaque else { return false }
        if occurrence.isAllDay && !options.allDayBusy { return false }
        // Declining is rare: addresses are lower-cased (copies made) only
        // for attendees who declined, and the event is read in place.
        if let me = options.me,
           occurrence.eventRecord.event.attendeeBoxes.contains(where: {
               $0.value.partstat == "DECLINED" && $0.value.email?.lowercased() == me.lowercased()
           }) {
            return false
        }
        return true
    }
}

/// `--calendar` (any of the names) and `--search` (in title, location and
/// description), both case-insensitive.
package struct EventFilter: Sendable {
    package var calendars: [String] = []
    package var search: String?

    package init(calendars: [String] = [], search: String? = nil) {
        self.calendars = calendars.map { $0.lowercased() }
        self.search = search?.lowercased()
    }

    package var isEmpty: Bool { calendars.isEmpty && (search ?? "").isEmpty }

    package func matches(_ event: Event) -> Bool {
        if !calendars.isEmpty && !calendars.contains(event.calendar.lowercased()) { return false }
        guard let search, !search.isEmpty else { return true }
        let texts = [event.title, event.description ?? "", event.location?.name ?? "", event.location?.city ?? ""]
        return texts.contains { $0.lowercased().contains(search) }
    }
}
