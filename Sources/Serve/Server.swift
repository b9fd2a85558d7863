import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServeCore
import Synchronization

/// `busylife serve`: the page and its API on one address, until
/// interrupted (SIGINT or SIGTERM end it gracefully).
package struct Server: Sendable {
    package let setup: ServeSetup
    let store: CalendarStore
    /// Printed at start and needed with every request when listening beyond loopback.
    package let token: String?

    package init(_ setup: ServeSetup, store: CalendarStore) {
        self.setup = setup
        self.store = store
        token = setup.isLoopback ? nil : (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }

    /// Listens and answers; `started` gets the address the page is at
    /// once the port is bound. A port in use throws `Server.PortInUse`.
    /// Returns the signal (SIGINT, SIGTERM) that ended it, so that the
    /// command can end of it as any interrupted program does.
    package func run(started: @escaping @Sendable (String) -> Void) async throws -> Int32? {
        let caught = CaughtSignal()
        defer { caught.stop() }
        try await serve(started: started)
        return caught.signal()
    }

    private func serve(started: @escaping @Sendable (String) -> Void) async throws {
        let hosts = Hosts()
        let router = Router()
        router.middlewares.add(Guard(hosts: hosts, token: token))
        routes(router)
        var logger = Logger(label: "busylife-serve")
        logger.logLevel = .critical  // the command says what matters on standard error itself
        let isLoopback = setup.isLoopback, host = setup.host, token = token
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: setup.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                if isLoopback { hosts.set(Guard<BasicRequestContext>.loopbackHosts(port: port)) }
                let shown = host.contains(":") ? "[\(host)]" : host
                started("http://\(shown):\(port)/" + (token.map { "?token=" + $0 } ?? ""))
            },
            logger: logger
        )
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw PortInUse(port: setup.port)
        }
    }

    /// Every route answers GET and HEAD alike (the guard drops HEAD's body).
    private func routes(_ router: Router<BasicRequestContext>) {
        let store = store
        let pages: [(String, @Sendable (Request) async throws -> Response)] = [
            ("/", { _ in Page.response(Page.html, type: "text/html; charset=utf-8") }),
            ("/app.js", { _ in Page.response(Page.script, type: "text/javascript; charset=utf-8") }),
            ("/app.css", { _ in Page.response(Page.styles, type: "text/css; charset=utf-8") }),
            ("/api/days", { try await API.days($0, store: store) }),
            ("/api/meta", { try await API.meta($0, store: store) }),
            ("/api/year", { try await API.year($0, store: store) }),
        ]
        for (path, answer) in pages {
            for method in [HTTPRequest.Method.get, .head] {
                router.on(RouterPath(path), method: method) { request, _ in try await answer(request) }
            }
        }
    }

    /// Another program listens on the port already.
    package struct PortInUse: Error, CustomStringConvertible {
        package var port: Int
        package var description: String {
            "port \(port) is in use by another program: give another with --port (--port 0 takes any free one)"
        }
    }
}

/// The signal that ended the server: the server's own handlers (graceful
/// shutdown on SIGINT and SIGTERM) do not say which, so it is watched
/// here too; a signal is delivered to every source watching it.
private final class CaughtSignal: @unchecked Sendable {  // the sources are only resumed and cancelled
    private let caught: Caught
    private let sources: [any DispatchSourceSignal]

    private final class Caught: Sendable {
        let number = Mutex<Int32?>(nil)
    }

    init() {
        let caught = Caught()
        self.caught = caught
        sources = [SIGINT, SIGTERM].map { number in
            Glibc.signal(number, SIG_IGN)  // as the server's handlers have it: the sources see it instead
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { caught.number.withLock { $0 = $0 ?? number } }
            source.resume()
            return source
        }
    }

    /// The signal caught, waiting a moment for a handler that has not run
    /// yet (the server's may have finished first).
    func signal() -> Int32? {
        for _ in 0..<100 {
            if let number = caught.number.withLock({ $0 }) { return number }
            usleep(10_000)
        }
        return nil
    }

    func stop() { sources.forEach { $0.cancel() } }
}

/// The page: HTML, script and styles, built into the binary.
enum Page {
    static func response(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
