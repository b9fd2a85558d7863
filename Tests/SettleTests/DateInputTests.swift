import EventModel
@testable import Settle
import Testing

/// Dates as people type them (docs/semantics.md, "Dates on the command
/// line"), against a fixed today: Sunday 2026-11-22.
@Suite struct DateInputTests {
    static let today = LocalDate(year: 2026, month: 11, day: 22)!

    /// Text, then the span it names as "first...last" or one day.
    static let forms: [(String, String)] = [
        ("2026-11-24", "2026-11-24"),
        ("0001-01-01", "0001-01-01"),
        ("9999-12-31", "9999-12-31"),
        ("2028-02-29", "2028-02-29"),
        ("today", "2026-11-22"),
        ("Today", "2026-11-22"),
        (" now ", "2026-11-22"),
        ("tomorrow", "2026-11-23"),
        ("yesterday", "2026-11-21"),
        ("+3d", "2026-11-25"),
        ("3d", "2026-11-25"),
        ("-3d", "2026-11-19"),
        ("+0d", "2026-11-22"),
        ("-2w", "2026-11-08"),
        ("+1w", "2026-11-29"),
        ("+1m", "2026-12-22"),
        ("-11m", "2025-12-22"),
        ("+2m", "2027-01-22"),
        ("+1y", "2027-11-22"),
        ("-1Y", "2025-11-22"),
        ("sunday", "2026-11-22"),  // today is a Sunday: today
        ("monday", "2026-11-23"),
        ("Mon", "2026-11-23"),
        ("tuesday", "2026-11-24"),
        ("wed", "2026-11-25"),
        ("thursday", "2026-11-26"),
        ("fri", "2026-11-27"),
        ("saturday", "2026-11-28"),
        ("2026-11", "2026-11-01...2026-11-30"),
        ("2026-02", "2026-02-01...2026-02-28"),
        ("2028-02", "2028-02-01...2028-02-29"),
        ("2026", "2026-01-01...2026-12-31"),
        ("2026-W48", "2026-11-23...2026-11-29"),
        ("2026-w01", "2025-12-29...2026-01-04"),
        ("2026-W53", "2026-12-28...2027-01-03"),  // 2026 starts on a Thursday: 53 weeks
        ("2027-W01", "2027-01-04...2027-01-10"),
        ("2021-W01", "2021-01-04...2021-01-10"),
        ("2020-W53", "2020-12-28...2021-01-03"),  // leap year starting on a Wednesday
    ]

    @Test(arguments: forms)
    func readsEveryForm(_ text: String, _ expected: String) throws {
        #expect(try DateInput.parse(text, today: Self.today).description == expected)
    }

    /// Relative forms count from a base day (the first day of --from).
    static let fromBase: [(String, String)] = [
        ("+6d", "2026-12-07"),
        ("+1m", "2027-01-01"),
        ("-1d", "2026-11-30"),
        ("today", "2026-11-22"),  // words stay on today
        ("monday", "2026-11-23"),
    ]

    @Test(arguments: fromBase)
    func relativeFormsCountFromTheBase(_ text: String, _ expected: String) throws {
        let base = LocalDate(year: 2026, month: 12, day: 1)!
        #expect(try DateInput.parse(text, today: Self.today, base: base).description == expected)
    }

    @Test func aMonthAddedToTheEndOfAMonthEndsOnTheLastDayOfAShorterOne() throws {
        let january31 = LocalDate(year: 2026, month: 1, day: 31)!
        #expect(try DateInput.parse("+1m", today: january31).description == "2026-02-28")
        #expect(try DateInput.parse("+1m", today: LocalDate(year: 2028, month: 1, day: 31)!).description == "2028-02-29")
        #expect(try DateInput.parse("+1y", today: LocalDate(year: 2028, month: 2, day: 29)!).description == "2029-02-28")
    }

    /// Text, then a part of the message it must give.
    static let refused: [(String, String)] = [
        ("2026-02-30", "no such date (2026-02 has 28 days)"),
        ("2026-04-31", "no such date (2026-04 has 30 days)"),
        ("2026-13-01", "no such date (months are 01 to 12)"),
        ("2026-13", "no such month"),
        ("2026-W54", "no such week (2026 has ISO weeks 01 to 53)"),
        ("2027-W53", "no such week (2027 has ISO weeks 01 to 52)"),
        ("2026-W00", "no such week"),
        ("26", "is not a year: give four digits"),
        ("202", "is not a year"),
        ("0000", "no such year"),
        ("0000-01-01", "no such year"),
        ("2026-1-5", "is not a date"),
        ("26-11-22", "is not a date"),
        ("2026/11/22", "is not a date"),
        ("2026-11-22T10:00", "is not a date"),
        ("next week", "is not a date"),
        ("", "is not a date"),
        ("+d", "is not a date"),
        ("+3h", "is not a date"),
        ("+99999999d", "reaches past 9999-12-31"),
        ("+8000y", "reaches outside 0001-01-01 ... 9999-12-31"),
        ("-3000y", "reaches outside"),
        ("+3000000d", "reaches outside"),
        ("funday", "is not a date"),
    ]

    @Test(arguments: refused)
    func refusesWhatIsNoDate(_ text: String, _ message: String) {
        #expect(throws: DateInput.Problem.self) { try DateInput.parse(text, today: Self.today) }
        do {
            _ = try DateInput.parse(text, today: Self.today)
        } catch {
            #expect(error.description.contains(message), "\(text): \(error)")
        }
    }

