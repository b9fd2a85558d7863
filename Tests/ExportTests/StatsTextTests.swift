import EventModel
@testable import Export
import Foundation
import Statistics
import Testing

/// The text view of `busylife stats`: what a person reads in ten seconds,
/// aligned at every width, in their language, coloured only when asked.
@Suite struct StatsTextTests {
    /// Figures of one period in hours (meetings a count), kept to the
    /// invariants: working = busy working + focus + fragmented, after hours
    /// = busy − busy working.
    static func figures(busy: Double, working: Double = 40, busyWorking: Double? = nil, focus: Double = 0,
                        meetings: Double = 0, recurring: Double = 0, count: Int = 0, conflict: Double = 0,
                        meetingFree: Int = 0) -> StatsFigures {
        func s(_ hours: Double) -> Int { Int(hours * 3600) }
        var figures = StatsFigures()
        figures.busySeconds = s(busy)
        figures.workingSeconds = s(working)
        figures.busyWorkingSeconds = s(busyWorking ?? busy)
        figures.afterHoursSeconds = figures.busySeconds - figures.busyWorkingSeconds
        figures.focusSeconds = s(focus)
        figures.fragmentedSeconds = figures.workingSeconds - figures.busyWorkingSeconds - figures.focusSeconds
        figures.meetingSeconds = s(meetings)
        figures.recurringMeetingSeconds = s(recurring)
        figures.meetings = count
        figures.conflictSeconds = s(conflict)
        figures.meetingFreeDays = meetingFree
        return figures
    }

    /// Weeks from Monday 2026-09-07, the last one partial (cut on its
    /// Wednesday), each with the figures given.
    static func weeks(_ figures: [StatsFigures], lastPartial: Bool = true,
                      calendars: [StatsShare] = [StatsShare(name: "Work", busySeconds: 90_000),
                                                 StatsShare(name: "Home", busySeconds: 14_400)],
                      people: [StatsPersonShare] = []) -> Statistics {
        let first = day(2026, 9, 7)
        let periods = figures.indices.map { index in
            let partial = lastPartial && index == figures.count - 1
            let start = first.adding(days: 7 * index)
            return StatsPeriod(start: start, end: start.adding(days: partial ? 2 : 6), partial: partial,
                               figures: figures[index])
        }
        var total = StatsFigures()
        for period in periods {
            for figure in [\StatsFigures.busySeconds, \.workingSeconds, \.busyWorkingSeconds, \.afterHoursSeconds,
                           \.focusSeconds, \.fragmentedSeconds, \.meetingSeconds, \.recurringMeetingSeconds,
                           \.meetings, \.conflictSeconds, \.meetingFreeDays] {
                total[keyPath: figure] += period.figures[keyPath: figure]
            }
        }
        return Statistics(from: first, to: periods.last?.end ?? first, grouping: .week, focusThresholdSeconds: 7200,
                          periods: periods, total: total, byCalendar: calendars,
                          byCategory: [StatsShare(name: "(none)", busySeconds: 104_400)], byPerson: people)
    }

    /// Thirteen weeks of varied figures, as the default window shows them.
    static let quarter = weeks((0..<13).map { week in
        let busy = [12.5, 20, 31, 8, 0, 15.5, 22, 27, 19, 11, 24.5, 30, 6][week]
        return figures(busy: busy + Double(week % 3), busyWorking: busy, focus: Double(week % 4) * 3,
                       meetings: busy / 2, recurring: busy / 4, count: week + 2, conflict: Double(week % 2),
                       meetingFree: week % 3)
    }, people: [StatsPersonShare(address: "ann@example.org", meetingSeconds: 21_600, meetings: 4)])

    static func render(_ stats: Statistics, width: Int, locale: String = "en_US", color: Bool = false) -> String {
        StatsText.render(stats, style: StatsTextStyle(width: width, locale: locale, color: color))
    }

    /// The table's lines: from its header to its total, rules left out.
    static func tableLines(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let rule = lines.firstIndex(where: { $0.hasPrefix("─") }) else { return [] }
        let end = lines[(rule + 1)...].firstIndex(where: { $0.hasPrefix("─") })!
        return [lines[rule - 1]] + lines[(rule + 1)..<end] + [lines[end + 1]]
    }

