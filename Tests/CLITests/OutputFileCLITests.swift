import Foundation
import Testing

/// `-o PATH` (heatmap today; every command that takes `-o` goes through the same helper).
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
