import Foundation
import Testing

/// Subscriptions (docs/sources.md) against the test server of
/// Tests/Servers on 127.0.0.1: the offline cache, conditional fetches,
/// failures read from the last copy, credentials and their safety.
@Suite struct SubscriptionCLITests {
    static let window = InputsCLITests.window.split(separator: " ").map(String.init)

    /// A source `work` at `path` of the server, with more settings if given.
    static func configureWork(_ server: SubscriptionServer, _ path: String, _ more: String = "") {
        server.configure("calendars = [\"work\"]\n\n[sources.work]\nurl = \"\(server.url(path))\"\n" + more)
    }

    @Test func aSubscriptionReadsAsItsFileDoes() throws {
        let server = try SubscriptionServer()
        let text = try String(contentsOf: repository.appendingPathComponent("samples/meeting.ics"), encoding: .utf8)
        server.serve("meeting.ics", text)
        let window = ["--from", "2026-11-01", "--to", "2026-11-30", "--tz", "UTC"]
        let fromFile = try server.busylifeRun(["occurrences", repository.appendingPathComponent("samples/meeting.ics").path] + window)
        let fromURL = try server.busylifeRun(["occurrences", server.url("etag/meeting.ics")] + window)
        #expect(fromFile.status == 0)
        #expect(fromURL.status == 0, "\(fromURL.stderr)")
        #expect(!fromURL.stdout.isEmpty)
        #expect(fromURL.stdout == fromFile.stdout)
        #expect(fromURL.stderr.isEmpty)
        // webcal:// is read as https://: the TLS test reads it.
    }

    /// Diagnostics name the source, and the calendar is named by
    /// X-WR-CALNAME, else the source's name, else the last path segment.
    @Test func diagnosticsAndCalendarsAreNamedBySource() throws {
        let server = try SubscriptionServer()
        let bad = oneEventCalendar("a").replacingOccurrences(of: "UID:a\r\n", with: "UID:a\r\nDTEND:20260230T100000Z\r\n")
        server.serve("plain.ics", bad)
        server.serve("named.ics", oneEventCalendar("b", name: "Team"))
        SubscriptionCLITests.configureWork(server, "etag/plain.ics")
        let run = try server.busylifeRun(["events", "work", server.url("etag/named.ics"), server.url("plain/plain.ics"), "--format", "json"])
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("work:5: error: DTEND 20260230T100000Z"), "\(run.stderr)")
        #expect(lines.last?.hasPrefix("127.0.0.1/…/plain.ics:5: error: DTEND") == true)
        let calendars = run.stdout.components(separatedBy: "\"calendar\":\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(calendars == ["work", "Team", "plain"])
    }

