import EventModel
import Foundation
import Import
import TestSupport
import Testing

/// A folder of our own in the temporary directory, removed at the end.
final class Folder {
    let root: URL

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-walk-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    func write(_ relative: String, _ text: String) {
        let url = root.appendingPathComponent(relative)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: url)
    }

    func mkdir(_ relative: String) {
        try! FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    /// A symbolic link at `relative` whose text is `target`.
    func link(_ relative: String, to target: String) {
        try! FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: target)
    }

    func fifo(_ relative: String) {
        #expect(mkfifo(path(relative), 0o644) == 0)
    }
}

func oneEvent(_ uid: String, calendarName: String? = nil) -> String {
    ics((calendarName.map { ["X-WR-CALNAME:\($0)"] } ?? []) + vevent(uid, ["DTSTART:20260101T100000Z", "DURATION:PT1H"]))
}

@Suite struct DirectoryWalkTests {
    @Test func followsALinkToADirectoryGivenAsInput() {
        let folder = Folder()
        folder.write("real/a.ics", oneEvent("a"))
        folder.link("cal", to: "real")
        let result = importPaths([folder.path("cal")])
        #expect(result.report.files == 1)
        #expect(result.events.map(\.uid) == ["a"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func followsLinksToFoldersAndFilesInside() {
        let folder = Folder()
        folder.write("elsewhere/b.ics", oneEvent("b"))
        folder.write("elsewhere/folder/c.ics", oneEvent("c"))
        folder.mkdir("cal")
        folder.link("cal/b.ics", to: "../elsewhere/b.ics")
        folder.link("cal/more", to: "../elsewhere/folder")
        let result = importPaths([folder.path("cal")])
        #expect(result.events.map(\.uid) == ["b", "c"])
        #expect(result.events.map(\.source.file) == [folder.path("cal/b.ics"), folder.path("cal/more/c.ics")])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func readsEveryCalendarExtensionInAnyCaseSortedAndSkipsHidden() {
        let folder = Folder()
        folder.write("d.ICS", oneEvent("d"))
        folder.write("c.ical", oneEvent("c"))
        folder.write("b.ifb", oneEvent("b"))
        folder.write("a/e.Json", #"[{"title": "e", "startDate": 10, "endDate": 20}]"#)
        folder.write("notes.txt", "not a calendar")
        folder.write(".hidden.ics", oneEvent("hidden"))
        folder.write(".git/x.ics", oneEvent("x"))
        let result = importPaths([folder.root.path])
        #expect(result.report.files == 4)
        #expect(result.events.map(\.source.file).map { ($0 as NSString).lastPathComponent } == ["e.Json", "b.ifb", "c.ical", "d.ICS"])
        #expect(!result.events.contains { ["hidden", "x"].contains($0.uid) })
    }

    /// Names are read in the order `String`'s `<` gives them, whether they
    /// are all ASCII (sorted by their bytes) or not.
    @Test(arguments: [false, true]) func filesAreReadInTheirNamesOrder(withAccents: Bool) {
        let folder = Folder()
        var names = ["event-0001.ics", "event-00010.ics", "event-0001a.ics", "event-000.ics", "Event-1.ics", "a.ics",
                     "a-b.ics", "a_b.ics", "A.ics", "abcdefgh.ics", "abcdefgh", "abcdefg.ics", "z.ICS", "0.ics", "~.ics"]
        if withAccents { names += ["é.ics", "e\u{301}x.ics", "Ω.ics"] }
        for (index, name) in names.enumerated() { folder.write("cal/" + name, oneEvent("u\(index)")) }
        let result = importPaths([folder.path("cal")])
        let read = result.events.map { ($0.source.file as NSString).lastPathComponent }
        #expect(read == names.filter { $0 != "abcdefgh" }.sorted())
        #expect(result.diagnostics.isEmpty)
    }

    @Test func reportsEachLoopOnceAndStillReadsTheRest() {
        let folder = Folder()
        folder.write("cal/a.ics", oneEvent("a"))
        folder.write("cal/sub/b.ics", oneEvent("b"))
        folder.link("cal/sub/up", to: "..")
        folder.link("cal/sub/again", to: "../sub")
        folder.link("cal/self.ics", to: "self.ics")
        let result = importPaths([folder.path("cal")])
        #expect(result.events.map(\.uid) == ["a", "b"])
        let loops = result.diagnostics.filter { $0.kind == .symlinkLoop }
        #expect(loops.map(\.source.file) == [folder.path("cal/self.ics"), folder.path("cal/sub/again"), folder.path("cal/sub/up")])
        #expect(loops.allSatisfy { $0.severity == .warning })
        #expect(result.report.unreadable == 0)
    }

    /// A link that leads out of the input (to its parent) comes back in
    /// through a plain folder: that folder is named as reached again, not
    /// as a link with an unknown target.
    @Test func aLinkOutOfTheInputThatComesBackIsReportedOnce() {
        let folder = Folder()
        folder.write("top/cal/a.ics", oneEvent("a"))
        folder.link("top/cal/out", to: "..")
        let result = importPaths([folder.path("top/cal")])
        #expect(result.events.map(\.uid) == ["a"])
        let loops = result.diagnostics.filter { $0.kind == .symlinkLoop }
        #expect(loops.map(\.source.file) == [folder.path("top/cal/out/cal")])
        #expect(loops.map(\.message) == ["folder already being read, reached again through a symbolic link above it; not followed"])
    }

    /// Two ways to one folder and one file: each is read once, under its first path.
    @Test func aFileReachedTwiceIsReadOnce() {
        let folder = Folder()
        folder.write("cal/real/a.ics", oneEvent("a"))
        folder.link("cal/alias", to: "real")
        folder.link("cal/real/b.ics", to: "a.ics")
        let result = importPaths([folder.path("cal")])
        #expect(result.events.map(\.source.file) == [folder.path("cal/alias/a.ics")])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func reportsDanglingLinksToCalendarFilesOnly() {
        let folder = Folder()
        folder.write("cal/a.ics", oneEvent("a"))
        folder.link("cal/gone.ics", to: "nowhere.ics")
        folder.link("cal/lock", to: "nowhere")
        let result = importPaths([folder.path("cal")])
        #expect(result.events.count == 1)
        #expect(result.diagnostics.map(\.kind) == [.danglingLink])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first?.source.file == folder.path("cal/gone.ics"))
    }

    /// A named pipe called x.ics in a directory would block a reader that
    /// opened it: it is reported, never opened.
    @Test func aNamedPipeIsReportedNotOpened() {
        let folder = Folder()
        folder.write("cal/a.ics", oneEvent("a"))
        folder.fifo("cal/pipe.ics")
        let result = importPaths([folder.path("cal")])
        #expect(result.events.count == 1)
        #expect(result.diagnostics.map(\.kind) == [.notRegularFile])
        #expect(result.diagnostics.first?.severity == .warning)
    }

    @Test func anUnreadableFolderIsAnError() throws {
        guard geteuid() != 0 else {
            print("skipped: root reads any folder (the CLI test runs this case as nobody)")
            return
        }
        let folder = Folder()
        folder.write("cal/a.ics", oneEvent("a"))
        folder.write("cal/locked/b.ics", oneEvent("b"))
        chmod(folder.path("cal/locked"), 0)
        defer { chmod(folder.path("cal/locked"), 0o755) }
        let result = importPaths([folder.path("cal")])
        #expect(result.events.count == 1)
        #expect(result.report.unreadable == 1)
        #expect(result.diagnostics.map(\.kind) == [.unreadable])
        #expect(result.diagnostics.first?.severity == .error)
    }

    @Test func aFolderWithoutCalendarFilesIsUnreadable() {
        let folder = Folder()
        folder.write("cal/readme.txt", "hello")
        let result = importPaths([folder.path("cal")])
        #expect(result.report.unreadable == 1)
        #expect(result.diagnostics.first?.message.contains("no calendar file") == true)
    }

    @Test func aCalendarWithoutEventsIsValid() {
        let result = importText([("empty.ics", ics(["PRODID:-//x//y//EN"]))])
        #expect(result.report.files == 1)
        #expect(result.report.events == 0)
        #expect(result.report.unreadable == 0)
        #expect(result.diagnostics.isEmpty)
    }
}

@Suite struct VdirCollectionTests {
    /// Two collections of one display name and different colours, their
    /// files read among each other's: the first colour stays.
    @Test func aNameOfTwoColoursKeepsTheFirst() {
        let folder = Folder()
        for (name, color) in [("a", "#FF0000"), ("b", "#0000FF")] {
            folder.write("vdir/\(name)/displayname", "Work\n")
            folder.write("vdir/\(name)/color", color + "\n")
            for n in 0..<3 { folder.write("vdir/\(name)/\(n).ics", oneEvent("\(name)\(n)")) }
        }
        let result = importPaths([folder.path("vdir")])
        #expect(result.events.count == 6)
        #expect(result.report.calendarColors == ["Work": CalendarColor(red: 255, green: 0, blue: 0)])
    }

