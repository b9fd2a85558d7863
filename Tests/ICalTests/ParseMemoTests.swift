import Foundation
@testable import ICal
import Testing

/// A VTIMEZONE read before is that component again (`ParseMemo`): the
/// items of every input must be those read without a memo, whatever came
/// before it and whatever the VTIMEZONE holds.
@Suite struct ParseMemoTests {
    static let zone = ["BEGIN:VTIMEZONE", "TZID:Customized Time Zone", "BEGIN:STANDARD", "DTSTART:19700405T030000",
                       "TZOFFSETFROM:+1100", "TZOFFSETTO:+1000", "TZNAME:AEST", "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU",
                       "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:19701004T020000", "TZOFFSETFROM:+1000",
                       "TZOFFSETTO:+1100", "TZNAME:AEDT", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU", "END:DAYLIGHT",
                       "END:VTIMEZONE"]
    static let event = ["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Customized Time Zone:20261122T090000", "SUMMARY:Tea",
                        "END:VEVENT"]

    static func calendar(_ lines: [String], head: [String] = []) -> [UInt8] {
        Array((["BEGIN:VCALENDAR", "VERSION:2.0"] + head + lines + ["END:VCALENDAR"]).map { $0 + "\r\n" }.joined().utf8)
    }

    /// Every item of `bytes`, read with `memo`.
    static func items(_ bytes: [UInt8], memo: ParseMemo?, limits: ICalLimits = ICalLimits()) -> [String] {
        let parser = ICalStreamParser(limits: limits)
        var items: [String] = []
        ICalStreamParser.lines(ByteSource(bytes: bytes), limits: limits, memo: memo) { parsed in
            items.append(SplitStageTests.describe(parser.item(parsed)))
            return true
        }
        return items
    }

    @Test func aVTimezoneReadBeforeIsThatComponentAgain() {
        let memo = ParseMemo()
        let file = ParseMemoTests.calendar(ParseMemoTests.zone + ParseMemoTests.event)
        let alone = ParseMemoTests.items(file, memo: nil)
        #expect(alone.contains { $0.hasPrefix("VTIMEZONE@3[TZID@4:Customized Time Zone]") })
        #expect(ParseMemoTests.items(file, memo: memo) == alone)
        #expect(memo.hits == 0)
        #expect(ParseMemoTests.items(file, memo: memo) == alone)
        #expect(ParseMemoTests.items(file, memo: memo) == alone)
        #expect(memo.hits == 2)
    }

    /// Inputs whose VTIMEZONE is the same, moved, written otherwise, or
    /// broken in the ways the memo must not hide.
    static let inputs: [[UInt8]] = {
        let zone = ParseMemoTests.zone, event = ParseMemoTests.event
        let body = Array(zone.dropFirst().dropLast())
        var folded = zone
        folded[7] = "RRULE:FREQ=YEARLY;\r\n BYMONTH=4;BYDAY=1SU"
        var badUTF8 = calendar(zone + event)
        badUTF8[badUTF8.firstRange(of: Array("AEST".utf8))!.lowerBound] = 0xC3
        let lowercase = ["begin:vtimezone"] + body + ["end:VTimeZone \t"]
        return [
            calendar(zone + event), calendar(zone + event, head: ["X-WR-CALNAME:Moved"]), calendar(folded + event),
            badUTF8, calendar(lowercase + event), calendar(zone + zone + event),
            calendar(Array(zone.dropLast()) + event),  // its END missing: the VEVENT ends it
            calendar(Array(zone.prefix(8))),  // the calendar ends inside it
            Array((["BEGIN:VCALENDAR"] + zone.prefix(8)).map { $0 + "\r\n" }.joined().utf8),  // the file ends inside it
            calendar(zone.filter { $0 != "END:STANDARD" } + event),  // a part never ended
            calendar(zone.filter { $0 != "BEGIN:STANDARD" } + event),  // a part never begun
            calendar(Array(zone.prefix(3)) + ["X-BIN:a\u{1}b"] + Array(zone.dropFirst(3)) + event),  // not text
            calendar(Array(zone.prefix(2)) + ["TZURL:http://example.com/zone"] + Array(zone.dropFirst(2)) + event),
            calendar(Array(zone.prefix(2)) + ["BEGIN:X-OTHER", "END:X-OTHER"] + Array(zone.dropFirst(2)) + event),
            Array((zone + ["END:VCALENDAR"] + event).map { $0 + "\r\n" }.joined().utf8),  // bare, then a stray END
            calendar(Array(zone.prefix(2)) + ["X-LONG:" + String(repeating: "x", count: 300)] + Array(zone.dropFirst(2))),
        ] + startInputs
    }()

