import EventModel
import Foundation
import Settle

/// Dates, times and the few words of the agenda in one locale. Foundation
/// formats; the words (`all day`, `today`) come from `LocaleWords`, English
/// where a language is missing.
package struct AgendaLocale {
    package let identifier: String
    private let dateFormatter: DateFormatter
    private let timeFormatter: DateFormatter
    private let words: LocaleWords

    package init(identifier: String) {
        self.identifier = identifier
        let locale = Locale(identifier: identifier)
        let utc = TimeZone(identifier: "UTC")!
        dateFormatter = DateFormatter()
        dateFormatter.locale = locale
        dateFormatter.timeZone = utc
        dateFormatter.dateStyle = .full
        dateFormatter.timeStyle = .none
        timeFormatter = DateFormatter()
        timeFormatter.locale = locale
        timeFormatter.timeZone = utc
        timeFormatter.dateStyle = .none
        timeFormatter.timeStyle = .short
        words = LocaleWords(identifier: identifier)
    }

    /// `Sunday, November 22, 2026`, `Sonntag, 22. November 2026`, `2026年11月22日 日曜日`.
    package func longDate(_ date: LocalDate) -> String {
        dateFormatter.string(from: Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400 + 43_200)))
    }

    /// `9:30 AM` or `09:30`, as the locale writes short times.
    package func shortTime(_ time: LocalDateTime) -> String {
        timeFormatter.string(from: Date(timeIntervalSince1970: Double(time.secondsSinceEpoch)))
    }

    package var allDay: String { words.allDay }
    package var today: String { words.today }
    package var noEvents: String { words.noEvents }
}

