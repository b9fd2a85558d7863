import EventModel
import Export
import Foundation
import ICal
import Import
import Plumbing
import TestSupport
import Testing
@testable import Convert

/// A content line as the .ics reader keeps it.
func stored(_ line: String) -> StoredProperty {
    let bytes = Array(line.utf8) + [0]
    return bytes.withUnsafeBufferPointer { StoredProperty(line: $0)! }
}

/// One property as jCal.
func jcal(_ line: String) -> String {
    var out = ByteWriter()
    JCalWriter.append(stored(line), to: &out)
    return String(decoding: out.bytes, as: UTF8.self)
}

/// What a read keeping the stored form gives: the calendar's properties and its top-level components, in order.
func storedCalendar(_ text: String, name: String = "test.ics") -> (properties: [StoredProperty], components: [StoredComponent], errors: [Diagnostic]) {
    var properties: [StoredProperty] = []
    var components: [StoredComponent] = []
    var errors: [Diagnostic] = []
    _ = Importer().read([.bytes(Array(text.utf8), name: name)], stored: { item in
        switch item {
        case .calendarProperty(let property, _, _): properties.append(property)
        case .event(_, let form, _): if let form { components.append(form) }
        case .timezone(let form, _), .other(let form, _): components.append(form)
        }
        return true
    }, diagnostic: { if $0.severity == .error { errors.append($0) } })
    return (properties, components, errors)
}

/// A whole calendar as jCal.
func jcalDocument(_ properties: [StoredProperty], _ components: [StoredComponent]) -> [UInt8] {
    var out = ByteWriter()
    var writer = JCalWriter()
    writer.begin(calendarProperties: properties, into: &out)
    for component in components { writer.write(component, into: &out) }
    writer.end(into: &out)
    return out.bytes
}

/// JSON texts compared as values (key order, spacing and number spelling aside).
func sameJSON(_ a: [UInt8], _ b: String) throws -> Bool {
    let left = try JSONSerialization.jsonObject(with: Data(a)) as? NSArray
    let right = try JSONSerialization.jsonObject(with: Data(b.utf8)) as? NSArray
    return left != nil && left == right
}

