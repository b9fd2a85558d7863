import EventModel
import Foundation
import Mustache
import Settle

/// `agenda --template`: one Mustache template rendered for each
/// occurrence of each day (docs/agenda.md, Templates). Fields are named in
/// kebab case, `{{start-time}} {{title}}`; sections test the flags and
/// the fields that may be empty: `{{#location}} @{{location}}{{/location}}`.
/// Nothing is HTML-escaped. Pure: settlement in, text out.
package struct AgendaTemplate {
    package struct Problem: Error, CustomStringConvertible {
        package var description: String
    }

    /// Every field, with what it holds: the documentation's table, and the
    /// names a template may use (any other is refused as a likely typo).
    package static let fields: [(name: String, meaning: String)] = [
        ("date", "the local date of the day, 2026-11-22"),
        ("day-header", "the day as the agenda's header writes it, in the locale: Sunday, November 22, 2026"),
        ("weekday", "the day's weekday in the locale: Sunday"),
        ("weekday-short", "abbreviated: Sun"),
        ("today", "true on today (a section: {{#today}}...{{/today}})"),
        ("today-word", "the locale's word for today: today, heute, 今日"),
        ("first-of-day", "true for the day's first occurrence (a section: a day header once per day)"),
        ("last-of-day", "true for the day's last occurrence"),
        ("no-events", "true when the day has none (rendered once for such a day, with --empty-days only)"),
        ("title", "the event's title"),
        ("location", "its place (city, name for BusyLife locations); empty when none"),
        ("description", "its description; empty when none"),
        ("calendar", "its calendar's name"),
        ("categories", "its categories, separated by \", \"; empty when none"),
        ("status", "tentative, confirmed or cancelled; empty when not given"),
        ("uid", "the event's UID"),
        ("all-day", "true for an all-day event"),
        ("busy", "true when the occurrence counts as busy time"),
        ("part", "whole, or first, middle, last for an occurrence over several days"),
        ("multi-day", "true when part is not whole"),
        ("time", "the agenda's time column: 9:30 AM – 10:00 AM, all day, ↦ 8:00 PM, ↔ all day, ⇥ 11:00 AM"),
        ("start-time", "the start in the locale's short time style (9:30 AM, 09:30); empty for all-day"),
        ("end-time", "the end, the same way; empty for all-day"),
        ("start-time-24", "the start as HH:MM; empty for all-day"),
        ("end-time-24", "the end as HH:MM; empty for all-day"),
        ("start-date", "the local date the occurrence starts on"),
        ("end-date", "the local date it ends on (its last day for all-day events)"),
        ("start", "ISO 8601 local time with offset, or the date for all-day (as --format tsv)"),
        ("end", "the same for the end (all-day: the day after, as in iCalendar)"),
        ("duration", "the whole occurrence's length: 1h 30m, 15m, 2d (all-day: days, when more than one); empty when zero"),
        ("duration-minutes", "its length in minutes (0 for all-day)"),
        ("zone", "the viewer's zone at the start (IANA name)"),
        ("nl", "a newline, as khal's {nl}"),
        ("tab", "a tab, as khal's {tab}"),
    ]

    private let template: MustacheTemplate
    package var locale: AgendaLocale
    package var today: LocalDate?
    package var emptyDays = false

    /// Reads `text`; `source` names it in errors (`--template`, or the
    /// file). An unknown field, a tag or section left open or another
    /// Mustache syntax error is a Problem.
    package init(_ text: String, source: String, locale: AgendaLocale, today: LocalDate?) throws(Problem) {
        try AgendaTemplate.checkTags(text, source: source)
        let pragma = "{{% CONTENT_TYPE: TEXT}}"
        do {
            template = try MustacheTemplate(string: pragma + text)
        } catch let error as MustacheTemplate.ParserError {
            let line = error.context.lineNumber
            let column = error.context.columnNumber - (line == 1 ? pragma.count : 0)
            throw Problem(description: "\(source):\(line):\(column): \(AgendaTemplate.words(error.error))")
        } catch {
            throw Problem(description: "\(source): \(error)")
        }
        self.locale = locale
        self.today = today
    }

    /// The text of one day: the template once per occurrence, each
    /// followed by a newline; nil for a day without events (unless
    /// `emptyDays`, which renders it once with the day's fields).
    package func text(_ day: LocalDay, in settlement: Settlement) -> String? {
        var text = ""
        let listed = forEachRendering(day, in: settlement) { rendered, _ in
            text += rendered
            return true
        }
        return listed ? text : nil
    }

    /// The same, one occurrence's text (with its newline) at a time, handed
    /// to `each` with the occurrence (nil for an empty day's), so that
    /// memory holds one however many a day has; false, and nothing handed,
    /// for a day without events and without `emptyDays`. Stops when `each`
    /// returns false.
    @discardableResult
    package func forEachRendering(_ day: LocalDay, in settlement: Settlement,
                                  _ each: (String, SettledOccurrence?) -> Bool) -> Bool {
        let dayFields = self.dayFields(day.date)
        if day.entries.isEmpty {
            guard emptyDays else { return false }
            var fields = dayFields
            fields["first-of-day"] = true
            fields["last-of-day"] = true
            fields["no-events"] = true
            _ = each(template.render(fields) + "\n", nil)
            return true
        }
        for (index, entry) in day.entries.enumerated() {
            var fields = dayFields
            fields["first-of-day"] = index == 0
            fields["last-of-day"] = index == day.entries.count - 1
            fields["no-events"] = false
            let settled = settlement.occurrences[entry.occurrence]
            occurrenceFields(settled, part: entry.part, timeline: settlement.timeline, into: &fields)
            guard each(template.render(fields) + "\n", settled) else { break }
        }
        return true
    }

    func dayFields(_ date: LocalDate) -> [String: Any] {
        [
            "date": date.description,
            "day-header": locale.longDate(date),
            "weekday": locale.weekday(date, short: false),
            "weekday-short": locale.weekday(date, short: true),
            "today": date == today,
            "today-word": locale.today,
            "nl": "\n",
            "tab": "\t",
        ]
    }

    func occurrenceFields(_ settled: SettledOccurrence, part: DayPart, timeline: ZoneTimeline, into fields: inout [String: Any]) {
        // A text that may be empty is left out when it is: Mustache holds
        // an empty string true, and {{#location}}...{{/location}} must not
        // print its frame around nothing.
        func text(_ name: String, _ value: String?) {
            if let value, !value.isEmpty { fields[name] = value }
        }
        let event = settled.event
        let agenda = Agenda(locale: locale, today: today)
        fields["title"] = event.title
        text("location", Agenda.place(event.location))
        text("description", event.description)
        fields["calendar"] = event.calendar
        text("categories", event.categories.joined(separator: ", "))
        text("status", event.status?.rawValue)
        fields["uid"] = event.uid
        fields["all-day"] = settled.isAllDay
        fields["busy"] = settled.busy
        fields["part"] = part.rawValue
        fields["multi-day"] = part != .whole
        fields["time"] = agenda.timeRange(settled, part: part, timeline: timeline)
        text("duration", Agenda.duration(settled, locale: locale))
        fields["zone"] = timeline.zone(at: settled.startUTC).id
        if settled.isAllDay {
            fields["start"] = settled.occurrence.start.iso8601
            fields["end"] = settled.occurrence.end.iso8601
            fields["duration-minutes"] = 0
        } else {
            let start = timeline.local(settled.startUTC), end = timeline.local(settled.endUTC)
            fields["start-time"] = locale.shortTime(start)
            fields["end-time"] = locale.shortTime(end)
            fields["start-time-24"] = AgendaTemplate.clock(start)
            fields["end-time-24"] = AgendaTemplate.clock(end)
            func local(_ instant: Instant) -> String {
                instant.iso8601(offsetSeconds: timeline.zone(at: instant).offset(at: instant), zulu: false)
            }
            fields["start"] = local(settled.startUTC)
            fields["end"] = local(settled.endUTC)
            fields["duration-minutes"] = Int((settled.endUTC.milliseconds - settled.startUTC.milliseconds) / 60_000)
        }
        fields["start-date"] = settled.firstDate.description
        fields["end-date"] = settled.lastDate.description
    }

    static func clock(_ time: LocalDateTime) -> String {
        let seconds = ((time.secondsSinceEpoch % 86_400) + 86_400) % 86_400
        let hour = seconds / 3600, minute = seconds / 60 % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// Every `{{name}}`, `{{#name}}`, `{{^name}}`, `{{/name}}`, `{{&name}}`
    /// and `{{{name}}}` must name a field: a misspelt one would print
    /// nothing and go unnoticed. Each tag must be closed with `}}` and
    /// each section with its own `{{/name}}`: said here with the tag and
    /// where it is, since Mustache's own errors name neither. Comments,
    /// pragmas and partials are not names; after a delimiter change
    /// (`{{=<% %>=}}`) nothing is checked.
    static func checkTags(_ text: String, source: String) throws(Problem) {
        let known = Set(fields.map(\.name))
        var place = TextPlace(text)
        var sections: [(name: String, tag: String, opened: String)] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            let at = place.position(of: open.lowerBound)
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "}}") else {
                let tag = "{{" + afterOpen.prefix { $0 != "\n" }.prefix(30)
                throw Problem(description: "\(source):\(at): the tag \(tag) is not closed with }}")
            }
            var name = afterOpen[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            rest = afterOpen[close.upperBound...]
            guard let sigil = name.first else { continue }
            if sigil == "=" { return }
            if "#^/&{$<".contains(sigil) { name = String(name.dropFirst()).trimmingCharacters(in: .whitespaces) }
            if name.hasSuffix("}") { name = String(name.dropLast()).trimmingCharacters(in: .whitespaces) }
            if sigil == "{", rest.first == "}" { rest = rest.dropFirst() }
            switch sigil {
            case "#", "^", "$", "<": sections.append((name, "{{\(sigil)\(name)}}", at))
            case "/":
                guard let last = sections.popLast() else {
                    throw Problem(description: "\(source):\(at): {{/\(name)}} closes no section")
                }
                guard last.name == name else {
                    throw Problem(description: "\(source):\(at): {{/\(name)}} closes the section \(last.tag) "
                        + "opened at \(last.opened); close it with {{/\(last.name)}} first")
                }
            default: break
            }
            if "!%><$".contains(sigil) || name == "." || known.contains(name) { continue }
            throw Problem(description: "\(source):\(at): no field \"\(name)\"" + nearFields(name)
                + "; fields: " + fields.map(\.name).joined(separator: ", "))
        }
        if let left = sections.last {
            throw Problem(description: "\(source):\(left.opened): the section \(left.tag) is not closed (end it with {{/\(left.name)}})")
        }
    }

    /// " (did you mean …?)" with the fields `name` likely meant, else "".
    private static func nearFields(_ name: String) -> String {
        let bare = name.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "").lowercased()
        let near = fields.map(\.name).filter { $0.replacingOccurrences(of: "-", with: "") == bare || $0.hasPrefix(String(name.prefix(5))) }
        return near.isEmpty ? "" : " (did you mean \(near.joined(separator: ", "))?)"
    }

    /// Mustache's errors in words. Its reader's own error (the template
    /// ends inside a tag) is of a type it does not export, so it is known
    /// by its name.
    static func words(_ error: Error) -> String {
        switch error {
        case MustacheTemplate.Error.sectionCloseNameIncorrect: return "a section is closed with another name than it was opened with"
        case MustacheTemplate.Error.unfinishedName: return "a tag is not closed with }}"
        case MustacheTemplate.Error.expectedSectionEnd: return "a section is not closed ({{/name}})"
        case _ where "\(error)" == "overflow": return "the template ends inside a tag"
        default: return "\(error)"
        }
    }
}

/// Lines and columns (from 1, in characters) of places in a text, found
/// going forward.
private struct TextPlace {
    let text: String
    var line = 1
    var lineStart: String.Index
    var scanned: String.Index

    init(_ text: String) {
        self.text = text
        lineStart = text.startIndex
        scanned = text.startIndex
    }

    /// `line:column` of `index`, which is not before the last one asked for.
    mutating func position(of index: String.Index) -> String {
        for i in text[scanned..<index].indices where text[i] == "\n" {
            line += 1
            lineStart = text.index(after: i)
        }
        scanned = index
        return "\(line):\(text.distance(from: lineStart, to: index) + 1)"
    }
}

extension AgendaLocale {
    /// `Sunday` or `Sun`, as the locale names weekdays.
    package func weekday(_ date: LocalDate, short: Bool) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: identifier)
        formatter.timeZone = TimeZone(identifier: "UTC")!
        formatter.setLocalizedDateFormatFromTemplate(short ? "EEE" : "EEEE")
        return formatter.string(from: Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400 + 43_200)))
    }
}