    /// Every row as wide as the header, and each figure column's right
    /// edge (the end of a header followed by two spaces or the line's
    /// end) the end of a cell in every row: figures are right-aligned.
    static func assertAligned(_ table: [String]) {
        let widths = table.map(TerminalText.width)
        #expect(Set(widths).count == 1, "rows of unequal width: \(widths)\n\(table.joined(separator: "\n"))")
        let header = columns(table[0])
        func ends(_ cells: [String], at column: Int) -> Bool {
            cells[column] != " " && (column + 1 == cells.count || cells[column + 1] == " ")
        }
        let edges = header.indices.filter { column in
            ends(header, at: column) && (column + 1 == header.count || column + 2 < header.count && header[column + 2] == " ")
        }.dropFirst()  // the period column is left-aligned
        #expect(edges.count >= 4)  // busy, share, meetings and focus at least
        for row in table.dropFirst() {
            let cells = columns(row)
            for column in edges {
                #expect(ends(cells, at: column), "column \(column) not aligned in \(row)")
            }
        }
    }

    /// A line as terminal columns: a wide character, then "" for the column it covers.
    static func columns(_ line: String) -> [String] {
        line.flatMap { character -> [String] in
            TerminalText.width(String(character)) == 2 ? [String(character), ""] : [String(character)]
        }
    }

    @Test func rowsHoldEachPeriodsFiguresAlignedAt60_100And160Columns() throws {
        for width in [60, 100, 160] {
            let text = Self.render(Self.quarter, width: width)
            if let folder = ProcessInfo.processInfo.environment["BUSYLIFE_STATS_SAMPLES"] {
                // Samples to look at in terminals of these widths.
                try text.write(toFile: "\(folder)/stats-\(width).txt", atomically: true, encoding: .utf8)
                for (name, locale, color) in [("de", "de_DE", false), ("ja", "ja_JP", false), ("color", "en_US", true)] {
                    try Self.render(Self.quarter, width: width, locale: locale, color: color)
                        .write(toFile: "\(folder)/stats-\(width)-\(name).txt", atomically: true, encoding: .utf8)
                }
            }
            for line in text.split(separator: "\n") {
                #expect(TerminalText.width(String(line)) <= width, "\(width): \(line)")
            }
            let table = Self.tableLines(text)
            #expect(table.count == 1 + 13 + 1)
            Self.assertAligned(table)
            // The first week: its dates, busy hours, busy share and meetings.
            #expect(table[1].hasPrefix("Sep 7 – 13  "))
            #expect(table[1].contains("12.5 h") && table[1].contains("31%") && table[1].contains("6.3 h"))
            #expect(table[13].hasPrefix("Nov 30 – Dec 2 *"))  // the partial week, marked
            #expect(table[14].hasPrefix("Total"))
            #expect(text.contains("* partial: cut by the window"))
        }
        let narrow = Self.render(Self.quarter, width: 60)
        let wide = Self.render(Self.quarter, width: 160)
        #expect(narrow.contains("not shown at 60 columns: "))
        #expect(!wide.contains("not shown"))
        for header in ["Working", "Recurring", "Fragmented", "Double-booked", "Meeting-free"] {
            #expect(Self.tableLines(wide)[0].contains(header))
        }
        // The most telling columns stay at 60.
        for header in ["Week", "Busy", "Share", "Meetings", "Count", "Focus"] {
            #expect(Self.tableLines(narrow)[0].contains(header))
        }
    }

