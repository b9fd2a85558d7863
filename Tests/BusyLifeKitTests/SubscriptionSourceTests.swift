import BusyLifeKit
import Foundation
import Testing

/// `.url` sources read by the library against the subscription server of
/// Tests/Servers on 127.0.0.1: fetched into the cache by the async read,
/// read from it by every other.
@Suite struct SubscriptionSourceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Standup\r\n"
        + "DTSTART:20261123T150000Z\r\nDURATION:PT1H\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

    @Test func aURLIsFetchedOnceAndReadFromTheCache() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kit-url-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try Server(folder: folder)
        try Data(Self.calendar.utf8).write(to: folder.appendingPathComponent("served/work.ics"))
        let options = ReadOptions(cacheFolder: folder.appendingPathComponent("cache"))
        let secret = URL(string: "http://127.0.0.1:\(server.port)/digest/SHA-256/private-SECRET/work.ics")!
        let login = SourceLogin(user: "me", password: "s3cret")

        // Never fetched: the synchronous read fetches nothing.
        let before = BusyLife.read([.url(secret, login: login)], options: options)
        #expect(before.events.isEmpty && before.report.errors == 1)
        #expect(before.diagnostics.map(\.description) == ["127.0.0.1/…/work.ics: error: never fetched"])
        #expect(try server.requests() == 0)

        let fetched = await BusyLife.read([.url(secret, login: login)], options: options, refresh: .whenOlderThan(900))
        #expect(fetched.events.map(\.title) == ["Standup"])
        #expect(fetched.diagnostics.isEmpty, "\(fetched.diagnostics)")
        let requests = try server.requests()
        #expect(requests == 2)  // Basic, then the answer to the Digest challenge.
        let again = await BusyLife.read([.url(secret, login: login)], options: options, refresh: .whenOlderThan(900))
        #expect(again.events.map(\.title) == ["Standup"])
        #expect(try server.requests() == requests)

        server.stop()
        #expect(BusyLife.read([.url(secret, login: login)], options: options).events.map(\.title) == ["Standup"])
        let offline = await BusyLife.read([.url(secret, login: login)], options: options, refresh: .always)
        #expect(offline.events.map(\.title) == ["Standup"])
        #expect(offline.diagnostics.map(\.description)
            == ["127.0.0.1/…/work.ics: warning: offline: connection refused; data from under a minute ago"])
        #expect(offline.report.errors == 0 && offline.report.warnings == 1)
        // Neither the password nor the secret path is written to the cache.
        let cached = FileManager.default.enumerator(atPath: options.cacheFolder!.path)?.allObjects as? [String] ?? []
        #expect(!cached.isEmpty)
        for name in cached {
            let content = (try? String(contentsOfFile: options.cacheFolder!.path + "/" + name, encoding: .utf8)) ?? ""
            #expect(!name.contains("SECRET") && !content.contains("SECRET") && !content.contains("s3cret"))
        }
    }

    @Test func anAddressThatIsNoWebAddressIsUnreadable() async {
        let reading = await BusyLife.read([.url(URL(string: "ftp://example.com/a.ics")!)], refresh: .always)
        #expect(reading.report.errors == 1)
        #expect(reading.diagnostics.first?.description.hasSuffix("error: not an https://, http:// or webcal:// address with a host, so nothing to fetch") == true)
    }

    /// The subscription server, started for one test.
    final class Server {
        let port: Int
        private let process = Process()
        private let input = Pipe()

        init(folder: URL) throws {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("served"), withIntermediateDirectories: true)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", root.appendingPathComponent("Tests/Servers/subscription-server.py").path,
                                 "--root", folder.appendingPathComponent("served").path]
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = input
            try process.run()
            port = output.announcedPort()
        }

        func stop() {
            try? input.fileHandleForWriting.close()
            if process.isRunning { process.waitUntilExit() }
        }

        deinit { stop() }

        /// How many requests the server answered (its statistics aside).
        func requests() throws -> Int {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", "import json, sys, urllib.request\n"
                + "print(json.load(urllib.request.urlopen(sys.argv[1]))['requests'])", "http://127.0.0.1:\(port)/_stats"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
    }
}
