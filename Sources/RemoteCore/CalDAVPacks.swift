#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A calendar's items in packs: each item belongs to the pack a digest of
/// its href picks among the calendar's `packs` (a power of two), and a
/// pack holds its items' VCALENDARs one after another, sorted by href. One
/// changed item rewrites its pack only; a first sync writes tens of files,
/// not one per item. The state keeps each item's first line in its pack
/// (to name it in diagnostics) and each pack's size as written (a pack of
/// another size was left by a sync that did not finish: the calendar is
/// then fetched again whole).
extension CalDAVStore {
    /// About how many items a pack holds when the count of packs is chosen;
    /// the count doubles once packs hold twice as many.
    package static let packItems = 256

    /// The count of packs for `items` items: a power of two.
    package static func packCount(for items: Int) -> Int {
        var count = 1
        while count * packItems < items { count *= 2 }
        return count
    }

    /// The pack of an href among `count`.
    package static func pack(of href: String, count: Int) -> Int {
        let digest = SHA256.hex(href).utf8.prefix(8).reduce(0) { $0 << 4 | Int(hexValue($1)) }
        return digest % count
    }

    private static func hexValue(_ digit: UInt8) -> UInt8 {
        digit >= UInt8(ascii: "a") ? digit - UInt8(ascii: "a") + 10 : digit - UInt8(ascii: "0")
    }

    /// A pack's file name: its count in it, so that packs of another count
    /// (left by a sync that did not finish) are never read as this one's.
    package static func packName(_ index: Int, count: Int) -> String {
        "pack-\(count)-\(index).ics"
    }

    /// Whether every pack the state names has the size it was written with.
    package func packsAreWhole(_ calendar: CalendarState) -> Bool {
        for (name, bytes) in calendar.packBytes ?? [:] {
            var status = stat()
            guard stat(base + "/" + calendar.folder + "/" + name, &status) == 0, Int(status.st_size) == bytes else { return false }
        }
        return true
    }

    /// `state.shownParts` of the packs that have the size the state says:
    /// the items of a pack a sync that did not finish rewrote are named
    /// by their calendar, not by names of another pack's lines.
    package func shownParts(_ state: CalDAVState) -> [String: [ShownPart]] {
        var parts = state.shownParts
        for calendar in state.calendars {
            for (name, bytes) in calendar.packBytes ?? [:] {
                var status = stat()
                let path = calendar.folder + "/" + name
                if stat(base + "/" + path, &status) != 0 || Int(status.st_size) != bytes { parts[path] = nil }
            }
        }
        return parts
    }

