import Foundation

/// A calendar subscription: one iCalendar document fetched with GET, and
/// what is needed to fetch it (docs/sources.md).
package struct Subscription: Sendable, Codable {
    /// The `[sources.NAME]` it was configured as, if any.
    package var name: String?
    package var address: RemoteAddress
    package var username: String?
    package var passwordCommand: String?
    /// How old the copy may be before it is fetched again, in seconds.
    package var refresh: Double = 15 * 60
    package var caFile: String?
    /// A CalDAV account's calendars to read, by display name (all when empty).
    package var include: [String] = []
    /// A CalDAV account's calendars not to read, by display name.
    package var exclude: [String] = []
    /// A CalDAV calendar fetched only around now.
    package var window: SourceWindow?

    package init(name: String? = nil, address: RemoteAddress) {
        self.name = name
        self.address = address
    }

    /// How messages name it: its source name, else `host/…/last`.
    package var shownName: String { name ?? address.printed }

    /// The cache entry's name: a digest of the address and the user, so
    /// that two accounts on one address keep apart and no address is
    /// written to the disk.
    package var cacheKey: String {
        SHA256.hex((username ?? address.userInfo?.user ?? "") + "\n" + address.url.absoluteString)
    }
}

/// When to fetch: when the copy is older than the refresh interval
/// (`whenDue`), `always` (`--refresh`, `busylife sync`), or `never`
/// (`--offline`).
package enum RefreshMode: Sendable, Codable {
    case whenDue, always, never
}

/// What became of one subscription.
package struct SubscriptionResult: Sendable, Codable {
    package enum Outcome: Sendable, Equatable, Codable {
        /// Not fetched: the copy is recent enough, or `--offline`.
        case cached
        /// Fetched, and the server's copy is the one kept (304, or the same bytes).
        case unchanged
        /// A new body replaced the copy (`first`: there was none).
        case changed(bytes: Int, first: Bool)
        case failed(RemoteFailure)
    }

    package var subscription: Subscription
    package var outcome: Outcome
    /// The copy to read (nil when there is none).
    package var body: String?
    /// Seconds since the copy was last known to be the server's.
    package var age: Double?
    /// How long the fetch took (0 when nothing was fetched).
    package var seconds: Double = 0
    /// A CalDAV source: `body` is a folder read as a vdir (a folder per
    /// calendar), whose names its reader asks of `CalDAVStore.naming`.
    package var isFolder = false
    /// A CalDAV sync's counts and notes.
    package var report: CalDAVReport?

    package init(subscription: Subscription, outcome: Outcome, body: String? = nil, age: Double? = nil, seconds: Double = 0) {
        self.subscription = subscription
        self.outcome = outcome
        self.body = body
        self.age = age
        self.seconds = seconds
    }

    package var failure: RemoteFailure? {
        if case .failed(let failure) = outcome { failure } else { nil }
    }
}

/// Reads subscriptions through the offline cache.
package struct SubscriptionReader: Sendable {
    package var cache: RemoteCache
    package var limits: RemoteLimits
    /// `~/.netrc`, where credentials of a host may be.
    package var netrc: String?
    /// The proxies to fetch through (none unless set).
    package var proxies = ProxySettings()
    /// Told what each fetch has received, when someone shows it.
    package var progress: FetchProgress?
    /// The password-commands' answers, for this reader's life (one run).
    package let passwords = PasswordAnswers()

    package init(cache: RemoteCache, limits: RemoteLimits = RemoteLimits(), netrc: String?) {
        self.cache = cache
        self.limits = limits
        self.netrc = netrc
    }

    /// The copy, when it is to be read without fetching.
    package func cached(_ subscription: Subscription, _ entry: RemoteCache.Entry, mode: RefreshMode) -> SubscriptionResult? {
        let record = entry.readRecord()
        let hasBody = entry.hasBody
        switch mode {
        case .never:
            return result(subscription, entry, hasBody ? .cached : .failed(.neverFetched), started: nil)
        case .always:
            return nil
        case .whenDue:
            guard hasBody, let checked = record?.checked, Date().timeIntervalSince1970 - checked < subscription.refresh else { return nil }
            return result(subscription, entry, .cached, started: nil)
        }
    }

    package func result(_ subscription: Subscription, _ entry: RemoteCache.Entry, _ outcome: SubscriptionResult.Outcome,
                        started: Date?) -> SubscriptionResult {
        let hasBody = entry.hasBody
        let checked = entry.readRecord()?.checked
        return SubscriptionResult(subscription: subscription, outcome: outcome, body: hasBody ? entry.body : nil,
                                  age: hasBody ? checked.map { max(0, Date().timeIntervalSince1970 - $0) } : nil,
                                  seconds: started.map { Date().timeIntervalSince($0) } ?? 0)
    }
}

extension SubscriptionReader {
    /// The cached copy of a subscription and its record, as they are: for
    /// `busylife sources`, which fetches nothing.
    package func copy(of subscription: Subscription) -> (body: String?, record: CacheRecord?) {
        let entry = cache.entry(subscription.cacheKey)
        return (entry.hasBody ? entry.body : nil, entry.readRecord())
    }
}

extension SubscriptionReader {
    /// A subscription's copy when `mode` lets it be read without fetching
    /// (recent enough, or `--offline`); nil when it is to be fetched.
    package func kept(_ subscription: Subscription, mode: RefreshMode) -> SubscriptionResult? {
        let store = calDAVStore(subscription)
        if let state = store.readState() { return calDAVCached(subscription, store, known: state, mode: mode) }
        return cached(subscription, cache.entry(subscription.cacheKey), mode: mode)
    }
}

extension SubscriptionReader {
    /// The reader the environment sets up: the cache folder
    /// (`XDG_CACHE_HOME`, else `HOME`), the limits, `NETRC` (else
    /// `~/.netrc`) and the proxies; nil when there is no cache folder.
    package init?(environment: [String: String]) {
        guard let cache = RemoteCache(environment: environment) else { return nil }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        self.init(cache: cache, limits: RemoteLimits(environment: environment),
                  netrc: environment["NETRC"] ?? home.map { $0 + "/.netrc" })
        proxies = ProxySettings(environment: environment)
    }
}

/// What `busylife` hands its network helper on standard input: the
/// subscriptions to fetch, credentials included (never on a command line
/// or in the environment, where other users' `ps` would see them).
package struct FetchRequest: Codable, Sendable {
    package var subscriptions: [Subscription]
    package var mode: RefreshMode

    package init(subscriptions: [Subscription], mode: RefreshMode) {
        self.subscriptions = subscriptions
        self.mode = mode
    }
}
