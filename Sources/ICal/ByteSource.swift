#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the reader's bytes come from: an open file descriptor (a file or
/// standard input, closed by its owner) or bytes in memory. `peek` looks
/// at the first bytes without consuming them, to sniff a format.
public final class ByteSource {
    private let fd: Int32
    private var prefix: [UInt8]
    private var prefixOffset = 0

    public init(fileDescriptor fd: Int32) {
        self.fd = fd
        self.prefix = []
    }

    /// Reads only these bytes.
    public init(bytes: [UInt8]) {
        self.fd = -1
        self.prefix = bytes
    }

    /// Up to `count` first bytes, which `read` then gives again; nil on a
    /// read error. Call it before any `read`.
    public func peek(_ count: Int) -> [UInt8]? {
        guard fd >= 0 else { return Array(prefix.prefix(count)) }
        var head = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = head.withUnsafeMutableBytes { raw in
                readFromDescriptor(UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
            }
            if n < 0 { return nil }
            if n == 0 { break }
            filled += n
        }
        head.removeSubrange(filled...)
        prefix = head
        prefixOffset = 0
        return head
    }

    /// Everything left, or nil on a read error.
    public func readAll() -> [UInt8]? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(into: $0) }
            if n < 0 { return nil }
            if n == 0 { return data }
            data.append(contentsOf: chunk[0..<n])
        }
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
        return readFromDescriptor(buffer)
    }

    private func readFromDescriptor(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
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
