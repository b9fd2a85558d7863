import Foundation
import Testing

@Suite struct DaysCLITests {
    /// Runs Python's jsonschema (installed by scripts/setup.sh) on a file.
    func validate(_ text: String, lines: Bool) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("days-\(UUID().uuidString).json")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        validator = jsonschema.Draft202012Validator(schema)
        text = open(sys.argv[2]).read()
        docs = [json.loads(l) for l in text.splitlines()] if sys.argv[3] == "lines" else [json.loads(text)]
        errors = [e.message for d in docs for e in validator.iter_errors(d)]
        print("\\n".join(errors[:5]) if errors else "valid")
        """
        let run = try busylife([], shell: "python3 -c '\(script)' docs/days.schema.json \(file.path) \(lines ? "lines" : "document")")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + run.stderr
    }

    @Test func outputValidatesAgainstTheSchema() throws {
        let document = try busylife(["days", "samples/", "--today", "2026-11-22", "--tz", "America/New_York",
                                     "--travel-from-events"])
        #expect(document.status == 0)
        #expect(try validate(document.stdout, lines: false) == "valid")
        let lines = try busylife(["days", "samples/", "--from", "2026-12-04", "--to", "2026-12-13", "--format", "ndjson",
                                  "--tz", "America/New_York", "--travel", "2026-12-06T07:50Z=Asia/Tokyo",
                                  "--travel", "2026-12-12T10:00=America/New_York"])
        #expect(lines.status == 0)
        #expect(try validate(lines.stdout, lines: true) == "valid")
    }

    @Test func everyDateIsPresentWithItsLengthAndBusyTime() throws {
        let run = try busylife(["days", "samples/", "--from", "2026-10-31", "--to", "2026-11-02", "--format", "ndjson",
                                "--tz", "America/New_York"])
        let days = try run.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(days.map { $0["date"] as! String } == ["2026-10-31", "2026-11-01", "2026-11-02"])
        #expect(days.map { $0["lengthSeconds"] as! Int } == [86_400, 90_000, 86_400])  // DST ends Nov 1
        #expect(days[2]["busySeconds"] as? Int == 900)  // the 15-minute stand-up
        #expect(days[2]["weekday"] as? Int == 1)
    }

    @Test func filtersByCalendarAndSearch() throws {
        let work = try busylife(["occurrences", "samples/", "--from", "2026-11-26", "--to", "2026-11-26", "--tz", "UTC",
                                 "--calendar", "holidays"])
        #expect(work.stdout.split(separator: "\n").count == 1)
        #expect(work.stdout.contains("Thanksgiving"))
        let search = try busylife(["occurrences", "samples/", "--today", "2026-11-22", "--tz", "UTC", "--search", "VETERANS"])
        #expect(search.stdout.split(separator: "\n").count == 1)
    }
}
