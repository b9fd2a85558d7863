import Foundation
import Import
import Reading
internal import Remote
internal import RemoteCore

/// A user name and password for a `.url` source: sent with Basic
/// authentication, or Digest when the server asks for it, over `https`
/// only (or to this machine), and only to the address's own origin.
/// Never written to the cache or a diagnostic.
public struct SourceLogin: Sendable, Equatable {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

/// When ``BusyLife/read(_:options:refresh:)`` fetches a `.url` source.
public enum SourceRefresh: Sendable, Equatable {
    /// When its copy is older than this many seconds, or there is none.
    case whenOlderThan(TimeInterval)
    /// Every time: a conditional request, so that an unchanged calendar
    /// is not transferred again.
    case always
}

extension BusyLife {
    /// Reads every source as ``read(_:options:)`` does, fetching each
    /// `.url` source first as `refresh` says (a few at a time), through
    /// the cache of ``ReadOptions/cacheFolder``.
    ///
    /// A fetch that fails leaves the copy as it was: the copy is read, with
    /// a warning that names the cause and its age; with no copy, the
    /// source is unreadable (an error, counted in
    /// `ImportReport.errors`), as a missing file is. Proxies are
    /// those of the environment (`https_proxy`, `http_proxy`, `no_proxy`).
    public static func read(_ sources: [CalendarSource], options: ReadOptions = ReadOptions(),
                            refresh: SourceRefresh) async -> CalendarReading {
        let copies = await SourceCopies.fetching(sources, options: options, refresh: refresh)
        return read(copies, options: options)
    }
}

/// The sources of one read as the importer takes them: each `.url` as
/// its cached copy, opened (and kept open while this lives), with what
/// fetching it found to say.
struct SourceCopies {
    var inputs: [InputSource] = []
    var diagnostics: [Diagnostic] = []
    var unreadable = 0
    /// The copies' open files, closed when the read is done.
    private var handles: [FileHandle] = []

    /// The copies as they are, fetching nothing (a synchronous read).
    static func cached(_ sources: [CalendarSource], options: ReadOptions) -> SourceCopies {
        guard sources.contains(where: \.isRemote) else { return SourceCopies(sources, shown: options.shownFolders, results: []) }
        let (subscriptions, reader) = prepared(sources, options: options, refresh: nil)
        guard let reader else { return SourceCopies(sources, shown: options.shownFolders, results: homeless(subscriptions)) }
        // Read here and now: waiting on a task could starve the caller's own thread pool.
        let now = Date().timeIntervalSince1970
        return SourceCopies(sources, shown: options.shownFolders, results: subscriptions.map { subscription in
            if let calendars = reader.cachedCalDAV(subscription) { return calendars }
            let copy = reader.copy(of: subscription)
            guard let body = copy.body else { return SubscriptionResult(subscription: subscription, outcome: .failed(.neverFetched)) }
            return SubscriptionResult(subscription: subscription, outcome: .cached, body: body,
                                      age: copy.record?.checked.map { max(0, now - $0) })
        })
    }

    static func fetching(_ sources: [CalendarSource], options: ReadOptions, refresh: SourceRefresh) async -> SourceCopies {
        let (subscriptions, reader) = prepared(sources, options: options, refresh: refresh)
        guard let reader else { return SourceCopies(sources, shown: options.shownFolders, results: homeless(subscriptions)) }
        let mode: RefreshMode = refresh == .always ? .always : .whenDue
        return SourceCopies(sources, shown: options.shownFolders, results: await reader.read(subscriptions, mode: mode))
    }

    /// The subscriptions of the `.url` sources that are web addresses, in
    /// order, and the reader of the cache (nil when there is no folder for it).
    private static func prepared(_ sources: [CalendarSource], options: ReadOptions,
                                 refresh: SourceRefresh?) -> ([Subscription], SubscriptionReader?) {
        let subscriptions = sources.compactMap { source -> Subscription? in
            guard var subscription = Self.subscription(of: source) else { return nil }
            if case .whenOlderThan(let seconds)? = refresh { subscription.refresh = seconds }
            return subscription
        }
        let environment = ProcessInfo.processInfo.environment
        let cache = options.cacheFolder.map { RemoteCache(folder: $0.path) } ?? RemoteCache(environment: environment)
        var reader = cache.map { SubscriptionReader(cache: $0, netrc: nil) }
        reader?.proxies = ProxySettings(environment: environment)
        return (subscriptions, reader)
    }

