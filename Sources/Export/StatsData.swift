import EventModel
import FreeBusy
import Settle
import Statistics

/// `stats` for scripts and spreadsheets (docs/stats.md): one JSON
/// document (`busylife.stats/1`, docs/stats.schema.json), one period a
/// line (NDJSON), or one period a row (CSV). Field names are the figures'
/// names; every figure is whole seconds or a count.
package enum StatsData {
    package static let schema = "busylife.stats/1"

    /// The figures in the order every format writes them (made on each
    /// call: key paths are not `Sendable`, so no constant may hold them).
    package static var figureNames: [(name: StaticString, value: KeyPath<StatsFigures, Int>)] { [
        ("busySeconds", \.busySeconds), ("workingSeconds", \.workingSeconds), ("busyWorkingSeconds", \.busyWorkingSeconds),
        ("afterHoursSeconds", \.afterHoursSeconds), ("focusSeconds", \.focusSeconds), ("fragmentedSeconds", \.fragmentedSeconds),
        ("meetingSeconds", \.meetingSeconds), ("recurringMeetingSeconds", \.recurringMeetingSeconds), ("meetings", \.meetings),
        ("conflictSeconds", \.conflictSeconds), ("meetingFreeDays", \.meetingFreeDays),
    ] }

    /// One document: schema, window, timeline, how it was counted (periods,
    /// week start, working hours, workdays, focus threshold), the periods,
    /// the total and the breakdowns.
    package static func json(_ stats: Statistics, request: StatsRequest, timeline: ZoneTimeline) -> String {
        var hours = JSONObjectWriter()
        hours.field("start", clock(request.hours.start))
        hours.field("end", clock(request.hours.end))
        var json = JSONObjectWriter()
        json.field("schema", schema)
        json.raw("window", DaysJSON.window(from: stats.from, to: stats.to, timeline: timeline))
        json.raw("timeline", DaysJSON.timeline(timeline))
        json.field("by", stats.grouping.rawValue)
        json.field("weekStart", WorkingHours.weekdayAbbreviation(request.weekStart))
        json.raw("hours", hours.finished())
        json.strings("workdays", request.hours.workdays.sorted().map(WorkingHours.weekdayAbbreviation), omitEmpty: false)
        json.field("focusSeconds", stats.focusThresholdSeconds)
        json.raw("periods", list(stats.periods.map(period)))
        json.raw("total", figures(stats.total))
        json.raw("byCalendar", list(stats.byCalendar.map(share)))
        json.raw("byCategory", list(stats.byCategory.map(share)))
        json.raw("byPerson", list(stats.byPerson.map { person in
            var entry = JSONObjectWriter()
            entry.field("address", person.address)
            entry.field("meetingSeconds", person.meetingSeconds)
            entry.field("meetings", person.meetings)
            return entry.finished()
        }))
        return json.finished() + "\n"
    }

    /// The periods, one JSON object a line.
    package static func lines(_ stats: Statistics) -> String {
        stats.periods.map { period($0) + "\n" }.joined()
    }

    /// A header of the field names, then one row a period (RFC 4180, CRLF
    /// line ends as the RFC has them).
    package static func csv(_ stats: Statistics) -> String {
        let header = ["start", "end", "partial"] + figureNames.map { "\($0.name)" }
        let rows = stats.periods.map { period in
            [period.start.description, period.end.description, period.partial ? "true" : "false"]
                + figureNames.map { String(period.figures[keyPath: $0.value]) }
        }
        return ([header] + rows).map { $0.joined(separator: ",") + "\r\n" }.joined()
    }

    /// `start`, `end`, `partial`, then the figures.
    static func period(_ period: StatsPeriod) -> String {
        var json = JSONObjectWriter()
        json.field("start", period.start.description)
        json.field("end", period.end.description)
        json.field("partial", period.partial)
        for (name, value) in figureNames { json.field(name, period.figures[keyPath: value]) }
        return json.finished()
    }

    static func figures(_ figures: StatsFigures) -> String {
        var json = JSONObjectWriter()
        for (name, value) in figureNames { json.field(name, figures[keyPath: value]) }
        return json.finished()
    }

    static func share(_ share: StatsShare) -> String {
        var json = JSONObjectWriter()
        json.field("name", share.name)
        json.field("busySeconds", share.busySeconds)
        return json.finished()
    }

    /// `09:00`, `24:00`.
    static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds / 60 % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }

    /// A JSON array, one item per line.
    static func list(_ items: [String]) -> String {
        items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n]"
    }
}
