import Testing
@testable import Remote
@testable import RemoteCore

/// Digest authentication against the examples of RFC 7616 (section
/// 3.9.1) and RFC 2617 (section 3.5).
@Suite struct DigestTests {
    static let rfc7616 = [
        #"Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, "#
            + #"nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#,
        #"Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, "#
            + #"nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#,
    ]
    static let mufasa = Credentials(user: "Mufasa", password: "Circle of Life")
    static let cnonce = "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ"

    @Test func theRFC7616ExamplesAreAnswered() throws {
        let both = AuthChallenge.parse(Self.rfc7616)
        #expect(both.count == 2 && both.allSatisfy { $0.scheme == "digest" })
        #expect(both[0].parameters["qop"] == "auth, auth-int")
        // SHA-256 is chosen over MD5 when both are offered, in either order.
        let strong = try #require(DigestAnswer(choosingFrom: both.reversed()))
        #expect(strong.algorithm == .sha256)
        let header = strong.authorization(Self.mufasa, method: "GET", uri: "/dir/index.html", cnonce: Self.cnonce)
        #expect(header == #"Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", algorithm=SHA-256, "#
            + #"nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", nc=00000001, cnonce="\#(Self.cnonce)", qop=auth, "#
            + #"response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1", "#
            + #"opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#)
        let md5 = try #require(DigestAnswer(choosingFrom: [both[1]]))
        #expect(md5.authorization(Self.mufasa, method: "GET", uri: "/dir/index.html", cnonce: Self.cnonce)
            .contains(#"response="8ca523f5e9506fed4657c9700eebdbec""#))
    }

    @Test func theRFC2617ExampleIsAnswered() throws {
        let challenge = AuthChallenge.parse([#"Digest realm="testrealm@host.com", qop="auth,auth-int", "#
            + #"nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41""#])
        let answer = try #require(DigestAnswer(choosingFrom: challenge))
        #expect(answer.algorithm == .md5)
        let header = answer.authorization(Credentials(user: "Mufasa", password: "Circle Of Life"), method: "GET",
                                          uri: "/dir/index.html", cnonce: "0a4f113b")
        #expect(header.contains(#"response="6629fae49393a05397450978507c4ef1""#), "\(header)")
        #expect(header.contains(#"opaque="5ccc069c403ebaf9f0171e9517f40e41""#))
    }

    /// Several challenges in one header, Basic among them; tokens and
    /// quoted strings with commas and escapes.
    @Test func challengesAreParsedWhateverTheirLayout() {
        let parsed = AuthChallenge.parse([#"Basic realm="a, b", Digest realm="x\"y", nonce=abc, algorithm=sha-256"#, "Negotiate"])
        #expect(parsed == [AuthChallenge(scheme: "basic", parameters: ["realm": "a, b"]),
                           AuthChallenge(scheme: "digest", parameters: ["realm": #"x"y"#, "nonce": "abc", "algorithm": "sha-256"]),
                           AuthChallenge(scheme: "negotiate", parameters: [:])])
        #expect(DigestAnswer(choosingFrom: parsed)?.algorithm == .sha256)
        #expect(DigestAnswer(choosingFrom: Array(parsed.prefix(1))) == nil)
        // auth-int alone and unknown algorithms are not answered.
        #expect(DigestAnswer(choosingFrom: AuthChallenge.parse([#"Digest nonce="n", qop="auth-int""#])) == nil)
        #expect(DigestAnswer(choosingFrom: AuthChallenge.parse([#"Digest nonce="n", algorithm=SHA-512-256"#])) == nil)
    }

    /// Without qop (RFC 2069's form) the response leaves out nc and cnonce.
    @Test func aChallengeWithoutQopIsAnsweredInTheOldForm() throws {
        let answer = try #require(DigestAnswer(choosingFrom: AuthChallenge.parse([#"Digest realm="r", nonce="n""#])))
        let header = answer.authorization(Credentials(user: "u", password: "p"), method: "GET", uri: "/a")
        #expect(!header.contains("cnonce") && !header.contains("qop"))
        let expected = DigestAnswer.Algorithm.md5.hash(DigestAnswer.Algorithm.md5.hash("u:r:p") + ":n:" + DigestAnswer.Algorithm.md5.hash("GET:/a"))
        #expect(header.contains(#"response="\#(expected)""#))
    }
}
