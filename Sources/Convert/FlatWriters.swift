import EventModel
import Foundation
import ICal
import Plumbing
import Settle

/// BusyLife's events.json (docs/convert.md, "events.json"): one object per
/// occurrence, sorted by start, one per line, keys in the app's order:
/// `startDate` (UTC epoch seconds), `range` (seconds), `type`, `title`,
/// `desc`, `attends`, `location` (the object form).
struct EventsJSONWriter {
    func begin(_ out: inout ByteWriter) { out.append("[\n") }

    /// One object, after a comma unless it is the `first`.
    func write(_ occurrence: SettledOccurrence, first: Bool, _ out: inout ByteWriter) {
        let event = occurrence.event
        out.append(first ? "  {\"startDate\":" : ",\n  {\"startDate\":")
        out.append(EventComponents.seconds(occurrence.startUTC.milliseconds))
        out.append(",\"range\":")
        out.append(EventComponents.seconds(occurrence.endUTC.milliseconds - occurrence.startUTC.milliseconds))
        if let type = event.type {
            out.append(",\"type\":")
            out.append(type)
        }
        out.append(",\"title\":")
        out.appendJSONString(event.title)
        if let description = event.description {
            out.append(",\"desc\":")
            out.appendJSONString(description)
        }
        out.append(",\"attends\":[")
        for (index, attendee) in event.attendees.enumerated() {
            if index > 0 { out.append(byte: 0x2C) }
            var firstKey = true
            func key(_ name: String, _ value: String?) {
                guard let value else { return }
                out.append(firstKey ? "{\"" : ",\"")
                firstKey = false
                out.append(name)
                out.append("\":")
                out.appendJSONString(value)
            }
            key("name", attendee.name)
            key("email", attendee.email)
            key("avatar", attendee.avatar)
            out.append(firstKey ? "{}" : "}")
        }
        out.append(byte: 0x5D)
        if let location = event.location {
            out.append(",\"location\":{\"name\":")
            out.appendJSONString(location.name)
            if let city = location.city {
                out.append(",\"city\":")
                out.appendJSONString(city)
            }
            if let latitude = location.latitude, let longitude = location.longitude,
               latitude.isFinite, longitude.isFinite {
                out.append(",\"latitude\":")
                out.append("\(latitude)")
                out.append(",\"longitude\":")
                out.append("\(longitude)")
            }
            out.append(byte: 0x7D)
        }
        out.append(byte: 0x7D)
    }

    /// The array's end, after no object (`empty`) or some.
    func end(_ out: inout ByteWriter, empty: Bool) { out.append(empty ? "]\n" : "\n]\n") }
}

/// A column of the CSV output (`--csv-columns`).
package enum CSVColumn: String, CaseIterable, Sendable {
    // Google Calendar's import columns, in its order.
    case subject = "Subject"
    case startDate = "Start Date"
    case startTime = "Start Time"
    case endDate = "End Date"
    case endTime = "End Time"
    case allDay = "All Day Event"
    case description = "Description"
    case location = "Location"
    case isPrivate = "Private"
    // More, for other importers and for scripts.
    case uid = "UID"
    case recurrenceID = "Recurrence ID"
    case calendar = "Calendar"
    case start = "Start"
    case end = "End"
    case attendees = "Attendees"
    case categories = "Categories"
    case status = "Status"
    case busy = "Busy"

    /// Google Calendar's columns, the default.
    package static let google: [CSVColumn] = [.subject, .startDate, .startTime, .endDate, .endTime, .allDay,
                                              .description, .location, .isPrivate]

    /// A column named case-insensitively, spaces, dashes and underscores alike.
    package init?(name: String) {
        func key(_ text: String) -> String {
            text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
        }
        guard let found = CSVColumn.allCases.first(where: { key($0.rawValue) == key(name) }) else { return nil }
        self = found
    }
}

/// CSV (RFC 4180: CRLF, fields quoted when they hold a comma, quote or
/// line break, quotes doubled) with Google Calendar's columns by default,
/// values in the viewer's zone in the forms Google's import reads:
/// `MM/DD/YYYY` dates, `h:mm AM` times; an all-day event has no times and
/// its last day (inclusive) as End Date.
struct CSVWriter {
    let columns: [CSVColumn]
    let timeline: ZoneTimeline
    /// CLASS of each event as written, by ordinal (the model has none).
    let privacy: (Event) -> Bool

