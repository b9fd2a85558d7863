import EventModel
import Foundation
import Import
import TestSupport
import Testing

/// A vdir's many small files are read without a thread of their own each:
/// the events, diagnostics and counts must be those of reading each file
/// alone, in the folder's order.
@Suite struct VdirReadingTests {
    @Test func smallFilesAreReadWithoutASecondThread() {
        #expect(!Importer.readsConcurrently(size: 0))
        #expect(!Importer.readsConcurrently(size: 2_000))
        #expect(!Importer.readsConcurrently(size: Importer.smallFileBytes - 1))
        #expect(Importer.readsConcurrently(size: Importer.smallFileBytes))
        // A pipe or standard input: its size is not known.
        #expect(Importer.readsConcurrently(size: nil))
    }

    /// One-event files as vdirsyncer writes them (each with its
    /// VTIMEZONE), and among them files with problems, a zone defined
    /// after its event, an override, a file that is no calendar and a
    /// large file.
    static func vdir() -> Folder {
        let folder = Folder()
        let berlin = ["BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000",
                      "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
                      "END:STANDARD", "END:VTIMEZONE"]
        let custom = ["BEGIN:VTIMEZONE", "TZID:Customized Time Zone", "BEGIN:STANDARD", "DTSTART:16010101T000000",
                      "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "END:STANDARD", "END:VTIMEZONE"]
        for n in 0..<60 {
            let uid = String(format: "item-%02d", n)
            var lines: [String]
            switch n % 6 {
            case 0: lines = berlin + vevent(uid, ["DTSTART;TZID=Europe/Berlin:20261110T0900\(n % 6)0", "DURATION:PT1H"])
            case 1: lines = vevent(uid, ["DTSTART;TZID=Customized Time Zone:20261111T100000", "DURATION:PT1H"]) + custom
            case 2: lines = vevent(uid, ["DTSTART;TZID=Nowhere/Land:20261112T100000", "DURATION:PT30M"])
            case 3: lines = berlin + vevent(uid, ["DTSTART;TZID=Europe/Berlin:20261101T080000", "DURATION:PT1H",
                                                  "RRULE:FREQ=WEEKLY;COUNT=4"])
                + vevent(uid, ["RECURRENCE-ID;TZID=Europe/Berlin:20261108T080000",
                               "DTSTART;TZID=Europe/Berlin:20261108T090000", "DURATION:PT1H"])
            case 4: lines = vevent(uid, ["DTSTART:2026111", "SUMMARY:No valid start"])
            default: lines = custom + vevent(uid, ["DTSTART;VALUE=DATE:20261113", "X-LONG:" + String(repeating: "x", count: 90)])
            }
            folder.write("cal/\(uid).ics", ics(lines))
        }
        folder.write("cal/notes.ics", "<html><body>not a calendar</body></html>\n")
        let many = (0..<400).flatMap { vevent("big-\($0)", ["DTSTART:20261115T\(10 + $0 % 10)0000Z", "DURATION:PT1H",
                                                             "DESCRIPTION:" + String(repeating: "filler ", count: 30)]) }
        folder.write("cal/zz-large.ics", ics(many))
        return folder
    }

    static func describe(events: [Event]) -> [String] {
        events.map { "\($0.uid) \($0.calendar) \($0.start) \($0.source.file):\($0.source.line)" }
    }

    @Test func aFolderReadsAsItsFilesOneByOne() throws {
        let folder = VdirReadingTests.vdir()
        let large = try #require(try FileManager.default.attributesOfItem(atPath: folder.path("cal/zz-large.ics"))[.size] as? Int)
        #expect(large >= Importer.smallFileBytes)
        let together = importPaths([folder.path("cal")])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("cal")).sorted()
        var alone: [String] = []
        var aloneDiagnostics: [String] = []
        var report = ImportReport()
        for name in files {
            let one = importPaths([folder.path("cal/" + name)])
            alone += VdirReadingTests.describe(events: one.events)
            aloneDiagnostics += one.diagnostics.map(\.description)
            report.files += one.report.files
            report.events += one.report.events
            report.errors += one.report.errors
            report.warnings += one.report.warnings
        }
        #expect(together.events.count > 400)
        #expect(VdirReadingTests.describe(events: together.events) == alone)
        #expect(together.diagnostics.map(\.description) == aloneDiagnostics)
        #expect(together.report.files == report.files)
        #expect(together.report.events == report.events)
        #expect(together.report.errors == report.errors && together.report.warnings == report.warnings)
        #expect(together.report.zones.count == 40)
    }

    /// A file found large, empty or unreadable only once read (its
    /// listing does not say) is read in its turn as any such file is:
    /// the same events, diagnostics and zone uses, in the same order.
    @Test func aLargeOrEmptyFileAmongSmallOnesIsReadInItsTurn() throws {
        let folder = VdirReadingTests.vdir()
        try FileManager.default.copyItem(atPath: folder.path("cal/zz-large.ics"), toPath: folder.path("cal/item-30-large.ics"))
        folder.write("cal/item-40-empty.ics", "")
        folder.write("cal/item-41-blank.ics", "\n")
        let together = importPaths([folder.path("cal")])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("cal")).sorted()
        var alone: [String] = []
        var aloneDiagnostics: [String] = []
        var zones: [String] = []
        var counted = 0
        for name in files {
            let one = importPaths([folder.path("cal/" + name)])
            alone += VdirReadingTests.describe(events: one.events)
            aloneDiagnostics += one.diagnostics.map(\.description)
            zones += one.report.zones.map { "\($0.file) \($0.tzid)" }
            counted += one.report.files
        }
        #expect(together.events.count > 800)
        #expect(VdirReadingTests.describe(events: together.events) == alone)
        #expect(together.diagnostics.map(\.description) == aloneDiagnostics)
        #expect(together.diagnostics.contains { $0.description.contains("item-40-empty.ics") })
        #expect(together.report.zones.map { "\($0.file) \($0.tzid)" } == zones)
        #expect(together.report.files == counted)
    }

    /// Files are read a few at a time, ahead of the one handed on: a read
    /// stopped after any event hands on nothing after it, whichever file
    /// of a piece that event came from.
    @Test func aReadStoppedAfterAnEventHandsOnNothingMore() {
        let folder = VdirReadingTests.vdir()
        let all = importPaths([folder.path("cal")])
        let uids = all.events.map(\.uid)
        #expect(Importer.smallFilesPerPiece > 1)
        for stop in [1, 7, 8, 9, 17, 33] {
            var heard: [String] = []
            _ = Importer().read([folder.path("cal")], event: { (found: consuming Event) in
                heard.append(found.uid)
                return heard.count < stop
            }, diagnostic: { _ in })
            #expect(heard == Array(uids.prefix(stop)))
        }
    }
}
