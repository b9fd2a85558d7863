import EventModel
import Settle

/// One expanded occurrence as a JSON object (docs/occurrences.md).
package enum OccurrenceJSON {
    /// The object appended to `out`, with no String made on the way.
    package static func write(_ settled: SettledOccurrence, into out: inout ByteWriter) {
        var json = JSONObjectWriter()
        fields(settled, into: &json)
        json.finish(into: &out)
    }

    private static func fields(_ settled: SettledOccurrence, into json: inout JSONObjectWriter) {
        times(settled, into: &json)
        let record = settled.occurrence.eventRecord
        json.field("busy", settled.busy)
        json.field("status", record.event.status?.rawValue)
        json.field("calendar", record.event.calendar)
    }

    /// The fields every occurrence object starts with: uid, recurrenceId,
    /// title, start and end in the event's own terms, in UTC, allDay.
    static func times(_ settled: SettledOccurrence, into json: inout JSONObjectWriter) {
        let occurrence = settled.occurrence
        let record = occurrence.eventRecord
        json.field("uid", record.event.uid)
        json.field("recurrenceId", time: occurrence.recurrenceID)
        json.field("title", record.event.title)
        json.field("start", time: occurrence.start)
        json.field("end", time: occurrence.end)
        json.field("startUTC", utc: settled.startUTC)
        json.field("endUTC", utc: settled.endUTC)
        json.field("allDay", settled.isAllDay)
    }
}
