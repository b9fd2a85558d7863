import EventModel
import FreeBusy
import Settle

extension Settlement {
    /// The statistics of this window (docs/stats.md), cut into periods of
    /// `request.grouping`. Needs the occurrences (`keepOccurrences`) for
    /// meetings, double-booked time and the breakdowns; busy, working,
    /// focus and fragmented time come from the days. The viewer (`me`)
    /// is left out of the people met, and the people are listed only
    /// when there is a viewer.
    ///
    /// Cost: the window's busy occurrences, sorted once, and its days.
    public func statistics(_ request: StatsRequest = StatsRequest()) -> Statistics {
        var builder = StatsBuilder(from: from, to: to, request: request, me: me)
        builder.add(self)
        return builder.finished()
    }
}

/// Statistics made from settlements of the window or of its parts: a
/// settlement that kept its occurrences is read through them; one that
/// counted them as they were placed (`counting`, for events numbered as
/// they were read, `numberEvents`) through its counters. A caller that
/// keeps occurrences may settle a long window part by part (`parts`), to
/// hold one part's occurrences, never the window's. Parts are runs of
/// whole periods, in order; each part's settlement adds its periods and
/// its share of the breakdowns (parts share no instant, so the sums of
/// their unions are the unions over the window).
package struct StatsBuilder {
    let from: LocalDate, to: LocalDate
    let request: StatsRequest
    /// Lower case; nil lists no people.
    let me: String?
    private var periods: [StatsPeriod] = []
    private var calendars: [String: Int64] = [:], categories: [String: Int64] = [:]
    private var people: [String: (milliseconds: Int64, meetings: Int)] = [:]
    /// Each event text's facts, read once for all the parts.
    private var facts: StatsFacts
    /// The facts as events are numbered while they are read.
    private var numbering: StatsNumbering?

    package init(from: LocalDate, to: LocalDate, request: StatsRequest, me: String?) {
        self.from = from
        self.to = to
        self.request = request
        self.me = me.map { $0.lowercased() }
        facts = StatsFacts(me: self.me)
    }

    /// Numbers each event `settler` is given from now on (`StatsFacts.number`),
    /// its text let go unless `keepingText`, until `counting` is asked for.
    package mutating func numberEvents(of settler: Settler, keepingText: Bool) {
        let numbering = StatsNumbering(facts: facts)
        settler.adding = { numbering.facts.number(&$0, keepingText: keepingText) }
        self.numbering = numbering
    }

    /// What settles the window (or a part) with its occurrences counted
    /// rather than kept (`Settler.settle(part:to:timeline:counting:)`), for the events
    /// numbered since `numberEvents`, which stops numbering them.
    package mutating func counting(_ settler: Settler) -> CounterMaker {
        settler.adding = nil
        if let numbering { facts = numbering.facts }
        numbering = nil
        facts.finishNumbering()
        let facts = facts
        return { days in StatsCounter(facts: facts, days: days) }
    }

    /// The window cut into parts of whole periods, each at least four
    /// weeks long where the window allows (a month by month).
    package var parts: [ClosedRange<LocalDate>] {
        var result: [ClosedRange<LocalDate>] = []
        for cut in StatsPeriods.cut(from: from, to: to, grouping: request.grouping, weekStart: request.weekStart) {
            if let last = result.last, last.upperBound.daysSinceEpoch - last.lowerBound.daysSinceEpoch < 27 {
                result[result.count - 1] = last.lowerBound...cut.end
            } else {
                result.append(cut.start...cut.end)
            }
        }
        return result
    }

    /// The parts in runs of less than 400 days (a year, or the thirteen
    /// months `stats` shows by default), each settled in one pass when the
    /// occurrences are counted as they are placed, since what counting
    /// holds hardly grows with the window; and the work budget and cap of
    /// each run: those of its parts added up, so that a run cuts no series
    /// its parts, each settled with its own, would not have cut.
    package func passes(_ options: SettleOptions) -> [(window: ClosedRange<LocalDate>, budget: (instances: Int, cap: Int))] {
        var runs: [[ClosedRange<LocalDate>]] = []
        for part in parts {
            if let run = runs.last, part.upperBound.daysSinceEpoch - run[0].lowerBound.daysSinceEpoch < 400 {
                runs[runs.count - 1].append(part)
            } else {
                runs.append([part])
            }
        }
        return runs.map { run in
            let budgets = run.map { part in
                options.instanceBudget ?? WorkBudget.instances(days: Int(part.upperBound.daysSinceEpoch - part.lowerBound.daysSinceEpoch) + 1)
            }
            let (capped, overflow) = options.instanceCap.multipliedReportingOverflow(by: run.count)
            return (run[0].lowerBound...run[run.count - 1].upperBound, (budgets.reduce(0, +), overflow ? .max : capped))
        }
    }

    /// Adds the periods of a settlement of one part (or of the whole
    /// window), from its kept occurrences or from what its counters found.
    package mutating func add(_ settlement: consuming Settlement) {
        var spans: StatsSpans
        if settlement.counters.isEmpty {
            spans = StatsSpans(settlement, facts: &facts)
        } else {
            spans = StatsSpans(from: settlement.from, to: settlement.to)
            // Each counter goes once taken in, so that its sets and the sum are not all held at once.
            var counters = settlement.counters
            settlement.counters = []
            while let counter = counters.popLast() {
                if let counted = counter as? StatsCounter { spans.merge(counted.spans) }
            }
        }
        add(settlement, spans: &spans)
    }

    private mutating func add(_ settlement: Settlement, spans: inout StatsSpans) {
        let meetings = spans.meetings.union(), recurring = spans.recurringMeetings.union(), conflicts = spans.busy.coveredTwice()
        var dayIndex = 0
        let days = settlement.days
        let first = settlement.from.daysSinceEpoch
        for cut in StatsPeriods.cut(from: settlement.from, to: settlement.to, grouping: request.grouping, weekStart: request.weekStart) {
            var tally = StatsTally()
            while dayIndex < days.count && days[dayIndex].date <= cut.end {
                if days[dayIndex].date >= cut.start {
                    tally.add(days[dayIndex], timeline: settlement.timeline, request: request,
                              meetings: meetings, recurring: recurring, conflicts: conflicts)
                    tally.meetings += spans.meetingStarts[Int(days[dayIndex].date.daysSinceEpoch - first)]
                }
                dayIndex += 1
            }
            // Parts are runs of whole periods: only the window's edges cut one.
            periods.append(StatsPeriod(start: cut.start, end: cut.end, partial: cut.partial, figures: tally.figures))
        }
        let window = days.flatMap(\.intervals)
        StatsTally.add(&spans.byCalendar, names: facts.calendars, within: window, to: &calendars)
        StatsTally.add(&spans.byCategory, names: facts.categories, within: window, to: &categories)
        guard me != nil else { return }
        for person in spans.byPerson.indices where !spans.byPerson[person].isEmpty {
            let milliseconds = IntervalSet.milliseconds(IntervalSet.intersect(window, spans.byPerson[person].union()))
            spans.byPerson[person] = SpanUnion()
            let address = facts.people.names[person]
            people[address, default: (0, 0)].milliseconds += milliseconds
            people[address, default: (0, 0)].meetings += spans.personStarts[person]
        }
    }

    /// The statistics of the parts added.
    package func finished() -> Statistics {
        let shares: [StatsPersonShare] = people.compactMap { address, met in
            let seconds = StatsTally.seconds(met.milliseconds)
            return seconds > 0 || met.meetings > 0 ? StatsPersonShare(address: address, meetingSeconds: seconds, meetings: met.meetings) : nil
        }
        let byPerson = me == nil ? [] : shares.sorted { a, b in
            (b.meetingSeconds, b.meetings, a.address) < (a.meetingSeconds, a.meetings, b.address)
        }
        return Statistics(from: from, to: to, grouping: request.grouping, focusThresholdSeconds: request.focusSeconds,
                          periods: periods, total: periods.reduce(into: StatsFigures()) { $0.add($1.figures) },
                          byCalendar: StatsTally.shares(calendars), byCategory: StatsTally.shares(categories), byPerson: byPerson)
    }
}