    /// A `.url`'s subscription: its login as the address's user-info,
    /// which becomes its credentials and is never printed.
    static func subscription(_ url: URL, login: SourceLogin?) -> Subscription? {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        if let login {
            parts.user = login.user
            parts.password = login.password
        }
        return parts.string.flatMap(RemoteAddress.init).map { Subscription(address: $0) }
    }

    /// The subscription a `.url` or `.caldav` source is fetched as; nil
    /// for a local source or an address that is no web address.
    static func subscription(of source: CalendarSource) -> Subscription? {
        switch source {
        case .url(let url, let login): Self.subscription(url, login: login)
        case .caldav(let calendars): calendars.subscription
        default: nil
        }
    }

    private static func homeless(_ subscriptions: [Subscription]) -> [SubscriptionResult] {
        subscriptions.map { SubscriptionResult(subscription: $0, outcome: .failed(.cache("no cache folder: give ReadOptions.cacheFolder"))) }
    }
}

extension SourceCopies {
    /// `results` are those of the `.url` sources that are web addresses,
    /// in order; `shown` names folders read on behalf of a source.
    init(_ sources: [CalendarSource], shown: [String: ShownFolder], results: [SubscriptionResult]) {
        var next = results.makeIterator()
        for source in sources {
            guard let url = source.address else {
                if let input = source.input(shown: shown) { inputs.append(input) }
                continue
            }
            guard Self.subscription(of: source) != nil, let result = next.next() else {
                let shown = (url.scheme ?? "") + "://" + (url.host() ?? "…")
                note(.error, SourcePosition(file: shown, line: 0), "not an https://, http:// or webcal:// address with a host, so nothing to fetch")
                continue
            }
            add(result)
        }
    }

    private mutating func add(_ result: SubscriptionResult) {
        let position = SourcePosition(file: result.subscription.shownName, line: 0)
        for note in result.report?.notes ?? [] { diagnostics.append(Diagnostic(.note, .unreadable, at: position, note)) }
        let handle = result.body.flatMap { FileHandle(forReadingAtPath: $0) }
        if let failure = result.failure, handle != nil {
            note(.warning, position, failure.description + (result.age.map { "; data from " + SubscriptionResult.spoken(age: $0) } ?? ""))
        }
        guard let handle else {
            let failure = result.failure ?? .cache("its cached copy cannot be read")
            note(.error, position, failure == .neverFetched ? "never fetched" : failure.description + "; and there is no copy from an earlier fetch")
            return
        }
        guard !result.isFolder else {
            // A CalDAV source's cache is a vdir: a folder per calendar, a file per item.
            guard let folder = result.body else { return }
            let copy = CalDAVCopy(folder: folder, source: result.subscription.shownName)
            if copy.holdsItems { inputs.append(copy.input) }
            return
        }
        handles.append(handle)
        inputs.append(.fileDescriptor(handle.fileDescriptor, name: result.subscription.shownName))
    }

    private mutating func note(_ severity: Diagnostic.Severity, _ position: SourcePosition, _ text: String) {
        diagnostics.append(Diagnostic(severity, .unreadable, at: position, text))
        if severity == .error { unreadable += 1 }
    }

    /// Says the diagnostics of fetching, first, and counts them in the report of reading.
    func read(_ read: ([InputSource]) -> ImportReport, diagnostic: (Diagnostic) -> Void) -> ImportReport {
        diagnostics.forEach(diagnostic)
        var report = read(inputs)
        diagnostics.forEach { report.count($0) }
        report.unreadable += unreadable
        return report
    }
}
