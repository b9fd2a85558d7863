import ArgumentParser
import EventModel
import FreeBusy
import Foundation
import Import
import Plumbing
import Settle
import RemoteCore
import TOMLKit

/// The configuration file: `$BUSYLIFE_CONFIG`, else
/// `$XDG_CONFIG_HOME/busylife/config.toml`, else
/// `~/.config/busylife/config.toml` (README, Configuration). Every key is
/// optional; a flag wins over the environment, which wins over the file,
/// which wins over the defaults.
///
///     calendars = ["~/calendars/work.ics", "~/.calendars/"]
///     timezone = "Europe/Berlin"
///     locale = "de_DE"
///     week-start = "mon"
///     working-hours = "09:00-17:00"
///     working-days = "Mon-Fri"
///     me = "me@example.com"
///
///     [colors]
///     Work = "#3366ff"
struct Configuration: Sendable {
    /// The file named, and what named it.
    var path: String?
    var pathOrigin = "none"
    /// Whether the file was there and read.
    var read = false
    var calendars: [String] = []
    var timezone: String?
    var locale: String?
    var weekStart: String?
    var workingHours: String?
    var workingDays: String?
    var me: String?
    var colors: [String: CalendarColor] = [:]
    /// `[sources.NAME]`: subscriptions by name (Configuration+Sources).
    var sources: [String: SourceSetting] = [:]
    /// The line of each key in the file, for `busylife config`.
    var lines: [String: Int] = [:]

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static let keys = ["calendars", "timezone", "locale", "week-start", "working-hours", "working-days", "me", "colors", "sources"]

