#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventModel
import Plumbing

/// A vdir collection: a folder holding calendar files and a `displayname`
/// or `color` file (vdirsyncer, khal). Its files' events belong to the
/// calendar of that display name, else of the folder's name.
struct CalendarCollection: Sendable, Equatable {
    var name: String
    var color: CalendarColor?
}

/// A file to read: its path, whether it was found inside a directory (then
/// only a regular file may be opened), and its vdir collection, if any.
struct InputFile: Sendable, Equatable {
    var path: String
    var foundInDirectory = false
    var collection: CalendarCollection?
    /// The content, for an input given as bytes (`path` is then its name).
    var bytes: [UInt8]?
    /// A caller's open descriptor to read to its end, not closed (`path`
    /// is then its name).
    var descriptor: Int32?
    /// The size `stat` gave when the path was a regular file (it may have
    /// changed since): whether it is small enough to read among others.
    var size: Int?
    /// What diagnostics and events name it by, when not its path (`ShownFolder`).
    var shownName: String?
    /// The items of a file that holds several, named (`ShownFolder.parts`).
    var parts: [ShownFolder.Part]?
}

/// Reads one input directory recursively into the calendar files it holds:
/// `.ics`, `.ical`, `.ifb`, `.jcal` and `.json` (any case), hidden entries skipped,
/// symbolic links followed, sorted by path.
///
/// It only ever opens directories and the small `displayname` and `color`
/// files of vdir collections; calendar files are listed, not opened. A
/// link back to a directory on the current path is a loop (a warning,
/// once per link); a directory reached a second time by another way is
/// not walked again, and a file reached twice (two links to it, hard
/// links) is read once, under its first path.
package struct DirectoryWalk {
    /// Diagnostics of the walk, in the order met.
    private(set) var diagnostics: [Diagnostic] = []
    /// Directories and entries that could not be read (exit code 66).
    private(set) var unreadable = 0

    private var files: [(file: InputFile, identity: FileIdentity)] = []
    private var walked: Set<FileIdentity> = []
    private var reportedLoops: Set<FileIdentity> = []
    /// Whether every entry is looked up (`lstat`), regular files too,
    /// rather than taken as its listing says: where a file's identity
    /// must be what `stat` says of it (`pathReading`).
    private var statsEveryEntry = false

    /// A file or directory by device and inode.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }

        init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// The path by which reading the directory `root` reads the file of
    /// this device and inode, nil when it does not: what keeps `-o` from
    /// replacing a calendar found inside an input directory, whatever the
    /// path (a link, a hard link) it is named by.
    package static func pathReading(device: UInt64, inode: UInt64, under root: String) -> String? {
        var status = stat()
        guard stat(root, &status) == 0, kind(status) == S_IFDIR else { return nil }
        var walk = DirectoryWalk()
        walk.statsEveryEntry = true
        _ = walk.walk(root, status: status)
        let wanted = FileIdentity(device: device, inode: inode)
        return walk.files.first { $0.identity == wanted }?.file.path
    }

    /// The names read as calendars, lower-cased.
    static let extensions = [".ics", ".ical", ".ifb", ".jcal", ".json"]

    static func isCalendarName(_ name: String) -> Bool {
        var name = name
        if let ascii = name.withUTF8({ isCalendarName(ascii: $0) }) { return ascii }
        let lower = name.lowercased()
        return extensions.contains { lower.hasSuffix($0) && lower.count > $0.count }
    }

    /// The same for an ASCII name, by the bytes after its last dot (a
    /// vdir's thousands of names each made a lower-cased copy); nil for
    /// any other name.
    private static func isCalendarName(ascii name: UnsafeBufferPointer<UInt8>) -> Bool? {
        var high: UInt8 = 0
        for byte in name { high |= byte }
        guard high < 0x80 else { return nil }
        // Every suffix is a dot and letters: it follows the last dot.
        guard let dot = name.lastIndex(of: 0x2E), dot > 0 else { return false }
        let suffix = name[dot...]
        return asciiExtensions.contains { wanted in
            wanted.count == suffix.count && zip(suffix, wanted).allSatisfy { byte, wanted in
                (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == wanted
            }
        }
    }

    private static let asciiExtensions = extensions.map { Array($0.utf8) }

    /// Walks `root`, a directory (`status` is its `stat`, links followed).
    mutating func walk(_ root: String, status: stat) -> [InputFile] {
        var path = root
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        descend(path, name: DirectoryWalk.folderName(path), identity: FileIdentity(status), ancestors: [])
        var seen: Set<FileIdentity> = []
        return files.sorted { $0.file.path < $1.file.path }.compactMap { seen.insert($0.identity).inserted ? $0.file : nil }
    }

    private mutating func descend(_ directory: String, name: String, identity: FileIdentity, ancestors: [FileIdentity]) {
        walked.insert(identity)
        guard let names = entries(of: directory) else { return }
        let ancestors = ancestors + [identity]
        var contents = FolderContents()
        let prefix = directory == "/" ? "/" : directory + "/"
        for (index, entry) in names.enumerated() {
            let path = prefix + entry.name
            let isCalendar = entry.isCalendar
            // A regular file, as its listing says, needs no `lstat`: one a
            // file was most of a vdir's listing. The first entry is always
            // looked up, as it tells a folder that may be listed but not searched.
            if index > 0, !statsEveryEntry, entry.type == DirectoryWalk.regularType {
                placeRegular(entry.name, path: path, identity: FileIdentity(device: identity.device, inode: entry.inode),
                             size: nil, isCalendar: isCalendar, into: &contents)
                continue
            }
            switch lookUp(path, in: directory, isCalendar: isCalendar) {
            case .skipped:
                continue
            case .folderUnsearchable:
                return
            case .found(let status, let linkIdentity):
                place(entry.name, path: path, status: status, linkIdentity: linkIdentity, isCalendar: isCalendar,
                      ancestors: ancestors, into: &contents)
            }
        }
        if !contents.found.isEmpty, !contents.metadata.isEmpty {
            let collection = self.collection(named: name, in: directory, metadata: contents.metadata)
            for index in contents.found.indices { contents.found[index].file.collection = collection }
        }
        files += contents.found
        for folder in contents.folders where !walked.contains(folder.identity) {
            descend(folder.path, name: folder.name, identity: folder.identity, ancestors: ancestors)
        }
    }

    /// What one folder holds for the walk.
    private struct FolderContents {
        var found: [(file: InputFile, identity: FileIdentity)] = []
        var folders: [(path: String, name: String, identity: FileIdentity)] = []
        /// The text of its `displayname` and `color` files.
        var metadata: [String: String] = [:]
    }

    /// What `lookUp` learnt of an entry.
    private enum Lookup {
        /// Its status, links followed, and the link's own identity when it is one.
        case found(stat, linkIdentity: FileIdentity?)
        /// Gone, unreadable or a broken link (reported when of concern).
        case skipped
        /// The folder may be listed but not searched (reported once).
        case folderUnsearchable
    }

    /// The status of the entry at `path`, following a symbolic link.
    private mutating func lookUp(_ path: String, in directory: String, isCalendar: Bool) -> Lookup {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            let failure = errno
            if failure == ENOENT { return .skipped }  // gone since the folder was listed
            if failure == EACCES {
                // A folder we may list but not search: say so once, not per entry.
                problem(.error, .unreadable, directory, DirectoryWalk.reason(failure) + "; nothing in this folder is read")
                return .folderUnsearchable
            }
            problem(.error, .unreadable, path, DirectoryWalk.reason(failure))
            return .skipped
        }
        guard DirectoryWalk.kind(status) == S_IFLNK else { return .found(status, linkIdentity: nil) }
        let linkIdentity = FileIdentity(status)
        guard stat(path, &status) == 0 else {
            let failure = errno
            guard isCalendar else { return .skipped }  // a broken link of no concern to us
            switch failure {
            case ENOENT: problem(.warning, .danglingLink, path, "symbolic link to nothing (\(DirectoryWalk.target(of: path))); skipped")
            case ELOOP: problem(.warning, .symlinkLoop, path, "symbolic links that lead back to themselves; skipped")
            default: problem(.error, .unreadable, path, DirectoryWalk.reason(failure))
            }
            return .skipped
        }
        return .found(status, linkIdentity: linkIdentity)
    }

    /// Puts an entry where it belongs: a folder to walk, a calendar file,
    /// a collection's metadata, or nothing (a loop, another kind of file).
    private mutating func place(_ entry: String, path: String, status: stat, linkIdentity: FileIdentity?, isCalendar: Bool,
                                ancestors: [FileIdentity], into contents: inout FolderContents) {
        switch DirectoryWalk.kind(status) {
        case S_IFDIR:
            let target = FileIdentity(status)
            if ancestors.contains(target) {
                // Only a link can lead back up (this entry, or one above it); report each once.
                if reportedLoops.insert(linkIdentity ?? target).inserted {
                    // A plain folder is reached again when a link above
                    // it led out of the input and back in.
                    problem(.warning, .symlinkLoop, path, linkIdentity == nil
                        ? "folder already being read, reached again through a symbolic link above it; not followed"
                        : "symbolic link back to a folder it is in (\(DirectoryWalk.target(of: path))); not followed")
                }
            } else if !walked.contains(target) {
                contents.folders.append((path, entry, target))
            }
        case S_IFREG:
            placeRegular(entry, path: path, identity: FileIdentity(status), size: Int(status.st_size),
                         isCalendar: isCalendar, into: &contents)
        default:
            if isCalendar { problem(.warning, .notRegularFile, path, "not a regular file (\(DirectoryWalk.describe(status))); skipped") }
        }
    }

    /// A regular file: a calendar to read (its size when known), a
    /// collection's metadata, or nothing.
    private func placeRegular(_ entry: String, path: String, identity: FileIdentity, size: Int?, isCalendar: Bool,
                              into contents: inout FolderContents) {
        if isCalendar {
            contents.found.append((InputFile(path: path, foundInDirectory: true, size: size), identity))
        } else if entry == "displayname" || entry == "color" {
            contents.metadata[entry] = DirectoryWalk.firstLine(of: path)
        }
    }

    /// The vdir collection a folder's `displayname` and `color` make.
    private mutating func collection(named name: String, in directory: String,
                                     metadata: [String: String]) -> CalendarCollection {
        let displayName = metadata["displayname"].map(\.trimmingWhiteSpace) ?? ""
        var collection = CalendarCollection(name: displayName.isEmpty ? name : displayName)
        if let text = metadata["color"] {
            collection.color = CalendarColor(parsing: text)
            if collection.color == nil, !text.trimmingWhiteSpace.isEmpty {
                problem(.note, .invalidValue, directory + "/color",
                        "colour \"\(text.trimmingWhiteSpace)\" is not #rrggbb; the calendar keeps its usual colour")
            }
        }
        return collection
    }

    /// An entry as the listing gives it: its name, its type (`DT_*`;
    /// `DT_UNKNOWN` where the file system does not say), its inode, and
    /// whether its name is a calendar's.
    struct Entry {
        var name: String
        var type: UInt8
        var inode: UInt64
        var isCalendar: Bool
    }

    static let regularType = UInt8(DT_REG)

    /// The visible entries of a directory, sorted by name; nil (reported) when it cannot be read.
    private mutating func entries(of directory: String) -> [Entry]? {
        guard let handle = opendir(directory) else {
            problem(.error, .unreadable, directory, DirectoryWalk.reason(errno) + "; nothing in this folder is read")
            return nil
        }
        defer { closedir(handle) }
        var found: [Entry] = []
        // Each ASCII name's first eight bytes, big-endian, and its place in `found`.
        var keys: [(key: UInt64, index: Int)]? = []
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                if errno != 0 { problem(.error, .unreadable, directory, DirectoryWalk.reason(errno) + "; the folder is read in part") }
                break
            }
            let (name, valid, key) = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                DirectoryWalk.decode(UnsafeRawBufferPointer(rebasing: raw[0..<strnlen(raw.baseAddress!, raw.count)]))
            }
            if name.hasPrefix(".") { continue }
            // Paths are text here: a name that is not UTF-8 cannot be opened
            // by it, and is said so rather than passed over.
            guard valid else {
                problem(.error, .unreadable, directory + "/" + name, "a name that is not UTF-8 (shown with U+FFFD); not read")
                continue
            }
            if let key { keys?.append((key, found.count)) } else { keys = nil }
            found.append(Entry(name: name, type: entry.pointee.d_type, inode: UInt64(entry.pointee.d_ino),
                               isCalendar: DirectoryWalk.isCalendarName(name)))
        }
        guard let keys else { return found.sorted { $0.name < $1.name } }
        return DirectoryWalk.sorted(keys, of: found).map { found[$0.index] }
    }

    /// A name read from the listing: the string, whether it is UTF-8, and
    /// its first eight bytes big-endian when it is ASCII (`sorted`).
    private static func decode(_ bytes: UnsafeRawBufferPointer) -> (String, valid: Bool, key: UInt64?) {
        var key: UInt64 = 0
        var high: UInt8 = 0
        for (offset, byte) in bytes.enumerated() {
            high |= byte
            if offset < 8 { key |= UInt64(byte) << (56 - 8 * offset) }
        }
        // Decoded once when it is UTF-8, as most names are.
        if high < 0x80 { return (String(decoding: bytes, as: UTF8.self), true, key) }
        if let name = String(validating: bytes, as: UTF8.self) { return (name, true, nil) }
        return (String(decoding: bytes, as: UTF8.self), false, nil)
    }

    /// ASCII names in the order `String`'s `<` gives them, which is their
    /// bytes' order: compared eight bytes at a time first, and moved as
    /// a key and an index, not as strings (a vdir's thousands of names
    /// sorted as strings cost more than the rest of its listing).
    static func sorted(_ keys: [(key: UInt64, index: Int)], of entries: [Entry]) -> [(key: UInt64, index: Int)] {
        keys.sorted { one, other in
            if one.key != other.key { return one.key < other.key }
            var (a, b) = (entries[one.index].name, entries[other.index].name)
            return a.withUTF8 { a in
                b.withUTF8 { b in
                    let common = min(a.count, b.count)
                    let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                    return order != 0 ? order < 0 : a.count < b.count
                }
            }
        }
    }

    private mutating func problem(_ severity: Diagnostic.Severity, _ kind: Diagnostic.Kind, _ path: String, _ message: String) {
        if kind == .unreadable { unreadable += 1 }
        diagnostics.append(Diagnostic(severity, kind, at: SourcePosition(file: path, line: 0), message))
    }

    /// The first line of a small regular file (`displayname`, `color`);
    /// opened without blocking and checked again once open.
    private static func firstLine(of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, kind(status) == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[0..<count], as: UTF8.self)
        return String(text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
    }

    /// The name a collection without a display name goes by: the folder's
    /// own name as given (a link's name, not its target's).
    static func folderName(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        guard last.isEmpty || last == "." || last == ".." else { return last }
        guard let resolved = realpath(path, nil) else { return last.isEmpty ? "/" : last }
        defer { free(resolved) }
        return String(cString: resolved).split(separator: "/").last.map(String.init) ?? "/"
    }

    static func kind(_ status: stat) -> mode_t { status.st_mode & S_IFMT }

    static func describe(_ status: stat) -> String {
        switch kind(status) {
        case S_IFIFO: "a named pipe"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    static func target(of link: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `strerror` in the diagnostics' lower-case style: `permission denied`.
    package static func reason(_ code: Int32) -> String { SystemError.reason(code) }
}
