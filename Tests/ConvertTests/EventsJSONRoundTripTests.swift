import EventModel
import Foundation
import Import
import Settle
import TestSupport
import Testing
@testable import Convert

/// events.json → .ics → events.json gives the bytes events.json →
/// events.json gives, for seeded mutants of samples/busylife-events.json:
/// titles, descriptions, locations, cities, attendees' names, addresses
/// and avatars with every control character, CR, CRLF, RFC 6868's `^`,
/// quotes, TEXT's separators, text beyond ASCII and long text; starts,
/// lengths, types and coordinates at their edges. Where the .ics cannot
/// carry something, the conversion to .ics warns (`not-carried`), and
/// only then may the bytes differ; the .ics always reads back without an
/// error or a warning that events.json → events.json does not give too.
@Suite struct EventsJSONRoundTripTests {
    static let count = ProcessInfo.processInfo.environment["BUSYLIFE_MUTATION_COUNT"].flatMap(Int.init).map { $0 / 4 } ?? 400
    static let seed: UInt64 = 20_261_128

    @Test func mutantsRoundTripOrWarn() throws {
        let sample = repository.appendingPathComponent("samples/busylife-events.json")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sample)) as? [[String: Any]])
        var random = SplitMix64(seed: Self.seed)
        var (warned, failures) = (0, 0)
        for index in 0..<Self.count {
            let mutant = "[\n" + (0...random.below(3)).map { _ in
                Mutant.event(random.pick(events), &random)
            }.joined(separator: ",\n") + "\n]\n"
            let direct = try converted(mutant, name: "m.json", to: .eventsJSON)
            let ics = try converted(mutant, name: "m.json", to: .ics)
            let back = try converted(ics.text, name: "m.ics", to: .eventsJSON)
            let notCarried = ics.diagnostics.contains { $0.kind == .notCarried }
            if notCarried { warned += 1 }
            // Settling's own (a time clamped at year 9999) come both ways.
            let settled = Set(direct.diagnostics.map(\.kind))
            let readBack = back.diagnostics.filter { $0.severity != .note && !settled.contains($0.kind) }
            if (direct.text != back.text && !notCarried) || !readBack.isEmpty {
                failures += 1
                Issue.record("""
                    mutant \(index): \(mutant)
                    .ics: \(ics.text)
                    events.json → events.json: \(direct.text)
                    through .ics: \(back.text)
                    read back: \(readBack.map(\.description))
                    """)
                if failures >= 5 { break }
            }
        }
        // The mutants reach what .ics cannot carry, and what it can.
        #expect(warned > Self.count / 10)
        #expect(warned < Self.count * 9 / 10)
    }

    /// A title with NUL and DEL, a description with CR and CRLF: U+FFFD and
    /// LF in the .ics, with one warning counting them (exit 2's).
    @Test func controlCharactersBecomeReplacementCharacters() throws {
        let mutant = #"[{"startDate":1795957200,"range":1800,"title":"a\u0000b\u007fc","desc":"x\ry\r\nz","attends":[]}]"#
        let ics = try converted(mutant, name: "m.json", to: .ics)
        #expect(ics.text.contains("SUMMARY:a\u{FFFD}b\u{FFFD}c\r\n"))
        #expect(ics.text.contains("DESCRIPTION:x\\ny\\nz\r\n"))
        let warnings = ics.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.kind) == [.notCarried])
        #expect(warnings.first?.message.contains("2 control characters written as U+FFFD") == true)
        #expect(warnings.first?.message.contains("2 carriage returns") == true)
    }

    /// A name with a quote, a caret and a line break: RFC 6868 carries them.
    @Test func parameterValuesKeepQuotesCaretsAndLineBreaks() throws {
        let mutant = #"[{"startDate":1795957200,"range":1800,"title":"t","attends":[{"name":"Mia \"M\" ^n; x\ny"}],"location":{"name":"p","city":"^'"}}]"#
        let ics = try converted(mutant, name: "m.json", to: .ics)
        #expect(ics.diagnostics.isEmpty)
        #expect(ics.text.contains(#"ATTENDEE;CN="Mia ^'M^' ^^n; x^ny":mailto:"#))
        let back = try converted(ics.text, name: "m.ics", to: .eventsJSON)
        #expect(back.text == (try converted(mutant, name: "m.json", to: .eventsJSON)).text)
    }

    /// GEO's FLOAT has no exponent: small coordinates are written out, and read back the same.
    @Test func coordinatesAreWrittenWithoutAnExponent() {
        for (value, written) in [(1e-07, "0.0000001"), (-2.5e-05, "-0.000025"), (35.6654, "35.6654"), (-0.0, "-0.0"), (180.0, "180.0")] {
            #expect(EventComponents.decimal(value) == written)
            #expect(Double(EventComponents.decimal(value)) == value)
        }
    }

    private func converted(_ text: String, name: String, to format: ConvertFormat) throws -> (text: String, diagnostics: [Diagnostic]) {
        let settle = SettleOptions(from: try #require(LocalDate(year: 2026, month: 11, day: 1)),
                                   to: try #require(LocalDate(year: 2026, month: 11, day: 30)),
                                   timeline: ZoneTimeline(base: .utc))
        let options = ConvertOptions(format: format, expand: false, settle: settle, windowGiven: false,
                                     today: try #require(LocalDate(year: 2026, month: 11, day: 22)))
        var out: [UInt8] = []
        var diagnostics: [Diagnostic] = []
        let conversion = Conversion(options: options) { bytes in
            out.append(contentsOf: bytes)
            return true
        }
        _ = try conversion.run([.bytes(Array(text.utf8), name: name)], importOptions: ImportOptions(useCalendarZone: true),
                               diagnostic: { diagnostics.append($0) })
        return (String(decoding: out, as: UTF8.self), diagnostics)
    }
}

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// One event of the sample with one to three of its fields changed, as
/// events.json text (so that numbers are written exactly as chosen).
private enum Mutant {
    static let pieces: [String] = (0..<32).map { String(UnicodeScalar(UInt8($0))) } + [
        "\u{7F}", "\r\n", "\"", "^", "^'", "^n", "\\", ";", ",", ":", "é", "😀", "\u{2028}", "\u{FEFF}", " ",
        String(repeating: "long ", count: 60), "Mia", "mailto:", "",
    ]
    static let numbers = ["0", "-0", "1", "-1", "0.5", "0.001", "1.0005", "1795957200.999", "-62135596800",
                          "253402300799", "1e11", "999999999999999", "35.6654", "-90", "90", "180", "-180",
                          "200", "1e-7", "0.1", "123456.789", "1e400"]

