import EventModel
@testable import Export
import Settle
import TestSupport
import Testing

/// The heatmap's grid as data, before any painter: cells and their
/// positions, labels, legend entries and what fits a width. Locales are
/// pinned (en_US, de_DE, fr_FR).
@Suite struct HeatmapGridTests {
    let english = LocaleNames(identifier: "en_US")

    /// A settled range in UTC with the given events (`DTSTART`/`DURATION` lines).
    func settle(_ from: LocalDate, _ to: LocalDate, _ events: [[String]] = []) -> Settlement {
        let settler = Settler(options: SettleOptions(from: from, to: to, timeline: ZoneTimeline(base: .utc)))
        let lines = events.enumerated().flatMap { vevent("e\($0.offset)", $0.element) }
        for event in importText([("grid.ics", ics(lines))]).events { settler.add(event) }
        return settler.settle()
    }

    func model(_ from: LocalDate, _ to: LocalDate, _ events: [[String]] = []) -> HeatmapModel {
        HeatmapModel(settle(from, to, events), scale: .quantile)
    }

    @Test func weekOrderTurnsWeekdaysIntoRowsAndBack() {
        for first in 1...7 {
            let order = WeekOrder(first: first)
            #expect(order.weekday(ofRow: 0) == first)
            #expect((0..<7).map { order.row(of: order.weekday(ofRow: $0)) } == Array(0..<7))
        }
        let sunday = WeekOrder(first: 7)
        #expect(sunday.row(of: 4) == 4)  // Thursday
        #expect(sunday.start(of: day(2026, 1, 1)) == day(2025, 12, 28))
        #expect(WeekOrder(first: 1).start(of: day(2026, 1, 4)) == day(2025, 12, 29))  // a Sunday, last of its week
    }

    @Test func aYearHasACellForEachDayInDateOrder() {
        let layout = HeatmapLayout.year(model(day(2026, 1, 1), day(2026, 12, 31)), names: english, weekStart: 1,
                                        today: nil, monthLabelGap: 2)
        let grid = layout.grids[0]
        #expect(grid.cells.count == 365)
        #expect((grid.columns, grid.rows) == (53, 7))
        #expect(grid.cells.first?.date == day(2026, 1, 1))
        #expect(grid.cells.last?.date == day(2026, 12, 31))
        #expect(grid[column: 0, row: 0] == nil)  // Monday 2025-12-29 lies before the range
        #expect(grid[column: 0, row: 3]?.date == day(2026, 1, 1))
        #expect(grid[column: 53, row: 0] == nil)
        #expect(layout.legend.today == nil)
        #expect(layout.note == nil)
    }

    /// Weeks from Wednesday, across New Year: Monday 2026-12-28 sits in the
    /// first column's sixth row; 2027 starts in the second column.
    @Test func positionsAcrossAYearBoundaryWithWeeksFromWednesday() {
        let layout = HeatmapLayout.year(model(day(2026, 12, 28), day(2027, 1, 6)), names: english, weekStart: 3,
                                        today: day(2027, 1, 1), monthLabelGap: 2)
        let grid = layout.grids[0]
        #expect(grid.rowLabels.map(\.text) == ["Wed", "Thu", "Fri", "Sat", "Sun", "Mon", "Tue"])
        #expect(grid.columns == 3)
        func position(_ date: LocalDate) -> (Int, Int)? {
            grid.cells.first { $0.date == date }.map { ($0.column, $0.row) }
        }
        #expect(position(day(2026, 12, 28))! == (0, 5))
        #expect(position(day(2026, 12, 29))! == (0, 6))
        #expect(position(day(2026, 12, 30))! == (1, 0))
        #expect(position(day(2027, 1, 1))! == (1, 2))
        #expect(position(day(2027, 1, 6))! == (2, 0))
        #expect(grid.cells.filter(\.isToday).map(\.date) == [day(2027, 1, 1)])
        // December's name, one column before January's, would crowd it.
        #expect(grid.columnLabels == [HeatmapGrid.Label(index: 1, text: "Jan")])
        #expect(layout.legend.today == "today")
    }

