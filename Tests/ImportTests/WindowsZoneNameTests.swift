import EventModel
import Foundation
import Import
import Testing
import TestSupport

/// Windows display names as Outlook writes them, checked against CLDR's
/// windowsZones.xml itself (issue 38: `(US and Canada)` was read as a
/// fixed -05:00, an hour off in July).
@Suite struct WindowsZoneNameTests {
    /// Each "(UTC...)" comment of the file and the IANA name of the
    /// Windows zone under it (territory 001).
    static func displayNames(_ xml: String) -> [(display: String, iana: String)] {
        var ianaByID: [String: String] = [:]
        for row in xml.components(separatedBy: "<mapZone other=\"").dropFirst() {
            let fields = row.components(separatedBy: "\"")
            if fields.count > 4, fields[2] == "001" { ianaByID[fields[0]] = fields[4].components(separatedBy: " ")[0] }
        }
        // The zone is the next row after its comment, past any other comment
        // ("(UTC+06:00) Astana" has a note of CLDR's after it).
        var names: [(String, String)] = []
        var rest = xml[...]
        while let open = rest.range(of: "<!--"), let close = rest.range(of: "-->", range: open.upperBound..<rest.endIndex) {
            let text = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            rest = rest[close.upperBound...]
            guard text.hasPrefix("(UTC"), let row = rest.range(of: "<mapZone other=\"") else { continue }
            let id = rest[row.upperBound...].prefix { $0 != "\"" }
            if let iana = ianaByID[String(id)] { names.append((text, iana)) }
        }
        return names
    }

    /// The name as written, with `&` and `and` swapped, and with `GMT` for `UTC`.
    static func spellings(_ display: String) -> [String] {
        var names = [display]
        if display.contains(" & ") { names.append(display.replacingOccurrences(of: " & ", with: " and ")) }
        if display.contains(" and ") { names.append(display.replacingOccurrences(of: " and ", with: " & ")) }
        return names + names.map { "(GMT" + $0.dropFirst(4) }
    }

    @Test func everyDisplayNameOfCLDRIsItsZoneInEverySpelling() throws {
        guard let corpora else {
            print("skipped: ../shared/corpora is absent")
            return
        }
        let xml = try String(contentsOf: corpora.appendingPathComponent("cldr/windowsZones.xml"), encoding: .utf8)
        let names = Self.displayNames(xml)
        #expect(names.count == 139)
        var expected: [String] = [], lines: [String] = []
        for (index, name) in names.enumerated() {
            for spelling in Self.spellings(name.display) {
                lines += vevent("\(index)-\(lines.count)", ["DTSTART;TZID=\"\(spelling)\":20260701T100000"])
                expected.append(name.iana)
            }
        }
        let result = importText([("outlook.ics", ics(lines))])
        #expect(result.events.count == expected.count)
        for (event, iana) in zip(result.events, expected) {
            #expect(event.start.zone?.id == iana, "\(event.uid)")
        }
        #expect(result.report.zones.allSatisfy { $0.rule == .windows })
        // Only the GMT spellings are repairs (older Outlook), each said once.
        #expect(result.diagnostics.allSatisfy { $0.kind == .repairedValue && $0.message.contains("(GMT") })
    }

    @Test func easternTimeUSAndCanadaKeepsItsSummerTime() {
        let result = importText([("z.ics", ics(vevent("a", ["DTSTART;TZID=(UTC-05:00) Eastern Time (US and Canada):20260701T100000"])))])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events.first?.start.zone?.id == "America/New_York")
        #expect(result.events.first?.start.instant?.description == "2026-07-01T14:00:00Z")
    }
}
