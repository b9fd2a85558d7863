import Foundation
import Testing

/// Rules of the house (docs/architecture.md) that scripts check.
@Suite struct AccessPolicyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs a script of scripts/ (with python3, or bash for `.sh`) from the
    /// package's root: its exit status and standard output.
    func script(_ name: String, _ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name.hasSuffix(".sh") ? "bash" : "python3", "scripts/" + name] + arguments
        process.currentDirectoryURL = Self.root
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// The access policy: `public` is only what BusyLifeKit offers and re-exports.
    @Test func publicIsOnlyWhatBusyLifeKitOffers() throws {
        let run = try script("check-public.py")
        #expect(run.status == 0, "\(run.output)")
    }

    /// `check-public.py` run on a package of one file of BusyLifeKit.
    func checkPublic(_ source: String) throws -> (status: Int32, output: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("public-\(UUID().uuidString)")
        let kit = root.appendingPathComponent("Sources/BusyLifeKit")
        try FileManager.default.createDirectory(at: kit, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(source.utf8).write(to: kit.appendingPathComponent("Kit.swift"))
        return try script("check-public.py", [root.path])
    }

    /// The surface is bounded: 216 public declarations pass, 217 do not.
    @Test func atMost216PublicDeclarations() throws {
        let declarations = { (count: Int) in (1...count).map { "public let value\($0) = 0\n" }.joined() }
        let bounded = try checkPublic(declarations(216))
        #expect(bounded.status == 0 && bounded.output.hasPrefix("216 public declarations"), "\(bounded.output)")
        let over = try checkPublic(declarations(217))
        #expect(over.status == 1 && over.output.contains("at most 216"), "\(over.output)")
    }

    /// These tests use the public API alone: built by SwiftPM inside the
    /// package they could reach `package` declarations, so they are
    /// type-checked again as another package would see BusyLifeKit, and a
    /// file that reaches one fails.
    @Test func theseTestsUseThePublicAPIOnly() throws {
        let clean = try script("check-public-use.sh")
        #expect(clean.status == 0, "\(clean.output)")
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).swift")
        try Data("import BusyLifeKit\nlet probe = Instant(seconds: 1)\n".utf8).write(to: probe)
        defer { try? FileManager.default.removeItem(at: probe) }
        #expect(try script("check-public-use.sh", [probe.path]).status != 0)
    }

    /// Plumbing's writers are public types so that their `package` members
    /// inline into the targets that write through them; nothing else of
    /// Plumbing, and none of their members, may be public.
    @Test func plumbingIsPublicOnlyInItsWritersNames() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("public-\(UUID().uuidString)")
        let plumbing = root.appendingPathComponent("Sources/Plumbing")
        try FileManager.default.createDirectory(at: plumbing, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = plumbing.appendingPathComponent("Writers.swift")
        try Data("public struct ByteWriter {\n    package var count = 0\n}\n".utf8).write(to: file)
        let writer = try script("check-public.py", [root.path])
        #expect(writer.status == 0 && writer.output.hasPrefix("0 public declarations"), "\(writer.output)")
        try Data("public struct ByteWriter {\n    public var count = 0\n}\npublic struct Other {}\n".utf8).write(to: file)
        let leaks = try script("check-public.py", [root.path])
        #expect(leaks.status == 1 && leaks.output.contains("Writers.swift:2") && leaks.output.contains("Writers.swift:4"),
                "\(leaks.output)")
    }

    /// A `public extension` would make its members public without a word
    /// the count sees.
    @Test func noPublicExtension() throws {
        let run = try checkPublic("public extension Int {\n    var twice: Int { self * 2 }\n}\n")
        #expect(run.status == 1 && run.output.contains("public extension"), "\(run.output)")
    }

    /// The modules each file of `target` imports (`import X`, `@testable`
    /// and access modifiers aside), by file name.
    static func imports(of target: String) throws -> [String: Set<String>] {
        let folder = root.appendingPathComponent("Sources/" + target)
        var found: [String: Set<String>] = [:]
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            var modules: Set<String> = []
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { !["@testable", "package", "internal", "public", "@_exported"].contains($0) }
                if words.count >= 2, words[0] == "import" { modules.insert(String(words.last!)) }
            }
            found[file.lastPathComponent] = modules
        }
        return found
    }

    /// The arrows of docs/architecture.md that imports can break: the
    /// plumbing depends on no target of ours but its C shim (the signal-safe
    /// temporary file), and conversion does not reach into Export
    /// (heatmaps, templates, free time).
    @Test func plumbingStandsAloneAndConvertNeedsNoExport() throws {
        let system: Set = ["Glibc", "Darwin", "Dispatch", "Synchronization", "Foundation", "FoundationEssentials", "CFileSpace"]
        let plumbing = try Self.imports(of: "Plumbing")
        #expect(plumbing.count >= 9)
        for (file, modules) in plumbing {
            #expect(modules.isSubset(of: system), "Plumbing/\(file) imports \(modules.subtracting(system).sorted())")
        }
        for (file, modules) in try Self.imports(of: "Convert") {
            #expect(!modules.contains("Export"), "Convert/\(file) imports Export")
        }
    }

    /// Plumbing declares no generic type but those used a few times a
    /// run: the members of a generic `package` type are compiled once,
    /// generically, and never specialized in the module that calls them
    /// (`@inlinable` changes nothing for a `package` type), so a container
    /// or a cache used per value there asks the runtime for metadata and
    /// witnesses at every access. Such a type lives beside its users
    /// (Settle's `Blocks` and `Interner`).
    @Test func plumbingHasNoGenericTypeUsedPerValue() throws {
        // A chunk's view of a shared array: read and written once a series.
        let usedPerChunk: Set = ["ChunkElements"]
        let folder = Self.root.appendingPathComponent("Sources/Plumbing")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                // `package|public [final] struct|class|enum Name<...`
                var words = line.split(separator: " ").filter { $0 != "final" }
                guard words.count >= 3, ["package", "public"].contains(words[0]),
                      ["struct", "class", "enum"].contains(words[1]), words[2].contains("<") else { continue }
                words[2] = words[2].prefix { $0 != "<" }
                #expect(usedPerChunk.contains(String(words[2])), "Plumbing/\(name) declares the generic type \(words[2])")
            }
        }
    }

    /// The command-line tool is thin: it runs no pipeline and writes no
    /// file itself; the library's targets do (Export's writers, Plumbing's
    /// output, chunks and pieces).
    @Test(arguments: ["busylife", "BusyLifeCLI", "busylife-net"])
    func theCommandLineToolRunsNoPlumbing(target: String) throws {
        let folder = Self.root.appendingPathComponent("Sources/" + target)
        let plumbing = ["ParallelChunks", "ChunkElements", "inOrder(", "SpillFile", "SpillWriter", "TemporaryFile",
                        "ByteWriterPool", "writev", "iovec", "fallocate", "busylife_", "withUnsafeTemporaryAllocation"]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for word in plumbing {
                #expect(!text.contains(word), "\(target)/\(name) uses \(word)")
            }
        }
    }

    /// No function in any target is longer than 60 lines unless the
    /// comment above it says why (`Long on purpose:`).
    @Test func noUnexplainedLongFunctions() throws {
        let run = try script("long-functions.py", ["--unexplained", "Sources"])
        #expect(run.status == 0)
        #expect(run.output == "", "\(run.output)")
    }
}
