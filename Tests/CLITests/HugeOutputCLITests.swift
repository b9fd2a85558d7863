import Foundation
import Testing

/// A title of a megabyte on an hourly event: every line of `occurrences`
/// and every VEVENT of `convert --expand` holds it, and the output must
/// stream in bounded memory, whole and in order, up to the work budget's
/// bytes.
@Suite struct HugeOutputCLITests {
    static let title = String(repeating: "x", count: 1_000_000)

    /// The calendar, written to a temporary file; its path.
    func calendar(_ rule: String) throws -> String {
        let text = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:long", "DTSTART:20260101T000000Z",
                    "DURATION:PT30M", "RRULE:\(rule)", "SUMMARY:\(Self.title)", "END:VEVENT", "END:VCALENDAR"]
            .joined(separator: "\r\n") + "\r\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("long-lines-\(UUID().uuidString).ics").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Runs busylife with `arguments` and the window from 2026-01-01 to
    /// `to`, its output read through a pipe: its exit code, the bytes it
    /// wrote, the items (JSON lines, or VEVENTs), whether
    /// each item held the title and started after the one before, whether
    /// the output ended whole, and its peak resident memory in KB. Its
    /// standard error, read once it ended (a pipe left to fill would stop
    /// it), is the run's.
    func measure(_ arguments: [String], to: String) throws -> (run: Run, figures: [Int]) {
        let script = """
            python3 -c 'import json, resource, subprocess, sys, tempfile
            errors = tempfile.TemporaryFile()
            child = subprocess.Popen(["BUSYLIFE"] + sys.argv[2:] + ["--from", "2026-01-01", "--to", sys.argv[1], "--tz", "UTC"],
                                     stdout=subprocess.PIPE, stderr=errors)
            total, items, ordered, previous, rest, tail = 0, 0, 1, None, b"", b""
            for chunk in iter(lambda: child.stdout.read(1 << 20), b""):
                total += len(chunk)
                tail = (tail + chunk)[-64:]
                rest += chunk
                *whole, rest = rest.split(b"\\n")
                for line in whole:
                    if line.startswith(b"{"):
                        item = json.loads(line)
                        title, start = item["title"], item["startUTC"]
                    elif line.startswith(b"DTSTART:"):
                        title, start = "x" * 1000000, line
                    else:
                        continue
                    items += 1
                    ordered &= title == "x" * 1000000 and (previous is None or start > previous)
                    previous = start
            whole = 1 if tail.endswith(b"}\\n") or tail.endswith(b"END:VCALENDAR\\r\\n") else 0
            code = child.wait()
            print(code, total, items, ordered, whole, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            errors.seek(0); sys.stdout.write(errors.read().decode())' \(to) \(arguments.joined(separator: " "))
            """
        var run = try busylife([], shell: script)
        let figuresLine = run.stdout.prefix { $0 != "\n" }
        run.stderr = String(run.stdout.dropFirst(figuresLine.count + 1))
        return (run, figuresLine.split(separator: " ").map { Int($0) ?? -1 })
    }

    /// 120 lines or VEVENTs of a megabyte each: once held whole in one
    /// piece (and several pieces at once), now handed on as they are made.
    @Test(arguments: [["occurrences"], ["convert", "--expand"]])
    func itemsOfAMegabyteStreamInBoundedMemory(command: [String]) throws {
        let path = try calendar("FREQ=HOURLY")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (run, figures) = try measure(command + [path], to: "2026-01-05")
        #expect(figures.count == 6, "\(run.stdout.prefix(300))")
        guard figures.count == 6 else { return }
        #expect(figures[0] == 0, "\(run.stderr.prefix(300))")
        #expect(figures[1] > 120_000_000)
        #expect(figures[2] == 120)
        #expect(figures[3] == 1, "each item holds the title, in order")
        #expect(figures[4] == 1, "the output ends whole")
        #expect(figures[5] < 100_000, "peak \(figures[5]) KB")
        #expect(run.stderr.isEmpty)
    }

    /// A minutely event of a megabyte an item would write 1.4 GB for one
    /// day: the output ends, whole, before it passes the one day's 110 MB,
    /// and a warning names the event.
    @Test(arguments: [["occurrences"], ["convert", "--expand"]])
    func theWorkBudgetBoundsTheBytesWritten(command: [String]) throws {
        let path = try calendar("FREQ=MINUTELY")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (run, figures) = try measure(command + [path], to: "2026-01-01")
        #expect(figures.count == 6, "\(run.stdout.prefix(300))")
        guard figures.count == 6 else { return }
        #expect(figures[0] == 2)
        #expect(figures[1] <= 110_000_000)
        #expect(figures[1] > 110_000_000 - 2 * figures[1] / max(1, figures[2]), "within two items of the budget")
        #expect(figures[3] == 1)
        #expect(figures[4] == 1)
        #expect(figures[5] < 100_000, "peak \(figures[5]) KB")
        #expect(run.stderr.contains(": warning: the output of this window would pass 110000000 bytes (the work budget for 1 day): "
                                    + "it ends before the occurrence of \"\(Self.title)\" (uid long, "), "\(run.stderr.prefix(300))")
    }
}