/// A period's figures as they add up day by day, in milliseconds until
/// they are whole seconds.
struct StatsTally {
    var busy: Int64 = 0, working: Int64 = 0, busyWorking: Int64 = 0, focus: Int64 = 0
    var meeting: Int64 = 0, recurring: Int64 = 0, conflict: Int64 = 0
    var meetings = 0, meetingFreeDays = 0

    /// Adds one local day: its busy time, its working time and what of it
    /// is busy, and its free working time in blocks of at least the focus
    /// threshold, each block cut at the working day's end.
    mutating func add(_ day: LocalDay, timeline: ZoneTimeline, request: StatsRequest,
                      meetings: [Range<Instant>], recurring: [Range<Instant>], conflicts: [Range<Instant>]) {
        let taken = day.busyIntervals
        busy += IntervalSet.milliseconds(taken)
        let workingTime = request.hours.intervals(of: day, timeline: timeline)
        working += IntervalSet.milliseconds(workingTime)
        busyWorking += IntervalSet.milliseconds(IntervalSet.intersect(workingTime, taken))
        let threshold = Int64(request.focusSeconds) * 1000
        for block in IntervalSet.subtract(taken, from: workingTime) {
            let length = block.upperBound.milliseconds - block.lowerBound.milliseconds
            if length > 0 && length >= threshold { focus += length }
        }
        meeting += IntervalSet.milliseconds(IntervalSet.intersect(day.intervals, meetings))
        self.recurring += IntervalSet.milliseconds(IntervalSet.intersect(day.intervals, recurring))
        conflict += IntervalSet.milliseconds(IntervalSet.intersect(day.intervals, conflicts))
        if !workingTime.isEmpty && IntervalSet.intersect(workingTime, meetings).isEmpty { meetingFreeDays += 1 }
    }

