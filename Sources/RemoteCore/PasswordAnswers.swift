import Synchronization

/// What each source's `password-command` answered in this run, so that it
/// runs once however many requests the source needs (a first fetch asks
/// the server what the address is, then fetches). Held in memory by the
/// reader only, never written anywhere; a failure is kept too, so that a
/// command that timed out is not waited for again.
package final class PasswordAnswers: Sendable {
    private let answers = Mutex<[String: Result<String, RemoteFailure>]>([:])

    package init() {}

    /// The answer for `source`'s `command` (`source` a subscription's
    /// cache key), from `run` the first time.
    package func answer(source: String, command: String,
                        run: () -> Result<String, RemoteFailure>) -> Result<String, RemoteFailure> {
        let key = source + "\u{0}" + command
        if let known = answers.withLock({ $0[key] }) { return known }
        // Run outside the lock: other sources' commands need not wait for this one.
        let answer = run()
        answers.withLock { $0[key] = answer }
        return answer
    }
}
