import Foundation
import RemoteCore
import TOMLKit

/// One `[sources.NAME]` table (docs/sources.md):
///
///     [sources.work]
///     url = "https://calendar.example.com/ical/private-abc/basic.ics"
///     username = "me"
///     password-command = "pass show calendar/work"
///     refresh = "15m"
///     ca-file = "~/certificates/company-ca.pem"
///     include = ["Work", "Family"]      # a CalDAV account's calendars, by name
///     window = "-1y..+2y"               # a huge CalDAV calendar, only around now
struct SourceSetting: Sendable {
    var subscription: Subscription

    static let keys = ["url", "username", "password-command", "refresh", "ca-file", "include", "exclude", "window"]
}

extension Settings {
    /// `[sources]`: each name a table with a `url`.
    func sources(_ value: any TOMLValueConvertible, home: String?, folder: String) throws(Configuration.Problem) -> [String: SourceSetting] {
        guard let tables = value.table else { throw fail("sources", "wants tables: [sources.work] then url = \"https://…\"") }
        var result: [String: SourceSetting] = [:]
        for name in tables.keys {
            result[name] = try source(name, tables[name], home: home, folder: folder)
        }
        return result
    }

    private func source(_ name: String, _ value: (any TOMLValueConvertible)?, home: String?,
                        folder: String) throws(Configuration.Problem) -> SourceSetting {
        let table = "sources.\(name)"
        func problem(_ key: String?, _ message: String) -> Configuration.Problem {
            let number = key.map { line(of: $0, inTable: table) } ?? line(of: table)
            return Configuration.Problem(description: "\(file)\(number > 0 ? ":\(number)" : ""): [\(table)] \(key.map { $0 + " " } ?? "")\(message)")
        }
        guard !name.isEmpty, name != "-", !name.contains("/"), !RemoteAddress.looksLikeAddress(name) else {
            throw problem(nil, "is not a usable name: a source's name has no / and is not -")
        }
        guard let settings = value?.table else { throw problem(nil, "wants a table with a url") }
        for key in settings.keys where !SourceSetting.keys.contains(key) {
            throw problem(key, "is not a setting of a source; its settings: \(SourceSetting.keys.joined(separator: ", "))")
        }
        func text(_ key: String) throws(Configuration.Problem) -> String? {
            guard let value = settings[key] else { return nil }
            guard let string = value.string else { throw problem(key, "wants a string in quotes") }
            return string
        }
        guard let url = try text("url") else { throw problem(nil, "has no url: url = \"https://…\"") }
        guard let address = RemoteAddress(url) else {
            throw problem("url", "wants an https://, http:// or webcal:// address with a host")
        }
        var subscription = Subscription(name: name, address: address)
        subscription.username = try text("username")
        subscription.passwordCommand = try text("password-command")
        if subscription.passwordCommand != nil && subscription.username == nil && address.userInfo == nil {
            throw problem("password-command", "needs a username")
        }
        if let refresh = try text("refresh") {
            guard let seconds = SourceSetting.seconds(refresh) else {
                throw problem("refresh", "wants a duration such as \"15m\", \"1h\", \"1d\" or \"0\" (every run), not \"\(refresh)\"")
            }
            subscription.refresh = seconds
        }
        subscription.caFile = try text("ca-file").map { Configuration.expand($0, home: home, relativeTo: folder) }
        for key in ["include", "exclude"] {
            guard let value = settings[key] else { continue }
            let names = value.array?.map { $0.string } ?? value.string.map { [$0] } ?? [nil]
            guard !names.contains(where: { $0 == nil }) else { throw problem(key, "wants a list of calendar names: \(key) = [\"Work\"]") }
            if key == "include" { subscription.include = names.compactMap { $0 } } else { subscription.exclude = names.compactMap { $0 } }
        }
        if let window = try text("window") {
            guard let parsed = SourceWindow(window) else {
                throw problem("window", "wants a span around now such as \"-1y..+2y\" (d, w, m for months, y), not \"\(window)\"")
            }
            subscription.window = parsed
        }
        return SourceSetting(subscription: subscription)
    }
}

extension SourceSetting {
    /// `30s`, `15m`, `2h`, `1d` or `0` in seconds; nil for anything else.
    static func seconds(_ text: String) -> Double? {
        if text == "0" { return 0 }
        guard let unit = text.last, let number = Double(text.dropLast()), number >= 0, number.isFinite else { return nil }
        switch unit {
        case "s": return number
        case "m": return number * 60
        case "h": return number * 3600
        case "d": return number * 86400
        default: return nil
        }
    }
}

extension SourceSetting {
    /// A `calendars` entry as `busylife config` prints it: a web address
    /// shortened to `scheme://host/…/last-segment` (never whole: its path
    /// may hold its secret), anything else as written.
    static func shown(_ entry: String) -> String {
        guard let address = RemoteAddress(entry) else { return entry }
        return (entry.prefix { $0 != ":" }.lowercased()) + "://" + address.printed
    }

    /// `[sources]` for `busylife config`, as comments: the address
    /// shortened, the password-command not shown.
    static func described(_ sources: [String: SourceSetting], origin: String) -> [String] {
        guard !sources.isEmpty else { return [] }
        var lines = ["", "# [sources]  (\(origin)); addresses shortened, never printed whole"]
        for name in sources.keys.sorted() {
            guard let subscription = sources[name]?.subscription else { continue }
            var facts = ["url " + shown(subscription.address.url.absoluteString)]
            if let user = subscription.username { facts.append("username \(user)") }
            if subscription.passwordCommand != nil { facts.append("a password-command") }
            facts.append("refresh \(Int(subscription.refresh))s")
            if let caFile = subscription.caFile { facts.append("ca-file \(caFile)") }
            if !subscription.include.isEmpty { facts.append("include " + subscription.include.joined(separator: ", ")) }
            if !subscription.exclude.isEmpty { facts.append("exclude " + subscription.exclude.joined(separator: ", ")) }
            if let window = subscription.window { facts.append("window \(window.text)") }
            lines.append("# [sources.\(name)]: " + facts.joined(separator: ", "))
        }
        return lines
    }
}
