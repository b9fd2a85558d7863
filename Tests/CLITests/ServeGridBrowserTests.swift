import Foundation
import Testing

/// The week and day views of `busylife serve` in headless Chromium: a
/// proportional time grid whose columns are as long as their days.
extension ServeBrowserTests {
    /// An en-US week starts on Sunday: the week of 2026-11-02 begins with
    /// 2026-11-01, the 25-hour day New York falls back on.
    static func gridCalendar() -> ScratchFolder {
        let folder = ScratchFolder()
        let events = [
            ("review", "20261102T100000", "20261102T110000", "Design review"),
            ("budget", "20261102T103000", "20261102T120000", "Budget call"),
            ("workshop", "20261102T140000", "20261102T160000", "Workshop"),
            ("jump", "20260308T120000", "20260308T130000", "After the jump"),
        ].map { uid, start, end, title in
            "BEGIN:VEVENT\nUID:\(uid)@t\nDTSTAMP:20260101T000000Z\nDTSTART;TZID=America/New_York:\(start)\n"
                + "DTEND;TZID=America/New_York:\(end)\nSUMMARY:\(title)\nEND:VEVENT\n"
        }
        let allDay = "BEGIN:VEVENT\nUID:vote@t\nDTSTAMP:20260101T000000Z\nDTSTART;VALUE=DATE:20261103\n"
            + "DTEND;VALUE=DATE:20261104\nSUMMARY:Election Day\nEND:VEVENT\n"
        folder.write("grid.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//t//t//EN\n" + events.joined() + allDay + "END:VCALENDAR\n")
        return folder
    }

