import EventModel

/// A date as people type it on a command line, read against a fixed today.
///
/// Every form names a span of local days, `first...last`:
///
/// | typed                          | span (today = Sunday 2026-11-22)         |
/// |--------------------------------|------------------------------------------|
/// | `2026-11-24`                   | that day                                 |
/// | `today`, `now`                 | 2026-11-22                               |
/// | `tomorrow`, `yesterday`        | 2026-11-23, 2026-11-21                   |
/// | `+3d`, `-2w`, `+1m`, `+1y`     | 2026-11-25, 2026-11-08, 2026-12-22, 2027-11-22 |
/// | `monday` ... `sunday`, `mon`   | the next such day, today if it is one: `sunday` = 2026-11-22, `monday` = 2026-11-23 |
/// | `2026-11`                      | 2026-11-01 ... 2026-11-30 (a month)      |
/// | `2026`                         | 2026-01-01 ... 2026-12-31 (a year)       |
/// | `2026-W48`                     | 2026-11-23 ... 2026-11-29 (an ISO week, Monday first) |
///
/// Relative forms count from a base day: today, or for `--to` the first
/// day of `--from`. A month or year added to the 31st ends on the last day
/// of a shorter month: 2026-01-31 `+1m` is 2026-02-28. Words and units are
/// read in any case; a sign may be left out (`7d` is `+7d`).
///
/// A year must have four digits (`26` is refused, not read as year 26), and
/// a date must exist: `2026-02-30` is "no such date".
package struct DateInput: Hashable, Sendable, CustomStringConvertible {
    /// The first and last day the text names (the same day for a day).
    package var first: LocalDate
    package var last: LocalDate

    /// Whether the text named more than a day (a month, a year, an ISO
    /// week): alone, such a value is the whole window.
    package var isUnit: Bool { first != last }

    package var description: String { isUnit ? "\(first)...\(last)" : "\(first)" }

    package init(first: LocalDate, last: LocalDate) {
        self.first = first
        self.last = last
    }

    /// Why a text is not a date.
    package struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The forms, for help and error messages.
    package static let forms = "YYYY-MM-DD, YYYY-MM, YYYY, YYYY-Www, today, tomorrow, yesterday, now, +3d, -2w, +1m, +1y or a weekday name"

    /// Reads `text` against `today`; relative forms count from `base`
    /// (today when nil).
    package static func parse(_ text: String, today: LocalDate, base: LocalDate? = nil) throws(Problem) -> DateInput {
        let raw = text.trimmingBlanks().lowercased()
        func day(_ date: LocalDate) -> DateInput { DateInput(first: date, last: date) }
        switch raw {
        case "today", "now": return day(today)
        case "tomorrow": return try day(shifted(today, days: 1))
        case "yesterday": return try day(shifted(today, days: -1))
        default: break
        }
        if let weekday = weekdays[raw] {
            return day(today.adding(days: (weekday - today.weekday + 7) % 7))
        }
        if let relative = try relative(raw, from: base ?? today, text: text) { return day(relative) }
        return try absolute(raw, text: text)
    }

    /// `monday`/`mon` ... `sunday`/`sun` to ISO weekdays (1 Monday ... 7 Sunday).
    static let weekdays: [String: Int] = {
        var table: [String: Int] = [:]
        for (index, name) in ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].enumerated() {
            table[name] = index + 1
            table[String(name.prefix(3))] = index + 1
        }
        return table
    }()

    /// Whether `text` is written as a relative date (`-2w`, `+3d`, `7d`, in
    /// any case), however far it reaches.
    package static func isRelative(_ text: String) -> Bool {
        relativeParts(text.trimmingBlanks().lowercased()) != nil
    }

    /// The sign, digits and unit of `+3d`, `-2w`, `+1m`, `+1y`, `7d`; nil
    /// when the text has another shape.
    static func relativeParts(_ raw: String) -> (sign: Int, digits: Substring, unit: Character)? {
        var body = Substring(raw)
        var sign = 1
        if body.first == "+" { body.removeFirst() } else if body.first == "-" { sign = -1; body.removeFirst() }
        guard let unit = body.last, "dwmy".contains(unit) else { return nil }
        let digits = body.dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return (sign, digits, unit)
    }

    /// `+3d`, `-2w`, `+1m`, `+1y`, `7d`; nil when the text has another shape.
    static func relative(_ raw: String, from base: LocalDate, text: String) throws(Problem) -> LocalDate? {
        guard let (sign, digits, unit) = relativeParts(raw) else { return nil }
        guard digits.count <= 7, let count = Int(digits) else { throw Problem(description: "\"\(text)\" reaches past 9999-12-31") }
        let amount = sign * count
        switch unit {
        case "d": return try shifted(base, days: amount, text: text)
        case "w": return try shifted(base, days: amount * 7, text: text)
        case "m": return try shifted(base, months: amount, text: text)
        default: return try shifted(base, months: amount * 12, text: text)
        }
    }

    /// YYYY-MM-DD, YYYY-MM, YYYY and YYYY-Www.
    static func absolute(_ raw: String, text: String) throws(Problem) -> DateInput {
        let parts = raw.split(separator: "-", omittingEmptySubsequences: false)
        func number(_ part: Substring, digits: Int) -> Int? {
            part.count == digits && part.allSatisfy({ $0.isASCII && $0.isNumber }) ? Int(part) : nil
        }
        let shapeError = Problem(description: "\"\(text)\" is not a date; give \(forms)")
        guard let year = number(parts[0], digits: 4) else {
            if parts.count == 1, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), !parts[0].isEmpty {
                throw Problem(description: "\"\(text)\" is not a year: give four digits (2026), from 0001 to 9999")
            }
            throw shapeError
        }
        guard year >= 1 else { throw Problem(description: "\"\(text)\": no such year (0001 to 9999)") }
        switch parts.count {
        case 1:
            return DateInput(first: LocalDate(year: year, month: 1, day: 1)!, last: LocalDate(year: year, month: 12, day: 31)!)
        case 2 where parts[1].first == "w":
            guard let week = number(parts[1].dropFirst(), digits: 2) else { throw shapeError }
            let weeks = isoWeeks(in: year)
            guard (1...weeks).contains(week) else {
                throw Problem(description: "\"\(text)\": no such week (\(year) has ISO weeks 01 to \(weeks))")
            }
            let first = isoWeekOneMonday(year).adding(days: (week - 1) * 7)
            guard first.daysSinceEpoch >= LocalDate(year: 1, month: 1, day: 1)!.daysSinceEpoch,
                  first.adding(days: 6) <= LocalDate(year: 9999, month: 12, day: 31)! else {
                throw Problem(description: "\"\(text)\" reaches outside 0001-01-01 ... 9999-12-31")
            }
            return DateInput(first: first, last: first.adding(days: 6))
        case 2:
            guard let month = number(parts[1], digits: 2) else { throw shapeError }
            guard (1...12).contains(month) else { throw Problem(description: "\"\(text)\": no such month (01 to 12)") }
            return DateInput(first: LocalDate(year: year, month: month, day: 1)!,
                             last: LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year))!)
        case 3:
            guard let month = number(parts[1], digits: 2), let day = number(parts[2], digits: 2) else { throw shapeError }
            guard let date = LocalDate(year: year, month: month, day: day) else {
                if (1...12).contains(month) {
                    throw Problem(description: "\"\(text)\": no such date (\(year)-\(parts[1]) has \(LocalDate.daysIn(month: month, year: year)) days)")
                }
                throw Problem(description: "\"\(text)\": no such date (months are 01 to 12)")
            }
            return DateInput(first: date, last: date)
        default:
            throw shapeError
        }
    }

    /// The Monday of ISO week 1: the week that holds 4 January (unchecked
    /// at the edges: a day number, so year 1's week 1 may start in year 0).
    static func isoWeekOneMonday(_ year: Int) -> LocalDate {
        let january4 = LocalDate(year: year, month: 1, day: 4)!
        return LocalDate(daysSinceEpoch: january4.daysSinceEpoch - Int64(january4.weekday - 1))
    }

    /// 53 when the year starts on a Thursday, or is a leap year starting on
    /// a Wednesday; else 52.
    static func isoWeeks(in year: Int) -> Int {
        let january1 = LocalDate(year: year, month: 1, day: 1)!.weekday
        return january1 == 4 || (january1 == 3 && LocalDate.isLeap(year)) ? 53 : 52
    }

    static func shifted(_ date: LocalDate, days: Int, text: String = "") throws(Problem) -> LocalDate {
        let number = date.daysSinceEpoch + Int64(days)
        guard number >= LocalDate(year: 1, month: 1, day: 1)!.daysSinceEpoch,
              number <= LocalDate(year: 9999, month: 12, day: 31)!.daysSinceEpoch else {
            throw Problem(description: "\(text.isEmpty ? "the date" : "\"\(text)\"") reaches outside 0001-01-01 ... 9999-12-31")
        }
        return LocalDate(daysSinceEpoch: number)
    }

    static func shifted(_ date: LocalDate, months: Int, text: String) throws(Problem) -> LocalDate {
        let index = date.year * 12 + (date.month - 1) + months
        let year = index >= 0 ? index / 12 : -1
        guard (1...9999).contains(year) else {
            throw Problem(description: "\"\(text)\" reaches outside 0001-01-01 ... 9999-12-31")
        }
        let month = index % 12 + 1
        return LocalDate(year: year, month: month, day: min(date.day, LocalDate.daysIn(month: month, year: year)))!
    }
}

