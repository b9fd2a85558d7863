import EventModel
import Foundation
import Import
import TestSupport
import Testing

@Suite struct BusyLifeImportTests {
    @Test func readsBothLocationFormsFractionalSecondsAndAnyOrder() throws {
        let json = """

          [ {"startDate": 1795957200.25, "range": 1799.5, "type": 2, "title": "B", "desc": "d",
             "attends": [{"name": "Mia", "email": "mia@example.com", "avatar": "mia"}],
             "location": {"name": "Cafe", "city": "Tokyo", "latitude": 35.6, "longitude": 139.7}, "extra": true},
            {"startDate": 1795824000, "range": 60, "title": "A", "location": "Office"} ]
        """
        let result = importText([("events.json", json)])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events.map(\.title) == ["B", "A"])
        let b = result.events[0]
        #expect(b.start.instant?.description == "2026-11-29T13:00:00.250Z")
        #expect(b.end.instant == Instant(milliseconds: 1_795_958_999_750))
        #expect(b.location == Location(name: "Cafe", city: "Tokyo", latitude: 35.6, longitude: 139.7))
        #expect(b.type == 2)
        #expect(b.attendees.first?.email == "mia@example.com")
        #expect(b.source.line == 2)  // the array opens on line 2
        #expect(result.events[1].location == Location(name: "Office"))
        #expect(result.events[1].calendar == "events")
    }

    @Test func derivedUIDsAreStableAndDistinct() {
        let json = "[{\"startDate\": 10, \"title\": \"x\"}, {\"startDate\": 10, \"title\": \"x\"}, {\"startDate\": 20, \"title\": \"x\"}]"
        let first = importText([("e.json", json)])
        let second = importText([("e.json", json)])
        #expect(first.events.map(\.uid) == second.events.map(\.uid))
        #expect(Set(first.events.map(\.uid)).count == 3)
    }

    @Test func wrongTypesAreDiagnosticsNotCrashes() {
        let json = """
        [{"startDate": "yesterday", "title": "bad start"},
         {"startDate": 100, "range": "long", "title": 5, "type": "meeting", "location": 3, "attends": "all"},
         "not an object",
         {"title": "no start"}]
        """
        let result = importText([("e.json", json)])
        #expect(result.events.count == 1)
        #expect(result.events.first?.end == result.events.first?.start)
        let kinds = result.diagnostics.map(\.kind)
        #expect(kinds.filter { $0 == .wrongType }.count == 7)
        #expect(kinds.contains(.missingProperty))
        #expect(result.diagnostics.first?.source.line == 1)
    }

    @Test func brokenJSONIsOneDiagnostic() {
        let result = importText([("e.json", "[{\"startDate\": 1,,}]")])
        #expect(result.events.isEmpty)
        #expect(result.diagnostics.map(\.kind) == [.invalidJSON])
    }

    @Test func corpusEventsLandOnTheirExpectedUTCDays() throws {
        guard let corpora else {
            print("skipped: ../shared/corpora is absent")
            return
        }
        let folder = corpora.appendingPathComponent("busylife")
        let result = importPaths([folder.appendingPathComponent("events.json").path])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events.count == 20)
        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("expected_local_days.json"))) as! [String: Any]
        let utc = (expected["zones"] as! [String: Any])["UTC"] as! [String: [Int]]
        for (day, indices) in utc {
            for index in indices {
                #expect(String(result.events[index].start.iso8601.prefix(10)) == day)
            }
        }
    }

    // MARK: Streaming reader

    @Test func unknownValuesAreSkippedAtAnyDepth() {
        for depth in [600, 200_000] {
            let deep = String(repeating: "[{\"k\":", count: depth) + "null" + String(repeating: "}]", count: depth)
            let json = "[{\"startDate\": 100, \"extra\": \(deep), \"title\": \"kept\"}]"
            let result = importText([("e.json", json)])
            #expect(result.diagnostics.isEmpty, "depth \(depth)")
            #expect(result.events.map(\.title) == ["kept"])
        }
        // A known key whose value is deep: a wrong type, the event kept.
        let deep = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        let result = importText([("e.json", "[{\"startDate\": 100, \"title\": \(deep)}]")])
        #expect(result.events.count == 1)
        #expect(result.diagnostics.map(\.message) == ["event 0: \"title\" should be a string; ignored"])
    }

    @Test func numbersOutOfRangeSaySo() {
        let json = """
        [{"startDate": 100, "range": 1e308},
         {"startDate": 100, "range": -5},
         {"startDate": 100, "range": 1e400, "type": 2.5},
         {"startDate": 1e20},
         {"startDate": -1e400, "type": 1e300}]
        """
        let messages = importText([("e.json", json)]).diagnostics.map { "\($0.source.line) \($0.kind.rawValue) \($0.message)" }
        #expect(messages == [
            "1 invalid-value event 0: \"range\" 1e+308 is out of range (0 to 315537897600 seconds); 0 used",
            "2 invalid-value event 1: \"range\" -5 is negative; 0 used",
            "3 invalid-value event 2: \"range\" is out of range (0 to 315537897600 seconds); 0 used",
            "3 wrong-type event 2: \"type\" should be an integer, not 2.5; ignored",
            "4 invalid-value event 3: \"startDate\" 1e+20 is out of range (years 1 to 9999); event skipped",
            "5 invalid-value event 4: \"startDate\" is out of range (years 1 to 9999); event skipped",
        ])
    }

    @Test func numbersAreReadExactly() {
        let values = ["0", "-0", "1795957200.25", "1795957200.125", "17959572e2", "1.7959572000001E9",
                      "0.001", "1e-3", "12345678901234567890e-10", "0.1", "1795957200.0005", "-62135596800"]
        let json = "[" + values.map { "{\"startDate\": \($0)}" }.joined(separator: ",") + "]"
        let result = importText([("e.json", json)])
        #expect(result.diagnostics.isEmpty)
        let expected = values.map { Int64((Double($0)! * 1000).rounded()) }
        #expect(result.events.map { $0.start.instant!.milliseconds } == expected)
    }

    @Test func stringsDecodeEscapesAndSurrogatePairs() {
        let json = #"[{"startDate": 1, "title": "\u00e9\ud83d\ude00\n\"\\\/\t\b\f\r x"}, {"startDate": 2, "title": "a\ud800b\udc00"}]"#
        let result = importText([("e.json", json)])
        #expect(result.events.map(\.title) == ["é😀\n\"\\/\t\u{8}\u{c}\r x", "a\u{FFFD}b\u{FFFD}"])
        #expect(result.diagnostics.map(\.kind) == [.invalidUTF8])
        #expect(result.diagnostics.first?.severity == .warning)
    }

    /// Bad UTF-8 is repaired as U+FFFD with one warning (SEMANTICS.md 2b),
    /// where JSONDecoder used to reject the whole file.
    @Test func badUTF8IsRepairedWithAWarning() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-utf8-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(Array("[{\"startDate\": 1,\n \"title\": \"a".utf8) + [0xFF, 0xC3] + Array("b\"}]".utf8)).write(to: file)
        let result = importPaths([file.path])
        #expect(result.events.map(\.title) == ["a\u{FFFD}\u{FFFD}b"])
        #expect(result.diagnostics.map { "\($0.source.line) \($0.severity) \($0.kind)" } == ["2 warning invalidUTF8"])
    }

    @Test func aSyntaxErrorKeepsTheEventsBeforeIt() {
        let json = "[\n{\"startDate\": 1},\n{\"startDate\": 2},\n{\"startDate\": 3 \"title\": \"x\"},\n{\"startDate\": 4}]"
        let result = importText([("e.json", json)])
        #expect(result.events.count == 2)
        #expect(result.diagnostics.map(\.message)
                == ["not valid JSON (expected ',' or '}', found a string, column 17); the rest of the file skipped (2 events before it read)"])
        #expect(result.diagnostics.first?.source.line == 4)
        for bad in ["[{\"startDate\": 1},]", "[{\"startDate\": 1}] x", "[{\"startDate\": 01}]", "[{\"a\": [1,]}]",
                    "[{\"a\": \"\\u12\"}]", "[{\"a\": tru}]", "[{\"a\": \"x\ny\"}]", "[{\"startDate\": 1}", "[", "[{\"a\" 1}]"] {
            let result = importText([("e.json", bad)])
            #expect(result.diagnostics.map(\.kind).contains(.invalidJSON), "\(bad)")
        }
    }

    @Test func notAnArrayIsOneDiagnostic() {
        let result = importText([("e.json", "\u{FEFF} {\"startDate\": 1}")])
        #expect(result.events.isEmpty)
        #expect(result.diagnostics.map(\.message) == ["events.json must be an array of events; file skipped"])
        #expect(importText([("e.json", "\u{FEFF}[{\"startDate\": 1}]")]).events.count == 1)
    }

    /// Thousands of events, so that tokens straddle the reader's 64 KiB
    /// chunks at every kind of place: each one still reads as written.
    @Test func tokensAcrossChunksReadAsWritten() {
        var parts: [String] = []
        for index in 0..<3000 {
            let pad = String(repeating: " ", count: index % 7)
            parts.append("\(pad){\(pad)\"startDate\":\(pad)\(1_700_000_000 + index).5,\"title\":\"t\\u00e9\\ud83d\\ude00\(index)\",\"extra\":[[{\"x\":true}],null,false]}")
        }
        let result = importText([("e.json", "[" + parts.joined(separator: ",\n") + "]")])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events.count == 3000)
        for (index, event) in result.events.enumerated() {
            #expect(event.title == "té😀\(index)")
            #expect(event.start.instant?.milliseconds == (1_700_000_000 + Int64(index)) * 1000 + 500)
            #expect(event.source.line == index + 1)
        }
    }
}
