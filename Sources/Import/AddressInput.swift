import Foundation

/// An input written as a web address (`https://…`, `webcal://…`) that
/// reached the file reader: one the command line could not fetch (it has
/// no host). What to tell the user instead of "no such file".
enum AddressInput {
    /// The schemes a calendar subscription is written with.
    private static let schemes: Set<String> = ["http", "https", "webcal", "webcals"]

    /// The address's scheme, lower-cased, when `input` is a web address.
    static func scheme(of input: String) -> String? {
        guard let colon = input.firstIndex(of: ":"), input[colon...].hasPrefix("://") else { return nil }
        let scheme = input[..<colon].lowercased()
        return schemes.contains(scheme) ? scheme : nil
    }

    /// Why the address is not read.
    static func explanation(scheme: String) -> String {
        "a web address (\(scheme)://) without a host name, so nothing to fetch"
    }

    /// The address as diagnostics name it: `host/…/last-segment`, never
    /// whole, since a subscription's address often carries its secret in
    /// the path or query, and never with a user name or password.
    static func shortName(_ input: String) -> String {
        guard let address = URL(string: input), let host = address.host(), !host.isEmpty else {
            return input.prefix { $0 != ":" } + "://…"
        }
        let segments = address.pathComponents.filter { $0 != "/" }
        switch segments.count {
        case 0: return host
        case 1: return host + "/" + segments[0]
        default: return host + "/…/" + segments[segments.count - 1]
        }
    }
}
