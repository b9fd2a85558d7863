@testable import ICal
import Testing

/// Parses `text` (lines joined with CRLF) and returns every item.
func parse(_ lines: [String], limits: ICalLimits = ICalLimits()) -> [ICalItem] {
    parse(bytes: Array((lines.joined(separator: "\r\n") + "\r\n").utf8), limits: limits)
}

func parse(bytes: [UInt8], limits: ICalLimits = ICalLimits()) -> [ICalItem] {
    var items: [ICalItem] = []
    ICalStreamParser(limits: limits).parse(ByteSource(bytes: bytes)) { items.append($0); return true }
    return items
}

extension Array where Element == ICalItem {
    var components: [ICalComponent] { compactMap { if case .component(let c) = $0 { c } else { nil } } }
    var problems: [ICalProblem] { compactMap { if case .problem(let p) = $0 { p } else { nil } } }
    var calendarProperties: [ICalProperty] { compactMap { if case .calendarProperty(let p, _) = $0 { p } else { nil } } }
}

@Suite struct ICalStreamParserTests {
    @Test func readsComponentsPropertiesParametersAndLines() {
        let items = parse([
            "BEGIN:VCALENDAR", "X-WR-CALNAME:Work\\, home", "BEGIN:VEVENT", "UID:a",
            "DTSTART;TZID=America/New_York:20261102T093000",
            "SUMMARY:Tea\\, cake\\nand more",
            "ATTENDEE;CN=\"Doe, J\";PARTSTAT=DECLINED:mailto:j@example.com",
            "BEGIN:VALARM", "TRIGGER:-PT15M", "ACTION:DISPLAY", "END:VALARM",
            "END:VEVENT", "END:VCALENDAR",
        ])
        #expect(items.problems.isEmpty)
        #expect(items.calendarProperties.map(\.value) == ["Work, home"])
        let event = try! #require(items.components.first)
        #expect(event.name == "VEVENT")
        #expect(event.line == 3)
        #expect(event.first("DTSTART")?.parameter("TZID") == "America/New_York")
        #expect(event.first("DTSTART")?.value == "20261102T093000")
        #expect(event.first("DTSTART")?.line == 5)
        #expect(event.first("SUMMARY")?.value == "Tea, cake\nand more")
        let attendee = try! #require(event.first("ATTENDEE"))
        #expect(attendee.parameter("CN") == "Doe, J")
        #expect(attendee.parameter("PARTSTAT") == "DECLINED")
        #expect(attendee.line == 7)
        #expect(event.children.map(\.name) == ["VALARM"])
        #expect(event.children.first?.first("TRIGGER")?.line == 9)
    }

    /// A component whose lines are all read by busylife itself skips
    /// libical; adding one line libical reads (URL) sends it through
    /// libical. Both must give the same properties, in order, with lines.
    @Test func componentsLibicalSeesNothingOfAreReadAsThroughLibical() {
        let body = [
            "UID:a", "DTSTART;TZID=Europe/Berlin:20261102T093000", "SUMMARY:Tea\\, cake", "X-CUSTOM;X-P=1:v",
            "ATTENDEE;CN=\"Doe, J\":mailto:j@example.com", "CATEGORIES:a,b",
            "BEGIN:VALARM", "DESCRIPTION:Soon", "END:VALARM", "LOCATION:Room 1",
        ]
        func read(_ extra: [String]) -> ICalComponent {
            let items = parse(["BEGIN:VCALENDAR", "BEGIN:VEVENT"] + extra + body + ["END:VEVENT", "END:VCALENDAR"])
            #expect(items.problems.isEmpty)
            return items.components[0]
        }
        let alone = read([])
        let withLibical = read(["URL:https://example.com/a"])
        func shape(_ c: ICalComponent, shift: Int) -> [String] {
            [c.name + "@\(c.name == "VEVENT" ? c.line : c.line - shift)"]
                + c.properties.filter { $0.name != "URL" }.map {
                    "\($0.name)@\($0.line - shift)=\($0.value);" + $0.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
                }
                + c.children.flatMap { shape($0, shift: shift) }
        }
        #expect(shape(alone, shift: 0) == shape(withLibical, shift: 1))
        #expect(alone.first("SUMMARY")?.value == "Tea, cake")
        #expect(alone.children.map(\.name) == ["VALARM"])
        #expect(alone.children[0].first("DESCRIPTION")?.line == 10)
    }

