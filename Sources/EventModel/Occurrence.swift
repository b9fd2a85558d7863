/// One instance of an event (docs/semantics.md section 1).
public struct Occurrence: Sendable {
    /// Shared by every occurrence of the same component: a series of a
    /// thousand instances holds its event once.
    @usableFromInline let record: EventRecord
    public var start: EventTime
    public var end: EventTime
    /// The instance's original start in its series; nil for a single event.
    public var recurrenceID: EventTime?

    package init(event: Event, start: EventTime, end: EventTime, recurrenceID: EventTime?) {
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
    @inlinable package var eventRecord: EventRecord { record }

    /// The event record's identity: the same for every occurrence that
    /// shares the record, read without retaining it.
    @inlinable package var recordIdentity: ObjectIdentifier { ObjectIdentifier(record) }

    /// Its event's title's first eight bytes (`EventRecord.titlePrefix`),
    /// read where the title lies; the sort key keeps the first four.
    @inlinable package var titleKey: UInt64 { EventRecord.titlePrefix(record.event.title) }

    /// Its event's status and transparency, read where the record keeps
    /// them: neither the event nor the record is copied or retained (the
    /// busy test asks for both of every occurrence).
    @inlinable package var eventStatus: Event.Status? { record.event.status }
    @inlinable package var eventTransparency: Event.Transparency { record.event.transparency }

    @inlinable package var isAllDay: Bool {
        if case .date = start { return true }
        return false
    }
}

/// An event held once by reference.
@usableFromInline package final class EventRecord: Sendable {
    @usableFromInline package let event: Event

    /// 256 bytes with its header: a field more would put it in the
    /// allocator's next size class, a fifth more memory for every event.
    package init(_ event: consuming Event) { self.event = event }

    /// A title's first eight UTF-8 bytes as one big-endian number, zeros
    /// past its end: titles whose numbers differ are in that order by code
    /// points (UTF-8 keeps their order, and a title that ends comes before
    /// any that goes on).
    @inlinable package static func titlePrefix(_ title: String) -> UInt64 {
        func key(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var key: UInt64 = 0
            for index in 0..<min(bytes.count, 8) { key |= UInt64(bytes[index]) << (56 &- 8 &* UInt64(index)) }
            return key
        }
        if let found = title.utf8.withContiguousStorageIfAvailable(key) { return found }
        return Array(title.utf8.prefix(8)).withUnsafeBufferPointer(key)
    }
}
