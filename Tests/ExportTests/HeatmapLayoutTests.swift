import EventModel
@testable import Export
import Settle
import TestSupport
import Testing

func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d)! }

/// The heatmap's pure layout and numbers, apart from any drawing.
@Suite struct HeatmapLayoutTests {
    @Test func columnsAndRowsForMondayAndSundayFirstWeeks() {
        let monday = YearLayout(from: day(2026, 1, 1), to: day(2026, 12, 31), weekStart: 1)
        #expect(monday.origin == day(2025, 12, 29))
        #expect(monday.position(of: day(2026, 1, 1)) == (0, 3))
        #expect(monday.position(of: day(2026, 1, 5)) == (1, 0))
        #expect(monday.position(of: day(2026, 12, 31)) == (52, 3))
        #expect(monday.columns == 53)
        #expect(monday.weekday(ofRow: 6) == 7)
        let sunday = YearLayout(from: day(2026, 1, 1), to: day(2026, 12, 31), weekStart: 7)
        #expect(sunday.origin == day(2025, 12, 28))
        #expect(sunday.position(of: day(2026, 1, 1)) == (0, 4))
        #expect(sunday.position(of: day(2026, 1, 4)) == (1, 0))
        #expect(sunday.weekday(ofRow: 0) == 7)
        #expect(sunday.date(column: 0, row: 0) == nil)  // 2025-12-28 lies before the range
    }

    @Test func yearsOf53And54Columns() {
        // 2000 starts on a Saturday and, being leap, ends on a Sunday.
        #expect(YearLayout(from: day(2000, 1, 1), to: day(2000, 12, 31), weekStart: 7).columns == 54)
        #expect(YearLayout(from: day(2000, 1, 1), to: day(2000, 12, 31), weekStart: 1).columns == 53)
        #expect(YearLayout(from: day(2022, 1, 1), to: day(2022, 12, 31), weekStart: 1).columns == 53)
    }

    @Test func monthLabelsSitOverTheWeekWhereEachMonthStarts() {
        let layout = YearLayout(from: day(2026, 1, 1), to: day(2026, 12, 31), weekStart: 1)
        let labels = layout.monthLabels(gap: 2)
        #expect(labels.map(\.month) == Array(1...12))
        #expect(labels.prefix(4).map(\.column) == [0, 4, 8, 13])  // Feb 1 and Mar 1 are Sundays, Apr 1 a Wednesday
        // A range starting at the end of a month: its label would crowd the next one.
        let late = YearLayout(from: day(2025, 11, 23), to: day(2026, 11, 28), weekStart: 7)
        #expect(late.monthLabels(gap: 2).first.map { ($0.month, $0.column) }! == (12, 1))
    }

    /// Over more than one year, the year stands over the first week and
    /// over the week of each January 1st, not crowding the next.
    @Test func yearLabelsSitOverTheWeekWhereEachYearStarts() {
        let decade = YearLayout(from: day(2008, 1, 1), to: day(2010, 12, 31), weekStart: 1)
        #expect(decade.yearLabels(gap: 3).map { [$0.column, $0.year] } == [[0, 2008], [52, 2009], [104, 2010]])
        let late = YearLayout(from: day(2025, 11, 23), to: day(2026, 11, 28), weekStart: 7)
        #expect(late.yearLabels(gap: 3).map { [$0.column, $0.year] } == [[0, 2025], [5, 2026]])
        // The first week holds January 1st: one label, the new year's.
        let turn = YearLayout(from: day(2025, 12, 28), to: day(2026, 11, 28), weekStart: 7)
        #expect(turn.yearLabels(gap: 3).map { [$0.column, $0.year] } == [[0, 2026]])
    }

    /// Every other ISO week is labelled, and week 1 after a week 53 waits
    /// for week 3 rather than touching it.
    @Test func weekLabelsAreTheOddISOWeeks() {
        let year = YearLayout(from: day(2026, 1, 1), to: day(2026, 12, 31), weekStart: 1)
        let labels = year.weekLabels()
        #expect(labels.count == 27)
        #expect(labels.first.map { [$0.column, $0.week] } == [0, 1])
        #expect(labels.last.map { [$0.column, $0.week] } == [52, 53])
        let turn = YearLayout(from: day(2009, 12, 1), to: day(2010, 1, 31), weekStart: 1)
        #expect(turn.weekLabels().map { [$0.column, $0.week] } == [[0, 49], [2, 51], [4, 53], [7, 3]])
        // Weeks from Sunday take the number of their Monday.
        let sunday = YearLayout(from: day(2026, 1, 4), to: day(2026, 1, 31), weekStart: 7)
        #expect(sunday.weekLabels().map { [$0.column, $0.week] } == [[1, 3], [3, 5]])  // 2026-01-05 is in week 2
    }

