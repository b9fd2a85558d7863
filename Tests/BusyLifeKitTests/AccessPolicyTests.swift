import Foundation
import Testing

/// Rules of the house (docs/architecture.md) that scripts check.
@Suite struct AccessPolicyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs a script of scripts/ with python3 from the package's root: its
    /// exit status and standard output.
    func script(_ name: String, _ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "scripts/" + name] + arguments
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

    /// No function in any target is longer than 60 lines unless the
    /// comment above it says why (`Long on purpose:`).
    @Test func noUnexplainedLongFunctions() throws {
        let run = try script("long-functions.py", ["--unexplained", "Sources"])
        #expect(run.status == 0)
        #expect(run.output == "", "\(run.output)")
    }
}
