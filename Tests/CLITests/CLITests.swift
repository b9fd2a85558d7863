import Foundation
import Testing

/// Runs the built `busylife` with arguments and optional standard input.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every run is kept from the configuration file, locale and zone of
/// whoever runs the tests: XDG_CONFIG_HOME names a folder that is not
/// there, unless `environment` sets it (or BUSYLIFE_CONFIG). `binary`
/// runs another copy of busylife than the one built.
func busylife(_ arguments: [String], stdin: String? = nil, shell: String? = nil, environment: [String: String] = [:],
              binary: URL? = nil) throws -> Run {
    let binary = binary ?? Bundle.main.bundleURL.appendingPathComponent("busylife")
    let process = Process()
    if let shell {
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", shell.replacingOccurrences(of: "BUSYLIFE", with: binary.path)]
    } else {
        process.executableURL = binary
        process.arguments = arguments
    }
    process.currentDirectoryURL = repository
    var variables = ProcessInfo.processInfo.environment
    // The locale and zone of whoever runs the tests never reach busylife:
    // a test that wants one sets it.
    for name in variables.keys where name == "TZ" || name == "LANG" || name == "LANGUAGE" || name.hasPrefix("LC_") {
        variables[name] = nil
    }
    // Nor do the proxies of whoever runs them: the test servers are on this machine.
    for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY"] { variables[name] = nil }
    variables["BUSYLIFE_CONFIG"] = nil
    variables["XDG_CONFIG_HOME"] = "/nonexistent/busylife-tests"
    variables.merge(environment) { _, given in given }
    process.environment = variables
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
               stderr: String(decoding: errData, as: UTF8.self))
}

@Suite struct CLITests {
    @Test func eventsPrintsOneJSONObjectPerLine() throws {
        let run = try busylife(["events", "samples/meeting.ics"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["uid"] as? String == "standup-2026@busylife.example")
        }
        #expect(lines[0].contains("\"start\":\"2026-11-02T09:30:00-05:00\""))
        #expect(lines[0].contains("\"startUTC\":\"2026-11-02T14:30:00Z\""))
        #expect(lines[1].contains("\"recurrenceId\":\"2026-11-11T09:30:00-05:00\""))
    }