    /// Parameters are found where they lie in the line: the first, one
    /// after it, a quoted value holding `;` and `:`, a name asked in any
    /// case, and one that is not there.
    @Test func parametersAreFoundInTheLineAsWritten() {
        let items = parse([
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:p",
            "ATTENDEE;cn=\"Doe; J: Jr\";PARTSTAT=ACCEPTED;X-Empty=;X-NONE:mailto:j@example.com",
            "DTSTART;TZID=Europe/Berlin:20261102T093000",
            "END:VEVENT", "END:VCALENDAR",
        ])
        let event = try! #require(items.components.first)
        let attendee = try! #require(event.first(.attendee))
        #expect(attendee.parameter("CN") == "Doe; J: Jr")
        #expect(attendee.parameter("PARTSTAT") == "ACCEPTED")
        #expect(attendee.parameter("X-EMPTY") == "")
        #expect(attendee.parameter("X-NONE") == "")
        #expect(attendee.parameter("ROLE") == nil)
        #expect(attendee.parameters.map { "\($0.name)=\($0.value)" } == ["CN=Doe; J: Jr", "PARTSTAT=ACCEPTED", "X-EMPTY=", "X-NONE="])
        #expect(attendee.value == "mailto:j@example.com")
        var tzid: String?
        event.first(.dtstart)?.withParameter("TZID") { tzid = String(decoding: $0, as: UTF8.self) }
        #expect(tzid == "Europe/Berlin")
        var value = ""
        event.first(.dtstart)?.withValue { value = String(decoding: $0, as: UTF8.self) }
        #expect(value == "20261102T093000")
    }

    /// Each property read knows its kind, as its name says, whether libical
    /// read the component or not; names busylife never looks up are `other`.
    @Test func propertiesKnowTheirKind() {
        for extra in [[], ["URL:https://example.com/a"]] {
            let items = parse(["BEGIN:VCALENDAR", "BEGIN:VEVENT"] + extra + [
                "UID:k", "DTSTART:20261102T093000Z", "RECURRENCE-ID:20261102T093000Z", "X-BUSYLIFE-TYPE:2",
                "X-OTHER:x", "SUMMARY:s", "END:VEVENT", "END:VCALENDAR",
            ])
            let event = try! #require(items.components.first)
            for property in event.properties {
                #expect(property.kind == ICalPropertyKind(name: property.name))
            }
            #expect(event.first(.recurrenceID)?.line == 5 + extra.count)
            #expect(event.first(.busyLifeType)?.value == "2")
            #expect(event.properties.filter { $0.kind == .other }.map(\.name) == extra.map { _ in "URL" } + ["X-OTHER"])
            #expect(!event.has(.rrule) && event.has(.summary))
        }
        #expect(ICalProperty(name: "DTEND", value: "x", line: 1).kind == .dtend)
    }