    /// The file to read: `BUSYLIFE_CONFIG` (which must exist when set),
    /// else under `XDG_CONFIG_HOME`, else under `~/.config`; nil without a
    /// home to find it in.
    static func location(_ environment: [String: String]) -> (path: String, origin: String, required: Bool)? {
        if let named = environment["BUSYLIFE_CONFIG"], !named.isEmpty {
            return (expand(named, home: environment["HOME"], relativeTo: nil), "BUSYLIFE_CONFIG", true)
        }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return (xdg + "/busylife/config.toml", "XDG_CONFIG_HOME", false)
        }
        if let home = environment["HOME"], !home.isEmpty {
            return (home + "/.config/busylife/config.toml", "HOME", false)
        }
        return nil
    }

    /// Far more than any configuration needs; a larger file is a wrong path.
    static let maximumSize = 1 << 20

    /// The first line holding a NUL, raw or escaped (`\u0000`). The TOML
    /// reader cuts a string there, so `"a/\u0000b.ics"` would name all of
    /// `a/`.
    static func lineWithNUL(_ text: String) -> Int? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.utf8.contains(0) { return index + 1 }
            for escape in ["\\u0000", "\\U00000000"] {
                var rest = line[...]
                while let found = rest.range(of: escape) {
                    // An escape only when its backslash is not itself escaped.
                    let backslashes = line[..<found.lowerBound].reversed().prefix { $0 == "\\" }.count
                    if backslashes % 2 == 0 { return index + 1 }
                    rest = line[found.upperBound...]
                }
            }
        }
        return nil
    }

    static func load(environment: [String: String]) throws(Problem) -> Configuration {
        guard let (path, origin, required) = location(environment) else { return Configuration() }
        var status = stat()
        guard stat(path, &status) == 0 else {
            // The usual place behind a folder one may not search (another
            // user's HOME) holds no file of this user's: as if none.
            let absent = errno == ENOENT || (!required && (errno == EACCES || errno == ENOTDIR))
            guard absent else { throw Problem(description: "\(path): cannot be read (\(DirectoryWalk.reason(errno)))") }
            if required { throw Problem(description: "\(path) (BUSYLIFE_CONFIG): no such file") }
            return Configuration(path: path, pathOrigin: origin)
        }
        // A device or a named pipe would be read without end.
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
            throw Problem(description: "\(path): cannot be read (\(kind))")
        }
        guard status.st_size <= maximumSize else {
            throw Problem(description: "\(path): cannot be read (larger than 1 MiB; a configuration is a few lines)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "\(path): cannot be read (\(DirectoryWalk.reason(errno)))")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw Problem(description: "\(path): not UTF-8 text") }
        var configuration = try parse(text, file: path, home: environment["HOME"])
        configuration.path = path
        configuration.pathOrigin = origin
        configuration.read = true
        return configuration
    }

    /// Reads the TOML text of `file`: a syntax error names its line and
    /// column (TOML's own words), a value of the wrong kind its key and line.
    static func parse(_ text: String, file: String, home: String?) throws(Problem) -> Configuration {
        if let number = lineWithNUL(text) {
            throw Problem(description: "\(file):\(number): a NUL character (\\u0000), which no setting can hold")
        }
        let settings = Settings(table: try table(text, file: file), file: file, text: text)
        var configuration = Configuration()
        for key in settings.table.keys where !keys.contains(key) {
            throw settings.fail(key, "is not a setting; settings: \(keys.joined(separator: ", "))")
        }
        // "." for a file named alone: its entries are read from the current folder.
        let folder = Output.folder(of: file)
        if let value = settings.table["sources"] {
            configuration.sources = try settings.sources(value, home: home, folder: folder)
        }
        if let value = settings.table["calendars"] {
            // A source's name and a web address are no paths.
            configuration.calendars = try settings.paths(value).map { entry in
                configuration.sources[entry] != nil || RemoteAddress.looksLikeAddress(entry)
                    ? entry : expand(entry, home: home, relativeTo: folder)
            }
            configuration.lines["calendars"] = settings.line(of: "calendars")
        }
        try settings.readStrings(into: &configuration)
        if let value = settings.table["colors"] {
            configuration.colors = try settings.colors(value)
            configuration.lines["colors"] = settings.line(of: "colors")
        }
        return configuration
    }

    /// The TOML table of `text`, or the syntax error where it is.
    private static func table(_ text: String, file: String) throws(Problem) -> TOMLTable {
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw Problem(description: "\(file):\(error.source.begin.line):\(error.source.begin.column): \(error.description)")
        } catch {
            throw Problem(description: "\(file): \(error)")
        }
    }

    /// `~` and `~/...` from HOME; a relative path from the configuration
    /// file's folder.
    static func expand(_ path: String, home: String?, relativeTo folder: String?) -> String {
        if let home, path == "~" { return home }
        if let home, path.hasPrefix("~/") { return home + path.dropFirst() }
        if let folder, !path.hasPrefix("/"), path != "-" { return folder + "/" + path }
        return path
    }

    /// The file of this process, read once.
    static let loaded: Result<Configuration, Problem> = Result { () throws(Problem) -> Configuration in
        try load(environment: ProcessInfo.processInfo.environment)
    }

    /// The file's settings, or none when it could not be read (`check`
    /// has then stopped the run).
    static var active: Configuration { (try? loaded.get()) ?? Configuration() }

    /// Exit 78 (EX_CONFIG, a configuration error) when the file is
    /// malformed, saying where.
    static func check() throws {
        if case .failure(let problem) = loaded {
            let err = Output(fd: 2)
            err.line("busylife: configuration: \(problem.description)")
            err.flush()
            throw ExitCode(78)
        }
    }

    /// The colours of the file by calendar name (any case) for the
    /// calendars read: they win over a vdir collection's colour file.
    func colors(for calendars: some Sequence<String>) -> [String: CalendarColor] {
        var chosen: [String: CalendarColor] = [:]
        let byName = Dictionary(colors.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        for calendar in calendars { if let color = byName[calendar.lowercased()] { chosen[calendar] = color } }
        return chosen
    }
}

/// The settings of one configuration file, read key by key; a value of
/// the wrong kind is a `Configuration.Problem` naming its key and line.
struct Settings {
    let table: TOMLTable
    let file: String
    let textLines: [Substring]