    /// A second run within the refresh interval sends nothing; --refresh
    /// sends one conditional request, and nothing is transferred again.
    @Test(arguments: ["etag", "lastmod", "plain"])
    func anUnchangedCalendarIsNotTransferredAgain(route: String) throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a"))
        SubscriptionCLITests.configureWork(server, "\(route)/work.ics")
        let first = try server.busylifeRun(["agenda"] + Self.window)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Event a"))
        let fetched = try server.stats()
        #expect(fetched.requests == 1)
        let second = try server.busylifeRun(["agenda"] + Self.window)
        #expect(second.stdout == first.stdout)
        #expect(try server.stats().requests == 1)
        let refreshed = try server.busylifeRun(["agenda", "--refresh"] + Self.window)
        #expect(refreshed.stdout == first.stdout)
        #expect(refreshed.stderr.isEmpty)
        let after = try server.stats()
        #expect(after.requests == 2)
        // The server without validators sends the body again: the hash tells it is the same.
        #expect(after.conditional == (route == "plain" ? 0 : 1))
        #expect(after.bodyBytes == fetched.bodyBytes * (route == "plain" ? 2 : 1))
        let sync = try server.busylifeRun(["sync"])
        #expect(sync.status == 0)
        #expect(sync.stdout.hasPrefix("work: unchanged in "), "\(sync.stdout)")
        #expect(sync.stdout.hasSuffix("; fresh\n"))
    }

    /// Two sources of one address with other logins are two copies: sync
    /// and sources name both, as reading each does.
    @Test func oneAddressWithTwoLoginsIsTwoSources() throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a"))
        let url = server.url("etag/work.ics")
        server.configure("""
            calendars = ["mine"]

            [sources.mine]
            url = "\(url)"
            username = "me"
            password-command = "echo pw"

            [sources.theirs]
            url = "\(url)"
            username = "them"
            password-command = "echo pw"
            """)
        let sync = try server.busylifeRun(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.hasPrefix("mine: new, ") && sync.stdout.contains("\ntheirs: new, "), "\(sync.stdout)")
        #expect(try server.stats().requests == 2)
        let sources = try server.busylifeRun(["sources"])
        #expect(sources.stdout.hasPrefix("mine (subscription)") && sources.stdout.contains("\ntheirs (subscription)"), "\(sources.stdout)")
        // The address written again with a final slash is the source still, with its name and login.
        let again = try server.busylifeRun(["sync", url + "/"])
        #expect(again.status == 0 && again.stdout.hasPrefix("mine: unchanged"), "\(again.stdout)\(again.stderr)")
    }

    /// A calendar that changed on the server replaces the copy.
    @Test func aChangedCalendarReplacesTheCopy() throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a"))
        SubscriptionCLITests.configureWork(server, "etag/work.ics", "refresh = \"0\"\n")
        #expect(try server.busylifeRun(["agenda"] + Self.window).stdout.contains("Event a"))
        server.serve("work.ics", oneEventCalendar("b"))
        let run = try server.busylifeRun(["agenda"] + Self.window)
        #expect(run.stdout.contains("Event b") && !run.stdout.contains("Event a"))
        server.serve("work.ics", oneEventCalendar("c"))
        let sync = try server.busylifeRun(["sync"])
        #expect(sync.stdout.hasPrefix("work: changed, "), "\(sync.stdout)")
    }

    /// Every bad reply reads the last good copy with a warning naming the
    /// source, the cause and the copy's age (exit 2), and never replaces it.
    @Test func aFailedFetchReadsTheLastCopy() throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a"))
        SubscriptionCLITests.configureWork(server, "switch/work.ics")
        let good = try server.busylifeRun(["agenda"] + Self.window)
        #expect(good.status == 0)
        let cached = server.cacheFiles().filter { $0.name.hasSuffix(".ics") }
        for (route, cause) in [
            ("html", "expected a calendar, got a web page (text/html): is the address private, or does it need a login?"),
            ("json", "expected a calendar, got JSON (application/json)"),
            ("empty", "the reply was empty, not a calendar"),
            ("xml", "expected a calendar, got XML (application/xml), and the address answers no CalDAV PROPFIND as a calendar or an account"),
            ("status/503", "the server answered 503 (a server error)"),
            ("status/404", "the server answered 404 (Not Found): has the address changed?"),
            ("auth", "the server answered 401 (Unauthorized): give credentials as username and password-command in [sources.work] "
                + "of the configuration, or in ~/.netrc for 127.0.0.1"),
            ("slow/5", "no complete reply within 1 s"),
            ("loop", "more than 5 redirects"),
            ("to-file", "redirected to a file: address, which is not fetched"),
        ] {
            server.mode(route)
            let run = try server.busylifeRun(["agenda", "--refresh"] + Self.window, environment: ["BUSYLIFE_HTTP_TIMEOUT": "1"])
            #expect(run.status == 2, "\(route): \(run.stderr)")
            #expect(run.stdout == good.stdout)
            #expect(run.stderr == "work: warning: \(cause); data from under a minute ago\n", "\(route)")
            #expect(server.cacheFiles().filter { $0.name.hasSuffix(".ics") }.map(\.content) == cached.map(\.content))
        }
        let sources = try server.busylifeRun(["sources"])
        #expect(sources.stdout.contains("\n  last error: redirected to a file: address"), "\(sources.stdout)")
        server.mode(nil)
        server.stop()
        let offline = try server.busylifeRun(["agenda", "--refresh"] + Self.window)
        #expect(offline.status == 2)
        #expect(offline.stderr == "work: warning: offline: connection refused; data from under a minute ago\n")
        #expect(offline.stdout == good.stdout)
    }

    /// A refused connection and an untrusted certificate fail at once with
    /// their cause (by address and by a name that is also ::1): only a
    /// server that does not answer waits out the connect timeout.
    @Test func aRefusedOrUntrustedConnectionFailsAtOnce() throws {
        let closed = try SubscriptionServer()
        closed.stop()
        let tls = try SubscriptionServer(tls: true)
        tls.serve("work.ics", oneEventCalendar("a"))
        for (address, cause) in [
            (closed.url("work.ics"), "offline: connection refused"),
            (closed.url("work.ics", host: "localhost"), "offline: connection refused"),
            (tls.url("work.ics"), "TLS: the server's certificate is not trusted"),
            (tls.url("work.ics", host: "localhost"), "TLS: the server's certificate is not trusted"),
        ] {
            let started = Date()
            let run = try closed.busylifeRun(["agenda", address] + Self.window)
            let seconds = Date().timeIntervalSince(started)
            #expect(run.status == 66)
            #expect(run.stderr.contains("/work.ics: error: \(cause)"), "\(address): \(run.stderr)")
            // Against a connect limit of ten seconds (twenty when asked twice).
            #expect(seconds < 6, "\(address): \(seconds) s")
        }
    }

    /// With no copy, a failed fetch is an unreadable input: exit 66, which
    /// wins over the 2 of a warning elsewhere.
    @Test func aFailedFetchWithoutACopyExits66() throws {
        let server = try SubscriptionServer()
        let run = try server.busylifeRun(["agenda", server.url("html/x"), "samples/", "--today", "2026-11-22"])
        #expect(run.status == 66)
        #expect(run.stderr.hasPrefix("127.0.0.1/…/x: error: expected a calendar, got a web page (text/html): "
            + "is the address private, or does it need a login?; and there is no copy from an earlier fetch\n"), "\(run.stderr)")
        #expect(!server.cacheFiles().contains { $0.name.hasSuffix(".ics") })
        let limit = try server.busylifeRun(["events", server.url("huge/2000000")], environment: ["BUSYLIFE_HTTP_MAX_BYTES": "100000"])
        #expect(limit.status == 66)
        #expect(limit.stderr == "127.0.0.1/…/2000000: error: the reply is larger than the limit of 100000 bytes; and there is no copy from an earlier fetch\n")
        #expect(!server.cacheFiles().contains { $0.name.contains("partial") })
    }

    @Test func offlineReadsOnlyTheCache() throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a"))
        SubscriptionCLITests.configureWork(server, "etag/work.ics")
        let never = try server.busylifeRun(["agenda", "--offline"] + Self.window)
        #expect(never.status == 66)
        #expect(never.stderr == "work: error: never fetched, and --offline fetches nothing\n")
        #expect(try server.stats().requests == 0)
        let fetched = try server.busylifeRun(["agenda"] + Self.window)
        server.stop()
        let offline = try server.busylifeRun(["agenda", "--offline"] + Self.window)
        #expect(offline.status == 0)
        #expect(offline.stderr.isEmpty)
        #expect(offline.stdout == fetched.stdout)
        #expect(try server.busylifeRun(["agenda", "--offline", "--refresh"] + Self.window).status == 64)
    }

    /// Two processes at once: one fetches, the other waits for its copy.
    @Test func twoProcessesFetchingAtOnceShareOneFetch() throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a"))
        SubscriptionCLITests.configureWork(server, "slow/1/work.ics")
        let environment = server.environment
        let run = try busylife([], shell: """
            BUSYLIFE agenda \(Self.window.joined(separator: " ")) > \(server.folder.path("one")) 2>&1 & first=$!
            BUSYLIFE agenda \(Self.window.joined(separator: " ")) > \(server.folder.path("two")) 2>&1; second=$?
            wait $first; echo $? $second
            """, environment: environment)
        #expect(run.stdout == "0 0\n")
        let one = try String(contentsOfFile: server.folder.path("one"), encoding: .utf8)
        #expect(one.contains("Event a"))
        #expect(try String(contentsOfFile: server.folder.path("two"), encoding: .utf8) == one)
        #expect(try server.stats().requests == 1)
    }

    /// Credentials: from password-command or ~/.netrc; never to another
    /// host after a redirect; never in clear text to another machine.
    @Test func credentialsGoOnlyWhereTheyBelong() throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a"))
        SubscriptionCLITests.configureWork(server, "auth/work.ics", "username = \"me\"\npassword-command = \"echo s3cret\"\n")
        let command = try server.busylifeRun(["agenda"] + Self.window)
        #expect(command.status == 0, "\(command.stderr)")
        server.configure("[sources.work]\nurl = \"\(server.url("auth/work.ics"))\"\nrefresh = \"0\"\n")
        server.folder.write("home/.netrc", "machine 127.0.0.1 login me password s3cret\n")
        #expect(try server.busylifeRun(["agenda", "work"] + Self.window).status == 0)
        server.configure("[sources.work]\nurl = \"\(server.url("elsewhere/work.ics"))\"\nusername = \"me\"\npassword-command = \"echo s3cret\"\n")
        let elsewhere = try server.busylifeRun(["agenda", "work"] + Self.window)
        #expect(elsewhere.status == 66)
        #expect(elsewhere.stderr.hasPrefix("work: error: the server answered 401"))
        #expect(try server.stats().authorizationSentTo.allSatisfy { $0.hasPrefix("127.0.0.1:") })
        server.configure("[sources.work]\nurl = \"http://calendar.example.com/work.ics\"\nusername = \"me\"\npassword-command = \"echo s3cret\"\n")
        let clear = try server.busylifeRun(["agenda", "work"] + Self.window)
        #expect(clear.stderr == "work: error: credentials are sent over https only (or to this machine), never in clear text over http: "
            + "write https://; and there is no copy from an earlier fetch\n")
        // exec: the command itself is what the time limit stops.
        server.configure("[sources.work]\nurl = \"\(server.url("auth/work.ics"))\"\nusername = \"me\"\n"
            + "password-command = \"exec sleep 30\"\nrefresh = \"0\"\n")
        let slow = try server.busylifeRun(["agenda", "work"] + Self.window, environment: ["BUSYLIFE_PASSWORD_TIMEOUT": "1"])
        #expect(slow.status == 2)
        #expect(slow.stderr == "work: warning: password-command did not finish within 1 s; data from under a minute ago\n")
    }

    /// A password-command runs once a run, on a first fetch too (which
    /// asks the server what the address is, then fetches it), and at its
    /// time limit ends with every process it started.
    @Test func aPasswordCommandRunsOnceAndNoLongerThanItsLimit() throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a"))
        server.serve("other.ics", oneEventCalendar("b"))
        let runs = server.folder.path("runs")
        SubscriptionCLITests.configureWork(server, "auth/work.ics",
                                           "username = \"me\"\npassword-command = \"echo run >> '\(runs)'; echo s3cret\"\n")
        let first = try server.busylifeRun(["agenda"] + Self.window)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try String(contentsOfFile: runs, encoding: .utf8) == "run\n")
        let marker = server.folder.path("pid")
        SubscriptionCLITests.configureWork(server, "auth/other.ics",
                                           "username = \"me\"\npassword-command = \"sleep 20 & echo $! > '\(marker)'; wait; echo s3cret\"\n")
        let started = Date()
        let slow = try server.busylifeRun(["agenda"] + Self.window, environment: ["BUSYLIFE_PASSWORD_TIMEOUT": "2"])
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 5, "\(seconds) s")
        #expect(slow.status == 66)
        #expect(slow.stderr == "work: error: password-command did not finish within 2 s; and there is no copy from an earlier fetch\n")
        let pid = try #require(Int32(String(contentsOfFile: marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.ends(pid), "sleep \(pid) outlived its password-command")
    }

    /// A password-command that asks on the terminal has none: it fails at
    /// once, rather than being stopped for reading a terminal that is not
    /// its own until its time is up. `script` gives busylife a terminal.
    @Test func aPasswordCommandHasNoTerminalToWaitOn() throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a"))
        SubscriptionCLITests.configureWork(server, "auth/work.ics",
                                           "username = \"me\"\npassword-command = \"read p < /dev/tty; echo $p\"\n")
        let started = Date()
        let run = try busylife([], shell: "script -qec 'BUSYLIFE agenda --from 2026-11-01 --to 2026-11-30 2>&1' /dev/null",
                               environment: server.environment.merging(["BUSYLIFE_PASSWORD_TIMEOUT": "20"]) { _, given in given })
        let seconds = Date().timeIntervalSince(started)
        #expect(run.stdout.contains("work: error: password-command printed no password"), "\(run.stdout)")
        #expect(seconds < 10, "\(seconds) s")
    }

    /// Waiting for a password-command costs its own time only: it took no
    /// thread that reading its output then had to wait for. The fastest of
    /// three syncs, so that a busy machine does not decide.
    @Test func aPasswordCommandAddsOnlyItsOwnTime() throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a"))
        server.serve("other.ics", oneEventCalendar("b"))
        /// The fastest of three syncs of both sources, with or without a login.
        func fastestSync(login: Bool) throws -> Double {
            let given = login ? "username = \"me\"\npassword-command = \"echo s3cret\"\n" : ""
            let route = login ? "auth" : "etag"
            server.configure("[sources.work]\nurl = \"\(server.url(route + "/work.ics"))\"\n\(given)"
                + "[sources.other]\nurl = \"\(server.url(route + "/other.ics"))\"\n\(given)")
            var fastest = Double.infinity
            for _ in 0..<3 {
                let started = Date()
                let run = try server.busylifeRun(["sync"])
                fastest = min(fastest, Date().timeIntervalSince(started))
                #expect(run.status == 0, "\(run.stderr)")
            }
            return fastest
        }
        let plain = try fastestSync(login: false)
        let withLogin = try fastestSync(login: true)
        // Two shells and two more requests, and no thread waited for on the way.
        #expect(withLogin < plain + 0.6, "\(withLogin) s against \(plain) s")
    }

    /// Whether process `pid` is gone, or a zombie left to its reaper, within a second.
    static func ends(_ pid: Int32) -> Bool {
        for _ in 0..<100 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            // The state is the first field after the command's name in parentheses.
            if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "Z" { return true }
            usleep(10_000)
        }
        return false
    }

    /// No secret of the address or the password reaches the cache, the
    /// output or a diagnostic.
    @Test func secretsStayOutOfTheCacheAndEveryOutput() throws {
        let server = try SubscriptionServer()
        server.serve("basic.ics", oneEventCalendar("a"))
        server.configure("""
            calendars = ["work", "\(server.url("auth/private-PATHSECRET2/missing.ics"))"]
            [sources.work]
            url = "\(server.url("auth/private-PATHSECRET/basic.ics?token=QUERYSECRET"))"
            username = "me"
            password-command = "echo s3cret"
            """)
        var runs = [try server.busylifeRun(["agenda", "-v"] + Self.window), try server.busylifeRun(["sync"]),
                    try server.busylifeRun(["sources"]), try server.busylifeRun(["sources", "--format", "json"]),
                    try server.busylifeRun(["check", "--format", "json"]), try server.busylifeRun(["config"])]
        server.stop()
        runs.append(try server.busylifeRun(["agenda", "--refresh", "-v"] + Self.window))
        #expect(runs[0].stdout.contains("Event a"))
        #expect(runs[5].stdout.contains("# [sources.work]: url http://127.0.0.1/…/basic.ics"), "\(runs[6].stdout)")
        for run in runs {
            for secret in ["PATHSECRET", "QUERYSECRET", "s3cret"] {
                #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret), "\(run.stdout)\(run.stderr)")
            }
        }
        #expect(!server.cacheFiles().isEmpty)
        for file in server.cacheFiles() {
            for secret in ["PATHSECRET", "QUERYSECRET", "s3cret", "127.0.0.1:\(server.port)"] {
                #expect(!file.name.contains(secret) && !file.content.contains(secret), "\(file.name)")
            }
        }
    }

    /// With nothing configured, the text form says so on standard error;
    /// JSON stays an empty list for scripts.
    @Test func noSourcesIsSaid() throws {
        let text = try busylife(["sources"])
        #expect(text.status == 0 && text.stdout.isEmpty)
        #expect(text.stderr.contains("no sources"), "\(text.stderr)")
        let json = try busylife(["sources", "--format", "json"])
        #expect(json.status == 0 && json.stderr.isEmpty && json.stdout.contains("\"sources\":[]"), "\(json.stdout)")
    }

    @Test func sourcesListsEveryConfiguredSource() throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a", name: "Work"))
        server.configure("""
            calendars = ["work", "\(repository.appendingPathComponent("samples/meeting.ics").path)", "/nonexistent/cal"]
            [sources.work]
            url = "\(server.url("etag/work.ics"))"
            [sources.later]
            url = "\(server.url("etag/later.ics"))"
            """)
        let before = try server.busylifeRun(["sources"])
        #expect(before.stdout.hasPrefix("work (subscription) 127.0.0.1/…/work.ics: never fetched\n"), "\(before.stdout)")
        #expect(try server.busylifeRun(["sync"]).status == 66)
        let after = try server.busylifeRun(["sources"])
        #expect(after.status == 0)
        #expect(after.stdout.hasPrefix("work (subscription) 127.0.0.1/…/work.ics: Work, 1 event, fetched under a minute ago\n"), "\(after.stdout)")
        #expect(after.stdout.contains("meeting.ics (file): "))
        #expect(after.stdout.contains("/nonexistent/cal (missing)\n  last error: No such file or directory\n"))
        #expect(after.stdout.hasSuffix("later (subscription) 127.0.0.1/…/later.ics: never fetched\n"
            + "  last error: the server answered 404 (Not Found): has the address changed?\n"))
        let json = try server.busylifeRun(["sources", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: [[String: Any]]]
        let first = object?["sources"]?.first
        #expect(first?["name"] as? String == "work")
        #expect(first?["items"] as? Int == 1)
        #expect(first?["calendars"] as? [String] == ["Work"])
        #expect(first?["kind"] as? String == "subscription")
    }

    /// Over TLS with the server's certificate as ca-file; without it, the
    /// certificate is refused.
    @Test func tlsIsVerifiedAgainstTheCAFile() throws {
        let server = try SubscriptionServer(tls: true)
        server.serve("work.ics", oneEventCalendar("a"))
        let webcal = server.url("auth/work.ics").replacingOccurrences(of: "https://", with: "webcal://")
        server.configure("[sources.work]\nurl = \"\(webcal)\"\nusername = \"me\"\npassword-command = \"echo s3cret\"\nca-file = \"cert.pem\"\n")
        let trusted = try server.busylifeRun(["agenda", "work"] + Self.window)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout.contains("Event a"))
        let untrusted = try server.busylifeRun(["agenda", server.url("etag/work.ics")] + Self.window)
        #expect(untrusted.status == 66)
        #expect(untrusted.stderr.hasPrefix("127.0.0.1/…/work.ics: error: TLS: the server's certificate is not trusted"), "\(untrusted.stderr)")
    }

    @Test func aMalformedSourceNamesItsLine() throws {
        let server = try SubscriptionServer()
        server.configure("[sources.work]\nurl = \"https://example.com/a.ics\"\npasword = \"x\"\n")
        let run = try server.busylifeRun(["agenda"])
        #expect(run.status == 78)
        #expect(run.stderr.contains("config.toml:3: [sources.work] pasword is not a setting of a source"), "\(run.stderr)")
        server.configure("[sources.work]\nurl = \"ftp://example.com/a.ics\"\n")
        #expect(try server.busylifeRun(["agenda"]).stderr.contains("config.toml:2: [sources.work] url wants an https://"))
    }
}
