/// One instance of an event (SEMANTICS.md section 1).
public struct Occurrence: Sendable {
    /// The event whose fields it carries: an override's replace the master's.
    public var event: Event
    public var start: EventTime
    public var end: EventTime
    /// The instance's original start in its series; nil for a single event.
    public var recurrenceID: EventTime?

    public init(event: Event, start: EventTime, end: EventTime, recurrenceID: EventTime?) {
        self.event = event
        self.start = start
        self.end = end
        self.recurrenceID = recurrenceID
    }

    public var isAllDay: Bool {
        if case .date = start { return true }
        return false
    }
}
