import EventModel
import Export
import Foundation
import ICal
import Import
import TestSupport
import Testing
@testable import Convert

/// `.ics → jCal → .ics`: the jCal written from a calendar as stored, read
/// back (the reader turns it into iCalendar text), must give the same
/// components in the same order, with the same properties, parameters and
/// values, compared as parsed content (docs/semantics.md section 7).
@Suite struct JCalRoundTripTests {
    /// Where two readings differ: the first few, located.
    struct Mismatch: CustomStringConvertible {
        var place: String
        var what: String
        var description: String { "\(place): \(what)" }
    }

    /// Compares a calendar read from `text` with the same calendar written
    /// as jCal and read back; nil when the original does not read without
    /// errors (nothing to compare against).
    static func roundTrip(_ text: String, name: String) throws -> [Mismatch]? {
        let original = storedCalendar(text, name: name)
        guard original.errors.isEmpty else { return nil }
        let written = jcalDocument(original.properties, original.components)
        _ = try JSONSerialization.jsonObject(with: Data(written))
        let back = storedCalendar(String(decoding: written, as: UTF8.self), name: "back.jcal")
        var mismatches = back.errors.map { Mismatch(place: "read back", what: $0.description) }
        compare(original.properties, back.properties, at: "VCALENDAR", into: &mismatches)
        if original.components.count != back.components.count {
            mismatches.append(Mismatch(place: "VCALENDAR", what: "\(original.components.count) components, \(back.components.count) back"))
        }
        for (index, (a, b)) in zip(original.components, back.components).enumerated() {
            compare(a, b, at: "component \(index + 1)", into: &mismatches)
        }
        // Read as an input (under the same file stem: it names the
        // calendar, which derived uids hash), the jCal gives the events the
        // .ics gives, and the same errors and warnings. Notes may differ: a
        // VEVENT with nothing to place (METHOD, no DTSTART) is noted but
        // builds no event, so the stored form has none to write.
        let events = read(Array(text.utf8), name: name)
        let eventsBack = read(written, name: (name as NSString).deletingPathExtension + ".jcal")
        if events.events != eventsBack.events {
            mismatches.append(Mismatch(place: "events", what: "\(zip(events.events, eventsBack.events).first { $0 != $1 }.map { "\($0) came back as \($1)" } ?? "\(events.events.count) events, \(eventsBack.events.count) back")"))
        }
        if events.diagnostics != eventsBack.diagnostics && !(original.components.isEmpty && original.properties.isEmpty) {
            mismatches.append(Mismatch(place: "diagnostics", what: "\(events.diagnostics) came back as \(eventsBack.diagnostics)"))
        }
        return mismatches
    }

    /// Events (uid, start, end, title, rules) and diagnostics (severity and kind) of one input.
    static func read(_ bytes: [UInt8], name: String) -> (events: [String], diagnostics: [String]) {
        var events: [String] = []
        var diagnostics: [String] = []
        _ = Importer().read([.bytes(bytes, name: name)], event: { event in
            events.append([event.uid, event.title, event.start.iso8601, event.end.iso8601, event.description ?? "",
                           "\(event.recurrence.rules.count) \(event.recurrence.dates.count) \(event.recurrence.exceptionDates.count)",
                           event.categories.joined(separator: ","), "\(event.attendees.count)", event.location?.name ?? ""]
                .joined(separator: "|"))
            return true
        }, diagnostic: { if $0.severity != .note { diagnostics.append("\($0.severity) \($0.kind)") } })
        return (events, diagnostics.sorted())
    }

    static func compare(_ a: StoredComponent, _ b: StoredComponent, at place: String, into mismatches: inout [Mismatch]) {
        let here = "\(place) \(a.name)"
        guard a.name == b.name else {
            mismatches.append(Mismatch(place: here, what: "came back as \(b.name)"))
            return
        }
        compare(a.properties, b.properties, at: here, into: &mismatches)
        guard a.children.count == b.children.count else {
            mismatches.append(Mismatch(place: here, what: "\(a.children.count) children, \(b.children.count) back"))
            return
        }
        for (index, (x, y)) in zip(a.children, b.children).enumerated() {
            compare(x, y, at: "\(here) > \(index + 1)", into: &mismatches)
        }
    }

