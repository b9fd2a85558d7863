import EventModel
import Plumbing
import Settle

/// One expanded occurrence as a JSON object (docs/occurrences.md): the
/// same fields in `occurrences` and in each day's `events` of `days`,
/// which adds `part`.
package enum OccurrenceJSON {
    /// The object appended to `out`, with no String made on the way. The
    /// fields that come from the event alone are copied from `cache`, which
    /// writes them once per event: a series' occurrences share them.
    ///
    /// Read where it lies (`settled`): a copy would retain its event
    /// record, and every core's writer would contend for that count.
    package static func write(_ settled: UnsafePointer<SettledOccurrence>, timeline: ZoneTimeline,
                              into out: inout ByteWriter, cache: inout EventFieldsCache) {
        JSONObjectWriter.write(into: &out) { fields(settled, part: nil, timeline: timeline, cache: &cache, into: &$0) }
    }

    /// The object and a line feed, as `write` and then the line feed
    /// write them, in one run of stores into room reserved once (written
    /// field by field, the object's parts checked the writer's room and
    /// that it alone held its buffer five times, and the line feed once
    /// more).
    package static func writeLine(_ settled: UnsafePointer<SettledOccurrence>, timeline: ZoneTimeline,
                                  into out: inout ByteWriter, cache: inout EventFieldsCache) {
        let parts = cache.parts(of: settled)
        // uid, title and the rest lie one after another in the cache, read
        // where they lie rather than lent through a closure, so that the
        // cache's memos are written in place meanwhile, not moved out and
        // back for every line.
        let all = cache.unsafeBytes(parts.uid.lowerBound..<parts.rest.upperBound)
        var written = false
        if let base = all.baseAddress, !parts.uid.isEmpty {
            let uid = UnsafeBufferPointer(start: base + 1, count: parts.uid.count - 1)  // its comma left out
            let title = UnsafeBufferPointer(start: base + parts.uid.count, count: parts.title.count)
            let rest = UnsafeBufferPointer(start: title.baseAddress.map { $0 + title.count }, count: parts.rest.count)
            written = out.write(atMost: all.count + Room.line) { cursor in
                cursor.put("{")
                cursor.put(uid)
                guard putOccurrenceFields(settled, title: title, part: nil, timeline: timeline, into: &cursor,
                                          memos: &cache.times) else {
                    return false
                }
                cursor.put(rest)
                cursor.put("}\n")
                return true
            }
        }
        if !written {
            write(settled, timeline: timeline, into: &out, cache: &cache)
            out.append(byte: 0x0A)
        }
    }

    /// The fields, in this order: uid, recurrenceId, title, start and end
    /// in the event's own terms, in UTC and on the viewer's clock, allDay,
    /// part (a day's entry only), busy, status, location, description,
    /// attendees, categories, calendar, type; those from the event alone
    /// copied from `cache`.
    @inline(__always)
    static func fields(_ settled: UnsafePointer<SettledOccurrence>, part: DayPart?, timeline: ZoneTimeline,
                       cache: inout EventFieldsCache, into json: inout JSONObjectWriter) {
        let parts = cache.parts(of: settled)
        cache.copy(parts.uid, into: &json)
        // Read where it lies, so that the cache's memos, which outlive
        // this object, can be written meanwhile.
        let title = cache.unsafeBytes(parts.title)
        let written = json.fields(atMost: Room.occurrenceFields + title.count, memos: &cache.times) {
            putOccurrenceFields(settled, title: title, part: part, timeline: timeline, into: &$0, memos: &$1)
        }
        if !written { occurrenceFieldsOneByOne(settled.pointee, title: title, part: part, timeline: timeline, into: &json) }
        cache.copy(parts.rest, into: &json)
    }

    /// The most bytes the one-run writers store, part by part: a bound,
    /// as the cursor they write through checks nothing in a release build.
    enum Room {
        /// `,"recurrenceId":` to `,"busy":`, each key with its comma,
        /// quotes and colon (`part`'s is in `part`).
        static let keys = 98
        /// `false` twice (allDay, busy).
        static let booleans = 2 * 5
        /// `,"part":"middle"`, the longest part.
        static let part = 16
        /// recurrenceId, start, end, startUTC, endUTC, startLocal, endLocal.
        static let times = 7
        /// A time the cursor writes, and its quotes.
        static var quotedTime: Int { Instant.maxISOBytes + 2 }
        /// `putOccurrenceFields`, besides the title.
        static var occurrenceFields: Int { keys + booleans + part + times * quotedTime }
        /// `writeLine` besides the event's cached fields: `{`, the
        /// occurrence's fields and `}\n`, less the uid's comma, not copied.
        static var line: Int { 1 + occurrenceFields + 2 - 1 }
    }

    /// The fields from recurrenceId to busy, each with its leading comma,
    /// through `out` (room for `Room.occurrenceFields` and the title); false for a time
    /// of an uncommon form, which only `occurrenceFieldsOneByOne` writes.
    @inline(__always)
    private static func putOccurrenceFields(_ settled: UnsafePointer<SettledOccurrence>, title: UnsafeBufferPointer<UInt8>,
                                            part: DayPart?, timeline: ZoneTimeline,
                                            into out: inout ByteWriter.Cursor, memos: inout TimeMemos) -> Bool {
        // Its plain values alone, no copy of the occurrence.
        let start = settled.pointee.occurrence.start, end = settled.pointee.occurrence.end
        let recurrenceID = settled.pointee.occurrence.recurrenceID
        let startUTC = settled.pointee.startUTC, endUTC = settled.pointee.endUTC
        let busy = settled.pointee.busy
        let isAllDay = if case .date = start { true } else { false }
        // An instance not moved starts at its RECURRENCE-ID: the same
        // text, copied (equal times are written alike, `Zone.==`).
        var recurrenceText: UnsafeBufferPointer<UInt8>?
        if let recurrenceID {
            out.put(",\"recurrenceId\":")
            let from = out.at
            guard out.putQuoted(recurrenceID, memos: &memos) else { return false }
            if recurrenceID.isSame(as: start) { recurrenceText = UnsafeBufferPointer(start: from, count: out.at - from) }
        }
        out.put(title)
        out.put(",\"start\":")
        guard let startText = out.recording({ out in
            guard let recurrenceText else { return out.putQuoted(start, memos: &memos) }
            out.put(recurrenceText)
            return true
        }) else { return false }
        out.put(",\"end\":")
        guard let endText = out.recording({ $0.putQuoted(end, memos: &memos) }) else { return false }
        out.put(",\"startUTC\":")
        guard let startUTCText = out.recording({ putUTC(startUTC, own: start, ownText: startText, into: &$0, memos: &memos) })
        else { return false }
        out.put(",\"endUTC\":")
        guard let endUTCText = out.recording({ putUTC(endUTC, own: end, ownText: endText, into: &$0, memos: &memos) })
        else { return false }
        // The viewer's wall clock: the zone in force at the start, and
        // just before the end (an end is exclusive). Text written above
        // is copied where it is the same: a viewer at offset 0 (UTC)
        // sees the UTC time with `+00:00` for its `Z`, and one in the
        // event's own zone sees the event's time.
        let startZone = timeline.zone(at: startUTC)
        let endZone = timeline.zone(at: endUTC.adding(milliseconds: -1))
        out.put(",\"startLocal\":")
        guard putViewerTime(startUTC, in: startZone, own: start, ownText: startText,
                            utcText: startUTCText, into: &out, memos: &memos) else { return false }
        out.put(",\"endLocal\":")
        guard putViewerTime(endUTC, in: endZone, own: end, ownText: endText,
                            utcText: endUTCText, into: &out, memos: &memos) else { return false }
        out.put(",\"allDay\":")
        out.put(isAllDay)
        switch part {
        case nil: break
        case .whole?: out.put(",\"part\":\"whole\"")
        case .first?: out.put(",\"part\":\"first\"")
        case .middle?: out.put(",\"part\":\"middle\"")
        case .last?: out.put(",\"part\":\"last\"")
        }
        out.put(",\"busy\":")
        out.put(busy)
        return true
    }

    /// `instant` quoted in UTC: made from the text of the event's own time
    /// just written where that is the same instant (`putQuotedUTC`; an
    /// end before its start is placed at the start, another instant).
    @inline(__always)
    private static func putUTC(_ instant: Instant, own: EventTime, ownText: Range<UnsafeMutablePointer<UInt8>>,
                               into out: inout ByteWriter.Cursor, memos: inout TimeMemos) -> Bool {
        if case .instant(let ownInstant, _) = own, ownInstant == instant {
            return out.putQuotedUTC(instant, sameInstantAs: ownText, memos: &memos)
        }
        return out.putQuoted(instant, offsetSeconds: 0, zulu: true, memos: &memos)
    }

    /// `"`, `instant` on the viewer's clock (`viewer`), `"`, copied where it
    /// was written already: at offset 0 from its quoted UTC text
    /// (`utcText`), `Z` made `+00:00`; from the event's own time (`own`,
    /// written at `ownText`) when that is the same instant in the same
    /// zone. False for an uncommon form.
    @inline(__always)
    private static func putViewerTime(_ instant: Instant, in viewer: Zone, own: EventTime,
                                      ownText: Range<UnsafeMutablePointer<UInt8>>,
                                      utcText: Range<UnsafeMutablePointer<UInt8>>,
                                      into out: inout ByteWriter.Cursor, memos: inout TimeMemos) -> Bool {
        let offset = viewer.offset(at: instant, memo: &memos.viewerZone)
        if offset == 0 {
            out.putAtZeroOffset(utcText: utcText)
            return true
        }
        if case .instant(let ownInstant, let zone?) = own, ownInstant == instant, zone.isIdentical(to: viewer) {
            out.put(UnsafeBufferPointer(start: ownText.lowerBound, count: ownText.count))
            return true
        }
        return out.putQuoted(instant, offsetSeconds: offset, zulu: false, memos: &memos)
    }

    /// The same fields one by one, for times of uncommon forms (a year past
    /// 9999, an offset with seconds).
    private static func occurrenceFieldsOneByOne(_ settled: SettledOccurrence, title: UnsafeBufferPointer<UInt8>,
                                                 part: DayPart?, timeline: ZoneTimeline, into json: inout JSONObjectWriter) {
        let occurrence = settled.occurrence
        json.field("recurrenceId", time: occurrence.recurrenceID)
        json.fields(written: title)
        json.field("start", time: occurrence.start)
        json.field("end", time: occurrence.end)
        json.field("startUTC", utc: settled.startUTC)
        json.field("endUTC", utc: settled.endUTC)
        // The viewer's wall clock: the zone in force at the start, and
        // just before the end (an end is exclusive).
        let startZone = timeline.zone(at: settled.startUTC)
        let endZone = timeline.zone(at: settled.endUTC.adding(milliseconds: -1))
        json.field("startLocal", local: (settled.startUTC, startZone.offset(at: settled.startUTC)))
        json.field("endLocal", local: (settled.endUTC, endZone.offset(at: settled.endUTC)))
        json.field("allDay", settled.isAllDay)
        if let part { json.field("part", part.rawValue) }
        json.field("busy", settled.busy)
    }

    /// From status to type: the event's own.
    fileprivate static func eventFields(_ event: borrowing Event, into json: inout JSONObjectWriter) {
        json.field("status", event.status?.rawValue)
        if let location = event.location {
            json.object("location") { EventJSON.location(location, into: &$0) }
        }
        json.field("description", event.description)
        // Read in their boxes: `attendees` would make an array of copies.
        let attendees = event.attendeeBoxes
        if !attendees.isEmpty {
            json.objects("attendees", attendees) { EventJSON.attendee($1.value, into: &$0) }
        }
        json.strings("categories", event.categories)
        json.field("calendar", event.calendar)
        json.field("type", event.type)
    }
}

