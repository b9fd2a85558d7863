import EventModel
import Export
import Import
import Plumbing

/// The report of `busylife check`, as text and as JSON.
package enum CheckSummary {
    package static func text(_ report: ImportReport) -> String {
        var lines: [String] = []
        var formats: [String] = []
        if report.icsFiles > 0 { formats.append("\(report.icsFiles) iCalendar") }
        if report.jcalFiles > 0 { formats.append("\(report.jcalFiles) jCal") }
        if report.jsonFiles > 0 { formats.append("\(report.jsonFiles) BusyLife JSON") }
        if report.notCalendars > 0 { formats.append("\(report.notCalendars) not a calendar") }
        let unreadable = report.unreadable > 0 ? ", \(report.unreadable) unreadable" : ""
        lines.append("files: \(report.files)" + (formats.isEmpty ? "" : " (" + formats.joined(separator: ", ") + ")") + unreadable)
        lines.append("events: \(report.events) (recurring series: \(report.recurringSeries), overrides: \(report.overrides))")
        if report.freeBusyComponents > 0 {
            lines.append("free/busy: \(report.freeBusyComponents) VFREEBUSY component\(report.freeBusyComponents == 1 ? "" : "s"), "
                + "each busy period read as an event")
        }
        if !report.otherComponents.isEmpty {
            lines.append("other components (not events): " + report.otherComponents.sorted { $0.key < $1.key }
                .map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        let zones = distinctZones(report)
        lines.append("zones: \(zones.count)")
        for zone in zones {
            var line = "  \(zone.tzid): \(zone.rule.rawValue)"
            if let resolved = zone.zone, resolved != zone.tzid { line += " -> \(resolved)" }
            line += " (\(zone.files) file\(zone.files == 1 ? "" : "s"))"
            lines.append(line)
        }
        lines.append("diagnostics: \(report.errors) error\(report.errors == 1 ? "" : "s"), "
            + "\(report.warnings) warning\(report.warnings == 1 ? "" : "s"), \(report.notes) note\(report.notes == 1 ? "" : "s")")
        for (kind, count) in report.diagnostics.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(kind.severity.rawValue) \(kind.kind.rawValue): \(count)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report's object begins with its diagnostics, written as they
    /// come; `jsonEnd` closes the list and adds the counts.
    package static let jsonStart = #"{"schema":"busylife.check/2","diagnostics":["#

    /// The end of the report's object: the diagnostics' list closed, then
    /// the counts, and a line feed.
    package static func jsonEnd(_ report: ImportReport, into out: inout ByteWriter) {
        out.append(byte: 0x5D)
        JSONObjectWriter.continue(into: &out) { json in
            json.object("files") { files in
                files.field("total", report.files)
                files.field("ics", report.icsFiles)
                files.field("json", report.jsonFiles)
                files.field("jcal", report.jcalFiles)
                files.field("unreadable", report.unreadable)
                files.field("notCalendar", report.notCalendars)
            }
            json.field("events", report.events)
            json.field("recurringSeries", report.recurringSeries)
            json.field("overrides", report.overrides)
            json.field("freeBusyComponents", report.freeBusyComponents)
            json.object("otherComponents") { other in
                for (name, count) in report.otherComponents.sorted(by: { $0.key < $1.key }) { other.field(key: name, count) }
            }
            json.raw("zones") { out in zones(report, into: &out) }
            json.object("diagnosticsBySeverity") { severities in
                severities.field("error", report.errors)
                severities.field("warning", report.warnings)
                severities.field("note", report.notes)
            }
            json.object("diagnosticsByKind") { kinds in
                let sorted = report.diagnostics.sorted(by: { $0.key < $1.key })
                for severity in Diagnostic.Severity.allCases {
                    kinds.object(key: severity.rawValue) { counts in
                        for (kind, count) in sorted where kind.severity == severity {
                            counts.field(key: kind.kind.rawValue, count)
                        }
                    }
                }
            }
        }
        out.append(byte: 0x7D)
        out.append(byte: 0x0A)
    }

    private static func zones(_ report: ImportReport, into out: inout ByteWriter) {
        out.append(byte: 0x5B)
        for (index, zone) in distinctZones(report).enumerated() {
            if index > 0 { out.append(byte: 0x2C) }
            JSONObjectWriter.write(into: &out) { z in
                z.field("tzid", zone.tzid)
                z.field("rule", zone.rule.rawValue)
                z.field("zone", zone.zone)
                z.field("files", zone.files)
            }
        }
        out.append(byte: 0x5D)
    }

    /// One diagnostic's object appended to `list`, after a comma unless it is the first.
    package static func append(_ diagnostic: Diagnostic, first: Bool, to list: inout ByteWriter) {
        if !first { list.append(byte: 0x2C) }
        JSONObjectWriter.write(into: &list) { json in
            json.field("file", diagnostic.source.file)
            json.field("line", diagnostic.source.line)
            json.field("severity", diagnostic.severity.rawValue)
            json.field("kind", diagnostic.kind.rawValue)
            json.field("message", diagnostic.message)
        }
    }

    /// Each (TZID, rule, zone) once, in order of first use, with how many files used it.
    private static func distinctZones(_ report: ImportReport) -> [(tzid: String, rule: ZoneRule, zone: String?, files: Int)] {
        var order: [String] = []
        var table: [String: (tzid: String, rule: ZoneRule, zone: String?, files: Int)] = [:]
        for use in report.zones {
            let key = use.tzid + "\u{0}" + use.rule.rawValue + "\u{0}" + (use.zone ?? "")
            if var known = table[key] {
                known.files += 1
                table[key] = known
            } else {
                order.append(key)
                table[key] = (use.tzid, use.rule, use.zone, 1)
            }
        }
        return order.compactMap { table[$0] }
    }
}
