import Foundation
import Testing

/// busylife-net, the network part that busylife runs beside itself
/// (docs/architecture.md): busylife links no HTTP client, server or TLS,
/// reads fresh copies without its helper, and says what to install when
/// the helper is needed and missing.
@Suite struct NetworkHelperCLITests {
    static let built = Bundle.main.bundleURL

    /// A copy of the built busylife alone in a folder, without its helper.
    static func alone() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-alone-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("busylife")
        // Copied by cp, not in this process: a test running another program
        // at the same moment would inherit a descriptor open for writing,
        // and the copy could not be run ("text file busy") until it ended.
        let cp = Process()
        cp.executableURL = URL(fileURLWithPath: "/bin/cp")
        cp.arguments = [built.appendingPathComponent("busylife").path, copy.path]
        try cp.run()
        cp.waitUntilExit()
        guard cp.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return copy
    }

    /// The modules of the network stack, as their names appear in the
    /// symbols of whatever links them.
    static let networkModules = ["AsyncHTTPClient", "Hummingbird", "NIOCore", "NIOSSL", "NIOHTTP1", "FoundationXML", "CCryptoBoringSSL"]

    @Test func busylifeLinksNoNetworkStack() throws {
        let busylife = try Data(contentsOf: Self.built.appendingPathComponent("busylife"))
        let helper = try Data(contentsOf: Self.built.appendingPathComponent("busylife-net"))
        for name in Self.networkModules {
            #expect(busylife.range(of: Data(name.utf8)) == nil, "busylife links \(name)")
        }
        // The same look finds them where they are.
        #expect(helper.range(of: Data("AsyncHTTPClient".utf8)) != nil)
        #expect(helper.range(of: Data("Hummingbird".utf8)) != nil)
    }

    @Test(arguments: ["serve", "html"])
    func withoutTheHelperServeAndHtmlSayWhatToInstall(command: String) throws {
        let copy = try Self.alone()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let arguments = command == "serve" ? ["serve", "samples/", "--port", "0"] : ["html", "samples/"]
        let run = try busylife(arguments, binary: copy)
        #expect(run.status == 69)
        #expect(run.stdout.isEmpty)
        let path = copy.deletingLastPathComponent().appendingPathComponent("busylife-net").path
        #expect(run.stderr == "busylife: error: busylife \(command) needs busylife-net, busylife's network part, which is not at \(path): "
            + "build it (swift build --product busylife-net) or install both with scripts/install.sh\n")
    }

    /// Only a fetch needs the helper: a fresh copy and `--offline` are
    /// read by busylife alone, `--refresh` and `sync` ask for the helper.
    @Test func onlyAFetchNeedsTheHelper() throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a"))
        SubscriptionCLITests.configureWork(server, "etag/work.ics")
        let window = SubscriptionCLITests.window
        let fetched = try server.busylifeRun(["agenda"] + window)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let copy = try Self.alone()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        for arguments in [["agenda"] + window, ["agenda", "--offline"] + window] {
            let run = try server.busylifeRun(arguments, binary: copy)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout == fetched.stdout)
            #expect(run.stderr.isEmpty)
        }
        #expect(try server.stats().requests == 1)
        for arguments in [["agenda", "--refresh"] + window, ["sync"]] {
            let run = try server.busylifeRun(arguments, binary: copy)
            #expect(run.status == 69, "\(arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix("busylife: error: fetching a subscription needs busylife-net"), "\(run.stderr)")
        }
        #expect(try server.stats().requests == 1)
    }
}
