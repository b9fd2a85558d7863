/// The instances of one RRULE or EXRULE in wall-clock time (docs/semantics.md
/// section 4), period by period, jumping straight to a window.
///
/// Times are "wall seconds": seconds since 1970-01-01T00:00:00 on the
/// event's own wall clock (`LocalDateTime.secondsSinceEpoch`). Zones are the
/// caller's business, except for an UNTIL given as an instant.
///
/// Each period (a year, month, week, day, hour, minute or second, every
/// INTERVAL-th one) yields the ordered product of its matching days and its
/// matching times of day; BYSETPOS picks positions in that product without
/// building it. A window starts at the period that contains its lower
/// bound, found by arithmetic; only a rule with COUNT walks from DTSTART,
/// and then only as far as COUNT (or not at all when every period yields
/// exactly one instance).
package final class RuleExpander: Sendable {
    /// Where UNTIL stops the rule (inclusive).
    package enum Until: Sendable {
        /// Compared as wall-clock time (floating or date DTSTART).
        case wallClock(Int64)
        /// Compared as an instant, the candidate read in `zone`.
        case instant(Instant, Zone)
    }

    package let rule: RecurrenceRule
    /// DTSTART, in wall seconds.
    package let start: Int64
    /// When true, DTSTART is the first instance and counts toward COUNT
    /// even if it does not match the rule (RRULE); when false, only
    /// matching candidates are instances (EXRULE).
    package let countsStart: Bool
    private let until: Until?
    /// No candidate after this wall time can pass UNTIL.
    private let untilWallBound: Int64
    /// Below this wall time an instance surely passes an UNTIL given as an
    /// instant (two days clear: no two offsets differ by that much), so no
    /// zone lookup is needed.
    private let untilSurelyPasses: Int64

    private let frequency: RecurrenceRule.Frequency
    private let interval: Int
    private let months: BitSet          // 1...12; all set when unrestricted
    private let hasMonthFilter: Bool
    private let weekNumbers: [Int]
    private let yearDays: [Int]
    private let monthDays: [Int]
    private let plainWeekdays: BitSet   // 1...7
    private let nthWeekdays: [(ordinal: Int, weekday: Int)]
    private let hasWeekdayFilter: Bool
    private let hours: BitSet, minutes: BitSet, seconds: BitSet
    private let hasHourFilter: Bool, hasMinuteFilter: Bool, hasSecondFilter: Bool
    /// Sorted seconds of the day (DAILY and coarser), seconds of the hour
    /// (HOURLY), seconds of the minute (MINUTELY).
    private let timeList: [Int]
    private let setPositions: [Int]
    private let weekStart: Int
    /// A WEEKLY rule whose only day part is its weekdays: their days in
    /// the week, from its first (WKST), in order; nil otherwise.
    private let weekdayOffsets: [Int]?
    /// Every period yields exactly one instance, DTSTART's: COUNT maps to
    /// a last period without walking.
    private let onePerPeriod: Bool

    // Period arithmetic anchors.
    private let startDay: Int
    private let startYear: Int
    private let startMonthIndex: Int    // year * 12 + month - 1
    private let startWeekDay: Int       // first day of DTSTART's week (WKST)
    private let startUnit: Int64        // DTSTART rounded down to its hour/minute/second
    private let unitSeconds: Int64

    /// First wall second after 9999-12-31.
    package static let endOfTime: Int64 = (LocalDate.dayNumber(year: 9999, month: 12, day: 31) + 1) * 86_400
    /// First wall second of 0001-01-01.
    package static let startOfTime: Int64 = LocalDate.dayNumber(year: 1, month: 1, day: 1) * 86_400

    package init(rule: RecurrenceRule, start: LocalDateTime, until: Until?, countsStart: Bool = true) {
        self.rule = rule
        self.start = start.secondsSinceEpoch
        self.countsStart = countsStart
        self.until = until
        (untilWallBound, untilSurelyPasses) = RuleExpander.untilBounds(until)
        frequency = rule.frequency
        interval = max(1, rule.interval)
        weekStart = (1...7).contains(rule.weekStart) ? rule.weekStart : 1

        let (byMonth, byMonthDay, byDay) = RuleExpander.dayParts(rule, start: start)
        hasMonthFilter = !byMonth.isEmpty
        months = byMonth.isEmpty ? .all : BitSet(byMonth)
        weekNumbers = rule.byWeekNo.filter { $0 != 0 && abs($0) <= 53 }
        yearDays = rule.byYearDay.filter { $0 != 0 && abs($0) <= 366 }
        monthDays = byMonthDay
        // Ordinals mean something only in MONTHLY and YEARLY rules.
        let ordinalsCount = rule.frequency == .monthly || rule.frequency == .yearly
        plainWeekdays = BitSet(byDay.filter { $0.ordinal == 0 || !ordinalsCount }.map(\.weekday))
        nthWeekdays = ordinalsCount ? byDay.filter { $0.ordinal != 0 }.map { ($0.ordinal, $0.weekday) } : []
        hasWeekdayFilter = !byDay.isEmpty

        let level = RuleExpander.level(rule.frequency)
        let (hourList, minuteList, secondList) = RuleExpander.timeParts(rule, start: start, level: level)
        hours = hourList.isEmpty ? .all : BitSet(hourList)
        minutes = minuteList.isEmpty ? .all : BitSet(minuteList)
        seconds = secondList.isEmpty ? .all : BitSet(secondList)
        hasHourFilter = !hourList.isEmpty
        hasMinuteFilter = !minuteList.isEmpty
        hasSecondFilter = !secondList.isEmpty
        switch level {
        case 0...3: timeList = hourList.flatMap { h in minuteList.flatMap { m in secondList.map { s in h * 3600 + m * 60 + s } } }
        case 4: timeList = minuteList.flatMap { m in secondList.map { s in m * 60 + s } }
        case 5: timeList = secondList
        default: timeList = [0]
        }
        setPositions = rule.bySetPos.filter { $0 != 0 }
        onePerPeriod = RuleExpander.yieldsOnePerPeriod(rule, start: start)

        let weekdaysAlone = rule.frequency == .weekly && hasWeekdayFilter && !hasMonthFilter && monthDays.isEmpty
            && yearDays.isEmpty && weekNumbers.isEmpty
        let startsOn = weekStart
        weekdayOffsets = weekdaysAlone ? Set(byDay.map { ($0.weekday - startsOn + 7) % 7 }).sorted() : nil

        startDay = Int(start.date.daysSinceEpoch)
        startYear = start.date.year
        startMonthIndex = start.date.year * 12 + start.date.month - 1
        startWeekDay = startDay - (start.date.weekday - weekStart + 7) % 7
        switch rule.frequency {
        case .hourly: unitSeconds = 3600
        case .minutely: unitSeconds = 60
        default: unitSeconds = 1
        }
        let wall = start.secondsSinceEpoch
        startUnit = wall - RuleExpander.floorMod(wall, unitSeconds)
    }

    /// `untilWallBound` and `untilSurelyPasses` for this UNTIL.
    private static func untilBounds(_ until: Until?) -> (wallBound: Int64, surelyPasses: Int64) {
        switch until {
        case .wallClock(let wall)?:
            return (wall, wall)
        case .instant(let instant, let zone)?:
            let bound = instant.seconds + Int64(zone.offset(at: instant)) + 86_400
            return (bound, bound - 3 * 86_400)  // two days before: offsets never differ by more
        case nil:
            return (endOfTime, endOfTime)
        }
    }

    /// BYMONTH, BYMONTHDAY and BYDAY in range, with DTSTART's month and
    /// day where the rule names no day at all.
    private static func dayParts(_ rule: RecurrenceRule, start: LocalDateTime)
        -> (byMonth: [Int], byMonthDay: [Int], byDay: [RecurrenceRule.WeekdayNumber]) {
        var byMonth = rule.byMonth.filter { (1...12).contains($0) }
        var byMonthDay = rule.byMonthDay.filter { $0 != 0 && abs($0) <= 31 }
        var byDay = rule.byDay.filter { (1...7).contains($0.weekday) }
        // Only a rule with no day-level part takes month and day from DTSTART.
        if rule.byMonthDay.isEmpty && rule.byYearDay.isEmpty && rule.byWeekNo.isEmpty && rule.byDay.isEmpty {
            switch rule.frequency {
            case .yearly:
                if byMonth.isEmpty { byMonth = [start.date.month] }
                byMonthDay = [start.date.day]
            case .monthly: byMonthDay = [start.date.day]
            case .weekly: byDay = [.init(weekday: start.date.weekday)]
            default: break
            }
        }
        return (byMonth, byMonthDay, byDay)
    }

    /// The sorted hours, minutes and seconds a period's times are made
    /// of; an empty list leaves that part free.
    private static func timeParts(_ rule: RecurrenceRule, start: LocalDateTime, level: Int)
        -> (hours: [Int], minutes: [Int], seconds: [Int]) {
        func timeSet(_ values: [Int], range: ClosedRange<Int>, defaultValue: Int, expands: Bool) -> [Int] {
            let valid = Set(values.filter { range.contains($0) })
            if !valid.isEmpty { return valid.sorted() }
            return expands ? [defaultValue] : []
        }
        // BYxxx below the frequency expands (default: DTSTART's value); at or above it, limits.
        return (timeSet(rule.byHour, range: 0...23, defaultValue: start.hour, expands: level < 4),
                timeSet(rule.byMinute, range: 0...59, defaultValue: start.minute, expands: level < 5),
                timeSet(rule.bySecond, range: 0...59, defaultValue: min(start.second, 59), expands: level < 6))
    }

    /// Whether every period yields exactly one instance, DTSTART's.
    private static func yieldsOnePerPeriod(_ rule: RecurrenceRule, start: LocalDateTime) -> Bool {
        let noParts = rule.bySecond.isEmpty && rule.byMinute.isEmpty && rule.byHour.isEmpty && rule.byDay.isEmpty
            && rule.byMonthDay.isEmpty && rule.byYearDay.isEmpty && rule.byWeekNo.isEmpty && rule.byMonth.isEmpty
            && rule.bySetPos.isEmpty && start.second < 60
        switch rule.frequency {
        case .monthly: return noParts && start.date.day <= 28
        case .yearly: return noParts && !(start.date.month == 2 && start.date.day == 29)
        default: return noParts
        }
    }

    /// 0 yearly ... 6 secondly.
    private static func level(_ frequency: RecurrenceRule.Frequency) -> Int {
        switch frequency {
        case .yearly: 0
        case .monthly: 1
        case .weekly: 2
        case .daily: 3
        case .hourly: 4
        case .minutely: 5
        case .secondly: 6
        }
    }

    // MARK: Instances

    /// Calls `body` with each instance whose wall time is in
    /// [lower, upper), in order, until it returns false. DTSTART is
    /// included when `countsStart`. Returns false if `body` stopped it.
    @discardableResult
    package func instances(from lower: Int64, to upper: Int64, _ body: (Int64) -> Bool) -> Bool {
        var gaveUp = false
        return instances(from: lower, to: upper, gaveUp: &gaveUp, body)
    }

    /// Periods scanned in a row without a single candidate, at most: past
    /// this the search gives up (`gaveUp`). A rule whose BYSETPOS never
    /// matches (`FREQ=SECONDLY;COUNT=5;BYSETPOS=2`) would otherwise count
    /// toward COUNT to year 9999, one second at a time. Real rules find a
    /// candidate within a few thousand periods: a day of a sub-daily rule
    /// costs one period when the day cannot match, and the rarest dates
    /// (29 February on a Monday) come every 28 years.
    package static let searchLimit = 100_000

    /// Instances counted toward COUNT before the window, at most: a rule
    /// that gives several instances a period counts them one by one from
    /// DTSTART, and `FREQ=SECONDLY;BYSECOND=0,1;COUNT=2000000000` from 1970
    /// would count for minutes to reach 2026. Past this the search gives
    /// up (`gaveUp`). A real rule counts a few thousand (three a day for
    /// ninety years is 98,550).
    package static let countWalkLimit = 100_000

    /// The same; `gaveUp` is set when the search stopped at `searchLimit`
    /// empty periods in a row (instances after that point are left out).
    @discardableResult
    package func instances(from lower: Int64, to upper: Int64, gaveUp: inout Bool, _ body: (Int64) -> Bool) -> Bool {
        var unlimited = Int.max
        return instances(from: lower, to: upper, gaveUp: &gaveUp, periodBudget: &unlimited, body)
    }

    /// The same, scanning at most `periodBudget` periods, which it spends
    /// (`gaveUp` when it runs out): a caller walking many rules outside
    /// any window bounds their work as a whole.
    @discardableResult
    package func instances(from lower: Int64, to upper: Int64, gaveUp: inout Bool, periodBudget: inout Int,
                           _ body: (Int64) -> Bool) -> Bool {
        let upper = min(upper, RuleExpander.endOfTime)
        guard lower < upper else { return true }
        var startPending = countsStart && passesUntil(start)
        var remaining = rule.count.map { max(0, $0) } ?? Int.max
        var lastPeriod = Int.max
        var firstPeriod = 0
        if let count = rule.count {
            if onePerPeriod {
                lastPeriod = count - 1
                firstPeriod = periodIndex(containing: lower)
                startPending = startPending && count > 0
                remaining = Int.max
            }
            // Otherwise: count from DTSTART, but only up to COUNT.
        } else {
            firstPeriod = periodIndex(containing: lower)
        }
        if startPending {
            remaining -= 1
            if start >= lower && start < upper && !body(start) { return false }
            if remaining <= 0 { return true }
        }
        guard firstPeriod <= lastPeriod else { return true }
        var stopped = false
        var walked = 0
        var walkedTooFar = false
        scan(fromPeriod: firstPeriod, toPeriod: lastPeriod, stopAfter: min(upper, untilWallBound + 1), gaveUp: &gaveUp,
             periodBudget: &periodBudget) { wall in
            // Before DTSTART; or DTSTART itself, already given when it counts anyway.
            if wall < start || (wall == start && countsStart) { return true }
            guard passesUntil(wall) else { return wall <= untilWallBound }
            if wall < lower {
                walked += 1
                if walked > RuleExpander.countWalkLimit { walkedTooFar = true; return false }
            }
            remaining -= 1
            if wall >= upper { return false }
            if wall >= lower && !body(wall) { stopped = true; return false }
            return remaining > 0
        }
        if walkedTooFar { gaveUp = true }
        return !stopped
    }

    /// Whether `wall` is at or before UNTIL.
    private func passesUntil(_ wall: Int64) -> Bool {
        if wall < untilSurelyPasses { return true }
        switch until {
        case nil: return true
        case .wallClock(let bound)?: return wall <= bound
        case .instant(let bound, let zone)?:
            return zone.instant(for: LocalDateTime(secondsSinceEpoch: wall)) <= bound
        }
    }

    // MARK: Periods

    /// The index of the period containing wall time `wall` (0 for any time
    /// before DTSTART's period).
    private func periodIndex(containing wall: Int64) -> Int {
        let wall = max(wall, RuleExpander.startOfTime)
        let day = Int(RuleExpander.floorDiv(wall, 86_400))
        let units: Int
        switch frequency {
        case .yearly: units = LocalDate(daysSinceEpoch: Int64(day)).year - startYear
        case .monthly:
            let date = LocalDate(daysSinceEpoch: Int64(day))
            units = date.year * 12 + date.month - 1 - startMonthIndex
        case .weekly: units = Int(RuleExpander.floorDiv(Int64(day - startWeekDay), 7))
        case .daily: units = day - startDay
        default: units = Int(RuleExpander.floorDiv(wall - startUnit, unitSeconds))
        }
        return max(0, Int(RuleExpander.floorDiv(Int64(units), Int64(interval))))
    }

    /// Feeds every candidate of periods `first...last` to `body` in order
    /// (before DTSTART and UNTIL are applied; BYSETPOS is), until `body`
    /// returns false or a period starts after `stopAfter`.
    private func scan(fromPeriod first: Int, toPeriod last: Int, stopAfter: Int64, gaveUp: inout Bool,
                      periodBudget: inout Int, _ body: (Int64) -> Bool) {
        var period = first
        var days: [Int] = []
        days.reserveCapacity(32)
        // Read once, not at each period: each read of the stored array
        // retained and released it, an atomic count each.
        let times = timeList
        var idle = 0  // periods in a row without a candidate
        while period <= last {
            idle += 1
            periodBudget -= 1
            if idle > RuleExpander.searchLimit || periodBudget < 0 { gaveUp = true; return }
            days.removeAll(keepingCapacity: true)
            switch collectPeriod(period, stopAfter: stopAfter, into: &days) {
            case .end:
                return
            case .skip(let next):
                period = next
            case .days(let timeOffset):
                var delivered = false
                if !emit(days: days, times: times, offset: timeOffset, delivered: &delivered, body) { return }
                if delivered { idle = 0 }
                period += 1
            }
        }
    }

    /// What `collectPeriod` found in one period.
    private enum PeriodDays {
        /// The period starts after `stopAfter` or after 9999: nothing more to scan.
        case end
        /// A sub-daily period that cannot match; the scan goes on at period `to`.
        case skip(to: Int)
        /// Its matching days are collected; times count from `timeOffset`
        /// (the start of an HOURLY, MINUTELY or SECONDLY period in its day).
        case days(timeOffset: Int)
    }

    /// Collects into `days` the matching days of period `period`.
    private func collectPeriod(_ period: Int, stopAfter: Int64, into days: inout [Int]) -> PeriodDays {
        switch frequency {
        case .yearly:
            let year = startYear + period * interval
            guard year <= 9999 else { return .end }
            if LocalDate.dayNumber(year: year, month: 1, day: 1) * 86_400 > stopAfter { return .end }
            collectYear(year, into: &days)
        case .monthly:
            let index = startMonthIndex + period * interval
            let year = index / 12, month = index % 12 + 1
            guard year <= 9999 else { return .end }
            if LocalDate.dayNumber(year: year, month: month, day: 1) * 86_400 > stopAfter { return .end }
            if months[month] { collectMonth(year: year, month: month, nthRange: nil, into: &days) }
        case .weekly:
            let first = startWeekDay + period * 7 * interval
            if Int64(first) * 86_400 > stopAfter || Int64(first) * 86_400 >= RuleExpander.endOfTime { return .end }
            if let weekdayOffsets {
                // Weekdays alone (`WEEKLY;BYDAY=MO,WE`): their days
                // made directly, not seven tested.
                for offset in weekdayOffsets { days.append(first + offset) }
            } else {
                for day in first..<(first + 7) where matches(day: day) { days.append(day) }
            }
        case .daily:
            let day = startDay + period * interval
            if Int64(day) * 86_400 > stopAfter || Int64(day) * 86_400 >= RuleExpander.endOfTime { return .end }
            if matches(day: day) { days.append(day) }
        case .hourly, .minutely, .secondly:
            return collectSubDailyPeriod(period, stopAfter: stopAfter, into: &days)
        }
        return .days(timeOffset: 0)
    }

    /// An HOURLY, MINUTELY or SECONDLY period: its day when it can match,
    /// else the next period that might.
    private func collectSubDailyPeriod(_ period: Int, stopAfter: Int64, into days: inout [Int]) -> PeriodDays {
        let step = unitSeconds * Int64(interval)
        let begin = startUnit + Int64(period) * step
        if begin > stopAfter || begin >= RuleExpander.endOfTime { return .end }
        // Skip whole days, hours and minutes that cannot match.
        let day = RuleExpander.floorDiv(begin, 86_400)
        let inDay = Int(begin - day * 86_400)
        var skipTo: Int64?
        if !matches(day: Int(day)) { skipTo = (day + 1) * 86_400 }
        else if !hours[inDay / 3600] { skipTo = begin - Int64(inDay % 3600) + 3600 }
        else if frequency != .hourly && !minutes[inDay / 60 % 60] { skipTo = begin - Int64(inDay % 60) + 60 }
        else if frequency == .secondly && !seconds[inDay % 60] { skipTo = begin + 1 }
        if let skipTo {
            return .skip(to: max(period + 1, Int(RuleExpander.floorDiv(skipTo - startUnit + step - 1, step))))
        }
        days.append(Int(day))
        return .days(timeOffset: inDay)  // the period's start: timeList counts from it
    }

    /// The period's candidates in order (or those BYSETPOS picks).
    /// `offset` is added to each time (the start of an HOURLY, MINUTELY or SECONDLY period).
    private func emit(days: [Int], times: [Int], offset: Int, delivered: inout Bool, _ body: (Int64) -> Bool) -> Bool {
        let total = days.count * times.count
        guard total > 0 else { return true }
        if setPositions.isEmpty {
            delivered = true
            // By index: a for-in over either array retained it, once a period.
            for dayIndex in days.indices {
                let dayStart = Int64(days[dayIndex]) * 86_400
                for index in times.indices where !body(dayStart + Int64(times[index] + offset)) { return false }
            }
            return true
        }
        var picked = setPositions.compactMap { position -> Int? in
            let index = position > 0 ? position - 1 : total + position
            return (0..<total).contains(index) ? index : nil
        }
        picked = Array(Set(picked)).sorted()
        delivered = !picked.isEmpty
        for index in picked where !body(Int64(days[index / times.count]) * 86_400 + Int64(times[index % times.count] + offset)) {
            return false
        }
        return true
    }

    // MARK: Days

    private func collectYear(_ year: Int, into days: inout [Int]) {
        if nthWeekdays.isEmpty || hasMonthFilter {
            for month in 1...12 where months[month] {
                collectMonth(year: year, month: month, nthRange: nil, into: &days)
            }
        } else {
            // Ordinal weekdays count within the whole year.
            let first = Int(LocalDate.dayNumber(year: year, month: 1, day: 1))
            let last = first + (LocalDate.isLeap(year) ? 366 : 365) - 1
            let nth = nthDays(first: first, last: last)
            for month in 1...12 {
                collectMonth(year: year, month: month, nthRange: nth, into: &days)
            }
        }
    }

    /// Matching days of one month. `yearNth` holds the year's ordinal
    /// weekday matches when ordinals count within the year.
    private func collectMonth(year: Int, month: Int, nthRange yearNth: [Int]?, into days: inout [Int]) {
        let length = LocalDate.daysIn(month: month, year: year)
        let first = Int(LocalDate.dayNumber(year: year, month: month, day: 1))
        let last = first + length - 1, from = days.count
        if hasWeekdayFilter && monthDays.isEmpty && yearDays.isEmpty && weekNumbers.isEmpty {
            // Weekdays only (`MONTHLY;BYDAY=2TU`, `BYDAY=MO,FR`): each
            // weekday's days stepped through by sevens, not every day of the
            // month tested.
            let firstWeekday = RuleExpander.weekday(first)
            for weekday in 1...7 where plainWeekdays[weekday] {
                for day in stride(from: first + (weekday - firstWeekday + 7) % 7, through: last, by: 7) { days.append(day) }
            }
            // Ordinal weekdays straight into `days`: an array of them made
            // per month cost an allocation (19,000 for 16 years of 100
            // monthly series).
            if let yearNth {
                for day in yearNth where day >= first && day <= last && !plainWeekdays[RuleExpander.weekday(day)] {
                    days.append(day)
                }
            } else {
                appendNthDays(first: first, last: last, skippingPlain: true, into: &days)
            }
            RuleExpander.sortDroppingRepeats(&days, from: from)
            return
        }
        if !monthDays.isEmpty && !hasWeekdayFilter && yearDays.isEmpty && weekNumbers.isEmpty {
            // Month days only: resolved directly, no array or set made per month.
            for value in monthDays {
                let dom = value > 0 ? value : length + 1 + value
                if dom >= 1 && dom <= length { days.append(first + dom - 1) }
            }
            RuleExpander.sortDroppingRepeats(&days, from: from)
            return
        }
        let nth = yearNth ?? (nthWeekdays.isEmpty ? [] : nthDays(first: first, last: last))
        let context = YearContext(year: year, weekStart: weekStart, needsWeeks: !weekNumbers.isEmpty)
        func check(_ day: Int) {
            let dom = day - first + 1
            if hasWeekdayFilter {
                let weekday = RuleExpander.weekday(day)
                if !plainWeekdays[weekday] && !nth.contains(day) { return }
            }
            if !monthDays.isEmpty && !monthDays.contains(where: { $0 == dom || length + 1 + $0 == dom }) { return }
            if !yearDays.isEmpty && !context.matchesYearDay(day, yearDays) { return }
            if !weekNumbers.isEmpty && !context.matchesWeek(day, weekNumbers) { return }
            days.append(day)
        }
        for day in first...last { check(day) }
    }

    /// `days` from `from` on sorted, each day once: two ordinals or two
    /// month days may name one day (`1MO,-5MO`, `BYMONTHDAY=31,-1`), one
    /// candidate.
    private static func sortDroppingRepeats(_ days: inout [Int], from: Int) {
        guard days.count - from > 1 else { return }
        days[from...].sort()
        var kept = from + 1
        for index in (from + 1)..<days.count where days[index] != days[kept - 1] {
            days[kept] = days[index]
            kept += 1
        }
        days.removeSubrange(kept...)
    }

    /// The days of `first...last` that `nthWeekdays` name (ordinals are
    /// never 0), appended to `days`; those of a plain weekday too unless
    /// `skippingPlain` (they are in `days` already).
    private func appendNthDays(first: Int, last: Int, skippingPlain: Bool = false, into days: inout [Int]) {
        for (ordinal, weekday) in nthWeekdays where !(skippingPlain && plainWeekdays[weekday]) {
            let day = ordinal > 0
                ? first + (weekday - RuleExpander.weekday(first) + 7) % 7 + (ordinal - 1) * 7
                : last - (RuleExpander.weekday(last) - weekday + 7) % 7 + (ordinal + 1) * 7
            if day >= first && day <= last { days.append(day) }
        }
    }

    /// Days in [first, last] picked by ordinal weekdays (`2TU`, `-1FR`).
    private func nthDays(first: Int, last: Int) -> [Int] {
        var result: [Int] = []
        appendNthDays(first: first, last: last, into: &result)
        return result
    }

    /// The day filters for rules whose period is a week, a day or shorter.
    private func matches(day: Int) -> Bool {
        if hasWeekdayFilter && !plainWeekdays[RuleExpander.weekday(day)] { return false }
        // Nothing else to check (`WEEKLY;BYDAY=MO,WE,FR`): no date made.
        if !hasMonthFilter && monthDays.isEmpty && yearDays.isEmpty && weekNumbers.isEmpty { return true }
        let date = LocalDate(daysSinceEpoch: Int64(day))
        if !months[date.month] { return false }
        if !monthDays.isEmpty {
            let length = LocalDate.daysIn(month: date.month, year: date.year)
            if !monthDays.contains(where: { $0 == date.day || length + 1 + $0 == date.day }) { return false }
        }
        if !yearDays.isEmpty || !weekNumbers.isEmpty {
            let context = YearContext(year: date.year, weekStart: weekStart, needsWeeks: !weekNumbers.isEmpty)
            if !yearDays.isEmpty && !context.matchesYearDay(day, yearDays) { return false }
            if !weekNumbers.isEmpty && !context.matchesWeek(day, weekNumbers) { return false }
        }
        return true
    }

    /// ISO weekday of a day number (1970-01-01 was a Thursday).
    static func weekday(_ day: Int) -> Int { ((day % 7) + 7 + 3) % 7 + 1 }

    /// Division rounding toward minus infinity.
    @inlinable package static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    static func floorMod(_ a: Int64, _ b: Int64) -> Int64 { a - floorDiv(a, b) * b }
}