    @Test func monthGridsAndISOWeeks() {
        let sunday = MonthLayout(year: 2026, month: 11, weekStart: 7)
        #expect(sunday.rows.count == 5)
        #expect(sunday.rows[0][0] == day(2026, 11, 1))
        let monday = MonthLayout(year: 2026, month: 11, weekStart: 1)
        #expect(monday.rows.count == 6)
        #expect(monday.rows[0].prefix(6).allSatisfy { $0 == nil })
        #expect(monday.weekNumber(ofRow: 0) == 44)
        #expect(MonthLayout.isoWeek(day(2026, 12, 28)) == 53)
        #expect(MonthLayout.isoWeek(day(2027, 1, 1)) == 53)
        #expect(MonthLayout.isoWeek(day(2026, 1, 1)) == 1)
        #expect(MonthLayout.isoWeek(day(2024, 12, 30)) == 1)
    }

    @Test func scalesHaveLevelZeroForZeroOnly() {
        let quantile = HeatmapScale(.quantile, values: [0, 0, 100, 200, 300, 400, 500])
        #expect(quantile.thresholds == [200, 300, 400])
        #expect([0, 1, 200, 201, 400, 401].map(quantile.level) == [0, 1, 1, 2, 3, 4])
        let linear = HeatmapScale(.linear, values: [0, 400])
        #expect(linear.thresholds == [100, 200, 300])
        #expect(HeatmapScale.kind(parsing: "fixed:60,180,300") == .fixed([3600, 10800, 18000]))
        #expect(HeatmapScale.kind(parsing: "fixed:60,30,300") == nil)
        #expect(HeatmapScale.kind(parsing: "fixed:60,180") == nil)
        let empty = HeatmapScale(.quantile, values: [0, 0])
        #expect(empty.level(0) == 0)
    }

    /// Hours view across the end of DST in New York: 01:00-02:00 happens
    /// twice, and both count to the 1 o'clock slot.
    @Test func repeatedHourCountsTwiceInItsSlot() throws {
        let settler = Settler(options: SettleOptions(from: day(2024, 11, 3), to: day(2024, 11, 3),
                                                     timeline: ZoneTimeline(base: Zone(tzdb: "America/New_York")!)))
        for event in importText([("dst.ics", ics(vevent("night", [
            "DTSTART;TZID=America/New_York:20241103T003000", "DTEND;TZID=America/New_York:20241103T023000",
        ])))]).events { settler.add(event) }
        let settlement = settler.settle()
        #expect(settlement.days[0].busyMilliseconds == 3 * 3_600_000)  // 00:30 EDT to 02:30 EST
        let (slots, _) = HeatmapModel.slots(settlement, statistic: .total, scale: .quantile)
        func minutes(_ hour: Int) -> Double { slots.first { $0.weekday == 7 && $0.hour == hour }!.seconds / 60 }
        #expect([minutes(0), minutes(1), minutes(2)] == [30, 120, 30])
    }

    @Test func footerFigures() throws {
        let settler = Settler(options: SettleOptions(from: day(2026, 11, 16), to: day(2026, 11, 22),
                                                     timeline: ZoneTimeline(base: .utc)))
        for event in importText([("week.ics", ics(
            vevent("a", ["DTSTART:20261117T090000Z", "DURATION:PT2H"]) + vevent("b", ["DTSTART:20261119T090000Z", "DURATION:PT3H"])
        ))]).events { settler.add(event) }
        let model = HeatmapModel(settler.settle(), scale: .quantile)
        #expect(model.totalSeconds == 5 * 3600)
        #expect(model.busiest?.date == day(2026, 11, 19))
        #expect(model.freeWorkingDays == 3)  // Mon, Wed, Fri
    }
}

/// Legend thresholds stay apart: minutes under an hour, hours above.
@Suite struct HeatmapLegendTests {
    @Test func thresholdsUnderAnHourAreMinutes() {
        #expect(HeatmapText.threshold(900, inHours: true) == "15 min")
        #expect(HeatmapText.threshold(1200, inHours: true) == "20 min")
        #expect(HeatmapText.threshold(3336, inHours: true) == "56 min")
        #expect(HeatmapText.threshold(450, inHours: true) == "7.5 min")
        #expect(HeatmapText.threshold(3600, inHours: true) == "1 h")
        #expect(HeatmapText.threshold(5400, inHours: true) == "1.5 h")
        #expect(HeatmapText.threshold(45_000, inHours: true) == "13 h")
        #expect(HeatmapText.threshold(5400, inHours: false) == "90 min")
    }
}