    @Test func cellsCarryFiguresAndTooltips() {
        let layout = HeatmapLayout.year(model(day(2026, 11, 16), day(2026, 11, 22), [
            ["DTSTART:20261117T090000Z", "DURATION:PT1H30M"], ["DTSTART:20261117T140000Z", "DURATION:PT1H"],
        ]), names: english, weekStart: 1, today: nil, monthLabelGap: 2)
        let tuesday = layout.grids[0].cells.first { $0.date == day(2026, 11, 17) }!
        #expect(tuesday.seconds == 9000)
        #expect(tuesday.events == 2)
        #expect(tuesday.level == 1)
        #expect(tuesday.figure == "2.5")
        #expect(tuesday.tooltip == "2026-11-17: 2.5 h busy, 2 events")
        #expect(layout.grids[0].cells[0].tooltip == "2026-11-16: 0 h busy, 0 events")
        #expect(layout.grids[0].cells[0].figure == "")
        #expect(layout.footer == "Total 2.5 h busy · busiest day 2026-11-17 (2.5 h) · 4 free working days (Mon–Fri)")
    }

    /// Too wide for the room: whole weeks go from the left, at least four stay.
    @Test func weeksThatDoNotFitAreDroppedFromTheLeft() {
        let year = model(day(2026, 1, 1), day(2026, 12, 31))
        // "Wed" is three columns, a space, then two columns a week: (40 - 4) / 2 = 18 weeks.
        let narrow = HeatmapLayout.year(year, names: english, weekStart: 1, today: nil, monthLabelGap: 2,
                                        fit: HeatmapFit(width: 40, cellWidth: 2))
        let grid = narrow.grids[0]
        #expect(grid.columns == 18)
        #expect(narrow.from == day(2026, 8, 31))  // the Monday 17 weeks before the last week's
        #expect(grid.cells.first?.date == day(2026, 8, 31))
        #expect(grid.cells.last?.date == day(2026, 12, 31))
        #expect(narrow.note == "last 18 weeks; widen the terminal for more")
        #expect(narrow.title == "Busy time 2026-08-31 – 2026-12-31")
        let tiny = HeatmapLayout.year(year, names: english, weekStart: 1, today: nil, monthLabelGap: 2,
                                      fit: HeatmapFit(width: 5, cellWidth: 2))
        #expect(tiny.grids[0].columns == 4)
        let wide = HeatmapLayout.year(year, names: english, weekStart: 1, today: nil, monthLabelGap: 2,
                                      fit: HeatmapFit(width: 200, cellWidth: 2))
        #expect(wide.grids[0].columns == 53)
        #expect(wide.note == nil)
    }

    /// A narrow terminal shows the last weeks: the footer counts those
    /// (busy time, busiest day, free days), not the weeks left out; the
    /// legend marks today only when today is shown.
    @Test func theFooterAndLegendDescribeTheWeeksShown() {
        let year = model(day(2026, 1, 1), day(2026, 12, 31), [["DTSTART:20260203T090000Z", "DURATION:PT3H"],
                                                              ["DTSTART:20261117T090000Z", "DURATION:PT1H"]])
        let narrow = HeatmapLayout.year(year, names: english, weekStart: 1, today: day(2026, 3, 2), monthLabelGap: 2,
                                        fit: HeatmapFit(width: 40, cellWidth: 2))
        #expect(narrow.from == day(2026, 8, 31))
        // 17 weeks and Monday to Thursday: 89 working days, one of them busy.
        #expect(narrow.footer == "Total 1 h busy · busiest day 2026-11-17 (1 h) · 88 free working days (Mon–Fri)")
        #expect(narrow.legend.today == nil)
        let wide = HeatmapLayout.year(year, names: english, weekStart: 1, today: day(2026, 3, 2), monthLabelGap: 2,
                                      fit: HeatmapFit(width: 200, cellWidth: 2))
        #expect(wide.footer == "Total 4 h busy · busiest day 2026-02-03 (3 h) · 259 free working days (Mon–Fri)")
        #expect(wide.legend.today == "today")
        let past = HeatmapLayout.months(year, names: english, weekStart: 1, today: day(2027, 1, 5), weekNumbers: false)
        #expect(past.legend.today == nil)
    }

