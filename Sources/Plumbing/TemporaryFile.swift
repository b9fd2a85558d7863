#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary files that hold what waits to be read back in the same run
/// (`SpillFile`, convert's spool): made in `TMPDIR`, else /var/tmp (on
/// disk where /tmp is kept in memory), else /tmp, readable by their
/// owner alone, closed on exec, and unlinked as soon as they are made,
/// so that nothing is left behind whatever ends the process.
package enum TemporaryFile {
    /// The folders tried, in order.
    package static var folders: [String] {
        let chosen = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        return (chosen.isEmpty ? [] : [chosen]) + ["/var/tmp", "/tmp"]
    }

    /// A new, unlinked file in the first of `folders` that takes one (a
    /// file descriptor); -1 if none does.
    package static func make(in folders: [String] = folders) -> Int32 {
        for folder in folders {
            for _ in 0..<8 {
                let path = folder + "/busylife-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
                let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                if descriptor >= 0 {
                    unlink(path)
                    return descriptor
                }
                if errno != EEXIST { break }
            }
        }
        return -1
    }

    /// The largest file this process may write (`ulimit -f`): a write past
    /// it would end the process with SIGXFSZ, so writers stop short of it.
    package static var sizeLimit: Int64 {
        var limit = rlimit()
        // rlim_t.max is RLIM_INFINITY.
        guard getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return .max }
        return Int64(clamping: limit.rlim_cur)
    }

    /// Writes `bytes` at `offset`; how many were written: all, or fewer
    /// where the file took no more (a full disk, an I/O error).
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Int {
        var done = 0
        while done < bytes.count, let base = bytes.baseAddress {
            let wrote = pwrite(descriptor, base + done, bytes.count - done, off_t(offset) + off_t(done))
            if wrote < 0 && errno == EINTR { continue }
            guard wrote > 0 else { break }
            done += wrote
        }
        return done
    }

    /// Reads into `buffer` from `offset`; how many bytes were read: all,
    /// fewer only at the end of the file; -1 on failure.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int {
        var done = 0
        while done < buffer.count, let base = buffer.baseAddress {
            let got = pread(descriptor, base + done, buffer.count - done, off_t(offset) + off_t(done))
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return -1 }
            if got == 0 { break }
            done += got
        }
        return done
    }
}
