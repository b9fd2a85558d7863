/// One instance of an event (docs/semantics.md section 1).
public struct Occurrence: Sendable {
    /// Shared by every occurrence of the same component: a series of a
    /// thousand instances holds its event once.
    @usableFromInline let record: EventRecord
    public var start: EventTime
    public var end: EventTime
    /// The instance's original start in its series; nil for a single event.
    public var recurrenceID: EventTime?

    public init(event: Event, start: EventTime, end: EventTime, recurrenceID: EventTime?) {
        self.init(record: EventRecord(event), start: start, end: end, recurrenceID: recurrenceID)
    }

    package init(record: EventRecord, start: EventTime, end: EventTime, recurrenceID: EventTime?) {
        self.record = record
        self.start = start
        self.end = end
        self.recurrenceID = recurrenceID
    }

    /// The event whose fields it carries: an override's replace the master's.
    public var event: Event { record.event }

    /// The same event by reference: reading one field through it copies
    /// that field, not the whole event (output reads a few per occurrence).
    package var eventRecord: EventRecord { record }

    /// The event record's identity: the same for every occurrence that
    /// shares the record, read without retaining it.
    @inlinable package var recordIdentity: ObjectIdentifier { ObjectIdentifier(record) }

    public var isAllDay: Bool {
        if case .date = start { return true }
        return false
    }
}

/// An event held once by reference.
@usableFromInline package final class EventRecord: Sendable {
    package let event: Event

    package init(_ event: consuming Event) { self.event = event }
}
