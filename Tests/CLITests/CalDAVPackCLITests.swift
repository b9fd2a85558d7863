import Foundation
import Testing

/// A CalDAV cache's layout over time: a cache of one file per item (as
/// busylife wrote before packs) read offline and moved into packs by the
/// next sync; a pack a sync did not finish noticed and fetched again.
@Suite(.serialized, .enabled(if: CalDAVServer.missing(.radicale) == nil,
                             "Radicale is not installed in .venv (scripts/setup.sh installs it): CalDAV tests skipped"))
struct CalDAVPackCLITests {
    /// Rewrites the cache's packs as one file per item named by a digest
    /// of the href, and the state as it was before packs.
    static let unpack = #"""
import glob, hashlib, json, os, sys
for path in glob.glob(os.path.join(sys.argv[1], "*.state.json")):
    state = json.load(open(path))
    base = path[:-len(".state.json")]
    for calendar in state["calendars"]:
        folder = os.path.join(base, calendar["folder"] if "folder" in calendar else hashlib.sha256(calendar["href"].encode()).hexdigest()[:32])
        texts = {}
        for name in calendar.pop("packBytes"):
            lines = open(os.path.join(folder, name), "rb").read().split(b"\n")
            os.unlink(os.path.join(folder, name))
            index = int(name.split("-")[2].split(".")[0])
            starts = sorted((line, href) for href, line in calendar["lines"].items()
                            if int(hashlib.sha256(href.encode()).hexdigest()[:8], 16) % calendar["packs"] == index)
            for (line, href), following in zip(starts, starts[1:] + [(len(lines), None)]):
                texts[href] = b"\n".join(lines[line - 1:following[0] - 1]) + b"\n"
        for href, text in texts.items():
            open(os.path.join(folder, hashlib.sha256(href.encode()).hexdigest()[:32] + ".ics"), "wb").write(text)
        del calendar["lines"], calendar["packs"]
    json.dump(state, open(path, "w"))
"""#

    /// The events of `events --format json`, one a line, sorted.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("{") }.map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }.sorted()
    }

    static func files(_ server: CalDAVServer) -> [String] {
        let cache = server.folder.path("cache/busylife/caldav")
        return ((FileManager.default.enumerator(atPath: cache)?.allObjects as? [String]) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
    }

    @Test func aCacheOfAFileEachIsReadThenMovedIntoPacks() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        let storage = "storage/collection-root/me/work/"
        for index in 0..<300 { server.folder.write(storage + "item\(index).ics", calDAVItem("u\(index)", day: 1 + index % 28)) }
        let unknownZone = calDAVItem("dinner", day: 3).replacingOccurrences(of: "DTSTART:20261103T090000Z", with: "DTSTART;TZID=Mars/Olympus:20261103T090000")
        server.folder.write(storage + "dinner.ics", unknownZone)
        CalDAVCLITests.configureWork(server, "/me/work/")
        #expect(try server.busylifeRun(["sync"]).status == 0)
        let packed = Self.files(server)
        #expect(packed.count == 2 && packed.allSatisfy { $0.contains("/pack-2-") }, "\(packed)")
        let before = try server.busylifeRun(["events", "work", "--format", "json", "--offline"])
        #expect(CalDAVCLITests.uids(before).count == 301)
        #expect(before.stderr.contains("work/Work/dinner.ics:6: warning: unknown time zone"), "\(before.stderr)")
        #expect(before.stdout.contains("\"source\":{\"file\":\"work/Work/item7.ics\",\"line\":4}"), "\(before.stdout)")

        let python = CalDAVServer.python
        let unpacking = Process()
        unpacking.executableURL = URL(filePath: python)
        unpacking.arguments = ["-c", Self.unpack, server.folder.path("cache/busylife/caldav")]
        try unpacking.run()
        unpacking.waitUntilExit()
        #expect(unpacking.terminationStatus == 0)
        #expect(Self.files(server).count == 301 && !Self.files(server).contains { $0.contains("pack-") })
        let unpacked = try server.busylifeRun(["events", "work", "--format", "json", "--offline"])
        // Events come in the order of the files: compared as sets.
        #expect(Self.lines(unpacked.stdout) == Self.lines(before.stdout) && unpacked.stderr == before.stderr, "\(unpacked.stderr)")

        let setUp = server.transfers()
        let sync = try server.busylifeRun(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        // The calendar is unchanged: one request, nothing fetched again.
        #expect(server.transfers().requests == setUp.requests + 1)
        #expect(Self.files(server) == packed)
        let moved = try server.busylifeRun(["events", "work", "--format", "json", "--offline"])
        #expect(Self.lines(moved.stdout) == Self.lines(before.stdout) && moved.stderr == before.stderr, "\(moved.stderr)")
    }

    /// A pack replaced by a sync killed before it wrote the state: the
    /// cache still reads, and the next sync fetches the calendar again.
    @Test func aPackLeftByAnUnfinishedSyncIsFetchedAgain() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        for index in 0..<5 { try server.put("work", "\(index).ics", calDAVItem("u\(index)", day: 2 + index)) }
        CalDAVCLITests.configureWork(server, "/me/work/")
        #expect(try server.busylifeRun(["sync"]).status == 0)
        let pack = try #require(Self.files(server).first)
        let path = server.folder.path("cache/busylife/caldav/" + pack)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try (text + calDAVItem("u9", day: 20)).write(toFile: path, atomically: true, encoding: .utf8)
        let offline = try server.busylifeRun(["events", "work", "--format", "json", "--offline"])
        #expect(CalDAVCLITests.uids(offline) == ["u0", "u1", "u2", "u3", "u4", "u9"])
        // Its lines are no longer those the state knows: its items are named by their calendar.
        #expect(offline.stdout.components(separatedBy: "\"source\":{\"file\":\"work/Work\",").count == 7, "\(offline.stdout)")
        try server.put("work", "5.ics", calDAVItem("u5", day: 9))
        let sync = try server.busylifeRun(["sync"])
        #expect(sync.status == 0 && sync.stdout.contains("6 items changed"), "\(sync.stdout)\(sync.stderr)")
        let events = try server.busylifeRun(["events", "work", "--format", "json", "--offline"])
        #expect(CalDAVCLITests.uids(events) == ["u0", "u1", "u2", "u3", "u4", "u5"])
    }

    /// `convert` backs a CalDAV calendar up as one file: its pack's
    /// VCALENDARs become one, with one VERSION and one PRODID, as Python's
    /// icalendar reads it.
    @Test func aCalendarBackedUpIsOneCalendar() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        for index in 0..<3 { try server.put("work", "\(index).ics", calDAVItem("u\(index)", day: 2 + index)) }
        CalDAVCLITests.configureWork(server, "/me/work/")
        #expect(try server.busylifeRun(["sync"]).status == 0)
        let backup = server.folder.path("backup.ics")
        let run = try server.busylifeRun(["convert", "work", "-o", backup, "--offline"])
        #expect(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOfFile: backup, encoding: .utf8)
        #expect(text.components(separatedBy: "\r\nVERSION:").count == 2 && text.components(separatedBy: "\r\nPRODID:").count == 2, "\(text)")
        let reading = Process()
        reading.executableURL = URL(filePath: CalDAVServer.python)
        reading.arguments = ["-c", "import icalendar, sys; c = icalendar.Calendar.from_ical(open(sys.argv[1], \"rb\").read()); "
                             + "print(type(c.get(\"VERSION\")).__name__, type(c.get(\"PRODID\")).__name__, len(c.walk(\"VEVENT\")))", backup]
        let output = Pipe()
        reading.standardOutput = output
        try reading.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reading.waitUntilExit()
        #expect(said == "vText vText 3\n")
    }

    /// Files left in a calendar's folder by a sync that did not finish
    /// are not the calendar's: `sources` counts what `events` reads, the
    /// files the state names, calendar by calendar.
    @Test func sourcesCountOnlyTheFilesTheStateNames() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        try server.makeCalendar("family", displayName: "Family")
        for index in 0..<3 { try server.put("work", "\(index).ics", calDAVItem("w\(index)", day: 2 + index)) }
        try server.put("family", "f.ics", calDAVItem("f", day: 9))
        CalDAVCLITests.configureWork(server, "/")
        #expect(try server.busylifeRun(["sync"]).status == 0)
        let cache = server.folder.path("cache/busylife/caldav") + "/"
        let workPack = try #require(Self.files(server).first { name in
            ((try? String(contentsOfFile: cache + name, encoding: .utf8)) ?? "").contains("UID:w0")
        })
        let folder = cache + (workPack as NSString).deletingLastPathComponent
        // What a sync that doubled the packs would have written before its state.
        try calDAVItem("stray", day: 12).write(toFile: folder + "/pack-2-1.ics", atomically: true, encoding: .utf8)

        let events = try server.busylifeRun(["events", "work", "--format", "json", "--offline"])
        #expect(CalDAVCLITests.uids(events) == ["f", "w0", "w1", "w2"])
        let sources = try server.busylifeRun(["sources", "--format", "json"])
        #expect(sources.status == 0, "\(sources.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(sources.stdout.utf8)) as? [String: Any])
        let rows = try #require(json["sources"] as? [[String: Any]])
        let items = Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as? String ?? "", $0["items"] as? Int ?? -1) })
        #expect(items == ["work": 4, "Work": 3, "Family": 1], "\(sources.stdout)")
    }
}
