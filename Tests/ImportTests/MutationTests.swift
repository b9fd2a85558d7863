import EventModel
import Export
import Foundation
import Import
import Settle
import TestSupport
import Testing

/// Seeded mutants of our own fixtures (samples/ and a few calendars
/// below), each read in-process: a deterministic, quick cousin of the
/// libFuzzer harness (scripts/fuzz.sh) that every `swift test` runs.
///
/// For the import step every mutant must: not crash; give every
/// diagnostic a file and a line (line 0 only for what concerns a whole
/// file: unreadable, unknown or empty); and when it holds an event (a
/// `BEGIN:VEVENT` line in iCalendar, a `"startDate"` in JSON) yield events
/// or diagnostics, never neither.
///
/// Each mutant is also settled over a month (with the work budget, made
/// smaller so that a FREQ=SECONDLY mutant costs milliseconds in a debug
/// build), and the day JSON and heatmap made from it: every input finishes.
/// `BUSYLIFE_MUTATION_COUNT` changes the number of mutants; a failing
/// mutant is saved under the temporary directory, named in the failure.
@Suite struct MutationTests {
    static let count = ProcessInfo.processInfo.environment["BUSYLIFE_MUTATION_COUNT"].flatMap(Int.init) ?? 3000
    static let seed: UInt64 = 20_261_122

    @Test func mutantsOfOurFixturesReadWithoutLosingEvents() throws {
        let fixtures = Self.fixtures()
        try #require(fixtures.count >= 6)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-mutants-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var random = SplitMix64(seed: Self.seed)
        var failures = 0
        var read = (events: 0, diagnostics: 0)
        var slowest: [(Duration, Int)] = []
        let clock = ContinuousClock()
        for index in 0..<Self.count {
            let base = fixtures[index % fixtures.count]
            var bytes = base.bytes
            for _ in 0...random.below(3) {
                Mutator.mutate(&bytes, json: base.json, others: fixtures, &random)
            }
            let file = directory.appendingPathComponent("mutant-\(index)" + (base.json ? ".json" : ".ics"))
            try Data(bytes).write(to: file)
            var problems: [String] = []
            let took = clock.measure { problems = Self.check(bytes, path: file.path, read: &read) }
            slowest = Array((slowest + [(took, index)]).sorted { $0.0 > $1.0 }.prefix(3))
            if let keep = ProcessInfo.processInfo.environment["BUSYLIFE_MUTATION_KEEP"], took > .seconds(1) {
                try? Data(bytes).write(to: URL(fileURLWithPath: keep).appendingPathComponent(file.lastPathComponent))
            }
            if !problems.isEmpty {
                failures += 1
                let kept = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-failed-mutant-\(index)" + (base.json ? ".json" : ".ics"))
                try? Data(bytes).write(to: kept)
                Issue.record("mutant \(index) of \(base.name) (kept as \(kept.path)): \(problems.joined(separator: "; "))")
                if failures >= 10 { break }
            }
        }
        print("mutation: \(Self.count) mutants (seed \(Self.seed)), "
              + "\(read.events) events, \(read.diagnostics) diagnostics; slowest: "
              + slowest.map { "#\($0.1) \($0.0)" }.joined(separator: ", "))
        // The mutants reach the reader's paths: a sanity check of the mutator itself.
        #expect(read.events > Self.count / 4)
        #expect(read.diagnostics > Self.count / 10)
    }

