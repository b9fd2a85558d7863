import EventModel

/// How a folder read on behalf of a source is named (a CalDAV source's
/// cache): diagnostics and events name its files by the source, the
/// calendar and the item, never by their paths in the cache, which mean
/// nothing to a user and would tell where the cache keeps what.
package struct ShownFolder: Sendable, Equatable {
    /// The source's name: what the folder, and anything in it without a
    /// name of its own, is shown as.
    package var name: String
    /// Names under `name`, by path relative to the folder: a calendar's
    /// folder (`Family`) and its items (`Family/dinner.ics`).
    package var names: [String: String]
    /// Files holding several items (a CalDAV cache's packs), by path
    /// relative to the folder: each item's first line there and its name.
    package var parts: [String: [Part]]
    /// The only files to read, by path relative to the folder; nil: all.
    package var files: Set<String>?

    /// An item of a file that holds several: where it starts, and its name.
    package struct Part: Sendable, Equatable {
        package var line: Int
        package var name: String

        package init(line: Int, name: String) {
            self.line = line
            self.name = name
        }
    }

    package init(name: String, names: [String: String] = [:], parts: [String: [Part]] = [:], files: Set<String>? = nil) {
        self.name = name
        self.names = names
        self.parts = parts
        self.files = files
    }

    /// Whether `path` (under `root`) is one of `files`.
    package func reads(_ path: String, root: String) -> Bool {
        guard let files else { return true }
        return relative(path, root: root).map { files.contains(String($0)) } ?? false
    }

    /// The items of `path` (under `root`), named in full; nil for a file of one.
    package func parts(_ path: String, root: String) -> [Part]? {
        guard !parts.isEmpty, let relative = relative(path, root: root), let found = parts[String(relative)] else { return nil }
        return found.map { Part(line: $0.line, name: name + "/" + $0.name) }
    }

    private func relative(_ path: String, root: String) -> Substring? {
        var base = root
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        let prefix = base == "/" ? "/" : base + "/"
        return path.hasPrefix(prefix) ? path.dropFirst(prefix.count) : nil
    }

    /// A position in a file of several items as one in its item: the
    /// item's name and the line counted from its start. A position before
    /// the first item, or of the whole file (line 0), stays as it is.
    package static func position(_ position: SourcePosition, in parts: [Part]) -> SourcePosition {
        guard position.line > 0 else { return position }
        var low = 0, high = parts.count
        while low < high {
            let middle = (low + high) / 2
            if parts[middle].line <= position.line { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return position }
        var moved = position
        moved.file = parts[low - 1].name
        moved.line = position.line - parts[low - 1].line + 1
        return moved
    }

    /// What `path` (under the folder `root`, as a walk of it names its
    /// files) is shown as: its own name, else that of the nearest folder
    /// above it that has one, else the source's name.
    package func shown(_ path: String, root: String) -> String {
        var base = root
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        let prefix = base == "/" ? "/" : base + "/"
        guard path.hasPrefix(prefix) else { return name }
        var relative = path.dropFirst(prefix.count)
        while !relative.isEmpty {
            if let found = names[String(relative)] { return name + "/" + found }
            guard let slash = relative.lastIndex(of: "/") else { break }
            relative = relative[..<slash]
        }
        return name
    }
}
