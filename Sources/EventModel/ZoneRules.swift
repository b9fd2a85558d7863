/// A zone built from a VTIMEZONE's STANDARD and DAYLIGHT observances.
///
/// Each observance starts at its DTSTART (wall-clock time in the offset it
/// replaces, TZOFFSETFROM) and again at each onset of its yearly rule and
/// each RDATE; the offset in force at an instant is the TZOFFSETTO of the
/// latest onset at or before it. Before the first onset, the first
/// observance's TZOFFSETFROM holds.
///
/// Yearly rules are what every VTIMEZONE we have seen uses
/// (`FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`, Notes' `BYMONTHDAY=8,...,14;BYDAY=SU`);
/// the general recurrence engine belongs to the settle step.
public struct ZoneRules: Sendable {
    public struct Observance: Sendable {
        public var start: LocalDateTime
        public var offsetFrom: Int
        public var offsetTo: Int
        public var rule: YearlyRule?
        public var dates: [LocalDateTime]

        public init(start: LocalDateTime, offsetFrom: Int, offsetTo: Int,
                    rule: YearlyRule? = nil, dates: [LocalDateTime] = []) {
            self.start = start
            self.offsetFrom = offsetFrom
            self.offsetTo = offsetTo
            self.rule = rule
            self.dates = dates
        }
    }

    /// The parts of a yearly onset rule: months, weekday (with ordinal),
    /// month days, an optional end.
    public struct YearlyRule: Sendable {
        public var interval: Int
        public var months: [Int]
        public var weekdays: [(ordinal: Int, weekday: Int)]
        public var monthDays: [Int]
        public var hours: [Int]
        public var minutes: [Int]
        public var count: Int?
        /// Last onset allowed, as a UTC instant in seconds.
        public var untilUTC: Int64?

        public init(interval: Int = 1, months: [Int], weekdays: [(ordinal: Int, weekday: Int)],
                    monthDays: [Int], hours: [Int] = [], minutes: [Int] = [],
                    count: Int? = nil, untilUTC: Int64? = nil) {
            self.interval = max(1, interval)
            self.months = months
            self.weekdays = weekdays
            self.monthDays = monthDays
            self.hours = hours
            self.minutes = minutes
            self.count = count
            self.untilUTC = untilUTC
        }
    }

    public var observances: [Observance]

    public init(observances: [Observance]) {
        self.observances = observances
    }

    /// The offset at `seconds` since the epoch (UTC): the TZOFFSETTO of the
    /// latest onset at or before it, else the first observance's TZOFFSETFROM.
    public func offset(atUTCSeconds seconds: Int64) -> Int {
        let year = LocalDateTime(secondsSinceEpoch: seconds).date.year
        var best: (onset: Int64, offset: Int)?
        for onset in onsets(years: year...year) where onset.onset <= seconds {
            if best == nil || onset.onset > best!.onset { best = onset }
        }
        if let best { return best.offset }
        let first = observances.min { $0.start.secondsSinceEpoch - Int64($0.offsetFrom) < $1.start.secondsSinceEpoch - Int64($1.offsetFrom) }
        return first?.offsetFrom ?? 0
    }

    /// The offset in force from `start`, then every onset up to `end`, in
    /// order: a table for quick lookups.
    public func transitions(fromUTCSeconds start: Int64, toUTCSeconds end: Int64) -> [(onset: Int64, offset: Int)] {
        let years = LocalDateTime(secondsSinceEpoch: start).date.year...LocalDateTime(secondsSinceEpoch: end).date.year
        let inside = onsets(years: years).filter { $0.onset > start && $0.onset < end }
        return [(start, offset(atUTCSeconds: start))] + inside.sorted { $0.onset < $1.onset }
    }

    /// Every onset of every observance (UTC seconds and the offset it brings):
    /// DTSTART and the RDATEs always, the yearly rule's in `years` (one year
    /// of margin either side), up to its UNTIL.
    private func onsets(years: ClosedRange<Int>) -> [(onset: Int64, offset: Int)] {
        var result: [(onset: Int64, offset: Int)] = []
        for observance in observances {
            func add(_ local: LocalDateTime) {
                result.append((local.secondsSinceEpoch - Int64(observance.offsetFrom), observance.offsetTo))
            }
            add(observance.start)
            observance.dates.forEach(add)
            guard let rule = observance.rule else { continue }
            for year in (years.lowerBound - 1)...(years.upperBound + 1) where year >= observance.start.date.year {
                for local in onsets(rule, of: observance, in: year) {
                    if let until = rule.untilUTC, local.secondsSinceEpoch - Int64(observance.offsetFrom) > until { continue }
                    add(local)
                }
            }
        }
        return result
    }

    /// 1 January of `year`, 00:00 UTC, in seconds since the epoch.
    public static func startOfYear(_ year: Int) -> Int64 {
        let clamped = min(max(year, 1), 9999)
        return (LocalDate(year: clamped, month: 1, day: 1)?.daysSinceEpoch ?? 0) * 86_400
    }

    /// The wall-clock onsets of a yearly rule in one year, not before DTSTART.
    private func onsets(_ rule: YearlyRule, of observance: Observance, in year: Int) -> [LocalDateTime] {
        let startYear = observance.start.date.year
        guard (year - startYear) % rule.interval == 0, (1...9999).contains(year) else { return [] }
        if let count = rule.count, (year - startYear) / rule.interval >= count { return [] }
        var result: [LocalDateTime] = []
        let months = rule.months.isEmpty ? [observance.start.date.month] : rule.months
        for month in months where (1...12).contains(month) {
            let length = LocalDate.daysIn(month: month, year: year)
            var days: [Int] = []
            if rule.weekdays.isEmpty {
                days = rule.monthDays.isEmpty ? [observance.start.date.day] : rule.monthDays
                days = days.map { $0 < 0 ? length + 1 + $0 : $0 }
            } else {
                for (ordinal, weekday) in rule.weekdays {
                    var matching: [Int] = []
                    for day in 1...length {
                        if let date = LocalDate(year: year, month: month, day: day), date.weekday == weekday {
                            matching.append(day)
                        }
                    }
                    if ordinal > 0, ordinal <= matching.count { days.append(matching[ordinal - 1]) }
                    else if ordinal < 0, -ordinal <= matching.count { days.append(matching[matching.count + ordinal]) }
                    else if ordinal == 0 { days.append(contentsOf: matching) }
                }
                if !rule.monthDays.isEmpty {
                    let allowed = Set(rule.monthDays.map { $0 < 0 ? length + 1 + $0 : $0 })
                    days = days.filter { allowed.contains($0) }
                }
            }
            for day in days {
                guard let date = LocalDate(year: year, month: month, day: day) else { continue }
                let hour = rule.hours.first ?? observance.start.hour
                let minute = rule.minutes.first ?? observance.start.minute
                if let time = LocalDateTime(date: date, hour: hour, minute: minute, second: observance.start.second),
                   time >= observance.start {
                    result.append(time)
                }
            }
        }
        return result
    }
}