    init(table: TOMLTable, file: String, text: String) {
        self.table = table
        self.file = file
        textLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The line where `key` is set (the first such line), or 0.
    func line(of key: String, inTable tableName: String? = nil) -> Int {
        var inside = tableName == nil
        for (index, raw) in textLines.enumerated() {
            let content = raw.trimmingCharacters(in: .whitespaces)
            if content.hasPrefix("[") {
                inside = tableName.map { content.hasPrefix("[\($0)]") } ?? false
                if tableName == nil && content.hasPrefix("[\(key)]") { return index + 1 }
                continue
            }
            guard inside else { continue }
            let name = content.prefix { $0 != "=" && $0 != " " && $0 != "\t" }
            if name == key || name == "\"\(key)\"" { return index + 1 }
        }
        return 0
    }

    /// A problem with the value of `key`, at its line.
    func fail(_ key: String, _ message: String) -> Configuration.Problem {
        let number = line(of: key)
        return Configuration.Problem(description: "\(file)\(number > 0 ? ":\(number)" : ""): \(key) \(message)")
    }

    /// The string set for `key` (its line noted in `configuration`), or nil when unset.
    func string(_ key: String, into configuration: inout Configuration) throws(Configuration.Problem) -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string else { throw fail(key, "wants a string in quotes") }
        configuration.lines[key] = line(of: key)
        return text
    }

    /// `calendars`: one path or a list of them, as written.
    func paths(_ value: any TOMLValueConvertible) throws(Configuration.Problem) -> [String] {
        let items: [String]?
        if let array = value.array {
            let strings = array.map { $0.string }
            items = strings.contains(where: { $0 == nil }) ? nil : strings.compactMap { $0 }
        } else {
            items = value.string.map { [$0] }
        }
        guard let items else { throw fail("calendars", "wants a list of paths: calendars = [\"~/calendars/work.ics\", \"~/.calendars/\"]") }
        return items
    }

    /// The settings given as one string each, each checked for sense.
    func readStrings(into configuration: inout Configuration) throws(Configuration.Problem) {
        if let zone = try string("timezone", into: &configuration) {
            guard Zone.typed(zone) != nil else { throw fail("timezone", "\"\(zone)\" names no time zone (\(SettleFlags.zoneForms))") }
            configuration.timezone = zone
        }
        if let locale = try string("locale", into: &configuration) {
            let identifier = String(locale.prefix { $0 != "." && $0 != "@" }).replacingOccurrences(of: "-", with: "_")
            guard Locale.availableIdentifiers.contains(identifier) else {
                throw fail("locale", "\"\(locale)\" names no locale this system knows (such as de_DE or ja_JP)")
            }
            configuration.locale = locale
        }
        if let day = try string("week-start", into: &configuration) {
            guard HeatmapCommand.weekday(day) != nil, day.count >= 3 else { throw fail("week-start", "wants mon, tue, wed, thu, fri, sat or sun, not \"\(day)\"") }
            configuration.weekStart = day
        }
        if let hours = try string("working-hours", into: &configuration) {
            guard WorkingHours.parseHours(hours) != nil else { throw fail("working-hours", "wants HH:MM-HH:MM within one day (\"09:00-17:00\"), not \"\(hours)\"") }
            configuration.workingHours = hours
        }
        if let days = try string("working-days", into: &configuration) {
            guard WorkingHours.parseWorkdays(days) != nil else { throw fail("working-days", "wants days such as \"Mon-Fri\" or \"Mon,Wed,Fri\", not \"\(days)\"") }
            configuration.workingDays = days
        }
        configuration.me = try string("me", into: &configuration)
    }

    /// `[colors]`: each calendar's colour.
    func colors(_ value: any TOMLValueConvertible) throws(Configuration.Problem) -> [String: CalendarColor] {
        guard let colors = value.table else { throw fail("colors", "wants a table: [colors] then Work = \"#3366ff\"") }
        var result: [String: CalendarColor] = [:]
        for name in colors.keys {
            guard let text = colors[name]?.string, let color = CalendarColor(parsing: text) else {
                let number = line(of: name, inTable: "colors")
                throw Configuration.Problem(description: "\(file)\(number > 0 ? ":\(number)" : ""): [colors] \(name) wants a colour as \"#rrggbb\" or \"#rgb\"")
            }
            result[name] = color
        }
        return result
    }
}