    /// Writes the packs that `fresh` (items fetched, by href) and the items
    /// gone since the last write change; all of them when the count of
    /// packs changes or the items were stored one file each. Items are those
    /// of `calendar.items`; one whose text cannot be read again is dropped,
    /// and the calendar is then listed whole next time.
    package func writePacks(_ calendar: inout CalendarState, fresh: [String: String]) throws(RemoteFailure) {
        try create(calendar: calendar.folder)
        let old = calendar
        var count = old.packs ?? Self.packCount(for: calendar.items.count)
        if calendar.items.count > 2 * count * Self.packItems { count = Self.packCount(for: calendar.items.count) }
        let whole = count != old.packs
        // Each href's pack worked out once: the digest is most of a first sync's own work on its packs.
        var members: [Int: [String]] = [:]
        for href in calendar.items.keys { members[Self.pack(of: href, count: count), default: []].append(href) }
        var touched = Set(0..<count)
        if !whole {
            touched = Set(fresh.keys.map { Self.pack(of: $0, count: count) })
            for href in (old.lines ?? [:]).keys where calendar.items[href] == nil { touched.insert(Self.pack(of: href, count: count)) }
        }
        var reader = OldItems(store: self, calendar: old)
        var lines = whole ? [:] : (old.lines ?? [:])
        var sizes = whole ? [:] : (old.packBytes ?? [:])
        for href in (old.lines ?? [:]).keys where calendar.items[href] == nil { lines[href] = nil }
        for index in touched.sorted() {
            let name = Self.packName(index, count: count)
            var text: [UInt8] = []
            var line = 1
            for href in (members[index] ?? []).sorted() {
                guard let item = fresh[href].map({ Array($0.utf8) }) ?? reader.text(href) else {
                    calendar.items[href] = nil
                    (calendar.syncToken, calendar.ctag, lines[href]) = (nil, nil, nil)
                    continue
                }
                lines[href] = line
                text += item
                if item.last != UInt8(ascii: "\n") { text += Array("\r\n".utf8) }
                line += item.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } + (item.last != UInt8(ascii: "\n") ? 1 : 0)
            }
            try writePack(name, text, in: calendar.folder, sizes: &sizes)
        }
        (calendar.packs, calendar.lines, calendar.packBytes) = (count, lines, sizes)
    }

    /// One pack written beside and renamed (an empty one removed), its size noted.
    private func writePack(_ name: String, _ text: [UInt8], in folder: String, sizes: inout [String: Int]) throws(RemoteFailure) {
        let path = base + "/" + folder + "/" + name
        if text.isEmpty {
            unlink(path)
            sizes[name] = nil
            return
        }
        try replace(path, with: text)
        sizes[name] = text.count
    }

    /// Once the state is written: the `.ics` files of a calendar that it no
    /// longer names (packs of another count, items stored one file each,
    /// packs a sync that did not finish left) go. Files being written
    /// (`.partial-…`, never read) stay: another process may be writing one.
    package func removeStrays(_ state: CalDAVState) {
        for calendar in state.calendars {
            let folder = base + "/" + calendar.folder
            let kept = Set((calendar.packBytes ?? [:]).keys)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where name.hasSuffix(".ics") && !kept.contains(name) {
                unlink(folder + "/" + name)
            }
        }
    }
}

/// The texts of a calendar's items as the cache holds them before a
/// write: cut out of their packs by the lines the state keeps, or read
/// from their own files in the layout before packs.
private struct OldItems {
    let store: CalDAVStore
    let calendar: CalendarState
    /// Each pack read so far, cut into its items' texts.
    var packs: [Int: [String: [UInt8]]] = [:]

    init(store: CalDAVStore, calendar: CalendarState) {
        self.store = store
        self.calendar = calendar
    }

    mutating func text(_ href: String) -> [UInt8]? {
        guard let count = calendar.packs else {
            return FileManager.default.contents(atPath: store.itemPath(calendar, href)).map { Array($0) }
        }
        let index = CalDAVStore.pack(of: href, count: count)
        if packs[index] == nil { packs[index] = cut(index, count: count) }
        return packs[index]?[href]
    }

    /// A pack's items' texts by href: each from its first line to the next's.
    private func cut(_ index: Int, count: Int) -> [String: [UInt8]] {
        let name = CalDAVStore.packName(index, count: count)
        guard let bytes = FileManager.default.contents(atPath: store.base + "/" + calendar.folder + "/" + name).map(Array.init),
              bytes.count == calendar.packBytes?[name] else { return [:] }
        let starts = (calendar.lines ?? [:]).filter { CalDAVStore.pack(of: $0.key, count: count) == index }
            .sorted { $0.value < $1.value }
        var offsets: [Int] = [0]
        for (position, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { offsets.append(position + 1) }
        var texts: [String: [UInt8]] = [:]
        for (order, start) in starts.enumerated() {
            let next = order + 1 < starts.count ? starts[order + 1].value : offsets.count
            guard start.value >= 1, start.value < next, next <= offsets.count else { return [:] }
            let to = order + 1 < starts.count ? offsets[next - 1] : bytes.count
            texts[start.key] = Array(bytes[offsets[start.value - 1]..<to])
        }
        return texts
    }
}
