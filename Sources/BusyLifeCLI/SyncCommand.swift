import ArgumentParser
import Foundation
import Plumbing
import RemoteCore

/// `busylife sync`: every subscription fetched now, one line each, for
/// cron or before a train ride.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Fetch every subscription now and keep it for reading offline.",
        discussion: """
        Fetches each subscription of the configuration (each [sources.NAME], \
        and each web address in calendars), or those named, whatever the age \
        of its cached copy, sending what the copy was fetched with (ETag, \
        Last-Modified) so that an unchanged calendar is not transferred \
        again; a CalDAV calendar or account is synced from its sync token \
        (else its items' ETags), fetching only the items that changed. \
        Prints one line per source: what changed, how long it took, and \
        the age of the data now kept; notes (an item gone while it was \
        fetched, an expired sync token) go to standard error. Exit 0 when every copy is fresh, \
        2 when some could only be kept from an earlier fetch, 66 when one has \
        no copy at all. docs/sources.md tells more.

        EXAMPLES:
          busylife sync
          busylife sync work
          */15 * * * * busylife sync > /dev/null    (crontab)
        """
    )

    @Argument(help: ArgumentHelp("Sources to fetch: names of [sources] or web addresses. Default: every subscription of the configuration.",
                                 valueName: "source"))
    var names: [String] = []

    func run() throws {
        try Configuration.check()
        let configuration = Configuration.active
        var subscriptions: [Subscription] = []
        for name in names {
            guard let subscription = RemoteInputs.subscription(name, configuration) else {
                throw ValidationError("\"\(name)\" is neither a source of the configuration ([sources.NAME]) nor a web address")
            }
            subscriptions.append(subscription)
        }
        if names.isEmpty { subscriptions = RemoteInputs.configured(configuration) }
        let out = Output(fd: 1)
        guard !subscriptions.isEmpty else {
            let err = Output(fd: 2)
            err.line("busylife: no subscriptions to fetch: the configuration has no [sources.NAME] and no web address in calendars")
            err.flush()
            return
        }
        guard let reader = RemoteInputs.reader(ProcessInfo.processInfo.environment) else {
            throw ExitStatus.missing("no cache folder: neither XDG_CACHE_HOME nor HOME is set")
        }
        let results = NetworkHelper.read(subscriptions, mode: .always, reader: reader)
        let err = Output(fd: 2)
        for result in results {
            out.line(Self.line(result))
            for note in result.report?.notes ?? [] { err.line("\(result.subscription.shownName): note: \(note)") }
        }
        err.flush()
        try out.finish()
        if results.contains(where: { $0.body == nil }) { throw ExitCode(66) }
        if results.contains(where: { $0.failure != nil }) { throw ExitCode(2) }
    }

    /// `work: changed, 35.2 KiB in 0.40 s; fresh`.
    static func line(_ result: SubscriptionResult) -> String {
        let time = String(format: "in %.2f s", result.seconds)
        let age = result.body == nil ? "no copy" : result.failure == nil ? "fresh" : "data from " + RemoteInputs.age(result.age ?? 0)
        var what: String
        switch result.outcome {
        case .cached, .unchanged: what = "unchanged \(time)"
        case .changed(let bytes, let first): what = (first ? "new, " : "changed, ") + RemoteInputs.size(bytes) + " " + time
        case .failed(let failure): what = "failed \(time): \(failure.description)"
        }
        if let report = result.report { what = calDAV(report, result.outcome, time) }
        return "\(result.subscription.shownName): \(what); \(age)"
    }

    /// `work: 3 calendars, 2 items changed, 1 removed, 3.1 KiB in 0.20 s`.
    static func calDAV(_ report: CalDAVReport, _ outcome: SubscriptionResult.Outcome, _ time: String) -> String {
        var parts = [report.calendars == 1 ? "1 calendar" : "\(report.calendars) calendars"]
        if case .changed(let bytes, let first) = outcome {
            if first { parts.insert("new", at: 0) }
            parts.append(report.changed == 1 ? "1 item changed" : "\(report.changed) items changed")
            if report.removed > 0 { parts.append("\(report.removed) removed") }
            parts.append(RemoteInputs.size(bytes))
        } else {
            parts.append("unchanged")
        }
        if !report.notes.isEmpty { parts.append(report.notes.count == 1 ? "1 note" : "\(report.notes.count) notes") }
        return parts.joined(separator: ", ") + " " + time
    }
}
