import EventModel
import FreeBusy
import Foundation
import Settle

/// The free/busy views for eyes, like the agenda: a section per local day
/// with a long localized date header (today marked; with travel, the zones
/// of the day), then one row per slot, period or conflict with its local
/// time range in the locale's short time style and its length. Pure:
/// values in, text out.
package struct FreeBusyText {
    package let locale: AgendaLocale
    package let today: LocalDate?
    private let words: LocaleWords.FreeBusy
    private let shortDate: DateFormatter

    package init(locale: AgendaLocale, today: LocalDate?) {
        self.locale = locale
        self.today = today
        words = LocaleWords(identifier: locale.identifier).freeBusy
        shortDate = DateFormatter()
        shortDate.locale = Locale(identifier: locale.identifier)
        shortDate.timeZone = TimeZone(identifier: "UTC")!
        shortDate.setLocalizedDateFormatFromTemplate("MMMd")
    }

    /// A length in the locale's words (`1h 30m`, `1 Std. 30 Min.`, `1時間30分`);
    /// one with seconds keeps them (`55m 33s`), which the words do not carry.
    private func length(_ milliseconds: Int64) -> String {
        let seconds = milliseconds / 1000
        guard seconds % 60 == 0, seconds > 0 else { return DurationText.text(milliseconds: milliseconds) }
        let minutes = Int(seconds / 60)
        return locale.duration(days: minutes / 1440, hours: minutes / 60 % 24, minutes: minutes % 60)
    }

    /// Every worked day of `days` with its free slots, or "no free time".
    package func free(days: [LocalDay], slots: [FreeSlot], hours: WorkingHours, timeline: ZoneTimeline) -> String {
        var sections: [String] = []
        var next = slots[...]
        for day in days where !hours.intervals(of: day, timeline: timeline).isEmpty {
            var rows: [(String, String)] = []
            while let slot = next.first, slot.date <= day.date {
                next = next.dropFirst()
                guard slot.date == day.date else { continue }
                rows.append((range(slot.start, slot.end, on: day.date, timeline), length(slot.milliseconds)))
            }
            sections.append(section(day, timeline: timeline, rows: rows, empty: words.noFreeTime))
        }
        return sections.joined(separator: "\n")
    }

    /// Each day's busy time, periods cut at the day's edges, tentative ones
    /// marked; days without busy time are left out.
    package func busy(days: [LocalDay], periods: [BusyPeriod], timeline: ZoneTimeline) -> String {
        let firm = periods.filter { !$0.tentative }.map { $0.start..<$0.end }
        let tentative = periods.filter(\.tentative).map { $0.start..<$0.end }
        var sections: [String] = []
        for day in days {
            var rows: [(String, String)] = []
            for interval in day.intervals {
                let pieces = (IntervalSet.clip(firm, to: interval).map { ($0, false) } + IntervalSet.clip(tentative, to: interval).map { ($0, true) })
                    .sorted { $0.0.lowerBound < $1.0.lowerBound }
                for (span, isTentative) in pieces {
                    let length = length(span.upperBound.milliseconds - span.lowerBound.milliseconds)
                    rows.append((range(span.lowerBound, span.upperBound, on: day.date, timeline),
                                 isTentative ? length + "  " + words.tentative : length))
                }
            }
            if !rows.isEmpty { sections.append(section(day, timeline: timeline, rows: rows, empty: "")) }
        }
        return sections.isEmpty ? words.noBusyTime + "\n" : sections.joined(separator: "\n")
    }

    /// The conflicts under the local date their overlap starts on (the
    /// window's first date for one that started before it): the overlap's
    /// range and length, then both occurrences with their local times,
    /// title and calendar.
    package func conflicts(_ found: Conflicts, in settlement: Settlement) -> String {
        var text = ""
        conflicts(found, in: settlement) { text += $0; return true }
        return text
    }

    /// `conflicts` a piece at a time (memory holds one date's), handed to
    /// `write`, which returns false to stop.
    package func conflicts(_ found: Conflicts, in settlement: Settlement, write: (String) -> Bool) {
        let timeline = settlement.timeline
        let lower = settlement.days.lazy.compactMap(\.intervals.first?.lowerBound).min() ?? .earliest
        guard !found.pairs.isEmpty else { _ = write(words.noConflicts + "\n"); return }
        var current: LocalDate?
        for conflict in found.pairs {
            let date = max(settlement.from, timeline.localDate(of: max(conflict.start, lower)))
            var lines: [String] = []
            if date != current {
                lines.append((current == nil ? "" : "\n") + header(date, zones: nil, timeline: timeline))
                current = date
            }
            lines.append("  " + range(conflict.start, conflict.end, on: date, timeline) + "  "
                         + words.overlap.replacingOccurrences(of: "{d}", with: length(conflict.milliseconds)))
            for index in [conflict.first, conflict.second] {
                let settled = settlement.occurrences[index]
                let when = settled.isAllDay ? allDay(settled, on: date) : range(settled.startUTC, settled.endUTC, on: date, timeline)
                lines.append("      " + when + "  " + settled.event.title + " · " + settled.event.calendar)
            }
            guard write(lines.joined(separator: "\n") + "\n") else { return }
        }
    }

    // MARK: Pieces

    private func section(_ day: LocalDay, timeline: ZoneTimeline, rows: [(String, String)], empty: String) -> String {
        var lines = [header(day.date, zones: day.zones, timeline: timeline)]
        if rows.isEmpty { lines.append("  " + empty) }
        let width = rows.map { TerminalText.width($0.0) }.max() ?? 0
        for (time, rest) in rows {
            lines.append("  " + time + String(repeating: " ", count: width - TerminalText.width(time)) + "  " + rest)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Monday, November 23, 2026 · today`; with travel, ` · America/New_York, Asia/Tokyo`.
    private func header(_ date: LocalDate, zones: [Zone]?, timeline: ZoneTimeline) -> String {
        var text = locale.longDate(date)
        if date == today { text += " · " + locale.today }
        if !timeline.changes.isEmpty {
            let shown = zones ?? timeline.zones(on: date)
            text += " · " + shown.map(\.id).joined(separator: ", ")
        }
        return text
    }

    /// `9:00 AM – 10:30 AM`; an end on another local date than `date` is
    /// written with its date (`Nov 24, 1:00 AM`), and so is such a start.
    private func range(_ start: Instant, _ end: Instant, on date: LocalDate, _ timeline: ZoneTimeline) -> String {
        func text(_ instant: Instant, before: Bool) -> String {
            let zone = timeline.zone(at: before ? instant.adding(milliseconds: -1) : instant)
            let local = zone.local(instant)
            let time = locale.shortTime(local)
            // An end at midnight ends the day it closes.
            let shownDate = before && end > start ? zone.local(instant.adding(milliseconds: -1)).date : local.date
            return shownDate == date ? time : dateText(local.date) + ", " + time
        }
        return text(start, before: false) + " – " + text(end, before: true)
    }

    /// `all day`, or `Nov 22 – Nov 24, all day` for one of several dates.
    private func allDay(_ settled: SettledOccurrence, on date: LocalDate) -> String {
        guard settled.firstDate != settled.lastDate else { return locale.allDay }
        return dateText(settled.firstDate) + " – " + dateText(settled.lastDate) + ", " + locale.allDay
    }

    private func dateText(_ date: LocalDate) -> String {
        shortDate.string(from: Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400 + 43_200)))
    }
}
