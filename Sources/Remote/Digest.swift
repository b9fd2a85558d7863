import Crypto
import Foundation
import RemoteCore

/// One challenge of a `WWW-Authenticate` header: its scheme and parameters
/// (names lower-cased, values unquoted).
struct AuthChallenge: Equatable {
    var scheme: String
    var parameters: [String: String]

    /// Every challenge of the headers' values (a server may send several
    /// headers, and several challenges in one, separated by commas).
    static func parse(_ values: [String]) -> [AuthChallenge] {
        values.flatMap { parse(Substring($0)) }
    }

    private static func parse(_ text: Substring) -> [AuthChallenge] {
        var found: [AuthChallenge] = []
        var rest = text[...]
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            let word = rest.prefix { !" \t,=".contains($0) }
            guard !word.isEmpty else { return found }
            rest = rest.dropFirst(word.count)
            let afterSpace = rest.drop { $0 == " " || $0 == "\t" }
            if afterSpace.first == "=" {
                // `name=value` with no challenge before it: a token68 or noise; skip it.
                rest = afterSpace.dropFirst()
                _ = value(&rest)
                continue
            }
            var challenge = AuthChallenge(scheme: word.lowercased(), parameters: [:])
            rest = afterSpace
            // Parameters run until a word that is not followed by `=` (the next scheme).
            while true {
                let start = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
                let name = start.prefix { !" \t,=".contains($0) }
                let after = start.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
                guard !name.isEmpty, after.first == "=" else { break }
                rest = after.dropFirst().drop { $0 == " " || $0 == "\t" }
                challenge.parameters[name.lowercased()] = value(&rest)
            }
            found.append(challenge)
        }
    }

    /// A quoted string (with `\` escapes) or a token, taken from the front of `rest`.
    private static func value(_ rest: inout Substring) -> String {
        guard rest.first == "\"" else {
            let token = rest.prefix { $0 != "," && $0 != " " && $0 != "\t" }
            rest = rest.dropFirst(token.count)
            return String(token)
        }
        var text = ""
        var index = rest.index(after: rest.startIndex)
        while index < rest.endIndex, rest[index] != "\"" {
            if rest[index] == "\\", rest.index(after: index) < rest.endIndex { index = rest.index(after: index) }
            text.append(rest[index])
            index = rest.index(after: index)
        }
        rest = index < rest.endIndex ? rest[rest.index(after: index)...] : rest[rest.endIndex...]
        return text
    }
}

/// HTTP Digest authentication (RFC 7616): the answer to a server's
/// challenge, with MD5 or SHA-256 (and their `-sess` forms), `qop=auth`
/// or none. The password itself never travels, only a hash that holds
/// the server's nonce.
struct DigestAnswer {
    enum Algorithm: String {
        case md5 = "MD5", md5Session = "MD5-sess", sha256 = "SHA-256", sha256Session = "SHA-256-sess"

        func hash(_ text: String) -> String {
            let bytes = Data(text.utf8)
            switch self {
            case .md5, .md5Session: return Self.hex(Insecure.MD5.hash(data: bytes))
            case .sha256, .sha256Session: return Self.hex(Crypto.SHA256.hash(data: bytes))
            }
        }

        var isSession: Bool { self == .md5Session || self == .sha256Session }
        /// Stronger first, when a server offers several.
        var rank: Int { self == .sha256 || self == .sha256Session ? 1 : 0 }

        private static func hex(_ digest: some Sequence<UInt8>) -> String {
            digest.map { String(format: "%02x", $0) }.joined()
        }
    }

    let challenge: AuthChallenge
    let algorithm: Algorithm
    /// Whether the server asked for `qop=auth` (else the old form without it).
    let qopAuth: Bool

    /// The challenge to answer among `challenges`: Digest with a known
    /// algorithm and a qop of `auth` (or none), SHA-256 before MD5.
    /// Nil when there is none (`auth-int` only, an unknown algorithm).
    init?(choosingFrom challenges: [AuthChallenge]) {
        let usable: [(AuthChallenge, Algorithm, Bool)] = challenges.compactMap { challenge in
            guard challenge.scheme == "digest", challenge.parameters["nonce"] != nil,
                  let algorithm = Algorithm.named(challenge.parameters["algorithm"] ?? "MD5") else { return nil }
            let qops = challenge.parameters["qop"].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() } }
            if let qops, !qops.contains("auth") { return nil }
            return (challenge, algorithm, qops != nil)
        }
        guard let best = usable.max(by: { $0.1.rank < $1.1.rank }) else { return nil }
        challenge = best.0
        algorithm = best.1
        qopAuth = best.2
    }

    /// The `Authorization` header's value for a request of `method` to
    /// `uri` (the request target: path and query). `cnonce` is fresh
    /// randomness unless a test names it.
    func authorization(_ credentials: Credentials, method: String, uri: String, count: Int = 1,
                       cnonce: String = DigestAnswer.freshNonce()) -> String {
        let parameters = challenge.parameters
        let realm = parameters["realm"] ?? ""
        let nonce = parameters["nonce"] ?? ""
        let digits = String(count, radix: 16)
        let nc = String(repeating: "0", count: max(0, 8 - digits.count)) + digits
        let hashedUser = parameters["userhash"]?.lowercased() == "true"
        var secret = algorithm.hash("\(credentials.user):\(realm):\(credentials.password)")
        if algorithm.isSession { secret = algorithm.hash("\(secret):\(nonce):\(cnonce)") }
        let request = algorithm.hash("\(method):\(uri)")
        let response = qopAuth ? algorithm.hash("\(secret):\(nonce):\(nc):\(cnonce):auth:\(request)")
            : algorithm.hash("\(secret):\(nonce):\(request)")
        var fields = [("username", Self.quoted(hashedUser ? algorithm.hash("\(credentials.user):\(realm)") : credentials.user)),
                      ("realm", Self.quoted(realm)), ("uri", Self.quoted(uri)), ("algorithm", algorithm.rawValue),
                      ("nonce", Self.quoted(nonce))]
        if qopAuth { fields += [("nc", nc), ("cnonce", Self.quoted(cnonce)), ("qop", "auth")] }
        fields.append(("response", Self.quoted(response)))
        if let opaque = parameters["opaque"] { fields.append(("opaque", Self.quoted(opaque))) }
        if hashedUser { fields.append(("userhash", "true")) }
        return "Digest " + fields.map { "\($0.0)=\($0.1)" }.joined(separator: ", ")
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func freshNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}

extension DigestAnswer.Algorithm {
    /// The algorithm a challenge names, in any case; nil for one not known.
    static func named(_ name: String) -> Self? {
        Self.allCases.first { $0.rawValue.lowercased() == name.lowercased() }
    }
}

extension DigestAnswer.Algorithm: CaseIterable {}
