#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Export

/// Buffered writes to a file descriptor. A closed pipe (`| head -1`) stops
/// output quietly; any other write error is remembered for exit code 74.
final class Output {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var closed = false
    private(set) var failure: String?

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

    func flush() {
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
                if errno != EPIPE { failure = String(cString: strerror(errno)) }
                closed = true
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
