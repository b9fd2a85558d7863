import Foundation
import Testing

/// The views of `busylife serve` in headless Chromium, driven through its
/// DevTools protocol (Tests/Browser/devtools.py). Skipped with a message
/// where Chromium is absent, unless BUSYLIFE_REQUIRE_CHROMIUM=1 (.ci/run).
@Suite(.serialized) struct ServeBrowserTests {
    static let hasChromium = ["chromium", "chromium-browser", "google-chrome"].contains { name in
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    /// Runs one check of devtools.py on the page; nil when Chromium is absent and not required.
    static func check(_ server: ServeProcess, _ name: String, query: String = "locale=en-US",
                      extra: [String] = []) throws -> [String: Any]? {
        try check(page: server.address + (server.address.contains("?") ? "&" : "?") + query, name, extra: extra)
    }

    /// Runs one check of devtools.py on the page at `page` (a server's or a file's address).
    static func check(page: String, _ name: String, extra: [String] = []) throws -> [String: Any]? {
        guard hasChromium else {
            let required = ProcessInfo.processInfo.environment["BUSYLIFE_REQUIRE_CHROMIUM"] == "1"
            #expect(!required, "BUSYLIFE_REQUIRE_CHROMIUM=1 but chromium is not installed (apt-get install chromium)")
            if !required { print("ServeBrowserTests: skipped, chromium is not installed (apt-get install chromium)") }
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repository.appendingPathComponent("Tests/Browser/devtools.py").path, page, name] + extra
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "devtools.py \(name) failed")
        return try JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    static let flags = ["--today", "2026-11-02", "--tz", "America/New_York"]

    @Test func todaysEventsAreInTheDocumentWithTheirTimes() throws {
        let server = try ServeProcess(["samples/"] + Self.flags)
        guard let found = try Self.check(server, "today") else { return }
        #expect(found["date"] as? String == "2026-11-02")
        #expect((found["header"] as? String)?.hasSuffix("Monday, November 2, 2026") == true)
        #expect((found["header"] as? String)?.hasPrefix("Today") == true)
        let events = found["events"] as? [[String: Any]] ?? []
        let standUp = events.first { $0["title"] as? String == "Team stand-up" }
        let time = (standUp?["time"] as? String)?.replacingOccurrences(of: "\u{202F}", with: " ")
        #expect(time == "9:30 AM – 9:45 AM")
        #expect((standUp?["details"] as? String)?.contains("Room 4B · 15 min") == true)
    }

    @Test func scrollingThreeYearsKeepsTheDocumentBounded() throws {
        let server = try ServeProcess(["samples/"] + Self.flags)
        guard let found = try Self.check(server, "scroll") else { return }
        let start = found["start"] as? [String: Any], far = found["far"] as? [String: Any]
        let back = found["back"] as? [String: Any]
        #expect((found["most"] as? Int ?? 999) <= 400)
        #expect((far?["last"] as? String ?? "") >= "2029-11")
        #expect((back?["first"] as? String ?? "9999") <= (start?["first"] as? String ?? ""))
    }

    @Test func calendarTextIsNeverMarkup() throws {
        let folder = ScratchFolder()
        folder.write("xss.ics", """
            BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//t//t//EN\nBEGIN:VEVENT\nUID:x@t\nDTSTAMP:20260101T000000Z
            DTSTART:20261102T150000Z\nDTEND:20261102T160000Z\nSUMMARY:<img src=x onerror=alert(1)>
            LOCATION:<b>bold</b>\nEND:VEVENT\nEND:VCALENDAR\n
            """)
        let server = try ServeProcess([folder.path("xss.ics")] + Self.flags)
        guard let found = try Self.check(server, "xss") else { return }
        #expect(found["images"] as? Int == 0)
        #expect((found["titles"] as? [String])?.contains("<img src=x onerror=alert(1)>") == true)
        #expect((found["dialogs"] as? [Any])?.isEmpty == true)
    }

    @Test func keysSwitchViewsAndGoBackToToday() throws {
        let server = try ServeProcess(["samples/"] + Self.flags)
        guard let found = try Self.check(server, "keys") else { return }
        #expect(found["start"] as? [String] == ["agenda"])
        #expect(found["m"] as? [String] == ["month"])
        #expect((found["months"] as? Int ?? 0) >= 1)
        #expect(found["todayCell"] as? String == "2026-11-02")
        #expect(found["y"] as? [String] == ["year"])
        #expect((found["heatmapWidth"] as? Int ?? 0) > 100)
        #expect(found["a"] as? [String] == ["agenda"])
        let today = found["t"] as? [String: Any]
        #expect(today?["date"] as? String == "2026-11-02")
        #expect(today?["top"] as? Int == today?["offset"] as? Int)
    }

    /// The page `busylife html` writes, opened from the file: today's
    /// events with their times, the window's edges said in words, and no
    /// request but the file itself and the year's inlined picture.
    @Test func theWrittenPageWorksFromAFile() throws {
        let folder = ScratchFolder()
        let file = folder.path("page.html")
        let run = try busylife(["html", "samples/", "--from", "2026-11-01", "--to", "2026-11-20", "-o", file] + Self.flags)
        #expect(run.status == 0, "\(run.stderr)")
        guard let found = try Self.check(page: "file://" + file + "?locale=en-US", "static") else { return }
        let today = found["today"] as? [String: Any]
        #expect(today?["date"] as? String == "2026-11-02")
        let events = today?["events"] as? [[String: Any]] ?? []
        let standUp = events.first { $0["title"] as? String == "Team stand-up" }
        #expect((standUp?["time"] as? String)?.replacingOccurrences(of: "\u{202F}", with: " ") == "9:30 AM – 9:45 AM")
        #expect(found["notes"] as? [String] == ["No data before 2026-11-01: this page holds 2026-11-01 – 2026-11-20.",
                                                "No data after 2026-11-20: this page holds 2026-11-01 – 2026-11-20."])
        #expect(found["styled"] as? String == "flex")
        #expect(found["outside"] as? [String] == (21...30).map { "2026-11-\($0) no data" })
        #expect((found["heatmapWidth"] as? Int ?? 0) > 100)
        // The week at the window's end stops at its last day and says so.
        #expect(found["gridDates"] as? [String] == (15...20).map { "2026-11-\($0)" })
        #expect(found["gridNotes"] as? [String] == ["No data after 2026-11-20: this page holds 2026-11-01 – 2026-11-20."])
        #expect(found["requests"] as? [String] == ["file:page.html?locale=en-US", "data"])
    }

    /// Written without --today, the page's today is the viewer's date in
    /// its zone, not the day it was written (made another here, 2000-01-01).
    @Test func aPageWithoutTodayFollowsTheViewersClock() throws {
        let folder = ScratchFolder()
        let file = folder.path("page.html")
        let run = try busylife(["html", "samples/", "--tz", "Pacific/Kiritimati", "-o", file])
        #expect(run.status == 0, "\(run.stderr)")
        // Kiritimati is 14 hours ahead: its date is often not the machine's.
        let format = DateFormatter()
        format.dateFormat = "yyyy-MM-dd"
        format.timeZone = TimeZone(identifier: "Pacific/Kiritimati")
        let before = format.string(from: Date())
        // The day it was written, as the page holds it, set apart from the viewer's today.
        let page = try String(contentsOfFile: file, encoding: .utf8)
        #expect(page.contains(#""todayFixed":false"#))
        try page.replacingOccurrences(of: #""today":"\#(before)""#, with: #""today":"2000-01-01""#)
            .write(toFile: file, atomically: true, encoding: .utf8)
        guard let found = try Self.check(page: "file://" + file + "?locale=en-US", "today") else { return }
        #expect([before, format.string(from: Date())].contains(found["date"] as? String ?? ""))
    }

    /// Screenshots for a person to look at, in .build/screenshots.
    @Test func screenshotsAtDesktopAndPhoneWidths() throws {
        let server = try ServeProcess(["samples/", "--today", "2026-12-07", "--tz", "America/New_York"])
        let folder = repository.appendingPathComponent(".build/screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, width, height) in [("desktop", 1280, 800), ("phone", 390, 844)] {
            for (view, title) in [("a", "agenda"), ("m", "month"), ("w", "week"), ("d", "day"), ("y", "year")] {
                let file = folder.appendingPathComponent("\(title)-\(name).png").path
                guard try Self.check(server, "none", extra: ["--width", "\(width)", "--height", "\(height)",
                                                            "--view", view, "--screenshot", file]) != nil else { return }
                #expect(FileManager.default.fileExists(atPath: file))
            }
        }
    }
}