    /// Files that start alike up to the END of a VTIMEZONE (`FilePrefix`),
    /// or nearly, and go on differently.
    static let startInputs: [[UInt8]] = {
        let zone = ParseMemoTests.zone, event = ParseMemoTests.event
        let other = event.map { $0 == "UID:a" ? "UID:b" : $0 }
        func text(_ lines: [String], _ ending: String) -> [UInt8] { Array(lines.map { $0 + ending }.joined().utf8) }
        let open = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
        var bom = text(open + zone + event + ["END:VCALENDAR"], "\r\n")
        bom.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
        return [
            text(open + zone + event + ["END:VCALENDAR"], "\r\n"), text(open + zone + other + ["END:VCALENDAR"], "\r\n"),
            text(open + zone + event + ["END:VCALENDAR"], "\n"), text(open + zone + other, "\n"),  // no END:VCALENDAR
            text(open + zone + ["END:VCALENDAR"], "\n"), text(open + zone, "\n"),  // the file ends after it
            text(open + zone + [" X-MORE", "END:VCALENDAR"], "\n"),  // its END line goes on
            text(open + zone + ["stray text", "END:VCALENDAR"], "\n"),
            text(open + zone + zone + event + ["END:VCALENDAR"], "\n"),  // defined twice
            text(open + zone + ["END:VCALENDAR"] + open + zone + event + ["END:VCALENDAR"], "\n"),
            text(open + event + zone + ["END:VCALENDAR"], "\n"),  // an event before it
            text(open + ["X-WR-CALNAME:\"Half"] + zone + event + ["END:VCALENDAR"], "\n"),  // a problem before it
            text(["BEGIN:VCALENDAR", "VERSION:2.0\rPRODID:x"] + zone + event + ["END:VCALENDAR"], "\n"),  // a CR alone
            text(open + zone + event + ["END:VCALENDAR"], "\r"),  // Mac line endings
            text(["stray"] + open + zone + event + ["END:VCALENDAR"], "\n"),
            text(Array(zone.dropLast()) + ["END:VTIMEZONE", "BEGIN:VEVENT", "UID:c", "END:VEVENT"], "\n"),  // bare
            text(open + ["BEGIN:VEVENT"] + zone + ["END:VEVENT", "END:VCALENDAR"], "\n"),  // inside an event
            bom,
            text(open + event + ["END:VCALENDAR"], "\n"), text(open + other + ["END:VCALENDAR"], "\n"),  // no VTIMEZONE
            text(["BEGIN:VCALENDAR", "PRODID:-//a", " b//EN"] + zone + event + ["END:VCALENDAR"], "\r\n"),  // folded
            text(["BEGIN:VCALENDAR", "PRODID:-//a", " b//EN"] + zone + other + ["END:VCALENDAR"], "\r\n"),
            text(open + zone + [" X-MORE"] + event + ["END:VCALENDAR"], "\n"),
            text(open + Array(zone.dropLast()) + event + ["END:VCALENDAR"], "\n"),  // its END missing
        ]
    }()

    /// A file that starts with the bytes another read before did, up to
    /// the END of its VTIMEZONE, has those lines passed over: the same
    /// items, the lines after them numbered as they are.
    @Test func aFileStartingAsOneReadBeforeIsNotReadAgain() {
        let memo = ParseMemo()
        let inputs = ParseMemoTests.startInputs.prefix(2)
        for input in inputs + inputs {
            #expect(ParseMemoTests.items(input, memo: memo) == ParseMemoTests.items(input, memo: nil))
        }
        #expect(memo.prefixHits == 3)
        #expect(memo.hits == 3)
        let lines = ParseMemoTests.items(inputs.last!, memo: memo)
        #expect(lines.contains { $0.hasPrefix("VEVENT@21[UID@22:b") })
    }

    /// With the limits as they are, and with one the VTIMEZONE's parts
    /// pass when it stands bare and not inside a VCALENDAR.
    @Test(arguments: [10, 2]) func theSameItemsWithAMemoAsWithout(maxDepth: Int) {
        var limits = ICalLimits()
        limits.maxLineBytes = 200
        limits.maxDepth = maxDepth
        let memo = ParseMemo()
        // Twice round: each input after every other has left its VTIMEZONE in the memo.
        for (round, input) in (ParseMemoTests.inputs + ParseMemoTests.inputs).enumerated() {
            let alone = ParseMemoTests.items(input, memo: nil, limits: limits)
            #expect(ParseMemoTests.items(input, memo: memo, limits: limits) == alone, "input \(round)")
        }
        #expect(memo.hits > 0)
    }

    /// One that keeps what was written is made from its collected lines: no memo.
    @Test func aStoredFormIsReadEachTime() {
        var limits = ICalLimits()
        limits.keepsStoredForm = true
        let memo = ParseMemo()
        let file = ParseMemoTests.calendar(ParseMemoTests.zone + ParseMemoTests.event)
        _ = ParseMemoTests.items(file, memo: memo, limits: limits)
        #expect(ParseMemoTests.items(file, memo: memo, limits: limits) == ParseMemoTests.items(file, memo: nil, limits: limits))
        #expect(memo.hits == 0)
    }
}
