import EventModel
@testable import FreeBusy
import Settle
import TestSupport
import Testing

/// The generator of these tests: SplitMix64 from a scrambled seed (the same
/// seed, the same calendar).
func seededRandom(_ seed: UInt64) -> SplitMix64 { SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1) }

/// A random week (2026-03-05 to 03-11, across New York's DST change, or
/// 10-29 to 11-04 across Europe's and New York's fall back) for a viewer
/// in a random zone, sometimes travelling: timed events of any length
/// (none, minutes, days), all-day ones, tentative, cancelled, transparent
/// and declined ones, on a five-minute grid so that they touch often.
func randomSettlement(_ random: inout SplitMix64, keepOccurrences: Bool = true) -> Settlement {
    let zones = ["America/New_York", "Europe/Berlin", "Asia/Tokyo", "Australia/Sydney", "UTC", "Asia/Kolkata"]
    let zone = Zone.named(zones[random.below(zones.count)])!
    let spring = random.below(2) == 0
    let first = spring ? LocalDate(year: 2026, month: 3, day: 5)! : LocalDate(year: 2026, month: 10, day: 29)!
    let base = Instant(seconds: first.daysSinceEpoch * 86_400)
    var changes: [ZoneTimeline.Change] = []
    for _ in 0..<random.below(3) {
        changes.append(ZoneTimeline.Change(at: base.adding(seconds: Int64(random.below(7 * 288)) * 300), zone: Zone.named(zones[random.below(zones.count)])!))
    }
    var options = SettleOptions(from: first, to: first.adding(days: 6), timeline: ZoneTimeline(base: zone, changes: changes))
    options.allDayBusy = random.below(3) == 0
    options.me = "me@example.com"
    options.keepOccurrences = keepOccurrences
    options.listDays = false
    let settler = Settler(options: options)
    for index in 0..<(5 + random.below(40)) {
        let start = base.adding(seconds: Int64(random.below(9 * 288) - 288) * 300)
        let lengths: [Int64] = [0, 300, 900, 1800, 3600, 5400, 7200, 4 * 3600, 86_400, 3 * 86_400]
        let end = start.adding(seconds: lengths[random.below(lengths.count)])
        var event: Event
        if random.below(8) == 0 {
            let date = first.adding(days: random.below(8) - 1)
            event = Event(uid: "e\(index)", title: "all day \(index)", calendar: "c", source: SourcePosition(file: "f", line: index),
                          start: .date(date), end: .date(date.adding(days: 1 + random.below(2))))
        } else {
            event = Event(uid: "e\(index)", title: "event \(index)", calendar: "c", source: SourcePosition(file: "f", line: index),
                          start: .instant(start, zone: nil), end: .instant(end, zone: nil))
        }
        switch random.below(8) {
        case 0: event.status = .tentative
        case 1: event.status = .cancelled
        case 2: event.transparency = .transparent
        case 3: event.attendees = [Attendee(email: "me@example.com", partstat: "DECLINED")]
        default: break
        }
        settler.add(event)
    }
    return settler.settle()
}

/// Invariants of free and busy time on seeded random weeks.
@Suite struct FreeBusyPropertyTests {
    /// Free slots never overlap busy time (widened by the buffer); inside
    /// working hours, free plus busy is the working time of each day; each
    /// slot is maximal (busy time or the working day's edge on both sides)
    /// and at least the minimum.
    @Test(arguments: 0..<80)
    func freeAndBusyTileWorkingTime(_ seed: Int) {
        var random = seededRandom(UInt64(seed) + 1000)
        let settlement = randomSettlement(&random, keepOccurrences: random.below(2) == 0)
        let starts = [0, 7 * 3600, 9 * 3600, 9 * 3600 + 1800, 22 * 3600]
        let start = starts[random.below(starts.count)]
        let end = min(86_400, start + 1800 * (1 + random.below(48)))
        var workdays = Set((1...7).filter { _ in random.below(4) != 0 })
        if workdays.isEmpty { workdays = [3] }
        let hours = WorkingHours(start: start, end: end, workdays: workdays)!
        let buffer = [0, 0, 5, 10, 60][random.below(5)] * minute
        let minimum = [0, 0, 5, 30, 60][random.below(5)] * minute
        let busy = settlement.busyTime
        let widened = IntervalSet.widened(busy, by: buffer)
        let slots = settlement.freeSlots(hours: hours, minimum: minimum, buffer: buffer)
        let timeline = settlement.timeline
        for slot in slots {
            #expect(slot.milliseconds > 0 && slot.milliseconds >= minimum)
            #expect(IntervalSet.clip(widened, to: slot.start..<slot.end).isEmpty)
            let day = settlement.days.first { $0.date == slot.date }!
            let working = hours.intervals(of: day, timeline: timeline)
            #expect(working.contains { $0.lowerBound <= slot.start && slot.end <= $0.upperBound })
            // Maximal: what comes just before and just after is busy or not working time.
            let before = slot.start.adding(milliseconds: -1), after = slot.end
            #expect(widened.contains { $0.contains(before) } || !working.contains { $0.contains(before) })
            #expect(widened.contains { $0.contains(after) } || !working.contains { $0.contains(after) })
        }
        #expect(zip(slots, slots.dropFirst()).allSatisfy { $0.end < $1.start || ($0.end == $1.start && $0.date != $1.date) })
        guard buffer == 0 && minimum == 0 else { return }
        for day in settlement.days {
            let working = hours.intervals(of: day, timeline: timeline)
            let free = slots.filter { $0.date == day.date }.reduce(Int64(0)) { $0 + $1.milliseconds }
            let busyInside = IntervalSet.milliseconds(IntervalSet.intersect(working, busy))
            #expect(free + busyInside == IntervalSet.milliseconds(working), "\(day.date)")
            // Working time lies within the day, and is what the hours say where the clock is steady.
            #expect(IntervalSet.subtract(day.intervals, from: working).isEmpty)
        }
    }

    /// Busy periods cover busy time exactly, in order, without overlap.
    @Test(arguments: 0..<40)
    func busyPeriodsCoverBusyTime(_ seed: Int) {
        var random = seededRandom(UInt64(seed) + 5000)
        let settlement = randomSettlement(&random)
        let periods = settlement.busyPeriods
        #expect(zip(periods, periods.dropFirst()).allSatisfy { $0.end <= $1.start && ($0.end < $1.start || $0.tentative != $1.tentative) })
        #expect(IntervalSet.union(periods.map { $0.start..<$0.end }) == settlement.busyTime)
        // Tentative only where nothing firm is busy.
        let firm = settlement.occurrences.filter { $0.busy && $0.event.status != .tentative && !$0.isAllDay }.map { $0.startUTC..<$0.endUTC }
        for period in periods where period.tentative {
            #expect(IntervalSet.clip(IntervalSet.union(firm), to: period.start..<period.end).isEmpty)
        }
    }
}
