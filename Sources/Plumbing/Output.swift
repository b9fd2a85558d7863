#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFileSpace

/// Where a command's output goes, written in large writes: standard output
/// or error (`init(fd:)`), or what `-o PATH` names (`open`, in
/// Output+File.swift: a file replaced whole through a temporary file, or a
/// device written directly). A closed pipe (`| head -1`) stops output
/// quietly; any other failure is kept, and `finish` throws it (the
/// command-line tool's exit code 74).
package final class Output {
    var fd: Int32
    private var buffer: [UInt8] = []
    package private(set) var closed = false
    private var failure: Failure?
    /// What a failure names: `output`, or the path given.
    private let name: String
    /// Whether a failure's reason is strerror's text as it is (standard
    /// output and error), or begins in lower case (`-o`'s messages).
    private let reasonAsSpelt: Bool
    /// The temporary file and the target it replaces; nil when writing directly.
    var replacing: (temporary: String, target: String)?
    /// Whether `finish` may put the file over one that is there by then.
    let overwrites: Bool
    /// Writers handed over whole (`write(taking:)`) and not yet written:
    /// the bytes of the first from `pendingStart` on, then all the others'.
    private var pending: [ByteWriter] = []
    private var pendingStart = 0
    private var pendingCount = 0
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
    /// fills the page cache in large folios, which costs it less time than
    /// pages filled piece by piece (docs/architecture.md, section 4).
    private static let fileUnit = 1 << 20

    /// Standard output (1) or error (2), or a descriptor open already,
    /// which `finish` and `abort` close when it is neither.
    package convenience init(fd: Int32) {
        self.init(fd: fd, name: "output", reasonAsSpelt: true)
    }

    init(fd: Int32, name: String, reasonAsSpelt: Bool = false, replacing: (temporary: String, target: String)? = nil,
         overwrites: Bool = true) {
        self.fd = fd
        self.name = name
        self.reasonAsSpelt = reasonAsSpelt
        self.replacing = replacing
        self.overwrites = overwrites
        buffer.reserveCapacity(1 << 16)
    }

    /// A failure to write, in words: `cannot write PATH: REASON`.
    package struct Failure: Error, CustomStringConvertible {
        var code: Int32
        var explanation: String?
        var name: String
        var reasonAsSpelt = false

        init(errno code: Int32 = errno, explanation: String? = nil, name: String) {
            self.code = code
            self.explanation = explanation
            self.name = name
        }

        /// `no space left on device`.
        package var reason: String {
            explanation ?? (reasonAsSpelt ? String(cString: strerror(code)) : SystemError.reason(code))
        }

        package var description: String { "cannot write \(name): \(reason)" }
    }

    deinit { abort() }

    /// A failure of the last system call, named as this output's.
    func failure(errno code: Int32 = errno, explanation: String? = nil) -> Failure {
        var failure = Failure(errno: code, explanation: explanation, name: name)
        failure.reasonAsSpelt = reasonAsSpelt
        return failure
    }

    /// Call once at start: a closed pipe becomes EPIPE instead of a
    /// signal, and a write past `ulimit -f` EFBIG (a failed write, exit
    /// 74, no partial file) instead of SIGXFSZ, which ended the process
    /// and left half a file beside the target.
    package static func ignoreOutputSignals() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Appends text; false once output can no longer be written.
    @discardableResult
    package func write(_ text: String) -> Bool {
        writePending(all: true)
        guard !closed else { return false }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
        return !closed
    }

    @discardableResult
    package func line(_ text: String) -> Bool { write(text + "\n") }

    /// Takes the bytes written to `writer` (emptying it); false once output
    /// can no longer be written.
    @discardableResult
    package func write(_ writer: inout ByteWriter) -> Bool {
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
    package func write(taking writer: inout ByteWriter) -> Bool {
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

    /// Bytes written at once, after those buffered; false once output can
    /// no longer be written.
    @discardableResult
    package func write(bytes: UnsafeRawBufferPointer) -> Bool {
        flush()
        guard !closed, fd >= 0 else { return false }
        writeAll(bytes)
        return !closed
    }

    /// A failed write: quiet for a closed pipe, else remembered.
    private func fail() {
        if errno != EPIPE { failure = failure() }
        closed = true
    }

    package func flush() {
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

    /// Flushes, and throws a write failure. A file being replaced is then
    /// put in place (`commit`, Output+File.swift); on failure it is removed
    /// and the old one stays.
    package func finish() throws(Failure) {
        flush()
        if let failure {
            abort()
            throw failure
        }
        try commit()
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
