import EventModel

/// What the figures read of each event's text (its categories and its
/// people) and of its calendar, and the names of calendars, categories
/// and people as numbers, so that the breakdowns are added up by number,
/// never hashing a name for each occurrence.
///
/// Two ways to find an occurrence's facts. `stats` numbers each event as
/// it is read (`number`): its facts go into a table, the event carries
/// its entry's number (`Event.ordinal`) and lets its text go, so reading
/// keeps a number where it kept the people and categories, and a counter
/// on any core finds the facts with no lookup by key. A settlement whose
/// events were not numbered (the library's) reads each event text once
/// for the window, by the identity of the box that holds it (every part
/// and every occurrence of a series shares its master's).
struct StatsFacts: Sendable {
    /// An event text's categories and people (the viewer left out) as
    /// runs of `lists`, how many take part, the viewer counted, and (for
    /// a numbered event) its calendar's number.
    struct Text: Sendable {
        /// Held, so that no other text takes its identity, the key.
        let box: EventTextBox?
        var start: Int32
        var categoryCount: Int32
        var personCount: Int32
        var participants: Int32
        var calendar: Int32 = -1

        var count: Int { Int(participants) }
    }

    private(set) var calendars = StatsNames(), categories = StatsNames(), people = StatsNames()
    private var lists: [Int32] = []
    private var texts: [ObjectIdentifier: Text] = [:]
    private var noText: Text?
    private var lastCalendar: (name: String, number: Int)?
    /// The entries of numbered events, by `Event.ordinal`; events with the
    /// same facts share one (`shared`, by the entry's numbers).
    private(set) var numbered: [Text] = []
    private var shared: [[Int32]: Int] = [:]
    private var noTextEntries: [Int32: Int] = [:]
    /// Lower case; nil lists no people.
    let me: String?

    init(me: String?) {
        self.me = me
    }

    /// Numbers `event` as it is read: its facts' entry in `numbered` as
    /// its `ordinal`, its text let go unless `keepingText` or the busy
    /// policy reads it again (an attendee who declined may be the viewer).
    mutating func number(_ event: inout Event, keepingText: Bool) {
        let calendar = Int32(calendar(of: event.calendar))
        // Most events are read without text (far from the window): one entry for each calendar's.
        if event.heldBoxes.text == nil, let known = noTextEntries[calendar] {
            event.ordinal = known
            return
        }
        var made = text(of: event, box: nil)
        made.calendar = calendar
        let key = [calendar, made.participants, made.categoryCount] + lists[Int(made.start)...]
        if let known = shared[key] {
            lists.removeSubrange(Int(made.start)...)
            event.ordinal = known
        } else {
            shared[key] = numbered.count
            event.ordinal = numbered.count
            numbered.append(made)
        }
        if event.heldBoxes.text == nil { noTextEntries[calendar] = event.ordinal }
        if !keepingText && !event.attendeeBoxes.contains(where: { $0.value.partstat == "DECLINED" }) { event.removeText() }
    }

    /// Lets go of what numbering events needs and counting them does not.
    mutating func finishNumbering() {
        shared = [:]
        noTextEntries = [:]
    }

    /// The facts of `record`'s event's text, read the first time that text is met.
    mutating func facts(of record: EventRecord) -> Text {
        guard let box = record.event.heldBoxes.text else {
            if let noText { return noText }
            let made = text(of: record.event, box: nil)
            noText = made
            return made
        }
        if let known = texts[ObjectIdentifier(box)] { return known }
        let made = text(of: record.event, box: box)
        texts[ObjectIdentifier(box)] = made
        return made
    }

    /// The number of `record`'s calendar.
    mutating func calendar(of record: EventRecord) -> Int {
        calendar(of: record.event.calendar)
    }

    private mutating func calendar(of name: String) -> Int {
        if let last = lastCalendar, last.name == name { return last.number }
        let number = calendars.number(name)
        lastCalendar = (name, number)
        return number
    }

    /// The numbers of a text's categories (`(none)` for none), each once.
    func categories(_ text: Text) -> ArraySlice<Int32> {
        lists[Int(text.start)..<Int(text.start + text.categoryCount)]
    }

    /// The numbers of a text's people besides the viewer; none without a viewer.
    func people(_ text: Text) -> ArraySlice<Int32> {
        let from = Int(text.start + text.categoryCount)
        return lists[from..<from + Int(text.personCount)]
    }

    private mutating func text(of event: borrowing Event, box: EventTextBox?) -> Text {
        let start = Int32(lists.count)
        let names = event.categories.isEmpty ? ["(none)"] : Set(event.categories).sorted()
        for name in names { lists.append(Int32(categories.number(name))) }
        let participants = Participants(event)
        var personCount: Int32 = 0
        if let me {
            for address in participants.addresses where address != me {
                lists.append(Int32(people.number(address)))
                personCount += 1
            }
        }
        return Text(box: box, start: start, categoryCount: Int32(names.count), personCount: personCount,
                    participants: Int32(participants.count))
    }
}

/// Names by number, in the order first met.
struct StatsNames: Sendable {
    private(set) var names: [String] = []
    private var numbers: [String: Int] = [:]

    mutating func number(_ name: String) -> Int {
        if let known = numbers[name] { return known }
        numbers[name] = names.count
        names.append(name)
        return names.count - 1
    }
}
