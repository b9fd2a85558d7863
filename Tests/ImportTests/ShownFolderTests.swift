import EventModel
import Foundation
import Import
import TestSupport
import Testing

/// A folder read on behalf of a source (a CalDAV source's cache) names
/// its files as its `ShownFolder` says: never by their paths in it.
@Suite struct ShownFolderTests {
    /// A cache as the CalDAV store writes it: a hashed folder per
    /// calendar with its display name and colour, a hashed file per item.
    static func cache() -> Folder {
        let folder = Folder()
        folder.write("src/c0ffee/displayname", "Family\n")
        folder.write("src/c0ffee/color", "not a colour\n")
        folder.write("src/c0ffee/1a2b.ics", ics(vevent("dinner", ["DTSTART;TZID=Mars/Olympus:20261103T190000", "DURATION:PT1H"])))
        folder.write("src/c0ffee/3c4d.ics", ics(vevent("lunch", ["DTSTART:20261104T120000Z", "DURATION:PT1H"])))
        // Written by a sync that stopped before its state was: no name of its own.
        folder.write("src/c0ffee/5e6f.ics", ics(vevent("late", ["DTSTART:20261105T120000Z", "DURATION:PT1H"])))
        return folder
    }

    static let shown = ShownFolder(name: "work", names: ["c0ffee": "Family", "c0ffee/1a2b.ics": "Family/dinner one.ics",
                                                         "c0ffee/3c4d.ics": "Family/lunch.ics"])

    static func read(_ input: InputSource) -> (events: [Event], diagnostics: [Diagnostic]) {
        var events: [Event] = []
        var diagnostics: [Diagnostic] = []
        _ = Importer().read([input], event: { events.append($0); return true }, diagnostic: { diagnostics.append($0) })
        return (events, diagnostics)
    }

    @Test func itemsAreNamedBySourceCalendarAndItem() {
        let folder = Self.cache()
        let read = Self.read(.folder(folder.path("src") + "/", shown: Self.shown))
        #expect(read.events.map(\.source.file) == ["work/Family/dinner one.ics", "work/Family/lunch.ics", "work/Family"])
        #expect(read.events.allSatisfy { $0.calendar == "Family" })
        let said = read.diagnostics.map(\.description)
        #expect(said.contains { $0.hasPrefix("work/Family/dinner one.ics:5: warning: unknown time zone \"Mars/Olympus\"") }, "\(said)")
        #expect(said.contains { $0.hasPrefix("work/Family: note: colour") }, "\(said)")
        #expect(!said.contains { $0.contains(folder.path("")) || $0.contains("c0ffee") || $0.contains("1a2b") }, "\(said)")
        // The same folder as a path is named by its paths, as before.
        let plain = Self.read(.path(folder.path("src")))
        #expect(plain.events.map(\.source.file) == ["1a2b", "3c4d", "5e6f"].map { folder.path("src/c0ffee/\($0).ics") })
    }

    @Test func aNameIsTheNearestGivenAbove() {
        let shown = Self.shown
        #expect(shown.shown("/c/src/c0ffee/3c4d.ics", root: "/c/src") == "work/Family/lunch.ics")
        #expect(shown.shown("/c/src/c0ffee/3c4d.ics", root: "/c/src//") == "work/Family/lunch.ics")
        #expect(shown.shown("/c/src/c0ffee/color", root: "/c/src") == "work/Family")
        #expect(shown.shown("/c/src/other/x.ics", root: "/c/src") == "work")
        #expect(shown.shown("/c/src", root: "/c/src") == "work")
        #expect(shown.shown("/elsewhere/c0ffee/3c4d.ics", root: "/c/src") == "work")
    }

    @Test func aMissingFolderIsNamedByItsSource() {
        let read = Self.read(.folder("/nonexistent-busylife-cache/src", shown: Self.shown))
        #expect(read.diagnostics.map(\.description) == ["work: error: no such file or directory"])
    }

    /// A pack (several items' VCALENDARs in one file): each event and each
    /// diagnostic is named by its item, with the line counted from the
    /// item's start; only the files the state names are read.
    @Test func itemsOfAPackAreNamedByTheirOwnNameAndLine() {
        let folder = Folder()
        let dinner = ics(vevent("dinner", ["DTSTART;TZID=Mars/Olympus:20261103T190000", "DURATION:PT1H"]))
        let lunch = ics(["X-WR-CALNAME:Lunches"] + vevent("lunch", ["DTSTART:20261104T120000Z", "DURATION:PT1H", "RRULE:FREQ=BOGUS"]))
        folder.write("src/c0ffee/displayname", "Family\n")
        folder.write("src/c0ffee/pack-1-0.ics", dinner + lunch)
        // Left by a sync that did not finish: not the state's, not read.
        folder.write("src/c0ffee/pack-2-0.ics", dinner)
        let lunchLine = dinner.utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let shown = ShownFolder(name: "work", names: ["c0ffee": "Family"],
                                parts: ["c0ffee/pack-1-0.ics": [.init(line: 1, name: "Family/dinner one.ics"),
                                                                .init(line: lunchLine, name: "Family/lunch.ics")]],
                                files: ["c0ffee/pack-1-0.ics"])
        let read = Self.read(.folder(folder.path("src"), shown: shown))
        #expect(read.events.map(\.uid).sorted() == ["dinner", "lunch"])
        #expect(read.events.map(\.source.description).sorted() == ["work/Family/dinner one.ics:3", "work/Family/lunch.ics:4"])
        #expect(Set(read.events.map(\.calendar)) == ["Family"])
        #expect(read.diagnostics.map(\.source.description).sorted() == ["work/Family/dinner one.ics:5", "work/Family/lunch.ics:8"],
                "\(read.diagnostics)")
    }
}
