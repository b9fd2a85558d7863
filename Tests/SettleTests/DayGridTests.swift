import EventModel
@testable import Settle
import TestSupport
import Testing

/// Finding the days an interval lands on starts from a guess (a day a
/// piece) and must give what a search of every piece gives, with or
/// without travel, for intervals inside, across and outside the window.
@Suite struct DayGridTests {
    /// The day indices whose pieces overlap [start, end), piece by piece.
    func landedByScan(_ grid: DayGrid, _ start: Instant, _ end: Instant) -> [Int] {
        Array(Set(grid.pieces.filter { $0.lower < end && $0.upper > start }.map(\.day))).sorted()
    }

    func landed(_ grid: DayGrid, _ start: Instant, _ end: Instant) -> [Int] {
        guard let found = grid.days(overlapping: start, end) else { return [] }
        return ([found.first] + found.more).flatMap { Array($0) }
    }

    @Test(arguments: [
        // DST in spring and autumn.
        ZoneTimeline(base: Zone(tzdb: "America/New_York")!),
        // A westward flight repeats a date, an eastward one over the date line skips one.
        ZoneTimeline(base: Zone(tzdb: "Europe/Berlin")!, changes: [
            .init(at: Instant(seconds: 1_773_100_800), zone: Zone(tzdb: "America/Los_Angeles")!),  // 2026-03-10
            .init(at: Instant(seconds: 1_773_900_000), zone: Zone(tzdb: "Pacific/Kiritimati")!),  // 2026-03-19
            .init(at: Instant(seconds: 1_774_500_000), zone: Zone(tzdb: "Pacific/Honolulu")!),  // 2026-03-26
        ]),
    ])
    func daysFoundFromAGuessAreTheDaysOfEveryPiece(timeline: ZoneTimeline) {
        let days = DayGrid.days(from: date("2026-02-20")!, to: date("2026-04-20")!, timeline: timeline)
        let grid = DayGrid(days: days)
        let first = grid.pieces.first!.lower.milliseconds, last = grid.pieces.last!.upper.milliseconds
        var random = SplitMix64(seed: 20_261_125)
        var checked = 0
        for _ in 0..<4_000 {
            // From 10 days before the window to 10 days after it, lasting up to 90 days.
            let start = first - 864_000_000 + Int64(random.next() % UInt64(last - first + 1_728_000_000))
            let length = Int64(random.next() % (random.next() % 2 == 0 ? 7_200_000 : 7_776_000_000)) + 1
            let expected = landedByScan(grid, Instant(milliseconds: start), Instant(milliseconds: start + length))
            #expect(landed(grid, Instant(milliseconds: start), Instant(milliseconds: start + length)) == expected)
            #expect(grid.overlapsAnyDay(Instant(milliseconds: start), Instant(milliseconds: start + length)) == !expected.isEmpty)
            if !expected.isEmpty { checked += 1 }
        }
        #expect(checked > 2_000)
        // Far outside the window, and the pieces' own edges.
        #expect(landed(grid, Instant(seconds: -62_000_000_000), Instant(seconds: -61_000_000_000)).isEmpty)
        #expect(landed(grid, Instant(seconds: 250_000_000_000), Instant(seconds: 250_000_000_001)).isEmpty)
        for piece in grid.pieces {
            #expect(landed(grid, piece.lower, piece.upper) == landedByScan(grid, piece.lower, piece.upper))
            #expect(grid.overlapsAnyDay(piece.lower, piece.upper))
        }
        // One zone's days touch end to end: a quick test of the whole span.
        #expect((grid.span != nil) == timeline.changes.isEmpty)
    }

    /// Without travel, days are made a quicker way (one interval from
    /// midnight to midnight, one shared list of zones); they must be the
    /// days the timeline gives date by date: Samoa skipped 2011-12-30,
    /// Lord Howe moves its clocks by half an hour, New York by an hour.
    @Test(arguments: [("Pacific/Apia", "2011-12-20", "2012-01-10"), ("Australia/Lord_Howe", "2026-03-25", "2026-10-10"),
                      ("America/New_York", "2026-01-01", "2026-12-31"), ("UTC", "1969-12-25", "1970-01-05")])
    func daysOfOneZoneAreTheTimelinesDays(zone: String, from: String, to: String) throws {
        let timeline = ZoneTimeline(base: try #require(Zone(tzdb: zone)))
        let days = DayGrid.days(from: try #require(date(from)), to: try #require(date(to)), timeline: timeline)
        var expected = try #require(date(from))
        for day in days {
            #expect(day.date == expected)
            #expect(day.intervals == timeline.intervals(of: expected))
            #expect(day.zones == timeline.zones(on: expected))
            expected = expected.adding(days: 1)
        }
        #expect(expected == (try #require(date(to))).adding(days: 1))
        if zone == "Pacific/Apia" {
            #expect(days.filter(\.intervals.isEmpty).map(\.date) == [try #require(date("2011-12-30"))])
            // A skipped date breaks the run: the grid's quick test is off.
            #expect(DayGrid(days: days).span == nil)
        }
    }
}
