#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import CFileSpace
import Export
import Import
import Plumbing

/// Where `-o PATH` writes, for every command that takes it:
///
/// - `-` is standard output;
/// - a regular file, or nothing yet, is replaced whole: the text goes to a
///   temporary file in the same folder, which is flushed to disk and renamed
///   into place, so a reader never sees half a file and a failed run leaves
///   the old one. An existing file keeps its permission bits (and, where we
///   may, its owner); a new one gets 0666 less the umask, as a shell's `>`.
///   A file the user may not write (a 0444 file, one on a read-only file
///   system) is refused, as a shell's `>` refuses it, though the folder
///   would let it be replaced;
/// - a symbolic link is followed, and the same rules apply to its target
///   (the link stays);
/// - anything else (a character device such as /dev/null or /dev/full, a
///   named pipe, a terminal) is opened as it is and written to directly,
///   never replaced.
///
/// Any failure is printed on standard error, with the reason of the step
/// that failed, and gives exit code 74, and no temporary file is left
/// behind. Nor is one left when SIGINT, SIGTERM or SIGHUP ends the run
/// (Ctrl-C, `kill`, a closed terminal): it is removed, the old file stays,
/// and the process dies of the signal as usual.
///
/// What `-o` writes, and that it names no input, is `OutputChoice`'s.
enum OutputFile {
    static func write(_ text: String, to path: String, replacing: Bool = true) throws {
        let file = try open(path, replacing: replacing)
        var text = text
        text.withUTF8 { _ = file.write(UnsafeRawBufferPointer($0)) }
        try file.commit()
    }

    /// The bytes of `writer`, written in one piece.
    static func write(_ writer: ByteWriter, to path: String) throws {
        let file = try open(path)
        writer.withBytes { _ = file.write(UnsafeRawBufferPointer($0)) }
        try file.commit()
    }

    /// Opens `path` for writing in pieces: `write` as often as needed, then
    /// `commit` (which puts a replaced file in place) or `abort` (which
    /// leaves the old file as it was). Failures print and exit 74; so does
    /// a file already there when `replacing` is false.
    static func open(_ path: String, replacing: Bool = true) throws -> Stream {
        do throws(Failure) {
            return try Stream(path, replacing: replacing)
        } catch {
            throw fail(path, error)
        }
    }

    static func fail(_ path: String, _ failure: Failure) -> ExitCode {
        let err = Output(fd: 2)
        err.line("busylife: cannot write \(path == "-" ? "output" : path): \(failure.reason)")
        err.flush()
        return ExitCode(74)
    }

    /// A system call that failed, in words: its error, or other words
    /// where the error alone would mislead.
    struct Failure: Error {
        var code: Int32
        var explanation: String?

        init(errno code: Int32 = errno, explanation: String? = nil) {
            self.code = code
            self.explanation = explanation
        }

        /// `no space left on device`.
        var reason: String { explanation ?? DirectoryWalk.reason(code) }
    }

    /// An output being written: standard output, a device written
    /// directly, or a temporary file that replaces the target on `commit`.
    final class Stream {
        private let path: String
        private var fd: Int32
        /// The temporary file and the target it replaces; nil when writing directly.
        private var replacing: (temporary: String, target: String)?
        /// Whether `commit` may put the file over one that is there by then.
        private let overwrites: Bool
        private var failure: Failure?
        /// A reader that left early (a closed pipe): output just stops.
        private(set) var closed = false

