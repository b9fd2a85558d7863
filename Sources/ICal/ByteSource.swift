#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the reader's bytes come from: an open file descriptor (a file or
/// standard input, closed by its owner), bytes in memory, or a producer
/// that makes them as they are read (jCal transcoded into iCalendar). `peek` looks
/// at the first bytes without consuming them, to sniff a format.
///
/// Readers always see UTF-8 without a byte-order mark: a UTF-8 BOM is
/// dropped, and input that starts with a UTF-16 BOM (`FF FE` little-endian,
/// `FE FF` big-endian, as some Windows tools write) is transcoded as it is
/// read. An unpaired surrogate becomes the byte 0xFF, which is never
/// UTF-8: the line reader then repairs it as U+FFFD and says so (an
/// `invalid-utf8` warning), as for any other bad byte.
package final class ByteSource {
    /// How the input was written, judged by its byte-order mark.
    package enum Encoding: Sendable, Equatable {
        case utf8, utf8WithBOM, utf16LittleEndian, utf16BigEndian
    }

    private let fd: Int32
    /// Bytes to give before the descriptor's: UTF-8, the BOM removed.
    private var prefix: [UInt8]
    private var prefixOffset = 0
    /// In-memory input not yet handed on (the `bytes:` form), raw.
    private var memory: [UInt8]
    private var memoryOffset = 0
    /// In-memory input that belongs to the caller (the `borrowing:` form), raw.
    private let borrowed: UnsafeRawBufferPointer?
    /// Makes the next bytes (the `pulling:` form).
    private let pull: ((UnsafeMutableRawBufferPointer) -> Int)?
    /// The producer or the descriptor gave its end (or failed): it is not
    /// asked again. A terminal gives more after an end of input (Ctrl-D),
    /// and asked again, `check -` typed at one waited for a second Ctrl-D.
    private var readToEnd = false
    private var started = false
    private(set) package var encoding = Encoding.utf8
    /// UTF-16 bytes read but not yet decoded (an odd byte, half a surrogate pair).
    private var pending: [UInt8] = []
    /// Raw bytes the first read gave after any byte-order mark, given
    /// before the input's next ones (`readRaw`).
    private var ahead: [UInt8] = []
    private var aheadOffset = 0
    /// Most bytes the first read asks for: a vdir's file whole.
    private static let firstReadBytes = 4096
    /// A regular file smaller than this is a small one (`smallSizeBound`).
    private static let smallFileBytes = 1 << 16
    /// The size `fstat` gave of the regular file read through `fd`, if any.
    private let regularFileSize: Int?
    /// At most how many bytes a small regular file gives, unless it grew
    /// (a byte more than its size), when that is known: the line reader
    /// needs no larger chunk.
    var smallSizeBound: Int? {
        regularFileSize.flatMap { $0 < ByteSource.smallFileBytes ? $0 + 1 : nil }
    }

    /// `regularFileSize` is the size `fstat` gave when `fd` is a regular
    /// file (a hint: the file may have changed since).
    package init(fileDescriptor fd: Int32, regularFileSize: Int? = nil) {
        self.fd = fd
        self.prefix = []
        self.memory = []
        self.pull = nil
        self.borrowed = nil
        self.regularFileSize = regularFileSize
    }

    /// Reads only these bytes.
    package init(bytes: [UInt8]) {
        self.fd = -1
        self.prefix = []
        self.memory = bytes
        self.pull = nil
        self.borrowed = nil
        self.regularFileSize = nil
    }

    /// Reads the bytes of a whole regular file the caller read, which must
    /// stay as they are while this source is read: a vdir's file read
    /// into its thread's buffer, not copied into an array of its own.
    package init(borrowing bytes: UnsafeRawBufferPointer) {
        self.fd = -1
        self.prefix = []
        self.memory = []
        self.pull = nil
        self.borrowed = bytes
        self.regularFileSize = bytes.count
    }

    /// Reads what `pull` makes on demand: it fills the buffer it is given
    /// with up to its size and returns how many bytes it wrote, 0 at the
    /// end, -1 on a read error (with `errno` set). It is called on the
    /// reading thread only, never again after returning 0 or -1.
    package init(pulling pull: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
        self.fd = -1
        self.prefix = []
        self.memory = []
        self.pull = pull
        self.borrowed = nil
        self.regularFileSize = nil
    }

    /// Up to `count` first bytes (after any BOM, as UTF-8), which `read`
    /// then gives again; nil on a read error. Call it before any `read`.
    package func peek(_ count: Int) -> [UInt8]? {
        guard start() else { return nil }
        // When what the first read gave holds them (or all there is),
        // they are looked at where they are.
        let isUTF16 = encoding == .utf16LittleEndian || encoding == .utf16BigEndian
        if let borrowed, prefixOffset == prefix.count, !isUTF16 {
            return Array(borrowed[memoryOffset..<min(borrowed.count, memoryOffset + count)])
        }
        if prefixOffset == prefix.count, !isUTF16, readToEnd || ahead.count - aheadOffset >= count {
            return Array(ahead[aheadOffset..<min(ahead.count, aheadOffset + count)])
        }
        // Not zeroed first: each of a vdir's files is peeked at.
        return withUnsafeTemporaryAllocation(byteCount: max(count, 64), alignment: 1) { chunk in
            while prefix.count - prefixOffset < count {
                let n = produce(into: chunk)
                if n < 0 { return nil }
                if n == 0 { break }
                prefix.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
            }
            return Array(prefix[prefixOffset...].prefix(count))
        }
    }

    /// Everything left, or nil on a read error.
    package func readAll() -> [UInt8]? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(into: $0) }
            if n < 0 { return nil }
            if n == 0 { return data }
            data.append(contentsOf: chunk[0..<n])
        }
    }

    /// Fills `buffer` with up to its size; returns 0 at the end, -1 on a
    /// read error. After the end or an error, 0: the input is not read
    /// again (its readers keep the first error they saw).
    package func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard start() else { return -1 }
        if prefixOffset < prefix.count {
            let n = min(buffer.count, prefix.count - prefixOffset)
            prefix.withUnsafeBytes { raw in
                buffer.baseAddress!.copyMemory(from: raw.baseAddress! + prefixOffset, byteCount: n)
            }
            prefixOffset += n
            if prefixOffset == prefix.count { prefix = []; prefixOffset = 0 }
            return n
        }
        return produce(into: buffer)
    }

    /// Reads the first bytes once to find a byte-order mark; false on a
    /// read error. As many as one read gives, not just the three a mark
    /// takes, which cost each of a vdir's files a read of its own; what
    /// follows the mark is read from `ahead` as if not read yet.
    private func start() -> Bool {
        if started { return true }
        started = true
        if let borrowed {
            // Looked at where they are; what follows the mark is read from there.
            (encoding, memoryOffset) = ByteSource.encoding(of: UnsafeRawBufferPointer(rebasing: borrowed.prefix(3)))
            return true
        }
        return withUnsafeTemporaryAllocation(byteCount: ByteSource.firstReadBytes, alignment: 1) { head in
            var filled = 0
            while filled < 3 {
                let n = readRaw(into: UnsafeMutableRawBufferPointer(rebasing: head[filled...]))
                if n < 0 { return false }
                if n == 0 { break }
                filled += n
            }
            let first = UnsafeRawBufferPointer(rebasing: head[0..<filled])
            let mark: Int
            (encoding, mark) = ByteSource.encoding(of: first)
            ahead = Array(first[mark...])
            aheadOffset = 0
            return true
        }
    }

    /// The encoding the first bytes' byte-order mark says, and the mark's length.
    private static func encoding(of first: UnsafeRawBufferPointer) -> (Encoding, mark: Int) {
        if first.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8WithBOM, 3) }
        if first.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if first.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        return (.utf8, 0)
    }

    /// The next bytes after the prefix, transcoded when the input is UTF-16.
    private func produce(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard encoding == .utf16LittleEndian || encoding == .utf16BigEndian else { return readRaw(into: buffer) }
        // Two UTF-16 bytes make at most three UTF-8 bytes; a pair (four) makes four.
        let rawCapacity = max(4, (buffer.count / 3) * 2 - 4)
        var raw = [UInt8](repeating: 0, count: rawCapacity)
        while true {
            let n = raw.withUnsafeMutableBytes { readRaw(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<max(2, rawCapacity - pending.count)])) }
            if n < 0 { return -1 }
            pending.append(contentsOf: raw[0..<n])
            let out = decodeUTF16(into: buffer, atEnd: n == 0)
            if out > 0 || n == 0 { return out }
        }
    }

    /// Decodes whole code units from `pending` into `buffer` as UTF-8 and
    /// keeps what is left; at the end, what is left becomes U+FFFD.
    private func decodeUTF16(into buffer: UnsafeMutableRawBufferPointer, atEnd: Bool) -> Int {
        let bigEndian = encoding == .utf16BigEndian
        var out = 0
        var index = 0
        func unit(_ at: Int) -> UInt32 {
            bigEndian ? UInt32(pending[at]) << 8 | UInt32(pending[at + 1])
                      : UInt32(pending[at + 1]) << 8 | UInt32(pending[at])
        }
        func put(_ scalar: UInt32) {
            guard let s = Unicode.Scalar(scalar) else { return putInvalid() }
            for byte in UTF8.encode(s)! {
                buffer[out] = byte
                out += 1
            }
        }
        /// An unpaired surrogate or a lone last byte: 0xFF, never UTF-8,
        /// which the reader reports and repairs as U+FFFD.
        func putInvalid() {
            buffer[out] = 0xFF
            out += 1
        }
        while index + 1 < pending.count, out + 4 <= buffer.count {
            let first = unit(index)
            if first >= 0xD800 && first < 0xDC00 {
                guard index + 3 < pending.count else {
                    if atEnd { putInvalid(); index += 2; continue }
                    break
                }
                let second = unit(index + 2)
                if second >= 0xDC00 && second < 0xE000 {
                    put(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                    index += 4
                } else {
                    putInvalid()
                    index += 2
                }
            } else if first >= 0xDC00 && first < 0xE000 {
                putInvalid()
                index += 2
            } else {
                put(first)
                index += 2
            }
        }
        pending.removeSubrange(0..<index)
        if atEnd && pending.count == 1 && out + 3 <= buffer.count {
            putInvalid()
            pending = []
        }
        return out
    }

    /// Raw bytes from the producer, memory or the descriptor, after those
    /// the first read gave (`ahead`).
    private func readRaw(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if aheadOffset < ahead.count {
            let n = min(buffer.count, ahead.count - aheadOffset)
            ahead.withUnsafeBytes { raw in
                buffer.baseAddress!.copyMemory(from: raw.baseAddress! + aheadOffset, byteCount: n)
            }
            aheadOffset += n
            if aheadOffset == ahead.count { (ahead, aheadOffset) = ([], 0) }
            return n
        }
        if readToEnd { return 0 }
        if let pull {
            let n = pull(buffer)
            if n <= 0 { readToEnd = true }
            return n
        }
        if let borrowed {
            let n = min(buffer.count, borrowed.count - memoryOffset)
            guard n > 0 else { return 0 }
            buffer.baseAddress!.copyMemory(from: borrowed.baseAddress! + memoryOffset, byteCount: n)
            memoryOffset += n
            return n
        }
        if fd < 0 {
            let n = min(buffer.count, memory.count - memoryOffset)
            guard n > 0 else { return 0 }
            memory.withUnsafeBytes { raw in
                buffer.baseAddress!.copyMemory(from: raw.baseAddress! + memoryOffset, byteCount: n)
            }
            memoryOffset += n
            return n
        }
        while true {
            let n = systemRead(fd, buffer.baseAddress, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { readToEnd = true }
            return n
        }
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
