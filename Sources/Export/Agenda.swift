import EventModel
import Foundation
import Plumbing
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

    /// `9:30 AM` or `09:30`, as the locale writes short times, with plain
    /// spaces: ICU writes U+202F (narrow no-break space) before `AM`, and
    /// `grep '2:30 PM'` should find it.
    package func shortTime(_ time: LocalDateTime) -> String {
        AgendaLocale.plainSpaces(timeFormatter.string(from: Date(timeIntervalSince1970: Double(time.secondsSinceEpoch))))
    }

    /// U+202F, U+00A0 and U+2009 as spaces.
    static func plainSpaces(_ text: String) -> String {
        String(text.unicodeScalars.map { ["\u{202F}", "\u{00A0}", "\u{2009}"].contains($0) ? " " : Character($0) })
    }

    /// `1h 30m`, `1 Std. 30 Min.`, `1 h 30 min`, `1時間30分`.
    func duration(days: Int, hours: Int, minutes: Int) -> String {
        words.duration(days: days, hours: hours, minutes: minutes)
    }

    package var allDay: String { words.allDay }
    var cancelled: String { words.cancelled }
    var declined: String { words.declined }
    package var today: String { words.today }
    package var noEvents: String { words.noEvents }
    /// `120 events not listed (work budget, see the warning)`.
    func notListed(_ count: Int) -> String { words.notListed.replacingOccurrences(of: "{n}", with: String(count)) }
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
    /// Every calendar of the input: each without a colour of its own gets
    /// the next of `palette` in this order (sorted names), so that calendars
    /// never share a colour while there are colours left.
    package var calendars: [String] = []
    /// The attendee `--me` names: events they declined are marked.
    package var me: String?
    /// Which events are listed (`--hide-cancelled`, `--hide-declined`, `--no-all-day`).
    package var shown = Shown()

    /// Which events the agenda lists; all by default.
    package struct Shown: Sendable {
        package var cancelled = true
        package var declined = true
        package var allDay = true
        /// Whose declines count.
        package var me: String?

        package init(cancelled: Bool = true, declined: Bool = true, allDay: Bool = true, me: String? = nil) {
            self.cancelled = cancelled
            self.declined = declined
            self.allDay = allDay
            self.me = me
        }

        package func includes(_ settled: SettledOccurrence) -> Bool {
            if !allDay && settled.isAllDay { return false }
            if !cancelled && settled.event.status == .cancelled { return false }
            if !declined, let me = me?.lowercased(),
               settled.event.attendees.contains(where: { $0.email?.lowercased() == me && $0.partstat == "DECLINED" }) {
                return false
            }
            return true
        }
    }
    /// The terminal's columns: each event's line is cut to them with `…`;
    /// nil (a pipe or file) never cuts.
    package var width: Int?

    package init(locale: AgendaLocale, today: LocalDate?) {
        self.locale = locale
        self.today = today
    }

    /// The text of one day, or nil for an empty day without `emptyDays`.
    package func text(_ day: LocalDay, in settlement: Settlement) -> String? {
        var lines: [String] = []
        let listed = forEachLine(day, in: settlement) { line, _ in
            lines.append(line)
            return true
        }
        return listed ? lines.joined(separator: "\n") + "\n" : nil
    }

    /// The lines of one day, each without its line end, handed to `line`
    /// one at a time with the occurrence it lists (nil for the header and
    /// its notes), so that memory holds one however many a day has; false,
    /// and no line handed, for an empty day without `emptyDays`. Stops
    /// when `line` returns false.
    @discardableResult
    package func forEachLine(_ day: LocalDay, in settlement: Settlement,
                             _ line: (String, SettledOccurrence?) -> Bool) -> Bool {
        let entries = day.entries.filter { shown.includes(settlement.occurrences[$0.occurrence]) }
        if entries.isEmpty && !emptyDays && day.eventsListed { return false }
        var header = locale.longDate(day.date)
        if day.date == today { header += " · " + locale.today }
        if color { header = "\u{1B}[1m" + header + "\u{1B}[0m" }
        guard line(header, nil) else { return true }
        if !day.eventsListed { guard line("  " + locale.notListed(day.eventCount), nil) else { return true } }
        else if entries.isEmpty { guard line("  " + locale.noEvents, nil) else { return true } }
        let times = entries.map { timeRange(settlement.occurrences[$0.occurrence], part: $0.part, timeline: settlement.timeline) }
        let timeWidth = times.map { TerminalText.width($0) }.max() ?? 0
        for (index, time) in times.enumerated() {
            let settled = settlement.occurrences[entries[index].occurrence]
            let padded = time + String(repeating: " ", count: timeWidth - TerminalText.width(time))
            let mark = self.mark(settled.event).map { "  (" + $0 + ")" } ?? ""
            let room = width.map { max(1, $0 - 4 - timeWidth - TerminalText.width(mark)) }
            let details = details(settled)
            let rest = room.map { TerminalText.truncated(details, $0) } ?? details
            // Cancelled and declined events are dimmed and struck through.
            let title = color ? paint(settled.event) + (mark.isEmpty ? "" : "\u{1B}[2;9m") + rest + "\u{1B}[0m" + mark : rest + mark
            guard line("  " + padded + "  " + title, settled) else { return true }
        }
        return true
    }

    /// `cancelled` for a cancelled event, `declined` for one `me` declined, else nil.
    func mark(_ event: Event) -> String? {
        if event.status == .cancelled { return locale.cancelled }
        if let me = me?.lowercased(),
           event.attendees.contains(where: { $0.email?.lowercased() == me && $0.partstat == "DECLINED" }) {
            return locale.declined
        }
        return nil
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

    /// `Title, city, place  1h 30m`, on one line: line breaks in the
    /// title or place are written ` ↵ ` (a blank line is dropped), tabs as spaces.
    func details(_ settled: SettledOccurrence) -> String {
        var text = Agenda.oneLine(settled.event.title)
        if let place = Agenda.place(settled.event.location) { text += ", " + Agenda.oneLine(place) }
        if let length = Agenda.duration(settled, locale: locale) { text += "  " + length }
        return text
    }

    /// The text's lines joined with ` ↵ `, empty lines and the spaces
    /// around each break dropped, tabs as spaces.
    static func oneLine(_ text: String) -> String {
        // By bytes first, not characters: a title of a megabyte is read
        // once, cheaply. Tabs and breaks are bytes 09 to 0D, or start with
        // C2 (U+0085) or E2 (U+2028, U+2029).
        var bytes = text
        let mayBreak = bytes.withUTF8 { utf8 in
            guard var at = utf8.baseAddress else { return false }
            let end = at + utf8.count
            while at < end {
                let byte = at.pointee
                if byte >= 0x09 && byte <= 0x0D || byte == 0xC2 || byte == 0xE2 { return true }
                at += 1
            }
            return false
        }
        guard mayBreak, text.contains(where: { $0.isNewline || $0 == "\t" }) else { return text }
        return text.split(whereSeparator: \.isNewline)
            .map { $0.replacingOccurrences(of: "\t", with: " ").trimmingWhiteSpace }
            .filter { !$0.isEmpty }
            .joined(separator: " ↵ ")
    }

    /// `city, name` for BusyLife locations, else the name.
    static func place(_ location: Location?) -> String? {
        guard let location, !location.name.isEmpty || location.city != nil else { return nil }
        return [location.city, location.name.isEmpty ? nil : location.name].compactMap { $0 }.joined(separator: ", ")
    }

    /// `1h 30m`, `15m`, `2d 3h` in the locale's words (`1 Std. 30 Min.`);
    /// whole days for all-day occurrences of more than one day.
    static func duration(_ settled: SettledOccurrence, locale: AgendaLocale) -> String? {
        if settled.isAllDay {
            let days = Int(settled.lastDate.daysSinceEpoch - settled.firstDate.daysSinceEpoch + 1)
            return days > 1 ? locale.duration(days: days, hours: 0, minutes: 0) : nil
        }
        let minutes = Int((settled.endUTC.milliseconds - settled.startUTC.milliseconds) / 60_000)
        guard minutes > 0 else { return nil }
        return locale.duration(days: minutes / 1440, hours: minutes / 60 % 24, minutes: minutes % 60)
    }

    /// Eight colours of the 256-colour palette far apart in hue: blue,
    /// orange, green, magenta, yellow, red, cyan, purple.
    static let palette = [33, 208, 34, 170, 220, 160, 44, 99]

    /// The calendar's own colour (a vdir `color`), else a colour per
    /// calendar, the next of `palette` for each in sorted order (calendars
    /// apart until the palette runs out; a name not in `calendars` by its
    /// hash), else for BusyLife events one per `type`.
    func paint(_ event: Event) -> String {
        if let chosen = calendarColors[event.calendar] { return chosen.foreground(truecolor: truecolor) }
        let palette = Agenda.palette
        let index: Int
        if let type = event.type {
            index = ((type % palette.count) + palette.count) % palette.count
        } else if let position = calendars.filter({ calendarColors[$0] == nil }).firstIndex(of: event.calendar) {
            index = position % palette.count
        } else {
            var hash = StableHash()
            hash.add(event.calendar)
            index = Int(hash.value % UInt64(palette.count))
        }
        return "\u{1B}[38;5;\(palette[index])m"
    }

    // MARK: TSV

    package static let tsvHeader = "date\tstart\tend\tall_day\ttitle\tlocation\tcalendar\tuid\tstatus\tbusy\tduration\tdescription\n"

    /// One row per occurrence of the day: local date, start and end (ISO
    /// with offset, or dates for all-day), the text fields escaped, then
    /// status (`confirmed`, `tentative`, `cancelled` or empty), busy
    /// (`true`/`false`, as busy time counts it), duration (whole seconds of
    /// the whole occurrence) and description.
    package static func tsvRows(_ day: LocalDay, in settlement: Settlement, shown: Shown = Shown()) -> String {
        var out = ByteWriter(capacity: 1024)
        tsvRows(day, in: settlement, shown: shown, into: &out)
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The same rows appended to `out` as bytes, with no String made per
    /// field or per row.
    package static func tsvRows(_ day: LocalDay, in settlement: Settlement, shown: Shown = Shown(),
                                into out: inout ByteWriter) {
        var memos = TimeMemos()
        for entry in day.entries where shown.includes(settlement.occurrences[entry.occurrence]) {
            tsvRow(entry, on: day, in: settlement, into: &out, memos: &memos)
        }
    }

    /// One row, its line end included.
    package static func tsvRow(_ entry: LocalDay.Entry, on day: LocalDay, in settlement: Settlement, into out: inout ByteWriter,
                                memos: inout TimeMemos) {
        let timeline = settlement.timeline
        let settled = settlement.occurrences[entry.occurrence]
        let event = settled.occurrence.eventRecord.event
        out.appendISO8601(.date(day.date), memos: &memos)
        out.append(byte: 0x09)
        if settled.isAllDay {
            out.appendISO8601(settled.occurrence.start, memos: &memos)
            out.append(byte: 0x09)
            out.appendISO8601(settled.occurrence.end, memos: &memos)
        } else {
            let start = settled.startUTC, end = settled.endUTC
            out.appendISO8601(start, offsetSeconds: timeline.zone(at: start).offset(at: start), zulu: false, memos: &memos)
            out.append(byte: 0x09)
            out.appendISO8601(end, offsetSeconds: timeline.zone(at: end).offset(at: end), zulu: false, memos: &memos)
        }
        out.append(byte: 0x09)
        if settled.isAllDay { out.append(static: "true\t") } else { out.append(static: "false\t") }
        out.appendTSVEscaped(event.title)
        out.append(byte: 0x09)
        if let location = event.location, !location.name.isEmpty || location.city != nil {
            // `place`: `city, name`, or either alone.
            if let city = location.city {
                out.appendTSVEscaped(city)
                if !location.name.isEmpty { out.append(static: ", ") }
            }
            out.appendTSVEscaped(location.name)
        }
        out.append(byte: 0x09)
        out.appendTSVEscaped(event.calendar)
        out.append(byte: 0x09)
        out.appendTSVEscaped(event.uid)
        out.append(byte: 0x09)
        if let status = event.status { out.append(status.rawValue) }
        out.append(byte: 0x09)
        if settled.busy { out.append(static: "true\t") } else { out.append(static: "false\t") }
        out.append((settled.endUTC.milliseconds - settled.startUTC.milliseconds) / 1000)
        out.append(byte: 0x09)
        if let description = event.description { out.appendTSVEscaped(description) }
        out.append(byte: 0x0A)
    }
}
