import Foundation

/// A CalDAV source as its cache holds it: read without the network.
extension SubscriptionReader {
    package func calDAVStore(_ subscription: Subscription) -> CalDAVStore {
        CalDAVStore(cache: cache, key: subscription.cacheKey)
    }

    /// `known`: the state, when the caller has just read it (a large
    /// calendar's state costs a noticeable part of a cached read to decode).
    package func calDAVCached(_ subscription: Subscription, _ store: CalDAVStore, known: CalDAVState? = nil,
                              mode: RefreshMode) -> SubscriptionResult? {
        // Fetched whatever the copy is: the state is read after the sync.
        if mode == .always { return nil }
        let state = known ?? store.readState()
        let checked = state?.checked
        switch mode {
        case .never:
            return calDAVResult(subscription, store, checked != nil ? .cached : .failed(.neverFetched), report: nil, started: nil,
                                known: state)
        case .always:
            return nil
        case .whenDue:
            guard let checked, Date().timeIntervalSince1970 - checked < subscription.refresh else { return nil }
            return calDAVResult(subscription, store, .cached, report: nil, started: nil, known: state)
        }
    }

    package func calDAVResult(_ subscription: Subscription, _ store: CalDAVStore, _ outcome: SubscriptionResult.Outcome,
                              report: CalDAVReport?, started: Date?, known: CalDAVState? = nil) -> SubscriptionResult {
        let state = known ?? store.readState()
        let checked = state?.checked
        var result = SubscriptionResult(subscription: subscription, outcome: outcome, body: checked != nil ? store.base : nil,
                                        age: checked.map { max(0, Date().timeIntervalSince1970 - $0) },
                                        seconds: started.map { Date().timeIntervalSince($0) } ?? 0)
        result.isFolder = true
        result.report = report
        return result
    }
}

extension SubscriptionReader {
    /// A CalDAV source's state and the folder of its copy, as they are:
    /// for `busylife sources`, which fetches nothing. Nil for a source not
    /// known as CalDAV.
    package func calDAVCopy(of subscription: Subscription) -> (state: CalDAVState, folder: String)? {
        let store = calDAVStore(subscription)
        guard let state = store.readState() else { return nil }
        return (state, store.base)
    }

    /// A source known as CalDAV, as its cache holds it, syncing nothing
    /// (a read that is not async); nil for a source not known as CalDAV.
    package func cachedCalDAV(_ subscription: Subscription) -> SubscriptionResult? {
        let store = calDAVStore(subscription)
        guard store.readState() != nil else { return nil }
        return calDAVCached(subscription, store, mode: .never)
    }
}

/// What a CalDAV copy's calendars, packs and items are called, and which
/// of its files to read, from its state.
package struct CalDAVNaming: Sendable {
    /// By path under the copy's folder (`CalDAVState.shownNames`).
    package var names: [String: String]
    /// Each pack's items (`CalDAVState.shownParts`).
    package var parts: [String: [ShownPart]]
    /// The files to read (`CalDAVState.files`); nil for a copy without a state.
    package var files: Set<String>?
}

extension CalDAVStore {
    /// The store whose folder is `folder` (a result's `body`).
    package init(folder: String) {
        base = folder
    }

    /// Worked out by whoever reads the copy, from the state as it is then
    /// (`state`, when the caller has read it already), rather than carried
    /// by each result: a sync that reads nothing (as `busylife sync`) would
    /// make and pass on a name for every item.
    package func naming(of state: CalDAVState? = nil) -> CalDAVNaming {
        let state = state ?? readState()
        return CalDAVNaming(names: state?.shownNames ?? [:], parts: state.map(shownParts) ?? [:], files: state?.files)
    }
}
