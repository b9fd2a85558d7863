#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import Import
import Plumbing
import Reading
import RemoteCore

/// `busylife sources`: every configured source and what is known of it,
/// without fetching anything.
struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List the configured sources: kind, address, calendars, items, age, last error.",
        discussion: """
        Lists each entry of calendars in the configuration, then each \
        [sources.NAME] not among them: its name, its kind (subscription, \
        caldav calendar, caldav account, file, directory, standard input, \
        missing), its address (a web address as host/…/last-segment, never \
        whole: secret addresses carry their secret in the path), the \
        calendars it holds, how many events, the age of its cached copy and \
        its last fetch's error. A CalDAV account is followed by each of its \
        calendars, with its colour: how to find the names that include and \
        exclude choose. Nothing is fetched: busylife sync does that. \
        docs/sources.md tells more.

        EXAMPLES:
          busylife sources
          busylife sources --format json | jq '.sources[] | select(.lastError)'
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "text for people; json for scripts.")
    var format: Format = .text

    /// What is known of one source.
    struct Row: Encodable {
        var name: String
        var kind: String
        var address: String
        var calendars: [String]
        var items: Int?
        var ageSeconds: Int?
        var lastError: String?
        /// A CalDAV calendar's colour, as the server gives it.
        var color: String?
        /// For a calendar of a CalDAV account: the account's name.
        var source: String?
    }

    func run() throws {
        try Configuration.check()
        let configuration = Configuration.active
        let reader = RemoteInputs.reader(ProcessInfo.processInfo.environment)
        var entries = configuration.calendars
        let listed = Set(entries)
        // A source is listed once for its cache entry: the same url with another login is another.
        let entriesKeys = Set(entries.compactMap { RemoteInputs.subscription($0, configuration)?.cacheKey })
        for name in configuration.sources.keys.sorted() where !listed.contains(name) {
            if let key = configuration.sources[name]?.subscription.cacheKey, entriesKeys.contains(key) { continue }
            entries.append(name)
        }
        let rows = entries.flatMap { Self.rows($0, configuration, reader) }
        if rows.isEmpty && format == .text {
            // An empty list on a terminal reads as a failure: say where sources come from.
            let err = Output(fd: 2)
            err.line("busylife: note: no sources: name them in the configuration, in calendars = [...] or a [sources.NAME] table")
            err.flush()
        }
        let out = Output(fd: 1)
        switch format {
        case .text: rows.forEach { out.write(Self.text($0)) }
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(["sources": rows])
            out.write(String(decoding: data, as: UTF8.self) + "\n")
        }
        try out.finish()
    }

    /// A source's row, then for a CalDAV source one row per calendar.
    static func rows(_ entry: String, _ configuration: Configuration, _ reader: SubscriptionReader?) -> [Row] {
        guard let subscription = RemoteInputs.subscription(entry, configuration), let reader,
              let (state, folder) = reader.calDAVCopy(of: subscription) else { return [row(entry, configuration, reader)] }
        var source = Row(name: subscription.shownName, kind: state.isAccount ? "caldav account" : "caldav calendar",
                         address: state.printed, calendars: state.calendars.map(\.displayName), items: 0)
        source.lastError = state.lastError
        source.ageSeconds = state.checked.map { max(0, Int(Date().timeIntervalSince1970 - $0)) }
        // Only the files the state names, as every reading command reads them.
        let copy = CalDAVCopy(folder: folder, source: subscription.shownName, state: state)
        var rows: [Row] = []
        for calendar in state.calendars {
            var row = Row(name: calendar.displayName, kind: "calendar", address: state.printed, calendars: [], color: calendar.color,
                          source: subscription.shownName)
            count(copy.input(calendar: calendar.folder), into: &row)
            row.calendars = []
            source.items = (source.items ?? 0) + (row.items ?? 0)
            rows.append(row)
        }
        if !state.isAccount, let only = rows.first { source.color = only.color; return [source] }
        return [source] + rows
    }

    static func row(_ entry: String, _ configuration: Configuration, _ reader: SubscriptionReader?) -> Row {
        if let subscription = RemoteInputs.subscription(entry, configuration) {
            var row = Row(name: subscription.shownName, kind: "subscription", address: subscription.address.printed, calendars: [])
            guard let reader else { return row }
            let (body, record) = reader.copy(of: subscription)
            row.lastError = record?.lastError
            if let body, let checked = record?.checked {
                row.ageSeconds = max(0, Int(Date().timeIntervalSince1970 - checked))
                if let handle = FileHandle(forReadingAtPath: body) {
                    // Kept open until read: the input holds only its descriptor.
                    withExtendedLifetime(handle) { count(.fileDescriptor(handle.fileDescriptor, name: subscription.shownName), into: &row) }
                }
            }
            return row
        }
        var row = Row(name: entry, kind: "file", address: entry, calendars: [])
        var status = stat()
        if entry == "-" {
            row.kind = "standard input"
            return row
        }
        guard stat(entry, &status) == 0 else {
            row.kind = "missing"
            row.lastError = String(cString: strerror(errno))
            return row
        }
        if status.st_mode & S_IFMT == S_IFDIR { row.kind = "directory" }
        count(InputSource(argument: entry), into: &row)
        return row
    }

    /// The calendars and events of a source, read as any command reads it.
    private static func count(_ input: InputSource, into row: inout Row) {
        let report = Reading.read([input], useCalendarZone: true, event: { _ in true }, diagnostic: { _ in })
        row.items = report.events
        row.calendars = report.calendars.sorted()
    }

    /// `work (subscription) example.com/…/basic.ics: Work, 42 events, fetched 12 min ago`
    static func text(_ row: Row) -> String {
        var line = (row.source == nil ? "" : "  ") + "\(row.name) (\(row.kind))"
        if row.source != nil, let color = row.color { line += " \(color)" }
        if row.address != row.name && row.source == nil { line += " \(row.address)" }
        if row.source == nil, let color = row.color { line += " \(color)" }
        var facts: [String] = []
        if !row.calendars.isEmpty { facts.append(row.calendars.joined(separator: ", ")) }
        if let items = row.items { facts.append(items == 1 ? "1 event" : "\(items) events") }
        if let age = row.ageSeconds { facts.append("fetched " + RemoteInputs.age(Double(age))) }
        else if row.kind == "subscription" || row.kind.hasPrefix("caldav") { facts.append("never fetched") }
        if !facts.isEmpty { line += ": " + facts.joined(separator: ", ") }
        if let error = row.lastError { line += "\n  last error: \(error)" }
        return line + "\n"
    }
}