    @Test func legendEntriesShowTheRealThresholds() {
        let scale = HeatmapScale(.fixed([900, 3600, 5400]), values: [])
        let hours = HeatmapLegend(scale: scale, unit: .hours, words: HeatmapWords(identifier: "de_DE"), marksToday: true)
        #expect(hours.caption == "Legende (fixed):")
        #expect(hours.entries.map(\.level) == [0, 1, 2, 3, 4])
        #expect(hours.entries.map(\.text) == ["0", "≤ 15 min", "≤ 1 h", "≤ 1,5 h", "> 1,5 h"])  // German decimals
        #expect(hours.today == "heute")
        let minutes = HeatmapLegend(scale: scale, unit: .minutes, words: HeatmapWords(identifier: "en_US"), marksToday: false)
        #expect(minutes.entries.map(\.text) == ["0", "≤ 15 min", "≤ 60 min", "≤ 90 min", "> 90 min"])
        #expect(minutes.today == nil)
        let french = HeatmapLegend(scale: scale, unit: .hours, words: HeatmapWords(identifier: "fr_FR"), marksToday: true)
        #expect(french.caption == "Légende (fixed):")
        #expect(french.entries.last?.text == "> 1,5 h")
        #expect(french.today == "aujourd’hui")
        // No Italian heatmap words: the legend is English throughout, its "today" too.
        let italian = HeatmapLegend(scale: scale, unit: .hours, words: HeatmapWords(identifier: "it_IT"), marksToday: true)
        #expect(italian.caption == "Legend (fixed):")
        #expect(italian.today == "today")
        #expect(AgendaLocale(identifier: "fr_FR").today == "aujourd’hui")
    }

