import Foundation
import Testing

/// A temporary folder for a test's fixtures; the shell commands of a test
/// see it as $DIR.
final class ScratchFolder {
    let root: URL

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-inputs-cli-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        chmod(root.path, 0o755)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    func write(_ relative: String, _ text: String) {
        let url = root.appendingPathComponent(relative)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: url)
    }

    /// Runs a shell command in the fixture folder (BUSYLIFE is the binary, $DIR the folder).
    func shell(_ command: String) throws -> Run {
        try busylife([], shell: "cd '\(root.path)' && DIR='\(root.path)' && " + command)
    }
}

/// A calendar of one timed event on 2026-11-23 (named when `name` is given).
func oneEventCalendar(_ uid: String, name: String? = nil) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0"]
    if let name { lines.append("X-WR-CALNAME:\(name)") }
    lines += ["BEGIN:VEVENT", "UID:\(uid)", "SUMMARY:Event \(uid)", "DTSTART:20261123T150000Z", "DURATION:PT1H",
              "END:VEVENT", "END:VCALENDAR"]
    return lines.joined(separator: "\r\n") + "\r\n"
}

@Suite struct InputsCLITests {
    static let window = "--today 2026-11-22 --from 2026-11-23 --to 2026-11-23 --tz UTC"

    /// `busylife check ~/cal/` on a symlinked folder used to print files: 0 and exit 0.
    @Test func aSymlinkedCalendarFolderIsRead() throws {
        let fixture = ScratchFolder()
        fixture.write("real/a.ics", oneEventCalendar("a"))
        let run = try fixture.shell("ln -s real cal && BUSYLIFE check cal/ && BUSYLIFE check cal")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "files: 1 (1 iCalendar)").count == 3)
    }

    /// Loops, dangling links and a named pipe inside a directory: reported,
    /// the rest read, and nothing blocks.
    @Test func walkProblemsAreWarningsAndNothingBlocks() throws {
        let fixture = ScratchFolder()
        fixture.write("cal/a.ics", oneEventCalendar("a"))
        fixture.write("cal/sub/b.ical", oneEventCalendar("b"))
        let run = try fixture.shell("""
            ln -s .. cal/sub/up && ln -s gone.ics cal/dead.ics && mkfifo cal/pipe.ics && ln -s ../../cal cal/sub/cal.ics \
            && timeout 20 BUSYLIFE events cal
            """)
        #expect(run.status == 2)
        #expect(run.stdout.split(separator: "\n").count == 2)
        #expect(run.stderr == """
            cal/dead.ics: warning: symbolic link to nothing (gone.ics); skipped
            cal/pipe.ics: warning: not a regular file (a named pipe); skipped
            cal/sub/cal.ics: warning: symbolic link back to a folder it is in (../../cal); not followed
            cal/sub/up: warning: symbolic link back to a folder it is in (..); not followed

            """)
    }

    /// A folder the user cannot read, or may list but not enter: an error
    /// each, once, and exit 66 (run as nobody when we are root).
    @Test func anUnreadableSubfolderExits66() throws {
        let fixture = ScratchFolder()
        fixture.write("cal/a.ics", oneEventCalendar("a"))
        fixture.write("cal/locked/b.ics", oneEventCalendar("b"))
        fixture.write("cal/listed/c.ics", oneEventCalendar("c"))
        fixture.write("cal/listed/d.ics", oneEventCalendar("d"))
        let asUser = geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let run = try fixture.shell("""
            chmod -R a+rX . && chmod 0 cal/locked && chmod 0444 cal/listed && \(asUser)BUSYLIFE events cal; s=$?; \
            chmod 755 cal/locked cal/listed; exit $s
            """)
        #expect(run.status == 66)
        #expect(run.stdout.split(separator: "\n").count == 1)
        #expect(run.stderr == """
            cal/listed: error: permission denied; nothing in this folder is read
            cal/locked: error: permission denied; nothing in this folder is read

            """)
    }

    /// With an input missing, the calendars it may hold are unknown: 66, not a usage error.
    @Test func aMissingInputWinsOverTheCalendarFilter() throws {
        let fixture = ScratchFolder()
        fixture.write("a.ics", oneEventCalendar("a"))
        let run = try fixture.shell("BUSYLIFE agenda a.ics missing.ics \(InputsCLITests.window) --calendar missing")
        #expect(run.status == 66)
    }

    @Test func aFolderWithoutCalendarFilesExits66() throws {
        let fixture = ScratchFolder()
        fixture.write("photos/cat.jpg", "not a calendar")
        let run = try fixture.shell("BUSYLIFE agenda photos \(InputsCLITests.window)")
        #expect(run.status == 66)
        #expect(run.stderr == "photos: error: no calendar file (.ics, .ical, .ifb, .jcal or .json) in this directory or below\n")
    }

    @Test func aCalendarWithoutEventsIsValid() throws {
        let fixture = ScratchFolder()
        fixture.write("empty.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\nEND:VCALENDAR\r\n")
        let check = try fixture.shell("BUSYLIFE check empty.ics")
        #expect(check.status == 0)
        #expect(check.stdout.contains("events: 0 "))
        let days = try fixture.shell("BUSYLIFE days empty.ics \(InputsCLITests.window)")
        #expect(days.status == 0)
        #expect(days.stderr.isEmpty)
    }

    @Test func aCalendarFilterThatMatchesNothingIsAUsageError() throws {
        let fixture = ScratchFolder()
        fixture.write("cal/work/a.ics", oneEventCalendar("a"))
        fixture.write("cal/work/displayname", "Work Stuff\n")
        fixture.write("cal/home.ics", oneEventCalendar("b", name: "Home"))
        let wrong = try fixture.shell("BUSYLIFE agenda cal \(InputsCLITests.window) --calendar Home --calendar Wrok")
        #expect(wrong.status == 64)
        #expect(wrong.stdout.isEmpty)
        #expect(wrong.stderr.contains("--calendar \"Wrok\" matches no calendar of the input; its calendars: Home, Work Stuff"))
        let right = try fixture.shell("BUSYLIFE occurrences cal \(InputsCLITests.window) --calendar 'work stuff'")
        #expect(right.status == 0)
        #expect(right.stdout.split(separator: "\n").count == 1)
        #expect(right.stdout.contains("\"calendar\":\"Work Stuff\""))
    }

    @Test func helpDescribesInputsAndOutput() throws {
        #expect(try busylife(["--help"]).stdout.contains("INPUTS:"))
        #expect(try busylife(["check", "--help"]).stdout.contains("A vdir collection (a folder with a"))
        #expect(try busylife(["heatmap", "--help"]).stdout.contains("-o FILE: - is standard output"))
    }

    @Test func anUnknownTZIsAWarning() throws {
        let fixture = ScratchFolder()
        fixture.write("a.ics", oneEventCalendar("a"))
        let unknown = try fixture.shell("TZ=Mars/Olympus BUSYLIFE days a.ics --today 2026-11-22 --format ndjson")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("<environment>: warning: TZ=Mars/Olympus names no time zone busylife knows"))
        let known = try fixture.shell("TZ=:Europe/Paris BUSYLIFE days a.ics --today 2026-11-22 --format ndjson")
        #expect(known.status == 0)
        #expect(known.stderr.isEmpty)
        let flag = try fixture.shell("TZ=Mars/Olympus BUSYLIFE days a.ics --today 2026-11-22 --tz UTC --format ndjson")
        #expect(flag.status == 0)
        #expect(flag.stderr.isEmpty)
    }

    /// `--tz utc`, `TZ=CET-1CEST,M3.5.0,M10.5.0/3` and the other zones
    /// people type (issue 38): names in any case, POSIX TZ strings.
    @Test func zonesAreReadAsPeopleTypeThem() throws {
        let fixture = ScratchFolder()
        fixture.write("a.ics", oneEventCalendar("a"))
        let summer = "--from 2026-07-01 --to 2026-07-01 --today 2026-11-22 --format ndjson"
        let posix = try fixture.shell("TZ=CET-1CEST,M3.5.0,M10.5.0/3 BUSYLIFE days a.ics \(summer)")
        #expect(posix.status == 0, "\(posix.stderr)")
        #expect(posix.stderr.isEmpty)
        #expect(posix.stdout.contains("\"start\":\"2026-07-01T00:00:00+02:00\""), "\(posix.stdout.prefix(300))")
        let lower = try fixture.shell("TZ=Mars/Olympus BUSYLIFE days a.ics \(summer) --tz utc --travel 2026-07-01T12:00Z=asia/tokyo")
        #expect(lower.status == 0, "\(lower.stderr)")
        #expect(lower.stdout.contains("\"zones\":[\"UTC\",\"Asia/Tokyo\"]"), "\(lower.stdout.prefix(300))")
        let unknown = try fixture.shell("BUSYLIFE days a.ics \(summer) --tz Mars/Olympus")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown time zone \"Mars/Olympus\" for --tz (an IANA name such as Europe/Paris, in any case, "
                                        + "or a POSIX TZ string such as CET-1CEST,M3.5.0,M10.5.0/3)"), "\(unknown.stderr)")
    }

    /// A calendar typed at a terminal ends at one Ctrl-D: a terminal gives
    /// more input after an end of input, and asked again, `check -` waited
    /// for a second one. Typed into a pseudo-terminal (Python's `openpty`;
    /// lines end in LF there): the run must end within 10 s of the one
    /// Ctrl-D (a second is sent after that, so that a failure does not hang).
    @Test func oneControlDEndsInputTypedAtATerminal() throws {
        let script = """
            import os, subprocess, sys, termios
            master, slave = os.openpty()
            settings = termios.tcgetattr(slave)
            settings[3] &= ~termios.ECHO
            termios.tcsetattr(slave, termios.TCSANOW, settings)
            run = subprocess.Popen([sys.argv[1], "check", "-"], stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            os.close(slave)
            os.write(master, sys.stdin.buffer.read() + b"\\x04")
            try:
                out, _ = run.communicate(timeout=10)
                print("ended", run.returncode)
            except subprocess.TimeoutExpired:
                os.write(master, b"\\x04")
                out, _ = run.communicate(timeout=10)
                print("waited", run.returncode)
            sys.stdout.write(out.decode())
            """
        let typed = oneEventCalendar("typed").replacingOccurrences(of: "\r\n", with: "\n")
        let run = try busylife([], stdin: typed, shell: "python3 -c '\(script)' BUSYLIFE")
        #expect(run.stdout.hasPrefix("ended 0\n"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("events: 1"))
    }
}

@Suite struct VdirCLITests {
    /// A vdir as vdirsyncer writes it: one event per file, a displayname and a color.
    func vdir() -> ScratchFolder {
        let fixture = ScratchFolder()
        fixture.write("vdir/4f1c/a.ics", oneEventCalendar("a", name: "Not this"))
        fixture.write("vdir/4f1c/displayname", "Work")
        fixture.write("vdir/4f1c/color", "#ff8800\n")
        fixture.write("vdir/9e2d/b.ics", oneEventCalendar("b"))
        fixture.write("vdir/9e2d/displayname", "Family\n")
        fixture.write("vdir/9e2d/color", "#0000ffff\n")
        return fixture
    }

    @Test func eventsBelongToTheDisplayName() throws {
        let run = try vdir().shell("BUSYLIFE events vdir")
        #expect(run.status == 0)
        #expect(run.stdout.contains("\"calendar\":\"Work\""))
        #expect(run.stdout.contains("\"calendar\":\"Family\""))
    }

    @Test func theAgendaPaintsEachCalendarInItsColour() throws {
        let run = try vdir().shell("NO_COLOR= FORCE_COLOR=1 COLORTERM=truecolor BUSYLIFE agenda vdir \(InputsCLITests.window)")
        #expect(run.status == 0)
        #expect(run.stdout.contains("\u{1B}[38;2;255;136;0mEvent a"))
        #expect(run.stdout.contains("\u{1B}[38;2;0;0;255mEvent b"))
        let palette = try vdir().shell("NO_COLOR= FORCE_COLOR=1 COLORTERM= BUSYLIFE agenda vdir \(InputsCLITests.window)")
        #expect(palette.stdout.contains("\u{1B}[38;5;208mEvent a"))
        #expect(palette.stdout.contains("\u{1B}[38;5;21mEvent b"))
    }

    /// One calendar shown (or all shown of one colour): the heatmap is drawn
    /// in its colour; calendars of different colours keep the greens.
    @Test func theHeatmapTakesTheColourOfTheCalendarShown() throws {
        let fixture = vdir()
        let work = try fixture.shell("BUSYLIFE heatmap vdir --format svg \(InputsCLITests.window) --calendar work")
        #expect(work.status == 0)
        #expect(work.stdout.contains(".l3{fill:#ff8800}"))
        #expect(!work.stdout.contains("#30a14e"))
        let both = try fixture.shell("BUSYLIFE heatmap vdir --format svg \(InputsCLITests.window)")
        #expect(both.stdout.contains(".l3{fill:#30a14e}"))
        let text = try fixture.shell("NO_COLOR= FORCE_COLOR=1 COLORTERM=truecolor BUSYLIFE heatmap vdir \(InputsCLITests.window) --calendar Family")
        #expect(text.status == 0)
        #expect(text.stdout.contains("\u{1B}[38;2;0;0;255m"))
    }

    /// Too few descriptors (`ulimit -n`) once killed most commands with a
    /// signal from libdispatch, and a crash report could reach stdout.
    @Test(arguments: ["agenda", "heatmap", "free", "busy", "occurrences"])
    func tooFewOpenFilesIsAMessageNotACrash(command: String) throws {
        let run = try busylife([], shell: "ulimit -n 6; exec BUSYLIFE \(command) samples/ --today 2026-11-22")
        #expect(run.status == 66)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("only 6 files may be open at once (ulimit -n)"))
        // A low soft limit under a high hard one is raised, not refused.
        let soft = try busylife([], shell: "ulimit -Sn 6; exec BUSYLIFE \(command) samples/ --today 2026-11-22")
        #expect(soft.status == 0, "\(soft.stderr)")
    }

    /// A named pipe given by name (or through a link) that no process
    /// writes to once waited forever; one with a writer, such as
    /// `<(cat file)`, is read.
    @Test func aNamedPipeWithoutAWriterIsNotWaitedFor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-fifo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try busylife([], shell: "mkfifo \(folder)/x.ics && ln -s x.ics \(folder)/y.ics")
        #expect(made.status == 0)
        for name in ["x.ics", "y.ics"] {
            let run = try busylife([], shell: "timeout 20 BUSYLIFE events \(folder)/\(name)")
            #expect(run.status == 66)
            #expect(run.stderr.contains("\(name): error: a named pipe that no process writes to"))
        }
        let written = try busylife([], shell: "BUSYLIFE events <(sleep 1; cat samples/meeting.ics)")
        #expect(written.status == 0)
        #expect(written.stdout.split(separator: "\n").count == 3)
    }
}
