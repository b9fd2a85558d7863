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

    /// The offset at `seconds` since the epoch (UTC).
    public func offset(atUTCSeconds seconds: Int64) -> Int {
        var best: (onset: Int64, offset: Int)?
        var earliest: (onset: Int64, offset: Int)?
        let year = LocalDateTime(secondsSinceEpoch: seconds).date.year
        for observance in observances {
            let first = observance.start.secondsSinceEpoch - Int64(observance.offsetFrom)
            if earliest == nil || first < earliest!.onset { earliest = (first, observance.offsetFrom) }
            func consider(_ onset: Int64) {
                if onset <= seconds, best == nil || onset > best!.onset { best = (onset, observance.offsetTo) }
            }
            consider(first)
            for date in observance.dates {
                consider(date.secondsSinceEpoch - Int64(observance.offsetFrom))
            }
            if let rule = observance.rule {
                for y in [year - 1, year, year + 1] where y >= observance.start.date.year {
                    for local in onsets(rule, of: observance, in: y) {
                        let onset = local.secondsSinceEpoch - Int64(observance.offsetFrom)
                        if let until = rule.untilUTC, onset > until { continue }
                        consider(onset)
                    }
                }
            }
        }
        return best?.offset ?? earliest?.offset ?? 0
    }

    /// The offset in force from `start`, then every onset up to `end`, in
    /// order: a table for quick lookups.
    public func transitions(fromUTCSeconds start: Int64, toUTCSeconds end: Int64) -> [(onset: Int64, offset: Int)] {
        var table = [(onset: start, offset: offset(atUTCSeconds: start))]
        var found: [(onset: Int64, offset: Int)] = []
        let firstYear = LocalDateTime(secondsSinceEpoch: start).date.year
        let lastYear = LocalDateTime(secondsSinceEpoch: end).date.year
        for observance in observances {
            var candidates = [observance.start] + observance.dates
            if let rule = observance.rule {
                for year in (firstYear - 1)...(lastYear + 1) where year >= observance.start.date.year {
                    for local in onsets(rule, of: observance, in: year) {
                        let onset = local.secondsSinceEpoch - Int64(observance.offsetFrom)
                        if let until = rule.untilUTC, onset > until { continue }
                        candidates.append(local)
                    }
                }
            }
            for local in candidates {
                let onset = local.secondsSinceEpoch - Int64(observance.offsetFrom)
                if onset > start && onset < end { found.append((onset, observance.offsetTo)) }
            }
        }
        table += found.sorted { $0.onset < $1.onset }
        return table
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
