import EventModel
import ICal
import Import
@testable import Settle
import TestSupport
import Testing

/// A small seeded generator: the same rules on every run.
struct SeededRandom {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
}

/// Random rules of the kinds where libical is sound: daily or coarser,
/// no BYWEEKNO, no YEARLY BYMONTHDAY without BYMONTH (docs/semantics.md section 4 reads those otherwise).
func generatedRules(_ count: Int, seed: UInt64) -> [(rule: String, start: String)] {
    var random = SeededRandom(state: seed)
    let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    var result: [(String, String)] = []
    while result.count < count {
        let frequency = random.pick(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"])
        var parts = ["FREQ=\(frequency)"]
        if random.next(2) == 0 { parts.append("INTERVAL=\(1 + random.next(3))") }
        if random.next(3) == 0 { parts.append("BYMONTH=\(1 + random.next(12)),\(1 + random.next(12))") }
        switch random.next(4) {
        case 0: parts.append("BYDAY=\(random.pick(days)),\(random.pick(days))")
        case 1 where frequency == "MONTHLY" || frequency == "YEARLY":
            parts.append("BYDAY=\(random.pick(["1", "2", "-1", "3"]))\(random.pick(days))")
        case 2 where frequency == "MONTHLY" || (frequency == "YEARLY" && parts.contains { $0.hasPrefix("BYMONTH=") }):
            parts.append("BYMONTHDAY=\(1 + random.next(28)),\(random.pick([-1, 15, 30, 31]))")
        default: break
        }
        if random.next(3) == 0 { parts.append("COUNT=\(1 + random.next(40))") }
        if frequency == "YEARLY" && !parts.contains(where: { $0.hasPrefix("BYDAY") || $0.hasPrefix("BYMONTHDAY") }) {
            parts.removeAll { $0.hasPrefix("BYMONTH=") }  // libical takes the day from DTSTART there too
        }
        let start = String(1990 + random.next(30)) + String(format2(1 + random.next(12))) + String(format2(1 + random.next(28))) + "T0930" + "00"
        result.append((parts.joined(separator: ";"), start))
    }
    return result
}

func format2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

@Suite struct PropertyTests {
    /// Our engine, counting DTSTART only when it matches (as libical does),
    /// against libical's iterator on 300 generated rules before 2582.
    @Test func differentialAgainstLibical() throws {
        var agreed = 0
        for (rule, start) in generatedRules(300, seed: 42) {
            let event = try master(start: .floating(local(start)), rrule: rule)
            let ours = try #require(peerStarts(event, limit: 60)).map(compact)
            let theirs = LibicalIterator.instances(rule: rule, start: start, limit: 60)
            #expect(ours == theirs, "\(rule) from \(start)")
            if ours == theirs { agreed += 1 }
        }
        print("differential against libical: \(agreed) of 300 generated rules agree")
    }

    /// Expanding [a, c) equals expanding [a, b) then [b, c), for any b;
    /// and a window far from DTSTART gives what walking from DTSTART gives.
    @Test func windowsSplitAndJumpCorrectly() throws {
        var random = SeededRandom(state: 7)
        let rules = generatedRules(150, seed: 9).map(\.rule) + ["FREQ=HOURLY;INTERVAL=7", "FREQ=MINUTELY;INTERVAL=90;BYHOUR=9,17",
                                                                "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1"]
        for rule in rules {
            let start = local("20000101T093000")
            let expander = try RuleExpander(rule: RecurrenceRuleText.parse(rule, start: .floating(start)).get(),
                                            start: start, until: nil)
            func list(_ from: Int64, _ to: Int64) -> [Int64] {
                var result: [Int64] = []
                expander.instances(from: from, to: to) { result.append($0); return true }
                return result
            }
            let a = start.secondsSinceEpoch + Int64(random.next(3000)) * 86_400
            let c = a + Int64(1 + random.next(400)) * 86_400
            let b = a + Int64(random.next(Int(c - a)))
            #expect(list(a, c) == list(a, b) + list(b, c), "\(rule) split at \(b)")
            // Walking from DTSTART and keeping [a, c) gives the same.
            var walked: [Int64] = []
            expander.instances(from: RuleExpander.startOfTime, to: c) { if $0 >= a { walked.append($0) }; return true }
            #expect(walked == list(a, c), "\(rule) jump to \(a)")
        }
    }

    /// The wall times in [start, end) of the days `rule` matches (DTSTART
    /// counted only when it matches).
    private func matchingWalls(_ rule: String, from start: LocalDateTime, to end: LocalDateTime) throws -> [Int64] {
        let expander = try RuleExpander(rule: RecurrenceRuleText.parse(rule, start: .floating(start)).get(),
                                        start: start, until: nil, countsStart: false)
        var walls: [Int64] = []
        expander.instances(from: start.secondsSinceEpoch, to: end.secondsSinceEpoch) { walls.append($0); return true }
        return walls
    }

    /// MONTHLY and YEARLY rules with weekdays only (plain, ordinal, both,
    /// and two ordinals naming one day) against every day of each month
    /// tested one by one, as RFC 5545 reads them: the weekday-only path
    /// steps through each weekday's days and must give the same days, in
    /// order, each once.
    @Test func weekdayOnlyMonthsMatchEveryDayTested() throws {
        let names = ["MO": 1, "TU": 2, "WE": 3, "TH": 4, "FR": 5, "SA": 6, "SU": 7]
        let lists = ["MO,FR", "2TU", "-1FR", "1MO,-5MO", "1MO,MO", "5WE", "-5SU,3SA,TH", "1SU,2SU,-1SU,SA", "MO,TU,WE,TH,FR,SA,SU"]
        let start = local("20240101T083000")
        for frequency in ["MONTHLY", "YEARLY;BYMONTH=2,11", "MONTHLY;INTERVAL=5"] {
            for list in lists {
                let rule = "FREQ=\(frequency);BYDAY=\(list)"
                let ours = try matchingWalls(rule, from: start, to: local("20300101T000000"))
                // The reference: each day of each month the rule's period covers.
                let parts = list.split(separator: ",").map { part -> (ordinal: Int, weekday: Int) in
                    (Int(part.dropLast(2)) ?? 0, names[String(part.suffix(2))]!)
                }
                var expected: [Int64] = []
                var monthIndex = 2024 * 12
                while monthIndex < 2030 * 12 {
                    let year = monthIndex / 12, month = monthIndex % 12 + 1
                    defer { monthIndex += frequency.hasSuffix("INTERVAL=5") ? 5 : 1 }
                    if frequency.hasPrefix("YEARLY") && month != 2 && month != 11 { continue }
                    let length = LocalDate.daysIn(month: month, year: year)
                    for dayOfMonth in 1...length {
                        let date = LocalDate(year: year, month: month, day: dayOfMonth)!
                        let sameBefore = (dayOfMonth - 1) / 7 + 1, sameAfter = -((length - dayOfMonth) / 7 + 1)
                        let picked = parts.contains { part in
                            part.weekday == date.weekday && (part.ordinal == 0 || part.ordinal == sameBefore || part.ordinal == sameAfter)
                        }
                        if picked { expected.append(date.daysSinceEpoch * 86_400 + 8 * 3600 + 1800) }
                    }
                }
                #expect(ours == expected, "\(rule)")
            }
        }
    }

    /// WEEKLY rules with weekdays alone, every WKST and INTERVAL 1-3,
    /// against every day tested: a day is an instance when its weekday is
    /// listed and its week (weeks begin on WKST) is a whole number of
    /// intervals from DTSTART's.
    @Test func weekdayOnlyWeeksMatchEveryDayTested() throws {
        let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        let start = local("20240103T083000")  // a Wednesday
        for weekStart in 1...7 {
            for interval in 1...3 {
                for list in ["MO,WE,FR", "SU", "SA,TU", "TH,SU,MO"] {
                    let rule = "FREQ=WEEKLY;INTERVAL=\(interval);WKST=\(names[weekStart - 1]);BYDAY=\(list)"
                    let ours = try matchingWalls(rule, from: start, to: local("20250101T000000"))
                    let listed = Set(list.split(separator: ",").map { names.firstIndex(of: String($0))! + 1 })
                    func week(_ day: Int64) -> Int64 {
                        let weekday = Int64(LocalDate(daysSinceEpoch: day).weekday)
                        return (day - (weekday - Int64(weekStart) + 7) % 7) / 7
                    }
                    let first = start.date.daysSinceEpoch
                    let expected = (first..<LocalDate(year: 2025, month: 1, day: 1)!.daysSinceEpoch).filter { day in
                        listed.contains(LocalDate(daysSinceEpoch: day).weekday) && (week(day) - week(first)) % Int64(interval) == 0
                    }.map { $0 * 86_400 + 8 * 3600 + 1800 }
                    #expect(ours == expected, "\(rule)")
                }
            }
        }
    }

    /// Busy time never exceeds a day's length, and every occurrence that
    /// touches the window lands on at least one of its days, on random
    /// events across DST and a trip.
    @Test func busyFitsTheDayAndEveryOccurrenceLands() throws {
        var random = SeededRandom(state: 11)
        var lines: [String] = []
        for index in 0..<200 {
            let day = 1 + random.next(28)
            let hour = random.next(24)
            let zone = random.pick(["America/New_York", "Europe/Berlin", "Asia/Tokyo", "UTC"])
            let length = random.pick(["PT30M", "PT2H", "PT20H", "P1DT3H", "PT0S"])
            let start = zone == "UTC" ? "DTSTART:202410\(format2(day))T\(format2(hour))0000Z"
                : "DTSTART;TZID=\(zone):202410\(format2(day))T\(format2(hour))0000"
            var event = [start, "DURATION:\(length)"]
            if random.next(4) == 0 { event.append("RRULE:FREQ=DAILY;COUNT=\(1 + random.next(10))") }
            if random.next(10) == 0 { event = ["DTSTART;VALUE=DATE:202410\(format2(day))"] }
            lines += vevent("e\(index)", event)
        }
        let result = try settle(lines, from: "2024-10-01", to: "2024-11-10", tz: "America/New_York",
                                travel: ["2024-10-10T20:00=Asia/Tokyo", "2024-10-20T10:00=America/New_York"]) { $0.allDayBusy = true }
        for day in result.days {
            #expect(day.busyMilliseconds <= day.lengthMilliseconds, "\(day.date)")
        }
        var landed = Set<Int>()
        for day in result.listedDays { for entry in day.entries { landed.insert(entry.occurrence) } }
        #expect(landed.count == result.occurrences.count)
        #expect(result.occurrences.count > 200)
    }
}
