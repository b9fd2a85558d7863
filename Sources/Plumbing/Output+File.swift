#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFileSpace

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
/// Any failure is thrown (`Failure`), with the reason of the step that
/// failed, and no temporary file is left behind. Nor is one left when
/// SIGINT, SIGTERM or SIGHUP ends the run (Ctrl-C, `kill`, a closed
/// terminal): it is removed, the old file stays, and the process dies of
/// the signal as usual.
extension Output {
    /// `text` written to `path` whole (`-`: standard output).
    package static func write(_ text: String, to path: String, replacing: Bool = true) throws(Failure) {
        let file = try open(path, replacing: replacing)
        var text = text
        text.withUTF8 { _ = file.write(bytes: UnsafeRawBufferPointer($0)) }
        try file.finish()
    }

    /// The bytes of `writer`, written in one piece.
    package static func write(_ writer: ByteWriter, to path: String) throws(Failure) {
        let file = try open(path)
        writer.withBytes { _ = file.write(bytes: UnsafeRawBufferPointer($0)) }
        try file.finish()
    }

    /// Opens `path` for writing: `write` as often as needed, then `finish`
    /// (which puts a replaced file in place) or `abort` (which leaves the
    /// old file as it was). A file already there is a failure when
    /// `replacing` is false.
    package static func open(_ path: String, replacing overwrites: Bool = true) throws(Failure) -> Output {
        let name = path == "-" ? "output" : path
        if path == "-" { return Output(fd: 1, name: name) }
        let target = try resolve(path, name: name)
        var status = stat()
        var old: stat?
        if stat(target, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                guard overwrites else { throw Failure(errno: EEXIST, name: name) }
                // The user's right to the file, not the folder's, decides (EACCES, EROFS).
                guard faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) == 0 else { throw Failure(name: name) }
                old = status
            case S_IFDIR: throw Failure(errno: EISDIR, name: name)
            default:
                // A device, pipe or terminal: opened as it is (no
                // creation, no truncation, no replacement).
                let fd = systemOpen(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
                guard fd >= 0 else { throw Failure(name: name) }
                return Output(fd: fd, name: name)
            }
        } else if errno != ENOENT {
            throw Failure(name: name)
        }
        return try replacement(of: target, old: old, name: name, overwrites: overwrites)
    }

    /// A temporary file beside `target`, given the old file's mode (a new
    /// one 0666 less the umask, as a shell's `>`), and removed by an
    /// interrupting signal until it is renamed or removed here.
    private static func replacement(of target: String, old: stat?, name: String, overwrites: Bool) throws(Failure) -> Output {
        let file = target.split(separator: "/").last.map(String.init) ?? "output"
        var template = Array((folder(of: target) + "/." + file + ".busylife-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { busylife_make_temporary_file($0.baseAddress!) }
        guard fd >= 0 else { throw temporaryFailure(replacing: old != nil, in: folder(of: target), name: name) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let output = Output(fd: fd, name: name, replacing: (temporary, target), overwrites: overwrites)
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
            let failure = Failure(name: name)
            output.abort()
            throw failure
        }
        return output
    }

    /// Why no temporary file could be made in `folder`. Replacing a
    /// file, the error alone would mislead: a kernel's file system
    /// (/proc, /sys) holds files but makes none (ENOENT, "no such file"
    /// of a file that is there), and a folder closed to new files says
    /// "permission denied" of a file the user may write.
    private static func temporaryFailure(replacing: Bool, in folder: String, name: String) -> Failure {
        let code = errno
        guard replacing else { return Failure(errno: code, name: name) }
        if code == ENOENT {
            return Failure(errno: code, explanation: "cannot replace a special file (\(folder) makes no new files)", name: name)
        }
        return Failure(errno: code, explanation: "cannot make the temporary file beside it that replacing it takes (\(folder): \(SystemError.reason(code)))",
                       name: name)
    }

    /// Ends the output: a descriptor opened here is closed; a replaced
    /// file is flushed to disk and renamed into place. A failure removes
    /// the temporary file and leaves the old one.
    func commit() throws(Failure) {
        do throws(Failure) {
            guard let (temporary, target) = replacing else {
                if fd > 2 { guard close(fd) == 0 || errno == EINTR else { throw failure() } }
                fd = -1
                return
            }
            guard fsync(fd) == 0 else { throw failure() }
            let closing = close(fd)
            fd = -1
            guard closing == 0 else { throw failure() }
            if overwrites {
                guard rename(temporary, target) == 0 else { throw failure() }
            } else {
                // A link is never made over a file: one there by now stays.
                guard link(temporary, target) == 0 else { throw failure() }
                unlink(temporary)
            }
            busylife_forget_temporary_file()
            replacing = nil
            // The rename itself on disk too; a folder that cannot be synced is no error.
            let folderFD = systemOpen(Output.folder(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folderFD >= 0 {
                _ = fsync(folderFD)
                close(folderFD)
            }
        } catch {
            abort()
            throw error
        }
    }

    /// Gives up: a temporary file is removed, the old file stays.
    package func abort() {
        if fd > 2 { close(fd) }
        fd = -1
        if let (temporary, _) = replacing {
            unlink(temporary)
            busylife_forget_temporary_file()
        }
        replacing = nil
    }

    /// The path a chain of symbolic links ends at (which need not exist
    /// yet): each link's text read relative to the folder the link is in.
    static func resolve(_ path: String, name: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = buffer.withUnsafeMutableBytes { readlink(current, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
            guard count >= 0 else { throw Failure(name: name) }
            let link = String(decoding: buffer[0..<count], as: UTF8.self)
            current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
        }
        throw Failure(errno: ELOOP, name: name)
    }

    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// `open(2)`, which `Output.open` hides by its name.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.open(path, flags)
    #elseif canImport(Darwin)
    Darwin.open(path, flags)
    #endif
}
