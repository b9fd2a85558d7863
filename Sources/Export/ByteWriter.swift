import EventModel

/// Output built as UTF-8 bytes in one reusable buffer: strings appended
/// by their bytes, numbers digit by digit, JSON strings escaped by scanning
/// bytes. The owner drains it (`take`) into its file in large writes.
package struct ByteWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    package var count: Int { bytes.count }

    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    package mutating func append(byte: UInt8) { bytes.append(byte) }

    package mutating func append<S: Sequence>(bytes more: S) where S.Element == UInt8 { bytes.append(contentsOf: more) }

    package mutating func append(bytes more: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: more) }

    /// CR LF.
    package mutating func appendLineEnd() {
        bytes.append(0x0D)
        bytes.append(0x0A)
    }

    /// A decimal integer.
    package mutating func append(_ number: Int64) {
        if number < 0 {
            bytes.append(0x2D)
            if number == .min { append(String(number).dropFirst().description); return }
        }
        var value = number.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(truncatingIfNeeded: value % 10) + 0x30
                value /= 10
                count += 1
            } while value > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    package mutating func append(_ number: Int) { append(Int64(number)) }

    /// A non-negative number with at least `width` digits (leading zeros).
    package mutating func append(padded number: Int, width: Int) {
        var digits = 1
        var limit = 10
        while number >= limit && digits < 19 { digits += 1; limit *= 10 }
        for _ in 0..<max(0, width - digits) { bytes.append(0x30) }
        append(Int64(number))
    }

    /// A JSON string: `"`, `\` and control characters escaped, the rest as UTF-8.
    package mutating func appendJSONString(_ value: String) {
        bytes.append(0x22)
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                bytes.append(0x5C)
                switch byte {
                case 0x22: bytes.append(0x22)
                case 0x5C: bytes.append(0x5C)
                case 0x0A: bytes.append(0x6E)
                case 0x0D: bytes.append(0x72)
                case 0x09: bytes.append(0x74)
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(0x22)
    }

    /// An ISO 8601 time in its own terms (`EventTime.iso8601`), digit by digit.
    package mutating func appendISO8601(_ time: EventTime) {
        time.appendISO8601(to: &bytes)
    }

    /// An instant at an offset (`Instant.iso8601(offsetSeconds:zulu:)`), digit by digit.
    package mutating func appendISO8601(_ instant: Instant, offsetSeconds: Int, zulu: Bool = true) {
        instant.appendISO8601(offsetSeconds: offsetSeconds, zulu: zulu, to: &bytes)
    }

    /// Hands the bytes written so far to `sink` and empties the buffer (keeping its room).
    package mutating func drain(_ sink: (UnsafeRawBufferPointer) -> Void) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes(sink)
        bytes.removeAll(keepingCapacity: true)
    }
}
