import AsyncHTTPClient
import Foundation
import RemoteCore
import NIOCore
import NIOSSL

/// What a GET brought: the status, its validators, and for a 200 the body
/// in a temporary file beside the cache entry with its digest.
struct FetchedReply {
    var status: Int
    var etag: String?
    var lastModified: String?
    var contentType: String?
    var body: TemporaryFile?
    var bytes = 0
    var sha256: String?
    /// The first bytes, to tell a calendar from a web page.
    var head: [UInt8] = []
}

/// One GET with busylife's rules: redirects followed by hand (at most
/// `maximumRedirects`, only to http(s), credentials dropped on another
/// host or on http), the body streamed to a file under a size limit, the
/// whole bounded in time.
struct Fetch {
    let client: HTTPClient
    let limits: RemoteLimits
    /// For messages: the source's name, if it has one.
    let source: String?
    /// Told the bytes of a body received so far, as they arrive.
    var received: (@Sendable (Int) -> Void)? = nil

    /// A client with busylife's bounds, trusting `caFile` if given (else
    /// the system's store), through `proxy` if given.
    static func client(limits: RemoteLimits, caFile: String?, proxy: ProxyServer? = nil) -> HTTPClient {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile { tls.trustRoots = .file(caFile) }
        let timeout = HTTPClient.Configuration.Timeout(connect: .milliseconds(Int64(limits.connectTimeout * 1000)),
                                                       read: .milliseconds(Int64(limits.totalTimeout * 1000)))
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: timeout,
                                                     proxy: proxy?.configuration)
        // Retried, a refused connection or a failed handshake would wait out
        // the connect timeout and hide its cause: it fails at once instead.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// GETs `address` (with `validators`), the whole within the total timeout.
    func get(_ address: RemoteAddress, credentials: Credentials?, validators: [(String, String)],
             bodyBeside destination: String) async throws(RemoteFailure) -> FetchedReply {
        let seconds = limits.totalTimeout
        do {
            return try await withThrowingTaskGroup(of: FetchedReply?.self) { group in
                group.addTask { try await follow(address, credentials: credentials, validators: validators, beside: destination) }
                group.addTask {
                    try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let reply = first else { throw RemoteFailure.timeout(seconds: Int(seconds)) }
                return reply
            }
        } catch let failure as RemoteFailure {
            throw failure
        } catch {
            throw Self.failure(error, limits: limits)
        }
    }

    private func follow(_ start: RemoteAddress, credentials: Credentials?, validators: [(String, String)],
                        beside destination: String) async throws -> FetchedReply {
        var address = start
        var credentials = credentials
        var redirects = 0
        // The answer to this address's Digest challenge, once it came.
        var digest: String?
        while true {
            if credentials != nil && !address.isTLS && !address.isLoopback { throw RemoteFailure.plainHTTPCredentials }
            var request = HTTPClientRequest(url: address.url.absoluteString)
            request.headers.add(name: "User-Agent", value: "busylife/0.1")
            request.headers.add(name: "Accept", value: "text/calendar, */*;q=0.5")
            for (name, value) in validators { request.headers.add(name: name, value: value) }
            if let authorization = digest ?? credentials?.basic { request.headers.add(name: "Authorization", value: authorization) }
            let response = try await client.execute(request, timeout: .milliseconds(Int64(limits.totalTimeout * 1000)))
            let code = Int(response.status.code)
            // A Digest challenge is answered once: a second 401 is the answer that the login is wrong.
            if code == 401, digest == nil, let credentials,
               let answer = DigestAnswer(choosingFrom: AuthChallenge.parse(response.headers["WWW-Authenticate"])) {
                digest = answer.authorization(credentials, method: "GET", uri: address.requestTarget)
                continue
            }
            guard [301, 302, 303, 307, 308].contains(code) else {
                return try await reply(response, beside: destination)
            }
            redirects += 1
            guard redirects <= limits.maximumRedirects else { throw RemoteFailure.tooManyRedirects }
            guard let location = response.headers.first(name: "Location") else { throw RemoteFailure.redirectWithoutLocation }
            guard let next = address.redirected(to: location) else {
                throw RemoteFailure.redirectScheme(String(location.prefix { $0 != ":" }.prefix(16)))
            }
            // Credentials stay with the origin they were given for (scheme, host and port).
            if next.origin != address.origin { credentials = nil }
            address = next
            digest = nil
        }
    }

    /// The reply's head, and a 200's body streamed to a file with its digest.
    private func reply(_ response: HTTPClientResponse, beside destination: String) async throws -> FetchedReply {
        var reply = FetchedReply(status: Int(response.status.code))
        reply.etag = response.headers.first(name: "ETag")
        reply.lastModified = response.headers.first(name: "Last-Modified")
        reply.contentType = response.headers.first(name: "Content-Type")
        guard reply.status == 200 else { return reply }
        if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init), declared > limits.maximumBytes {
            throw RemoteFailure.tooLarge(limit: limits.maximumBytes)
        }
        let file = try TemporaryFile(beside: destination)
        var digest = SHA256()
        do {
            for try await buffer in response.body {
                reply.bytes += buffer.readableBytes
                received?(reply.bytes)
                guard reply.bytes <= limits.maximumBytes else { throw RemoteFailure.tooLarge(limit: limits.maximumBytes) }
                try buffer.withUnsafeReadableBytes { bytes in
                    if reply.head.count < 65_536 { reply.head += bytes.prefix(65_536 - reply.head.count) }
                    digest.update(bytes)
                    try file.write(bytes)
                }
            }
        } catch {
            file.discard()
            throw error
        }
        reply.body = file
        reply.sha256 = digest.hex()
        return reply
    }
}

