import Foundation
import Testing

/// CalDAV sources (docs/sources.md) against real servers, Radicale and
/// Xandikos, each started on 127.0.0.1 for its test: telling calendars
/// and accounts apart, syncing only what changed, the cache read offline.
@Suite(.serialized, .enabled(if: CalDAVServer.missing(.radicale) == nil && CalDAVServer.missing(.xandikos) == nil,
                             "Radicale or Xandikos is not installed in .venv (scripts/setup.sh installs them): CalDAV tests skipped"))
struct CalDAVCLITests {
    static let november = ["--from", "2026-11-01", "--to", "2026-11-30", "--tz", "UTC"]

    /// A source `work` at `path` of the server, with more settings if given.
    static func configureWork(_ server: CalDAVServer, _ path: String, _ more: String = "") {
        server.configure("calendars = [\"work\"]\n\n[sources.work]\nurl = \"\(server.url(path))\"\n" + more)
    }

    /// The UIDs of what `events` prints as JSON, sorted.
    static func uids(_ run: Run) -> [String] {
        run.stdout.components(separatedBy: "\"uid\":\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }.sorted()
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aCalendarReadsAsItsFileDoes(kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        // A space in the paths: hrefs are kept as the server spells them.
        try server.makeCalendar("my%20work", displayName: "Work", color: "#FF8800FF")
        let items = [calDAVItem("a", day: 3), calDAVItem("b", day: 4, hour: 14), calDAVItem("c", day: 20)]
        for (index, item) in items.enumerated() { try server.put("my%20work", "item%20\(index).ics", item) }
        var file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//busylife tests//EN\r\nX-WR-CALNAME:Work\r\n"
        for item in items {
            // The item's VEVENT, as the one file holds it.
            file += "BEGIN:VEVENT" + item.components(separatedBy: "BEGIN:VEVENT")[1].components(separatedBy: "END:VCALENDAR")[0]
        }
        file += "END:VCALENDAR\r\n"
        server.folder.write("work.ics", file)
        Self.configureWork(server, server.home + "my%20work/")
        let fromFile = try server.busylifeRun(["occurrences", server.folder.path("work.ics")] + Self.november)
        let fromServer = try server.busylifeRun(["occurrences", "work"] + Self.november)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromServer.status == 0, "\(fromServer.stderr)")
        #expect(fromServer.stdout.split(separator: "\n").count == 3)
        #expect(fromServer.stdout == fromFile.stdout)
        #expect(fromServer.stderr.isEmpty)
        let sources = try server.busylifeRun(["sources", "--format", "json"])
        #expect(sources.stdout.contains("\"kind\":\"caldav calendar\""), "\(sources.stdout)")
        #expect(sources.stdout.contains("\"color\":\"#FF8800FF\""))
        #expect(!sources.stdout.contains(server.url("")))
    }

    /// A bare host is an account: every calendar under the user's home,
    /// found through /.well-known/caldav and the principal.
    @Test(arguments: CalDAVServer.Kind.allCases)
    func anAccountListsEveryCalendarWithNameAndColour(kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try server.makeCalendar("work", displayName: "Work", color: "#FF0000FF")
        try server.makeCalendar("family", displayName: "Family", color: "#00AA00")
        try server.put("work", "a.ics", calDAVItem("a", day: 3))
        try server.put("family", "b.ics", calDAVItem("b", day: 5))
        Self.configureWork(server, "/")
        let sync = try server.busylifeRun(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.hasPrefix("work: new, "), "\(sync.stdout)")
        let events = try server.busylifeRun(["events", "work", "--format", "json"])
        #expect(events.status == 0, "\(events.stderr)")
        #expect(Self.uids(events) == ["a", "b"])
        #expect(events.stdout.contains("\"calendar\":\"Work\"") && events.stdout.contains("\"calendar\":\"Family\""))
        let text = try server.busylifeRun(["sources"])
        #expect(text.stdout.contains("work (caldav account)"), "\(text.stdout)")
        #expect(text.stdout.contains("  Work (calendar) #FF0000FF: 1 event"))
        #expect(text.stdout.contains("  Family (calendar) #00AA00: 1 event"))
    }

    /// A calendar deleted from the account is a change: its items are
    /// removed from the copy, and sync says how many.
    @Test func aCalendarGoneFromTheAccountIsAChange() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        try server.makeCalendar("family", displayName: "Family")
        try server.put("work", "a.ics", calDAVItem("a", day: 3))
        for index in 0..<2 { try server.put("family", "\(index).ics", calDAVItem("f\(index)", day: 5 + index)) }
        Self.configureWork(server, "/")
        #expect(try server.busylifeRun(["sync"]).status == 0)
        #expect(try server.request("DELETE", server.home + "family/") == 200)
        let sync = try server.busylifeRun(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.hasPrefix("work: 1 calendar, 0 items changed, 2 removed, "), "\(sync.stdout)")
        let events = try server.busylifeRun(["events", "work", "--format", "json", "--offline"])
        #expect(Self.uids(events) == ["a"])
    }