    /// Whole seconds, each rounded down: since busy working time is part of
    /// busy time and busy working plus focus time part of working time,
    /// rounding keeps the differences at zero or more.
    var figures: StatsFigures {
        var figures = StatsFigures()
        figures.busySeconds = StatsTally.seconds(busy)
        figures.workingSeconds = StatsTally.seconds(working)
        figures.busyWorkingSeconds = StatsTally.seconds(busyWorking)
        figures.afterHoursSeconds = figures.busySeconds - figures.busyWorkingSeconds
        figures.focusSeconds = StatsTally.seconds(focus)
        figures.fragmentedSeconds = figures.workingSeconds - figures.busyWorkingSeconds - figures.focusSeconds
        figures.meetingSeconds = StatsTally.seconds(meeting)
        figures.recurringMeetingSeconds = StatsTally.seconds(recurring)
        figures.meetings = meetings
        figures.conflictSeconds = StatsTally.seconds(conflict)
        figures.meetingFreeDays = meetingFreeDays
        return figures
    }

    static func seconds(_ milliseconds: Int64) -> Int { Int(milliseconds / 1000) }

    /// Adds each name's busy milliseconds inside `window` to `totals`,
    /// letting each name's spans go once measured.
    static func add(_ spans: inout [SpanUnion], names: StatsNames, within window: [Range<Instant>],
                    to totals: inout [String: Int64]) {
        for number in spans.indices where !spans[number].isEmpty {
            totals[names.names[number], default: 0] += IntervalSet.milliseconds(IntervalSet.intersect(window, spans[number].union()))
            spans[number] = SpanUnion()
        }
    }

    /// Whole seconds by key, most first, ties by name; keys without any left out.
    static func shares(_ totals: [String: Int64]) -> [StatsShare] {
        totals.compactMap { name, milliseconds in
            seconds(milliseconds) > 0 ? StatsShare(name: name, busySeconds: seconds(milliseconds)) : nil
        }
        .sorted { ($1.busySeconds, $0.name) < ($0.busySeconds, $1.name) }
    }
}

extension StatsFigures {
    /// Adds another period's figures (periods share no instant, so sums
    /// of their unions are the union over both).
    mutating func add(_ other: StatsFigures) {
        busySeconds += other.busySeconds
        workingSeconds += other.workingSeconds
        busyWorkingSeconds += other.busyWorkingSeconds
        afterHoursSeconds += other.afterHoursSeconds
        focusSeconds += other.focusSeconds
        fragmentedSeconds += other.fragmentedSeconds
        meetingSeconds += other.meetingSeconds
        recurringMeetingSeconds += other.recurringMeetingSeconds
        meetings += other.meetings
        conflictSeconds += other.conflictSeconds
        meetingFreeDays += other.meetingFreeDays
    }
}

/// The facts of the events being read, by reference: the settler's
/// `adding` numbers each event into them as it comes.
final class StatsNumbering {
    var facts: StatsFacts

    init(facts: StatsFacts) {
        self.facts = facts
    }
}
