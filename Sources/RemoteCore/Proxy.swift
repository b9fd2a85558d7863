import Foundation

/// The proxies of the environment, as curl reads them: `https_proxy`
/// (or `HTTPS_PROXY`) for https, `http_proxy` for http (lower case only:
/// a web server sets `HTTP_PROXY` from a request's `Proxy:` header), and
/// `no_proxy` (or `NO_PROXY`), the hosts reached directly. A proxy's user
/// and password, if its address has them, go to the proxy only and are
/// never printed.
package struct ProxySettings: Sendable, Equatable {
    package var https: ProxyServer?
    package var http: ProxyServer?
    /// `no_proxy`'s entries, lower-cased: `*`, a host or domain
    /// (`example.com` and `.example.com` both match its subdomains), an
    /// address, each with an optional `:port`.
    package var bypass: [String] = []
    /// Why a proxy variable cannot be used (another scheme than http, no
    /// host), by whether it is for https: every fetch it would carry
    /// fails, rather than go around it.
    package var problems: [Bool: String] = [:]

    package init() {}

    package init(environment: [String: String]) {
        func value(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        }
        for (name, secure) in [("https_proxy", true), ("HTTPS_PROXY", true), ("http_proxy", false)] {
            guard let text = environment[name], !text.isEmpty, (secure ? https : http) == nil, problems[secure] == nil else { continue }
            guard let server = ProxyServer(text) else {
                problems[secure] = problems[secure] ?? "\(name) is not an http:// proxy address with a host (the proxy is reached over http, and CONNECT carries TLS)"
                continue
            }
            if secure { https = server } else { http = server }
        }
        bypass = (value("no_proxy", "NO_PROXY") ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// The proxy to reach `address` through; nil to connect directly.
    package func proxy(for address: RemoteAddress) throws(RemoteFailure) -> ProxyServer? {
        if let problem = problems[address.isTLS], !bypasses(address) { throw .proxy(problem) }
        guard let server = address.isTLS ? https : http else { return nil }
        return bypasses(address) ? nil : server
    }

    /// Whether `no_proxy` names the address's host (and port, if the entry has one).
    package func bypasses(_ address: RemoteAddress) -> Bool {
        let host = address.host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let port = address.url.port ?? (address.isTLS ? 443 : 80)
        return bypass.contains { entry in
            if entry == "*" { return true }
            var name = Substring(entry)
            // `host:port`, or `[v6]:port`; a bare IPv6 address has several colons and no port.
            if let colon = name.lastIndex(of: ":"), name.filter({ $0 == ":" }).count == 1 || name.hasPrefix("["),
               let wanted = Int(name[name.index(after: colon)...]) {
                guard wanted == port else { return false }
                name = name[..<colon]
            }
            let domain = name.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).drop { $0 == "." || $0 == "*" }
            return !domain.isEmpty && (host == domain || host.hasSuffix("." + domain))
        }
    }
}

/// A proxy server: `http://[user:password@]host[:port]` (the port is 1080
/// when not written, as curl's; a bare `host:port` is read as http).
package struct ProxyServer: Sendable, Equatable {
    package var host: String
    package var port: Int
    package var user: String?
    package var password: String?

    package init?(_ text: String) {
        let written = text.contains("://") ? text : "http://" + text
        guard let parts = URLComponents(string: written), parts.scheme?.lowercased() == "http",
              let host = parts.host, !host.isEmpty else { return nil }
        self.host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        port = parts.port ?? 1080
        user = parts.percentEncodedUser.map { $0.removingPercentEncoding ?? $0 }
        password = parts.percentEncodedPassword.map { $0.removingPercentEncoding ?? $0 }
    }
}
