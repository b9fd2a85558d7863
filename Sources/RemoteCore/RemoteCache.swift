#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The offline cache: `$XDG_CACHE_HOME/busylife/` (else
/// `~/.cache/busylife/`). Each subscription is an entry of two files
/// named by a digest (`RemoteCache.Entry`): the body as fetched and its
/// record (validators, when it was checked, the last error). Each file is
/// replaced whole, written beside and renamed, so a reader sees the old
/// copy or the new one, never a part; a lock file beside them lets one
/// process fetch at a time and the others use what it fetched.
package struct RemoteCache: Sendable {
    package let folder: String

    package init(folder: String) {
        self.folder = folder
    }

    /// The cache of this user: nil without a home to put it in.
    package init?(environment: [String: String]) {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            folder = xdg + "/busylife"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = home + "/.cache/busylife"
        } else {
            return nil
        }
    }

    /// The entry whose name is `key` (a digest).
    package func entry(_ key: String) -> Entry {
        Entry(base: folder + "/subscriptions/" + key)
    }

    /// Makes the folders (private to the user: the copies may be private calendars).
    package func create() throws(RemoteFailure) {
        try Self.makeFolder(folder + "/subscriptions")
    }

    /// Makes the folder `path` and every folder above it that is missing
    /// (a new account has no `~/.cache` yet), each private to the user.
    package static func makeFolder(_ path: String) throws(RemoteFailure) {
        var end = path.startIndex
        while end < path.endIndex {
            end = path[path.index(after: end)...].firstIndex(of: "/") ?? path.endIndex
            let folder = String(path[..<end])
            guard mkdir(folder, 0o700) != 0 else { continue }
            let failure = errno
            // A folder that is there may still refuse mkdir (EACCES, EROFS on some mounts).
            var status = stat()
            guard failure != EEXIST, stat(folder, &status) != 0 || status.st_mode & S_IFMT != S_IFDIR else { continue }
            throw .cache("cannot create the cache folder \(folder) (\(String(cString: strerror(failure))))")
        }
    }

    /// One subscription's files.
    package struct Entry: Sendable {
        package let base: String
        package var body: String { base + ".ics" }
        package var record: String { base + ".json" }
        package var lock: String { base + ".lock" }

        /// What is known of the copy; nil when there is none.
        package func readRecord() -> CacheRecord? {
            guard let data = FileManager.default.contents(atPath: record) else { return nil }
            return try? JSONDecoder().decode(CacheRecord.self, from: data)
        }

        /// Whether a body was ever stored.
        package var hasBody: Bool { access(body, R_OK) == 0 }

        /// Replaces the record whole.
        package func write(_ record: CacheRecord) throws(RemoteFailure) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            guard let data = try? encoder.encode(record) else { throw .cache("cannot encode the cache record") }
            let temporary = try TemporaryFile(beside: self.record)
            try temporary.write(Array(data))
            try temporary.commit(as: self.record)
        }

        /// Holds the entry's lock while `work` runs, so that two processes
        /// do not fetch the same address at once; waits at most `patience`
        /// seconds for another process, then goes on without it (renames
        /// keep the files whole either way).
        package func locked<T>(patience: Double, _ work: () async throws -> T) async rethrows -> T {
            let fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            defer { if fd >= 0 { close(fd) } }
            if fd >= 0 {
                let deadline = Date().addingTimeInterval(patience)
                while flock(fd, LOCK_EX | LOCK_NB) != 0 && Date() < deadline {
                    try? await Task.sleep(for: .milliseconds(50))
                }
            }
            return try await work()
        }
    }
}

/// What the cache keeps of a subscription beside its body: never the
/// address (only its printed form) and never a credential.
package struct CacheRecord: Codable, Sendable {
    /// `host/…/last-segment`, for `busylife sources`.
    package var printed: String
    package var etag: String?
    package var lastModified: String?
    /// SHA-256 of the body.
    package var sha256: String?
    package var bytes: Int?
    /// When the body was last known to be the server's (fetched, or
    /// confirmed unchanged), in seconds since 1970.
    package var checked: Double?
    /// When the body last changed.
    package var changed: Double?
    /// The last fetch's failure, cleared by a fetch that works.
    package var lastError: String?
    package var lastErrorAt: Double?

    package init(printed: String) {
        self.printed = printed
    }
}

/// A file written beside its destination and renamed over it once
/// complete: the destination is never seen half written. One task uses it
/// at a time (the fetch, then its caller).
package final class TemporaryFile: @unchecked Sendable {
    package let path: String
    package let fd: Int32
    private var committed = false

    package init(beside destination: String) throws(RemoteFailure) {
        var template = Array((destination + ".partial-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw .cache("cannot write in the cache folder (\(String(cString: strerror(errno))))")
        }
        self.fd = fd
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package func write(_ bytes: [UInt8]) throws(RemoteFailure) {
        let failure: RemoteFailure? = bytes.withUnsafeBytes { buffer in
            do { try write(buffer) } catch let failure as RemoteFailure { return failure } catch { return .cache("\(error)") }
            return nil
        }
        if let failure { throw failure }
    }

    package func write(_ buffer: UnsafeRawBufferPointer) throws(RemoteFailure) {
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw .cache("cannot write in the cache folder (\(String(cString: strerror(errno))))") }
            offset += written
        }
    }

    /// Renames the file over `destination`.
    package func commit(as destination: String) throws(RemoteFailure) {
        guard rename(path, destination) == 0 else {
            throw .cache("cannot replace a cache file (\(String(cString: strerror(errno))))")
        }
        committed = true
    }

    /// Removes the file unless it was renamed: what a failed fetch leaves.
    package func discard() {
        if !committed { unlink(path) }
        committed = true
    }

    deinit {
        close(fd)
        discard()
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
