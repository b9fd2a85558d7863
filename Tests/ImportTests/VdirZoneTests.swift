import EventModel
import Foundation
import Import
import TestSupport
import Testing

/// vdirsyncer and CalDAV caches write each item's VTIMEZONE into its
/// file: a VTIMEZONE read before is not read and built again
/// (`ParseMemo`, `ZoneCatalog.zone(from:id:file:report:)`), and each file
/// still gets the times its own VTIMEZONE gives, with its own diagnostics.
@Suite struct VdirZoneTests {
    /// Sydney's rules under an Outlook name: +11:00 in January, +10:00 in July.
    static let sydney = ["BEGIN:VTIMEZONE", "TZID:Customized Time Zone", "BEGIN:STANDARD", "DTSTART:19700405T030000",
                         "TZOFFSETFROM:+1100", "TZOFFSETTO:+1000", "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU",
                         "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:19701004T020000", "TZOFFSETFROM:+1000",
                         "TZOFFSETTO:+1100", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU", "END:DAYLIGHT", "END:VTIMEZONE"]
    /// India's offset under the same name.
    static let india = ["BEGIN:VTIMEZONE", "TZID:Customized Time Zone", "BEGIN:STANDARD", "DTSTART:16010101T000000",
                        "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "END:STANDARD", "END:VTIMEZONE"]

    static func event(_ uid: String, at local: String) -> [String] {
        vevent(uid, ["DTSTART;TZID=Customized Time Zone:\(local)", "DURATION:PT1H"])
    }

    /// The UTC seconds of an ISO 8601 time with its offset.
    static func seconds(_ text: String) -> Int64 {
        Int64(ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970)
    }

    static func starts(_ events: [Event]) -> [String: Int64] {
        Dictionary(uniqueKeysWithValues: events.map { ($0.uid, $0.start.instant?.seconds ?? -1) })
    }

    /// Reads `files` (name and text) as a folder, and one by one through a
    /// single importer (which keeps its memo between them): the events
    /// and diagnostics must be the same, and those of each file alone.
    static func read(_ files: [(String, String)]) -> (Imported, Importer) {
        let folder = Folder()
        for (name, text) in files { folder.write("cal/\(name)", text) }
        let together = importPaths([folder.path("cal")])
        var aloneEvents: [Event] = []
        var aloneDiagnostics: [Diagnostic] = []
        for (name, _) in files.sorted(by: { $0.0 < $1.0 }) {
            let one = importPaths([folder.path("cal/" + name)])
            aloneEvents += one.events
            aloneDiagnostics += one.diagnostics
        }
        #expect(VdirReadingTests.describe(events: together.events) == VdirReadingTests.describe(events: aloneEvents))
        #expect(together.diagnostics.map(\.description) == aloneDiagnostics.map(\.description))
        let importer = Importer()
        var events: [Event] = []
        var diagnostics: [Diagnostic] = []
        _ = importer.read(files.sorted(by: { $0.0 < $1.0 }).map { InputSource.bytes(Array($0.1.utf8), name: $0.0) },
                          event: { events.append($0); return true }, diagnostic: { diagnostics.append($0) })
        #expect(starts(events) == starts(together.events))
        #expect(diagnostics.map(\.message) == together.diagnostics.map(\.message))
        return (together, importer)
    }

    @Test func filesRepeatingAVTimezoneGetTheirTimes() {
        var files: [(String, String)] = []
        var expected: [String: Int64] = [:]
        for n in 0..<40 {
            let uid = String(format: "item-%02d", n)
            let (local, utc) = n % 2 == 0 ? ("20260115T100000", "2026-01-14T23:00:00Z") : ("20260715T100000", "2026-07-15T00:00:00Z")
            // Some files have a line more before their VTIMEZONE: it starts on another line.
            let head = n % 3 == 0 ? ["X-WR-CALNAME:Work"] : []
            files.append(("\(uid).ics", ics(head + VdirZoneTests.sydney + VdirZoneTests.event(uid, at: local))))
            expected[uid] = VdirZoneTests.seconds(utc)
        }
        let (read, importer) = VdirZoneTests.read(files)
        #expect(VdirZoneTests.starts(read.events) == expected)
        #expect(read.diagnostics.isEmpty)
        // Read and built once (and once more where it starts on another line).
        #expect(importer.catalog.parseMemo.hits == 38)
        #expect(importer.catalog.zonesBuilt == 1)
    }

    /// A TZID of the tz database, in each of a vdir's files, is resolved
    /// for each file (its own zone use) but looked up once for each way it
    /// is written, with a vendor prefix or without.
    @Test func tzDatabaseTZIDsAreLookedUpOnceForEachSpelling() {
        let spellings = ["Europe/Berlin", "/mozilla.org/20050126_1/Europe/Berlin", "Europe/Berlin"]
        var files: [(String, String)] = []
        for n in 0..<30 {
            let uid = String(format: "item-%02d", n)
            let tzid = spellings[n % 3]
            files.append(("\(uid).ics", ics(vevent(uid, ["DTSTART;TZID=\(tzid):20260115T100000", "DURATION:PT1H"]))))
        }
        let (read, importer) = VdirZoneTests.read(files)
        #expect(Set(VdirZoneTests.starts(read.events).values) == [VdirZoneTests.seconds("2026-01-15T09:00:00Z")])
        #expect(read.report.zones.count == 30)
        #expect(read.report.zones.allSatisfy { $0.rule == .tzdb && $0.zone == "Europe/Berlin" })
        #expect(read.report.zones.map(\.tzid) == files.indices.map { spellings[$0 % 3] })
        #expect(importer.catalog.tzdbTZIDsRemembered == 2)
    }

    /// Two files may define one TZID differently: each file's events use
    /// its own VTIMEZONE. Within one file the first VTIMEZONE of a TZID
    /// wins, without a word, as the reader of a single file does.
    @Test func filesDefiningOneTZIDDifferentlyKeepTheirOwn() {
        var files: [(String, String)] = []
        var expected: [String: Int64] = [:]
        for n in 0..<20 {
            let uid = String(format: "item-%02d", n)
            let (zone, utc) = n % 2 == 0 ? (VdirZoneTests.sydney, "2026-01-14T23:00:00Z") : (VdirZoneTests.india, "2026-01-15T04:30:00Z")
            files.append(("\(uid).ics", ics(zone + VdirZoneTests.event(uid, at: "20260115T100000"))))
            expected[uid] = VdirZoneTests.seconds(utc)
        }
        files.append(("mixed-1.ics", ics(VdirZoneTests.india + VdirZoneTests.sydney + VdirZoneTests.event("mixed-1", at: "20260115T100000"))))
        expected["mixed-1"] = VdirZoneTests.seconds("2026-01-15T04:30:00Z")
        files.append(("mixed-2.ics", ics(VdirZoneTests.sydney + VdirZoneTests.india + VdirZoneTests.event("mixed-2", at: "20260115T100000"))))
        expected["mixed-2"] = VdirZoneTests.seconds("2026-01-14T23:00:00Z")
        let (read, importer) = VdirZoneTests.read(files)
        #expect(VdirZoneTests.starts(read.events) == expected)
        #expect(read.diagnostics.isEmpty)
        #expect(importer.catalog.zonesBuilt == 2)
    }

    /// A VTIMEZONE whose build says something is built again for each
    /// file, its warning naming that file and line.
    @Test func aBrokenRepeatedVTimezoneIsReportedForEachFile() {
        let broken = VdirZoneTests.sydney.filter { $0 != "TZOFFSETTO:+1100" }
        var files: [(String, String)] = []
        for n in 0..<12 {
            let uid = String(format: "item-%02d", n)
            let head = n % 4 == 0 ? ["X-WR-CALNAME:Work"] : []
            files.append(("\(uid).ics", ics(head + broken + VdirZoneTests.event(uid, at: "20260715T100000"))))
        }
        let (read, importer) = VdirZoneTests.read(files)
        let warnings = read.diagnostics.filter { $0.message.contains("has no valid TZOFFSETTO") }
        #expect(warnings.count == 12)
        #expect(warnings.map { "\(($0.source.file as NSString).lastPathComponent):\($0.source.line)" }
            == (0..<12).map { String(format: "item-%02d.ics:", $0) + ($0 % 4 == 0 ? "12" : "11") })
        #expect(Set(VdirZoneTests.starts(read.events).values) == [VdirZoneTests.seconds("2026-07-15T00:00:00Z")])
        #expect(importer.catalog.zonesBuilt == 12)
    }

    /// Items one after another in one file (a CalDAV cache's pack): each
    /// VCALENDAR's TZIDs mean what its own VTIMEZONE says, a calendar
    /// without one does not borrow an earlier one's, and every component
    /// is read, as from one file each.
    @Test func calendarsInOneFileKeepTheirOwnZones() {
        let todo = ["BEGIN:VTODO", "UID:t", "SUMMARY:Todo", "END:VTODO"]
        let files = [("a.ics", ics(VdirZoneTests.sydney + VdirZoneTests.event("a", at: "20260115T100000") + todo)),
                     ("b.ics", ics(VdirZoneTests.india + VdirZoneTests.event("b", at: "20260115T100000"))),
                     ("c.ics", ics(VdirZoneTests.event("c", at: "20260115T100000"))),
                     ("d.ics", ics(VdirZoneTests.sydney + VdirZoneTests.event("d", at: "20260715T100000") + todo))]
        let (apart, _) = VdirZoneTests.read(files)
        let folder = Folder()
        folder.write("pack.ics", files.map(\.1).joined())
        let together = importPaths([folder.path("pack.ics")])
        #expect(VdirZoneTests.starts(together.events) == VdirZoneTests.starts(apart.events))
        #expect(VdirZoneTests.starts(together.events)["b"] == VdirZoneTests.seconds("2026-01-15T04:30:00Z"))
        #expect(together.events.map { "\($0.uid) \($0.title) \($0.start)" } == apart.events.map { "\($0.uid) \($0.title) \($0.start)" })
        #expect(together.report.otherComponents == apart.report.otherComponents)
        #expect(together.report.otherComponents["VTODO"] == 2)
        #expect(together.diagnostics.map(\.message) == apart.diagnostics.map(\.message))
        #expect(together.diagnostics.count == 1)
    }
}
