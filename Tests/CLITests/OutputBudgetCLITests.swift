import Foundation
import Testing

/// The work budget bounds the bytes of every output that grows with the
/// window, not only `occurrences` and expanded .ics (`HugeOutputCLITests`):
/// an event with a title of a megabyte writes it on every line, day,
/// component, row or pair, and each output ends whole before the record
/// that would pass the budget, in bounded memory, with a warning naming
/// the event. Each run has 2 GB of address space, as `prlimit --as` gives.
@Suite struct OutputBudgetCLITests {
    static let title = String(repeating: "x", count: 1_000_000)

    /// A calendar of one event repeating by `rule`, lasting `duration`,
    /// whose SUMMARY is `title`, in a folder of its own (its calendar's
    /// name is the file's: `long`); its path.
    func calendar(_ rule: String, duration: String = "PT30M") throws -> String {
        let text = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:long", "DTSTART:20260101T000000Z",
                    "DURATION:\(duration)", "RRULE:\(rule)", "SUMMARY:\(Self.title)", "END:VEVENT", "END:VCALENDAR"]
            .joined(separator: "\r\n") + "\r\n"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("long.ics").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Runs busylife with `arguments` over 2026-01-01 to `to`, limited to
    /// 2 GB of address space, its output read through a pipe (or from
    /// `file` once it ended): its exit code, the bytes written, how many
    /// titles they hold, how many of the lines holding one that look like
    /// JSON (`{…}` or `[…]`, a trailing comma dropped) do not parse,
    /// whether the output ends with `ending`, and the peak resident memory
    /// in KB. The run's standard error follows.
    func measure(_ arguments: [String], to: String, ending: String, file: String = "-") throws -> (run: Run, figures: [Int]) {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            python3 -c 'import json, resource, subprocess, sys, tempfile
            to, ending, file, title = sys.argv[1], sys.argv[2].encode().decode("unicode_escape").encode("latin-1"), sys.argv[3], b"x" * 1000000
            limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (2000000000, 2000000000))
            errors = tempfile.TemporaryFile()
            child = subprocess.Popen(["BUSYLIFE"] + sys.argv[4:] + ["--from", "2026-01-01", "--to", to, "--tz", "UTC"],
                                     stdout=subprocess.PIPE, stderr=errors, preexec_fn=limit)
            total, items, broken, rest, tail = 0, 0, 0, b"", b""
            def scan(stream):
                global total, items, broken, rest, tail
                for chunk in iter(lambda: stream.read(1 << 20), b""):
                    total += len(chunk)
                    tail = (tail + chunk)[-64:]
                    rest += chunk
                    *whole, rest = rest.split(b"\\n")
                    for line in whole:
                        count = line.count(title)
                        items += count
                        text = line.strip().rstrip(b",")
                        if count and text[:1] in (b"{", b"["):
                            try: json.loads(text)
                            except ValueError: broken += 1
            scan(child.stdout)
            code = child.wait()
            if file != "-": scan(open(file, "rb"))
            print(code, total, items, broken, 1 if tail.endswith(ending) else 0, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            errors.seek(0); sys.stdout.write(errors.read().decode())' \(to) '\(ending)' '\(file)' \(quoted)
            """
        var run = try busylife([], shell: script)
        let figuresLine = run.stdout.prefix { $0 != "\n" }
        run.stderr = String(run.stdout.dropFirst(figuresLine.count + 1))
        return (run, figuresLine.split(separator: " ").map { Int($0) ?? -1 })
    }

    static let quarterWarning = ": warning: the output of this window would pass 1000000000 bytes (the work budget for 90 days): "
    static let dayWarning = ": warning: the output of this window would pass 110000000 bytes (the work budget for 1 day): "

    /// An hourly event of a megabyte over a quarter: 2.1 GB of days,
    /// agenda or expanded conversion. Each ends, whole and valid, within
    /// a record of the 1 GB budget, in less than 200 MB.
    @Test(arguments: [
        (["days"], "}\\n]}\\n"),
        (["days", "--format", "ndjson"], "}]}\\n"),
        (["agenda"], "  30m\\n"),
        (["convert", "--expand", "--format", "jcal"], "[]]\\n]]\\n"),
        (["convert", "--expand", "--format", "events-json"], "[]}\\n]\\n"),
        (["convert", "--expand", "--format", "csv"], ",False\\r\\n"),
    ])
    func aQuarterOfMegabyteTitlesIsCutInBoundedMemory(command: [String], ending: String) throws {
        let path = try calendar("FREQ=HOURLY")
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        let (run, figures) = try measure(command + [path], to: "2026-03-31", ending: ending)
        #expect(figures.count == 6, "\(run.stdout.prefix(300))")
        guard figures.count == 6 else { return }
        #expect(figures[0] == 2, "\(run.stderr.prefix(300))")
        #expect(figures[1] <= 1_000_000_000)
        #expect(figures[1] > 950_000_000, "within a day's records of the budget")
        #expect(figures[2] > 900)
        #expect(figures[3] == 0, "every record is valid JSON")
        #expect(figures[4] == 1, "the output ends whole")
        #expect(figures[5] < 200_000, "peak \(figures[5]) KB")
        #expect(run.stderr.contains(Self.quarterWarning + "it ends before the "), "\(run.stderr.prefix(300))")
        #expect(run.stderr.contains("\(Self.title)\" (uid long, \(path):3) at 2026-"))
    }

    /// A minutely event of a megabyte writes 1.4 GB a day (pairs of it
    /// overlapping for two hours, far more): the one day's 110 MB ends
    /// the agenda's rows and renderings, and the pairs of `conflicts`.
    @Test(arguments: [
        (["agenda", "--format", "tsv"], "\\t7200\\t\\n"),
        (["agenda", "--template", "{{start}} {{title}}"], "x\\n"),
        (["conflicts"], "x · long\\n"),
        (["conflicts", "--format", "ndjson"], "}}\\n"),
    ])
    func aDayOfMegabyteTitlesIsCut(command: [String], ending: String) throws {
        let path = try calendar("FREQ=MINUTELY", duration: "PT2H")
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        let (run, figures) = try measure(command + [path], to: "2026-01-01", ending: ending)
        #expect(figures.count == 6, "\(run.stdout.prefix(300))")
        guard figures.count == 6 else { return }
        #expect(figures[0] == 2, "\(run.stderr.prefix(300))")
        #expect(figures[1] <= 110_000_000)
        #expect(figures[1] > 105_000_000)
        #expect(figures[3] == 0)
        #expect(figures[4] == 1, "the output ends whole")
        #expect(figures[5] < 200_000, "peak \(figures[5]) KB")
        #expect(run.stderr.contains(Self.dayWarning + "it ends before the occurrence of \"\(Self.title)\" (uid long, "),
                "\(run.stderr.prefix(300))")
    }

    /// A day of 1.4 GB passes the budget alone: `days` writes no day (the
    /// document still whole), and sizing it first holds no more than a piece.
    @Test(arguments: [(["days"], "\"days\":[\\n]}\\n"), (["days", "--format", "ndjson"], "")])
    func aDayPastTheBudgetIsLeftOutWhole(command: [String], ending: String) throws {
        let path = try calendar("FREQ=MINUTELY")
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        let (run, figures) = try measure(command + [path], to: "2026-01-01", ending: ending)
        #expect(figures.count == 6, "\(run.stdout.prefix(300))")
        guard figures.count == 6 else { return }
        #expect(figures[0] == 2)
        #expect(figures[1] < 1_000)
        #expect(figures[4] == 1)
        #expect(figures[5] < 200_000, "peak \(figures[5]) KB")
        #expect(run.stderr.contains(Self.dayWarning + "it ends before the day 2026-01-01, which is left out with every later day, "
                                    + "from the occurrence of \"\(Self.title)\" (uid long, \(path):3) at 2026-01-01T00:00:00Z on"),
                "\(run.stderr.prefix(300))")
    }

    /// `conflicts -o` held its whole text in memory before writing the
    /// file: now it streams into it, and the budget bounds it too.
    @Test func conflictsIntoAFileStream() throws {
        let path = try calendar("FREQ=HOURLY", duration: "PT2H")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/conflicts.txt"
        let (run, figures) = try measure(["conflicts", path, "-o", output], to: "2026-03-31", ending: "x · long\\n", file: output)
        #expect(figures.count == 6, "\(run.stdout.prefix(300))")
        guard figures.count == 6 else { return }
        #expect(figures[0] == 2, "\(run.stderr.prefix(300))")
        #expect(figures[1] <= 1_000_000_000 && figures[1] > 990_000_000)
        #expect(figures[2] > 900)
        #expect(figures[4] == 1)
        #expect(figures[5] < 200_000, "peak \(figures[5]) KB")
        #expect(run.stderr.contains(Self.quarterWarning))
    }
}