    /// Inputs that the fuzzer or the mutants once broke (Tests/Fixtures/regressions):
    /// each read, and settled, as the mutants are.
    @Test func regressionsReadAndSettle() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/regressions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let bytes = try #require(FileManager.default.contents(atPath: path).map(Array.init))
            var read = (events: 0, diagnostics: 0)
            let problems = Self.check(bytes, path: path, read: &read)
            #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))")
        }
    }

    /// What is wrong with reading and settling this mutant.
    static func check(_ bytes: [UInt8], path: String, read: inout (events: Int, diagnostics: Int)) -> [String] {
        var problems: [String] = []
        // A month of the samples' own dates, with the work budget made
        // smaller: a FREQ=SECONDLY mutant hits it in milliseconds instead
        // of seconds (debug builds are slow).
        var options = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 1)!,
                                    to: LocalDate(year: 2026, month: 11, day: 30)!,
                                    timeline: ZoneTimeline(base: Zone.named("Europe/Berlin")!))
        options.instanceCap = 5_000
        options.instanceBudget = 20_000
        options.entryBudget = 20_000
        let settler = Settler(options: options)
        var events = 0
        var diagnostics: [Diagnostic] = []
        _ = Importer().read([path], event: { event in
            events += 1
            settler.add(event)
            return true
        }, diagnostic: { diagnostics.append($0) })
        read.events += events
        read.diagnostics += diagnostics.count
        for diagnostic in diagnostics {
            let wholeFile: Set<Diagnostic.Kind> = [.unreadable, .unknownFormat]
            if diagnostic.source.file.isEmpty || (diagnostic.source.line < 1 && !wholeFile.contains(diagnostic.kind)) {
                problems.append("a diagnostic without a file and line: \(diagnostic)")
            }
        }
        if events == 0 && diagnostics.isEmpty && holdsAnEvent(bytes) {
            problems.append("an event in the input, but neither events nor diagnostics")
        }
        let settlement = settler.settle()
        var days = 0
        _ = DaysJSON.write(settlement, lines: true) { bytes in
            days += bytes.withBytes { $0.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } }
            bytes.removeAll()
            return true
        }
        let model = HeatmapModel(settlement, scale: .quantile)
        if days != 30 || model.days.count != 30 { problems.append("settled \(days) days of 30") }
        return problems
    }

    /// Whether the input holds an event, judged as the reader judges its
    /// format: JSON by a `"startDate"`, iCalendar by a `BEGIN:VEVENT` line
    /// (after unfolding).
    static func holdsAnEvent(_ bytes: [UInt8]) -> Bool {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{") {
            return bytes.firstRange(of: Array("\"startDate\"".utf8)) != nil
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var lines: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else {
                lines.append(line)
            }
        }
        return lines.contains { $0.uppercased() == "BEGIN:VEVENT" }
    }

    struct Fixture {
        var name: String
        var bytes: [UInt8]
        var json: Bool
    }

    /// samples/ and a few calendars that reach other paths (zones, overrides, repairs).
    static func fixtures() -> [Fixture] {
        var fixtures: [Fixture] = []
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".ics") || name.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: samples.appendingPathComponent(name).path) else { continue }
            fixtures.append(Fixture(name: name, bytes: Array(data), json: name.hasSuffix(".json")))
        }
        let zoned = ics([
            "X-WR-TIMEZONE:America/New_York",
            "BEGIN:VTIMEZONE", "TZID:Customized Time Zone",
            "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
            "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
            "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT", "END:VTIMEZONE",
        ] + vevent("series", [
            "DTSTART;TZID=Customized Time Zone:20260302T090000", "DTEND;TZID=Customized Time Zone:20260302T100000",
            "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T235959Z", "EXDATE;VALUE=DATE:20260304",
            "RDATE;VALUE=PERIOD:20260605T150000Z/PT1H", "SUMMARY:Series", "SEQUENCE:1",
        ]) + vevent("series", [
            "RECURRENCE-ID;TZID=Customized Time Zone:20260309T090000", "DTSTART:20260309T120000Z",
            "DURATION:PT2H", "SUMMARY:Moved", "SEQUENCE:2",
        ]) + vevent("allday", [
            "DTSTART;VALUE=DATE:20260401", "DTEND:20260425T000000", "RRULE:FREQ=YEARLY;COUNT=3;UNTIL=20300101T000000Z",
            "ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.com", "STATUS:TENTATIVE", "TRANSP:TRANSPARENT",
        ]) + vevent("floating", [
            "DTSTART:20260710T220000", "DTEND:20260710T200000", "RRULE:FREQ=MONTHLY;BYDAY=-1FR;BYSETPOS=1",
            "CATEGORIES:a,b", "DESCRIPTION:line\\nnext\\, more",
        ]))
        fixtures.append(Fixture(name: "zoned.ics", bytes: Array(zoned.utf8), json: false))
        let windows = ics(vevent("win", [
            "DTSTART;TZID=\"(UTC+05:45) Kathmandu\":20260115T080000", "DURATION:PT1W",
            "RRULE:FREQ=DAILY;INTERVAL=3;COUNT=40;BYHOUR=8,20", "RDATE:20261210Z",
        ]) + ["BEGIN:VTODO", "UID:todo", "END:VTODO"])
        fixtures.append(Fixture(name: "windows.ics", bytes: Array(windows.utf8), json: false))
        let json = """
        [
          {"startDate": 1767225600, "range": 3600.5, "type": 1, "title": "N\\u00e9w \\ud83d\\ude00",
           "attends": [{"name": "Mia", "email": "mia@example.com"}, {"name": null}],
           "location": {"name": "Cafe", "city": "Tokyo", "latitude": 35.6, "longitude": 139.7}, "x": [[{}]]},
          {"startDate": 1772323200.25, "range": 86400, "title": "Two", "location": "Office", "desc": "d"},
          {"startDate": 1772323200.25, "range": 86400, "title": "Two", "location": "Office", "desc": "d"}
        ]
        """
        fixtures.append(Fixture(name: "events.json", bytes: Array(json.utf8), json: true))
        return fixtures
    }
}