    /// --from, --to, the command's default, then the window.
    static let windows: [(String?, String?, DateWindow.Default, String)] = [
        (nil, nil, .around(before: 31, after: 31), "2026-10-22...2026-12-23"),
        (nil, nil, .ahead(days: 7), "2026-11-22...2026-11-28"),
        (nil, nil, .weeks(53, weekStart: 1), "2025-11-17...2026-11-22"),  // the week of Sunday the 22nd, Monday first
        (nil, nil, .weeks(53, weekStart: 7), "2025-11-23...2026-11-28"),  // Sunday first: a new week starts today
        ("2026-11", nil, .ahead(days: 7), "2026-11-01...2026-11-30"),
        (nil, "2026-11", .ahead(days: 7), "2026-11-01...2026-11-30"),
        ("2026", nil, .around(before: 31, after: 31), "2026-01-01...2026-12-31"),
        ("2026-W48", nil, .ahead(days: 7), "2026-11-23...2026-11-29"),
        ("2026-11", "2026-12", .ahead(days: 7), "2026-11-01...2026-12-31"),
        ("today", nil, .ahead(days: 7), "2026-11-22...2026-11-28"),
        ("tomorrow", nil, .ahead(days: 3), "2026-11-23...2026-11-25"),
        ("2027-03-01", nil, .around(before: 31, after: 31), "2027-03-01...2027-05-02"),  // never "--to is before --from"
        (nil, "2025-01-31", .around(before: 31, after: 31), "2024-11-30...2025-01-31"),
        (nil, "+6d", .ahead(days: 7), "2026-11-22...2026-11-28"),
        ("2026-12-01", "+6d", .ahead(days: 7), "2026-12-01...2026-12-07"),
        ("2026-12", "+1m", .ahead(days: 7), "2026-12-01...2027-01-01"),
        ("monday", "friday", .ahead(days: 7), "2026-11-23...2026-11-27"),
        ("-1w", "today", .ahead(days: 7), "2026-11-15...2026-11-22"),
        ("0001-01-01", nil, .around(before: 31, after: 31), "0001-01-01...0001-03-04"),
        (nil, "0001-01-10", .around(before: 31, after: 31), "0001-01-01...0001-01-10"),
        ("9999-12-30", nil, .ahead(days: 7), "9999-12-30...9999-12-31"),
    ]

    @Test(arguments: windows)
    func resolvesTheWindow(_ from: String?, _ to: String?, _ fallback: DateWindow.Default, _ expected: String) throws {
        let window = try DateWindow.resolve(from: from, to: to, today: Self.today, default: fallback)
        #expect("\(window.lowerBound)...\(window.upperBound)" == expected)
    }

    /// --from, --to, --days, then the window: a length given counts from
    /// the first day of --from (or to the last of --to) whatever it names.
    static let windowsOfDays: [(String?, String?, Int, String)] = [
        (nil, nil, 3, "2026-11-22...2026-11-24"),
        ("2026-11", nil, 3, "2026-11-01...2026-11-03"),
        ("2026", nil, 2, "2026-01-01...2026-01-02"),
        ("2026-W49", nil, 5, "2026-11-30...2026-12-04"),
        (nil, "2026-12", 2, "2026-12-30...2026-12-31"),
        ("monday", nil, 1, "2026-11-23...2026-11-23"),
        (nil, "-1d", 2, "2026-11-20...2026-11-21"),
    ]

    @Test(arguments: windowsOfDays)
    func aLengthGivenCountsFromItsEnd(_ from: String?, _ to: String?, _ days: Int, _ expected: String) throws {
        let window = try DateWindow.resolve(from: from, to: to, days: days, today: Self.today, default: .ahead(days: 7))
        #expect("\(window.lowerBound)...\(window.upperBound)" == expected)
    }

    @Test func aLengthBesideBothEndsIsRefused() {
        #expect(throws: DateWindow.Problem(flag: "--days", message: "with both --from and --to: give two of the three")) {
            try DateWindow.resolve(from: "2026-11-01", to: "2026-11-10", days: 5, today: Self.today, default: .ahead(days: 7))
        }
    }

    @Test(arguments: [("-2w", true), ("+3d", true), ("7D", true), ("-2", false), ("-w", false), ("--days", false), ("-2w=UTC", false)])
    func tellsARelativeDate(_ text: String, _ relative: Bool) {
        #expect(DateInput.isRelative(text) == relative)
    }

    @Test func aWindowBackwardsIsRefusedAndABadValueNamesItsFlag() {
        #expect(throws: DateWindow.Problem(flag: nil, message: "--from 2026-12-01 is after --to 2026-11-30")) {
            try DateWindow.resolve(from: "2026-12-01", to: "2026-11-30", today: Self.today, default: .ahead(days: 7))
        }
        do {
            _ = try DateWindow.resolve(from: "2026-02-30", to: nil, today: Self.today, default: .ahead(days: 7))
            Issue.record("no error")
        } catch {
            #expect(error.description == "--from \"2026-02-30\": no such date (2026-02 has 28 days)")
        }
        do {
            _ = try DateWindow.resolve(from: nil, to: "soon", today: Self.today, default: .ahead(days: 7))
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("--to \"soon\" is not a date"))
        }
    }

    /// Every day of several years read back as YYYY-MM-DD, every ISO week
    /// seven days from a Monday that follows the last week's Sunday.
    @Test func isoWeeksTileTheYears() throws {
        var previous: DateInput?
        for year in 1990...2040 {
            for week in 1...DateInput.isoWeeks(in: year) {
                let span = try DateInput.parse(String(format: "%04d-W%02d", year, week), today: Self.today)
                #expect(span.first.weekday == 1 && span.last.weekday == 7)
                if let previous { #expect(previous.last.adding(days: 1) == span.first) }
                previous = span
            }
        }
        // The Thursday of every week 1 is in its year (ISO 8601).
        for year in 1990...2040 {
            #expect(try DateInput.parse(String(format: "%04d-W01", year), today: Self.today).first.adding(days: 3).year == year)
        }
    }
}
