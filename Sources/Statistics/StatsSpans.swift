import EventModel
import FreeBusy
import Settle

/// The busy occurrences of a settled window as the figures need them: each
/// one's time (an all-day one's dates, a timed one's span) sorted into the
/// sets that are measured (meetings, recurring meetings, time covered
/// twice) and the breakdowns (calendar, category, person).
struct StatsSpans {
    /// Where meetings are, a union.
    var meetings: [Range<Instant>] = []
    /// Where meetings that are instances of a series are, a union.
    var recurringMeetings: [Range<Instant>] = []
    /// Time covered by two or more busy occurrences, a union.
    var conflicts: [Range<Instant>] = []
    /// The local dates meetings start on, one entry a meeting.
    var meetingStarts: [LocalDate] = []
    var byCalendar: [String: [Range<Instant>]] = [:]
    var byCategory: [String: [Range<Instant>]] = [:]
    /// Each person's meetings: their time and their start dates.
    var byPerson: [String: (spans: [Range<Instant>], starts: [LocalDate])] = [:]

    /// Sorts the busy occurrences of `settlement`; `me` (lower case) is
    /// left out of the people.
    init(_ settlement: Settlement, me: String?) {
        var all: [Range<Instant>] = [], meetings: [Range<Instant>] = [], recurring: [Range<Instant>] = []
        // What the figures read of an event, once per event record: a
        // series' occurrences share theirs, and copying the event for
        // each occurrence cost more than all the rest.
        var facts: [ObjectIdentifier: Facts] = [:]
        for settled in settlement.occurrences where settled.busy {
            let spans = StatsSpans.spans(of: settled, in: settlement)
            guard !spans.isEmpty else { continue }
            all += spans
            let identity = settled.occurrence.recordIdentity
            let event = facts[identity] ?? Facts(settled.occurrence.eventRecord.event)
            if facts[identity] == nil { facts[identity] = event }
            byCalendar[event.calendar, default: []] += spans
            for category in event.categories { byCategory[category, default: []] += spans }
            guard event.people.count >= 2 else { continue }
            meetings += spans
            if settled.occurrence.recurrenceID != nil { recurring += spans }
            meetingStarts.append(settled.firstDate)
            guard let me else { continue }
            for address in event.people.addresses where address != me {
                byPerson[address, default: ([], [])].spans += spans
                byPerson[address, default: ([], [])].starts.append(settled.firstDate)
            }
        }
        self.meetings = IntervalSet.union(meetings)
        recurringMeetings = IntervalSet.union(recurring)
        conflicts = StatsSpans.coveredTwice(all)
    }

    /// An event's calendar, categories (`(none)` for none, each once) and participants.
    struct Facts {
        var calendar: String
        var categories: [String]
        var people: Participants

        init(_ event: Event) {
            calendar = event.calendar
            categories = event.categories.isEmpty ? ["(none)"] : Set(event.categories).sorted()
            people = Participants(event)
        }
    }

    /// An occurrence's time inside the window: an all-day one's dates (busy
    /// only with `--all-day-busy`), a timed one's start to end; nothing for
    /// one without length.
    static func spans(of settled: SettledOccurrence, in settlement: Settlement) -> [Range<Instant>] {
        if settled.isAllDay { return settlement.dayIntervals(from: settled.firstDate, to: settled.lastDate) }
        return settled.startUTC < settled.endUTC ? [settled.startUTC..<settled.endUTC] : []
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

/// Who takes part in an event (docs/stats.md, Meetings): its attendees and
/// its organizer, counted once each by address (any case), rooms and
/// resources left out; an attendee without an address (BusyLife's
/// `attends` may give only a name) counts on its own.
struct Participants {
    /// Lower-cased addresses.
    var addresses: [String]
    var count: Int

    init(_ event: Event) {
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
