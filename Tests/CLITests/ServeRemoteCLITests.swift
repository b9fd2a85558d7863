import Foundation
import Testing

/// `busylife serve` on a subscription: fetched again in the background at
/// its refresh interval, and the API answers the new copy without a restart.
@Suite struct ServeRemoteCLITests {
    static func calendar(_ title: String) -> String {
        oneEventCalendar("feed").replacingOccurrences(of: "SUMMARY:Event feed", with: "SUMMARY:" + title)
    }

    @Test func aSubscriptionIsFetchedAgainWhileServing() throws {
        let remote = try SubscriptionServer()
        remote.serve("feed.ics", Self.calendar("Before the change"))
        remote.configure("calendars = [\"feed\"]\n\n[sources.feed]\nurl = \"\(remote.url("etag/feed.ics"))\"\nrefresh = \"1s\"\n")
        let server = try ServeProcess(["--today", "2026-11-23", "--tz", "UTC"], environment: remote.environment)
        let path = "/api/days?from=2026-11-23&to=2026-11-23"
        let before = try server.get(path), meta = try server.get("/api/meta")
        #expect(before.status == 200 && before.body.contains("Before the change"), "\(before.body)")
        remote.serve("feed.ics", Self.calendar("After the change"))
        var after = before
        for _ in 0..<60 where !after.body.contains("After the change") {
            Thread.sleep(forTimeInterval: 0.25)
            after = try server.get(path)
        }
        #expect(after.body.contains("After the change") && !after.body.contains("Before the change"), "\(after.body)")
        // The generation moved, so that the page fetches again.
        let generation = { (reply: Reply) in
            (try? JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])?["generation"] as? Int ?? 0
        }
        #expect(generation(try server.get("/api/meta")) > generation(meta))
    }

    /// A failed background fetch is said on standard error once when it
    /// starts failing, not at every round, and again when it fails after
    /// a fetch that did not; the older copy is served meanwhile.
    @Test func aFailedFetchIsSaidOncePerFailure() throws {
        let remote = try SubscriptionServer()
        remote.serve("feed.ics", Self.calendar("Before the change"))
        remote.configure("calendars = [\"feed\"]\n\n[sources.feed]\nurl = \"\(remote.url("switch/feed.ics"))\"\nrefresh = \"1s\"\n")
        let server = try ServeProcess(["--today", "2026-11-23", "--tz", "UTC"], environment: remote.environment)
        let path = "/api/days?from=2026-11-23&to=2026-11-23"
        #expect(try server.get(path).body.contains("Before the change"))
        let failures = { server.saidSinceStart.split(separator: "\n").filter { $0.hasPrefix("feed: warning: ") }.count }
        /// Whether `done` came true within 20 seconds.
        func wait(_ done: () throws -> Bool) rethrows -> Bool {
            for _ in 0..<80 {
                if try done() { return true }
                Thread.sleep(forTimeInterval: 0.25)
            }
            return try done()
        }
        remote.mode("status/500")
        #expect(wait { failures() >= 1 })
        #expect(failures() == 1, "\(server.saidSinceStart)")
        // Rounds go on failing (a round a second) without a word more.
        let rounds = try remote.stats().requests
        #expect(try wait { try remote.stats().requests >= rounds + 3 })
        #expect(failures() == 1, "\(server.saidSinceStart)")
        #expect(try server.get(path).body.contains("Before the change"))

        remote.mode(nil)
        remote.serve("feed.ics", Self.calendar("After the change"))
        #expect(try wait { try server.get(path).body.contains("After the change") })
        #expect(failures() == 1, "\(server.saidSinceStart)")
        remote.mode("status/500")
        #expect(wait { failures() >= 2 })
        #expect(failures() == 2, "\(server.saidSinceStart)")
        #expect(try server.get(path).body.contains("After the change"))
    }
}
