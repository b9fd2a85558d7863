import EventModel

/// What to settle and how. An app makes it with the initializer that
/// BusyLifeKit adds (the window, the viewer's zone and travel, the filter,
/// the busy policy); the budgets, caps and memory limits below are ours to
/// tune, `package` so that they can change without breaking an app.
public struct SettleOptions: Sendable {
    /// The window: inclusive local dates.
    package var from: LocalDate
    package var to: LocalDate
    package var timeline: ZoneTimeline
    /// An event whose start and end carry different zones (a flight) moves
    /// the timeline to the end's zone at its end.
    package var travelFromEvents = false
    /// Events this attendee declined are not busy.
    package var me: String?
    /// All-day events count as busy.
    package var allDayBusy = false
    /// Instances generated per recurring event per window, at most
    /// (`too-many-instances`).
    package var instanceCap = 100_000
    /// Instances generated from rules across all events per window, at
    /// most; nil for `WorkBudget.instances(days:)` (`work-budget`).
    package var instanceBudget: Int?
    /// Occurrence-days listed in the days' entries, at most; nil for
    /// `WorkBudget.entries(days:)` (`work-budget`).
    package var entryBudget: Int?
    /// Build each day's list of entries (`occurrences` prints none).
    package var listDays = true
    /// Which occurrences to keep (`--calendar`, `--search`); flights move
    /// the timeline whatever it says.
    package var filter = EventFilter()
    /// Keep the occurrences and each day's entries; without, days carry
    /// only their busy time and event count (heatmaps of long windows).
    package var keepOccurrences = true
    /// The occurrences kept are shown, with their description and
    /// location; without, they are only counted (statistics read their
    /// categories and people alone, which holds far less of a long window).
    package var showsText = true
    /// Count each day's events and merge its busy time; without, days carry
    /// neither (for a list of occurrences, which shows no day). Day lists
    /// need the counts: with `listDays` on, days are summarized whatever
    /// this says.
    package var summarizeDays = true
    /// Bytes of the series far from the window held in memory, written
    /// out as records (README, "What is read, and how"), before they go
    /// to a temporary file: 256 KiB. `Int.max` keeps them all in memory
    /// (no file is made); 0 writes each at once (tests, fuzzing).
    package var farSeriesMemoryLimit = 1 << 18

    /// Whether days are counted and their busy time merged.
    var countsDays: Bool { summarizeDays || listDays }

    package init(from: LocalDate, to: LocalDate, timeline: ZoneTimeline) {
        self.from = from
        self.to = to
        self.timeline = timeline
    }

    /// The longest window we settle, in days (about 270 years).
    package static let maximumDays = 100_000
}
