import Foundation
import Testing

/// `busylife serve` keeps what reading the sources gave and settles each
/// window from it (docs/serve.md): a watched file that changes is read
/// again, one that did not is not.
@Suite(.serialized) struct ServeReadingCLITests {
    static let flags = ["--today", "2026-11-22", "--tz", "UTC"]

    /// One event on 2026-11-22 titled `title`, in the calendar `name`.
    static func calendar(_ title: String, name: String = "Home") -> String {
        "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//t//t//EN\nX-WR-CALNAME:\(name)\nBEGIN:VEVENT\nUID:a@t\n"
            + "DTSTAMP:20260101T000000Z\nDTSTART:20261122T150000Z\nDTEND:20261122T160000Z\nSUMMARY:\(title)\n"
            + "END:VEVENT\nEND:VCALENDAR\n"
    }

    /// Writes `text` and gives the file the same time each write, so that
    /// only its size and contents tell the writes apart.
    static func write(_ folder: ScratchFolder, _ name: String, _ text: String) throws {
        folder.write(name, text)
        let time = Date(timeIntervalSince1970: 1_790_000_000)
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: folder.path(name))
    }

    /// The reading is kept between requests: a file rewritten with the
    /// same size and time is not looked at again (what a change is, is
    /// what `serve` watches).
    @Test func anUnchangedFileIsNotReadAgain() throws {
        let folder = ScratchFolder()
        try Self.write(folder, "cal.ics", Self.calendar("Before"))
        let server = try ServeProcess([folder.path("cal.ics")] + Self.flags)
        #expect(try server.get("/api/days?from=2026-11-22&to=2026-11-22").body.contains("\"title\":\"Before\""))
        try Self.write(folder, "cal.ics", Self.calendar("Behind"))
        Thread.sleep(forTimeInterval: 1.1)
        let reply = try server.get("/api/days?from=2026-11-22&to=2026-11-22")
        #expect(reply.body.contains("\"title\":\"Before\""))
        // A real change is seen: the reading kept is the file's new contents.
        try Self.write(folder, "cal.ics", Self.calendar("Behind, moved"))
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try server.get("/api/days?from=2026-11-22&to=2026-11-22").body.contains("\"title\":\"Behind, moved\""))
    }

    /// A file added to a watched folder after the reading was kept is read
    /// with the others, and a removed event is gone.
    @Test func aFolderChangedAfterTheReadingWasKeptIsReadAgain() throws {
        let folder = ScratchFolder()
        folder.write("cals/one.ics", Self.calendar("First"))
        let server = try ServeProcess([folder.path("cals")] + Self.flags)
        let before = try server.get("/api/days?from=2026-11-22&to=2026-11-22").body
        #expect(before.contains("\"title\":\"First\""))
        #expect(try server.get("/api/days?from=2026-11-22&to=2026-11-22").body == before)
        Thread.sleep(forTimeInterval: 1.1)
        folder.write("cals/two.ics", Self.calendar("Second", name: "Work").replacingOccurrences(of: "UID:a@t", with: "UID:b@t"))
        try FileManager.default.removeItem(atPath: folder.path("cals/one.ics"))
        Thread.sleep(forTimeInterval: 1.1)
        let after = try server.get("/api/days?from=2026-11-22&to=2026-11-22").body
        #expect(after.contains("\"title\":\"Second\""))
        #expect(!after.contains("\"title\":\"First\""))
        let run = try busylife(["days", folder.path("cals")] + Self.flags + ["--from", "2026-11-22", "--to", "2026-11-22"])
        #expect(after == run.stdout)
    }

    /// After a change, every request sees the new reading, whichever asks
    /// first: the page's `/api/meta` (the calendars' names), then windows.
    @Test func everyRequestAfterAChangeSeesTheNewData() throws {
        let folder = ScratchFolder()
        folder.write("cal.ics", Self.calendar("Before", name: "Home"))
        let server = try ServeProcess([folder.path("cal.ics")] + Self.flags)
        #expect(try server.get("/api/meta").body.contains("\"name\":\"Home\""))
        #expect(try server.get("/api/days?from=2026-11-22&to=2026-11-22").body.contains("\"title\":\"Before\""))
        Thread.sleep(forTimeInterval: 1.1)
        folder.write("cal.ics", Self.calendar("After", name: "Away"))
        Thread.sleep(forTimeInterval: 1.1)
        let meta = try server.get("/api/meta").body
        #expect(meta.contains("\"name\":\"Away\""))
        #expect(!meta.contains("\"name\":\"Home\""))
        for _ in 0..<2 {
            let body = try server.get("/api/days?from=2026-11-22&to=2026-11-22").body
            #expect(body.contains("\"title\":\"After\""))
            #expect(!body.contains("\"title\":\"Before\""))
        }
        let run = try busylife(["days", folder.path("cal.ics")] + Self.flags + ["--from", "2026-11-22", "--to", "2026-11-22"])
        #expect(try server.get("/api/days?from=2026-11-22&to=2026-11-22").body == run.stdout)
    }
}
