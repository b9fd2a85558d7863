import EventModel
import Plumbing

/// The model as JSON, one object per event (docs/events.md describes every
/// field). Times are ISO 8601 in the event's own terms, plus UTC.
package enum EventJSON {
    package static let schema = "busylife.events/1"

    /// One event's object appended to `out`, nested values written in place.
    package static func write(_ event: Event, into out: inout ByteWriter) {
        JSONObjectWriter.write(into: &out) { fields(event, into: &$0) }
    }

    private static func fields(_ event: Event, into json: inout JSONObjectWriter) {
        json.field("uid", event.uid)
        if let id = event.recurrenceID {
            json.field("recurrenceId", time: id.time)
            if id.thisAndFuture { json.field("recurrenceRange", "thisAndFuture") }
        }
        json.field("title", event.title)
        time(&json, "start", event.start)
        time(&json, "end", event.end)
        json.field("allDay", isDate(event.start))
        json.field("duration", event.duration?.description)
        json.field("status", event.status?.rawValue)
        json.field("transparency", event.transparency.rawValue)
        json.field("type", event.type)
        json.field("calendar", event.calendar)
        json.field("description", event.description)
        if let location = event.location { json.object("location") { self.location(location, into: &$0) } }
        let attendees = event.attendeeBoxes  // no array of copies made
        if !attendees.isEmpty { json.objects("attendees", attendees) { attendee($1.value, into: &$0) } }
        json.strings("categories", event.categories)
        if event.sequence != 0 { json.field("sequence", event.sequence) }
        let recurrence = event.recurrence
        if !recurrence.rules.isEmpty { json.objects("rrule", recurrence.rules) { rule($1, into: &$0) } }
        if !recurrence.exceptionRules.isEmpty { json.objects("exrule", recurrence.exceptionRules) { rule($1, into: &$0) } }
        if !recurrence.dates.isEmpty { json.objects("rdate", recurrence.dates) { recurrenceDate($1, into: &$0) } }
        json.strings("exdate", recurrence.exceptionDates.map(\.iso8601))
        json.object("source") { source in
            source.field("file", event.source.file)
            source.field("line", event.source.line)
        }
    }

    /// `start`, `startKind`, `startZone`, `startUTC` (and the same for `end`).
    private static func time(_ json: inout JSONObjectWriter, _ name: String, _ value: EventTime) {
        json.field(key: name, value.iso8601)
        json.field(key: name + "Kind", value.kind)
        if case .instant(let instant, let zone) = value {
            json.field(key: name + "Zone", zone?.id ?? "UTC")
            json.field(key: name + "UTC", instant.description)
        }
    }

    private static func isDate(_ value: EventTime) -> Bool {
        if case .date = value { return true }
        return false
    }

    static func location(_ location: Location, into json: inout JSONObjectWriter) {
        json.field("name", location.name)
        json.field("city", location.city)
        json.field("latitude", location.latitude)
        json.field("longitude", location.longitude)
    }

    static func attendee(_ attendee: Attendee, into json: inout JSONObjectWriter) {
        json.field("name", attendee.name)
        json.field("email", attendee.email)
        json.field("partstat", attendee.partstat)
        json.field("role", attendee.role)
    }

    private static func rule(_ rule: RecurrenceRule, into json: inout JSONObjectWriter) {
        json.field("freq", rule.frequency.rawValue)
        json.field("interval", rule.interval)
        json.field("count", rule.count)
        json.field("until", time: rule.until)
        func list(_ name: String, _ values: [Int]) {
            if !values.isEmpty { json.raw(key: name, JSONObjectWriter.array(values.map(String.init))) }
        }
        list("bySecond", rule.bySecond)
        list("byMinute", rule.byMinute)
        list("byHour", rule.byHour)
        json.strings("byDay", rule.byDay.map(\.description))
        list("byMonthDay", rule.byMonthDay)
        list("byYearDay", rule.byYearDay)
        list("byWeekNo", rule.byWeekNo)
        list("byMonth", rule.byMonth)
        list("bySetPos", rule.bySetPos)
        json.field("wkst", RecurrenceRule.WeekdayNumber.names[(rule.weekStart - 1) % 7])
    }

    private static func recurrenceDate(_ date: RecurrenceDate, into json: inout JSONObjectWriter) {
        switch date {
        case .time(let time):
            json.field("start", time: time)
        case .period(let start, let end):
            json.field("start", time: start)
            json.field("end", time: end)
        }
    }
}
