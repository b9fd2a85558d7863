/// What one sync did, for `busylife sync`'s line and the notes of a run.
package struct CalDAVReport: Sendable, Equatable, Codable {
    package var calendars = 0
    package var changed = 0
    package var removed = 0
    /// Things worth a note: items gone between listing and fetching, a
    /// sync token the server no longer knew.
    package var notes: [String] = []

    package init(calendars: Int = 0, changed: Int = 0, removed: Int = 0, notes: [String] = []) {
        self.calendars = calendars
        self.changed = changed
        self.removed = removed
        self.notes = notes
    }
}
