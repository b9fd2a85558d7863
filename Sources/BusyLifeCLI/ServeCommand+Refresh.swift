import Foundation
import RemoteCore

extension ServeCommand {
    /// Fetches the subscriptions and CalDAV sources among the inputs again
    /// as they fall due, on a thread of its own so that no request waits on
    /// the network; when a copy changed, the new copies replace the old for
    /// the requests that follow and `changed` is called (the page then
    /// fetches again). Nothing with `--offline`, or without remote inputs.
    static func refreshInBackground(_ input: InputOptions, changed: @escaping @Sendable () -> Void) {
        guard !input.offline else { return }
        let configuration = Configuration.active, paths = input.paths
        let subscriptions = paths.compactMap { RemoteInputs.subscription($0, configuration) }
        guard let pause = refreshPause(subscriptions.map(\.refresh)) else { return }
        let environment = ProcessInfo.processInfo.environment
        let thread = Thread {
            while true {
                Thread.sleep(forTimeInterval: pause)
                let fresh = RemoteInputs(paths: paths, mode: .whenDue, configuration: configuration,
                                         environment: environment, quietly: true)
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