    /// DTSTAMP, CREATED and LAST-MODIFIED lines that are plainly valid
    /// are kept from libical, and so are an alarm's plain ACTION and
    /// TRIGGER and a plain CLASS and PRIORITY; any other goes to libical,
    /// which still says when it is malformed. Either way the same
    /// properties come of it.
    @Test func plainDateTimesAreKeptFromLibicalAndOthersStillJudged() {
        func plain(_ line: String) -> Bool {
            var line = line
            let nameLength = line.utf8.prefix { $0 != 0x3A && $0 != 0x3B }.count
            return line.withUTF8 { LineTree.isPlainDateTime($0, nameLength: nameLength) }
        }
        #expect(plain("DTSTAMP:20261122T090000Z"))
        #expect(plain("CREATED:20261122T090000"))
        #expect(plain("LAST-MODIFIED:20240229T235959Z"))
        #expect(!plain("LAST-MODIFIED:20230229T000000Z"))  // no such day
        #expect(!plain("DTSTAMP:20261122T240000Z"))
        #expect(!plain("DTSTAMP;X-A=1:20261122T090000Z"))  // parameters: libical judges them
        #expect(!plain("DTSTAMP:20261122T090000Z "))
        #expect(!plain("DTSTAMP:20261122"))
        #expect(!plain("DTSTAMP:2026112"))
        func plainAlarm(_ line: String, _ test: (UnsafeBufferPointer<UInt8>, Int) -> Bool) -> Bool {
            var line = line
            let nameLength = line.utf8.prefix { $0 != 0x3A && $0 != 0x3B }.count
            return line.withUTF8 { test($0, nameLength) }
        }
        for good in ["TRIGGER:-PT15M", "TRIGGER:-P0DT0H30M0S", "TRIGGER:P1W", "TRIGGER:+P2D", "TRIGGER:PT1H", "TRIGGER:PT30S"] {
            #expect(plainAlarm(good, LineTree.isPlainDuration), "\(good)")
        }
        for bad in ["TRIGGER:-PT", "TRIGGER:P", "TRIGGER:PT1H30S", "TRIGGER:P1W2D", "TRIGGER:-pt15m", "TRIGGER:19980403T120000",
                    "TRIGGER;VALUE=DURATION:-PT15M", "TRIGGER:-PT15M ", "TRIGGER"] {
            #expect(!plainAlarm(bad, LineTree.isPlainDuration), "\(bad)")
        }
        func word(_ words: [[UInt8]]) -> (UnsafeBufferPointer<UInt8>, Int) -> Bool {
            { LineTree.isPlainWord($0, nameLength: $1, words) }
        }
        #expect(plainAlarm("ACTION:DISPLAY", word(LineTree.actions)) && plainAlarm("ACTION:AUDIO", word(LineTree.actions)))
        #expect(!plainAlarm("ACTION:PROCEDURE", word(LineTree.actions)) && !plainAlarm("ACTION:display", word(LineTree.actions)))
        #expect(plainAlarm("CLASS:PUBLIC", word(LineTree.classes)) && !plainAlarm("CLASS:SECRET", word(LineTree.classes)))
        #expect(plainAlarm("PRIORITY:5", word(LineTree.priorities)) && plainAlarm("PRIORITY:0", word(LineTree.priorities)))
        #expect(!plainAlarm("PRIORITY:10", word(LineTree.priorities)) && !plainAlarm("PRIORITY:-1", word(LineTree.priorities)))

        let items = parse([
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:d", "DTSTAMP:20261122T090000Z", "CREATED:garbage",
            "LAST-MODIFIED;X-P=1:20260101T000000Z", "DTSTART:20261122T100000Z", "END:VEVENT", "END:VCALENDAR",
        ])
        let event = items.components[0]
        #expect(event.properties.map(\.name) == ["UID", "DTSTAMP", "LAST-MODIFIED", "DTSTART"])
        #expect(event.first(.dtstamp)?.value == "20261122T090000Z")
        #expect(event.first(.lastModified)?.parameter("X-P") == "1")
        #expect(event.problems.map(\.kind) == [.unusedProperty])
        #expect(event.problems.first?.message.hasPrefix("CREATED is malformed") == true)
        #expect(event.problems.first?.line == 5)
    }

