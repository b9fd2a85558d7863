/// A zone written as a POSIX `TZ` string, read as the C library reads it
/// (glibc's tzset, with RFC 8536's longer hours):
///
///     std offset [dst [offset] [,start[/time],end[/time]]]
///
/// - `std`, `dst`: three letters or more (`CET`), or anything of letters,
///   digits, `+` and `-` in angle brackets (`<+03>`);
/// - `offset`: `[+-]hh[:mm[:ss]]` **west** of UTC (`CET-1` is one hour
///   east, `EST5` five hours west); the dst offset defaults to one hour
///   east of the standard one;
/// - `start`, `end`: when daylight saving time begins and ends, as
///   `Mm.w.d` (day `d`, 0 Sunday, of week `w` of month `m`, week 5 the
///   last), `Jn` (day `n` of 1 ... 365, 29 February never counted) or `n`
///   (day `n` of 0 ... 365, 29 February counted); `/time` is the wall-clock
///   time of the change in the offset it ends, `-167` to `167` hours,
///   default 02:00;
/// - a dst without rules takes the United States' `M3.2.0,M11.1.0`, as
///   glibc does.
///
/// So `CET-1CEST,M3.5.0,M10.5.0/3` is Central European Time: +02:00 from
/// 2026-03-29 01:00Z to 2026-10-25 01:00Z, +01:00 otherwise; `<+03>-3` is
/// a fixed +03:00.
package struct PosixZoneRule: Hashable, Sendable {
    /// Seconds east of UTC outside daylight saving time.
    package var standardOffset: Int
    /// Daylight saving time, if the string names it.
    package var daylight: Daylight?

    package struct Daylight: Hashable, Sendable {
        /// Seconds east of UTC in daylight saving time.
        package var offset: Int
        package var start: Change
        package var end: Change
    }

    /// A yearly change: its day, and its wall-clock time in the offset it ends.
    package struct Change: Hashable, Sendable {
        package var day: Day
        /// Seconds after that day's midnight (may be negative or past a day).
        package var time: Int
    }

    package enum Day: Hashable, Sendable {
        /// `Mm.w.d`: weekday `weekday` (0 Sunday) of week `week` (5: the last) of `month`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
        /// `Jn`: day 1 ... 365 of a year without 29 February.
        case julian(Int)
        /// `n`: day 0 ... 365 from 1 January, 29 February counted.
        case zeroBased(Int)
    }

    /// Reads `text`; nil when it is not a POSIX TZ string.
    package init?(_ text: String) {
        var reader = Reader(bytes: Array(text.utf8))
        guard reader.skipName(), let standardWest = reader.clock(maxHours: 24) else { return nil }
        standardOffset = -standardWest
        if reader.atEnd { return }
        guard reader.skipName() else { return nil }
        var daylightOffset = standardOffset + 3600
        if !reader.atEnd && !reader.peek(",") {
            guard let west = reader.clock(maxHours: 24) else { return nil }
            daylightOffset = -west
        }
        let start: Change, end: Change
        if reader.atEnd {
            (start, end) = PosixZoneRule.unitedStatesChanges
        } else {
            guard reader.take(","), let first = reader.change(), reader.take(","), let second = reader.change(),
                  reader.atEnd else { return nil }
            (start, end) = (first, second)
        }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    /// `M3.2.0,M11.1.0` at 02:00: the second Sunday of March to the first of November.
    static let unitedStatesChanges = (Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200),
                                      Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200))

    /// Seconds east of UTC in force at `seconds` since the epoch (UTC).
    package func offset(atUTCSeconds seconds: Int64) -> Int {
        let year = LocalDateTime(secondsSinceEpoch: seconds).date.year
        return changes(years: (year - 1)...(year + 1)).last { $0.onset <= seconds }?.offset ?? standardOffset
    }

    /// The offset in force at `start`, then every change up to `end`, in order.
    package func transitions(fromUTCSeconds start: Int64, toUTCSeconds end: Int64) -> [(onset: Int64, offset: Int)] {
        let years = (LocalDateTime(secondsSinceEpoch: start).date.year - 1)...(LocalDateTime(secondsSinceEpoch: end).date.year + 1)
        let inside = changes(years: years).filter { $0.onset > start && $0.onset < end }
        return [(start, offset(atUTCSeconds: start))] + inside
    }

    /// The changes of `years` in order of onset (UTC seconds), each with
    /// the offset it brings; of two at one instant (daylight time all
    /// year: `J365/25` ends it when the next year's starts), the later
    /// year's comes last and wins.
    private func changes(years: ClosedRange<Int>) -> [(onset: Int64, offset: Int)] {
        guard let daylight else { return [] }
        var changes: [(onset: Int64, offset: Int)] = []
        for year in years where (1...9999).contains(year) {
            changes.append((onset(daylight.start, year: year, before: standardOffset), daylight.offset))
            changes.append((onset(daylight.end, year: year, before: daylight.offset), standardOffset))
        }
        // A stable sort: Swift's `sort` keeps the order of equal elements.
        changes.sort { $0.onset < $1.onset }
        return changes
    }

    /// The UTC second of `change` in `year`, its time read in the offset `before`.
    private func onset(_ change: Change, year: Int, before: Int) -> Int64 {
        date(of: change.day, year: year).daysSinceEpoch * 86_400 + Int64(change.time) - Int64(before)
    }

    private func date(of day: Day, year: Int) -> LocalDate {
        let january1 = LocalDate(year: year, month: 1, day: 1)!
        switch day {
        case .monthWeekDay(let month, let week, let weekday):
            let first = LocalDate(year: year, month: month, day: 1)!
            // LocalDate's weekday is ISO (7 Sunday); POSIX counts 0 Sunday.
            var date = first.adding(days: (weekday - first.weekday % 7 + 7) % 7 + (week - 1) * 7)
            if date.month != month { date = date.adding(days: -7) }
            return date
        case .julian(let number):
            let leapDay = LocalDate.isLeap(year) && number >= 60 ? 1 : 0
            return january1.adding(days: number - 1 + leapDay)
        case .zeroBased(let number):
            return january1.adding(days: number)
        }
    }
}

