import Foundation

/// A subscription's address: `http(s)://` as written, `webcal(s)://` read
/// as `https://`. It is never printed whole (`printed`): secret
/// subscription addresses carry their secret in the path or the query.
package struct RemoteAddress: Sendable, Hashable {
    /// What is fetched: the address with `https` for `webcal`, and
    /// without user-info (which becomes credentials).
    package let url: URL
    /// The user name and password written in the address, if any.
    package let userInfo: (user: String, password: String?)?

    package static func == (a: RemoteAddress, b: RemoteAddress) -> Bool { a.url == b.url }
    package func hash(into hasher: inout Hasher) { hasher.combine(url) }

    /// The schemes an address is written with.
    private static let schemes: Set<String> = ["http", "https", "webcal", "webcals"]

    /// Whether `text` is written as a web address (by its scheme alone).
    package static func looksLikeAddress(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return false }
        return schemes.contains(text[..<colon].lowercased())
    }

    /// Nil unless `text` is an http(s) or webcal(s) address with a host.
    package init?(_ text: String) {
        guard Self.looksLikeAddress(text), var parts = URLComponents(string: text),
              let host = parts.host, !host.isEmpty else { return nil }
        let scheme = parts.scheme?.lowercased() ?? ""
        parts.scheme = scheme == "http" ? "http" : "https"
        if let user = parts.user {
            userInfo = (user.removingPercentEncoding ?? user, parts.password.map { $0.removingPercentEncoding ?? $0 })
        } else {
            userInfo = nil
        }
        parts.user = nil
        parts.password = nil
        parts.fragment = nil
        guard let url = parts.url else { return nil }
        self.url = url
    }

    /// An address a reply redirects to (relative to this one); nil when it
    /// is not http(s).
    package func redirected(to location: String) -> RemoteAddress? {
        guard let target = URL(string: location, relativeTo: url)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return RemoteAddress(target.absoluteString)
    }

    package var host: String { url.host() ?? "" }

    /// Whether `other` is this address as people may write it again: the
    /// same, or but for a `/` ending its path (a collection's address is
    /// written both ways).
    package func isWritten(as other: RemoteAddress) -> Bool {
        self == other || withoutFinalSlash == other.withoutFinalSlash
    }

    private var withoutFinalSlash: String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        if parts.path.count > 1 && parts.path.hasSuffix("/") { parts.path.removeLast() }
        return parts.string ?? url.absoluteString
    }

    /// Scheme, host and port: credentials go only where all three are those they were given for.
    package var origin: String {
        "\(url.scheme ?? "")://\(host.lowercased()):\(url.port ?? (isTLS ? 443 : 80))"
    }

    /// What a request names: the path (`/` when empty) and the query, as written.
    package var requestTarget: String {
        let parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = parts?.percentEncodedPath ?? ""
        return (path.isEmpty ? "/" : path) + (parts?.percentEncodedQuery.map { "?" + $0 } ?? "")
    }
    package var isTLS: Bool { url.scheme == "https" }

    /// Whether the host is this machine: plain http with credentials is
    /// refused anywhere else.
    package var isLoopback: Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return name == "localhost" || name.hasSuffix(".localhost") || name.hasPrefix("127.") || name == "::1"
    }

    /// The address as every message and file names it: `host/…/last`,
    /// never whole and never with user-info. A last segment that may be a
    /// secret (iCloud's and Nextcloud's public addresses end in theirs) is
    /// shown as the start of its digest instead, `host/…/1a2b3c…`, which
    /// tells two such addresses apart and nothing of the secret.
    package var printed: String {
        let segments = url.pathComponents.filter { $0 != "/" }
        guard var last = segments.last else { return host }
        if Self.mayBeSecret(last) { last = String(SHA256.hex(last).prefix(6)) + "…" }
        return host + (segments.count == 1 ? "/" : "/…/") + last
    }

    /// Whether a segment holds what a random token looks like: sixteen or
    /// more letters, digits, `-` and `_` in a row, with a digit or with
    /// letters of both cases among them. Names people give (`basic.ics`,
    /// `work-2026.ics`) are shorter or have neither.
    static func mayBeSecret(_ segment: String) -> Bool {
        var run = 0
        var (digit, lower, upper) = (false, false, false)
        for scalar in segment.unicodeScalars {
            let isDigit = ("0"..."9").contains(scalar), isLower = ("a"..."z").contains(scalar), isUpper = ("A"..."Z").contains(scalar)
            guard isDigit || isLower || isUpper || scalar == "-" || scalar == "_" else {
                run = 0
                (digit, lower, upper) = (false, false, false)
                continue
            }
            run += 1
            (digit, lower, upper) = (digit || isDigit, lower || isLower, upper || isUpper)
            if run >= 16 && (digit || lower && upper) { return true }
        }
        return false
    }
}

/// As the network helper is handed it on its standard input, user-info
/// included (credentials never go on a command line).
extension RemoteAddress: Codable {
    private enum Keys: String, CodingKey { case url, user, password }

    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: Keys.self)
        url = try values.decode(URL.self, forKey: .url)
        let user = try values.decodeIfPresent(String.self, forKey: .user)
        userInfo = try user.map { ($0, try values.decodeIfPresent(String.self, forKey: .password)) }
    }

    package func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: Keys.self)
        try values.encode(url, forKey: .url)
        try values.encodeIfPresent(userInfo?.user, forKey: .user)
        try values.encodeIfPresent(userInfo?.password, forKey: .password)
    }
}
