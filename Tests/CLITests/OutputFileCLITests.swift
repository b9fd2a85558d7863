import Foundation
import Testing

/// Runs a command of a shell line as a user who may not write what root
/// may: nobody (uid 65534) when the tests run as root, as CI does.
let asUnprivileged = geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
/// Whether `asUnprivileged` can be run.
let canRunUnprivileged = geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    || FileManager.default.isExecutableFile(atPath: "/bin/setpriv")

/// `-o PATH` (heatmap here; every command that takes `-o` goes through the same helper).
@Suite struct OutputFileCLITests {
    static let heatmap = "BUSYLIFE heatmap a.ics --format tsv --today 2026-11-22 --from 2026-11-23 --to 2026-11-24 --tz UTC"
    static let expected = "date\tbusy_seconds\tlevel\tevents\n2026-11-23\t3600\t1\t1\n2026-11-24\t0\t0\t0\n"

    func fixture() -> ScratchFolder {
        let fixture = ScratchFolder()
        fixture.write("a.ics", oneEventCalendar("a"))
        return fixture
    }

    /// What is in the fixture folder besides a.ics: no temporary file left behind.
    func others(_ fixture: ScratchFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).filter { $0 != "a.ics" }.sorted()
    }

    @Test func aPrivateFileStaysPrivate() throws {
        let fixture = fixture()
        let run = try fixture.shell("echo old > out.tsv && chmod 600 out.tsv && \(OutputFileCLITests.heatmap) -o out.tsv && stat -c %a out.tsv")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "600\n")
        #expect(try String(contentsOfFile: fixture.path("out.tsv"), encoding: .utf8) == OutputFileCLITests.expected)
        #expect(try others(fixture) == ["out.tsv"])
    }

    @Test func aNewFileFollowsTheUmask() throws {
        let run = try fixture().shell("umask 027 && \(OutputFileCLITests.heatmap) -o new.tsv && stat -c %a new.tsv")
        #expect(run.status == 0)
        #expect(run.stdout == "640\n")
    }

    @Test func aLinkIsFollowedAndKept() throws {
        let fixture = fixture()
        let run = try fixture.shell("mkdir target && echo old > target/real.tsv && ln -s target/real.tsv link.tsv && \(OutputFileCLITests.heatmap) -o link.tsv && readlink link.tsv")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "target/real.tsv\n")
        #expect(try String(contentsOfFile: fixture.path("target/real.tsv"), encoding: .utf8) == OutputFileCLITests.expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.path("target")) == ["real.tsv"])
    }

    /// A link to a file that does not exist yet creates the file, not a file over the link.
    @Test func aLinkToNothingYetCreatesItsTarget() throws {
        let fixture = fixture()
        let run = try fixture.shell("ln -s later.tsv link.tsv && \(OutputFileCLITests.heatmap) -o link.tsv && test -L link.tsv && cat later.tsv")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == OutputFileCLITests.expected)
    }

    @Test func aFullDeviceExits74() throws {
        let run = try fixture().shell("\(OutputFileCLITests.heatmap) -o /dev/full")
        #expect(run.status == 74)
        #expect(run.stderr == "busylife: cannot write /dev/full: no space left on device\n")
        #expect(try busylife([], shell: "test -c /dev/full").status == 0)
    }

    @Test func theNullDeviceStaysADevice() throws {
        let run = try fixture().shell("\(OutputFileCLITests.heatmap) -o /dev/null && test -c /dev/null")
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func aDashIsStandardOutput() throws {
        let fixture = fixture()
        let run = try fixture.shell("\(OutputFileCLITests.heatmap) -o -")
        #expect(run.status == 0)
        #expect(run.stdout == OutputFileCLITests.expected)
        #expect(try others(fixture) == [])
    }

    @Test func aNamedPipeIsWrittenThrough() throws {
        let fixture = fixture()
        let run = try fixture.shell("mkfifo pipe && { timeout 20 cat pipe > got.tsv & reader=$!; } && timeout 20 \(OutputFileCLITests.heatmap) -o pipe; s=$?; wait $reader; test -p pipe && cat got.tsv; exit $s")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == OutputFileCLITests.expected)
    }

    /// A file the user may not write is never replaced, as the shell's `>`
    /// refuses it, though the folder would let a new file be put in its
    /// place: a 0444 file of the user's own, and one of root's. The folder
    /// is open to all (0777) for the unprivileged run.
    @Test(.enabled(if: canRunUnprivileged, "needs setpriv to run busylife as an unprivileged user when the tests run as root"))
    func aFileTheUserMayNotWriteIsRefused() throws {
        let fixture = fixture()
        let run = try fixture.shell("""
            chmod 777 . && echo old > own.tsv && echo old > roots.tsv && chmod 444 own.tsv roots.tsv \
            && { [ "$(id -u)" != 0 ] || chown 65534:65534 own.tsv; } \
            && for file in own.tsv roots.tsv; do \(asUnprivileged)\(OutputFileCLITests.heatmap) -o $file; echo " $?"; done; cat own.tsv roots.tsv
            """)
        #expect(run.stdout == " 74\n 74\nold\nold\n")
        #expect(run.stderr == "busylife: cannot write own.tsv: permission denied\nbusylife: cannot write roots.tsv: permission denied\n")
        #expect(try others(fixture) == ["own.tsv", "roots.tsv"])
    }

    /// A file the user may write in a folder closed to new files cannot be
    /// replaced: the reason names the temporary file replacing it needs.
    @Test(.enabled(if: canRunUnprivileged, "needs setpriv to run busylife as an unprivileged user when the tests run as root"))
    func aClosedFolderIsNamed() throws {
        let fixture = fixture()
        let run = try fixture.shell("mkdir closed && echo old > closed/out.tsv && chmod 666 closed/out.tsv && chmod 555 closed "
            + "&& \(asUnprivileged)\(OutputFileCLITests.heatmap) -o closed/out.tsv; echo \" $?\"; cat closed/out.tsv; chmod 755 closed")
        #expect(run.stdout == " 74\nold\n")
        #expect(run.stderr == "busylife: cannot write closed/out.tsv: cannot make the temporary file beside it that replacing it takes (closed: permission denied)\n")
    }

    /// `-o /proc/version` said "no such file or directory" of a file that is
    /// there: the kernel's folder makes no new files. An unprivileged user
    /// may not write it at all.
    @Test(.enabled(if: canRunUnprivileged && FileManager.default.fileExists(atPath: "/proc/version"), "needs /proc, and setpriv when the tests run as root"))
    func aSpecialFileGivesTheRealReason() throws {
        let fixture = fixture()
        let user = try fixture.shell("\(asUnprivileged)\(OutputFileCLITests.heatmap) -o /proc/version")
        #expect(user.status == 74)
        #expect(user.stderr == "busylife: cannot write /proc/version: permission denied\n")
        if geteuid() == 0 {
            let root = try fixture.shell("\(OutputFileCLITests.heatmap) -o /proc/version")
            #expect(root.status == 74)
            #expect(root.stderr == "busylife: cannot write /proc/version: cannot replace a special file (/proc makes no new files)\n")
        }
    }

    /// Ctrl-C, `kill` or a closed terminal while `-o`'s temporary file is
    /// open (convert has read part of a calendar on standard input and
    /// waits for the rest): the temporary file goes, the old file stays,
    /// and busylife dies of the signal. The signals are unblocked for the
    /// child first: a test runner's threads may block them, and a child
    /// inherits that.
    @Test(arguments: ["SIGINT", "SIGTERM", "SIGHUP"])
    func anInterruptedRunLeavesTheOldFileAndNoTemporaryOne(signal: String) throws {
        let fixture = fixture()
        let events = (1...2000).map { "BEGIN:VEVENT\r\nUID:\($0)\r\nSUMMARY:Event \($0)\r\nDTSTART:20260101T100000Z\r\nEND:VEVENT\r\n" }
        fixture.write("start.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + events.joined())
        fixture.write("out.ics", "old\n")
        let run = try fixture.shell("""
            python3 -c 'import os, signal, subprocess, sys, time
            ending = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]
            signal.pthread_sigmask(signal.SIG_UNBLOCK, ending)
            for number in ending: signal.signal(number, signal.SIG_DFL)
            child = subprocess.Popen(["BUSYLIFE", "convert", "-", "-o", "out.ics"], stdin=subprocess.PIPE)
            child.stdin.write(open("start.ics", "rb").read()); child.stdin.flush()
            for _ in range(200):
                if any("busylife-" in name for name in os.listdir(".")): break
                time.sleep(0.05)
            print(sum("busylife-" in name for name in os.listdir(".")))
            child.send_signal(getattr(signal, sys.argv[1]))
            try: print(child.wait(timeout=60) == -getattr(signal, sys.argv[1]))
            except subprocess.TimeoutExpired: child.kill(); print("still running")' \(signal); rm start.ics
            """)
        #expect(run.stdout == "1\nTrue\n", "\(run.stderr)")
        #expect(try others(fixture) == ["out.ics"])
        #expect(try String(contentsOfFile: fixture.path("out.ics"), encoding: .utf8) == "old\n")
    }

    @Test func aFailureLeavesNothingBehind() throws {
        let fixture = fixture()
        let missing = try fixture.shell("\(OutputFileCLITests.heatmap) -o no/such/folder.tsv")
        #expect(missing.status == 74)
        #expect(missing.stderr == "busylife: cannot write no/such/folder.tsv: no such file or directory\n")
        let folder = try fixture.shell("mkdir here && \(OutputFileCLITests.heatmap) -o here")
        #expect(folder.status == 74)
        #expect(try others(fixture) == ["here"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.path("here")) == [])
    }
}
