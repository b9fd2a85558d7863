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
}
