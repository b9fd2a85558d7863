/// RFC 5545 section 3.3.11 TEXT escaping, both ways, and splitting a value
/// at separators that are not escaped.
package enum ICalText {
    /// `\\`, `\;`, `\,`, `\n` and `\N` undone; any other escaped character stands for itself.
    package static func unescape(_ value: String) -> String {
        PropertyLine.unescapeText(value)
    }

    /// A parameter value with RFC 6868's escapes undone: `^^` is `^`,
    /// `^'` is `"`, `^n` (or `^N`) a line feed; a `^` before anything else
    /// stands for itself.
    package static func unescapeParameter(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(0x5E) else { return String(decoding: bytes, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
            switch (byte, next) {
            case (0x5E, 0x5E?): result.append(0x5E)
            case (0x5E, 0x27?): result.append(0x22)
            case (0x5E, 0x6E?), (0x5E, 0x4E?): result.append(0x0A)
            default:
                result.append(byte)
                index += 1
                continue
            }
            index += 2
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A value written as TEXT: `\`, `;` and `,` escaped, line breaks
    /// (LF, CRLF or CR alone) as `\n`.
    package static func escape(_ value: String, into bytes: inout [UInt8]) {
        var previousCR = false
        for byte in value.utf8 {
            switch byte {
            case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
            case 0x3B: bytes.append(0x5C); bytes.append(0x3B)
            case 0x2C: bytes.append(0x5C); bytes.append(0x2C)
            case 0x0A:
                if !previousCR { bytes.append(0x5C); bytes.append(0x6E) }
            case 0x0D: bytes.append(0x5C); bytes.append(0x6E)
            default: bytes.append(byte)
            }
            previousCR = byte == 0x0D
        }
    }

    /// The pieces of `value` between `separator`s; with `escapes`, a
    /// separator after a backslash (itself not escaped) belongs to its
    /// piece. Pieces keep their escapes.
    package static func split(_ value: String, at separator: UInt8, escapes: Bool) -> [Substring] {
        var pieces: [Substring] = []
        let utf8 = value.utf8
        var start = utf8.startIndex
        var index = start
        var escaped = false
        while index != utf8.endIndex {
            let byte = utf8[index]
            if escaped {
                escaped = false
            } else if escapes && byte == 0x5C {
                escaped = true
            } else if byte == separator {
                pieces.append(Substring(utf8[start..<index]))
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        pieces.append(Substring(utf8[start..<utf8.endIndex]))
        return pieces
    }
}
