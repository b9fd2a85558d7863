import EventModel
import Foundation
import ICal
import Plumbing

/// A VTIMEZONE for a zone no input defined, from the tz database
/// (docs/convert.md, "Time zones"): the offset in force when the years
/// asked for begin, then each change of offset in them, like changes one
/// STANDARD or DAYLIGHT with RDATEs; a fixed offset is one STANDARD.
///
/// Years that reach past 2037 (a series without an end, or a time that
/// late) end instead with the zone's current yearly rule, one STANDARD or
/// DAYLIGHT with an RRULE for each change of a year, from the first year
/// the rule holds: America/New_York lists its changes up to 2006 and then
/// gives `FREQ=YEARLY;BYMONTH=3;BYDAY=2SU` and
/// `FREQ=YEARLY;BYMONTH=11;BYDAY=1SU`. A reader that knows only the
/// VTIMEZONE then places every instance of the series right.
enum VTimezoneGenerator {
    /// Years covered when nothing says which: 1970 to 2037.
    static let defaultYears = 1970...2037
    /// The last year whose changes are listed one by one when the years
    /// asked for go further: the tz database lists its changes through
    /// 2037 and gives a rule for the years after.
    static let lastListedYear = 2037
    /// The years the current rule is read from and must hold in: in 28
    /// years every date falls on every weekday.
    static let ruleYears = 2038...2065
    /// A zone whose later changes follow no yearly rule (Morocco's, listed
    /// by the tz database year by year to 2087): its changes are listed
    /// through this year at most.
    static let lastIrregularYear = 2100

    static func component(for zone: Zone, name: String, years: ClosedRange<Int>?) -> StoredComponent {
        let span = years ?? defaultYears
        // A time near either end of years 1 to 9999 can fall in year 0 or
        // 10000 on a zone's wall clock: the model's dates end there.
        let first = min(max(1, span.lowerBound), 9999)
        let last = min(9999, max(span.upperBound, first))
        let clock = TZDBClock(zone: zone)
        let startSeconds = LocalDate.dayNumber(year: first, month: 1, day: 1) * 86_400
        let initial = clock.offset(startSeconds)
        var observances = [observance(daylight: clock.isDaylight(startSeconds), from: initial, to: initial,
                                      name: clock.abbreviation(startSeconds) ?? (clock.timeZone == nil ? zone.id : nil),
                                      onsets: [LocalDateTime(secondsSinceEpoch: startSeconds)])]
        let (listed, rule) = changes(of: clock, first: first, last: last)
        var groups: [(kind: Change.Kind, onsets: [LocalDateTime])] = []
        for change in listed {
            if let index = groups.firstIndex(where: { $0.kind == change.kind }) {
                groups[index].onsets.append(change.onset)
            } else {
                groups.append((change.kind, [change.onset]))
            }
        }
        for group in groups {
            observances.append(observance(daylight: group.kind.daylight, from: group.kind.from, to: group.kind.to,
                                          name: group.kind.name, onsets: group.onsets))
        }
        if let rule {
            for change in rule.changes {
                var component = observance(daylight: change.kind.daylight, from: change.kind.from, to: change.kind.to,
                                           name: change.kind.name, onsets: [change.onset(in: rule.fromYear)])
                component = component.with(properties: component.properties + [StoredProperty(name: "RRULE", value: change.rule)])
                observances.append(component)
            }
        }
        return StoredComponent(name: "VTIMEZONE", properties: [StoredProperty(name: "TZID", value: ICalValue.text(name))],
                               children: observances)
    }

    /// The changes to list from year `first`, and the yearly rule that
    /// follows them when the years reach past 2037 and the zone has one.
    private static func changes(of clock: TZDBClock, first: Int, last: Int)
        -> (listed: [Change], rule: (changes: [YearlyChange], fromYear: Int)?) {
        guard last > lastListedYear else { return (clock.changes(years: first...last), nil) }
        guard let yearly = YearlyChange.rule(clock.changes(years: ruleYears), years: ruleYears) else {
            // No yearly rule: the changes as listed, as far as they go.
            return (first <= lastIrregularYear ? clock.changes(years: first...min(last, lastIrregularYear)) : [], nil)
        }
        let near = first <= lastListedYear ? clock.changes(years: first...lastListedYear) : []
        let byYear = Dictionary(grouping: near) { $0.onset.date.year }
        // The rule holds back to the first year whose changes it gives, and every year after.
        var since = ruleYears.lowerBound
        while since > first, YearlyChange.gives(byYear[since - 1] ?? [], yearly, in: since - 1) { since -= 1 }
        return (near.filter { $0.onset.date.year < since }, (yearly, max(since, first)))
    }

