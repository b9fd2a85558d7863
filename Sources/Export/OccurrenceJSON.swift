import EventModel
import Settle

/// One expanded occurrence as a JSON object (docs/occurrences.md): the
/// same fields in `occurrences` and in each day's `events` of `days`,
/// which adds `part`.
package enum OccurrenceJSON {
    /// The object appended to `out`, with no String made on the way.
    package static func write(_ settled: SettledOccurrence, timeline: ZoneTimeline, into out: inout ByteWriter) {
        JSONObjectWriter.write(into: &out) { fields(settled, part: nil, timeline: timeline, into: &$0) }
    }

    /// The fields, in this order: uid, recurrenceId, title, start and end
    /// in the event's own terms, in UTC and on the viewer's clock, allDay,
    /// part (a day's entry only), busy, status, location, description,
    /// attendees, categories, calendar, type.
    static func fields(_ settled: SettledOccurrence, part: DayPart?, timeline: ZoneTimeline,
                       into json: inout JSONObjectWriter) {
        let occurrence = settled.occurrence
        let record = occurrence.eventRecord
        json.field("uid", record.event.uid)
        json.field("recurrenceId", time: occurrence.recurrenceID)
        json.field("title", record.event.title)
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
        json.field("status", record.event.status?.rawValue)
        if let location = record.event.location {
            json.object("location") { EventJSON.location(location, into: &$0) }
        }
        json.field("description", record.event.description)
        if !record.event.attendees.isEmpty {
            json.objects("attendees", record.event.attendees) { EventJSON.attendee($1, into: &$0) }
        }
        json.strings("categories", record.event.categories)
        json.field("calendar", record.event.calendar)
        json.field("type", record.event.type)
    }
}
