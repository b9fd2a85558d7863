import Foundation
import RemoteCore

/// Reading subscriptions with fetching: what only the network helper does.
extension SubscriptionReader {
    /// Brings every subscription's copy up to date as `mode` says, a few
    /// fetches at a time, results in the order given.
    package func read(_ subscriptions: [Subscription], mode: RefreshMode) async -> [SubscriptionResult] {
        await withTaskGroup(of: (Int, SubscriptionResult).self) { group in
            var results = [SubscriptionResult?](repeating: nil, count: subscriptions.count)
            var next = 0
            // A few at a time: enough to overlap round trips, few enough to spare the servers.
            for _ in 0..<min(4, subscriptions.count) {
                let index = next
                group.addTask { (index, await read(subscriptions[index], mode: mode)) }
                next += 1
            }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < subscriptions.count {
                    let index = next
                    group.addTask { (index, await read(subscriptions[index], mode: mode)) }
                    next += 1
                }
            }
            return results.compactMap { $0 }
        }
    }

    /// `read`, for a caller that is not async: waits for it.
    package func readWaiting(_ subscriptions: [Subscription], mode: RefreshMode) -> [SubscriptionResult] {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.results = await read(subscriptions, mode: mode)
            done.signal()
        }
        done.wait()
        return box.results
    }

    /// One subscription: its copy if recent enough, else fetched under its lock.
    package func read(_ subscription: Subscription, mode: RefreshMode) async -> SubscriptionResult {
        let store = calDAVStore(subscription)
        if let state = store.readState() { return await readCalDAV(subscription, store, known: state, mode: mode) }
        let entry = cache.entry(subscription.cacheKey)
        if let kept = cached(subscription, entry, mode: mode) { return kept }
        let started = Date()
        do {
            try cache.create()
        } catch {
            return result(subscription, entry, .failed(error), started: started)
        }
        return await entry.locked(patience: limits.totalTimeout + 5) {
            // Another process may have fetched it while this one waited.
            if let kept = cached(subscription, entry, mode: mode) { return kept }
            // Asked once, before the first fetch: a CalDAV calendar or account, or a document.
            let found: CalDAVKind?
            do throws(RemoteFailure) { found = entry.hasBody ? nil : try await probe(subscription) } catch {
                note(error, subscription, entry)
                return result(subscription, entry, .failed(error), started: started)
            }
            if let found {
                // Under the store's lock too, which every later sync takes:
                // a process that finds the state this one writes waits for
                // this sync to end (leftover files removed) before its own.
                try? store.create()
                return await store.entry.locked(patience: limits.totalTimeout + 5) {
                    await syncCalDAV(subscription, store, found: found, started: started)
                }
            }
            let outcome = await fetch(subscription, entry)
            if case .failed(let failure) = outcome { note(failure, subscription, entry) }
            return result(subscription, entry, outcome, started: started)
        }
    }

    /// Keeps the failure in the record (for `busylife sources`); the body stays.
    func note(_ failure: RemoteFailure, _ subscription: Subscription, _ entry: RemoteCache.Entry) {
        var record = entry.readRecord() ?? CacheRecord(printed: subscription.address.printed)
        record.lastError = failure.description
        record.lastErrorAt = Date().timeIntervalSince1970
        try? entry.write(record)
    }
}

private final class ResultBox: @unchecked Sendable {
    var results: [SubscriptionResult] = []
}