@Suite struct JCalWriterTests {
    @Test func rfc7265ExampleOne() throws {
        let ics = """
        BEGIN:VCALENDAR\r
        CALSCALE:GREGORIAN\r
        PRODID:-//Example Inc.//Example Calendar//EN\r
        VERSION:2.0\r
        BEGIN:VEVENT\r
        DTSTAMP:20080205T191224Z\r
        DTSTART;VALUE=DATE:20081006\r
        SUMMARY:Planning meeting\r
        UID:4088E990AD89CB3DBB484909\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
        let read = storedCalendar(ics)
        #expect(read.errors.isEmpty)
        let expected = """
        ["vcalendar",
          [["calscale", {}, "text", "GREGORIAN"],
           ["prodid", {}, "text", "-//Example Inc.//Example Calendar//EN"],
           ["version", {}, "text", "2.0"]],
          [["vevent",
            [["dtstamp", {}, "date-time", "2008-02-05T19:12:24Z"],
             ["dtstart", {}, "date", "2008-10-06"],
             ["summary", {}, "text", "Planning meeting"],
             ["uid", {}, "text", "4088E990AD89CB3DBB484909"]],
            []]]]
        """
        #expect(try sameJSON(jcalDocument(read.properties, read.components), expected))
    }

    @Test func rfc7265ExampleTwo() throws {
        let ics = """
        BEGIN:VCALENDAR
        PRODID:-//Example Corp.//Example Client//EN
        VERSION:2.0
        BEGIN:VTIMEZONE
        LAST-MODIFIED:20040110T032845Z
        TZID:US/Eastern
        BEGIN:DAYLIGHT
        DTSTART:20000404T020000
        RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4
        TZNAME:EDT
        TZOFFSETFROM:-0500
        TZOFFSETTO:-0400
        END:DAYLIGHT
        BEGIN:STANDARD
        DTSTART:20001026T020000
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
        TZNAME:EST
        TZOFFSETFROM:-0400
        TZOFFSETTO:-0500
        END:STANDARD
        END:VTIMEZONE
        BEGIN:VEVENT
        DTSTAMP:20060206T001121Z
        DTSTART;TZID=US/Eastern:20060102T120000
        DURATION:PT1H
        RRULE:FREQ=DAILY;COUNT=5
        RDATE;TZID=US/Eastern;VALUE=PERIOD:20060102T150000/PT2H
        SUMMARY:Event #2
        DESCRIPTION:We are having a meeting all this week at 12 pm fo
         r one hour\\, with an additional meeting on the first day 2 h
         ours long.\\nPlease bring your own lunch for the 12 pm meetin
         gs.
        UID:00959BC664CA650E933C892C@example.com
        END:VEVENT
        BEGIN:VEVENT
        DTSTAMP:20060206T001121Z
        DTSTART;TZID=US/Eastern:20060104T140000
        DURATION:PT1H
        RECURRENCE-ID;TZID=US/Eastern:20060104T120000
        SUMMARY:Event #2 bis
        UID:00959BC664CA650E933C892C@example.com
        END:VEVENT
        END:VCALENDAR

        """
        let read = storedCalendar(ics)
        #expect(read.errors.isEmpty)
        let written = jcalDocument(read.properties, read.components)
        #expect(try sameJSON(written, jCalExampleTwo), "\(String(decoding: written, as: UTF8.self))")
    }

    @Test func textIsUnescapedAndUTF8Kept() {
        #expect(jcal(#"SUMMARY:Café\, Köln\; 東京\nline two\\end"#)
                == #"["summary",{},"text","Café, Köln; 東京\nline two\\end"]"#)
        #expect(jcal(#"DESCRIPTION:a\Nb"#) == #"["description",{},"text","a\nb"]"#)
        // A comma left unescaped in a single TEXT value is still one value.
        #expect(jcal("LOCATION:Room 1, Floor 2") == #"["location",{},"text","Room 1, Floor 2"]"#)
    }

    @Test func listsBecomeSeveralValues() {
        #expect(jcal(#"CATEGORIES:work,travel\,leisure,"#) == #"["categories",{},"text","work","travel,leisure",""]"#)
        #expect(jcal("RESOURCES:PROJECTOR") == #"["resources",{},"text","PROJECTOR"]"#)
        #expect(jcal("EXDATE;TZID=Europe/Berlin:20260105T100000,20260112T100000")
                == #"["exdate",{"tzid":"Europe/Berlin"},"date-time","2026-01-05T10:00:00","2026-01-12T10:00:00"]"#)
        #expect(jcal("EXDATE;VALUE=DATE:20260105,20260112") == #"["exdate",{},"date","2026-01-05","2026-01-12"]"#)
        #expect(jcal("FREEBUSY;FBTYPE=BUSY:19980415T133000Z/19980415T170000Z,19980416T150000Z/PT1H30M")
                == #"["freebusy",{"fbtype":"BUSY"},"period",["1998-04-15T13:30:00Z","1998-04-15T17:00:00Z"],["1998-04-16T15:00:00Z","PT1H30M"]]"#)
        #expect(jcal("RDATE;VALUE=PERIOD:20260102T150000Z/PT2H") == #"["rdate",{},"period",["2026-01-02T15:00:00Z","PT2H"]]"#)
    }

    @Test func parametersInLowerCaseListsAsArraysValueDropped() {
        #expect(jcal(#"ATTENDEE;ROLE=REQ-PARTICIPANT;DELEGATED-TO="mailto:a@example.com","mailto:b@example.com";CN="Doe, Jane":mailto:jane@example.com"#)
                == #"["attendee",{"role":"REQ-PARTICIPANT","delegated-to":["mailto:a@example.com","mailto:b@example.com"],"cn":"Doe, Jane"},"cal-address","mailto:jane@example.com"]"#)
        #expect(jcal(#"ORGANIZER;MEMBER="mailto:list@example.com":mailto:boss@example.com"#)
                == #"["organizer",{"member":"mailto:list@example.com"},"cal-address","mailto:boss@example.com"]"#)
        #expect(jcal("DTSTART;VALUE=DATE-TIME;TZID=America/New_York:20260102T090000")
                == #"["dtstart",{"tzid":"America/New_York"},"date-time","2026-01-02T09:00:00"]"#)
    }

    /// RFC 6868's escapes belong to iCalendar's text: jCal's strings hold the characters.
    @Test func parameterValuesLoseRFC6868sEscapes() {
        #expect(jcal(#"ATTENDEE;CN="Mia ^'M^' ^^ x^ny; ^b":mailto:mia@example.com"#)
                == #"["attendee",{"cn":"Mia \"M\" ^ x\ny; ^b"},"cal-address","mailto:mia@example.com"]"#)
    }

    @Test func rulesAsObjects() {
        #expect(jcal("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20261231T000000Z;WKST=MO")
                == #"["rrule",{},"recur",{"freq":"WEEKLY","interval":2,"byday":["MO","WE"],"until":"2026-12-31T00:00:00Z","wkst":"MO"}]"#)
        #expect(jcal("RRULE:FREQ=MONTHLY;COUNT=05;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
                == #"["rrule",{},"recur",{"freq":"MONTHLY","count":5,"byday":["MO","TU","WE","TH","FR"],"bysetpos":-1}]"#)
        #expect(jcal("RRULE:FREQ=YEARLY;BYMONTH=1,+7;BYMONTHDAY=-1;UNTIL=20301231;")
                == #"["rrule",{},"recur",{"freq":"YEARLY","bymonth":[1,7],"bymonthday":-1,"until":"2030-12-31"}]"#)
        // RFC 7529 leap months stay strings; unknown parts as written.
        #expect(jcal("RRULE:RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=5L;X-NAME=a,b")
                == #"["rrule",{},"recur",{"rscale":"CHINESE","freq":"YEARLY","bymonth":"5L","x-name":"a,b"}]"#)
        // Not a rule: kept as written.
        #expect(jcal("RRULE:FREQ=DAILY;COUNT=x") == #"["rrule",{},"unknown","FREQ=DAILY;COUNT=x"]"#)
        #expect(jcal("RRULE:FREQ=DAILY;FREQ=WEEKLY") == #"["rrule",{},"unknown","FREQ=DAILY;FREQ=WEEKLY"]"#)
    }

    @Test func numbersStructuredValuesAndOffsets() {
        #expect(jcal("GEO:37.386013;-122.082932") == #"["geo",{},"float",[37.386013,-122.082932]]"#)
        #expect(jcal("GEO:+037.5;-0.25") == #"["geo",{},"float",[37.5,-0.25]]"#)
        #expect(jcal("GEO:37.386013") == #"["geo",{},"unknown","37.386013"]"#)
        #expect(jcal(#"REQUEST-STATUS:3.1;Invalid property value;DTSTART:96-Apr-01"#)
                == #"["request-status",{},"text",["3.1","Invalid property value","DTSTART:96-Apr-01"]]"#)
        #expect(jcal(#"REQUEST-STATUS:2.8; Success\, repeating event ignored"#)
                == #"["request-status",{},"text",["2.8"," Success, repeating event ignored"]]"#)
        #expect(jcal("SEQUENCE:+007") == #"["sequence",{},"integer",7]"#)
        #expect(jcal("PRIORITY:-0") == #"["priority",{},"integer",-0]"#)
        #expect(jcal("PERCENT-COMPLETE:half") == #"["percent-complete",{},"unknown","half"]"#)
        #expect(jcal("TZOFFSETFROM:-0500") == #"["tzoffsetfrom",{},"utc-offset","-05:00"]"#)
        #expect(jcal("TZOFFSETTO:+053328") == #"["tzoffsetto",{},"utc-offset","+05:33:28"]"#)
        #expect(jcal("X-FLAG;VALUE=BOOLEAN:true") == #"["x-flag",{},"boolean",true]"#)
        #expect(jcal("X-TIME;VALUE=TIME:083000Z") == #"["x-time",{},"time","08:30:00Z"]"#)
    }

    @Test func typesFromValueAndDefaults() {
        #expect(jcal("TRIGGER;RELATED=END:-PT15M") == #"["trigger",{"related":"END"},"duration","-PT15M"]"#)
        #expect(jcal("TRIGGER;VALUE=DATE-TIME:19980101T050000Z") == #"["trigger",{},"date-time","1998-01-01T05:00:00Z"]"#)
        #expect(jcal("DURATION:P1W") == #"["duration",{},"duration","P1W"]"#)
        #expect(jcal("DURATION:P1DT2H30M") == #"["duration",{},"duration","P1DT2H30M"]"#)
        #expect(jcal("DURATION:PT1W") == #"["duration",{},"unknown","PT1W"]"#)
        #expect(jcal("ATTACH;FMTTYPE=text/plain;ENCODING=BASE64;VALUE=BINARY:VGhlIHF1aWNr")
                == #"["attach",{"fmttype":"text/plain","encoding":"BASE64"},"binary","VGhlIHF1aWNr"]"#)
        #expect(jcal("URL:https://example.com/a?b=c,d") == #"["url",{},"uri","https://example.com/a?b=c,d"]"#)
        #expect(jcal("COMPLETED:20260102T100000Z") == #"["completed",{},"date-time","2026-01-02T10:00:00Z"]"#)
    }

    @Test func unknownPropertiesAndMalformedValuesKeptAsWritten() {
        #expect(jcal(#"X-WR-CALNAME:Work\, home"#) == #"["x-wr-calname",{},"unknown","Work\\, home"]"#)
        #expect(jcal("X-MS-OLK-FORCEINSPECTOROPEN:TRUE") == #"["x-ms-olk-forceinspectoropen",{},"unknown","TRUE"]"#)
        #expect(jcal("DTSTART:20260102") == #"["dtstart",{},"unknown","20260102"]"#)
        #expect(jcal("DTSTART;TZID=Europe/Berlin:2026-01-02 10:00") == #"["dtstart",{"tzid":"Europe/Berlin"},"unknown","2026-01-02 10:00"]"#)
        // A VALUE that is malformed or names no jCal type stays, among the parameters.
        #expect(jcal("DTSTART;VALUE=DATE:2026-01-02") == #"["dtstart",{"value":"DATE"},"unknown","2026-01-02"]"#)
        #expect(jcal("X-THING;VALUE=X-SPECIAL:abc") == #"["x-thing",{"value":"X-SPECIAL"},"unknown","abc"]"#)
        #expect(jcal("X-EMPTY;X-P:") == #"["x-empty",{"x-p":""},"unknown",""]"#)
    }

    @Test func oneComponentALineValidJSON() throws {
        let child = StoredComponent(name: "VALARM", properties: [stored("ACTION:DISPLAY"), stored("TRIGGER:-PT5M")], children: [])
        let event = StoredComponent(name: "VEVENT", properties: [stored("UID:a"), stored("DTSTART:20260102T100000Z")],
                                    children: [child])
        var out = ByteWriter()
        var writer = JCalWriter()
        writer.begin(calendarProperties: [stored("VERSION:2.0")], into: &out)
        writer.write(event, into: &out)
        writer.write(event, into: &out)
        writer.end(into: &out)
        let text = String(decoding: out.bytes, as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1] == #"["vevent",[["uid",{},"text","a"],["dtstart",{},"date-time","2026-01-02T10:00:00Z"]],[["valarm",[["action",{},"text","DISPLAY"],["trigger",{},"duration","-PT5M"]],[]]]],"#)
        #expect(try JSONSerialization.jsonObject(with: Data(out.bytes)) is [Any])

        var empty = ByteWriter()
        var none = JCalWriter()
        none.end(into: &empty)
        #expect(String(decoding: empty.bytes, as: UTF8.self) == "[\"vcalendar\",[],[\n]]\n")
    }
}