    /// A STANDARD or DAYLIGHT: DTSTART at the first onset, RDATEs at the others.
    private static func observance(daylight: Bool, from: Int, to: Int, name: String?, onsets: [LocalDateTime]) -> StoredComponent {
        var properties = [StoredProperty(name: "DTSTART", value: ICalValue.dateTime(onsets[0]))]
        for onset in onsets.dropFirst() {
            properties.append(StoredProperty(name: "RDATE", value: ICalValue.dateTime(onset)))
        }
        properties.append(StoredProperty(name: "TZOFFSETFROM", value: offsetText(from)))
        properties.append(StoredProperty(name: "TZOFFSETTO", value: offsetText(to)))
        if let name { properties.append(StoredProperty(name: "TZNAME", value: ICalValue.text(name))) }
        return StoredComponent(name: daylight ? "DAYLIGHT" : "STANDARD", properties: properties, children: [])
    }

    /// RFC 5545 UTC-OFFSET: `+0100`, `-0330`, `+053728` with seconds.
    static func offsetText(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        var writer = ByteWriter(capacity: 7)
        writer.append(byte: seconds < 0 ? 0x2D : 0x2B)
        writer.append(padded: magnitude / 3600, width: 2)
        writer.append(padded: magnitude / 60 % 60, width: 2)
        if magnitude % 60 != 0 { writer.append(padded: magnitude % 60, width: 2) }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// One change of offset.
    struct Change {
        /// What like changes share: one STANDARD or DAYLIGHT.
        struct Kind: Hashable {
            var daylight: Bool
            var from: Int
            var to: Int
            var name: String?
        }
        var kind: Kind
        /// Its wall-clock time on the clock before it (what DTSTART and RDATE give).
        var onset: LocalDateTime
    }

    /// A zone's offsets, names and changes, from the tz database through
    /// Foundation; a zone of fixed offset or of rules read from a file
    /// has no changes here.
    struct TZDBClock {
        let zone: Zone
        let timeZone: TimeZone?

        init(zone: Zone) {
            self.zone = zone
            timeZone = zone.isTZDB ? TimeZone(identifier: zone.id) : nil
        }

        func offset(_ seconds: Int64) -> Int { zone.offset(at: Instant(seconds: seconds)) }

        /// The zone's abbreviation (`EST`); none where Foundation only
        /// knows an offset spelt `GMT-5`, which would say nothing more.
        func abbreviation(_ seconds: Int64) -> String? {
            guard let text = timeZone?.abbreviation(for: Date(timeIntervalSince1970: TimeInterval(seconds))) else { return nil }
            let isOffset = text.count > 3 && (text.hasPrefix("GMT") || text.hasPrefix("UTC"))
            return isOffset ? nil : text
        }

        func isDaylight(_ seconds: Int64) -> Bool {
            timeZone?.isDaylightSavingTime(for: Date(timeIntervalSince1970: TimeInterval(seconds))) ?? false
        }

        /// The changes of offset in `years` (UTC), in order; a change of
        /// name alone is none.
        func changes(years: ClosedRange<Int>) -> [Change] {
            guard let timeZone else { return [] }
            let start = LocalDate.dayNumber(year: years.lowerBound, month: 1, day: 1) * 86_400
            let end = LocalDate.dayNumber(year: years.upperBound + 1, month: 1, day: 1) * 86_400
            var result: [Change] = []
            var cursor = Date(timeIntervalSince1970: TimeInterval(start))
            // Four changes a year at most (double summer time), and a few more.
            var budget = 4 * years.count + 8
            while budget > 0, let next = timeZone.nextDaylightSavingTimeTransition(after: cursor) {
                let seconds = Int64(next.timeIntervalSince1970.rounded())
                guard seconds < end else { break }
                let from = offset(seconds - 1)
                let to = offset(seconds)
                if from != to {
                    let kind = Change.Kind(daylight: isDaylight(seconds), from: from, to: to, name: abbreviation(seconds))
                    result.append(Change(kind: kind, onset: LocalDateTime(secondsSinceEpoch: seconds + Int64(from))))
                }
                cursor = next
                budget -= 1
            }
            return result
        }
    }

    /// A change that comes every year on the first given weekday on or
    /// after a day of a month (`Sun>=8`, `lastSun`), or on a date, at one
    /// wall-clock time.
    struct YearlyChange {
        var kind: Change.Kind
        var month: Int
        var firstDay: Int
        /// ISO weekday; nil: on `firstDay` itself.
        var weekday: Int?
        /// Seconds into the day, on the clock before the change.
        var time: Int

        func onset(in year: Int) -> LocalDateTime {
            var date = LocalDate(daysSinceEpoch: LocalDate.dayNumber(year: year, month: month, day: firstDay))
            if let weekday { date = date.adding(days: (weekday - date.weekday + 7) % 7) }
            return LocalDateTime(secondsSinceEpoch: date.daysSinceEpoch * 86_400 + Int64(time))
        }

        /// The RRULE that gives it: `2SU` for the second Sunday, `-1SU` for
        /// the last of a month of fixed length, else the seven days it may
        /// fall on (`BYMONTHDAY=23,...,29;BYDAY=FR`).
        var rule: String {
            let head = "FREQ=YEARLY;BYMONTH=\(month)"
            guard let weekday else { return head + ";BYMONTHDAY=\(firstDay)" }
            let name = RecurrenceRule.WeekdayNumber.names[weekday - 1]
            if (firstDay - 1) % 7 == 0 { return head + ";BYDAY=\((firstDay - 1) / 7 + 1)\(name)" }
            if month != 2 && firstDay + 6 == LocalDate.daysIn(month: month, year: 2001) { return head + ";BYDAY=-1\(name)" }
            return head + ";BYMONTHDAY=" + (firstDay...firstDay + 6).map(String.init).joined(separator: ",") + ";BYDAY=" + name
        }

        /// The zone's changes of each of `years` as a yearly rule: the same
        /// changes each year, each on one weekday on or after one day of
        /// its month (or on one date) at one time; nil when they are not.
        /// No change at all is a rule too (an offset that stays).
        static func rule(_ changes: [Change], years: ClosedRange<Int>) -> [YearlyChange]? {
            let byYear = Dictionary(grouping: changes) { $0.onset.date.year }
            let perYear = years.map { byYear[$0] ?? [] }
            let count = perYear[0].count
            guard perYear.allSatisfy({ $0.count == count }) else { return nil }
            var result: [YearlyChange] = []
            for index in 0..<count {
                let column = perYear.map { $0[index] }
                let dates = column.map(\.onset.date)
                let time = Int(column[0].onset.secondsSinceEpoch - dates[0].daysSinceEpoch * 86_400)
                let weekday: Int? = dates.allSatisfy({ $0.weekday == dates[0].weekday }) ? dates[0].weekday : nil
                let firstDay = weekday == nil ? dates[0].day : dates.map(\.day).min() ?? 1
                // Every year's onset must exist in its month (no `Feb 29`, no `Sun>=26` of a 30-day month).
                guard firstDay + (weekday == nil ? 0 : 6) <= LocalDate.daysIn(month: dates[0].month, year: 2001) else { return nil }
                let change = YearlyChange(kind: column[0].kind, month: dates[0].month, firstDay: firstDay, weekday: weekday, time: time)
                guard zip(years, column).allSatisfy({ $1.kind == change.kind && $1.onset == change.onset(in: $0) }) else { return nil }
                result.append(change)
            }
            return result
        }

        /// Whether `changes` are those `rule` gives in `year`.
        static func gives(_ changes: [Change], _ rule: [YearlyChange], in year: Int) -> Bool {
            changes.count == rule.count && zip(changes, rule).allSatisfy { $0.kind == $1.kind && $0.onset == $1.onset(in: year) }
        }
    }
}