    static func text(_ random: inout SplitMix64) -> String {
        (0..<random.int(0...4)).map { _ in random.chance(50) ? random.pick(pieces) : random.pick(["a", "Mia", "b c"]) }.joined()
    }

    static func event(_ base: [String: Any], _ random: inout SplitMix64) -> String {
        var fields: [String: String] = [:]
        for (key, value) in base { fields[key] = json(value) }
        for _ in 0...random.below(3) {
            switch random.below(10) {
            case 0: fields["title"] = quoted(text(&random))
            case 1: fields["desc"] = quoted(text(&random))
            case 2: fields["location"] = quoted(text(&random))
            case 3: fields["location"] = "{\"name\":\(quoted(text(&random)))}"
            case 4: fields["location"] = "{\"name\":\(quoted(text(&random))),\"city\":\(quoted(text(&random)))}"
            case 5: fields["attends"] = "[{\"name\":\(quoted(text(&random))),\"email\":\(quoted(text(&random))),\"avatar\":\(quoted(text(&random)))}]"
            case 6: fields["startDate"] = random.pick(numbers)
            case 7: fields["range"] = random.pick(numbers)
            case 8: fields["type"] = random.pick(["0", "-5", "999999999999999", "2.5"])
            default:
                fields["location"] = "{\"name\":\"p\",\"latitude\":\(random.pick(numbers)),\"longitude\":\(random.pick(numbers))}"
            }
        }
        return "  {" + fields.sorted { $0.key < $1.key }.map { "\(quoted($0.key)):\($0.value)" }.joined(separator: ",") + "}"
    }

    /// A JSON string, every control character escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func json(_ value: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
