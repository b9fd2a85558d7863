import EventModel
import FreeBusy
import Settle

/// The busy occurrences of one settled part as the figures need them: each
/// one's time (an all-day one's dates, a timed one's span) sorted into the
/// sets that are measured (meetings, recurring meetings, time covered
/// twice) and the breakdowns (calendar, category, person), these by the
/// numbers `StatsFacts` gives their names.
///
/// Filled one occurrence at a time (`add`), from a settlement's kept
/// occurrences or by a counter on each core as they are placed
/// (`StatsCounter`), whose spans are then joined (`merge`); each set is
/// made a union whenever it has grown enough (`SpanUnion`), so it holds
/// about what its union does, never every occurrence of a long window.
struct StatsSpans: Sendable {
    /// Where meetings are, and meetings that are instances of a series.
    var meetings = SpanUnion(), recurringMeetings = SpanUnion()
    /// Busy time, for the time covered twice.
    var busy = SpanCoverage()
    /// Meetings that start on each date of the part, by days from its first.
    var meetingStarts: [Int]
    /// Each calendar's, category's and person's time by its number: a
    /// number not yet met in this part has no entry.
    var byCalendar: [SpanUnion] = []
    var byCategory: [SpanUnion] = []
    var byPerson: [SpanUnion] = []
    /// Each person's meetings that start inside the part, by number.
    var personStarts: [Int] = []
    /// The part's first date, as days since 1970.
    let first: Int64

    init(from: LocalDate, to: LocalDate) {
        first = from.daysSinceEpoch
        meetingStarts = [Int](repeating: 0, count: max(0, Int(to.daysSinceEpoch - first) + 1))
    }

    /// Sorts the busy occurrences of `settlement`, reading each event's
    /// text through `facts` (the viewer left out of its people).
    init(_ settlement: borrowing Settlement, facts: inout StatsFacts) {
        self.init(from: settlement.from, to: settlement.to)
        let occurrences = settlement.occurrences
        for position in occurrences.indices {
            let settled = occurrences.pointer(position)
            guard settled.pointee.busy else { continue }
            let spans = OccurrenceSpans(settled.pointee, days: settlement.days, from: settlement.from)
            guard !spans.isEmpty else { continue }
            let record = settled.pointee.occurrence.eventRecord
            let text = facts.facts(of: record)
            add(spans, of: settled.pointee, text: text, calendar: facts.calendar(of: record), facts: facts)
        }
    }

    /// Adds one busy occurrence's spans, whose event's text is `text` and
    /// whose calendar is numbered `calendar`.
    mutating func add(_ spans: OccurrenceSpans, of settled: borrowing SettledOccurrence, text: StatsFacts.Text,
                      calendar: Int, facts: borrowing StatsFacts) {
        spans.append(to: &busy)
        StatsSpans.append(spans, to: &byCalendar, at: calendar)
        for category in facts.categories(text) { StatsSpans.append(spans, to: &byCategory, at: Int(category)) }
        guard text.count >= 2 else { return }
        spans.append(to: &meetings)
        if settled.occurrence.recurrenceID != nil { spans.append(to: &recurringMeetings) }
        let offset = Int(Int64(settled.firstDay) - first)
        let startsInside = offset >= 0 && offset < meetingStarts.count
        if startsInside { meetingStarts[offset] += 1 }
        for number in facts.people(text) {
            let person = Int(number)
            StatsSpans.append(spans, to: &byPerson, at: person)
            if personStarts.count <= person { personStarts += [Int](repeating: 0, count: person + 1 - personStarts.count) }
            if startsInside { personStarts[person] += 1 }
        }
    }

    /// Takes in what another counter of the same part found.
    mutating func merge(_ other: consuming StatsSpans) {
        meetings.append(contentsOf: other.meetings)
        recurringMeetings.append(contentsOf: other.recurringMeetings)
        busy.merge(other.busy)
        for index in other.meetingStarts.indices { meetingStarts[index] += other.meetingStarts[index] }
        StatsSpans.merge(other.byCalendar, into: &byCalendar)
        StatsSpans.merge(other.byCategory, into: &byCategory)
        StatsSpans.merge(other.byPerson, into: &byPerson)
        if personStarts.count < other.personStarts.count {
            personStarts += [Int](repeating: 0, count: other.personStarts.count - personStarts.count)
        }
        for index in other.personStarts.indices { personStarts[index] += other.personStarts[index] }
    }

