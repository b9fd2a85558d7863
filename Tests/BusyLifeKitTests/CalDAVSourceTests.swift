import BusyLifeKit
import Foundation
import Testing

/// `.caldav` sources read by the library against a real Radicale (from the
/// project's .venv, started by Tests/Servers/caldav-server.py on
/// 127.0.0.1): synced into the cache by the async read, read from it by
/// every other.
@Suite(.enabled(if: LocalRadicale.installed,
                "Radicale is not installed in .venv (scripts/setup.sh installs it): CalDAV library tests skipped"))
struct CalDAVSourceTests {
    static func item(_ uid: String, day: Int, _ summary: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//busylife tests//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\n"
            + "DTSTAMP:20260101T000000Z\r\nDTSTART:202611\(day)T090000Z\r\nDURATION:PT1H\r\nSUMMARY:\(summary)\r\n"
            + "END:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    @Test func aCalendarIsSyncedThenReadFromTheCache() async throws {
        let radicale = try LocalRadicale(calendars: ["work": ("Work", [Self.item("a", day: 10, "Standup"), Self.item("b", day: 12, "Review")]),
                                                "family": ("Family", [Self.item("c", day: 11, "Dinner")])])
        defer { radicale.stop() }
        let options = ReadOptions(cacheFolder: radicale.folder.appendingPathComponent("cache"))
        let login = SourceLogin(user: "me", password: "s3cret")
        let work = CalendarSource.caldav(CalDAVSource(URL(string: radicale.url("/me/work/"))!, login: login, name: "work"))

        // Never synced: the synchronous read fetches nothing.
        let before = BusyLife.read([work], options: options)
        #expect(before.events.isEmpty && before.report.errors == 1)
        #expect(before.diagnostics.map(\.description) == ["work: error: never fetched"])

        let synced = await BusyLife.read([work], options: options, refresh: .always)
        #expect(synced.diagnostics.isEmpty, "\(synced.diagnostics)")
        #expect(synced.events.map(\.title).sorted() == ["Review", "Standup"])
        #expect(Set(synced.events.map(\.calendar)) == ["Work"])

        radicale.stop()
        let cached = BusyLife.read([work], options: options)
        #expect(cached.events.map(\.title).sorted() == ["Review", "Standup"])
        #expect(cached.diagnostics.isEmpty)
        let offline = await BusyLife.read([work], options: options, refresh: .always)
        #expect(offline.events.count == 2)
        #expect(offline.report.errors == 0 && offline.report.warnings == 1)
        #expect(offline.diagnostics.first?.description.hasPrefix("work: warning: ") == true, "\(offline.diagnostics)")
        // The password is written nowhere in the cache.
        let files = FileManager.default.enumerator(atPath: options.cacheFolder!.path)?.allObjects as? [String] ?? []
        #expect(files.contains { $0.hasSuffix(".ics") })
        for name in files {
            let content = (try? String(contentsOfFile: options.cacheFolder!.path + "/" + name, encoding: .utf8)) ?? ""
            #expect(!content.contains("s3cret"))
        }
    }

    /// An account reads every calendar under it, or those `include` and
    /// `exclude` choose; a `.url` of it reads as a `.caldav` with no settings.
    @Test func anAccountReadsItsCalendarsAsChosen() async throws {
        let radicale = try LocalRadicale(calendars: ["work": ("Work", [Self.item("a", day: 10, "Standup")]),
                                                "family": ("Family", [Self.item("c", day: 11, "Dinner")])])
        defer { radicale.stop() }
        let login = SourceLogin(user: "me", password: "pw")
        let account = URL(string: radicale.url("/"))!
        let all = await BusyLife.read([.url(account, login: login)], options: radicale.options("all"), refresh: .always)
        #expect(all.diagnostics.isEmpty, "\(all.diagnostics)")
        #expect(all.events.map(\.calendar).sorted() == ["Family", "Work"])
        let chosen = CalDAVSource(account, login: login, exclude: ["work"])
        let family = await BusyLife.read([.caldav(chosen)], options: radicale.options("chosen"), refresh: .always)
        #expect(family.events.map(\.title) == ["Dinner"])
        // A window far from every event fetches none of them.
        var far = CalDAVSource(account, login: login, include: ["Work"])
        far.window = (10 * 366 * 86_400)...(11 * 366 * 86_400)
        let none = await BusyLife.read([.caldav(far)], options: radicale.options("far"), refresh: .always)
        #expect(none.events.isEmpty && none.report.errors == 0, "\(none.diagnostics)")
    }
}

/// Radicale on a free port of 127.0.0.1, its calendars (by path under
/// `/me/`: display name and items) written straight into its storage.
final class LocalRadicale {
    static let python = SubscriptionSourceTests.root.appendingPathComponent(".venv/bin/python3").path
    static let installed: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import radicale"]
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kit-caldav-\(UUID().uuidString)")
    let port: Int
    private let process = Process()
    private let input = Pipe()

    init(calendars: [String: (String, [String])]) throws {
        let files = FileManager.default
        for (path, (name, items)) in calendars {
            let calendar = folder.appendingPathComponent("storage/collection-root/me/\(path)")
            try files.createDirectory(at: calendar, withIntermediateDirectories: true)
            try Data("{\"D:displayname\": \"\(name)\", \"tag\": \"VCALENDAR\"}".utf8)
                .write(to: calendar.appendingPathComponent(".Radicale.props"))
            for (index, item) in items.enumerated() {
                try Data(item.utf8).write(to: calendar.appendingPathComponent("item\(index).ics"))
            }
        }
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [SubscriptionSourceTests.root.appendingPathComponent("Tests/Servers/caldav-server.py").path, "radicale", "--folder", folder.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        port = output.announcedPort()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// A cache folder of its own.
    func options(_ name: String) -> ReadOptions {
        ReadOptions(cacheFolder: folder.appendingPathComponent("cache-" + name))
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.waitUntilExit() }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