    /// Every language busylife speaks, at every width from 60 to 160, by
    /// week and over ninety days one by one: within the width, aligned.
    @Test func everyLanguageFitsEveryWidth() {
        var days = Self.weeks((0..<90).map { Self.figures(busy: Double($0 % 9), count: $0) })
        days.grouping = .day
        for index in days.periods.indices {
            days.periods[index].start = day(2026, 9, 1).adding(days: index)
            days.periods[index].end = days.periods[index].start
            days.periods[index].partial = false
        }
        for locale in ["en_US", "de_DE", "fr_FR", "es_ES", "ja_JP", "en_GB"] {
            for width in [60, 61, 63, 67, 72, 80, 90, 100, 115, 130, 160] {
                for stats in [Self.quarter, days] {
                    let text = Self.render(stats, width: width, locale: locale)
                    let wide = text.split(separator: "\n").filter { TerminalText.width(String($0)) > width }
                    #expect(wide.isEmpty, "\(locale) at \(width): \(wide)")
                    Self.assertAligned(Self.tableLines(text))
                }
            }
        }
    }

    @Test func germanWritesItsWordsNumbersAndDates() {
        let text = Self.render(Self.quarter, width: 100, locale: "de_DE")
        let table = Self.tableLines(text)
        #expect(table[0].hasPrefix("Woche") && table[0].contains("Belegt") && table[0].contains("Anteil"))
        #expect(table[1].contains("12,5 h") && table[1].contains("31 %"))
        #expect(table[1].hasPrefix("7.–13. Sept.") || table[1].hasPrefix("7.–13. Sep."))
        #expect(table.last!.hasPrefix("Gesamt"))
        #expect(text.contains("Belegte Zeit nach Wochen") && text.contains("Fokus ≥ 2 h"))
        #expect(text.contains("Kalender\n"))
        #expect(!text.contains("Busy"))
        // Focus time outranks the count of meetings when German's longer words leave room for one.
        let narrow = Self.tableLines(Self.render(Self.quarter, width: 60, locale: "de_DE"))[0]
        #expect(narrow.hasSuffix("Meetings   Fokus") && !narrow.contains("Anzahl"))
        Self.assertAligned(table)
        // A language busylife does not speak falls back to English words, its own numbers.
        let italian = Self.render(Self.quarter, width: 100, locale: "it_IT")
        #expect(italian.contains("Busy time by week") && Self.tableLines(italian)[1].contains("12,5 h"))
    }

    @Test func wideCharactersCountTwiceInNamesAndInJapanese() {
        let stats = Self.weeks([Self.figures(busy: 10), Self.figures(busy: 12)], lastPartial: false, calendars: [
            StatsShare(name: "仕事のカレンダー", busySeconds: 50_000), StatsShare(name: "家族", busySeconds: 20_000),
            StatsShare(name: String(repeating: "長い名前", count: 12), busySeconds: 9_000),
        ])
        for width in [60, 100] {
            for locale in ["en_US", "ja_JP"] {
                let text = Self.render(stats, width: width, locale: locale)
                for line in text.split(separator: "\n") {
                    #expect(TerminalText.width(String(line)) <= width, "\(locale) \(width): \(line)")
                }
                Self.assertAligned(Self.tableLines(text))
                #expect(text.contains("仕事のカレンダー 13.9 h"))
            }
        }
        let japanese = Self.render(stats, width: 100, locale: "ja_JP")
        #expect(Self.tableLines(japanese)[0].hasPrefix("週") && japanese.contains("週ごとの予定の時間"))
    }