/// The mutations: byte flips, line duplication, deletion and swaps,
/// splices from other fixtures, truncation and known-nasty lines.
enum Mutator {
    static let nastyCalendarLines = [
        "RRULE:FREQ=SECONDLY;COUNT=2147483647", "RRULE:FREQ=SECONDLY", "RRULE:FREQ=MINUTELY;INTERVAL=1",
        "RRULE:FREQ=SECONDLY;COUNT=5;BYSETPOS=2", "RRULE:FREQ=HOURLY;BYSETPOS=2;COUNT=3",
        "RRULE:FREQ=YEARLY;BYMONTHDAY=31;BYMONTH=2;COUNT=10", "RRULE:FREQ=DAILY;COUNT=0", "RRULE:FREQ=WEEKLY;INTERVAL=0",
        "RRULE:FREQ=DAILY;COUNT=99999999999999999999", "RRULE:FREQ=MONTHLY;BYDAY=53MO", "RRULE:FREQ=YEARLY;BYWEEKNO=-54",
        "DTEND:99991231T235959Z", "DTEND;VALUE=DATE:99991231", "DTEND:999991231T000000Z", "DTSTART;VALUE=DATE:15820804",
        "DTSTART:00010101T000000Z", "DURATION:P99999999W", "DURATION:-PT1H", "DURATION:PT", "EXDATE:20260101T000000Z",
        "RECURRENCE-ID;RANGE=THISANDFUTURE:20260309T090000Z", "DTSTART;TZID=Nowhere/Zone:20260101T100000",
        "BEGIN:VEVENT", "END:VEVENT", "BEGIN:VTIMEZONE", "END:VTIMEZONE", "BEGIN:VCALENDAR", "END:VCALENDAR",
        "TZOFFSETTO:+9999", "RRULE:FREQ=SECONDLY;BYSECOND=0,30", "UID:", "SEQUENCE:-2147483649", "STATUS:CANCELLED",
        String(repeating: "BEGIN:VALARM\r\n", count: 300) + String(repeating: "END:VALARM\r\n", count: 300),
        "SUMMARY:" + String(repeating: "x", count: 5000),
    ]
    static let nastyJSON = [
        #"{"startDate": 1e308, "range": 1e308}"#, #"{"startDate": -1e400}"#, #"{"startDate": 253402300800}"#,
        #"{"startDate": 1767225600, "range": -1}"#, #"{"startDate": 1767225600, "x": "#
            + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
        String(repeating: "[", count: 2000), #""\ud800""#, #"{"title": "\u0000"}"#,
        #"{"startDate": 1767225600, "range": 3153600000}"#, "1" + String(repeating: "0", count: 400),
        #"{"startDate": 1767225600, "attends": [1, [], {"name": {}}], "location": {"name": 1}}"#, "{", "}", "[", "]", ",", "\"",
    ]

    static func mutate(_ bytes: inout [UInt8], json: Bool, others: [MutationTests.Fixture], _ random: inout SplitMix64) {
        switch random.below(8) {
        case 0:  // flip bytes
            for _ in 0...random.below(4) where !bytes.isEmpty {
                let at = random.below(bytes.count)
                bytes[at] = random.below(2) == 0 ? bytes[at] ^ UInt8(1 << random.below(8)) : UInt8(random.below(256))
            }
        case 1:  // duplicate a line, maybe many times
            var lines = split(bytes)
            guard !lines.isEmpty else { return }
            let at = random.below(lines.count)
            let times = random.below(4) == 0 ? 200 : 1 + random.below(3)
            lines.insert(contentsOf: Array(repeating: lines[at], count: times), at: at)
            bytes = Array(lines.joined())
        case 2:  // delete lines
            var lines = split(bytes)
            guard !lines.isEmpty else { return }
            let at = random.below(lines.count)
            lines.removeSubrange(at..<min(lines.count, at + 1 + random.below(3)))
            bytes = Array(lines.joined())
        case 3:  // swap two lines
            var lines = split(bytes)
            guard lines.count > 1 else { return }
            lines.swapAt(random.below(lines.count), random.below(lines.count))
            bytes = Array(lines.joined())
        case 4:  // splice a piece of another fixture in
            let other = others[random.below(others.count)].bytes
            guard !other.isEmpty else { return }
            let from = random.below(other.count)
            let piece = other[from..<min(other.count, from + 1 + random.below(400))]
            bytes.insert(contentsOf: piece, at: random.below(bytes.count + 1))
        case 5:  // truncate
            bytes.removeSubrange(random.below(bytes.count + 1)...)
        default:  // a known-nasty line or fragment
            if json {
                let fragment = Array(nastyJSON[random.below(nastyJSON.count)].utf8)
                // After a comma or bracket most of the time, so it is read as a value.
                let places = bytes.indices.filter { bytes[$0] == UInt8(ascii: ",") || bytes[$0] == UInt8(ascii: "[") }
                let at = places.isEmpty || random.below(4) == 0 ? random.below(bytes.count + 1) : places[random.below(places.count)] + 1
                bytes.insert(contentsOf: fragment + (random.below(2) == 0 ? [UInt8(ascii: ",")] : []), at: at)
            } else {
                var lines = split(bytes)
                let line = Array((nastyCalendarLines[random.below(nastyCalendarLines.count)] + "\r\n").utf8)
                lines.insert(line[...], at: random.below(lines.count + 1))
                bytes = Array(lines.joined())
            }
        }
    }

    /// Lines with their endings, so that joining gives the bytes back.
    static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }
}