    private static func merge(_ lists: [SpanUnion], into totals: inout [SpanUnion]) {
        if totals.count < lists.count { totals += [SpanUnion](repeating: SpanUnion(), count: lists.count - totals.count) }
        for index in lists.indices where !lists[index].isEmpty { totals[index].append(contentsOf: lists[index]) }
    }

    /// Adds `spans` to the list numbered `number`, making the lists up to it.
    private static func append(_ spans: OccurrenceSpans, to lists: inout [SpanUnion], at number: Int) {
        if lists.count <= number { lists += [SpanUnion](repeating: SpanUnion(), count: number + 1 - lists.count) }
        spans.append(to: &lists[number])
    }

    /// The time two or more of `spans` cover at once, as a union: a sweep
    /// over their starts and ends in order, ends first where they meet
    /// (touching end to start is no overlap).
    static func coveredTwice(_ spans: [Range<Instant>]) -> [Range<Instant>] {
        var edges: [(at: Instant, step: Int)] = []
        edges.reserveCapacity(spans.count * 2)
        for span in spans { edges.append((span.lowerBound, 1)); edges.append((span.upperBound, -1)) }
        edges.sort { ($0.at, $0.step) < ($1.at, $1.step) }
        var result: [Range<Instant>] = []
        var depth = 0
        var since: Instant?
        for edge in edges {
            depth += edge.step
            if depth >= 2 && since == nil { since = edge.at }
            if depth < 2, let start = since {
                if start < edge.at { result.append(start..<edge.at) }
                since = nil
            }
        }
        return IntervalSet.union(result)
    }
}

/// Intervals gathered in any order whose union is wanted: made the union
/// in place whenever they have grown by half since the last, so a busy
/// calendar's year holds a few intervals a day for each calendar,
/// category and person, not one for each occurrence, in memory that is
/// not given back and taken again. Only the intervals added since are
/// sorted, then merged into the union from its end.
struct SpanUnion: Sendable {
    private var spans: [Range<Instant>] = []
    /// How many of `spans`, from the first, are a union.
    private var joined = 0
    private var compactAt = SpanUnion.least

    /// Few enough that the lists for a hundred people stay small.
    private static let least = 128

    var isEmpty: Bool { spans.isEmpty }

    mutating func append(_ span: Range<Instant>) {
        spans.append(span)
        if spans.count >= compactAt { compact() }
    }

    mutating func append(contentsOf others: [Range<Instant>]) {
        spans += others
        if spans.count >= compactAt { compact() }
    }

    mutating func append(contentsOf other: SpanUnion) {
        append(contentsOf: other.spans)
    }

    /// The union of all the intervals added (`IntervalSet`'s form).
    mutating func union() -> [Range<Instant>] {
        compact()
        return spans
    }

    private mutating func compact() {
        guard joined < spans.count else { return }
        let added = spans[joined...].sorted { $0.lowerBound < $1.lowerBound }
        let joined = joined
        let kept = spans.withUnsafeMutableBufferPointer { spans in
            SpanUnion.merge(added, into: spans, after: joined)
            return SpanUnion.join(spans)
        }
        spans.removeLast(spans.count - kept)
        self.joined = kept
        compactAt = kept + max(SpanUnion.least, kept / 2)
    }

    /// `added` merged by start into `spans`, whose first `joined` are in
    /// order and whose rest `added` takes: from the end, the later start
    /// first, so that nothing is written over before it is read.
    private static func merge(_ added: [Range<Instant>], into spans: UnsafeMutableBufferPointer<Range<Instant>>, after joined: Int) {
        var write = spans.count - 1, read = joined - 1, next = added.count - 1
        while next >= 0 {
            if read >= 0 && spans[read].lowerBound > added[next].lowerBound {
                spans[write] = spans[read]
                read -= 1
            } else {
                spans[write] = added[next]
                next -= 1
            }
            write -= 1
        }
    }

    /// Intervals in order of start joined where they overlap or touch, at
    /// the front, empty ones dropped: how many there are now.
    private static func join(_ spans: UnsafeMutableBufferPointer<Range<Instant>>) -> Int {
        var kept = 0
        for index in spans.indices where !spans[index].isEmpty {
            let interval = spans[index]
            if kept > 0 && interval.lowerBound <= spans[kept - 1].upperBound {
                spans[kept - 1] = spans[kept - 1].lowerBound..<max(spans[kept - 1].upperBound, interval.upperBound)
            } else {
                spans[kept] = interval
                kept += 1
            }
        }
        return kept
    }
}

