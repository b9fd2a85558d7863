import EventModel

/// What the figures read of each event's text (its categories and its
/// people), and the names of calendars, categories and people as numbers,
/// kept for all the parts of one window: each part expands every series
/// again, each time with a record of its own, but the text it carries is
/// the one the series keeps, so a series' text is read once for the
/// window, not once a part; and the breakdowns are added up by number,
/// never hashing a name for each occurrence.
struct StatsFacts {
    /// An event text's categories and people (the viewer left out) as
    /// runs of `lists`, and how many take part, the viewer counted.
    struct Text {
        /// Held, so that no other text takes its identity, the key.
        let box: EventTextBox?
        var start: Int32
        var categoryCount: Int32
        var personCount: Int32
        var participants: Int32

        var count: Int { Int(participants) }
    }

    private(set) var calendars = StatsNames(), categories = StatsNames(), people = StatsNames()
    private var lists: [Int32] = []
    private var texts: [ObjectIdentifier: Text] = [:]
    private var noText: Text?
    private var lastCalendar: (name: String, number: Int)?
    /// Lower case; nil lists no people.
    let me: String?

    init(me: String?) {
        self.me = me
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
        let name = record.event.calendar
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
struct StatsNames {
    private(set) var names: [String] = []
    private var numbers: [String: Int] = [:]

    mutating func number(_ name: String) -> Int {
        if let known = numbers[name] { return known }
        numbers[name] = names.count
        names.append(name)
        return names.count - 1
    }
}