    func header(_ out: inout ByteWriter) {
        row(columns.map(\.rawValue), &out)
    }

    func write(_ occurrence: SettledOccurrence, _ out: inout ByteWriter) {
        let event = occurrence.event
        let startLocal = local(occurrence.startUTC)
        let endLocal = local(occurrence.endUTC)
        let allDay = occurrence.isAllDay
        // All-day: the dates as written, the end made inclusive.
        var firstDay = startLocal.date
        var lastDay = endLocal.date
        if case .date(let start) = occurrence.occurrence.start, case .date(let end) = occurrence.occurrence.end {
            firstDay = start
            lastDay = max(start, end.adding(days: -1))
        }
        let fields: [String] = columns.map { column in
            switch column {
            case .subject: event.title
            case .startDate: Self.usDate(firstDay)
            case .startTime: allDay ? "" : Self.usTime(startLocal)
            case .endDate: Self.usDate(allDay ? lastDay : endLocal.date)
            case .endTime: allDay ? "" : Self.usTime(endLocal)
            case .allDay: allDay ? "True" : "False"
            case .description: event.description ?? ""
            case .location: event.location?.name ?? ""
            case .isPrivate: privacy(event) ? "True" : "False"
            case .uid: event.uid
            case .recurrenceID: occurrence.occurrence.recurrenceID?.iso8601 ?? ""
            case .calendar: event.calendar
            case .start: allDay ? firstDay.description : occurrence.startUTC.iso8601(offsetSeconds: offset(occurrence.startUTC), zulu: false)
            case .end: allDay ? lastDay.adding(days: 1).description : occurrence.endUTC.iso8601(offsetSeconds: offset(occurrence.endUTC), zulu: false)
            case .attendees: event.attendees.compactMap { $0.email ?? $0.name }.joined(separator: "; ")
            case .categories: event.categories.joined(separator: "; ")
            case .status: event.status?.rawValue ?? ""
            case .busy: occurrence.busy ? "True" : "False"
            }
        }
        row(fields, &out)
    }

    private func offset(_ instant: Instant) -> Int { timeline.zone(at: instant).offset(at: instant) }

    private func local(_ instant: Instant) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: instant.seconds + Int64(offset(instant)))
    }

    private func row(_ fields: [String], _ out: inout ByteWriter) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(byte: 0x2C) }
            var field = field
            field.withUTF8 { Self.field($0, &out) }
        }
        out.appendLineEnd()
    }

    /// A field's bytes, quoted when they hold a comma, quote or line
    /// break; scanned and copied in runs, not byte by byte (a title of a
    /// megabyte on every row).
    private static func field(_ bytes: UnsafeBufferPointer<UInt8>, _ out: inout ByteWriter) {
        guard let base = bytes.baseAddress else { return }
        let end = base + bytes.count
        var at = base
        while at < end && at.pointee != 0x2C && at.pointee != 0x22 && at.pointee != 0x0A && at.pointee != 0x0D { at += 1 }
        guard at < end else { return out.append(bytes: bytes) }
        out.append(byte: 0x22)
        var run = base
        at = base
        while at < end {
            if at.pointee == 0x22 {
                // The run up to and with the quote, then the quote again.
                out.append(bytes: UnsafeBufferPointer(start: run, count: at - run + 1))
                out.append(byte: 0x22)
                run = at + 1
            }
            at += 1
        }
        out.append(bytes: UnsafeBufferPointer(start: run, count: end - run))
        out.append(byte: 0x22)
    }

    /// `11/23/2026`.
    static func usDate(_ date: LocalDate) -> String {
        var writer = ByteWriter(capacity: 10)
        writer.append(padded: date.month, width: 2)
        writer.append(byte: 0x2F)
        writer.append(padded: date.day, width: 2)
        writer.append(byte: 0x2F)
        writer.append(padded: date.year, width: 4)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `9:05 AM`, `12:00 PM`.
    static func usTime(_ local: LocalDateTime) -> String {
        let hour12 = local.hour % 12 == 0 ? 12 : local.hour % 12
        var writer = ByteWriter(capacity: 8)
        writer.append(hour12)
        writer.append(byte: 0x3A)
        writer.append(padded: local.minute, width: 2)
        writer.append(local.hour < 12 ? " AM" : " PM")
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
