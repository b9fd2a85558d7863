#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventModel
import Foundation
import Import
import Reading
import RemoteCore
import Synchronization

/// The inputs with every subscription brought up to date (or read from
/// the cache) before reading starts: a subscription is read from its
/// cached copy as a file would be, named by its source. What went wrong
/// is said as diagnostics: a warning when an older copy is read, an
/// error (exit 66, as for a missing file) when there is none.
struct RemoteInputs: Sendable {
    /// The inputs in order, subscriptions as their cached copies.
    var sources: [CalendarSource] = []
    var importSources: [InputSource] = []
    /// CalDAV sources' folders and how their files are named: by the
    /// source, calendar and item, never by their paths in the cache.
    var shownFolders: [String: ShownFolder] = [:]
    /// What each argument that is a source is read under (its name, or a
    /// web address's printed name), by the argument as written.
    var shownInputs: [String: String] = [:]
    var diagnostics: [Diagnostic] = []
    /// What the importer reads: `sources`, a folder of `shownFolders` named as it says.
    var readInputs: [InputSource] { sources.compactMap { $0.input(shown: shownFolders) } }
    /// Subscriptions with no copy to read.
    var unreadable = 0
    /// Whether a subscription's copy was replaced by a new body.
    var changed = false

    /// What an input names: a configured source, a web address, else a path.
    static func subscription(_ input: String, _ configuration: Configuration) -> Subscription? {
        if let source = configuration.sources[input] { return source.subscription }
        guard let address = RemoteAddress(input) else { return nil }
        // A configured source's own address keeps its name and credentials.
        let named = configuration.sources.keys.sorted().first { configuration.sources[$0]?.subscription.address.isWritten(as: address) == true }
        return named.flatMap { configuration.sources[$0]?.subscription } ?? Subscription(address: address)
    }

    static func reader(_ environment: [String: String]) -> SubscriptionReader? {
        SubscriptionReader(environment: environment)
    }

    /// `quietly`: no progress line on the terminal (serve's background fetches).
    init(paths: [String], mode: RefreshMode, configuration: Configuration, environment: [String: String], quietly: Bool = false) {
        let wanted = paths.map { Self.subscription($0, configuration) }
        let subscriptions = wanted.compactMap { $0 }
        var results: [SubscriptionResult] = []
        if !subscriptions.isEmpty {
            if let reader = Self.reader(environment) {
                results = NetworkHelper.read(subscriptions, mode: mode, reader: reader, quietly: quietly)
            } else {
                results = subscriptions.map { SubscriptionResult(subscription: $0, outcome: .failed(.cache("no cache folder: neither XDG_CACHE_HOME nor HOME is set"))) }
            }
        }
        changed = results.contains { if case .changed = $0.outcome { true } else { false } }
        var next = results.makeIterator()
        for (path, subscription) in zip(paths, wanted) {
            if let subscription { shownInputs[path] = subscription.shownName }
            if subscription == nil && RemoteAddress.looksLikeAddress(path) {
                // No host, so nothing to fetch; never "no such file".
                let shown = String(path.prefix { $0 != ":" }) + "://…"
                diagnostics.append(Diagnostic(.error, .unreadable, at: SourcePosition(file: shown, line: 0),
                                              "a web address without a host name, so nothing to fetch"))
                unreadable += 1
                continue
            }
            guard subscription != nil, let result = next.next() else {
                sources.append(path == "-" ? .standardInput : .file(URL(filePath: path, directoryHint: .notDirectory)))
                importSources.append(InputSource(argument: path))
                continue
            }
            add(result)
        }
    }