/// Reads a POSIX TZ string byte by byte.
private struct Reader {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }

    func peek(_ character: Unicode.Scalar) -> Bool {
        !atEnd && bytes[index] == UInt8(ascii: character)
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek(character) else { return false }
        index += 1
        return true
    }

    /// `CET` (three letters or more) or `<+03>` (three or more letters,
    /// digits, `+` or `-` in angle brackets).
    mutating func skipName() -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
        if take("<") {
            let start = index
            while !atEnd, isLetter(bytes[index]) || isDigit(bytes[index]) || peek("+") || peek("-") { index += 1 }
            return index - start >= 3 && take(">")
        }
        let start = index
        while !atEnd, isLetter(bytes[index]) { index += 1 }
        return index - start >= 3
    }

    /// `[+-]h[h][:mm[:ss]]` in seconds, hours up to `maxHours`.
    mutating func clock(maxHours: Int) -> Int? {
        let sign = take("-") ? -1 : 1
        if sign == 1 { _ = take("+") }
        guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
        var seconds = hours * 3600
        for scale in [60, 1] {
            guard take(":") else { break }
            guard let part = number(maxDigits: 2), part < 60 else { return nil }
            seconds += part * scale
        }
        return sign * seconds
    }

    /// `Mm.w.d`, `Jn` or `n`, then an optional `/time`.
    mutating func change() -> PosixZoneRule.Change? {
        let day: PosixZoneRule.Day
        if take("M") {
            guard let month = number(maxDigits: 2), (1...12).contains(month), take("."),
                  let week = number(maxDigits: 1), (1...5).contains(week), take("."),
                  let weekday = number(maxDigits: 1), (0...6).contains(weekday) else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else if take("J") {
            guard let number = number(maxDigits: 3), (1...365).contains(number) else { return nil }
            day = .julian(number)
        } else {
            guard let number = number(maxDigits: 3), number <= 365 else { return nil }
            day = .zeroBased(number)
        }
        guard take("/") else { return PosixZoneRule.Change(day: day, time: 7200) }
        guard let time = clock(maxHours: 167) else { return nil }
        return PosixZoneRule.Change(day: day, time: time)
    }

    /// One to `maxDigits` decimal digits.
    mutating func number(maxDigits: Int) -> Int? {
        var value = 0, count = 0
        while !atEnd, isDigit(bytes[index]), count < maxDigits {
            value = value * 10 + Int(bytes[index] - 48)
            index += 1
            count += 1
        }
        return count == 0 ? nil : value
    }

    private func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
}
