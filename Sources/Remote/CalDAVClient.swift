import AsyncHTTPClient
import Foundation
import RemoteCore
import NIOCore
import NIOHTTP1
import Synchronization

/// A WebDAV reply held whole: CalDAV replies are XML read at once, bounded
/// by the same size limit as a subscription's body.
struct DAVReply: Sendable {
    var status: Int
    var body: [UInt8]
    var contentType: String?
    /// The address that answered, after redirects.
    var address: RemoteAddress
}

/// Sends WebDAV requests (PROPFIND, REPORT) with busylife's rules:
/// redirects followed by hand as for a subscription, credentials kept to
/// their host and off plain http, every reply bounded in time and size.
struct CalDAVClient: Sendable {
    let client: HTTPClient
    let limits: RemoteLimits
    let credentials: Credentials?
    /// What was received, for `busylife sync`'s line.
    let received = DAVCounter()

    /// `method` on `address` with an XML body; `depth` as the header says.
    func send(_ method: String, _ address: RemoteAddress, depth: String?, body: String) async throws(RemoteFailure) -> DAVReply {
        do {
            return try await follow(method, address, depth: depth, body: body)
        } catch let failure as RemoteFailure {
            throw failure
        } catch {
            throw Fetch.failure(error, limits: limits)
        }
    }

    private func follow(_ method: String, _ start: RemoteAddress, depth: String?, body: String) async throws -> DAVReply {
        var address = start
        var credentials = credentials
        var redirects = 0
        while true {
            if credentials != nil && !address.isTLS && !address.isLoopback { throw RemoteFailure.plainHTTPCredentials }
            var request = HTTPClientRequest(url: address.url.absoluteString)
            request.method = HTTPMethod(rawValue: method)
            request.headers.add(name: "User-Agent", value: "busylife/0.1")
            request.headers.add(name: "Content-Type", value: "application/xml; charset=utf-8")
            if let depth { request.headers.add(name: "Depth", value: depth) }
            if let credentials { request.headers.add(name: "Authorization", value: credentials.basic) }
            request.body = .bytes(ByteBuffer(string: body))
            let response = try await client.execute(request, timeout: .milliseconds(Int64(limits.totalTimeout * 1000)))
            let code = Int(response.status.code)
            guard [301, 302, 303, 307, 308].contains(code) else {
                return DAVReply(status: code, body: try await collect(response), contentType: response.headers.first(name: "Content-Type"),
                                address: address)
            }
            redirects += 1
            guard redirects <= limits.maximumRedirects else { throw RemoteFailure.tooManyRedirects }
            guard let location = response.headers.first(name: "Location") else { throw RemoteFailure.redirectWithoutLocation }
            guard let next = address.redirected(to: location) else {
                throw RemoteFailure.redirectScheme(String(location.prefix { $0 != ":" }.prefix(16)))
            }
            // Credentials stay with the host they were given for, and off plain http.
            if next.host.lowercased() != address.host.lowercased() || (!next.isTLS && !next.isLoopback) { credentials = nil }
            address = next
        }
    }

    /// The body, refused past the size limit as it arrives.
    private func collect(_ response: HTTPClientResponse) async throws -> [UInt8] {
        if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init), declared > limits.maximumBytes {
            throw RemoteFailure.tooLarge(limit: limits.maximumBytes)
        }
        var bytes: [UInt8] = []
        for try await buffer in response.body {
            guard bytes.count + buffer.readableBytes <= limits.maximumBytes else { throw RemoteFailure.tooLarge(limit: limits.maximumBytes) }
            bytes += buffer.readableBytesView
        }
        received.state.withLock {
            $0.requests += 1
            $0.bytes += bytes.count
        }
        return bytes
    }
}

/// Requests sent and bytes received by one source's sync.
final class DAVCounter: Sendable {
    let state = Mutex((requests: 0, bytes: 0))
}

/// The request bodies busylife sends.
enum CalDAVRequest {
    private static let head = """
        <?xml version="1.0" encoding="utf-8"?>
        """

    /// A calendar's state (its tokens, name and colour), or each of an
    /// account's calendars'. The ctag is asked only where a server may
    /// have no sync token: a server may work each out from every item.
    static func listing(ctag: Bool) -> String {
        head + """
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" \
            xmlns:a="http://apple.com/ns/ical/"><d:prop><d:resourcetype/><d:current-user-principal/><c:calendar-home-set/>\
            <d:displayname/><a:calendar-color/><d:sync-token/>\(ctag ? "<cs:getctag/>" : "")</d:prop></d:propfind>
            """
    }

    /// What tells a calendar, an account and a plain document apart, asked
    /// before a first sync: with a calendar's name, colour and sync token,
    /// which must be read before its data.
    static let kind = listing(ctag: false)

    /// Each member's ETag.
    static let etags = head + """
        <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/></d:prop></d:propfind>
        """

    /// The changes since `token` (every member for an empty one), with
    /// their data, so that one request brings a calendar up to date where
    /// the server sends it (members without it are fetched after).
    static func syncCollection(token: String?) -> String {
        head + """
            <d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
            <d:sync-token>\(escaped(token ?? ""))</d:sync-token><d:sync-level>1</d:sync-level>\
            <d:prop><d:getetag/><c:calendar-data/></d:prop></d:sync-collection>
            """
    }

    /// Every member with its data: a whole calendar in one request, where
    /// sync-collection from no token would make a server work the token
    /// out again after the listing gave it.
    static let everything = head + """
        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>\
        <c:filter><c:comp-filter name="VCALENDAR"/></c:filter></c:calendar-query>
        """

    /// The events that touch the window, by ETag only.
    static func query(from start: Date, to end: Date) -> String {
        head + """
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>\
            <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">\
            <c:time-range start="\(stamp(start))" end="\(stamp(end))"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>
            """
    }

    /// The data of the members `hrefs`.
    static func multiget(_ hrefs: [String]) -> String {
        head + """
            <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>\
            \(hrefs.map { "<d:href>\(escaped($0))</d:href>" }.joined())</c:calendar-multiget>
            """
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// `20260101T000000Z`.
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