/// Year facts for BYYEARDAY and BYWEEKNO: where the year starts, its
/// length, and its numbered weeks (week 1 is the first week, starting on
/// WKST, with at least four days in the year).
private struct YearContext {
    let firstDay: Int
    let length: Int
    let weekOneStart: Int
    let weeks: Int
    let previousWeeks: Int
    let nextWeekOneStart: Int

    init(year: Int, weekStart: Int, needsWeeks: Bool) {
        firstDay = Int(LocalDate.dayNumber(year: year, month: 1, day: 1))
        length = LocalDate.isLeap(year) ? 366 : 365
        guard needsWeeks else {
            weekOneStart = 0; weeks = 0; previousWeeks = 0; nextWeekOneStart = 0
            return
        }
        func weekOne(_ year: Int) -> Int {
            let first = Int(LocalDate.dayNumber(year: year, month: 1, day: 1))
            let offset = (RuleExpander.weekday(first) - weekStart + 7) % 7
            return offset <= 3 ? first - offset : first - offset + 7
        }
        weekOneStart = weekOne(year)
        nextWeekOneStart = weekOne(year + 1)
        weeks = (nextWeekOneStart - weekOneStart) / 7
        previousWeeks = (weekOneStart - weekOne(year - 1)) / 7
    }

    func matchesYearDay(_ day: Int, _ yearDays: [Int]) -> Bool {
        let ordinal = day - firstDay + 1
        return yearDays.contains { $0 == ordinal || length + 1 + $0 == ordinal }
    }

    /// Days before week 1 belong to the previous week-year's last week;
    /// days after the last week are week 1 of the next (matched only by
    /// `1`, as python-dateutil does).
    func matchesWeek(_ day: Int, _ numbers: [Int]) -> Bool {
        if day >= nextWeekOneStart { return numbers.contains(1) }
        let (number, count) = day < weekOneStart
            ? (previousWeeks, previousWeeks)
            : ((day - weekOneStart) / 7 + 1, weeks)
        return numbers.contains { $0 == number || count + 1 + $0 == number }
    }
}

/// A set of small numbers (0...63) in one word.
private struct BitSet: Sendable {
    var bits: UInt64

    static let all = BitSet(bits: ~0)

    init(bits: UInt64) { self.bits = bits }

    init(_ values: [Int]) {
        bits = values.reduce(0) { $0 | (0...63 ~= $1 ? 1 << UInt64($1) : 0) }
    }

    subscript(_ value: Int) -> Bool { bits & (1 << UInt64(value)) != 0 }
}
