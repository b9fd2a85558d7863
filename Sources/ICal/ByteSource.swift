#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the reader's bytes come from: an open file descriptor (a file or
/// standard input), optionally after bytes already read from it.
public final class ByteSource {
    private let fd: Int32
    private let closeOnDeinit: Bool
    private var prefix: [UInt8]
    private var prefixOffset = 0

    /// Reads `fd` after replaying `prefix` (bytes taken from it to sniff its format).
    public init(fileDescriptor fd: Int32, prefix: [UInt8] = [], closeWhenDone: Bool = false) {
        self.fd = fd
        self.prefix = prefix
        self.closeOnDeinit = closeWhenDone
    }

    /// Reads only these bytes.
    public init(bytes: [UInt8]) {
        self.fd = -1
        self.prefix = bytes
        self.closeOnDeinit = false
    }

    deinit {
        if closeOnDeinit && fd >= 0 { close(fd) }
    }

    /// Fills `buffer` with up to its size; returns 0 at the end, -1 on a read error.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if prefixOffset < prefix.count {
            let n = min(buffer.count, prefix.count - prefixOffset)
            prefix.withUnsafeBytes { raw in
                buffer.baseAddress!.copyMemory(from: raw.baseAddress! + prefixOffset, byteCount: n)
            }
            prefixOffset += n
            if prefixOffset == prefix.count { prefix = []; prefixOffset = 0 }
            return n
        }
        if fd < 0 { return 0 }
        while true {
            let n = systemRead(fd, buffer.baseAddress, buffer.count)
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
