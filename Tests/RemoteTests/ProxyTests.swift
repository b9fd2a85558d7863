import Testing
@testable import Remote
@testable import RemoteCore

/// The proxy variables of the environment, read as curl reads them.
@Suite struct ProxyTests {
    static let https = RemoteAddress("https://calendar.example.com/a.ics")!
    static let http = RemoteAddress("http://calendar.example.com/a.ics")!

    @Test func eachSchemeHasItsVariable() throws {
        let settings = ProxySettings(environment: ["HTTPS_PROXY": "http://me:pw%40x@proxy.example.net:3128", "http_proxy": "plain.example.net"])
        let secure = try #require(try settings.proxy(for: Self.https))
        #expect(secure == ProxyServer("http://me:pw%40x@proxy.example.net:3128"))
        #expect(secure.host == "proxy.example.net" && secure.port == 3128 && secure.user == "me" && secure.password == "pw@x")
        #expect(try settings.proxy(for: Self.http)?.host == "plain.example.net")
        #expect(try settings.proxy(for: Self.http)?.port == 1080)
        // HTTP_PROXY in capitals is not read: CGI sets it from a request's header.
        #expect(try ProxySettings(environment: ["HTTP_PROXY": "http://evil:1"]).proxy(for: Self.http) == nil)
        #expect(try ProxySettings(environment: [:]).proxy(for: Self.https) == nil)
        // Lower case wins, as in curl.
        #expect(try ProxySettings(environment: ["https_proxy": "a:1", "HTTPS_PROXY": "b:2"]).proxy(for: Self.https)?.host == "a")
    }

    @Test func noProxyNamesHostsDomainsAndPorts() throws {
        func direct(_ noProxy: String, _ address: String) throws -> Bool {
            let settings = ProxySettings(environment: ["https_proxy": "http://p:3128", "http_proxy": "http://p:3128", "no_proxy": noProxy])
            return try settings.proxy(for: RemoteAddress(address)!) == nil
        }
        #expect(try direct("example.com", "https://example.com/a"))
        #expect(try direct("example.com", "https://cal.EXAMPLE.com/a"))
        #expect(try direct(".example.com", "https://cal.example.com/a"))
        #expect(try direct("*.example.com", "https://cal.example.com/a"))
        #expect(try !direct("example.com", "https://badexample.com/a"))
        #expect(try direct("localhost, 127.0.0.1", "http://127.0.0.1:8080/a"))
        #expect(try direct("*", "https://anything.org/a"))
        #expect(try direct("example.com:8443", "https://example.com:8443/a"))
        #expect(try !direct("example.com:8443", "https://example.com/a"))
        #expect(try direct("::1", "http://[::1]:80/a"))
        #expect(try direct("[::1]:80", "http://[::1]/a"))
        #expect(try !direct("", "https://example.com/a"))
    }

    /// A proxy that cannot be used fails the fetches it would carry,
    /// rather than let them go around it, and says so without the address.
    @Test func anUnusableProxyIsAFailure() throws {
        let settings = ProxySettings(environment: ["https_proxy": "socks5://me:SECRET@p:1080", "no_proxy": "direct.example.com"])
        #expect(throws: RemoteFailure.proxy("https_proxy is not an http:// proxy address with a host (the proxy is reached over http, and CONNECT carries TLS)")) {
            try settings.proxy(for: Self.https)
        }
        #expect(try settings.proxy(for: Self.http) == nil)
        #expect(try settings.proxy(for: #require(RemoteAddress("https://direct.example.com/a"))) == nil)
    }
}
