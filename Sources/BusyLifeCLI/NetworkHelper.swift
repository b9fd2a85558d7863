#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventModel
import Foundation
import Import
import Plumbing
import RemoteCore
import ServeCore

/// busylife-net, the program beside busylife that holds the network: the
/// HTTP client and server and the TLS stack stay out of the process of
/// every command that only reads files (their pages would cost memory in
/// each run). busylife runs it, as git runs its remote helpers, when a
/// subscription is to be fetched and to serve the views.
enum NetworkHelper {
    static let name = "busylife-net"

    /// Beside the running program, its symbolic links resolved (as
    /// scripts/install.sh and `swift build` place the two).
    static var path: String {
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Says that the helper is missing and how to get it, and ends with
    /// 69 (a part of busylife is unavailable).
    static func missing(_ path: String, for what: String) -> Never {
        let err = Output(fd: 2)
        err.line("busylife: error: \(what) needs \(name), busylife's network part, which is not at \(path): "
            + "build it (swift build --product \(name)) or install both with scripts/install.sh")
        err.flush()
        exit(69)
    }

    /// Replaces this process with the helper, given the same arguments:
    /// `serve` and `html` run there as if busylife ran them.
    static func replaceProcess(for what: String) -> Never {
        let path = path
        let arguments = [path] + CommandLine.arguments.dropFirst()
        var pointers = arguments.map { strdup($0) } + [nil]
        // Whatever is buffered would be written twice, once by each program.
        fflush(nil)
        execv(path, &pointers)
        missing(path, for: what)
    }

    /// The subscriptions' copies: read from the cache when `mode` lets
    /// them be, the others fetched by the helper; results in the order given.
    /// `quietly`: no progress line (serve's fetches in the background).
    static func read(_ subscriptions: [Subscription], mode: RefreshMode, reader: SubscriptionReader,
                     quietly: Bool = false) -> [SubscriptionResult] {
        let kept = subscriptions.map { reader.kept($0, mode: mode) }
        let wanted = zip(subscriptions, kept).compactMap { $1 == nil ? $0 : nil }
        guard !wanted.isEmpty else { return kept.compactMap { $0 } }
        let request = FetchRequest(subscriptions: wanted, mode: mode)
        // busylife-net itself (serving) fetches in its own process.
        let results = NetworkParts.fetch.map { $0(request, reader, quietly) } ?? fetch(request, reader: reader)
        var fetched = results.makeIterator()
        return zip(subscriptions, kept).map { subscription, copy in
            copy ?? fetched.next()
                ?? SubscriptionResult(subscription: subscription, outcome: .failed(.other("\(name) gave no result for it")))
        }
    }

    /// Runs `busylife-net fetch`: the request on its standard input, its
    /// standard error shared (the progress line and its diagnostics come
    /// in order), the results as JSON on its standard output.
    static func fetch(_ request: FetchRequest, reader: SubscriptionReader) -> [SubscriptionResult] {
        let path = path
        guard access(path, X_OK) == 0 else { missing(path, for: "fetching a subscription") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["fetch"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch { missing(path, for: "fetching a subscription") }
        // Lost if the helper ended early: its status says so below.
        try? input.fileHandleForWriting.write(contentsOf: (try? JSONEncoder().encode(request)) ?? Data())
        try? input.fileHandleForWriting.close()
        let reply = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 0, let results = try? JSONDecoder().decode([SubscriptionResult].self, from: reply),
           results.count == request.subscriptions.count {
            return results
        }
        let failure = RemoteFailure.other("\(name) ended without its results (status \(process.terminationStatus))")
        return request.subscriptions.map { subscription in
            var result = reader.kept(subscription, mode: .never) ?? SubscriptionResult(subscription: subscription, outcome: .cached)
            result.outcome = .failed(failure)
            return result
        }
    }
}

/// What only busylife-net can do, handed to the commands by its own
/// `main` before it runs them; nil in busylife, whose commands then run
/// busylife-net instead.
package enum NetworkParts {
    /// Serves the views until a signal ends the server (`open`: open a
    /// browser once listening); `refresh` is handed what to call when a
    /// source fetched again in the background changed.
    nonisolated(unsafe) package static var serve: ((_ setup: ServeSetup, _ open: Bool,
                                                    _ refresh: (_ changed: @escaping @Sendable () -> Void) -> Void) throws -> Void)?
    /// Fetches the request's subscriptions in this process (`quietly`: without the progress line).
    nonisolated(unsafe) package static var fetch: ((_ request: FetchRequest, _ reader: SubscriptionReader,
                                                    _ quietly: Bool) -> [SubscriptionResult])?
    /// Makes `busylife html`'s page (`todayFixed`: `--today` was given).
    nonisolated(unsafe) package static var page: ((_ setup: ServeSetup, _ todayFixed: Bool) throws -> MadePage)?
}

/// `busylife html`'s page, what reading found, and the output budget's
/// cut, if the days were cut short.
package struct MadePage {
    package var html: String
    package var report: ImportReport
    package var cut: Diagnostic?

    package init(html: String, report: ImportReport, cut: Diagnostic?) {
        self.html = html
        self.report = report
        self.cut = cut
    }
}
