#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

/// Where `-o PATH` writes, for every command that takes it:
///
/// - `-` is standard output;
/// - a regular file, or nothing yet, is replaced whole: the text goes to a
///   temporary file in the same folder, which is flushed to disk and renamed
///   into place, so a reader never sees half a file and a failed run leaves
///   the old one. An existing file keeps its permission bits (and, where we
///   may, its owner); a new one gets 0666 less the umask, as a shell's `>`;
/// - a symbolic link is followed, and the same rules apply to its target
///   (the link stays);
/// - anything else (a character device such as /dev/null or /dev/full, a
///   named pipe, a terminal) is opened as it is and written to directly,
///   never replaced.
///
/// Any failure is printed on standard error and gives exit code 74, and no
/// temporary file is left behind.
enum OutputFile {
    static func write(_ text: String, to path: String) throws {
        if path == "-" {
            let out = Output(fd: 1)
            out.write(text)
            try out.finish()
            return
        }
        do throws(Failure) {
            try write(Array(text.utf8), to: path)
        } catch let failure {
            let err = Output(fd: 2)
            err.line("busylife: cannot write \(path): \(failure.reason)")
            err.flush()
            throw ExitCode(74)
        }
    }

    /// A system call that failed, in words.
    struct Failure: Error {
        var code: Int32

        init(errno code: Int32 = errno) { self.code = code }

        /// `no space left on device`.
        var reason: String {
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let target = try resolve(path)
        var status = stat()
        if stat(target, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: try replace(target, with: bytes, keeping: status)
            case S_IFDIR: throw Failure(errno: EISDIR)
            default: try writeDirectly(target, bytes)
            }
        } else if errno == ENOENT {
            try replace(target, with: bytes, keeping: nil)
        } else {
            throw Failure()
        }
    }

    /// The path a chain of symbolic links ends at (which need not exist
    /// yet): each link's text read relative to the folder the link is in.
    static func resolve(_ path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = buffer.withUnsafeMutableBytes { readlink(current, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
            guard count >= 0 else { throw Failure() }
            let link = String(decoding: buffer[0..<count], as: UTF8.self)
            current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
        }
        throw Failure(errno: ELOOP)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A device, pipe or terminal: opened as it is (no creation, no
    /// truncation, no replacement) and written to.
    private static func writeDirectly(_ path: String, _ bytes: [UInt8]) throws(Failure) {
        let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure() }
        do throws(Failure) {
            try writeAll(fd, bytes)
        } catch where error.code == EPIPE {
            // A reader that left early, as with standard output: output just stops.
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 || errno == EINTR else { throw Failure() }
    }

    /// A temporary file beside `path`, written, flushed, given the old
    /// file's mode, renamed over it.
    private static func replace(_ path: String, with bytes: [UInt8], keeping old: stat?) throws(Failure) {
        let name = path.split(separator: "/").last.map(String.init) ?? "output"
        var template = Array((folder(of: path) + "/." + name + ".busylife-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure() }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var isOpen = true
        do throws(Failure) {
            let mode: mode_t
            if let old {
                mode = old.st_mode & 0o7777
                if old.st_uid != geteuid() || old.st_gid != getegid() { _ = fchown(fd, old.st_uid, old.st_gid) }
            } else {
                let mask = umask(0)
                umask(mask)
                mode = 0o666 & ~mask
            }
            guard fchmod(fd, mode) == 0 else { throw Failure() }
            try writeAll(fd, bytes)
            guard fsync(fd) == 0 else { throw Failure() }
            isOpen = false
            guard close(fd) == 0 else { throw Failure() }
        } catch {
            if isOpen { close(fd) }
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let failure = Failure()
            unlink(temporary)
            throw failure
        }
        // The rename itself on disk too; a folder that cannot be synced is no error.
        let folderFD = open(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)
            close(folderFD)
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure()
            }
            offset += count
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
