import Foundation
import Testing

/// `busylife serve`'s API (docs/serve.md): the bytes of `busylife days`,
/// bounded windows, the Host check, read-only, JSON errors.
@Suite(.serialized) struct ServeCLITests {
    static let flags = ["--today", "2026-11-22", "--tz", "America/New_York"]

    @Test func daysAnswersTheBytesOfTheDaysCommand() throws {
        let server = try ServeProcess(["samples/"] + Self.flags)
        for (query, extra) in [("from=2026-11-01&to=2026-12-31", [String]()),
                               ("from=2026-12-01&to=2026-12-10&tz=Asia/Tokyo", ["--tz", "Asia/Tokyo"]),
                               ("from=today&to=%2B6d", [])] {
            let reply = try server.get("/api/days?" + query)
            let parts = query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
            let from = parts[0][1], to = parts[1][1].replacingOccurrences(of: "%2B", with: "+")
            let run = try busylife(["days", "samples/"] + Self.flags + extra + ["--from", from, "--to", to])
            #expect(run.status == 0)
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "application/json; charset=utf-8")
            #expect(reply.body == run.stdout, "\(query)")
        }
    }

    @Test func windowsAreBoundedAndErrorsAreJSON() throws {
        let server = try ServeProcess(["samples/"] + Self.flags)
        #expect(try server.get("/api/days?from=2026-01-01&to=2027-02-04").status == 200)  // 400 days
        let long = try server.get("/api/days?from=2026-01-01&to=2027-02-05")
        #expect(long.status == 400)
        #expect(long.error?.status == 400)
        #expect(long.error?.message.contains("401 days") == true)
        for query in ["from=2026-01-01", "from=2026-02-30&to=2026-03-01", "from=2026-01-01&to=2026-01-02&tz=Nowhere/Else",
                      "from=2026-01-01&to=2026-01-02&locale=%3Cscript%3E"] {
            let reply = try server.get("/api/days?" + query)
            #expect(reply.status == 400, "\(query)")
            #expect(reply.error?.status == 400, "\(query)")
        }
        let missing = try server.get("/nothing-here")
        #expect(missing.status == 404)
        #expect(missing.error?.status == 404)
    }

    @Test func onlyItsOwnHostIsAnswered() throws {
        let server = try ServeProcess(["samples/"] + Self.flags)
        let rebound = try server.get("/api/meta", host: "attacker.example:\(server.port)")
        #expect(rebound.status == 421)
        #expect(rebound.error?.message.contains("attacker.example") == true)
        #expect(try server.get("/api/meta", host: "localhost:\(server.port)").status == 200)
        #expect(try server.get("/api/meta", host: "127.0.0.1:\(server.port + 1)").status == 421)
    }

    @Test func readOnlyWithSecurityHeadersAndNoCORS() throws {
        let server = try ServeProcess(["samples/"] + Self.flags)
        let post = try server.get("/api/days?from=today&to=today", method: "POST")
        #expect(post.status == 405)
        #expect(post.error?.status == 405)
        let page = try server.get("/")
        #expect(page.status == 200)
        #expect(page.body.contains("<script src=\"app.js\""))
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(page.headers["x-content-type-options"] == "nosniff")
        #expect(!page.headers.keys.contains { $0.hasPrefix("access-control-") })
        let head = try server.get("/app.js", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(try server.get("/app.css").headers["content-type"] == "text/css; charset=utf-8")
    }

    @Test func metaHasTodayLevelsAndCalendars() throws {
        let server = try ServeProcess(["samples/"] + Self.flags)
        let reply = try server.get("/api/meta")
        let meta = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
        #expect(meta["schema"] as? String == "busylife.meta/1")
        #expect(meta["today"] as? String == "2026-11-22")
        #expect(meta["tz"] as? String == "America/New_York")
        let levels = try #require(meta["busyLevels"] as? [String: Any])
        #expect((levels["thresholds"] as? [Double])?.count == 3)
        let names = (meta["calendars"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.contains("Work"))
        let tokyo = try server.get("/api/meta?tz=Asia/Tokyo").body
        #expect(tokyo.contains("\"tz\":\"Asia/Tokyo\""))
    }

    @Test func yearIsTheHeatmapsPicture() throws {
        let server = try ServeProcess(["samples/"] + Self.flags)
        let reply = try server.get("/api/year?year=2026&locale=de_DE")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "image/svg+xml; charset=utf-8")
        #expect(reply.body.hasPrefix("<svg") || reply.body.hasPrefix("<?xml"))
        #expect(reply.body.contains("Dez"))
        #expect(reply.headers["content-security-policy"]?.contains("script") == false)
        for query in ["year=10000", "year=26", "", "year=2026&locale=%22"] {
            #expect(try server.get("/api/year?" + query).status == 400, "\(query)")
        }
    }

    @Test func beyondLoopbackATokenIsNeeded() throws {
        let server = try ServeProcess(["samples/"] + Self.flags + ["--host", "0.0.0.0"])
        let token = try #require(server.address.split(separator: "=").last.map(String.init))
        #expect(token.count == 32)
        #expect(try server.get("/api/meta").status == 401)
        #expect(try server.get("/api/meta?token=" + token).status == 200)
        #expect(try server.get("/api/meta?token=wrong").status == 401)
    }

    @Test func aPortInUseIsExit69() throws {
        let first = try ServeProcess(["samples/"] + Self.flags)
        let run = try busylife(["serve", "samples/", "--port", String(first.port)])
        #expect(run.status == 69)
        #expect(run.stderr.contains("port \(first.port) is in use"))
    }

    /// Ctrl-C and `kill` stop the server gracefully, then it ends of the
    /// signal as the README's exit codes say (128 + n in a shell: 130, 143).
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalEndsItAsAnyProgram(signal: Int32) throws {
        let server = try ServeProcess(["samples/"] + Self.flags)
        #expect(try server.get("/api/meta").status == 200)
        kill(server.process.processIdentifier, signal)
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .uncaughtSignal)
        #expect(server.process.terminationStatus == signal)
    }

    @Test func changedFilesAreReadAgain() throws {
        let folder = ScratchFolder()
        let calendar = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//t//t//EN\nBEGIN:VEVENT\nUID:a@t\nDTSTAMP:20260101T000000Z\n"
            + "DTSTART:20261122T150000Z\nDTEND:20261122T160000Z\nSUMMARY:TITLE\nEND:VEVENT\nEND:VCALENDAR\n"
        folder.write("cal.ics", calendar.replacingOccurrences(of: "TITLE", with: "Before"))
        let server = try ServeProcess([folder.path("cal.ics")] + Self.flags)
        let generation = try server.get("/api/meta").body.firstMatch(of: /"generation":(\d+)/)?.1
        #expect(try server.get("/api/days?from=2026-11-22&to=2026-11-22").body.contains("\"title\":\"Before\""))
        Thread.sleep(forTimeInterval: 1.1)
        folder.write("cal.ics", calendar.replacingOccurrences(of: "TITLE", with: "After!"))
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try server.get("/api/days?from=2026-11-22&to=2026-11-22").body.contains("\"title\":\"After!\""))
        let moved = try server.get("/api/meta").body.firstMatch(of: /"generation":(\d+)/)?.1
        #expect(generation != nil && moved != nil && generation != moved)
    }
}