/// A window of local days from a command's `--from` and `--to`.
package enum DateWindow {
    /// The window when `--from` or `--to` (or both) is not given.
    package enum Default: Sendable, Hashable {
        /// `before` days before today to `after` days after it.
        case around(before: Int, after: Int)
        /// This many days from today.
        case ahead(days: Int)
        /// This many whole weeks ending with the current week, weeks
        /// starting on `weekStart` (ISO weekday: 1 Monday ... 7 Sunday).
        case weeks(Int, weekStart: Int)
        /// This many whole months ending with the current month.
        case months(Int)

        /// Days in the default window: the length a lone `--from` or `--to`
        /// is given.
        package var days: Int {
            switch self {
            case .around(let before, let after): return before + after + 1
            case .ahead(let days): return days
            case .weeks(let weeks, _): return weeks * 7
            // A lone --from or --to counts days: a month is taken as 31 of them.
            case .months(let months): return months * 31
            }
        }

        func window(today: LocalDate) -> (LocalDate, LocalDate) {
            switch self {
            case .around(let before, let after):
                return (DateWindow.clamped(today, -before), DateWindow.clamped(today, after))
            case .ahead(let days):
                return (today, DateWindow.clamped(today, days - 1))
            case .weeks(let weeks, let weekStart):
                let weekFirst = WeekOrder(first: weekStart).start(of: today)
                return (DateWindow.clamped(weekFirst, -(weeks - 1) * 7), DateWindow.clamped(weekFirst, 6))
            case .months(let months):
                let index = today.year * 12 + today.month - 1 - (months - 1)
                let first = index < 12 ? LocalDate(year: 1, month: 1, day: 1)! : LocalDate(year: index / 12, month: index % 12 + 1, day: 1)!
                return (first, LocalDate(year: today.year, month: today.month, day: LocalDate.daysIn(month: today.month, year: today.year))!)
            }
        }
    }

    /// Why `--from`/`--to` make no window; `flag` names the flag at fault.
    package struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        package var flag: String?
        package var message: String
        package var description: String { flag.map { "\($0) \(message)" } ?? message }
    }

    /// The window `--from` and `--to` name, with `days` the length a user
    /// asked for (`agenda --days`), if any:
    ///
    /// - neither: the command's default window, or `days` days from today;
    /// - both: from the first day `--from` names to the last day `--to`
    ///   names (`--to +6d` counts from the first day of `--from`); with
    ///   `days` too, a problem (three bounds for two ends);
    /// - one alone with `days`: that many days from the first day `--from`
    ///   names, or up to the last day `--to` names, even a unit's
    ///   (`--from 2026-11 --days 3` is 1 to 3 November);
    /// - one alone that names a unit (`2026-11`, `2026`, `2026-W48`): that unit;
    /// - one alone that names a day: the default window's length from it
    ///   (`--from`) or up to it (`--to`).
    package static func resolve(from: String?, to: String?, days: Int? = nil, today: LocalDate,
                                default fallback: Default) throws(Problem) -> ClosedRange<LocalDate> {
        if days != nil && from != nil && to != nil {
            throw Problem(flag: "--days", message: "with both --from and --to: give two of the three")
        }
        let start: DateInput?
        do { start = try from.map { text throws(DateInput.Problem) in try DateInput.parse(text, today: today) } }
        catch { throw Problem(flag: "--from", message: error.description) }
        let end: DateInput?
        do { end = try to.map { text throws(DateInput.Problem) in try DateInput.parse(text, today: today, base: start?.first) } }
        catch { throw Problem(flag: "--to", message: error.description) }
        let length = days ?? fallback.days
        let first: LocalDate, last: LocalDate
        switch (start, end) {
        case (nil, nil) where days != nil: (first, last) = (today, clamped(today, length - 1))
        case (nil, nil): (first, last) = fallback.window(today: today)
        case (let start?, let end?): (first, last) = (start.first, end.last)
        case (let start?, nil) where start.isUnit && days == nil: (first, last) = (start.first, start.last)
        case (let start?, nil): (first, last) = (start.first, clamped(start.first, length - 1))
        case (nil, let end?) where end.isUnit && days == nil: (first, last) = (end.first, end.last)
        case (nil, let end?): (first, last) = (clamped(end.last, 1 - length), end.last)
        }
        guard first <= last else { throw Problem(flag: nil, message: "--from \(first) is after --to \(last)") }
        return first...last
    }

    /// `date` moved by `days`, kept within 0001-01-01 ... 9999-12-31.
    static func clamped(_ date: LocalDate, _ days: Int) -> LocalDate {
        let number = date.daysSinceEpoch + Int64(days)
        let low = LocalDate(year: 1, month: 1, day: 1)!.daysSinceEpoch, high = LocalDate(year: 9999, month: 12, day: 31)!.daysSinceEpoch
        return LocalDate(daysSinceEpoch: min(max(number, low), high))
    }
}