extension Fetch {
    /// The cause of a failed fetch in words, from what the client threw.
    static func failure(_ error: any Error, limits: RemoteLimits) -> RemoteFailure {
        if let failure = error as? RemoteFailure { return failure }
        if let client = error as? HTTPClientError {
            switch client {
            case .connectTimeout: return .connectTimeout(seconds: Int(limits.connectTimeout))
            case .deadlineExceeded, .readTimeout: return .timeout(seconds: Int(limits.totalTimeout))
            case .remoteConnectionClosed: return .other("the server closed the connection before its reply was complete")
            case .proxyAuthenticationRequired:
                return .proxy("the proxy asked for credentials (407): write them in the proxy's address, http://user:password@host:port")
            case .invalidProxyResponse: return .proxy("the proxy refused to connect to the server")
            case .httpProxyHandshakeTimeout: return .proxy("no answer from the proxy within \(Int(limits.connectTimeout)) s")
            default: break
            }
        }
        let text = String(describing: error)
        let lower = text.lowercased()
        if lower.contains("certificate") || error is NIOSSLError || error is NIOSSLExtraError || lower.contains("handshake") {
            if lower.contains("hostname") { return .tls("the certificate is for another host name") }
            if lower.contains("expired") { return .tls("the server's certificate has expired") }
            return .tls("the server's certificate is not trusted (a private server's CA can be named as ca-file)")
        }
        if lower.contains("connection refused") || lower.contains("errno: 111") || lower.contains("econnrefused") {
            return .refused
        }
        if lower.contains("dns") || lower.contains("unknown host") || lower.contains("name resolution")
            || lower.contains("nodename nor servname") || lower.contains("socketaddresserror") {
            return .hostNotFound
        }
        if lower.contains("unreachable") { return .unreachable("network unreachable") }
        if error is CancellationError { return .timeout(seconds: Int(limits.totalTimeout)) }
        return .other("the fetch failed (\(text.prefix(200)))")
    }
}

extension ProxyServer {
    /// As AsyncHTTPClient takes it: CONNECT through the proxy, with Basic
    /// `Proxy-Authorization` when the address has a user.
    var configuration: HTTPClient.Configuration.Proxy {
        .server(host: host, port: port, authorization: user.map { .basic(username: $0, password: password ?? "") })
    }
}
