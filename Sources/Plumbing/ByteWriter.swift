/// Output built as UTF-8 bytes in one reusable buffer: strings appended
/// by their bytes, numbers digit by digit, JSON strings escaped by scanning
/// bytes. The owner drains it (`take`) into its file in large writes.
///
/// Public with no public member: Swift inlines a `package` member into
/// another module only when its type is public, and Export and Settle
/// write through this a few bytes at a time.
public struct ByteWriter {
    /// Owns the memory. Checked for uniqueness before each write, so a
    /// copied writer copies its bytes before writing (value semantics).
    @usableFromInline final class Storage {
        @usableFromInline let base: UnsafeMutablePointer<UInt8>

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
        }

        deinit {
            base.deallocate()
        }
    }

    @usableFromInline var storage: Storage
    /// `storage.base` and its size, kept here: writing reads no class field.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline package internal(set) var capacity: Int
    @usableFromInline package internal(set) var count = 0
    /// No room yet, and nothing allocated (a writer lent a buffer).
    nonisolated(unsafe) private static let none = Storage(capacity: 0)

    package init(capacity: Int = 1 << 16) {
        if capacity <= 0 {
            self.capacity = 0
            storage = ByteWriter.none
        } else {
            self.capacity = max(capacity, 16)
            storage = Storage(capacity: self.capacity)
        }
        base = storage.base
    }

    /// Empty again, its memory kept when this writer alone holds it.
    package mutating func removeAll() {
        guard isKnownUniquelyReferenced(&storage) else {
            self = ByteWriter(capacity: capacity)
            return
        }
        count = 0
    }

    /// The first `count` bytes kept, the rest dropped.
    package mutating func keepFirst(_ kept: Int) {
        precondition(kept <= count)
        count = kept
    }

    /// The bytes written so far, copied into an array.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written, where they lie: valid while this writer lives
    /// and is not written to again (a writer handed over whole to be
    /// written without a copy).
    @inlinable package var unsafeBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// The bytes written so far, lent.
    @inlinable package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Room for `more` bytes past the end, in memory this writer alone
    /// owns: where to store them, before `commit`ting how many were stored.
    /// One check for a whole field, then plain stores.
    @inlinable @inline(__always)
    package mutating func reserve(_ more: Int) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(count &+ more > capacity || !isKnownUniquelyReferenced(&storage)) { makeRoom(more) }
        return base + count
    }

    /// Counts `written` bytes stored at `reserve`'s pointer as written.
    @inlinable @inline(__always)
    package mutating func commit(_ written: Int) { count &+= written }

    @usableFromInline @inline(never)
    mutating func makeRoom(_ more: Int) {
        let needed = count + more
        if needed > capacity { capacity = max(needed, capacity * 2) }
        let fresh = Storage(capacity: capacity)
        fresh.base.initialize(from: base, count: count)
        storage = fresh
        base = fresh.base
    }

    package mutating func append(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ append(bytes: $0) }) { return done }
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    @inlinable @inline(__always)
    package mutating func append(byte: UInt8) {
        reserve(1).pointee = byte
        count &+= 1
    }

    package mutating func append<S: Sequence>(bytes more: S) where S.Element == UInt8 {
        if let done: Void = more.withContiguousStorageIfAvailable({ append(bytes: $0) }) { return done }
        for byte in more { append(byte: byte) }
    }

    @inlinable package mutating func append(bytes more: UnsafeBufferPointer<UInt8>) {
        guard let from = more.baseAddress, more.count > 0 else { return }
        reserve(more.count).update(from: from, count: more.count)
        count &+= more.count
    }

    /// `text`'s bytes (a literal's: no String made).
    @inlinable @inline(__always)
    package mutating func append(static text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length).update(from: text.utf8Start, count: length)
        count &+= length
    }

    /// CR LF.
    package mutating func appendLineEnd() {
        let out = reserve(2)
        out[0] = 0x0D
        out[1] = 0x0A
        count &+= 2
    }

    /// A decimal integer.
    package mutating func append(_ number: Int64) {
        let out = reserve(20)
        var value = number.magnitude
        var length = 1
        var limit: UInt64 = 10
        while value >= limit && length < 20 {
            length += 1
            if limit > UInt64.max / 10 { break }
            limit *= 10
        }
        var at = 0
        if number < 0 {
            out[0] = 0x2D
            at = 1
        }
        var index = at + length - 1
        repeat {
            out[index] = UInt8(truncatingIfNeeded: value % 10) + 0x30
            value /= 10
            index -= 1
        } while index >= at
        count &+= at + length
    }

    package mutating func append(_ number: Int) { append(Int64(number)) }

    /// A non-negative number with at least `width` digits (leading zeros).
    package mutating func append(padded number: Int, width: Int) {
        var digits = 1
        var limit = 10
        while number >= limit && digits < 19 { digits += 1; limit *= 10 }
        for _ in 0..<max(0, width - digits) { append(byte: 0x30) }
        append(Int64(number))
    }

    /// A JSON string: `"`, `\` and control characters escaped, the rest as UTF-8.
    package mutating func appendJSONString(_ value: String) {
        if let done: Void = value.utf8.withContiguousStorageIfAvailable({ appendJSONString(utf8: $0) }) {
            return done
        }
        var value = value
        value.withUTF8 { appendJSONString(utf8: $0) }
    }

    /// The same for UTF-8 bytes: a scan, then one copy when nothing needs escaping.
    package mutating func appendJSONString(utf8: UnsafeBufferPointer<UInt8>) {
        let length = utf8.count
        let out = reserve(length + 2)
        out[0] = 0x22
        guard let from = utf8.baseAddress else {
            out[1] = 0x22
            count &+= 2
            return
        }
        var index = 0
        // Eight bytes at a time while none is below 0x20, `"` or `\`.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index &+ 8 <= length {
            let word = UnsafeRawPointer(from + index).loadUnaligned(as: UInt64.self)
            let control = (word &- ones &* 0x20) & ~word
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let hits = (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
            if hits != 0 { break }
            index &+= 8
        }
        while index < length {
            let byte = from[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { break }
            index += 1
        }
        (out + 1).update(from: from, count: index)
        guard index < length else {
            out[length + 1] = 0x22
            count &+= length + 2
            return
        }
        count &+= index + 1
        appendEscaped(UnsafeBufferPointer(start: from + index, count: length - index))
        append(byte: 0x22)
    }

    /// The rest of a JSON string from its first byte to escape, without its closing quote.
    @inline(never)
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            append(bytes: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            start = index + 1
            let out = reserve(6)
            out[0] = 0x5C
            switch byte {
            case 0x22: out[1] = 0x22
            case 0x5C: out[1] = 0x5C
            case 0x0A: out[1] = 0x6E
            case 0x0D: out[1] = 0x72
            case 0x09: out[1] = 0x74
            default:
                let hex: StaticString = "0123456789abcdef"
                out[1] = 0x75
                out[2] = 0x30
                out[3] = 0x30
                out[4] = hex.utf8Start[Int(byte >> 4)]
                out[5] = hex.utf8Start[Int(byte & 0xF)]
                count &+= 4
            }
            count &+= 2
        }
        append(bytes: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// A TSV field: backslash, tab, line feed and carriage return written
    /// `\\`, `\t`, `\n`, `\r`, the rest as UTF-8 (a scan, then one copy
    /// when there is nothing to escape).
    package mutating func appendTSVEscaped(_ value: String) {
        if let done: Void = value.utf8.withContiguousStorageIfAvailable({ appendTSVEscaped(utf8: $0) }) {
            return done
        }
        var value = value
        value.withUTF8 { appendTSVEscaped(utf8: $0) }
    }

    package mutating func appendTSVEscaped(utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            let escaped: UInt8
            switch byte {
            case 0x5C: escaped = 0x5C
            case 0x09: escaped = 0x74
            case 0x0A: escaped = 0x6E
            case 0x0D: escaped = 0x72
            default: continue
            }
            append(bytes: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            start = index + 1
            let out = reserve(2)
            out[0] = 0x5C
            out[1] = escaped
            count &+= 2
        }
        append(bytes: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// Hands the bytes written so far to `sink` and empties the buffer (keeping its room).
    package mutating func drain(_ sink: (UnsafeRawBufferPointer) -> Void) {
        guard count > 0 else { return }
        sink(UnsafeRawBufferPointer(start: base, count: count))
        count = 0
    }
}

// A writer is a value: its storage is written only when it alone holds it
// (`reserve` copies it first otherwise), so one may move between threads,
// as the pieces of `occurrences` and `convert --expand` do from the core
// that made them to the one that writes them.
extension ByteWriter: @unchecked Sendable {}
