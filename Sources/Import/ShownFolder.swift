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

    package init(name: String, names: [String: String] = [:]) {
        self.name = name
        self.names = names
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