    /// Within the refresh interval nothing is sent; --refresh asks once
    /// (the calendar's sync token) and transfers no item.
    @Test func anUnchangedCalendarCostsOneRequest() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        for index in 0..<5 { try server.put("work", "\(index).ics", calDAVItem("u\(index)", day: 2 + index)) }
        Self.configureWork(server, "/me/work/")
        let first = try server.busylifeRun(["agenda"] + Self.november)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Event u4"))
        let afterFirst = server.transfers()
        let second = try server.busylifeRun(["agenda"] + Self.november)
        #expect(second.stdout == first.stdout)
        #expect(server.transfers() == afterFirst)
        let refreshed = try server.busylifeRun(["agenda", "--refresh"] + Self.november)
        #expect(refreshed.stdout == first.stdout)
        #expect(refreshed.stderr.isEmpty)
        #expect(server.transfers().requests == afterFirst.requests + 1)
        let sync = try server.busylifeRun(["sync"])
        #expect(sync.stdout.hasPrefix("work: 1 calendar, unchanged in "), "\(sync.stdout)")
    }

    /// One item changed among many: the sync fetches that item only, and
    /// a deleted item disappears.
    @Test func oneChangedItemIsAllThatIsTransferred() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        // Written straight into Radicale's storage: a PUT each would take minutes.
        let storage = "storage/collection-root/me/work/"
        for index in 0..<400 { server.folder.write(storage + "item\(index).ics", calDAVItem("u\(index)", day: 1 + index % 28)) }
        Self.configureWork(server, "/me/work/")
        let setUp = server.transfers().requests
        let first = try server.busylifeRun(["sync"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("work: new, 1 calendar, 400 items changed"), "\(first.stdout)")
        // What the address is (with the calendar's name, colour and tokens),
        // then every item with its data: no sync-collection from no token,
        // which makes Radicale work the token out from every item again.
        #expect(server.transfers().requests == setUp + 2)
        let firstBytes = server.transfers().bytes
        try server.put("work", "item7.ics", calDAVItem("u7", day: 8, summary: "Moved"))
        _ = try server.request("DELETE", "/me/work/item9.ics")
        let second = try server.busylifeRun(["sync"])
        #expect(second.stdout.hasPrefix("work: 1 calendar, 1 item changed, 1 removed"), "\(second.stdout)")
        let secondBytes = server.transfers().bytes - firstBytes
        #expect(secondBytes * 50 < firstBytes, "\(secondBytes) of \(firstBytes) bytes")
        let events = try server.busylifeRun(["events", "work", "--format", "json", "--offline"])
        #expect(events.stdout.contains("Moved"))
        #expect(!Self.uids(events).contains("u9") && Self.uids(events).count == 399)
    }

    /// Two processes syncing one source at once: one waits for the other's
    /// lock, and the cache holds every item once.
    @Test func twoProcessesSyncOneSourceAtOnce() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        for index in 0..<60 {
            server.folder.write("storage/collection-root/me/work/item\(index).ics", calDAVItem("u\(index)", day: 1 + index % 28))
        }
        Self.configureWork(server, "/me/work/")
        let environment = server.environment
        let run = try busylife([], shell: """
            BUSYLIFE sync > '\(server.folder.path("one"))' 2>&1 & BUSYLIFE sync > '\(server.folder.path("two"))' 2>&1; two=$?
            wait $!; one=$?; echo "$one $two"
            """, environment: environment)
        #expect(run.stdout == "0 0\n", "\(run.stdout)")
        let lines = ["one", "two"].map { (try? String(contentsOfFile: server.folder.path($0), encoding: .utf8)) ?? "" }
        #expect(lines.filter { $0.hasPrefix("work: new, 1 calendar, 60 items changed") }.count == 1, "\(lines)")
        let events = try server.busylifeRun(["events", "work", "--format", "json", "--offline"])
        #expect(Self.uids(events).count == 60)
    }

    /// A first sync takes the lock every later sync takes: while another
    /// process holds it (here `flock`), the first sync waits.
    @Test func aFirstSyncWaitsForTheStoresLock() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        for index in 0..<5 {
            server.folder.write("storage/collection-root/me/work/item\(index).ics", calDAVItem("u\(index)", day: 1 + index))
        }
        Self.configureWork(server, "/me/work/")
        #expect(try server.busylifeRun(["sync"]).status == 0)
        let caldav = server.folder.path("cache") + "/busylife/caldav"
        let names = try FileManager.default.contentsOfDirectory(atPath: caldav)
        let state = try #require(names.first { $0.hasSuffix(".state.json") })
        let lock = caldav + "/" + state.dropLast(".state.json".count) + ".lock"
        // Without its state the source is new again: the next sync is a first one.
        try FileManager.default.removeItem(atPath: caldav + "/" + state)
        let environment = server.environment
        let marker = server.folder.path("released")
        let run = try busylife([], shell: """
            flock -x '\(lock)' -c "sleep 2; touch '\(marker)'" & sleep 0.5
            BUSYLIFE sync; status=$?; test -e '\(marker)' && echo waited; wait; exit $status
            """, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("work: new, 1 calendar, 5 items changed") && run.stdout.hasSuffix("waited\n"), "\(run.stdout)")
    }

    /// Offline: the cache reads as the server did; with no cache, exit 66.
    @Test(arguments: CalDAVServer.Kind.allCases)
    func theCacheIsReadOffline(kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try server.makeCalendar("work", displayName: "Work")
        try server.put("work", "a.ics", calDAVItem("a", day: 3))
        try server.put("work", "b.ics", calDAVItem("b", day: 4))
        Self.configureWork(server, server.home + "work/")
        let never = try server.busylifeRun(["agenda", "--offline"] + Self.november)
        #expect(never.status == 66)
        #expect(never.stderr.contains("work: error: never fetched"), "\(never.stderr)")
        let online = try server.busylifeRun(["agenda"] + Self.november)
        #expect(online.status == 0, "\(online.stderr)")
        _ = try server.request("DELETE", server.home + "work/a.ics")
        let offline = try server.busylifeRun(["agenda", "--offline"] + Self.november)
        #expect(offline.status == 0)
        #expect(offline.stdout == online.stdout)
        #expect(offline.stderr.isEmpty)
        let refreshed = try server.busylifeRun(["agenda", "--refresh"] + Self.november)
        #expect(!refreshed.stdout.contains("Event a") && refreshed.stdout.contains("Event b"), "\(refreshed.stdout)")
        let cache = server.folder.path("cache")
        let names = (FileManager.default.enumerator(atPath: cache)?.allObjects as? [String]) ?? []
        #expect(!names.contains { $0.contains("b.ics") || $0.contains("work") }, "\(names)")
        for name in names {
            let text = (try? String(contentsOfFile: cache + "/" + name, encoding: .utf8)) ?? ""
            #expect(!text.contains("secret-pw"))
        }
        // A server gone: the last good copy is read, with a warning.
        server.stop()
        let gone = try server.busylifeRun(["agenda", "--refresh"] + Self.november)
        #expect(gone.status == 2)
        #expect(gone.stdout == refreshed.stdout)
        #expect(gone.stderr.hasPrefix("work: warning: offline: connection refused; data from under a minute ago"), "\(gone.stderr)")
    }

    /// What is read from the cache is named by the source, the calendar and
    /// the item, in diagnostics and in events: never by a path in the
    /// cache, nor by the whole address.
    @Test(arguments: CalDAVServer.Kind.allCases)
    func cachedItemsAreNamedBySourceCalendarAndItem(kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try server.makeCalendar("fam", displayName: "Family")
        let unknownZone = calDAVItem("dinner", day: 3).replacingOccurrences(of: "DTSTART:20261103T090000Z", with: "DTSTART;TZID=Mars/Olympus:20261103T090000")
            .replacingOccurrences(of: "DTEND:20261103T093000Z", with: "DTEND;TZID=Mars/Olympus:20261103T093000")
        try server.put("fam", "dinner%20one.ics", unknownZone)
        try server.put("fam", "lunch.ics", calDAVItem("lunch", day: 4))
        Self.configureWork(server, "/")
        let agenda = try server.busylifeRun(["agenda"] + Self.november)
        #expect(agenda.status == 2, "\(agenda.stderr)")
        let warning = agenda.stderr.split(separator: "\n").filter { $0.contains("unknown time zone \"Mars/Olympus\"") }
        #expect(warning.count == 1 && warning[0].hasPrefix("work/Family/dinner one.ics:"), "\(agenda.stderr)")
        let events = try server.busylifeRun(["events", "work", "--format", "json", "--offline"])
        #expect(events.stdout.contains("\"calendar\":\"Family\",\"source\":{\"file\":\"work/Family/dinner one.ics\""), "\(events.stdout)")
        #expect(events.stdout.contains("\"source\":{\"file\":\"work/Family/lunch.ics\""))
        let check = try server.busylifeRun(["check", "work", "--format", "json", "--offline"])
        #expect(check.stdout.contains("\"file\":\"work/Family/dinner one.ics\""), "\(check.stdout)")
        let backup = server.folder.path("backup.ics")
        let convert = try server.busylifeRun(["convert", "work", "-o", backup, "--offline"])
        #expect(convert.stderr.hasPrefix("work/Family/dinner one.ics:"), "\(convert.stderr)")
        let written = try String(contentsOfFile: backup, encoding: .utf8)
        let days = try server.busylifeRun(["days", "work", "--format", "json", "--offline"] + Self.november)
        #expect(days.stdout.contains("\"calendar\":\"Family\""))
        for text in [agenda.stdout, agenda.stderr, events.stdout, events.stderr, check.stdout, check.stderr,
                     convert.stdout, convert.stderr, written, days.stdout, days.stderr] {
            #expect(!text.contains(server.folder.path("cache")) && !text.contains("caldav/") && !text.contains("127.0.0.1"), "\(text)")
        }
    }

    /// A calendar with no items reads as no events, not as a missing input.
    @Test func anEmptyCalendarIsNoError() throws {
        let server = try CalDAVServer(.xandikos)
        Self.configureWork(server, server.home + "calendar/")
        let run = try server.busylifeRun(["agenda"] + Self.november)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "busylife: no events between 2026-11-01 and 2026-11-30\n")
        let sources = try server.busylifeRun(["sources"])
        #expect(sources.stdout.hasPrefix("work (caldav calendar) 127.0.0.1/…/calendar: calendar, 0 events, fetched"), "\(sources.stdout)")
    }

    /// A sync token the server no longer knows: the list is fetched again, once.
    @Test func anExpiredSyncTokenStartsOver() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        try server.put("work", "a.ics", calDAVItem("a", day: 3))
        Self.configureWork(server, "/me/work/")
        #expect(try server.busylifeRun(["sync"]).status == 0)
        let cache = server.folder.path("cache/busylife/caldav")
        let state = try #require((FileManager.default.enumerator(atPath: cache)?.allObjects as? [String])?.first { $0.hasSuffix(".state.json") })
        let text = try String(contentsOfFile: cache + "/" + state, encoding: .utf8)
        let stale = text.replacingOccurrences(of: #""syncToken":"[^"]*""#, with: #""syncToken":"http:\/\/radicale.org\/ns\/sync\/0000""#,
                                              options: .regularExpression)
        #expect(stale != text)
        try stale.write(toFile: cache + "/" + state, atomically: true, encoding: .utf8)
        try server.put("work", "b.ics", calDAVItem("b", day: 4))
        let sync = try server.busylifeRun(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("work: note: Work: the server no longer knew the sync token"), "\(sync.stderr)")
        let events = try server.busylifeRun(["events", "work", "--format", "json", "--offline"])
        #expect(Self.uids(events) == ["a", "b"])
    }

    /// include and exclude choose an account's calendars by display name.
    @Test func includeAndExcludeChooseCalendars() throws {
        let server = try CalDAVServer(.radicale)
        for (name, shown) in [("w", "Work"), ("f", "Family"), ("h", "Holidays")] {
            try server.makeCalendar(name, displayName: shown)
            try server.put(name, "x.ics", calDAVItem(name, day: 3))
        }
        Self.configureWork(server, "/me/", "include = [\"Work\", \"family\"]\nexclude = [\"Family\"]\n")
        let events = try server.busylifeRun(["events", "work", "--format", "json"])
        #expect(events.status == 0, "\(events.stderr)")
        #expect(Self.uids(events) == ["w"])
        Self.configureWork(server, "/me/", "exclude = [\"Work\"]\n")
        let others = try server.busylifeRun(["events", "work", "--format", "json", "--refresh"])
        #expect(Self.uids(others) == ["f", "h"])
    }

    /// window fetches only what touches the span around now.
    @Test func aWindowFetchesOnlyAroundNow() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        for (uid, offset) in [("past", -5), ("now", 0), ("future", 5)] {
            let item = calDAVItem(uid, day: 10).replacingOccurrences(of: "2026", with: String(year + offset))
            try server.put("work", uid + ".ics", item)
        }
        Self.configureWork(server, "/me/work/", "window = \"-1y..+2y\"\n")
        let setUp = server.transfers().requests
        let events = try server.busylifeRun(["events", "work", "--format", "json"])
        #expect(events.status == 0, "\(events.stderr)")
        #expect(Self.uids(events) == ["now"])
        // What the address is, with its tokens; the window's ETags; the one item in it.
        #expect(server.transfers().requests == setUp + 3)
        let convert = try server.busylifeRun(["convert", "work", "-o", server.folder.path("backup.ics"), "--offline"])
        #expect(convert.status == 0, "\(convert.stderr)")
        let backup = try String(contentsOfFile: server.folder.path("backup.ics"), encoding: .utf8)
        #expect(backup.contains("UID:now") && !backup.contains("UID:past"))
    }

    /// `conflicts --between-inputs` credits a CalDAV source's events to the
    /// source (by its name; a web address by its printed name, never
    /// whole), not to each cached item: the calendar's own overlap is left
    /// out, and every pair names the source and the file.
    @Test func conflictsBetweenASourceAndAFileNameTheSource() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        for (name, day) in [("a", 3), ("b", 3), ("c", 5)] {
            server.folder.write("storage/collection-root/me/work/\(name).ics", calDAVItem(name, day: day))
        }
        // Overlaps a and b on the 3rd and c on the 5th.
        let mine = calDAVItem("m1", day: 3).replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
            + "BEGIN:VEVENT" + calDAVItem("m2", day: 5).components(separatedBy: "BEGIN:VEVENT")[1]
        server.folder.write("mine.ics", mine)
        let file = server.folder.path("mine.ics")
        let address = server.url("/me/work/")
        let pairs = ["conflicts", "--between-inputs", "--format", "ndjson"] + Self.november
        let unnamed = try server.busylifeRun(pairs + [address, file])
        Self.configureWork(server, "/me/work/")
        let named = try server.busylifeRun(pairs + ["work", file])
        for (run, source) in [(unnamed, "127.0.0.1/…/work"), (named, "work")] {
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == 3, "\(run.stdout)")
            for line in lines {
                #expect(line.contains("\"input\":\"\(source)\"") && line.contains("\"input\":\"\(file)\""), "\(line)")
            }
            #expect(!run.stdout.contains(address) && !run.stdout.contains("cache"))
        }
    }
}