/// One event-fields cache per chunk of work formatted in parallel, kept
/// from one round of chunks to the next (a series' occurrences recur in
/// every round), each used by one thread at a time: the chunk's own.
package final class EventFieldsCaches: @unchecked Sendable {
    package let slots: UnsafeMutableBufferPointer<EventFieldsCache>

    package init(count: Int) {
        slots = .allocate(capacity: count)
        _ = slots.initialize(from: (0..<count).map { _ in EventFieldsCache() })
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }
}

/// The fields of an occurrence's object that come from its event alone,
/// written once per event (by its record) and copied for each occurrence.
/// For one batch of occurrences of one settlement: records are told apart
/// by identity, so a cache must not outlive the occurrences it saw.
/// Bounded: emptied before its fields pass 1 MiB.
package struct EventFieldsCache {
    /// `uid`, `title`, and the rest (status to type), as ranges of `bytes`,
    /// each field with its leading comma.
    struct Parts {
        var uid: Range<Int>
        var title: Range<Int>
        var rest: Range<Int>
    }

    /// Where each record's fields are: open addressing by the record's
    /// address (a multiply and a shift, where a `Dictionary` hashed every
    /// lookup with SipHash), at most half full.
    private struct Slot {
        var key: UInt = 0  // no object lives at 0: an empty slot
        var parts = Parts(uid: 0..<0, title: 0..<0, rest: 0..<0)
    }

    private var slots = [Slot](repeating: Slot(), count: 1024)
    private var used = 0
    private var bytes = ByteWriter(capacity: 1 << 14)
    private static let limit = 1 << 20
    /// The memos of the times this cache's worker writes (`writeLine`).
    var times = TimeMemos()

    package init() {}

    /// The slot holding `key`, or the empty one where it goes.
    @inline(__always)
    private func slot(of key: UInt) -> Int {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while slots[index].key != key && slots[index].key != 0 { index = (index &+ 1) & mask }
        return index
    }

    private mutating func remember(_ key: UInt, _ parts: Parts) {
        if 2 * (used + 1) > slots.count {
            let old = slots
            slots = [Slot](repeating: Slot(), count: 2 * old.count)
            for entry in old where entry.key != 0 { slots[slot(of: entry.key)] = entry }
        }
        slots[slot(of: key)] = Slot(key: key, parts: parts)
        used += 1
    }

    /// The parts of `settled`'s event: looked up by its record's
    /// identity, with no reference to the record taken unless they are
    /// written now.
    mutating func parts(of settled: UnsafePointer<SettledOccurrence>) -> Parts {
        let key = UInt(bitPattern: settled.pointee.occurrence.recordIdentity)
        let found = slot(of: key)
        if slots[found].key == key { return slots[found].parts }
        return write(settled.pointee.occurrence.eventRecord, key: key)
    }

    private mutating func write(_ record: EventRecord, key: UInt) -> Parts {
        // Emptied before the buffer would double past the limit (16 KiB
        // doubled six times is 1 MiB; an event's fields are rarely 64 KiB):
        // at most 1 MiB a cache, not 2; a larger cache saved no work. Its
        // memory is kept: made anew, the buffer grew again from 16 KiB into
        // fresh memory each time.
        if bytes.count > EventFieldsCache.limit - (64 << 10) {
            bytes.removeAll()
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: Slot()) }
            used = 0
        }
        let event = record.event
        let start = bytes.count
        JSONObjectWriter.continue(into: &bytes) { $0.field("uid", event.uid) }
        let titleStart = bytes.count
        JSONObjectWriter.continue(into: &bytes) { $0.field("title", event.title) }
        let restStart = bytes.count
        JSONObjectWriter.continue(into: &bytes) { OccurrenceJSON.eventFields(event, into: &$0) }
        let parts = Parts(uid: start..<titleStart, title: titleStart..<restStart, rest: restStart..<bytes.count)
        remember(key, parts)
        return parts
    }

    /// Fields written earlier, into `json`.
    @inline(__always)
    func copy(_ range: Range<Int>, into json: inout JSONObjectWriter) {
        withBytes(range) { json.fields(written: $0) }
    }

    /// The bytes of one of the parts, where they lie: valid until the
    /// cache writes again (`parts(of:)`), which `writeLine` and `fields`
    /// do not do while they read them.
    @inline(__always)
    func unsafeBytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes.unsafeBytes.assumingMemoryBound(to: UInt8.self)[range])
    }

    /// Calls `body` with the bytes of one of the parts.
    func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withBytes { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
