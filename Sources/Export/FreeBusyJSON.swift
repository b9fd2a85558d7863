import EventModel
import FreeBusy
import Settle

/// Free slots, busy periods and conflicts as JSON (docs/free.md): times
/// local with the offset of the zone in force, and in UTC; lengths in
/// seconds (fractional only when BusyLife lengths are).
package enum FreeBusyJSON {
    package static let freeSchema = "busylife.free/1"
    package static let busySchema = "busylife.busy/1"

    /// What a `free` document says about how it was asked for.
    package struct FreeRequest {
        package var from: LocalDate
        package var to: LocalDate
        package var hours: WorkingHours
        package var minimum: Int64
        package var buffer: Int64

        package init(from: LocalDate, to: LocalDate, hours: WorkingHours, minimum: Int64, buffer: Int64) {
            self.from = from
            self.to = to
            self.hours = hours
            self.minimum = minimum
            self.buffer = buffer
        }
    }

    /// One document: schema, window, timeline, the working hours asked
    /// for, then the slots.
    package static func free(_ slots: [FreeSlot], request: FreeRequest, timeline: ZoneTimeline) -> String {
        var hours = JSONObjectWriter()
        hours.field("start", clock(request.hours.start))
        hours.field("end", clock(request.hours.end))
        var json = JSONObjectWriter()
        json.field("schema", freeSchema)
        json.raw("window", DaysJSON.window(from: request.from, to: request.to, timeline: timeline))
        json.raw("timeline", DaysJSON.timeline(timeline))
        json.raw("hours", hours.finished())
        json.strings("workdays", request.hours.workdays.sorted().map(WorkingHours.weekdayAbbreviation), omitEmpty: false)
        json.field("minSeconds", DaysJSON.seconds(request.minimum))
        json.field("bufferSeconds", DaysJSON.seconds(request.buffer))
        json.raw("slots", list(slots.map { slot($0, timeline: timeline) }))
        return json.finished() + "\n"
    }

    /// The slots one per line (ndjson).
    package static func slotLines(_ slots: [FreeSlot], timeline: ZoneTimeline) -> String {
        slots.map { slot($0, timeline: timeline) + "\n" }.joined()
    }

    /// One slot: `date`, `start`, `end`, `startUTC`, `endUTC`, `seconds`,
    /// `zone` (in force at its start), `endZone` (only where a change of
    /// zone falls inside it).
    package static func slot(_ slot: FreeSlot, timeline: ZoneTimeline) -> String {
        var json = JSONObjectWriter()
        json.field("date", slot.date.description)
        span(slot.start, slot.end, seconds: slot.milliseconds, timeline: timeline, into: &json)
        return json.finished()
    }

    /// One document: schema, window, timeline, the periods, and each
    /// day's busy seconds (as `days` counts them).
    package static func busy(_ periods: [BusyPeriod], days: [LocalDay], timeline: ZoneTimeline) -> String {
        var json = JSONObjectWriter()
        json.field("schema", busySchema)
        if let first = days.first, let last = days.last {
            json.raw("window", DaysJSON.window(from: first.date, to: last.date, timeline: timeline))
        }
        json.raw("timeline", DaysJSON.timeline(timeline))
        json.raw("periods", list(periods.map { period($0, timeline: timeline) }))
        json.raw("days", list(days.map { day in
            var entry = JSONObjectWriter()
            entry.field("date", day.date.description)
            entry.field("busySeconds", DaysJSON.seconds(day.busyMilliseconds))
            return entry.finished()
        }))
        return json.finished() + "\n"
    }

    /// One period: `start`, `end`, `startUTC`, `endUTC`, `seconds`, `zone`,
    /// `type` (`BUSY` or `BUSY-TENTATIVE`, as the VFREEBUSY writes it).
    package static func period(_ period: BusyPeriod, timeline: ZoneTimeline) -> String {
        var json = JSONObjectWriter()
        span(period.start, period.end, seconds: period.milliseconds, timeline: timeline, into: &json)
        json.field("type", period.tentative ? "BUSY-TENTATIVE" : "BUSY")
        return json.finished()
    }

    /// One conflict: the overlap (`start`, `end`, `startUTC`, `endUTC`,
    /// `seconds`, `zone`), then `first` and `second`, the two occurrences
    /// (`uid`, `recurrenceId`, `title`, `calendar`, `input` when
    /// `input` names one, `start` and `end` on the viewer's clock,
    /// `startUTC`, `endUTC`, `allDay`, `status`).
    package static func conflict(_ conflict: Conflict, in settlement: Settlement, input: (SettledOccurrence) -> String? = { _ in nil }) -> String {
        var json = JSONObjectWriter()
        span(conflict.start, conflict.end, seconds: conflict.milliseconds, timeline: settlement.timeline, into: &json)
        for (name, index) in [("first", conflict.first), ("second", conflict.second)] {
            let settled = settlement.occurrences[index]
            var side = JSONObjectWriter()
            side.field("uid", settled.event.uid)
            side.field("recurrenceId", settled.occurrence.recurrenceID?.iso8601)
            side.field("title", settled.event.title)
            side.field("calendar", settled.event.calendar)
            side.field("input", input(settled))
            if settled.isAllDay {
                side.field("start", settled.occurrence.start.iso8601)
                side.field("end", settled.occurrence.end.iso8601)
            } else {
                side.field("start", local(settled.startUTC, settlement.timeline))
                side.field("end", local(settled.endUTC, settlement.timeline, before: settled.endUTC > settled.startUTC))
            }
            side.field("startUTC", settled.startUTC.description)
            side.field("endUTC", settled.endUTC.description)
            side.field("allDay", settled.isAllDay)
            side.field("status", settled.event.status?.rawValue)
            json.raw(key: name, side.finished())
        }
        return json.finished()
    }

    // MARK: Pieces

    private static func span(_ start: Instant, _ end: Instant, seconds milliseconds: Int64, timeline: ZoneTimeline,
                             into json: inout JSONObjectWriter) {
        json.field("start", local(start, timeline))
        json.field("end", local(end, timeline, before: true))
        json.field("startUTC", start.description)
        json.field("endUTC", end.description)
        json.field("seconds", DaysJSON.seconds(milliseconds))
        let zone = timeline.zone(at: start), endZone = timeline.zone(at: end.adding(milliseconds: -1))
        json.field("zone", zone.id)
        if endZone != zone { json.field("endZone", endZone.id) }
    }

    /// ISO with the offset of the zone in force at `instant` (just before
    /// it, for an exclusive end).
    private static func local(_ instant: Instant, _ timeline: ZoneTimeline, before: Bool = false) -> String {
        let zone = timeline.zone(at: before ? instant.adding(milliseconds: -1) : instant)
        return instant.iso8601(offsetSeconds: zone.offset(at: instant), zulu: false)
    }

    /// `09:00`, `24:00`.
    private static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds / 60 % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }

    /// A JSON array, one item per line.
    private static func list(_ items: [String]) -> String {
        items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n]"
    }
}