    @Test func colourOnlyWhenAskedAndNothingElseChanges() {
        let plain = Self.render(Self.quarter, width: 100)
        let coloured = Self.render(Self.quarter, width: 100, color: true)
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}[1m") && coloured.contains("\u{1B}[36m"))
        #expect(TerminalText.strippingANSI(coloured) == plain)
    }

    @Test func trendComparesTheLastFullPeriodWithTheMeanBefore() {
        let stats = Self.weeks([
            Self.figures(busy: 10, meetings: 4, count: 4), Self.figures(busy: 8, meetings: 4, count: 4),
            Self.figures(busy: 12, meetings: 4, count: 4), Self.figures(busy: 12, meetings: 2, count: 2),
            Self.figures(busy: 1, meetings: 1, count: 1),  // partial: left out of the trend
        ])
        let lines = Self.render(stats, width: 100).split(separator: "\n").map(String.init)
        func line(_ label: String) -> String { lines.first { $0.hasPrefix(label + "  ") }! }
        #expect(line("Busy").hasSuffix("43.0 h  ↑ 20%"))
        #expect(line("Meeting time").hasSuffix("↓ 50%"))
        #expect(line("Focus time").hasSuffix("—"))  // a mean of zero
        #expect(line("Busy share").hasSuffix("↑ 20%"))
        #expect(line("Double-booked").hasSuffix("—"))
        // Not two full periods: no trend anywhere.
        let short = Self.render(Self.weeks([Self.figures(busy: 3), Self.figures(busy: 5)]), width: 80)
        #expect(short.split(separator: "\n").first { $0.hasPrefix("Busy  ") }!.hasSuffix("—"))
        #expect(StatsFormat(identifier: "en_US").trend(0.001) == "→ 0%")
    }

    @Test func sparklinesScaleEachFigureToItsLargestValue() {
        #expect(StatsText.sparkline([0, 1, 3.5, 7, nil]) == "▁▂▅█ ")
        #expect(StatsText.sparkline([100, 200]) == "▅█")
        #expect(StatsText.sparkline([0.01, 1000]) == "▂█")  // a little is never nothing
        #expect(StatsText.sparkline([0, 0, 0]) == "▁▁▁")
        #expect(StatsText.sparkline([0.5, 0.5, 1], top: 1) == "▅▅█")  // a share against all of it
        #expect(StatsText.sparkline([2, 1], top: 1) == "██")  // never past the top
        let lines = Self.render(Self.weeks([Self.figures(busy: 2, count: 30), Self.figures(busy: 4, count: 60)]),
                                width: 80).split(separator: "\n")
        #expect(lines.first { $0.hasPrefix("Busy  ") }!.contains("  ▅█  "))
        #expect(lines.first { $0.hasPrefix("Meetings  ") }!.contains("  ▅█  "))
        // More periods than fit: the last ones, and the header says how many.
        let year = Self.weeks((0..<53).map { Self.figures(busy: Double($0)) })
        let narrow = Self.render(year, width: 60).split(separator: "\n").map(String.init)
        let busy = narrow.first { $0.hasPrefix("Busy  ") }!
        #expect(busy.hasSuffix("█  1,378.0 h  ↑ 104%") && TerminalText.width(busy) <= 60)
        #expect(narrow.contains { $0.contains("last ") && $0.hasSuffix("Total  Trend") })
    }

    @Test func anEmptyWindowSaysSo() {
        let empty = Statistics(from: day(2026, 11, 28), to: day(2026, 11, 27), grouping: .month,
                               focusThresholdSeconds: 5400, periods: [], total: StatsFigures(), byCalendar: [],
                               byCategory: [], byPerson: [])
        let text = Self.render(empty, width: 60)
        #expect(text.hasSuffix("\nNo periods in the window\n"))
        #expect(text.hasPrefix("Busy time by month") && text.contains("focus ≥ 1.5 h"))
        #expect(!text.contains("Total"))
    }

    @Test func monthsAndDaysAndPeopleWithMe() {
        var stats = Self.quarter
        stats.grouping = .month
        stats.periods = [StatsPeriod(start: day(2026, 10, 1), end: day(2026, 10, 31), partial: false,
                                     figures: Self.figures(busy: 50, working: 160)),
                         StatsPeriod(start: day(2026, 11, 1), end: day(2026, 11, 15), partial: true,
                                     figures: Self.figures(busy: 20, working: 80))]
        let table = Self.tableLines(Self.render(stats, width: 100))
        #expect(table[1].hasPrefix("Oct 2026  ") && table[2].hasPrefix("Nov 1 – 15 *"))
        stats.grouping = .day
        #expect(Self.tableLines(Self.render(stats, width: 100))[1].hasPrefix("Thu, Oct 1  "))
        let text = Self.render(Self.quarter, width: 100)
        #expect(text.contains("People (meeting time)\n  ann@example.org 6.0 h (4)"))
        #expect(text.contains("Calendars\n  Work 25.0 h · Home 4.0 h"))
    }
}
