import EventModel

/// An occurrence placed in time: its UTC span (floating times and dates
/// read through the zone timeline), whether it counts as busy, and the
/// local dates it starts and ends on.
///
/// 104 bytes: `busy` lies in the occurrence's last word, where after the
/// two instants it took a word of its own, and the two dates are day
/// numbers of 4 bytes each, where two `LocalDate`s took 16: a long
/// window keeps hundreds of thousands of these. A list of occurrences never reads the dates, so placing one
/// no longer works out its year, month and day.
public struct SettledOccurrence: Sendable {
    public var occurrence: Occurrence
    /// Opaque, not cancelled, not declined by `--me`, and timed (or all-day
    /// with `--all-day-busy`): docs/semantics.md section 6.
    public var busy: Bool
    public var startUTC: Instant
    public var endUTC: Instant
    /// `firstDate` and `lastDate` as days since 1970-01-01 (2026-11-22 is
    /// 20,779). Placing clamps times to the years 1 to 9999 first, far
    /// inside what 32 bits hold (some 5.8 million years either way).
    package private(set) var firstDay: Int32
    package private(set) var lastDay: Int32

    package init(occurrence: Occurrence, startUTC: Instant, endUTC: Instant, busy: Bool,
                 firstDay: Int64, lastDay: Int64) {
        self.occurrence = occurrence
        self.busy = busy
        self.startUTC = startUTC
        self.endUTC = endUTC
        self.firstDay = Int32(clamping: firstDay)
        self.lastDay = Int32(clamping: lastDay)
    }

    /// The local date it starts on. Held as a 32-bit day number: a date
    /// set here more than some 5.8 million years from 1970 (no calendar
    /// gives one: reading clamps to the years 1 to 9999) is held at its end.
    package var firstDate: LocalDate {
        get { LocalDate(daysSinceEpoch: Int64(firstDay)) }
        set { firstDay = Int32(clamping: newValue.daysSinceEpoch) }
    }

    /// The local date it ends on (for an all-day one, its last date), held
    /// as `firstDate` is.
    package var lastDate: LocalDate {
        get { LocalDate(daysSinceEpoch: Int64(lastDay)) }
        set { lastDay = Int32(clamping: newValue.daysSinceEpoch) }
    }

    // Inlinable: called from another module, it copied the whole event
    // (retaining each of its fields) where a caller read one field.
    @inlinable package var event: Event { occurrence.event }

    // Spelled out, not `occurrence.isAllDay`: an inlinable body may not
    // call a `package` member of another module.
    @inlinable package var isAllDay: Bool {
        if case .date = occurrence.start { return true }
        return false
    }
}

/// How an occurrence covers one of its days.
public enum DayPart: String, Sendable {
    case whole, first, middle, last
}

/// One local date of the window (docs/semantics.md section 5).
public struct LocalDay: Sendable {
    public struct Entry: Sendable {
        /// Index into `Settlement.occurrences`.
        public var occurrence: Int
        public var part: DayPart
    }

    public var date: LocalDate
    /// The instants whose local date this is; empty for a skipped date.
    public var intervals: [Range<Instant>]
    public var zones: [Zone]
    /// In the day's order: all-day first, then by start, end, title, uid.
    /// Listed only by `Settlement.listedDays`, one day at a time; empty in
    /// `Settlement.days` and when the settle step did not keep occurrences.
    public var entries: [Entry]
    /// False for a day with events past the work budget for listed entries
    /// (README, "Work budget"): its count and busy time include them, its
    /// `entries` are empty.
    package var eventsListed = true
    /// Occurrences on this day, kept or not.
    package var eventCount = 0
    /// All-day occurrences among them.
    package var allDayCount = 0
    /// The day's busy time: the union of busy occurrences clipped to the
    /// day, in order, not overlapping.
    package var busyIntervals: [Range<Instant>]

    public var busyMilliseconds: Int64 {
        busyIntervals.reduce(0) { $0 + $1.upperBound.milliseconds - $1.lowerBound.milliseconds }
    }

    package var lengthMilliseconds: Int64 {
        intervals.reduce(0) { $0 + $1.upperBound.milliseconds - $1.lowerBound.milliseconds }
    }

    /// Busy time over the day's length; 0 for an empty day.
    package var busyRatio: Double {
        let length = lengthMilliseconds
        return length > 0 ? Double(busyMilliseconds) / Double(length) : 0
    }
}

/// What settling a window gives: the timeline used, the occurrences that
/// touch the window (sorted by start), every local date of the window, and
/// diagnostics from expansion.
public struct Settlement: Sendable {
    package var from: LocalDate
    package var to: LocalDate
    package var timeline: ZoneTimeline
    public var occurrences: SettledOccurrences
    /// Every local date of the window with its count and busy time; the
    /// lists of what lies on each come from `listedDays`.
    public var days: [LocalDay]
    /// Each kept occurrence's days, for `listedDays`.
    package var lists: DayRanges
    public var diagnostics: [Diagnostic]
    /// The viewer's address (`--me`, without `mailto:`), whose declined
    /// events were not busy: statistics leave it out of the people met.
    package var me: String? = nil
    /// What the counters found, in no set order, when the occurrences
    /// were counted rather than kept (`Settler.settle(part:to:timeline:counting:)`).
    package var counters: [any OccurrenceCounter] = []

    /// `days` in order, each with its `entries` listed, made one day at a
    /// time as the sequence is walked: memory holds the occurrences alive
    /// on the day, never every day's list.
    public var listedDays: some Sequence<LocalDay> { dayLists }

    /// `listedDays` as its own type, for our writers that keep its iterator.
    package var dayLists: ListedDays {
        ListedDays(days: days, lists: lists, occurrences: occurrences)
    }
}
