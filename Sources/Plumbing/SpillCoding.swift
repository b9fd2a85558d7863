/// Values as bytes for a `SpillFile`, and back exactly: numbers as LEB128
/// (signed ones zigzagged, so that -1 takes a byte), texts as their
/// length and UTF-8 bytes, zones and file names by number in tables the
/// writer keeps (`SpillTables`).
///
/// Public with no public member, as `ByteWriter`: Settle writes through
/// this a few bytes at a time.
public struct SpillWriter {
    @usableFromInline package internal(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    @inlinable package mutating func unsigned(_ value: UInt64) { Self.unsigned(value, into: &bytes) }

    /// `value` as LEB128: seven bits a byte, low bits first, the top bit
    /// set on every byte but the last.
    @inlinable package static func unsigned(_ value: UInt64, into bytes: inout [UInt8]) {
        var rest = value
        while rest > 0x7F {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    @inlinable package mutating func int(_ value: Int) { int64(Int64(value)) }

    @inlinable package mutating func int64(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    @inlinable package mutating func byte(_ value: UInt8) { bytes.append(value) }

    @inlinable package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    @inlinable package mutating func text(_ value: String) {
        unsigned(UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    /// Bytes as they are, after their count.
    package mutating func blob(_ value: [UInt8]) {
        unsigned(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    @inlinable package mutating func optionalInt(_ value: Int?) {
        bool(value != nil)
        if let value { int(value) }
    }

    @inlinable package mutating func ints(_ values: [Int]) {
        unsigned(UInt64(values.count))
        for value in values { int(value) }
    }
}

/// Reads what a `SpillWriter` wrote, in the same order. Past the end
/// (a record that could not be read) every read gives zero or empty.
package struct SpillReader {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    package init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    package var isEmpty: Bool { bytes.isEmpty }

    package mutating func unsigned() -> UInt64 {
        var value: UInt64 = 0, shift: UInt64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if shift < 64 { value |= UInt64(byte & 0x7F) << shift }
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        return value
    }

    package mutating func int() -> Int { Int(truncatingIfNeeded: int64()) }

    package mutating func int64() -> Int64 {
        let raw = unsigned()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    package mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        index += 1
        return bytes[index - 1]
    }

    package mutating func bool() -> Bool { byte() != 0 }

    package mutating func text() -> String {
        String(decoding: counted(), as: UTF8.self)
    }

    /// What `SpillWriter.blob` wrote.
    package mutating func blob() -> [UInt8] {
        Array(counted())
    }

    /// Whether the next text is `value`, byte for byte; the reader is past it either way.
    package mutating func textEquals(_ value: String) -> Bool {
        let text = counted()
        return text.count == value.utf8.count && value.hasBytes(text.bindMemory(to: UInt8.self))
    }

    /// The bytes after a count (as many as are left), the reader past them.
    private mutating func counted() -> UnsafeRawBufferPointer {
        let count = Int(clamping: unsigned())
        let end = min(bytes.count, index + min(count, bytes.count))
        defer { index = end }
        return UnsafeRawBufferPointer(rebasing: bytes[index..<end])
    }

    package mutating func optionalInt() -> Int? { bool() ? int() : nil }

    package mutating func ints() -> [Int] {
        (0..<min(Int(clamping: unsigned()), bytes.count)).map { _ in int() }
    }

    /// A count of items each at least a byte long, no more than are left.
    package mutating func count() -> Int { min(Int(clamping: unsigned()), bytes.count - index) }
}
