import EventModel

/// How busy a window was, period by period and in total
/// (docs/stats.md): the value `busylife stats` prints as text, JSON,
/// NDJSON, CSV or SVG, and that an app can draw its own chart from.
public struct Statistics: Sendable, Equatable {
    /// The first and last local dates of the window (inclusive).
    public var from: LocalDate
    public var to: LocalDate
    /// How the window is cut into periods.
    public var grouping: StatsGrouping
    /// The shortest free block inside working hours that counts as focus time.
    public var focusThresholdSeconds: Int
    /// The window's periods in order, each clipped to the window.
    public var periods: [StatsPeriod]
    /// The whole window: each figure over every period (unions, not sums
    /// of per-period unions where periods would share an interval; periods
    /// never overlap, so the sums agree).
    public var total: StatsFigures
    /// Busy seconds by calendar name, most first, ties by name.
    public var byCalendar: [StatsShare]
    /// Busy seconds by category (`(none)` for none), most first, ties by name.
    public var byCategory: [StatsShare]
    /// Meeting time by participant (lower-cased address, `--me` left out),
    /// most first, ties by address; empty without `--me`.
    public var byPerson: [StatsPersonShare]

    public init(from: LocalDate, to: LocalDate, grouping: StatsGrouping, focusThresholdSeconds: Int,
                periods: [StatsPeriod], total: StatsFigures, byCalendar: [StatsShare],
                byCategory: [StatsShare], byPerson: [StatsPersonShare]) {
        self.from = from
        self.to = to
        self.grouping = grouping
        self.focusThresholdSeconds = focusThresholdSeconds
        self.periods = periods
        self.total = total
        self.byCalendar = byCalendar
        self.byCategory = byCategory
        self.byPerson = byPerson
    }
}

/// The length of a statistics period.
public enum StatsGrouping: String, Sendable, Equatable, CaseIterable {
    case day, week, month
}

/// One period: its first and last local dates inside the window, and its figures.
public struct StatsPeriod: Sendable, Equatable {
    public var start: LocalDate
    public var end: LocalDate
    /// Cut by the window's edge: fewer days than a whole period.
    public var partial: Bool
    public var figures: StatsFigures

    public init(start: LocalDate, end: LocalDate, partial: Bool, figures: StatsFigures) {
        self.start = start
        self.end = end
        self.partial = partial
        self.figures = figures
    }
}

/// The figures of a period or of the whole window, in whole seconds
/// (docs/stats.md defines each). For every value,
/// `workingSeconds == busyWorkingSeconds + focusSeconds + fragmentedSeconds`
/// and `afterHoursSeconds == busySeconds - busyWorkingSeconds`.
public struct StatsFigures: Sendable, Equatable {
    public var busySeconds: Int = 0
    public var workingSeconds: Int = 0
    public var busyWorkingSeconds: Int = 0
    public var afterHoursSeconds: Int = 0
    public var focusSeconds: Int = 0
    public var fragmentedSeconds: Int = 0
    public var meetingSeconds: Int = 0
    public var recurringMeetingSeconds: Int = 0
    /// Meetings that start in the period.
    public var meetings: Int = 0
    /// Time covered by two or more busy occurrences at once.
    public var conflictSeconds: Int = 0
    /// Workdays with no meeting overlapping their working hours.
    public var meetingFreeDays: Int = 0

    public init() {}

    /// The busy share of working time, 0 ... 1; nil with no working time.
    public var busyShare: Double? {
        workingSeconds > 0 ? Double(busyWorkingSeconds) / Double(workingSeconds) : nil
    }
}

/// Busy seconds of one calendar or category.
public struct StatsShare: Sendable, Equatable {
    public var name: String
    public var busySeconds: Int

    public init(name: String, busySeconds: Int) {
        self.name = name
        self.busySeconds = busySeconds
    }
}

/// Meeting time spent with one person.
public struct StatsPersonShare: Sendable, Equatable {
    public var address: String
    public var meetingSeconds: Int
    public var meetings: Int

    public init(address: String, meetingSeconds: Int, meetings: Int) {
        self.address = address
        self.meetingSeconds = meetingSeconds
        self.meetings = meetings
    }
}

extension Statistics {
    /// The change of a figure in the last full period against the mean of
    /// the full periods before it, as a fraction (0.25 is 25% more); nil
    /// with fewer than two full periods or a mean of zero. Partial periods
    /// are left out because a cut week would read as a quiet one.
    public func trend(of figure: KeyPath<StatsFigures, Int>) -> Double? {
        let full = periods.filter { !$0.partial }
        guard let last = full.last, full.count >= 2 else { return nil }
        let before = full.dropLast()
        let mean = Double(before.reduce(0) { $0 + $1.figures[keyPath: figure] }) / Double(before.count)
        guard mean > 0 else { return nil }
        return (Double(last.figures[keyPath: figure]) - mean) / mean
    }
}
