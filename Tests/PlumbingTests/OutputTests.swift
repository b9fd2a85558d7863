import Foundation
import Plumbing
import Testing

/// `Output`, the one type every command writes through: a file named by
/// `-o` is replaced whole through a temporary file beside it, or left as
/// it was; failures say what could not be written and why, in the
/// wording the command-line tool prints.
@Suite struct OutputTests {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func aFileIsReplacedWholeOnlyWhenFinished() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.txt").path
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let output = try Output.open(path)
        #expect(output.write("new "))
        var writer = ByteWriter()
        writer.append("text\n")
        #expect(output.write(taking: &writer))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")  // not yet
        #expect(try names(in: folder).count == 2)  // the temporary file beside it
        try output.finish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new text\n")
        #expect(try names(in: folder) == ["out.txt"])
    }

    @Test func anAbortedFileLeavesTheOldOne() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.txt").path
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let output = try Output.open(path)
        output.write("new\n")
        output.abort()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try names(in: folder) == ["out.txt"])
    }

    @Test func aFileNotToBeReplacedIsRefused() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        try Output.write("first\n", to: path, replacing: false)
        #expect(throws: Output.Failure.self) { try Output.write("second\n", to: path, replacing: false) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
    }

    /// `-o`'s failures name the path and begin their reason in lower case;
    /// standard output's keep strerror's text as it is.
    @Test func failuresSayWhatAndWhy() throws {
        let missing = "/nonexistent-busylife-folder/out.txt"
        do {
            _ = try Output.open(missing)
            Issue.record("opened \(missing)")
        } catch {
            #expect(error.description == "cannot write \(missing): no such file or directory")
        }
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)  // closed by the output when it fails
        let output = Output(fd: full)
        output.write("x")
        do {
            try output.finish()
            Issue.record("wrote to /dev/full")
        } catch {
            #expect(error.description == "cannot write output: No space left on device")
        }
    }
}
