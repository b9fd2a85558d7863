import Foundation
import Testing

/// docs/architecture.md's access policy, checked by scripts/check-public.py:
/// `public` is only what BusyLifeKit offers and re-exports.
@Suite struct AccessPolicyTests {
    @Test func publicIsOnlyWhatBusyLifeKitOffers() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/check-public.py").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
    }
}
