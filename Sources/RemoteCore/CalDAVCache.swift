#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What the cache keeps of a CalDAV source beside its items: the kind,
/// each calendar's tokens, name and colour, and each item's ETag. Never a
/// credential; hrefs are kept (paths on the server, needed to sync) but
/// never used as file names.
package struct CalDAVState: Codable, Sendable {
    /// `host/…/last-segment`, for `busylife sources`.
    package var printed: String
    /// An account (every calendar of a home) rather than one calendar.
    package var isAccount: Bool
    /// The path of the calendar, or of the account's calendar home.
    package var root: String
    package var calendars: [CalendarState] = []
    /// When the items were last known to be the server's.
    package var checked: Double?
    package var lastError: String?
    package var lastErrorAt: Double?

    package init(printed: String, isAccount: Bool, root: String) {
        self.printed = printed
        self.isAccount = isAccount
        self.root = root
    }

    /// What people know the cache's folders and files by, by path under
    /// the source's folder: a calendar's folder is its display name, an
    /// item stored in a file of its own its href's last segment under that
    /// (`Family/dinner.ics`); items in packs are named by `shownParts`.
    package var shownNames: [String: String] {
        var names: [String: String] = [:]
        for calendar in calendars {
            names[calendar.folder] = calendar.displayName
            guard calendar.packs == nil else { continue }
            for href in calendar.items.keys {
                names[calendar.folder + "/" + CalDAVStore.key(href) + ".ics"] = calendar.displayName + "/" + Self.lastSegment(href)
            }
        }
        return names
    }

    /// Each pack's items by path under the source's folder: the line each
    /// starts on in its pack and its name (`Family/dinner.ics`), in order.
    package var shownParts: [String: [ShownPart]] {
        var parts: [String: [ShownPart]] = [:]
        for calendar in calendars {
            guard let count = calendar.packs else { continue }
            for (href, line) in calendar.lines ?? [:] {
                let pack = calendar.folder + "/" + CalDAVStore.packName(CalDAVStore.pack(of: href, count: count), count: count)
                parts[pack, default: []].append(ShownPart(line: line, name: calendar.displayName + "/" + Self.lastSegment(href)))
            }
        }
        return parts.mapValues { $0.sorted { $0.line < $1.line } }
    }

    /// The files the state names, by path under the source's folder: only
    /// these are read (a sync that did not finish may have left others).
    package var files: Set<String> {
        var files: Set<String> = []
        for calendar in calendars {
            if calendar.packs != nil {
                for name in (calendar.packBytes ?? [:]).keys { files.insert(calendar.folder + "/" + name) }
            } else {
                for href in calendar.items.keys { files.insert(calendar.folder + "/" + CalDAVStore.key(href) + ".ics") }
            }
        }
        return files
    }

    /// An href's last segment, percent-decoded unless that would make a
    /// name with a control character or a slash in it.
    package static func lastSegment(_ href: String) -> String {
        let bytes = Array(href.utf8)
        var end = bytes.count
        while end > 0 && bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        let segment = bytes[start..<end]
        guard !segment.isEmpty else { return href }
        // Nothing to decode, and so nothing to check: the common case.
        guard segment.contains(UInt8(ascii: "%")) else { return String(decoding: segment, as: UTF8.self) }
        // Decoded here, byte by byte: Foundation's decoding cost more than reading the item, once per item of every read.
        var decoded: [UInt8] = []
        var index = segment.startIndex
        while index < segment.endIndex {
            if segment[index] == UInt8(ascii: "%"), index + 2 < segment.endIndex,
               let high = hexDigit(segment[index + 1]), let low = hexDigit(segment[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else if segment[index] == UInt8(ascii: "%") {
                return String(decoding: segment, as: UTF8.self)
            } else {
                decoded.append(segment[index])
                index += 1
            }
        }
        let text = String(validating: decoded, as: UTF8.self)
        guard let text, !decoded.contains(UInt8(ascii: "/")),
              !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            return String(decoding: segment, as: UTF8.self)
        }
        return text
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// An item of a pack: the line it starts on there, and its name.
package struct ShownPart: Sendable, Equatable {
    package var line: Int
    package var name: String

    package init(line: Int, name: String) {
        self.line = line
        self.name = name
    }
}

/// One calendar of a CalDAV source.
package struct CalendarState: Codable, Sendable {
    package var href: String
    package var displayName: String
    package var color: String?
    package var syncToken: String?
    package var ctag: String?
    /// The window (as configured) the items were fetched for, if any: a
    /// token of a windowed listing cannot continue a whole one.
    package var window: String?
    /// Each item's href and ETag.
    package var items: [String: String] = [:]
    /// How many packs hold the items (`CalDAVStore.writePacks`); nil while
    /// they are stored one file each, as before packs.
    package var packs: Int?
    /// Each item's first line in its pack, by href.
    package var lines: [String: Int]?
    /// Each pack's size as written, by file name.
    package var packBytes: [String: Int]?

    package var itemCount: Int { items.count }

    package init(href: String, displayName: String) {
        self.href = href
        self.displayName = displayName
    }

    /// The folder of its items: a digest of its href.
    package var folder: String { CalDAVStore.key(href) }
}

/// A CalDAV source's files in the cache: `caldav/KEY/` holds one folder
/// per calendar (named by a digest of its href) with its `displayname`
/// and `color` and its items in a few packs (`CalDAVPacks.swift`), so
/// that it reads as a vdir; `caldav/KEY.state.json` is the state, written
/// last, `caldav/KEY.lock` the lock. Every file is written beside and
/// renamed. A cache from before packs holds one `.ics` file per item
/// (named by a digest of the item's href) until its next sync.
package struct CalDAVStore: Sendable {
    package let base: String

    package init(cache: RemoteCache, key: String) {
        base = cache.folder + "/caldav/" + key
    }

    package var stateFile: String { base + ".state.json" }
    /// The lock is the subscription entry's mechanism, on this base.
    package var entry: RemoteCache.Entry { RemoteCache.Entry(base: base) }

    /// A file name for an href: hexadecimal, so `../../etc/passwd` stays inside.
    package static func key(_ href: String) -> String { String(SHA256.hex(href).prefix(32)) }

    package func readState() -> CalDAVState? {
        guard let data = FileManager.default.contents(atPath: stateFile) else { return nil }
        return try? JSONDecoder().decode(CalDAVState.self, from: data)
    }

    package func write(_ state: CalDAVState) throws(RemoteFailure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(state) else { throw .cache("cannot encode the CalDAV state") }
        try replace(stateFile, with: Array(data))
    }

    /// Makes the source's folder and a calendar's, and any folder above them that is missing (private to the user).
    package func create(calendar: String? = nil) throws(RemoteFailure) {
        try RemoteCache.makeFolder(calendar.map { base + "/" + $0 } ?? base)
    }

    package func itemPath(_ calendar: CalendarState, _ href: String) -> String {
        base + "/" + calendar.folder + "/" + Self.key(href) + ".ics"
    }

    /// Its `displayname` and `color`, as a vdir's (written only when changed).
    package func writeMetadata(_ calendar: CalendarState) throws(RemoteFailure) {
        let folder = base + "/" + calendar.folder
        try create(calendar: calendar.folder)
        for (name, value) in [("displayname", calendar.displayName), ("color", calendar.color.flatMap(Self.vdirColor) ?? "")] {
            let path = folder + "/" + name
            let old = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            if value.isEmpty {
                if old != nil { unlink(path) }
            } else if old != value + "\n" {
                try replace(path, with: Array((value + "\n").utf8))
            }
        }
    }

    /// A calendar no longer read: its folder and items go.
    package func removeCalendar(_ calendar: CalendarState) {
        try? FileManager.default.removeItem(atPath: base + "/" + calendar.folder)
    }

    /// Apple's `#RRGGBBAA` as a vdir's `#rrggbb`; nil for what is no colour.
    package static func vdirColor(_ text: String) -> String? {
        let hex = text.trimmingCharacters(in: .whitespaces)
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9,
              hex.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        return String(hex.prefix(7)).lowercased()
    }

    func replace(_ path: String, with bytes: [UInt8]) throws(RemoteFailure) {
        let temporary = try TemporaryFile(beside: path)
        try temporary.write(bytes)
        try temporary.commit(as: path)
    }
}