/// Intervals gathered in any order, of which the time two or more cover
/// at once is wanted: kept as the union of those taken in so far
/// (`once`), the time they cover twice (`twice`) and those not yet taken
/// in. A point is covered twice when it was before, or when two of the
/// new ones or one of them and the union so far cover it, so the sets
/// stay exact while holding about what their unions do.
struct SpanCoverage: Sendable {
    private var once: [Range<Instant>] = []
    private var twice: [Range<Instant>] = []
    private var pending: [Range<Instant>] = []

    private static let least = 4096

    mutating func append(_ span: Range<Instant>) {
        pending.append(span)
        if pending.count >= max(SpanCoverage.least, once.count) { compact() }
    }

    mutating func append(contentsOf spans: [Range<Instant>]) {
        pending += spans
        if pending.count >= max(SpanCoverage.least, once.count) { compact() }
    }

    /// Takes in another coverage: its union as new intervals, its time covered twice as it is.
    mutating func merge(_ other: SpanCoverage) {
        twice = IntervalSet.union(twice + other.twice)
        append(contentsOf: other.once + other.pending)
    }

    /// The time covered twice or more, a union.
    mutating func coveredTwice() -> [Range<Instant>] {
        compact()
        return twice
    }

    private mutating func compact() {
        guard !pending.isEmpty else { return }
        let all = once + pending
        twice = IntervalSet.union(twice + StatsSpans.coveredTwice(all))
        once = IntervalSet.union(all)
        pending = []
    }
}

/// An occurrence's time inside the window: an all-day one's dates (busy
/// only with `--all-day-busy`), a timed one's start to end; nothing for
/// one without length. A timed one's span is held without an array of
/// its own, since nearly every occurrence has one.
struct OccurrenceSpans {
    private var one: Range<Instant>?
    private var many: [Range<Instant>] = []

    /// `days` are the window's, the first of them `from`.
    init(_ settled: borrowing SettledOccurrence, days: [LocalDay], from: LocalDate) {
        if settled.isAllDay {
            let low = max(0, Int(Int64(settled.firstDay) - from.daysSinceEpoch))
            let high = min(days.count - 1, Int(Int64(settled.lastDay) - from.daysSinceEpoch))
            if low <= high { many = days[low...high].flatMap(\.intervals) }
        } else if settled.startUTC < settled.endUTC {
            one = settled.startUTC..<settled.endUTC
        }
    }

    var isEmpty: Bool { one == nil && many.isEmpty }

    func append(to list: inout SpanUnion) {
        if let one { list.append(one) } else { list.append(contentsOf: many) }
    }

    func append(to coverage: inout SpanCoverage) {
        if let one { coverage.append(one) } else { coverage.append(contentsOf: many) }
    }
}

/// Counts the busy occurrences of one piece of a settlement's expansion
/// as they are placed (`OccurrenceCounter`), finding each event's facts
/// by the number it was given as it was read (`StatsFacts.number`).
struct StatsCounter: OccurrenceCounter {
    let facts: StatsFacts
    let days: [LocalDay]
    let from: LocalDate
    var spans: StatsSpans

    init(facts: StatsFacts, days: [LocalDay]) {
        self.facts = facts
        self.days = days
        from = days.first?.date ?? LocalDate(daysSinceEpoch: 0)
        spans = StatsSpans(from: from, to: days.last?.date ?? from)
    }

    mutating func count(_ settled: borrowing SettledOccurrence) {
        guard settled.busy else { return }
        let occurrenceSpans = OccurrenceSpans(settled, days: days, from: from)
        guard !occurrenceSpans.isEmpty else { return }
        let text = facts.numbered[settled.occurrence.eventRecord.event.ordinal]
        spans.add(occurrenceSpans, of: settled, text: text, calendar: Int(text.calendar), facts: facts)
    }
}

/// Who takes part in an event (docs/stats.md, Meetings): its attendees and
/// its organizer, counted once each by address (any case), rooms and
/// resources left out; an attendee without an address (BusyLife's
/// `attends` may give only a name) counts on its own.
struct Participants {
    /// Lower-cased addresses.
    var addresses: [String]
    var count: Int

    init(_ event: borrowing Event) {
        var seen = Set<String>()
        var unnamed = 0
        for box in event.attendeeBoxes where !box.value.isPlace {
            let attendee = box.value
            if let email = attendee.email, !email.isEmpty { seen.insert(email.lowercased()) } else { unnamed += 1 }
        }
        if let organizer = event.organizer, !organizer.isPlace, let email = organizer.email, !email.isEmpty {
            seen.insert(email.lowercased())
        }
        addresses = seen.sorted()
        count = seen.count + unnamed
    }
}
