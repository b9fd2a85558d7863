import AsyncHTTPClient
import Foundation
import RemoteCore

/// What a PROPFIND found at a source's address.
enum CalDAVKind: Sendable, Equatable {
    /// One calendar collection: the probe's answer (its href is the
    /// calendar's path), without its tokens, and the address that answered.
    case calendar(DAVResponse, at: RemoteAddress)
    /// An account: every calendar under this calendar home.
    case account(home: String)
}

/// CalDAV sources through the offline cache: told apart from documents by
/// asking the server once, then synced as `CalDAVSync` says and read from
/// the cache as a vdir.
extension SubscriptionReader {
    /// A source known as CalDAV: its copy, synced first if `mode` asks.
    func readCalDAV(_ subscription: Subscription, _ store: CalDAVStore, known: CalDAVState? = nil,
                    mode: RefreshMode) async -> SubscriptionResult {
        if let kept = calDAVCached(subscription, store, known: known, mode: mode) { return kept }
        let started = Date()
        return await store.entry.locked(patience: limits.totalTimeout + 5) {
            // Another process may have synced it while this one waited.
            if let kept = calDAVCached(subscription, store, mode: mode) { return kept }
            return await syncCalDAV(subscription, store, found: nil, started: started)
        }
    }

    /// One sync with its own HTTP client; a failure is kept in the state
    /// (for `busylife sources`) and leaves the items as they were.
    func syncCalDAV(_ subscription: Subscription, _ store: CalDAVStore, found: CalDAVKind?,
                    started: Date) async -> SubscriptionResult {
        let previous = store.readState()
        do throws(RemoteFailure) {
            let client = try calDAVClient(subscription)
            let outcome: Result<(CalDAVState, CalDAVReport), RemoteFailure>
            do { outcome = .success(try await refresh(subscription, store, client, previous: previous, found: found)) }
            catch { outcome = .failure(error) }
            try? await client.client.shutdown()
            let (state, report) = try outcome.get()
            try store.write(state)
            store.removeStrays(state)
            let changed = previous == nil || report.changed + report.removed > 0
                || Set(previous?.calendars.map(\.href) ?? []) != Set(state.calendars.map(\.href))
            let bytes = client.received.state.withLock { $0.bytes }
            return calDAVResult(subscription, store, changed ? .changed(bytes: bytes, first: previous == nil) : .unchanged,
                                report: report, started: started, known: state)
        } catch {
            if var state = store.readState() {
                state.lastError = error.description
                state.lastErrorAt = Date().timeIntervalSince1970
                try? store.write(state)
            }
            return calDAVResult(subscription, store, .failed(error), report: nil, started: started)
        }
    }

    private func calDAVClient(_ subscription: Subscription) throws(RemoteFailure) -> CalDAVClient {
        let credentials = try credentials(for: subscription)
        if let caFile = subscription.caFile, access(caFile, R_OK) != 0 {
            throw RemoteFailure.caFile("\(caFile): cannot be read (\(String(cString: strerror(errno))))")
        }
        let proxy = try proxies.proxy(for: subscription.address)
        return CalDAVClient(client: Fetch.client(limits: limits, caFile: subscription.caFile, proxy: proxy), limits: limits,
                            credentials: credentials)
    }

    /// Lists the calendars (with their tokens), syncs each chosen one,
    /// and drops those no longer there or no longer chosen.
    private func refresh(_ subscription: Subscription, _ store: CalDAVStore, _ client: CalDAVClient,
                         previous: CalDAVState?, found: CalDAVKind?) async throws(RemoteFailure) -> (CalDAVState, CalDAVReport) {
        var state = previous ?? CalDAVState(printed: subscription.address.printed, isAccount: false, root: "")
        var probed: (DAVResponse, RemoteAddress)?
        if let found {
            switch found {
            case .calendar(let answer, let at): (state.isAccount, state.root, probed) = (false, answer.href, (answer, at))
            case .account(let home): (state.isAccount, state.root) = (true, home)
            }
        }
        // The probe's answer, tokens included, lists a calendar for its first sync.
        if previous != nil { probed = nil }
        let listed: [DAVResponse], origin: RemoteAddress
        if let probed { (listed, origin) = ([probed.0], probed.1) } else { (listed, origin) = try await listing(subscription, client, state) }
        try store.create()
        var sync = CalDAVSync(client: client, subscription: subscription, store: store, origin: origin)
        var calendars: [CalendarState] = []
        for calendar in Self.chosen(listed, subscription) {
            calendars.append(try await sync.sync(calendar, kept: state.calendars.first { $0.href == calendar.href },
                                                 probed: probed != nil))
        }
        let kept = Set(calendars.map(\.href))
        // A calendar gone from the account (or no longer chosen) takes its items with it.
        for old in state.calendars where !kept.contains(old.href) {
            sync.report.removed += old.items.count
            store.removeCalendar(old)
        }
        state.calendars = calendars.sorted { $0.href < $1.href }
        state.checked = Date().timeIntervalSince1970
        state.lastError = nil
        state.lastErrorAt = nil
        sync.report.calendars = calendars.count
        return (state, sync.report)
    }