/// The agenda: one section per local day with events (like Apple
/// Calendar's list view), as text or TSV. Pure: settlement in, text out.
package struct Agenda {
    package var locale: AgendaLocale
    package var today: LocalDate?
    package var emptyDays = false
    /// ANSI colour by calendar or BusyLife type.
    package var color = false
    /// Colours chosen for calendars (a vdir collection's `color` file), by
    /// calendar name: they win over the colour by type or name.
    package var calendarColors: [String: CalendarColor] = [:]
    /// 24-bit colour escapes for `calendarColors`, else the nearest of 256.
    package var truecolor = false

    package init(locale: AgendaLocale, today: LocalDate?) {
        self.locale = locale
        self.today = today
    }

    /// The text of one day, or nil for an empty day without `emptyDays`.
    package func text(_ day: LocalDay, in settlement: Settlement) -> String? {
        if day.entries.isEmpty && !emptyDays { return nil }
        var header = locale.longDate(day.date)
        if day.date == today { header += " · " + locale.today }
        if color { header = "\u{1B}[1m" + header + "\u{1B}[0m" }
        var lines = [header]
        if day.entries.isEmpty { lines.append("  " + locale.noEvents) }
        let rows = day.entries.map { entry -> (time: String, rest: String) in
            let settled = settlement.occurrences[entry.occurrence]
            return (timeRange(settled, part: entry.part, timeline: settlement.timeline), details(settled))
        }
        let width = rows.map { TerminalText.width($0.time) }.max() ?? 0
        for (index, row) in rows.enumerated() {
            let settled = settlement.occurrences[day.entries[index].occurrence]
            let padded = row.time + String(repeating: " ", count: width - TerminalText.width(row.time))
            let title = color ? paint(settled.event) + row.rest + "\u{1B}[0m" : row.rest
            lines.append("  " + padded + "  " + title)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `9:30 AM – 10:00 AM`, `all day`, and for multi-day occurrences the
    /// marks khal users know: `↦ 8:00 PM` starts, `↔ all day` continues, `⇥ 11:00 AM` ends.
    func timeRange(_ settled: SettledOccurrence, part: DayPart, timeline: ZoneTimeline) -> String {
        if settled.isAllDay {
            switch part {
            case .whole: return locale.allDay
            case .first: return "↦ " + locale.allDay
            case .middle: return "↔ " + locale.allDay
            case .last: return "⇥ " + locale.allDay
            }
        }
        let start = locale.shortTime(timeline.local(settled.startUTC))
        let end = locale.shortTime(timeline.local(settled.endUTC))
        switch part {
        case .whole: return settled.startUTC == settled.endUTC ? start : start + " – " + end
        case .first: return "↦ " + start
        case .middle: return "↔ " + locale.allDay
        case .last: return "⇥ " + end
        }
    }

    /// `Title, city, place  1h 30m`.
    func details(_ settled: SettledOccurrence) -> String {
        var text = settled.event.title
        if let place = Agenda.place(settled.event.location) { text += ", " + place }
        if let length = Agenda.duration(settled) { text += "  " + length }
        return text
    }

    /// `city, name` for BusyLife locations, else the name.
    static func place(_ location: Location?) -> String? {
        guard let location, !location.name.isEmpty || location.city != nil else { return nil }
        return [location.city, location.name.isEmpty ? nil : location.name].compactMap { $0 }.joined(separator: ", ")
    }

    /// `1h 30m`, `15m`, `2d 3h`; whole days for all-day occurrences of more than one day.
    static func duration(_ settled: SettledOccurrence) -> String? {
        if settled.isAllDay {
            let days = settled.lastDate.daysSinceEpoch - settled.firstDate.daysSinceEpoch + 1
            return days > 1 ? "\(days)d" : nil
        }
        let minutes = (settled.endUTC.milliseconds - settled.startUTC.milliseconds) / 60_000
        guard minutes > 0 else { return nil }
        let days = minutes / 1440, hours = minutes / 60 % 24, rest = minutes % 60
        var parts: [String] = []
        if days > 0 { parts.append("\(days)d") }
        if hours > 0 { parts.append("\(hours)h") }
        if rest > 0 { parts.append("\(rest)m") }
        return parts.joined(separator: " ")
    }

    /// The calendar's own colour, else a stable colour per BusyLife type,
    /// else per calendar name.
    func paint(_ event: Event) -> String {
        if let chosen = calendarColors[event.calendar] { return chosen.foreground(truecolor: truecolor) }
        let palette = [33, 208, 35, 170, 39, 160, 142, 99]
        let index: Int
        if let type = event.type {
            index = ((type % palette.count) + palette.count) % palette.count
        } else {
            var hash: UInt32 = 2_166_136_261
            for byte in event.calendar.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            index = Int(hash % UInt32(palette.count))
        }
        return "\u{1B}[38;5;\(palette[index])m"
    }

    // MARK: TSV

    package static let tsvHeader = "date\tstart\tend\tall_day\ttitle\tlocation\tcalendar\tuid\n"

    /// One row per occurrence of the day: local date, start and end (ISO
    /// with offset, or dates for all-day), then the text fields escaped.
    package static func tsvRows(_ day: LocalDay, in settlement: Settlement) -> String {
        var text = ""
        for entry in day.entries {
            let settled = settlement.occurrences[entry.occurrence]
            let timeline = settlement.timeline
            func local(_ instant: Instant) -> String {
                instant.iso8601(offsetSeconds: timeline.zone(at: instant).offset(at: instant), zulu: false)
            }
            let start = settled.isAllDay ? settled.occurrence.start.iso8601 : local(settled.startUTC)
            let end = settled.isAllDay ? settled.occurrence.end.iso8601 : local(settled.endUTC)
            let fields = [day.date.description, start, end, settled.isAllDay ? "true" : "false",
                          escape(settled.event.title), escape(place(settled.event.location) ?? ""),
                          escape(settled.event.calendar), escape(settled.event.uid)]
            text += fields.joined(separator: "\t") + "\n"
        }
        return text
    }

    /// Backslash, tab, newline and carriage return as `\\`, `\t`, `\n`, `\r`.
    static func escape(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.append(character)
            }
        }
        return out
    }
}