    /// A subscription's copy as an input, or the diagnostic of its absence.
    private mutating func add(_ result: SubscriptionResult) {
        let name = result.subscription.shownName
        let position = SourcePosition(file: name, line: 0)
        for note in result.report?.notes ?? [] { diagnostics.append(Diagnostic(.note, .unreadable, at: position, note)) }
        let fd = result.body.map { open($0, O_RDONLY | O_CLOEXEC) } ?? -1
        if let failure = result.failure, fd >= 0 {
            let age = result.age.map { "; data from " + Self.age($0) } ?? ""
            diagnostics.append(Diagnostic(.warning, .unreadable, at: position, failure.description + age))
        }
        guard fd >= 0 else {
            let reason = result.failure.map { failure in
                failure == .neverFetched ? failure.description : failure.description + "; and there is no copy from an earlier fetch"
            } ?? "its cached copy cannot be read (\(String(cString: strerror(errno))))"
            diagnostics.append(Diagnostic(.error, .unreadable, at: position, reason))
            unreadable += 1
            return
        }
        if result.isFolder, let folder = result.body {
            // A CalDAV source's cache is a vdir: a folder per calendar, a file per item.
            close(fd)
            let copy = CalDAVCopy(folder: folder, source: name)
            guard copy.holdsItems else { return }
            shownFolders[folder] = copy.shown
            sources.append(.file(URL(filePath: folder, directoryHint: .isDirectory)))
            importSources.append(copy.input)
            return
        }
        sources.append(.fileHandle(FileHandle(fileDescriptor: fd, closeOnDealloc: true), name: name))
        importSources.append(.fileDescriptor(fd, name: name))
    }

    /// How long ago, as people say it: `under a minute ago`, `12 min ago`, `2 h ago`, `3 d ago`.
    static func age(_ seconds: Double) -> String {
        SubscriptionResult.spoken(age: seconds)
    }

    /// The inputs of this process, resolved once.
    private static let resolved = Mutex<RemoteInputs?>(nil)

    /// The inputs one reading of `serve` uses, opened again for it (`reopened`).
    @TaskLocal static var reading: RemoteInputs?

    /// A copy whose subscriptions' copies are opened again, each with a
    /// position of its own, so that readings one after another, or at
    /// once, each read them whole (a descriptor read to its end reads
    /// nothing more). The cached file is opened through the descriptor, so
    /// that a copy replaced since is not mixed with the one first read.
    func reopened() -> RemoteInputs {
        var copy = self
        for index in copy.importSources.indices {
            guard case .fileDescriptor(let fd, let name) = copy.importSources[index] else { continue }
            let again = open("/proc/self/fd/\(fd)", O_RDONLY | O_CLOEXEC)
            guard again >= 0 else { continue }
            copy.importSources[index] = .fileDescriptor(again, name: name)
            copy.sources[index] = .fileHandle(FileHandle(fileDescriptor: again, closeOnDealloc: true), name: name)
        }
        return copy
    }

    /// Puts inputs read again in place of the process's (serve's background
    /// fetches); a reading under way keeps the copies it started with.
    static func replace(_ made: RemoteInputs) {
        resolved.withLock { $0 = made }
    }

    static func once(_ make: () -> RemoteInputs) -> RemoteInputs {
        resolved.withLock { kept in
            if let kept { return kept }
            let made = make()
            kept = made
            return made
        }
    }
}

extension InputOptions {
    /// The inputs with their subscriptions fetched or read from the cache (once a run).
    var remote: RemoteInputs {
        if let reading = RemoteInputs.reading { return reading }
        return RemoteInputs.once {
            RemoteInputs(paths: paths, mode: offline ? .never : refresh ? .always : .whenDue,
                         configuration: Configuration.active, environment: ProcessInfo.processInfo.environment)
        }
    }

    /// Hands the subscriptions' diagnostics to `say`: before reading,
    /// so that they come first.
    func sayRemote(_ say: (Diagnostic) -> Void) {
        remote.diagnostics.forEach(say)
    }

    /// Counts the subscriptions' diagnostics and missing copies into a
    /// report of reading (66 for a missing copy, 2 for an older one).
    func countRemote(into report: inout ImportReport) {
        remote.diagnostics.forEach { report.count($0) }
        report.unreadable += remote.unreadable
    }
}

extension RemoteInputs {
    /// Every subscription of the configuration: its `calendars` that are
    /// subscriptions, in order, then the other `[sources]` by name.
    static func configured(_ configuration: Configuration) -> [Subscription] {
        var found: [Subscription] = []
        // One a cache entry: an address given as itself and as a source's
        // url is one, the same url with another login is another.
        var seen: Set<String> = []
        let named = configuration.sources.keys.sorted().map { configuration.sources[$0]?.subscription }
        for subscription in configuration.calendars.map({ subscription($0, configuration) }) + named {
            guard let subscription, seen.insert(subscription.cacheKey).inserted else { continue }
            found.append(subscription)
        }
        return found
    }

    /// A byte count for people: `812 bytes`, `35.2 KiB`, `3.1 MiB`.
    static func size(_ bytes: Int) -> String {
        SubscriptionResult.spoken(bytes: bytes)
    }
}