    @Test func jsonFormatCarriesTheSchema() throws {
        let run = try busylife(["events", "--format", "json", "samples/"])
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["schema"] as? String == "busylife.events/1")
        #expect((object?["events"] as? [Any])?.count == 10)
    }

    @Test func outputIsDeterministic() throws {
        let first = try busylife(["events", "samples/"])
        let second = try busylife(["events", "samples/"])
        #expect(first.stdout == second.stdout)
    }

    @Test func readsStandardInput() throws {
        let text = try String(contentsOf: repository.appendingPathComponent("samples/flight.ics"), encoding: .utf8)
        let run = try busylife(["events", "-"], stdin: text)
        #expect(run.status == 0)
        #expect(run.stdout.contains("\"calendar\":\"Travel\""))
        #expect(run.stdout.contains("\"endZone\":\"Asia/Tokyo\""))
    }

    @Test func checkSummarisesZonesAndRules() throws {
        let run = try busylife(["check", "samples/"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("files: 5 (4 iCalendar, 1 BusyLife JSON)"))
        #expect(run.stdout.contains("events: 10 (recurring series: 1, overrides: 2)"))
        #expect(run.stdout.contains("W. Europe Standard Time: vtimezone"))
        #expect(run.stdout.contains("America/New_York: tzdb"))
    }

    /// `check --format json` held every diagnostic until the end: half a
    /// million junk lines took hundreds of MB. They are written as they come.
    @Test func checkJSONStreamsItsDiagnostics() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-junk-\(UUID().uuidString).ics")
        defer { try? FileManager.default.removeItem(at: file) }
        let junk = "BEGIN:VCALENDAR\n" + String(repeating: "x\n", count: 500_000) + "END:VCALENDAR\n"
        try junk.write(to: file, atomically: false, encoding: .utf8)
        // The peak resident memory of that one child, in KB (Python's rusage).
        let output = file.path + ".json"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let measure = """
            python3 -c 'import resource, subprocess, sys
            with open(sys.argv[2], "w") as out:
                code = subprocess.call(["BUSYLIFE", "check", "--format", "json", sys.argv[1]], stdout=out)
            print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' \(file.path) \(output)
            """
        let run = try busylife([], shell: measure)
        let figures = run.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(figures.first == 65, "\(run.stdout) \(run.stderr)")
        #expect((figures.last ?? .max) < 100_000, "peak \(figures.last ?? 0) KB")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any]
        #expect((object?["diagnostics"] as? [Any])?.count == 500_000)
        #expect((object?["diagnosticsBySeverity"] as? [String: Int])?["error"] == 500_000)
    }

    @Test func exitCodesFollowTheREADME() throws {
        let bad = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART;TZID=Nowhere/Land:20260101T100000\nEND:VEVENT\nEND:VCALENDAR\n"
        let partial = try busylife(["check", "-"], stdin: bad)
        #expect(partial.status == 2)
        #expect(partial.stdout.contains("<stdin>:4: warning: unknown time zone \"Nowhere/Land\""))
        #expect(try busylife(["check", "--strict", "-"], stdin: bad).status == 65)
        #expect(try busylife(["events", "-"], stdin: "%PDF-1.4\u{0}\u{1}garbage\n").status == 65)
        let missing = try busylife(["events", "samples/does-not-exist.ics"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("does-not-exist.ics: error: no such file or directory"))
        #expect(try busylife(["events"]).status == 64)
        #expect(try busylife(["events", "--format", "xml", "samples/"]).status == 64)
    }

    @Test func diagnosticsGoToStandardErrorWithFileAndLine() throws {
        let bad = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART:20260230T100000Z\nEND:VEVENT\nBEGIN:VEVENT\nUID:b\nDTSTART:20260228T100000Z\nEND:VEVENT\nEND:VCALENDAR\n"
        let run = try busylife(["events", "-"], stdin: bad)
        #expect(run.status == 2)
        #expect(run.stderr == "<stdin>:4: error: DTSTART 20260230T100000Z: no such date 2026-02-30; event skipped\n")
        #expect(run.stdout.split(separator: "\n").count == 1)
    }

    @Test func aClosedPipeEndsQuietly() throws {
        let run = try busylife([], shell: "set -o pipefail; f=$(mktemp); for i in $(seq 1 3000); do printf 'BEGIN:VEVENT\\nUID:%s\\nDTSTART:20260101T000000Z\\nEND:VEVENT\\n' $i; done > $f; BUSYLIFE events $f | head -1; status=$?; rm -f $f; exit $status")
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.split(separator: "\n").count == 1)
    }

    /// `occurrences` makes its pieces on every core and writes them in
    /// order (`ParallelChunks.inOrder`): a pipe closed after the first line
    /// still ends the run at once, quietly, with every piece in order until then.
    @Test func aClosedPipeEndsOccurrencesQuietly() throws {
        let events = "f=$(mktemp); for i in $(seq 1 5000); do printf 'BEGIN:VEVENT\\nUID:%s\\nDTSTART:20260101T%02d0000Z\\nEND:VEVENT\\n' $i $((i % 24)); done > $f"
        let cut = try busylife([], shell: "set -o pipefail; \(events); BUSYLIFE occurrences $f --from 2026-01-01 --to 2026-01-01 --tz UTC | head -1; status=$?; rm -f $f; exit $status")
        #expect(cut.status == 0)
        #expect(cut.stderr.isEmpty)
        #expect(cut.stdout.split(separator: "\n").count == 1)
        let whole = try busylife([], shell: "\(events); BUSYLIFE occurrences $f --from 2026-01-01 --to 2026-01-01 --tz UTC; status=$?; rm -f $f; exit $status")
        let starts = whole.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let key = line.range(of: "\"startUTC\":\"") else { return nil }
            return String(line[key.upperBound...].prefix(20))
        }
        #expect(whole.status == 0)
        #expect(starts.count == 5000)
        #expect(starts == starts.sorted())
    }

    @Test func helpShowsExamplesAndExitCodes() throws {
        let run = try busylife(["events", "--help"])
        #expect(run.stdout.contains("EXAMPLES:"))
        #expect(run.stdout.contains("66  an input is missing or unreadable"))
    }
}
