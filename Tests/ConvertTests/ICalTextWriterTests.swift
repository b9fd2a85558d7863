import EventModel
import Export
import ICal
import Testing
@testable import Convert

@Suite struct ICalTextWriterTests {
    private func text(_ body: (inout ICalTextWriter) -> Void) -> String {
        var writer = ICalTextWriter()
        body(&writer)
        return String(decoding: writer.out.bytes, as: UTF8.self)
    }

    /// RFC 5545 3.1: at most 75 octets a line, CRLF, a continuation starts
    /// with a space, and a UTF-8 character is never cut in two.
    @Test func foldsAt75OctetsWithoutSplittingACharacter() {
        let summary = String(repeating: "ä", count: 60) + " 東京 " + String(repeating: "x", count: 100)
        let written = text { $0.property(StoredProperty(name: "SUMMARY", value: summary)) }
        let lines = written.components(separatedBy: "\r\n").dropLast()
        #expect(lines.count > 2)
        for line in lines { #expect(line.utf8.count <= 75) }
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        // Unfolded, it is the line again; every piece is valid UTF-8 on its own.
        let unfolded = lines.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined()
        #expect(unfolded == "SUMMARY:" + summary)
        #expect(!written.contains("\u{FFFD}"))
        #expect(written.hasSuffix("\r\n"))
    }

    @Test func quotesParameterValuesThatNeedIt() {
        let property = StoredProperty(name: "ATTENDEE", parameters: [
            StoredParameter(name: "CN", values: ["Doe, J"]),
            StoredParameter(name: "MEMBER", values: ["a:1", "b:2"]),
            StoredParameter(name: "X-N", values: ["\"hi\""]),
        ], value: "mailto:j@x")
        #expect(text { $0.property(property) }
                == "ATTENDEE;CN=\"Doe, J\";MEMBER=\"a:1\",\"b:2\";X-N=^'hi^':mailto:j@x\r\n")
    }

    @Test func escapesModelText() {
        #expect(ICalValue.text("a, b; c\\d\ne") == "a\\, b\\; c\\\\d\\ne")
        #expect(ICalValue.text("plain") == "plain")
    }

    /// Stored lines read back as written: values keep their escapes and blanks.
    @Test func storedLinesKeepWhatWasWritten() throws {
        func read(_ line: String) -> StoredProperty? {
            var bytes = Array(line.utf8)
            bytes.append(0)
            return bytes.withUnsafeBufferPointer { StoredProperty(line: UnsafeBufferPointer(rebasing: $0[...])) }
        }
        let categories = try #require(read("CATEGORIES:a\\,b,c "))
        #expect(categories.value == "a\\,b,c ")
        let outlook = try #require(read("DTSTART;TZID=(UTC+01:00) Amsterdam, Berlin, Bern:20261102T090000"))
        #expect(outlook.parameters == [StoredParameter(name: "TZID", values: ["(UTC+01:00) Amsterdam, Berlin, Bern"])])
        let folded = try #require(read("ATTENDEE;DELEGATED-FROM= \"mailto:boss@x\";CN=Henry:mailto:h@x"))
        #expect(folded.parameter("DELEGATED-FROM") == "mailto:boss@x")
        let list = try #require(read("X-A;X-P=\"\",two,\"3:3\":v"))
        #expect(list.parameters[0].values == ["", "two", "3:3"])
        #expect(text { $0.property(list) } == "X-A;X-P=,two,\"3:3\":v\r\n")
    }

    /// A tz database zone no input defined: a VTIMEZONE of the years used,
    /// with each transition at the wall time it happens.
    @Test func generatesVTimezoneFromTheTZDatabase() throws {
        let zone = try #require(Zone.named("Europe/Berlin"))
        let component = VTimezoneGenerator.component(for: zone, name: "Europe/Berlin", years: 2026...2026)
        var writer = ICalTextWriter()
        writer.component(component)
        let written = String(decoding: writer.out.bytes, as: UTF8.self)
        #expect(written.contains("BEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"))
        #expect(written.contains("DTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\n"))
        #expect(written.contains("DTSTART:20260101T000000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\n"))
        #expect(VTimezoneGenerator.offsetText(-12_600) == "-0330")
        #expect(VTimezoneGenerator.offsetText(3_208) == "+005328")
    }

    @Test func millisecondsAsSeconds() {
        #expect(EventComponents.seconds(1_795_824_000_500) == "1795824000.5")
        #expect(EventComponents.seconds(5_432_000) == "5432")
        #expect(EventComponents.seconds(-500) == "-0.5")
        #expect(EventComponents.seconds(1_250) == "1.25")
    }
}
