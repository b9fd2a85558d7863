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

    /// Years without an end: the changes up to the year the current rule
    /// holds from, then the rule. Jerusalem's spring change is the Friday
    /// on or after 23 March (no nth weekday says it); its autumn one the
    /// last Sunday of October since 2013. Casablanca follows no yearly
    /// rule (Ramadan): its changes are listed, the last in 2087. Year
    /// 9999 alone begins with the rule.
    @Test func yearsWithoutAnEndEndWithTheCurrentRule() throws {
        func written(_ id: String, _ years: ClosedRange<Int>) throws -> String {
            let component = VTimezoneGenerator.component(for: try #require(Zone.named(id)), name: id, years: years)
            var writer = ICalTextWriter()
            writer.component(component)
            return String(decoding: writer.out.bytes, as: UTF8.self)
        }
        let jerusalem = try written("Asia/Jerusalem", 2010...WrittenZones.openEnd)
        #expect(jerusalem.contains("DTSTART:20130329T020000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0300\r\n"
                                   + "RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=23,24,25,26,27,28,29;BYDAY=FR\r\n"))
        #expect(jerusalem.contains("DTSTART:20131027T020000\r\nTZOFFSETFROM:+0300\r\nTZOFFSETTO:+0200\r\n"
                                   + "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\n"))
        #expect(jerusalem.contains("RDATE:20120923T020000") && !jerusalem.contains("RDATE:2014"))
        let casablanca = try written("Africa/Casablanca", 2020...WrittenZones.openEnd)
        #expect(!casablanca.contains("RRULE") && casablanca.contains("RDATE:2087"))
        let last = try written("America/New_York", 9999...9999)
        #expect(last.contains("DTSTART:99990101T000000\r\n") && last.contains("DTSTART:99990314T020000\r\n"))
        #expect(last.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r\n"))
    }

    @Test func millisecondsAsSeconds() {
        #expect(EventComponents.seconds(1_795_824_000_500) == "1795824000.5")
        #expect(EventComponents.seconds(5_432_000) == "5432")
        #expect(EventComponents.seconds(-500) == "-0.5")
        #expect(EventComponents.seconds(1_250) == "1.25")
    }
}
