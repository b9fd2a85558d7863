#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Export
import Plumbing

/// Buffered writes to a file descriptor. A closed pipe (`| head -1`) stops
/// output quietly; any other write error is remembered for exit code 74.
final class Output {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var closed = false
    private(set) var failure: String?
    /// Writers handed over whole (`write(taking:)`) and not yet written:
    /// the bytes of the first from `pendingStart` on, then all the others'.
    private var pending: [ByteWriter] = []
    private var pendingStart = 0
    private var pendingCount = 0
    /// Where writers handed over go once written, to be lent again.
    var recycling: ByteWriterPool?
    /// Where the next byte lands, for a regular file; learnt at the first
    /// writer handed over.
    private var place = Place.unknown

    private enum Place {
        case unknown
        case notAFile
        case file(offset: Int)
    }

    /// Writes of handed-over writers into a regular file end on a multiple
    /// of this in the file, the rest waiting for the next: the kernel then
    /// fills the page cache in large folios. The 92 MB of `occurrences`
    /// for 2020-2035 of the 5,000-event calendar, in pieces of about 240
    /// KB, took 17 ms of its time so on ext4 (Linux 6.18), against 22 ms
    /// written piece by piece (and 22 ms ending on 4 KiB pages).
    private static let fileUnit = 1 << 20

    init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(1 << 16)
    }

    /// Call once at start: a closed pipe becomes EPIPE instead of a
    /// signal, and a write past `ulimit -f` EFBIG (a failed write, exit
    /// 74, no partial file) instead of SIGXFSZ, which ended the process
    /// and left half a file beside the target.
    static func ignoreOutputSignals() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Appends text; false once output can no longer be written.
    @discardableResult
    func write(_ text: String) -> Bool {
        writePending(all: true)
        guard !closed else { return false }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
        return !closed
    }

    @discardableResult
    func line(_ text: String) -> Bool { write(text + "\n") }

    /// Takes the bytes written to `writer` (emptying it); false once output
    /// can no longer be written.
    @discardableResult
    func write(_ writer: inout ByteWriter) -> Bool {
        writePending(all: true)
        guard !closed else { return false }
        if writer.count >= 1 << 16 {
            flush()
            if !closed { writer.drain { writeAll($0) } }  // a large write straight from the writer's buffer
            return !closed
        }
        writer.drain { buffer.append(contentsOf: $0) }
        if buffer.count >= 1 << 16 { flush() }
        return !closed
    }

    /// Takes `writer` whole, leaving it empty with no room, to write its
    /// bytes without copying them; false once output can no longer be
    /// written. Into a regular file they may wait for the next writer
    /// (`fileUnit`).
    @discardableResult
    func write(taking writer: inout ByteWriter) -> Bool {
        flushBuffer()
        guard !closed else { return false }
        guard writer.count > 0 else { return true }
        pendingCount += writer.count
        pending.append(writer)
        writer = ByteWriter(capacity: 0)
        writePending(all: pending.count >= 64)  // (few vectors a write)
        return !closed
    }

    /// Writes the writers handed over: all their bytes, or those up to the
    /// last multiple of `fileUnit` of a regular file they reach.
    private func writePending(all: Bool) {
        guard !pending.isEmpty else { return }
        if case .unknown = place { place = Output.place(of: fd) }
        var count = pendingCount
        if !all, case .file(let offset) = place {
            count = max(0, (offset + pendingCount) / Output.fileUnit * Output.fileUnit - offset)
        }
        while count > 0, !closed {
            let written = withUnsafeTemporaryAllocation(of: iovec.self, capacity: pending.count) { parts in
                var left = count
                for (index, writer) in pending.enumerated() {
                    let start = index == 0 ? pendingStart : 0
                    let length = min(left, writer.count - start)
                    parts[index] = iovec(iov_base: UnsafeMutableRawPointer(mutating: writer.unsafeBytes.baseAddress.map { $0 + start }),
                                         iov_len: length)
                    left -= length
                }
                return writev(fd, parts.baseAddress, Int32(pending.count))
            }
            if written < 0 {
                if errno == EINTR { continue }
                fail()
                break
            }
            count -= written
            if case .file(let offset) = place { place = .file(offset: offset + written) }
            dropPending(written)
        }
        if closed { pending.removeAll() }
    }

    /// The first `count` pending bytes gone, and the writers they emptied.
    private func dropPending(_ count: Int) {
        pendingCount -= count
        pendingStart += count
        var emptied = 0
        while emptied < pending.count, pendingStart >= pending[emptied].count {
            pendingStart -= pending[emptied].count
            recycling?.give(&pending[emptied])
            emptied += 1
        }
        pending.removeFirst(emptied)
    }

    /// Where writes to `fd` land, if it is a regular file: its offset, or
    /// its end when it appends.
    private static func place(of fd: Int32) -> Place {
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .notAFile }
        if fcntl(fd, F_GETFL) & O_APPEND != 0 { return .file(offset: Int(status.st_size)) }
        let offset = lseek(fd, 0, SEEK_CUR)
        return offset < 0 ? .notAFile : .file(offset: Int(offset))
    }

    /// A failed write: quiet for a closed pipe, else remembered.
    private func fail() {
        if errno != EPIPE { failure = String(cString: strerror(errno)) }
        closed = true
    }

    func flush() {
        writePending(all: true)
        flushBuffer()
    }

    private func flushBuffer() {
        guard !closed, !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// All of `bytes` to the descriptor, or `closed` (and maybe `failure`) set.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                fail()
                break
            }
            offset += n
        }
    }

    /// Flushes, and turns a write failure into exit code 74.
    func finish() throws {
        flush()
        if let failure {
            let err = Output(fd: 2)
            err.write("busylife: cannot write output: \(failure)\n")
            err.flush()
            throw ExitCode(74)
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