    @Test func unfoldsFoldedLinesAndAcceptsBareLineFeeds() {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:a long\n  title\n\tcontinued\nUID:x\nEND:VEVENT\nEND:VCALENDAR\n"
        let items = parse(bytes: Array(text.utf8))
        #expect(items.components.first?.first("SUMMARY")?.value == "a long title" + "continued")
        #expect(items.components.first?.first("UID")?.line == 6)
    }

    /// BEGIN and END in any case, with blanks around the name, open and
    /// close components; names that only start like them are properties.
    @Test func beginAndEndAreFoundInAnyCase() {
        let items = parse(["begin:vcalendar", "Begin: VEvent ", "UID:x", "BEGINNING:not a component",
                           "EXDATE:20261122T090000Z", "eNd:vevent", "End:VCALENDAR"])
        #expect(items.problems.isEmpty)
        #expect(items.components.map(\.name) == ["VEVENT"])
        #expect(items.components.first?.properties.map(\.name) == ["UID", "BEGINNING", "EXDATE"])
    }

    /// BEGIN: or END: with no name (or blanks only) is a skipped line: it
    /// crashed, libical making a component of no name of it.
    @Test func beginAndEndWithoutANameAreSkipped() {
        let items = parse(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:a", "BEGIN:", "X-IN:1", "end:  ", "END:VEVENT",
                           "END:VCALENDAR"])
        #expect(items.problems.map(\.kind) == [.parse, .parse])
        #expect(items.problems.map(\.line) == [4, 6])
        #expect(items.problems.first?.message == "BEGIN: without a component name; line skipped")
        #expect(items.components.map(\.name) == ["VEVENT"])
        #expect(items.components.first?.properties.map(\.name) == ["UID", "X-IN"])
    }

    @Test func dropsAnOverlongLineButKeepsTheComponent() {
        let long = "DESCRIPTION:" + String(repeating: "x", count: 5000)
        let items = parse(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:a", long, "SUMMARY:kept", "END:VEVENT", "END:VCALENDAR"],
                          limits: ICalLimits(maxLineBytes: 1000))
        #expect(items.problems.map(\.kind) == [.lineTooLong])
        #expect(items.problems.first?.line == 4)
        #expect(items.problems.first?.message.contains("(DESCRIPTION)") == true)  // named, though one chunk holds it
        #expect(items.components.first?.first("SUMMARY")?.value == "kept")
        #expect(items.components.first?.first("DESCRIPTION") == nil)
    }

    @Test func skipsTooDeepNestingAndGoesOn() {
        var lines = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:deep"]
        lines += (0..<50).map { "BEGIN:X-N\($0)" } + (0..<50).reversed().map { "END:X-N\($0)" }
        lines += ["END:VEVENT", "BEGIN:VEVENT", "UID:fine", "END:VEVENT", "END:VCALENDAR"]
        let items = parse(lines)
        #expect(items.problems.map(\.kind) == [.nestingTooDeep])
        #expect(items.components.map { $0.first("UID")?.value } == ["fine"])
    }

    @Test func keepsTheCompleteComponentsOfATruncatedFile() {
        let items = parse(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:one", "END:VEVENT", "BEGIN:VEVENT", "UID:two", "SUMM"])
        #expect(items.components.map { $0.first("UID")?.value } == ["one"])
        #expect(items.problems.map(\.kind) == [.unbalanced])
        #expect(items.problems.first?.line == 5)
    }

    @Test func recoversWhenAComponentLosesItsEnd() {
        let items = parse(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:lost", "BEGIN:VEVENT", "UID:next", "END:VEVENT", "END:VCALENDAR"])
        #expect(items.components.map { $0.first("UID")?.value } == ["next"])
        #expect(items.problems.first?.kind == .unbalanced)
    }

    @Test func reportsBinaryLinesAndRepairsBadUTF8() {
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:caf".utf8)
        bytes += [0xE9]  // Latin-1 é: not UTF-8
        bytes += Array("\r\nX-JUNK:\u{0}\u{1}\u{2}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let items = parse(bytes: bytes)
        #expect(Set(items.problems.map(\.kind)) == [.invalidUTF8, .binaryData])
        #expect(items.problems.first { $0.kind == .invalidUTF8 }?.line == 4)
        #expect(items.components.first?.first("SUMMARY")?.value == "caf\u{FFFD}")
    }

    @Test func valuesBusylifeReadsItselfAreKeptAsWrittenWhenLibicalRefusesThem() {
        let items = parse(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:a", "DTEND:2026023", "RRULE:FREQ=SOMETIMES", "END:VEVENT", "END:VCALENDAR"])
        let event = try! #require(items.components.first)
        #expect(event.problems.isEmpty)
        #expect(event.first("DTEND").map { "\($0.line) \($0.value)" } == "4 2026023")
        #expect(event.first("RRULE").map { "\($0.line) \($0.value)" } == "5 FREQ=SOMETIMES")
    }

    @Test func aQuoteNeverClosedIsAPlainCharacterWithAProblem() throws {
        let items = parse(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:a",
                           "ATTENDEE;PARTSTAT=DECLINED;CN=a\"b:mailto:me@example.com", "END:VEVENT", "END:VCALENDAR"])
        let event = try #require(items.components.first)
        let attendee = try #require(event.first("ATTENDEE"))
        #expect(attendee.value == "mailto:me@example.com")
        #expect(attendee.parameter("PARTSTAT") == "DECLINED")
        #expect(attendee.parameter("CN") == "a\"b")
        #expect(event.problems.map { "\($0.line) \($0.kind.rawValue)" } == ["4 repaired-value"])
    }

    @Test func libicalsErrorsAreClassifiedByPropertyAndReason() {
        let items = parse([
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:a",
            "DESCRIPTION:", "LOCATION;VALUE=URI:geo:1,2", "RELATED-TO;VALUE=UID:b",  // valid: kept
            "LINK;LINKREL=SOURCE;VALUE=URI:https://example.com", "DRESSCODE:casual",  // iana-tokens: kept
            "DTSTAMP:2026112", "GEO:abc",  // never read: notes
            "BEGIN:VALARM", "TRIGGER:soon", "PROXIMITY:ARRIVE", "END:VALARM",
            "DTSTA>P:20260101", "SUMMARY:after",  // a garbled name: dropped
            "END:VEVENT", "END:VCALENDAR",
        ])
        let event = try! #require(items.components.first)
        #expect(event.first("DESCRIPTION")?.value == "")
        #expect(event.first("LOCATION")?.value == "geo:1,2")
        #expect(event.first("RELATED-TO")?.parameter("VALUE") == "UID")
        #expect(event.first("LINK")?.line == 7)
        #expect(event.first("DRESSCODE")?.value == "casual")
        #expect(event.first("SUMMARY")?.line == 16)
        #expect(event.problems.map { "\($0.line) \($0.kind.rawValue)" } == ["9 unused-property", "10 unused-property", "15 parse-error"])
        let alarm = try! #require(event.children.first)
        #expect(alarm.problems.map { "\($0.line) \($0.kind.rawValue)" } == ["12 unused-property"])
        #expect(alarm.first("PROXIMITY")?.value == "ARRIVE")
    }

    /// RRULE and EXRULE lines never reach libical: they are taken from our
    /// own lines in file order, and libical's errors on the lines around
    /// them still land on the right lines.
    @Test func rulesAreTakenInOrderBesideLibicalsErrors() throws {
        let items = parse([
            "BEGIN:VCALENDAR", "BEGIN:VTIMEZONE", "TZID:X", "BEGIN:STANDARD", "DTSTART:19701025T030000",
            "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:a", "RRULE:FREQ=DAILY", "DTSTA>P:20260101", "rrule;X-A=1:FREQ=SOMETIMES",
            "DTSTAMP:2026112", "EXRULE;X=\"a:FREQ=WEEKLY", "RRULE", "SUMMARY:s", "RRULE:FREQ=MONTHLY",
            "END:VEVENT", "END:VCALENDAR",
        ])
        let zone = try #require(items.components.first)
        #expect(zone.children.first?.properties.map { "\($0.line) \($0.name)" }
                == ["5 DTSTART", "6 RRULE", "7 TZOFFSETFROM", "8 TZOFFSETTO"])
        let event = try #require(items.components.last)
        #expect(event.properties.map { "\($0.line) \($0.name)" }
                == ["12 UID", "13 RRULE", "15 RRULE", "17 EXRULE", "19 SUMMARY", "20 RRULE"])
        #expect(event.all("RRULE").map(\.value) == ["FREQ=DAILY", "FREQ=SOMETIMES", "FREQ=MONTHLY"])
        #expect(event.all("RRULE")[1].parameter("X-A") == "1")
        #expect(event.problems.map { "\($0.line) \($0.kind.rawValue)" }
                == ["14 parse-error", "16 unused-property", "17 repaired-value", "18 parse-error"])
    }

    @Test func garbageOutsideComponentsIsOneProblem() {
        let items = parse(["%PDF-1.4 garbage", "more garbage", "BEGIN:VCALENDAR", "END:VCALENDAR"])
        #expect(items.problems.map(\.kind) == [.strayContent])
        #expect(items.problems.first?.line == 1)
    }

    @Test func stopsAtTheComponentLimit() {
        let lines = ["BEGIN:VCALENDAR"] + (0..<5).flatMap { ["BEGIN:VEVENT", "UID:\($0)", "END:VEVENT"] } + ["END:VCALENDAR"]
        let items = parse(lines, limits: ICalLimits(maxComponents: 3))
        #expect(items.components.count == 3)
        #expect(items.problems.map(\.kind) == [.tooManyComponents])
    }

    @Test func readsATenMegabyteLineWithoutHoldingIt() {
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDESCRIPTION:".utf8)
        bytes += [UInt8](repeating: 0x61, count: 10 << 20)
        bytes += Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let items = parse(bytes: bytes)
        #expect(items.problems.map(\.kind) == [.lineTooLong])
        #expect(items.components.count == 1)
    }
}

