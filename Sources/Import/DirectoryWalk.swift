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

    /// The same for an ASCII name, byte by byte (a vdir's thousands of
    /// names each made a lower-cased copy); nil for any other name.
    private static func isCalendarName(ascii name: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard name.allSatisfy({ $0 < 0x80 }) else { return nil }
        return asciiExtensions.contains { suffix in
            name.count > suffix.count && zip(name.suffix(suffix.count), suffix).allSatisfy { byte, wanted in
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
        for entry in names {
            let path = directory == "/" ? "/" + entry : directory + "/" + entry
            let isCalendar = DirectoryWalk.isCalendarName(entry)
            switch lookUp(path, in: directory, isCalendar: isCalendar) {
            case .skipped:
                continue
            case .folderUnsearchable:
                return
            case .found(let status, let linkIdentity):
                place(entry, path: path, status: status, linkIdentity: linkIdentity, isCalendar: isCalendar,
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
            if isCalendar {
                contents.found.append((InputFile(path: path, foundInDirectory: true, size: Int(status.st_size)),
                                       FileIdentity(status)))
            } else if entry == "displayname" || entry == "color" {
                contents.metadata[entry] = DirectoryWalk.firstLine(of: path)
            }
        default:
            if isCalendar { problem(.warning, .notRegularFile, path, "not a regular file (\(DirectoryWalk.describe(status))); skipped") }
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

    /// The visible entries of a directory, sorted; nil (reported) when it cannot be read.
    private mutating func entries(of directory: String) -> [String]? {
        guard let handle = opendir(directory) else {
            problem(.error, .unreadable, directory, DirectoryWalk.reason(errno) + "; nothing in this folder is read")
            return nil
        }
        defer { closedir(handle) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                if errno != 0 { problem(.error, .unreadable, directory, DirectoryWalk.reason(errno) + "; the folder is read in part") }
                break
            }
            // Decoded once when it is UTF-8, as most names are.
            let (name, valid) = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.prefix { $0 != 0 }
                return String(validating: bytes, as: UTF8.self).map { ($0, true) }
                    ?? (String(decoding: bytes, as: UTF8.self), false)
            }
            if name.hasPrefix(".") { continue }
            // Paths are text here: a name that is not UTF-8 cannot be opened
            // by it, and is said so rather than passed over.
            guard valid else {
                problem(.error, .unreadable, directory + "/" + name, "a name that is not UTF-8 (shown with U+FFFD); not read")
                continue
            }
            names.append(name)
        }
        return names.sorted()
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