    static func compare(_ a: [StoredProperty], _ b: [StoredProperty], at place: String, into mismatches: inout [Mismatch]) {
        guard a.map(\.name) == b.map(\.name) else {
            mismatches.append(Mismatch(place: place, what: "properties \(a.map(\.name)) came back as \(b.map(\.name))"))
            return
        }
        for (x, y) in zip(a, b) {
            if parameters(x) != parameters(y) || valueType(x) != valueType(y) {
                mismatches.append(Mismatch(place: "\(place) \(x.name)", what: "parameters \(x.parameters) came back as \(y.parameters)"))
            }
            if x.value != y.value && normalized(x.value, like: x) != normalized(y.value, like: x) {
                mismatches.append(Mismatch(place: "\(place) \(x.name)", what: "value \(x.value.debugDescription) came back as \(y.value.debugDescription)"))
            }
        }
    }

    /// Parameters other than VALUE, a parameter without a value as one
    /// empty value, values as read (RFC 6868's escapes undone: `a^` and
    /// `a^^` are one value).
    static func parameters(_ property: StoredProperty) -> [String] {
        property.parameters.filter { $0.name != "VALUE" }.map { parameter in
            let values = parameter.values.map { value in
                var value = value
                return value.withUTF8 { ICalText.unescapeParameter($0) }
            }
            return "\(parameter.name)=\(values.isEmpty ? [""] : values)"
        }
    }

    /// VALUE, any case, absent when it names the property's default type (jCal has no place for it then).
    static func valueType(_ property: StoredProperty) -> String? {
        guard let value = property.parameter("VALUE")?.uppercased() else { return nil }
        return value == JCalValueType.defaultType(ofProperty: property.name).valueParameter ? nil : value
    }

    /// A value as parsed content, by the type of the original property:
    /// TEXT unescaped (lists and structured values split first), numbers as
    /// numbers, a rule as its parts (empty ones dropped, names in upper
    /// case, numbers as numbers), booleans in upper case.
    static func normalized(_ value: String, like property: StoredProperty) -> [String] {
        let type = property.parameter("VALUE").map { JCalValueType(valueParameter: $0) ?? .unknown }
            ?? JCalValueType.defaultType(ofProperty: property.name)
        let name = property.name
        func number(_ text: Substring) -> String { Double(text).map { "\($0)" } ?? String(text) }
        switch type {
        case .text:
            let separator: UInt8? = JCalValueType.isStructured(property: name) ? 0x3B
                : JCalValueType.isMultiValued(property: name) ? 0x2C : nil
            let pieces = separator.map { ICalText.split(value, at: $0, escapes: true) } ?? [Substring(value)]
            return pieces.map { ICalText.unescape(String($0)) }
        case .integer, .float:
            return value.split(separator: ";", omittingEmptySubsequences: false).map(number)
        case .boolean:
            return [value.uppercased()]
        case .recur:
            return value.split(separator: ";").map { part in
                let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let values = pieces.dropFirst().first.map { $0.split(separator: ",", omittingEmptySubsequences: false) } ?? []
                return pieces[0].uppercased() + "=" + values.map { Int($0).map(String.init) ?? String($0) }.joined(separator: ",")
            }
        default:
            return [value]
        }
    }

    @Test func samples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("samples")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ics") }.sorted()
        #expect(files.count >= 4)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let mismatches = try #require(try Self.roundTrip(text, name: file), "\(file) reads with errors")
            #expect(mismatches.isEmpty, "\(file): \(mismatches.prefix(5))")
        }
    }

    @Test func everyCorpusCalendarThatReadsCleanly() throws {
        guard let corpora else {
            print("skipped: ../shared/corpora is absent")
            return
        }
        let walker = FileManager.default.enumerator(atPath: corpora.path)
        var files: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.lowercased().hasSuffix(".ics") { files.append(path) }
        }
        var compared = 0
        var skipped = 0
        var failed: [String] = []
        for file in files.sorted() {
            let data = try Data(contentsOf: corpora.appendingPathComponent(file))
            guard let text = String(data: data, encoding: .utf8) else { skipped += 1; continue }
            guard let mismatches = try Self.roundTrip(text, name: file) else { skipped += 1; continue }
            compared += 1
            if !mismatches.isEmpty { failed.append("\(file): \(mismatches.prefix(3))") }
        }
        print("jCal round trip: \(compared) corpus calendars compared, \(skipped) skipped (read with errors or not UTF-8)")
        #expect(compared > 300)
        #expect(failed.isEmpty, "\(failed.count) differ: \(failed.prefix(10).joined(separator: "\n"))")
    }
}
