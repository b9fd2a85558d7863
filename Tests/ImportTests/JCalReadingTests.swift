import EventModel
import Foundation
import ICal
import TestSupport
import Testing
@testable import Import

/// The iCalendar text a jCal text stands for, and what the transcoder reported.
private func transcode(_ json: String) -> (text: String, diagnostics: [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    let transcoder = JCalTranscoder(source: ByteSource(bytes: Array(json.utf8)), file: "t.jcal") { diagnostics.append($0) }
    let bytes = ByteSource(pulling: transcoder.read(into:)).readAll() ?? []
    return (String(decoding: bytes, as: UTF8.self), diagnostics)
}

/// The content lines of a transcoded text, blank lines dropped.
private func contentLines(_ json: String) -> [String] {
    transcode(json).text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
}

/// One property of a VEVENT read from jCal, as the iCalendar line it becomes.
private func line(_ property: String) -> String? {
    let lines = contentLines(#"["vcalendar",[],[["vevent",[\#(property)],[]]]]"#)
    return lines.count == 5 ? lines[2] : nil
}

private let exampleOne = """
["vcalendar",
  [
    ["calscale", {}, "text", "GREGORIAN"],
    ["prodid", {}, "text", "-//Example Inc.//Example Calendar//EN"],
    ["version", {}, "text", "2.0"]
  ],
  [
    ["vevent",
      [
        ["dtstamp", {}, "date-time", "2008-02-05T19:12:24Z"],
        ["dtstart", {}, "date", "2008-10-06"],
        ["summary", {}, "text", "Planning meeting"],
        ["uid", {}, "text", "4088E990AD89CB3DBB484909"]
      ],
      []
    ]
  ]
]
"""

@Suite struct JCalReadingTests {
    @Test func detectedByContent() {
        #expect(InputFormat.detect(Array(#"["vcalendar",[],[]]"#.utf8), path: "a.json") == .jcal)
        #expect(InputFormat.detect(Array(" \r\n[ \n\t\"VCalendar\" ,[],[]]".utf8), path: "-") == .jcal)
        #expect(InputFormat.detect(Array("[{\"startDate\": 1}]".utf8), path: "a.jcal") == .busyLifeJSON)
        #expect(InputFormat.detect(Array("[]".utf8), path: "a") == .busyLifeJSON)
        #expect(InputFormat.detect(Array("[\"vcal\"]".utf8), path: "a") == .busyLifeJSON)
        #expect(InputFormat.detect(Array("BEGIN:VCALENDAR".utf8), path: "a.json") == .ics)
    }

    @Test func rfc7265ExampleOne() {
        let result = importText([("example.jcal", exampleOne)])
        #expect(result.diagnostics.isEmpty)
        #expect(result.report.jcalFiles == 1 && result.report.icsFiles == 0 && result.report.jsonFiles == 0)
        #expect(result.events.count == 1)
        let event = result.events.first
        #expect(event?.uid == "4088E990AD89CB3DBB484909")
        #expect(event?.title == "Planning meeting")
        #expect(event?.start == .date(LocalDate(year: 2008, month: 10, day: 6)!))
        #expect(event?.source.line == 8)  // the VEVENT's array
    }

    @Test func rfc7265ExampleTwo() {
        let result = importText([("example.json", jCalExampleTwo)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.events.count == 2)
        guard result.events.count == 2 else { return }
        let (master, override) = (result.events[0], result.events[1])
        #expect(master.title == "Event #2")
        #expect(master.start.iso8601 == "2006-01-02T12:00:00-05:00")
        #expect(master.duration?.description == "PT1H")
        #expect(master.recurrence.rules.first?.count == 5)
        #expect(master.recurrence.dates.count == 1)
        #expect(master.description == "We are having a meeting all this week at 12 pm for one hour, with an additional meeting on the first day 2 hours long.\nPlease bring your own lunch for the 12 pm meetings.")
        #expect(override.title == "Event #2 bis")
        #expect(override.recurrenceID != nil)
        #expect(override.start.iso8601 == "2006-01-04T14:00:00-05:00")
        #expect(master.source.line == 35 && override.source.line == 48)
    }

    @Test func writesICalendarForms() {
        #expect(line(#"["summary",{},"text","a, b; c\\d\ne\r\nf"]"#) == #"SUMMARY:a\, b\; c\\d\ne\nf"#)
        #expect(line(#"["categories",{},"text","work","a,b"]"#) == #"CATEGORIES:work,a\,b"#)
        #expect(line(#"["dtstart",{"tzid":"Europe/Berlin"},"date-time","2026-01-02T10:00:00"]"#)
                == "DTSTART;TZID=Europe/Berlin:20260102T100000")
        #expect(line(#"["dtstart",{},"date","2026-01-02"]"#) == "DTSTART;VALUE=DATE:20260102")
        #expect(line(#"["exdate",{},"date-time","2026-01-05T10:00:00Z","2026-01-12T10:00:00Z"]"#)
                == "EXDATE:20260105T100000Z,20260112T100000Z")
        #expect(line(#"["rdate",{},"period",["2026-01-02T15:00:00Z","PT2H"],["2026-01-03T15:00:00Z","2026-01-03T16:00:00Z"]]"#)
                == "RDATE;VALUE=PERIOD:20260102T150000Z/PT2H,20260103T150000Z/20260103T160000Z")
        #expect(line(#"["rrule",{},"recur",{"freq":"WEEKLY","interval":2,"byday":["MO","WE"],"until":"2026-12-31T00:00:00Z","bysetpos":[-1]}]"#)
                == "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20261231T000000Z;BYSETPOS=-1")
        #expect(line(#"["geo",{},"float",[37.386013,-122.082932]]"#) == "GEO:37.386013;-122.082932")
        #expect(line(#"["request-status",{},"text",["2.0","Success; done"]]"#) == #"REQUEST-STATUS:2.0;Success\; done"#)
        #expect(line(#"["tzoffsetfrom",{},"utc-offset","-05:00"]"#) == "TZOFFSETFROM:-0500")
        #expect(line(#"["x-flag",{},"boolean",true]"#) == "X-FLAG;VALUE=BOOLEAN:TRUE")
        #expect(line(#"["x-when",{},"time","08:30:00"]"#) == "X-WHEN;VALUE=TIME:083000")
        #expect(line(#"["sequence",{},"integer",3]"#) == "SEQUENCE:3")
        #expect(line(#"["trigger",{"related":"END"},"date-time","1998-01-01T05:00:00Z"]"#)
                == "TRIGGER;VALUE=DATE-TIME;RELATED=END:19980101T050000Z")
        // unknown: as it came, with the VALUE the parameters carry.
        #expect(line(#"["x-wr-calname",{},"unknown","Work\\, home"]"#) == #"X-WR-CALNAME:Work\, home"#)
        #expect(line(#"["dtstart",{"value":"DATE"},"unknown","2026-01-02"]"#) == "DTSTART;VALUE=DATE:2026-01-02")
        #expect(line(#"["dtstart",{"value":"DATE"},"date-time","2026-01-02T10:00:00"]"#) == "DTSTART:20260102T100000")
        // Parameters: lists, quoting, characters no parameter value can hold.
        #expect(line(#"["attendee",{"delegated-to":["mailto:a@x","mailto:b@x"],"cn":"Doe, Jane","x-n":5},"cal-address","mailto:j@x"]"#)
                == #"ATTENDEE;DELEGATED-TO="mailto:a@x","mailto:b@x";CN="Doe, Jane";X-N=5:mailto:j@x"#)
        #expect(line(#"["location",{"altrep":"say \"hi\"\nnow"},"text","x"]"#) == #"LOCATION;ALTREP=say ^'hi^'^nnow:x"#)
        #expect(line(#"["location",{"altrep":"say \"hi\", now"},"text","x"]"#) == #"LOCATION;ALTREP="say ^'hi^', now":x"#)
        #expect(line(#"["attendee",{"cn":"a^nb^^"},"cal-address","mailto:x"]"#) == #"ATTENDEE;CN=a^^nb^^^^:mailto:x"#)
        // Names as the .ics reader takes them; none that would break the line.
        #expect(line(#"[" refresh - interval ",{"x-ä":"1"},"unknown","P1D"]"#) == "REFRESH - INTERVAL;X-Ä=1:P1D")
        #expect(line(#"["x-a:b",{},"text","x"]"#) == nil)
        #expect(line(#"["x-a",{"p=q":"1"},"text","x"]"#) == nil)
        // A type jCal does not define is named by VALUE.
        #expect(line(#"["x-thing",{},"x-special","abc"]"#) == "X-THING;VALUE=X-SPECIAL:abc")
    }

    @Test func lineNumbersPointIntoTheJCalFile() {
        // Pretty: each property on its own line keeps its own line.
        let pretty = """
        ["vcalendar", [], [
          ["vevent", [
            ["uid", {}, "text", "a"],
            ["dtstart", {}, "date-time", "2026-02-30T10:00:00"],
            ["summary", {}, "text", "bad date"]
          ], []]
        ]]
        """
        let result = importText([("p.jcal", pretty)])
        #expect(result.diagnostics.contains { $0.source.line == 4 && $0.severity == .error }, "\(result.diagnostics)")
        // Compact: every line of a component points at the component's line.
        let compact = "[\"vcalendar\",[],[\n"
            + #"["vevent",[["uid",{},"text","a"],["dtstart",{},"date-time","2026-01-02T10:00:00Z"]],[]],"# + "\n"
            + #"["vevent",[["uid",{},"text","b"],["dtstart",{},"date-time","2026-02-30T10:00:00"]],[]]"# + "\n]]"
        let second = importText([("c.jcal", compact)])
        #expect(second.events.map(\.source.line) == [2])
        #expect(!second.diagnostics.isEmpty && second.diagnostics.allSatisfy { $0.source.line == 3 }, "\(second.diagnostics)")
    }

    @Test func malformedJCalGivesDiagnosticsNotCrashes() {
        func read(_ json: String) -> Imported { importText([("m.jcal", json)]) }
        func errors(_ result: Imported) -> [Diagnostic] { result.diagnostics.filter { $0.severity == .error } }
        let good = #"["vevent",[["uid",{},"text","ok"],["dtstart",{},"date-time","2026-01-02T10:00:00Z"]],[]]"#

        // Properties of the wrong shape are skipped, the event is kept.
        for bad in [#"5"#, #"["uid"]"#, #"[7,{},"text","x"]"#, #"["x-a",[],"text","x"]"#, #"["x-a",{},5,"x"]"#,
                    #"["x-a",{"p":{}},"text","x"]"#, #"["x-a",{},"text",null]"#, #"["x-a",{},"text",[[["deep"]]]]"#,
                    #"["x\na",{},"text","x"]"#, #"["x-a",{},"text",{"freq":"DAILY"}]"#] {
            let result = read(#"["vcalendar",[],[["vevent",[["uid",{},"text","ok"],"# + bad
                              + #",["dtstart",{},"date-time","2026-01-02T10:00:00Z"]],[]]]]"#)
            #expect(result.events.count == 1, "\(bad)")
            #expect(errors(result).count == 1 && errors(result).allSatisfy { $0.kind == .wrongType && $0.source.line == 1 }, "\(bad): \(result.diagnostics)")
        }
        // Components of the wrong shape are skipped, the others kept.
        for bad in [#"5"#, #"[]"#, #"[5,[],[]]"#, #"["vevent",5,[]]"#, #"["vevent",[],5]"#, #"["vevent",[],[],5]"#] {
            let result = read("[\"vcalendar\",[],[\n\(bad),\n\(good)]]")
            #expect(result.events.count == 1, "\(bad): \(result.diagnostics)")
            #expect(!errors(result).isEmpty && errors(result).allSatisfy { $0.source.line == 2 }, "\(bad): \(result.diagnostics)")
        }
        // Not JSON, cut short, or more after the calendar: an error with its line.
        let truncated = read("[\"vcalendar\",[],[\n\(good),\n[\"vevent\",[[\"uid\",{},\"text\",\"cut")
        #expect(truncated.events.map(\.uid) == ["ok"])
        #expect(errors(truncated).contains { $0.kind == .invalidJSON && $0.source.line == 3 })
        #expect(errors(truncated).contains { $0.kind == .unbalanced && $0.source.line == 3 && $0.message.contains("line 3") },
                "\(truncated.diagnostics)")
        let trailing = read("[\"vcalendar\",[],[\(good)]]\n[1]")
        #expect(trailing.events.count == 1)
        #expect(errors(trailing).map(\.kind) == [.invalidJSON] && errors(trailing).first?.source.line == 2)
        for broken in ["[\"vcalendar\"", "[\"vcalendar\",[],[", "[\"vcalendar\",[],[\(good)", "[\"vcalendar\" 5",
                       "[\"vcalendar\",{},[]]", "[\"vcalendar\",[],[],[]]", "[\"vcalendar\"]", "[\"vcalendar\",[],[\(good),]]"] {
            let result = read(broken)
            #expect(result.events.count <= 1)
            #expect(result.diagnostics.allSatisfy { $0.source.line >= 1 }, "\(broken): \(result.diagnostics)")
            if broken != "[\"vcalendar\"]" { #expect(!errors(result).isEmpty, "\(broken)") }
        }
        // Nesting far too deep is skipped, without recursion.
        let deep = "[\"vcalendar\",[],[" + String(repeating: "[\"x-c\",[],[", count: 5000)
            + String(repeating: "]]", count: 5000) + "]]"
        let nested = read(deep)
        #expect(nested.diagnostics.contains { $0.kind == .wrongType || $0.kind == .nestingTooDeep })
    }

    /// Seeded mutants of jCal (the RFC's examples, a calendar a component a
    /// line) go through `MutationTests.check`: no crash, no hang, every
    /// diagnostic with a file and line, each settled; and one that still
    /// holds a `["vevent"` array gives events or diagnostics.
    @Test func mutantsReadWithoutCrashOrSilence() throws {
        let compact = "[\"vcalendar\",[[\"version\",{},\"text\",\"2.0\"],[\"x-wr-timezone\",{},\"unknown\",\"Europe/Berlin\"]],[\n"
            + #"["vevent",[["uid",{},"text","w"],["dtstart",{"tzid":"Europe/Berlin"},"date-time","2026-11-02T09:00:00"],["duration",{},"duration","PT1H"],["rrule",{},"recur",{"freq":"WEEKLY","byday":["MO","WE"],"count":20}],["exdate",{"tzid":"Europe/Berlin"},"date-time","2026-11-04T09:00:00"]],[["valarm",[["action",{},"text","DISPLAY"],["trigger",{},"duration","-PT5M"]],[]]]],"#
            + "\n" + #"["vevent",[["uid",{},"text","w"],["recurrence-id",{"tzid":"Europe/Berlin"},"date-time","2026-11-09T09:00:00"],["dtstart",{"tzid":"Europe/Berlin"},"date-time","2026-11-09T11:00:00"],["summary",{},"text","moved, again"]],[]],"#
            + "\n" + #"["vevent",[["uid",{},"text","d"],["dtstart",{},"date","2026-11-20"],["categories",{},"text","a","b"],["geo",{},"float",[1.5,2]]],[]]"#
            + "\n]]\n"
        let fixtures = [("example-one", exampleOne), ("example-two", jCalExampleTwo), ("compact", compact)]
            .map { MutationTests.Fixture(name: $0.0, bytes: Array($0.1.utf8), json: true) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-jcal-mutants-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var random = SplitMix64(seed: 7_265)
        var read = (events: 0, diagnostics: 0)
        var failures = 0
        let count = 1000
        for index in 0..<count {
            let base = fixtures[index % fixtures.count]
            var bytes = base.bytes
            for _ in 0...random.below(3) { Mutator.mutate(&bytes, json: true, others: fixtures, &random) }
            let file = directory.appendingPathComponent("mutant-\(index).jcal")
            try Data(bytes).write(to: file)
            let before = read
            var problems = MutationTests.check(bytes, path: file.path, read: &read)
            if read == before && bytes.firstRange(of: Array("[\"vevent\"".utf8)) != nil
                && InputFormat.detect(Array(bytes.prefix(4096)), path: file.path) == .jcal {
                problems.append("a VEVENT in the jCal, but neither events nor diagnostics")
            }
            if !problems.isEmpty {
                failures += 1
                Issue.record("jCal mutant \(index) of \(base.name): \(problems.joined(separator: "; "))\n\(String(decoding: bytes, as: UTF8.self))")
                if failures >= 5 { break }
            }
        }
        print("jCal mutation: \(count) mutants, \(read.events) events, \(read.diagnostics) diagnostics")
        #expect(read.events > count / 4)
        #expect(read.diagnostics > count / 10)
    }

    @Test func invalidTextIsRepairedAndSaid() {
        let result = importText([("u.jcal", #"["vcalendar",[],[["vevent",[["uid",{},"text","a"],["dtstart",{},"date-time","2026-01-02T10:00:00Z"],["summary",{},"text","x\ud800y"]],[]]]]"#)])
        #expect(result.events.first?.title == "x\u{FFFD}y")
        #expect(result.diagnostics.map(\.kind) == [.invalidUTF8])
    }
}
