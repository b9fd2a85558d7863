import EventModel
import Settle

/// One expanded occurrence as a JSON object (docs/occurrences.md).
package enum OccurrenceJSON {
    package static func object(_ settled: SettledOccurrence) -> String {
        var json = JSONObjectWriter()
        times(settled, into: &json)
        json.field("busy", settled.busy)
        json.field("status", settled.event.status?.rawValue)
        json.field("calendar", settled.event.calendar)
        return json.finished()
    }

    /// The fields every occurrence object starts with: uid, recurrenceId,
    /// title, start and end in the event's own terms, in UTC, allDay.
    static func times(_ settled: SettledOccurrence, into json: inout JSONObjectWriter) {
        let occurrence = settled.occurrence
        json.field("uid", occurrence.event.uid)
        json.field("recurrenceId", occurrence.recurrenceID?.iso8601)
        json.field("title", occurrence.event.title)
        json.field("start", occurrence.start.iso8601)
        json.field("end", occurrence.end.iso8601)
        json.field("startUTC", settled.startUTC.description)
        json.field("endUTC", settled.endUTC.description)
        json.field("allDay", settled.isAllDay)
    }
}