        fileprivate init(_ path: String, replacing overwrites: Bool) throws(Failure) {
            self.path = path
            self.overwrites = overwrites
            if path == "-" {
                fd = 1
                return
            }
            let target = try OutputFile.resolve(path)
            var status = stat()
            var old: stat?
            if stat(target, &status) == 0 {
                switch status.st_mode & S_IFMT {
                case S_IFREG:
                    guard overwrites else { throw Failure(errno: EEXIST) }
                    // The user's right to the file, not the folder's, decides (EACCES, EROFS).
                    guard faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) == 0 else { throw Failure() }
                    old = status
                case S_IFDIR: throw Failure(errno: EISDIR)
                default:
                    // A device, pipe or terminal: opened as it is (no
                    // creation, no truncation, no replacement).
                    fd = Glibc.open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
                    guard fd >= 0 else { throw Failure() }
                    return
                }
            } else if errno != ENOENT {
                throw Failure()
            }
            // A temporary file beside the target, given the old file's mode
            // (a new one 0666 less the umask, as a shell's `>`), and removed
            // by an interrupting signal until it is renamed or removed here.
            let name = target.split(separator: "/").last.map(String.init) ?? "output"
            var template = Array((OutputFile.folder(of: target) + "/." + name + ".busylife-XXXXXX").utf8CString)
            fd = template.withUnsafeMutableBufferPointer { busylife_make_temporary_file($0.baseAddress!) }
            guard fd >= 0 else { throw Stream.temporaryFailure(replacing: old != nil, in: OutputFile.folder(of: target)) }
            let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            replacing = (temporary, target)
            let mode: mode_t
            if let old {
                mode = old.st_mode & 0o7777
                if old.st_uid != geteuid() || old.st_gid != getegid() { _ = fchown(fd, old.st_uid, old.st_gid) }
            } else {
                let mask = umask(0)
                umask(mask)
                mode = 0o666 & ~mask
            }
            guard fchmod(fd, mode) == 0 else {
                let failure = Failure()
                abort()
                throw failure
            }
        }

        /// Writes all of `bytes`; false once nothing more can be written.
        @discardableResult
        func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard !closed, failure == nil, fd >= 0 else { return false }
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE && replacing == nil { closed = true } else { failure = Failure() }
                    return false
                }
                offset += count
            }
            return true
        }

        /// Finishes the output: a replaced file is flushed to disk and
        /// renamed into place. A failure removes the temporary file, leaves
        /// the old one, prints and exits 74.
        func commit() throws {
            do throws(Failure) {
                if let failure { throw failure }
                guard let (temporary, target) = replacing else {
                    if fd > 2 { guard close(fd) == 0 || errno == EINTR else { throw Failure() } }
                    fd = -1
                    return
                }
                guard fsync(fd) == 0 else { throw Failure() }
                let closing = close(fd)
                fd = -1
                guard closing == 0 else { throw Failure() }
                if overwrites {
                    guard rename(temporary, target) == 0 else { throw Failure() }
                } else {
                    // A link is never made over a file: one there by now stays.
                    guard link(temporary, target) == 0 else { throw Failure() }
                    unlink(temporary)
                }
                busylife_forget_temporary_file()
                replacing = nil
                // The rename itself on disk too; a folder that cannot be synced is no error.
                let folderFD = Glibc.open(OutputFile.folder(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                if folderFD >= 0 {
                    _ = fsync(folderFD)
                    close(folderFD)
                }
            } catch {
                abort()
                throw OutputFile.fail(path, error)
            }
        }

        /// Why no temporary file could be made in `folder`. Replacing a
        /// file, the error alone would mislead: a kernel's file system
        /// (/proc, /sys) holds files but makes none (ENOENT, "no such file"
        /// of a file that is there), and a folder closed to new files says
        /// "permission denied" of a file the user may write.
        private static func temporaryFailure(replacing: Bool, in folder: String) -> Failure {
            let code = errno
            guard replacing else { return Failure(errno: code) }
            if code == ENOENT { return Failure(errno: code, explanation: "cannot replace a special file (\(folder) makes no new files)") }
            return Failure(errno: code, explanation: "cannot make the temporary file beside it that replacing it takes (\(folder): \(DirectoryWalk.reason(code)))")
        }

        /// Gives up: a temporary file is removed, the old file stays.
        func abort() {
            if fd > 2 { close(fd) }
            fd = -1
            if let (temporary, _) = replacing {
                unlink(temporary)
                busylife_forget_temporary_file()
            }
            replacing = nil
        }

        deinit { abort() }
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
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