    /// The calendar, or each of the account's calendars, with its tokens,
    /// and the address that answered.
    private func listing(_ subscription: Subscription, _ client: CalDAVClient,
                         _ state: CalDAVState) async throws(RemoteFailure) -> ([DAVResponse], RemoteAddress) {
        guard let root = subscription.address.redirected(to: state.root) else { throw .other("the calendar's address is unusable") }
        let tokens = !state.calendars.isEmpty && state.calendars.allSatisfy { $0.syncToken != nil }
        let reply = try await client.send("PROPFIND", root, depth: state.isAccount ? "1" : "0", body: CalDAVRequest.listing(ctag: !tokens))
        guard reply.status == 207 else {
            throw .status(reply.status, host: root.host, source: subscription.name, loginSent: client.credentials != nil)
        }
        let listed = try CalDAVXML.multistatus(reply.body).responses.filter(\.isCalendar)
        guard state.isAccount || !listed.isEmpty else { throw .notCalendar("the address is no longer a CalDAV calendar") }
        return (listed, reply.address)
    }

    /// An account's calendars as `include` and `exclude` choose them (by
    /// display name, case ignored).
    static func chosen(_ listed: [DAVResponse], _ subscription: Subscription) -> [DAVResponse] {
        let include = Set(subscription.include.map { $0.lowercased() })
        let exclude = Set(subscription.exclude.map { $0.lowercased() })
        return listed.filter {
            let name = CalDAVSync.name($0).lowercased()
            return (include.isEmpty || include.contains(name)) && !exclude.contains(name)
        }
    }
}

extension SubscriptionReader {
    /// Asks the address what it is (PROPFIND, depth 0): a calendar, an
    /// account (a principal or calendar home, found from the current user's
    /// principal), or nil for anything else, which is then fetched as a
    /// document. A bare host is asked at `/.well-known/caldav` first.
    /// What would fail the fetch as well (no connection, TLS, the proxy,
    /// no reply in time, the credentials) is thrown, so that it is not
    /// waited for twice.
    func probe(_ subscription: Subscription) async throws(RemoteFailure) -> CalDAVKind? {
        let client = try calDAVClient(subscription)
        let kind: Result<CalDAVKind?, RemoteFailure>
        do { kind = .success(try await probe(subscription, client)) } catch { kind = .failure(error) }
        try? await client.client.shutdown()
        return try kind.get()
    }

    private func probe(_ subscription: Subscription, _ client: CalDAVClient) async throws(RemoteFailure) -> CalDAVKind? {
        var candidates = [subscription.address]
        if subscription.address.url.path.isEmpty || subscription.address.url.path == "/",
           let wellKnown = subscription.address.redirected(to: "/.well-known/caldav") {
            candidates.insert(wellKnown, at: 0)
        }
        for address in candidates {
            guard let (first, answered) = try await properties(address, client) else { continue }
            // The server's own href (percent-encoded as it spells it) names the collection from now on.
            let own = first.href.isEmpty ? answered.url.path(percentEncoded: true) : first.href
            if first.isCalendar {
                var calendar = first
                calendar.href = own
                return .calendar(calendar, at: answered)
            }
            if let home = first.calendarHomeSet { return .account(home: home) }
            if let principal = first.currentUserPrincipal, let at = answered.redirected(to: principal),
               let (found, _) = try await properties(at, client), let home = found.calendarHomeSet {
                return .account(home: home)
            }
            return first.isCollection ? .account(home: own) : nil
        }
        return nil
    }

    /// The first response of a depth-0 PROPFIND, and the address that
    /// answered; nil for any reply that is no such answer.
    private func properties(_ address: RemoteAddress,
                            _ client: CalDAVClient) async throws(RemoteFailure) -> (DAVResponse, RemoteAddress)? {
        let reply: DAVReply
        do {
            reply = try await client.send("PROPFIND", address, depth: "0", body: CalDAVRequest.kind)
        } catch {
            switch error {
            case .tls, .proxy, .timeout: throw error
            default: if error.isOffline { throw error } else { return nil }
            }
        }
        guard reply.status == 207, let first = try? CalDAVXML.multistatus(reply.body).responses.first else { return nil }
        return (first, reply.address)
    }
}
