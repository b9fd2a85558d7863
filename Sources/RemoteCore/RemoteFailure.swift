/// Why a fetch did not bring a new copy, in words a person reads: each
/// case names the cause, never the address (the caller names the source).
package enum RemoteFailure: Error, Sendable, Equatable, Codable {
    case refused
    case hostNotFound
    case unreachable(String)
    case tls(String)
    case connectTimeout(seconds: Int)
    case timeout(seconds: Int)
    /// An HTTP status that is no copy: 401/403, 404, 5xx and the rest;
    /// whether a login was sent (a 401 or 403 then refused it).
    case status(Int, host: String, source: String?, loginSent: Bool = false)
    case tooLarge(limit: Int)
    case tooManyRedirects
    case redirectScheme(String)
    case redirectWithoutLocation
    /// Credentials would go in clear text to another machine.
    case plainHTTPCredentials
    case notCalendar(String)
    case passwordCommand(String)
    case caFile(String)
    /// The proxy of the environment: unusable, refused, or asking for credentials.
    case proxy(String)
    case cache(String)
    case other(String)
    /// `--offline` and no copy: not a failure of the network.
    case neverFetched

    /// Whether the network itself failed (the copy is read "offline").
    package var isOffline: Bool {
        switch self {
        case .refused, .hostNotFound, .unreachable, .connectTimeout: true
        default: false
        }
    }

    package var description: String {
        let words = self.words
        return isOffline ? "offline: " + words : words
    }

    private var words: String {
        switch self {
        case .refused: "connection refused"
        case .hostNotFound: "host not found (DNS)"
        case .unreachable(let reason): "no route to the server (\(reason))"
        case .tls(let reason): "TLS: \(reason)"
        case .connectTimeout(let seconds): "no connection within \(seconds) s"
        case .timeout(let seconds): "no complete reply within \(seconds) s"
        case .status(let code, let host, let source, let loginSent): Self.statusWords(code, host: host, source: source, loginSent: loginSent)
        case .tooLarge(let limit): "the reply is larger than the limit of \(Self.size(limit))"
        case .tooManyRedirects: "more than 5 redirects"
        case .redirectScheme(let scheme): "redirected to a \(scheme): address, which is not fetched"
        case .redirectWithoutLocation: "a redirect without a Location"
        case .plainHTTPCredentials:
            "credentials are sent over https only (or to this machine), never in clear text over http: write https://"
        case .notCalendar(let what): what
        case .passwordCommand(let reason): "password-command \(reason)"
        case .caFile(let reason): "ca-file \(reason)"
        case .proxy(let reason): "proxy: \(reason)"
        case .cache(let reason): reason
        case .other(let reason): reason
        case .neverFetched: "never fetched, and --offline fetches nothing"
        }
    }

    private static func statusWords(_ code: Int, host: String, source: String?, loginSent: Bool) -> String {
        let reason = code == 401 ? "Unauthorized" : code == 403 ? "Forbidden" : code == 404 ? "Not Found"
            : code == 410 ? "Gone" : code == 429 ? "Too Many Requests" : code >= 500 ? "a server error" : "not a calendar"
        let head = "the server answered \(code) (\(reason))"
        switch code {
        case 401 where loginSent, 403 where loginSent:
            let table = source.map { "[sources.\($0)]" } ?? "the address"
            return head + ": the login was refused; check the username and password-command in \(table), or ~/.netrc for \(host)"
        case 401, 403:
            let table = source.map { "[sources.\($0)]" } ?? "[sources.NAME] (with this url)"
            return head + ": give credentials as username and password-command in \(table) of the configuration, or in ~/.netrc for \(host)"
        case 404, 410: return head + ": has the address changed?"
        default: return head
        }
    }

    /// A byte count as people write it.
    package static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