    /// Plurals, decimal separators and words per language.
    @Test func wordsFollowTheLanguage() {
        let german = HeatmapWords(identifier: "de_DE")
        #expect(german.phrases.freeOne == "1 freier Arbeitstag (Mo–Fr)")
        #expect(german.hours(1.1 * 3600) == "1,1")
        #expect(german.dayTooltip(LocalDate(year: 2026, month: 11, day: 27)!, seconds: 5400, events: 1)
                == "2026-11-27: 1,5 h belegt, 1 Termin")
        #expect(HeatmapWords(identifier: "en_US").dayTooltip(LocalDate(year: 2026, month: 11, day: 27)!, seconds: 5400, events: 2)
                == "2026-11-27: 1.5 h busy, 2 events")
        #expect(HeatmapWords(identifier: "fr_FR").busyTime == "Temps occupé")
        #expect(HeatmapWords(identifier: "es_ES").hours(5400) == "1,5")
        #expect(HeatmapWords(identifier: "ja_JP").hours(5400) == "1.5")
        #expect(LocaleWords(identifier: "de_DE").duration(days: 0, hours: 1, minutes: 30) == "1 Std. 30 Min.")
        #expect(LocaleWords(identifier: "en_US").duration(days: 2, hours: 3, minutes: 0) == "2d 3h")
        #expect(LocaleWords(identifier: "ja_JP").duration(days: 0, hours: 1, minutes: 30) == "1時間30分")
        #expect(LocaleWords(identifier: "fr_FR").duration(days: 0, hours: 0, minutes: 15) == "15 min")
        // Every language with heatmap words has all of them filled in.
        for language in ["en", "de", "fr", "es", "ja"] {
            let words = HeatmapWords(identifier: language)
            let phrases = words.phrases
            for phrase in [phrases.busyTime, phrases.legend, phrases.total, phrases.free, phrases.freeOne, phrases.day,
                           phrases.dayOne, phrases.cellDay, phrases.calendars, phrases.merged, phrases.allDayOnly] {
                #expect(!phrase.isEmpty, "\(language)")
            }
            #expect(language == "en" || phrases.busyTime != LocaleWords.english.heatmap!.busyTime, "\(language)")
        }
    }

    /// Equal thresholds are merged, the levels in between never shown; an
    /// empty calendar (every threshold 0) has only 0 and above.
    @Test func legendMergesEqualThresholds() {
        let english = HeatmapWords(identifier: "en_US")
        let some = HeatmapLegend(scale: HeatmapScale(.quantile, values: [900, 900, 900, 900, 3600]), unit: .hours,
                                 words: english, marksToday: false)
        #expect(some.entries.map(\.text) == ["0", "≤ 15 min", "> 15 min"])
        #expect(some.merged)
        let none = HeatmapLegend(scale: HeatmapScale(.quantile, values: []), unit: .hours, words: english, marksToday: false)
        #expect(none.entries.map(\.text) == ["0", "> 0 min"])
        let distinct = HeatmapLegend(scale: HeatmapScale(.linear, values: [3600 * 4]), unit: .hours, words: english, marksToday: false)
        #expect(distinct.entries.count == 5)
        #expect(!distinct.merged)
        #expect(distinct.caption == "Legend (linear):")
    }

    /// November 2026 from Monday: six rows, the 1st (a Sunday) last in the
    /// first; days of the month outside the range have no level.
    @Test func monthGridsHoldTheWholeMonth() {
        let layout = HeatmapLayout.months(model(day(2026, 11, 20), day(2026, 12, 3)), names: english, weekStart: 1,
                                          today: day(2026, 11, 22), weekNumbers: true,
                                          fit: HeatmapFit(width: 130, cellWidth: 8, blockGap: 2))
        #expect(layout.grids.map(\.title) == ["November 2026", "December 2026"])
        let november = layout.grids[0]
        #expect((november.columns, november.rows) == (7, 6))
        #expect(november.cells.count == 30)
        #expect(november[column: 6, row: 0]?.date == day(2026, 11, 1))
        #expect(november[column: 6, row: 0]?.level == nil)
        #expect(november.cells.filter { $0.level != nil }.count == 11)  // the 20th to the 30th
        #expect(november.rowLabels.first == HeatmapGrid.Label(index: 0, text: "W44"))
        #expect(november.columnLabels.map(\.text).first == "Mon")
        #expect(layout.gridsPerRow == 2)  // 130 columns hold two months of 4 + 56 + 2
        let svg = HeatmapLayout.months(model(day(2026, 11, 20), day(2026, 12, 3)), names: english, weekStart: 7,
                                       today: nil, weekNumbers: false)
        #expect(svg.gridsPerRow == 3)
        #expect(svg.grids[0].rows == 5)
        #expect(svg.grids[0].rowLabels.isEmpty)
    }

    @Test func hoursAreSevenRowsOf24Slots() {
        let settlement = settle(day(2026, 11, 16), day(2026, 11, 22), [["DTSTART:20261117T090000Z", "DURATION:PT2H"]])
        let model = HeatmapModel(settlement, scale: .quantile)
        let (slots, scale) = HeatmapModel.slots(settlement, statistic: .total, scale: .quantile)
        let layout = HeatmapLayout.hours(model, slots: slots, scale: scale, statistic: .total, names: english, weekStart: 7)
        let grid = layout.grids[0]
        #expect(grid.cells.count == 168)
        #expect((grid.columns, grid.rows) == (24, 7))
        #expect(grid.columnLabels.map(\.index) == [0, 3, 6, 9, 12, 15, 18, 21])
        #expect(grid[column: 9, row: 2]?.subject == .slot(weekday: 2, hour: 9))  // Tuesday, third from Sunday
        #expect(grid[column: 9, row: 2]?.tooltip == "Tue 9:00–10:00: 60 min")
        #expect(grid.rowTotals[2] == HeatmapGrid.Label(index: 2, text: "2 h"))
        // A row of a few busy minutes says so rather than `0 h`.
        #expect(english.words.duration(1440) == "24 min")
        #expect(english.words.duration(0) == "0 h")
        #expect(LocaleNames(identifier: "de_DE").words.duration(5400) == "1,5 h")
        #expect(layout.subtitle == "total busy hours per hour")
        // Two busy slots of an hour each: every threshold is that hour, written once.
        #expect(layout.legend.entries.map(\.text) == ["0", "≤ 1 h", "> 1 h"])
        #expect(layout.legend.entries.map(\.level) == [0, 1, 4])
        #expect(layout.legend.caption == "Legend (quantile; equal thresholds merged):")
        let minutes = HeatmapLayout.hours(model, slots: slots, scale: scale, statistic: .total, names: english,
                                          weekStart: 7, unit: .minutes)
        #expect(minutes.legend.entries.map(\.text) == ["0", "≤ 60 min", "> 60 min"])
    }
}
