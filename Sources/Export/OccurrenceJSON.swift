import EventModel
import Settle

/// One expanded occurrence as a JSON object (docs/occurrences.md).
public enum OccurrenceJSON {
    public static func object(_ settled: SettledOccurrence) -> String {
        let occurrence = settled.occurrence
        var json = JSONObjectWriter()
        json.field("uid", occurrence.event.uid)
        json.field("recurrenceId", occurrence.recurrenceID?.iso8601)
        json.field("title", occurrence.event.title)
        json.field("start", occurrence.start.iso8601)
        json.field("end", occurrence.end.iso8601)
        json.field("startUTC", settled.startUTC.description)
        json.field("endUTC", settled.endUTC.description)
        json.field("allDay", settled.isAllDay)
        json.field("busy", settled.busy)
        json.field("status", occurrence.event.status?.rawValue)
        json.field("calendar", occurrence.event.calendar)
        return json.finished()
    }
}
