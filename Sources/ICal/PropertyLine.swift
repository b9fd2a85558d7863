#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses a content line ourselves: used only for the calendar's own
/// properties (`X-WR-CALNAME`...), which libical never sees because we feed
/// it one component at a time.
enum PropertyLine {
    /// The property, and whether a `"` never closed was read as a plain
    /// character (a repair to report).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> (property: ICalProperty, quoteRepaired: Bool)? {
        let nameEnd = bytes.firstIndex { $0 == 0x3B || $0 == 0x3A } ?? bytes.count
        let written = UnsafeBufferPointer(rebasing: bytes[..<nameEnd])
        let decoded = String(decoding: written, as: UTF8.self)
        // Most names are written trimmed and in upper case: taken as they are.
        let name = isPlainName(written) ? decoded : decoded.trimmingSpaces().uppercased()
        guard !name.isEmpty, let raw = RawProperty(bytes, from: 0) else { return nil }
        let property = ICalProperty(name: name, value: raw.valueText(bytes, unescapes: true),
                                    parameters: raw.parameterList(bytes), line: line)
        return (property, raw.quoteRepaired)
    }

    /// Whether a name's bytes are ASCII without a lower-case letter, and
    /// neither start nor end with a space or tab: trimmed and upper-cased
    /// already.
    private static func isPlainName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = name.first, let last = name.last, first != 0x20, first != 0x09, last != 0x20, last != 0x09
        else { return false }
        return name.allSatisfy { $0 < 0x80 && !($0 >= 0x61 && $0 <= 0x7A) }
    }

    /// RFC 5545 3.3.11 TEXT unescaping: `\\`, `\;`, `\,`, `\n`, `\N`.
    static func unescapeText(_ value: String) -> String {
        var copy = value
        return copy.withUTF8 { bytes in
            // No backslash: the string itself, not a new one.
            guard let base = bytes.baseAddress, memchr(base, 0x5C, bytes.count) != nil else { return value }
            return unescapeText(bytes)
        }
    }

    /// The same, from bytes as written.
    static func unescapeText(_ value: UnsafeBufferPointer<UInt8>) -> String {
        // No backslash: nothing to do.
        guard let base = value.baseAddress, memchr(base, 0x5C, value.count) != nil else {
            return String(decoding: value, as: UTF8.self)
        }
        // Byte by byte: the escapes are ASCII, and UTF-8 never uses ASCII
        // bytes inside a multi-byte character.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.count)
        var escaping = false
        for byte in value {
            if escaping {
                bytes.append(byte == 0x6E || byte == 0x4E ? 0x0A : byte)  // \n and \N are newlines
                escaping = false
            } else if byte == 0x5C {
                escaping = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
