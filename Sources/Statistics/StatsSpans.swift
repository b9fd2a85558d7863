import EventModel
import FreeBusy
import Settle

/// The busy occurrences of one settled part as the figures need them: each
/// one's time (an all-day one's dates, a timed one's span) sorted into the
/// sets that are measured (meetings, recurring meetings, time covered
/// twice) and the breakdowns (calendar, category, person), these by the
/// numbers `StatsFacts` gives their names.
struct StatsSpans {
    /// Where meetings are, a union.
    var meetings: [Range<Instant>] = []
    /// Where meetings that are instances of a series are, a union.
    var recurringMeetings: [Range<Instant>] = []
    /// Time covered by two or more busy occurrences, a union.
    var conflicts: [Range<Instant>] = []
    /// Meetings that start on each date of the part, by days from its first.
    var meetingStarts: [Int]
    /// Each calendar's, category's and person's time by its number (not
    /// yet a union): a number not yet met in this part has no entry.
    var byCalendar: [[Range<Instant>]] = []
    var byCategory: [[Range<Instant>]] = []
    var byPerson: [[Range<Instant>]] = []
    /// Each person's meetings that start inside the part, by number.
    var personStarts: [Int] = []

    /// Sorts the busy occurrences of `settlement`, reading each event's
    /// text through `facts` (the viewer left out of its people).
    init(_ settlement: Settlement, facts: inout StatsFacts) {
        let first = settlement.from.daysSinceEpoch
        let dayCount = Int(settlement.to.daysSinceEpoch - first) + 1
        meetingStarts = [Int](repeating: 0, count: dayCount)
        var all: [Range<Instant>] = [], meetings: [Range<Instant>] = [], recurring: [Range<Instant>] = []
        let occurrences = settlement.occurrences
        for position in occurrences.indices {
            let settled = occurrences.pointer(position)
            guard settled.pointee.busy else { continue }
            let spans = OccurrenceSpans(settled.pointee, in: settlement)
            guard !spans.isEmpty else { continue }
            spans.append(to: &all)
            let record = settled.pointee.occurrence.eventRecord
            let event = facts.facts(of: record)
            StatsSpans.append(spans, to: &byCalendar, at: facts.calendar(of: record))
            for category in facts.categories(event) { StatsSpans.append(spans, to: &byCategory, at: Int(category)) }
            guard event.count >= 2 else { continue }
            spans.append(to: &meetings)
            if settled.pointee.occurrence.recurrenceID != nil { spans.append(to: &recurring) }
            let offset = Int(settled.pointee.firstDate.daysSinceEpoch - first)
            let startsInside = offset >= 0 && offset < dayCount
            if startsInside { meetingStarts[offset] += 1 }
            for number in facts.people(event) {
                let person = Int(number)
                StatsSpans.append(spans, to: &byPerson, at: person)
                if personStarts.count <= person { personStarts += [Int](repeating: 0, count: person + 1 - personStarts.count) }
                if startsInside { personStarts[person] += 1 }
            }
        }
        self.meetings = IntervalSet.union(meetings)
        recurringMeetings = IntervalSet.union(recurring)
        conflicts = StatsSpans.coveredTwice(all)
    }

    /// Adds `spans` to the list numbered `number`, making the lists up to it.
    private static func append(_ spans: OccurrenceSpans, to lists: inout [[Range<Instant>]], at number: Int) {
        if lists.count <= number { lists += [[Range<Instant>]](repeating: [], count: number + 1 - lists.count) }
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

/// An occurrence's time inside the window: an all-day one's dates (busy
/// only with `--all-day-busy`), a timed one's start to end; nothing for
/// one without length. A timed one's span is held without an array of
/// its own, since nearly every occurrence has one.
struct OccurrenceSpans {
    private var one: Range<Instant>?
    private var many: [Range<Instant>] = []

    init(_ settled: borrowing SettledOccurrence, in settlement: Settlement) {
        if settled.isAllDay {
            many = settlement.dayIntervals(from: settled.firstDate, to: settled.lastDate)
        } else if settled.startUTC < settled.endUTC {
            one = settled.startUTC..<settled.endUTC
        }
    }

    var isEmpty: Bool { one == nil && many.isEmpty }

    func append(to list: inout [Range<Instant>]) {
        if let one { list.append(one) } else { list += many }
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
