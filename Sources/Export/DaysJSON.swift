import EventModel
import Plumbing
import Settle

/// The day models of a settled window (docs/days.md, schema in
/// docs/days.schema.json): one object per local date, every date present.
package enum DaysJSON {
    package static let schema = "busylife.days/1"

    /// The document's head: schema, window and timeline, ending where the
    /// `days` array opens (the days follow, then `]}`).
    package static func head(_ settlement: Settlement) -> String {
        var json = JSONObjectWriter()
        json.field("schema", schema)
        json.raw("window", window(from: settlement.from, to: settlement.to, timeline: settlement.timeline))
        json.raw("timeline", timeline(settlement.timeline))
        var text = json.finished()
        text.removeLast()  // reopen the object for "days"
        return text + ",\"days\":["
    }

    /// `{"from":"2026-11-01","to":"2026-11-30","tz":"America/New_York"}`.
    package static func window(from: LocalDate, to: LocalDate, timeline: ZoneTimeline) -> String {
        var window = JSONObjectWriter()
        window.field("from", from.description)
        window.field("to", to.description)
        window.field("tz", timeline.base.id)
        return window.finished()
    }

    /// The base zone, then each change: `[{"zone":…},{"at":…,"zone":…}]`.
    package static func timeline(_ timeline: ZoneTimeline) -> String {
        var changes: [String] = []
        var base = JSONObjectWriter()
        base.field("zone", timeline.base.id)
        changes.append(base.finished())
        for change in timeline.changes {
            var json = JSONObjectWriter()
            json.field("at", change.at.description)
            json.field("zone", change.zone.id)
            changes.append(json.finished())
        }
        return JSONObjectWriter.array(changes)
    }

    /// The document (`lines` false: head, days, tail) or one day a line
    /// (`lines`), handed to `output` in pieces, which returns false to
    /// stop; no more bytes in all than the work budget allows
    /// (`WorkBudget.OutputBytes`): the days end before the first that would
    /// pass it, the document still closed, and the warning says which.
    ///
    /// A few days are made at once on all cores (`ParallelChunks`, in
    /// order: the same bytes on any number of cores), each only as far as
    /// `pieceBytes`; the writer sizes the rest of a longer day before it
    /// writes any of it (a day is written whole or not at all), then makes
    /// it again part by part, so that memory holds a few pieces, not a few
    /// days (a title of a megabyte every minute makes a day of gigabytes).
    package static func write(_ settlement: Settlement, lines: Bool, to output: (inout ByteWriter) -> Bool) -> Diagnostic? {
        var budget = WorkBudget.OutputBytes(days: Int(settlement.to.daysSinceEpoch - settlement.from.daysSinceEpoch) + 1)
        var frame = ByteWriter(capacity: 1024)
        if !lines { frame.append(head(settlement)) }
        _ = budget.admit(frame.count + (lines ? 0 : 4))  // the document's frame is always written
        guard output(&frame) else { return nil }
        let step = max(2, ParallelChunks.width)
        var listed = settlement.listedDays.makeIterator()
        var few: [LocalDay] = []
        few.reserveCapacity(step)
        // Each chunk slot keeps its event fields from day to day (a
        // series' occurrences fall on many days), and so does the writer
        // (the last slot); the settlement's occurrences outlive them all.
        let caches = EventFieldsCaches(count: step + 1)
        var written = 0
        var cut: Diagnostic?
        days: while true {
            few.removeAll(keepingCapacity: true)
            while few.count < step, let next = listed.next() { few.append(next) }
            if few.isEmpty { break }
            var pieces = ParallelChunks.map(count: few.count, chunks: few.count) { [few] range in
                range.map { make(few[$0], in: settlement, cache: &caches.slots[$0]) }
            }
            for chunk in pieces.indices {
                for index in pieces[chunk].indices {
                    let before: StaticString = lines ? "" : written == 0 ? "\n" : ",\n"
                    let extra = before.utf8CodeUnitCount + (lines ? 1 : 0)
                    let size = size(of: pieces[chunk][index], in: settlement, cache: &caches.slots[step], atMost: budget.room - extra)
                    guard budget.admit(size + extra) else {
                        cut = cutDays(before: pieces[chunk][index].day, rest: &listed, budget: budget, in: settlement)
                        break days
                    }
                    frame.append(static: before)
                    guard output(&frame), finish(&pieces[chunk][index], lines: lines, in: settlement,
                                                 cache: &caches.slots[step], to: output) else { return nil }
                    written += 1
                }
            }
        }
        if !lines { frame.append(static: "\n]}\n") }
        _ = output(&frame)
        return cut
    }

    /// One day's object as bytes.
    package static func day(_ day: LocalDay, in settlement: Settlement) -> [UInt8] {
        var cache = EventFieldsCache()
        var piece = make(day, in: settlement, cache: &cache)
        var bytes: [UInt8] = []
        _ = finish(&piece, lines: false, in: settlement, cache: &cache) { part in
            bytes += part.bytes
            part.removeAll()
            return true
        }
        return bytes
    }

    /// Bytes past which a day's maker stops, leaving the rest to the writer.
    static let pieceBytes = 1 << 22

    /// A day's object as far as `pieceBytes` let its maker go: its head and
    /// events `..<next`, and its end once they are all there.
    struct DayPiece {
        var bytes: ByteWriter
        var next: Int
        let day: LocalDay
    }

    static func make(_ day: LocalDay, in settlement: Settlement, cache: inout EventFieldsCache) -> DayPiece {
        // Room for a typical entry each (about 600 bytes): a busy day's
        // object is not copied again and again as it grows.
        var bytes = ByteWriter(capacity: min(pieceBytes, 1024 + 640 * day.entries.count))
        JSONObjectWriter.write(into: &bytes) { json in
            fields(day, in: settlement, into: &json)
            json.raw("events") { $0.append(byte: 0x5B) }
        }
        bytes.keepFirst(bytes.count - 1)  // reopened: the events follow
        var piece = DayPiece(bytes: bytes, next: 0, day: day)
        while piece.next < day.entries.count && piece.bytes.count < pieceBytes {
            entry(piece.next, of: day, in: settlement, cache: &cache, into: &piece.bytes)
            piece.next += 1
        }
        if piece.next == day.entries.count { piece.bytes.append(static: "]}") }
        return piece
    }

    /// The bytes of the whole day `piece` begins, or a number past `most`
    /// once they pass it (the rest is not sized then).
    private static func size(of piece: DayPiece, in settlement: Settlement, cache: inout EventFieldsCache,
                             atMost most: Int) -> Int {
        let entries = piece.day.entries.count
        var size = piece.bytes.count + (piece.next < entries ? 2 : 0)
        var scratch = ByteWriter(capacity: 0)
        for index in piece.next..<entries where size <= most {
            scratch.removeAll()
            entry(index, of: piece.day, in: settlement, cache: &cache, into: &scratch)
            size += scratch.count
        }
        return size
    }

    /// Hands on what `piece` holds, then the rest of its day made part by
    /// part, its end and a line end (`lines`); false once `output` is.
    private static func finish(_ piece: inout DayPiece, lines: Bool, in settlement: Settlement,
                               cache: inout EventFieldsCache, to output: (inout ByteWriter) -> Bool) -> Bool {
        let entries = piece.day.entries.count
        let closed = piece.next == entries
        while piece.next < entries {
            if piece.bytes.count >= pieceBytes, !output(&piece.bytes) { return false }
            entry(piece.next, of: piece.day, in: settlement, cache: &cache, into: &piece.bytes)
            piece.next += 1
        }
        if !closed { piece.bytes.append(static: "]}") }
        if lines { piece.bytes.append(byte: 0x0A) }
        return output(&piece.bytes)
    }

    /// The `index`th event of `day`, after a comma but for the first.
    private static func entry(_ index: Int, of day: LocalDay, in settlement: Settlement, cache: inout EventFieldsCache,
                              into bytes: inout ByteWriter) {
        if index > 0 { bytes.append(byte: 0x2C) }
        let entry = day.entries[index]
        JSONObjectWriter.write(into: &bytes) { object in
            OccurrenceJSON.fields(settlement.occurrences.pointer(entry.occurrence), part: entry.part,
                                  timeline: settlement.timeline, cache: &cache, into: &object)
        }
    }

    /// The warning for days cut from `day` on, naming the first event
    /// listed on it or on a later day of `rest`.
    private static func cutDays(before day: LocalDay, rest: inout some IteratorProtocol<LocalDay>, budget: WorkBudget.OutputBytes,
                            in settlement: Settlement) -> Diagnostic {
        var next: LocalDay? = day
        while let listed = next, listed.entries.isEmpty { next = rest.next() }
        let first = next.map { settlement.occurrences[$0.entries[0].occurrence] }
        return budget.cut(beforeDay: day.date, first: first.map { ($0.event, $0.startUTC) })
    }

    /// The day's fields but its events, which come last.
    private static func fields(_ day: LocalDay, in settlement: Settlement, into json: inout JSONObjectWriter) {
        let timeline = settlement.timeline
        func local(_ instant: Instant, before: Bool = false) -> (Instant, Int) {
            let zone = timeline.zone(at: before ? instant.adding(milliseconds: -1) : instant)
            return (instant, zone.offset(at: instant))
        }
        json.field("date", time: .date(day.date))
        json.field("weekday", day.date.weekday)
        json.strings("zones", day.zones.map(\.id), omitEmpty: false)
        if let first = day.intervals.first { json.field("start", local: local(first.lowerBound)) }
        if let last = day.intervals.last { json.field("end", local: local(last.upperBound, before: true)) }
        json.objects("spans", day.intervals) { span, interval in
            span.field("start", local: local(interval.lowerBound))
            span.field("end", local: local(interval.upperBound, before: true))
        }
        json.field("lengthSeconds", seconds(day.lengthMilliseconds))
        json.field("busySeconds", seconds(day.busyMilliseconds))
        json.field("busyRatio", (day.busyRatio * 1_000_000).rounded() / 1_000_000)
        json.field("eventCount", day.eventCount)
        json.field("allDayCount", day.allDayCount)
        if !day.eventsListed { json.field("eventsListed", false) }
    }

    /// Whole seconds as an integer, else with milliseconds.
    static func seconds(_ milliseconds: Int64) -> Double { Double(milliseconds) / 1000 }
}
