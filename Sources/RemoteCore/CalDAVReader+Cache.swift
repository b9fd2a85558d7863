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
        result.shownNames = state?.shownNames ?? [:]
        result.shownParts = state.map(store.shownParts) ?? [:]
        result.files = state?.files
        result.report = report
        return result
    }
}

extension SubscriptionReader {
    /// A CalDAV source's state and each calendar's folder, as they are:
    /// for `busylife sources`, which fetches nothing. Nil for a source not
    /// known as CalDAV.
    package func calDAVCopy(of subscription: Subscription) -> (state: CalDAVState, folders: [String])? {
        let store = calDAVStore(subscription)
        guard let state = store.readState() else { return nil }
        return (state, state.calendars.map { store.base + "/" + $0.folder })
    }

    /// A source known as CalDAV, as its cache holds it, syncing nothing
    /// (a read that is not async); nil for a source not known as CalDAV.
    package func cachedCalDAV(_ subscription: Subscription) -> SubscriptionResult? {
        let store = calDAVStore(subscription)
        guard store.readState() != nil else { return nil }
        return calDAVCached(subscription, store, mode: .never)
    }
}
