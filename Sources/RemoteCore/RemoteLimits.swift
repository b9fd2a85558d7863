/// The bounds of every fetch: what a reply may cost in time and bytes.
package struct RemoteLimits: Sendable {
    package var connectTimeout: Double = 10
    /// For the whole fetch, redirects and body included.
    package var totalTimeout: Double = 120
    package var maximumBytes = 256 << 20
    package var maximumRedirects = 5
    /// How long a `password-command` may take.
    package var passwordTimeout: Double = 30

    package init() {}

    /// The defaults, with what `BUSYLIFE_HTTP_TIMEOUT` (seconds, for the
    /// whole fetch), `BUSYLIFE_HTTP_MAX_BYTES` and
    /// `BUSYLIFE_PASSWORD_TIMEOUT` (seconds) change (docs/sources.md).
    package init(environment: [String: String]) {
        if let seconds = Self.seconds(environment["BUSYLIFE_HTTP_TIMEOUT"]) {
            totalTimeout = seconds
            connectTimeout = min(connectTimeout, seconds)
        }
        if let text = environment["BUSYLIFE_HTTP_MAX_BYTES"], let bytes = Int(text), bytes > 0 { maximumBytes = bytes }
        if let seconds = Self.seconds(environment["BUSYLIFE_PASSWORD_TIMEOUT"]) { passwordTimeout = seconds }
    }

    /// A time limit as given: above zero, and at most a day, so that
    /// `inf` or a huge number is still a time the clocks can count to.
    private static func seconds(_ text: String?) -> Double? {
        guard let text, let seconds = Double(text), seconds > 0, !seconds.isNaN else { return nil }
        return min(seconds, 86_400)
    }
}
