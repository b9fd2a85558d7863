import Hummingbird
import ServeCore
import Synchronization

/// What every request passes first (SEMANTICS of the views: read-only,
/// no DNS rebinding, no CORS, a token beyond loopback): GET and HEAD only,
/// the Host header naming this server when it listens on loopback, the
/// token when it does not; every answer carries the security headers, and
/// every failure is JSON with its status.
struct Guard<Context: RequestContext>: RouterMiddleware {
    /// Host headers that name this server, known once it listens: empty
    /// when any will do (beyond loopback).
    let hosts: Hosts
    /// The token beyond loopback, else nil.
    let token: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await checked(request, context: context, next: next)
        } catch let failure as ServeFailure {
            response = API.failure(failure)
        } catch let error as HTTPError {
            let message = error.status == .notFound ? "no such page: \(request.uri.path)" : error.status.reasonPhrase
            response = API.failure(ServeFailure(status: error.status.code, message))
        } catch {
            response = API.failure(ServeFailure(status: 500, "\(error)"))
        }
        Guard.secure(&response.headers)
        return response
    }

    private func checked(_ request: Request, context: Context,
                         next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            throw ServeFailure(status: 405, "busylife serve is read-only: GET and HEAD only")
        }
        let host = request.head.authority ?? ""
        guard hosts.allows(host) else {
            throw ServeFailure(status: 421, "this server answers only to its own address, not to Host \"\(host)\"")
        }
        if let token {
            let given = request.uri.queryParameters.get("token")
                ?? request.headers[.authorization].map { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : $0 }
            guard given == token else { throw ServeFailure(status: 401, "this server needs the token it printed at start (?token=…)") }
        }
        guard request.method == .head else { return try await next(request, context) }
        let answer = try await next(request, context)
        // HEAD: the headers of GET, no body.
        var headers = answer.headers
        if let length = answer.body.contentLength { headers[.contentLength] = String(length) }
        return Response(status: answer.status, headers: headers)
    }

    /// The page's script and styles come only from this server, nothing
    /// may frame it, and no other origin may read it (no CORS headers).
    static func secure(_ headers: inout HTTPFields) {
        if headers[.contentSecurityPolicy] == nil { headers[.contentSecurityPolicy] = pagePolicy }
        headers[.xContentTypeOptions] = "nosniff"
    }

    /// The Host headers of a server on loopback at `port`.
    static func loopbackHosts(port: Int) -> Set<String> {
        let names = ["127.0.0.1", "localhost", "[::1]"]
        return Set(names.map { "\($0):\(port)" } + (port == 80 ? names : []))
    }
}

/// The Host headers a server answers to, set once it knows its port.
final class Hosts: Sendable {
    private let names = Mutex<Set<String>>([])

    func set(_ hosts: Set<String>) { names.withLock { $0 = hosts } }

    /// Whether `host` names this server (any does when none are set: beyond loopback).
    func allows(_ host: String) -> Bool {
        names.withLock { $0.isEmpty || $0.contains(host.lowercased()) }
    }
}

/// The page runs only its own script and styles, loads only its own
/// images and API, and may not be framed.
let pagePolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
