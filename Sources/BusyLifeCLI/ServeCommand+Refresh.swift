import EventModel
import Foundation
import Plumbing
import RemoteCore

extension ServeCommand {
    /// Fetches the subscriptions and CalDAV sources among the inputs again
    /// as they fall due, on a thread of its own so that no request waits on
    /// the network; when a copy changed, the new copies replace the old for
    /// the requests that follow and `changed` is called (the page then
    /// fetches again). A failed fetch is said on standard error when a
    /// source starts failing (`FailedFetches`). Nothing with `--offline`,
    /// or without remote inputs.
    static func refreshInBackground(_ input: InputOptions, changed: @escaping @Sendable () -> Void) {
        guard !input.offline else { return }
        let configuration = Configuration.active, paths = input.paths
        let subscriptions = paths.compactMap { RemoteInputs.subscription($0, configuration) }
        guard let pause = refreshPause(subscriptions.map(\.refresh)) else { return }
        let environment = ProcessInfo.processInfo.environment
        let thread = Thread {
            // What the first reading said already (at start) is not said again.
            var failed = FailedFetches(input.remote.diagnostics)
            while true {
                Thread.sleep(forTimeInterval: pause)
                let fresh = RemoteInputs(paths: paths, mode: .whenDue, configuration: configuration,
                                         environment: environment, quietly: true)
                let news = failed.update(fresh.diagnostics).filter(input.shows)
                if !news.isEmpty {
                    let err = Output(fd: 2)
                    for diagnostic in news { err.line(diagnostic.description) }
                    err.flush()
                }
                let current = RemoteInputs.once { fresh }
                guard fresh.changed || fresh.unreadable != current.unreadable else { continue }
                RemoteInputs.replace(fresh)
                changed()
            }
        }
        thread.name = "busylife.serve.refresh"
        thread.start()
    }

    /// How long to wait between rounds: the shortest refresh interval,
    /// each source fetched in the first round after it falls due. An
    /// interval of 0 means every run, and a server has no runs: then once a
    /// minute, so that a remote server is never asked without pause.
    static func refreshPause(_ intervals: [Double]) -> Double? {
        intervals.map { $0 > 0 ? max($0, 1) : 60 }.min()
    }
}

/// The sources whose fetch failed in the last round of serve's background
/// fetches, so that a failure is said once when it starts, not at every
/// round while it lasts: a fetch that fails again after one that did not
/// is said again. A source whose copy is recent enough is not fetched, and
/// the reader counts a copy's age from its last good fetch, so a failing
/// source is fetched at every round until one succeeds.
struct FailedFetches {
    /// The sources (as diagnostics name them) whose fetch failed last.
    private(set) var failing: Set<String>

    init(_ diagnostics: [Diagnostic]) {
        failing = Set(diagnostics.filter(Self.isFailure).map(\.source.file))
    }

    /// The failures of `diagnostics` (a round's) not said in the round
    /// before; the round's failures are then the ones kept.
    mutating func update(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let failures = diagnostics.filter(Self.isFailure)
        let news = failures.filter { !failing.contains($0.source.file) }
        failing = Set(failures.map(\.source.file))
        return news
    }

    /// A fetch that failed: a warning (an older copy is read) or an error
    /// (there is none); notes (a CalDAV sync's) are not failures.
    private static func isFailure(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.severity != .note && diagnostic.kind == .unreadable
    }
}
