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

    /// Every day's object in order, handed to `write` a few at a time;
    /// each few are formatted on all cores at once (`ParallelChunks`, in
    /// order: the same bytes on any number of cores), and memory holds
    /// only them: one day a core (a busy day's object is most of a
    /// megabyte). Each object is lent as the writer it was formatted in
    /// (UTF-8, without a line end), not copied: `write` may append to it and
    /// drain it.
    package static func forEachDay(_ settlement: Settlement, _ write: (inout ByteWriter) -> Bool) {
        let step = max(2, ParallelChunks.width)
        var listed = settlement.listedDays.makeIterator()
        var few: [LocalDay] = []
        few.reserveCapacity(step)
        // Each chunk slot keeps its event fields from day to day (a
        // series' occurrences fall on many days); the settlement's
        // occurrences outlive them all.
        let caches = EventFieldsCaches(count: step)
        defer { caches.deallocate() }
        while true {
            few.removeAll(keepingCapacity: true)
            while few.count < step, let next = listed.next() { few.append(next) }
            if few.isEmpty { return }
            var chunks = ParallelChunks.map(count: few.count, chunks: few.count) { [few] range in
                range.map { writer(few[$0], in: settlement, cache: &caches.slots[$0]) }
            }
            for chunk in chunks.indices {
                for index in chunks[chunk].indices where !write(&chunks[chunk][index]) { return }
            }
        }
    }

    /// One day's object as bytes.
    package static func day(_ day: LocalDay, in settlement: Settlement) -> [UInt8] {
        var cache = EventFieldsCache()
        return writer(day, in: settlement, cache: &cache).bytes
    }

    static func writer(_ day: LocalDay, in settlement: Settlement, cache: inout EventFieldsCache) -> ByteWriter {
        // Room for a typical entry each (about 600 bytes) and a line end: a
        // busy day's object, most of a megabyte, is not copied again and
        // again as it grows.
        var bytes = ByteWriter(capacity: 1024 + 640 * day.entries.count)
        JSONObjectWriter.write(into: &bytes) { fields(day, in: settlement, cache: &cache, into: &$0) }
        return bytes
    }

    private static func fields(_ day: LocalDay, in settlement: Settlement, cache: inout EventFieldsCache,
                               into json: inout JSONObjectWriter) {
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
        json.objects("events", day.entries) { object, entry in
            OccurrenceJSON.fields(settlement.occurrences.pointer(entry.occurrence), part: entry.part, timeline: timeline,
                                  cache: &cache, into: &object)
        }
    }

    /// Whole seconds as an integer, else with milliseconds.
    static func seconds(_ milliseconds: Int64) -> Double { Double(milliseconds) / 1000 }
}
