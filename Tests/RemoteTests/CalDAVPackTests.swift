import Foundation
import Testing
@testable import RemoteCore

/// A CalDAV calendar's items in packs (`CalDAVStore.writePacks`): a few
/// files, one changed item rewriting its pack only, packs growing, the
/// layout of one file per item moved into packs, and a pack left by a
/// sync that did not finish noticed.
@Suite struct CalDAVPackTests {
    /// A cache folder of its own, and a store in it.
    static func store() -> CalDAVStore {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-packs-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return CalDAVStore(cache: RemoteCache(folder: folder), key: "source")
    }

    static func item(_ n: Int, _ summary: String = "Item") -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:u\(n)", "DTSTART:20261103T090000Z", "SUMMARY:\(summary) \(n)",
         "END:VEVENT", "END:VCALENDAR"].joined(separator: "\r\n") + "\r\n"
    }

    static func href(_ n: Int) -> String { "/me/work/item\(n).ics" }

    /// `count` items written into a new calendar's packs.
    static func calendar(_ store: CalDAVStore, count: Int) throws -> CalendarState {
        try store.create()
        var calendar = CalendarState(href: "/me/work/", displayName: "Work")
        var fresh: [String: String] = [:]
        for n in 0..<count {
            fresh[href(n)] = item(n)
            calendar.items[href(n)] = "\"e\(n)\""
        }
        try store.writePacks(&calendar, fresh: fresh)
        return calendar
    }

    static func files(_ store: CalDAVStore, _ calendar: CalendarState) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store.base + "/" + calendar.folder)) ?? []).sorted()
    }

    static func inode(_ path: String) -> UInt64 {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : 0
    }

    /// Every item's text is where the state's line says, and nowhere else.
    static func expectItemsAtTheirLines(_ store: CalDAVStore, _ calendar: CalendarState, _ text: (Int) -> String) {
        let count = calendar.packs ?? 0
        for (href, line) in calendar.lines ?? [:] {
            let n = Int(href.dropFirst("/me/work/item".count).dropLast(4))!
            let name = CalDAVStore.packName(CalDAVStore.pack(of: href, count: count), count: count)
            let pack = (try? String(contentsOfFile: store.base + "/" + calendar.folder + "/" + name, encoding: .utf8)) ?? ""
            let lines = pack.components(separatedBy: "\r\n")
            let own = text(n).components(separatedBy: "\r\n").dropLast()
            #expect(Array(lines[(line - 1)..<(line - 1 + own.count)]) == Array(own), "\(href) at \(line) of \(name)")
            #expect(pack.components(separatedBy: "UID:u\(n)\r\n").count == 2)
        }
        #expect((calendar.lines ?? [:]).count == calendar.items.count)
    }

    @Test func itemsGoIntoAFewPacksAndAChangeRewritesItsPackOnly() throws {
        let store = Self.store()
        var calendar = try Self.calendar(store, count: 1000)
        #expect(calendar.packs == 4)
        #expect(Self.files(store, calendar) == (0..<4).map { CalDAVStore.packName($0, count: 4) }.sorted())
        Self.expectItemsAtTheirLines(store, calendar) { Self.item($0) }
        let folder = store.base + "/" + calendar.folder + "/"
        let before = Dictionary(uniqueKeysWithValues: Self.files(store, calendar).map { ($0, Self.inode(folder + $0)) })
        calendar.items[Self.href(7)] = "\"changed\""
        try store.writePacks(&calendar, fresh: [Self.href(7): Self.item(7, "Moved")])
        let changed = CalDAVStore.packName(CalDAVStore.pack(of: Self.href(7), count: 4), count: 4)
        for (name, inode) in before { #expect((Self.inode(folder + name) != inode) == (name == changed), "\(name)") }
        Self.expectItemsAtTheirLines(store, calendar) { $0 == 7 ? Self.item(7, "Moved") : Self.item($0) }
        calendar.items[Self.href(9)] = nil
        try store.writePacks(&calendar, fresh: [:])
        #expect(calendar.lines?[Self.href(9)] == nil)
        Self.expectItemsAtTheirLines(store, calendar) { $0 == 7 ? Self.item(7, "Moved") : Self.item($0) }
        #expect(store.packsAreWhole(calendar))
    }

    @Test func packsGrowWhenTheyHoldTwiceWhatTheyShould() throws {
        let store = Self.store()
        var calendar = try Self.calendar(store, count: 100)
        #expect(calendar.packs == 1)
        var fresh: [String: String] = [:]
        for n in 100..<600 {
            fresh[Self.href(n)] = Self.item(n)
            calendar.items[Self.href(n)] = "\"e\(n)\""
        }
        try store.writePacks(&calendar, fresh: fresh)
        #expect(calendar.packs == 4)
        Self.expectItemsAtTheirLines(store, calendar) { Self.item($0) }
        var state = CalDAVState(printed: "host/work", isAccount: false, root: "/me/work/")
        state.calendars = [calendar]
        #expect(Self.files(store, calendar).count == 5)
        store.removeStrays(state)
        #expect(Self.files(store, calendar) == (0..<4).map { CalDAVStore.packName($0, count: 4) }.sorted())
        #expect(state.files == Set((0..<4).map { calendar.folder + "/" + CalDAVStore.packName($0, count: 4) }))
    }

    /// A cache from before packs: one file per item, read as they are,
    /// then moved into packs (an item whose file is gone is fetched again).
    @Test func itemsStoredOneFileEachMoveIntoPacks() throws {
        let store = Self.store()
        try store.create()
        var calendar = CalendarState(href: "/me/work/", displayName: "Work")
        calendar.syncToken = "token"
        try store.create(calendar: calendar.folder)
        for n in 0..<50 {
            calendar.items[Self.href(n)] = "\"e\(n)\""
            if n != 3 { FileManager.default.createFile(atPath: store.itemPath(calendar, Self.href(n)), contents: Data(Self.item(n).utf8)) }
        }
        var state = CalDAVState(printed: "host/work", isAccount: false, root: "/me/work/")
        state.calendars = [calendar]
        #expect(state.files.count == 50)
        #expect(state.shownNames[calendar.folder + "/" + CalDAVStore.key(Self.href(5)) + ".ics"] == "Work/item5.ics")
        try store.writePacks(&calendar, fresh: [:])
        #expect(calendar.packs == 1 && calendar.items.count == 49 && calendar.items[Self.href(3)] == nil)
        #expect(calendar.syncToken == nil)
        Self.expectItemsAtTheirLines(store, calendar) { Self.item($0) }
        state.calendars = [calendar]
        store.removeStrays(state)
        #expect(Self.files(store, calendar) == [CalDAVStore.packName(0, count: 1)])
        let parts = state.shownParts[calendar.folder + "/" + CalDAVStore.packName(0, count: 1)] ?? []
        #expect(parts.count == 49 && parts.first?.line == 1 && parts.contains { $0.name == "Work/item5.ics" })
    }

    @Test func aPackOfAnotherSizeThanWrittenIsNoticed() throws {
        let store = Self.store()
        let calendar = try Self.calendar(store, count: 10)
        #expect(store.packsAreWhole(calendar))
        let path = store.base + "/" + calendar.folder + "/" + CalDAVStore.packName(0, count: 1)
        FileManager.default.createFile(atPath: path, contents: Data(Self.item(1).utf8))
        #expect(!store.packsAreWhole(calendar))
    }

    /// An item's name: its href's last segment, decoded unless that would
    /// show a slash, a control character or what is not UTF-8.
    @Test func anItemIsNamedByItsHrefsLastSegment() {
        let cases = ["/me/work/dinner%20one.ics": "dinner one.ics", "/me/work/caf%C3%A9.ics": "café.ics",
                     "/me/work/a%2Fb.ics": "a%2Fb.ics", "/me/work/bell%07.ics": "bell%07.ics", "/me/work/c1%C2%85.ics": "c1%C2%85.ics",
                     "/me/work/%zz.ics": "%zz.ics", "/me/work/bad%FF.ics": "bad%FF.ics", "/me/work/": "work", "plain.ics": "plain.ics",
                     "/me/work/u%40host.ics": "u@host.ics"]
        for (href, name) in cases { #expect(CalDAVState.lastSegment(href) == name, "\(href)") }
    }
}