    static func columns(_ found: [String: Any]?) -> [String: [String: Any]] {
        let list = found?["columns"] as? [[String: Any]] ?? []
        return Dictionary(list.map { ($0["date"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func blocks(_ column: [String: Any]?) -> [String: [String: Any]] {
        let list = column?["blocks"] as? [[String: Any]] ?? []
        return Dictionary(list.map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func number(_ value: Any?) -> Double { (value as? NSNumber)?.doubleValue ?? .nan }

    @Test func weekShowsTodaysEventsSizedByDurationAndSideBySide() throws {
        let folder = Self.gridCalendar()
        let server = try ServeProcess([folder.path("grid.ics")] + Self.flags)
        guard let found = try Self.check(server, "grid", query: "locale=en-US&view=week") else { return }
        #expect(found["view"] as? String == "week")
        let columns = Self.columns(found)
        #expect(columns.keys.sorted().first == "2026-11-01" && columns.keys.sorted().last == "2026-11-07")
        let today = columns["2026-11-02"], hour = Self.number(today?["height"]) / 24
        let blocks = Self.blocks(today)
        let review = blocks["Design review"], budget = blocks["Budget call"], workshop = blocks["Workshop"]
        let time = (review?["time"] as? String)?.replacingOccurrences(of: "\u{202F}", with: " ")
        #expect(time == "10:00 AM – 11:00 AM")
        #expect(abs(Self.number(review?["top"]) / hour - 10) < 0.02)
        #expect(abs(Self.number(budget?["top"]) / hour - 10.5) < 0.02)
        #expect(abs(Self.number(workshop?["top"]) / hour - 14) < 0.02)
        #expect(abs(Self.number(review?["height"]) / hour - 1) < 0.02)
        #expect(abs(Self.number(budget?["height"]) / hour - 1.5) < 0.02)
        #expect(abs(Self.number(workshop?["height"]) / hour - 2) < 0.02)
        // The two that overlap share the width; the one alone has all of it.
        let width = Self.number(today?["width"])
        #expect(Self.number(review?["left"]) + Self.number(review?["width"]) <= Self.number(budget?["left"]) + 1)
        #expect(Self.number(review?["width"]) < width * 0.6 && Self.number(budget?["width"]) < width * 0.6)
        #expect(Self.number(workshop?["width"]) > width * 0.9)
        #expect((found["chips"] as? [String]) == ["Election Day"])
        // 2026-11-01 in New York is 25 hours long.
        #expect(abs(Self.number(columns["2026-11-01"]?["height"]) / hour - 25) < 0.02)
    }

    @Test func aSpringForwardDayIsTwentyThreeHoursTall() throws {
        let folder = Self.gridCalendar()
        let server = try ServeProcess([folder.path("grid.ics")] + Self.flags)
        guard let week = try Self.check(server, "grid", query: "locale=en-US&view=week&date=2026-03-08"),
              let day = try Self.check(server, "grid", query: "locale=en-US&view=day&date=2026-03-08") else { return }
        let columns = Self.columns(week), hour = Self.number(columns["2026-03-09"]?["height"]) / 24
        let short = columns["2026-03-08"]
        #expect(abs(Self.number(short?["height"]) / hour - 23) < 0.02)
        // Noon EDT is 11 hours after midnight EST: placed by instants, not by the clock.
        #expect(abs(Self.number(Self.blocks(short)["After the jump"]?["top"]) / hour - 11) < 0.02)
        #expect(day["view"] as? String == "day")
        let alone = Self.columns(day)
        #expect(alone.keys.sorted() == ["2026-03-08"])
        #expect(abs(Self.number(alone["2026-03-08"]?["height"]) / hour - 23) < 0.02)
    }

    /// Flying to Tokyo on 2026-12-05 (samples/flight.ics): 2026-12-06
    /// runs from midnight in New York to midnight in Tokyo, 10 hours, its
    /// lines after the landing say Tokyo's hours, and the days after it
    /// are Tokyo's, whose hours the gutter names.
    @Test func aTravelDayIsAsLongAsItReallyIs() throws {
        let server = try ServeProcess(["samples/", "--today", "2026-12-07", "--tz", "America/New_York", "--travel-from-events"])
        guard let found = try Self.check(server, "grid", query: "locale=en-US&view=week") else { return }
        let columns = Self.columns(found), hour = Self.number(columns["2026-12-07"]?["height"]) / 24
        #expect(abs(Self.number(columns["2026-12-06"]?["height"]) / hour - 10) < 0.02)
        #expect(columns["2026-12-06"]?["own"] as? [String] == ["5 PM", "6 PM", "7 PM", "8 PM", "9 PM", "10 PM", "11 PM"])
        #expect(columns["2026-12-07"]?["own"] as? [String] == [])
        // The flight lands at 16:50 in Tokyo, 2 hours 50 minutes into the day.
        let flight = Self.blocks(columns["2026-12-06"])["Flight NH 9 New York JFK to Tokyo HND"]
        #expect(abs(Self.number(flight?["height"]) / hour - (2 + 50.0 / 60)) < 0.02)
        // On the day New York falls back, the column names its hours after the repeated one.
        let week = try Self.check(server, "grid", query: "locale=en-US&view=week&date=2026-11-01")
        let fallBack = Self.columns(week)["2026-11-01"]?["own"] as? [String] ?? []
        #expect(fallBack.first == "1 AM" && fallBack.last == "11 PM" && fallBack.count == 23)
    }

    @Test func keysMoveThroughWeeksAndDays() throws {
        let server = try ServeProcess(["samples/"] + Self.flags)
        guard let found = try Self.check(server, "gridkeys") else { return }
        let steps = (found["steps"] as? [[String: Any]] ?? []).map {
            ($0["key"] as? String ?? "") + " " + ($0["view"] as? String ?? "-") + " " + (($0["dates"] as? [String]) ?? []).joined(separator: ",")
        }
        #expect(steps == [
            "w week 2026-11-01,2026-11-07", "j week 2026-11-08,2026-11-14", "k week 2026-11-01,2026-11-07",
            "k week 2026-10-25,2026-10-31", "d day 2026-10-26,2026-10-26", "j day 2026-10-27,2026-10-27",
            "ArrowLeft day 2026-10-26,2026-10-26", "ArrowLeft day 2026-10-25,2026-10-25", "t day 2026-11-02,2026-11-02",
            "ArrowRight day 2026-11-03,2026-11-03", "w week 2026-11-01,2026-11-07", "t week 2026-11-01,2026-11-07",
        ])
        let chosen = found["chosen"] as? [String: Any]
        #expect(chosen?["view"] as? String == "day")
        #expect(chosen?["dates"] as? [String] == ["2026-11-05"])
    }

    @Test func aLineMarksNowInTodaysColumn() throws {
        let server = try ServeProcess(["samples/", "--tz", "America/New_York"])
        guard let found = try Self.check(server, "grid", query: "locale=en-US&view=day") else { return }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        let now = Date(), midnight = calendar.startOfDay(for: now)
        let column = (found["columns"] as? [[String: Any]])?.first
        let hours = Self.number(column?["height"]) / (calendar.dateInterval(of: .day, for: now)!.duration / 3600)
        #expect(abs(Self.number(column?["now"]) / hours - now.timeIntervalSince(midnight) / 3600) < 0.1)
    }

    @Test func calendarTextIsNeverMarkupInTheTimeGrid() throws {
        let folder = ScratchFolder()
        folder.write("xss.ics", """
            BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//t//t//EN\nBEGIN:VEVENT\nUID:x@t\nDTSTAMP:20260101T000000Z
            DTSTART:20261102T150000Z\nDTEND:20261102T160000Z\nSUMMARY:<img src=x onerror=alert(1)>
            LOCATION:<b>bold</b>\nEND:VEVENT\nBEGIN:VEVENT\nUID:y@t\nDTSTAMP:20260101T000000Z
            DTSTART;VALUE=DATE:20261102\nSUMMARY:<img src=y onerror=alert(2)>\nEND:VEVENT\nEND:VCALENDAR\n
            """)
        let server = try ServeProcess([folder.path("xss.ics")] + Self.flags)
        for view in ["week", "day"] {
            guard let found = try Self.check(server, "xss", query: "locale=en-US&view=" + view) else { return }
            #expect(found["images"] as? Int == 0)
            let titles = found["titles"] as? [String] ?? []
            #expect(titles.contains("<img src=x onerror=alert(1)>") && titles.contains("<img src=y onerror=alert(2)>"))
            #expect((found["dialogs"] as? [Any])?.isEmpty == true)
        }
    }
}