@Suite struct LibicalRuleTests {
    @Test func parsesEveryPart() throws {
        let rule = try LibicalRule.parse(
            "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1MO,-1FR,WE;BYMONTHDAY=1,-1;BYMONTH=1,6;BYSETPOS=-1;BYHOUR=9;BYMINUTE=30;BYSECOND=0;WKST=SU"
        ).get()
        #expect(rule.frequency == .monthly)
        #expect(rule.interval == 2)
        #expect(rule.count == 10)
        // libical sorts BYDAY by weekday; order carries no meaning.
        #expect(rule.byDay == [.init(ordinal: 1, weekday: 1), .init(ordinal: 0, weekday: 3), .init(ordinal: -1, weekday: 5)])
        #expect(rule.byMonthDay == [1, -1])
        #expect(rule.byMonth == [1, 6])
        #expect(rule.bySetPos == [-1])
        #expect(rule.byHour == [9] && rule.byMinute == [30] && rule.bySecond == [0])
        #expect(rule.weekStart == 7)
    }

    @Test func keepsUntilAsWritten() throws {
        let rule = try LibicalRule.parse("FREQ=YEARLY;BYWEEKNO=20;BYYEARDAY=-1;UNTIL=20301231T000000Z").get()
        #expect(rule.until == "20301231T000000Z")
        #expect(rule.byWeekNo == [20])
        #expect(rule.byYearDay == [-1])
        #expect(rule.weekStart == 1)
    }

    @Test func refusesNonsense() {
        #expect(throws: LibicalRuleError.self) { try LibicalRule.parse("FREQ=SOMETIMES").get() }
        #expect(throws: LibicalRuleError.self) { try LibicalRule.parse("").get() }
    }
}