    @Test func aDisplayNameAndColourNameTheCollection() {
        let folder = Folder()
        folder.write("vdir/work/a.ics", oneEvent("a", calendarName: "Ignored"))
        folder.write("vdir/work/displayname", "Work stuff\n")
        folder.write("vdir/work/color", "#FF8800\n")
        folder.write("vdir/home/b.ics", oneEvent("b"))
        folder.write("vdir/home/color", "#00aa0080")
        folder.write("vdir/loose/c.ics", oneEvent("c", calendarName: "Named"))
        folder.write("vdir/loose/d.ics", oneEvent("d"))
        let result = importPaths([folder.path("vdir")])
        #expect(result.diagnostics.isEmpty)
        #expect(result.event("a")?.calendar == "Work stuff")
        #expect(result.event("b")?.calendar == "home")
        #expect(result.event("c")?.calendar == "Named")
        #expect(result.event("d")?.calendar == "d")
        #expect(result.report.calendars == ["Work stuff", "home", "Named", "d"])
        #expect(result.report.calendarColors == ["Work stuff": CalendarColor(red: 255, green: 136, blue: 0),
                                                 "home": CalendarColor(red: 0, green: 170, blue: 0)])
    }

    /// The collection folder given directly, through a link: its name is the link's.
    @Test func aCollectionGivenAsInputThroughALink() {
        let folder = Folder()
        folder.write("store/x1/a.ics", oneEvent("a"))
        folder.write("store/x1/color", "#123456")
        folder.link("Family", to: "store/x1")
        let result = importPaths([folder.path("Family") + "/"])
        #expect(result.event("a")?.calendar == "Family")
        #expect(result.report.calendarColors["Family"] == CalendarColor(red: 0x12, green: 0x34, blue: 0x56))
    }

    @Test func aColourThatIsNotOneIsANote() {
        let folder = Folder()
        folder.write("cal/a.ics", oneEvent("a"))
        folder.write("cal/color", "orange")
        let result = importPaths([folder.path("cal")])
        #expect(result.event("a")?.calendar == "cal")
        #expect(result.report.calendarColors.isEmpty)
        #expect(result.diagnostics.map(\.severity) == [.note])
        #expect(result.report.diagnosticCount == 0)
    }

    @Test func coloursAreParsed() {
        #expect(CalendarColor(parsing: " #abc ") == CalendarColor(red: 0xaa, green: 0xbb, blue: 0xcc))
        #expect(CalendarColor(parsing: "#0A0b0C") == CalendarColor(red: 10, green: 11, blue: 12))
        #expect(CalendarColor(parsing: "#0A0b0CFF")?.description == "#0a0b0c")
        #expect(CalendarColor(parsing: "0A0b0C") == nil)
        #expect(CalendarColor(parsing: "#0A0b0") == nil)
        #expect(CalendarColor(parsing: "#zzzzzz") == nil)
    }
}
