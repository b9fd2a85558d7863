#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ICal

/// Why a JSON text stopped being readable.
enum JSONReadError: Error {
    /// Not JSON (RFC 8259) from here on: what was wrong, at this line and byte column.
    case syntax(String, line: Int, column: Int)
    /// The source failed with this errno.
    case read(Int32)
}

/// A pull tokenizer of JSON (RFC 8259) over a `ByteSource`, one chunk in
/// memory at a time: however large the text, only the current chunk and
/// the current string are held. Strings are decoded (escapes, surrogate
/// pairs) into `text`; numbers are checked against the JSON grammar and
/// converted; nesting is the caller's business, except in `skipValue`,
/// which skips any value without recursion, at any depth.
///
/// Unpaired `\u` surrogates and invalid UTF-8 in strings that are read
/// become U+FFFD, and `repairedTextLine` says where the first one was.
final class JSONTokenizer {
    enum Token: Equatable {
        case beginArray, endArray, beginObject, endObject, comma, colon
        /// A string, decoded into `text` (UTF-8 bytes, maybe invalid).
        case string
        case number(Double)
        case bool(Bool)
        case null
        /// No more tokens.
        case end
    }

    private let source: ByteSource
    private let buffer: UnsafeMutableRawBufferPointer
    private var count = 0
    private var position = 0
    /// Offset in the whole text of `buffer[0]`, and of the current line's first byte.
    private var bufferOffset = 0
    private var lineOffset = 0
    private var line = 1
    /// Where the last token began.
    private(set) var tokenLine = 1
    private(set) var tokenColumn = 1
    /// The decoded bytes of the last `.string` token.
    private(set) var text: [UInt8] = []
    /// A high surrogate escape waiting for its low half.
    private var pendingHigh: UInt32?
    private var textRepaired = false
    /// The last `.number` token as written (JSON's grammar, checked).
    private(set) var numberText: [UInt8] = []
    /// The line of the first string that needed a repair, once read with `string()`.
    private(set) var repairedTextLine: Int?

    init(source: ByteSource, chunkSize: Int = 1 << 16) {
        self.source = source
        buffer = .allocate(byteCount: chunkSize, alignment: 1)
    }

    deinit { buffer.deallocate() }

    /// The last `.string` token as a String: bad UTF-8 becomes U+FFFD (noted in `repairedTextLine`).
    func string() -> String {
        // ASCII (nearly always) needs no validation: `String(validating:)`
        // is generic and costly a call.
        if !textRepaired, text.withUnsafeBufferPointer({ $0.allSatisfy { $0 < 0x80 } }) {
            return String(decoding: text, as: UTF8.self)
        }
        if !textRepaired, let valid = String(validating: text, as: UTF8.self) { return valid }
        if repairedTextLine == nil { repairedTextLine = tokenLine }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether the last `.string` token is exactly this text.
    func textIs(_ expected: String) -> Bool {
        var expected = expected
        return expected.withUTF8 { bytes in
            bytes.count == text.count && text.withUnsafeBufferPointer { $0.elementsEqual(bytes) }
        }
    }

    func next() throws(JSONReadError) -> Token {
        while true {
            guard let byte = try peek() else {
                markToken()
                return .end
            }
            switch byte {
            case 0x20, 0x09, 0x0D:
                position += 1
                continue
            case 0x0A:
                position += 1
                line += 1
                lineOffset = bufferOffset + position
                continue
            default:
                break
            }
            markToken()
            switch byte {
            case UInt8(ascii: "["): position += 1; return .beginArray
            case UInt8(ascii: "]"): position += 1; return .endArray
            case UInt8(ascii: "{"): position += 1; return .beginObject
            case UInt8(ascii: "}"): position += 1; return .endObject
            case UInt8(ascii: ","): position += 1; return .comma
            case UInt8(ascii: ":"): position += 1; return .colon
            case UInt8(ascii: "\""):
                position += 1
                try readString()
                return .string
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(try readNumber())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default: throw syntax("unexpected \(Self.describe(byte))")
            }
        }
    }

    /// Skips the value that `first` begins (already read), checking its
    /// syntax, without recursion: one bit a level of nesting.
    func skipValue(_ first: Token) throws(JSONReadError) {
        switch first {
        case .string, .number, .bool, .null: return
        case .beginArray, .beginObject: break
        default: throw unexpected(first, expected: "a value")
        }
        // Open containers, one bit each: 1 for an object.
        var kinds: [UInt64] = [first == .beginObject ? 1 : 0]
        var depth = 1
        var isObject = first == .beginObject
        var afterOpen = true
        while true {
            var token = try next()
            if token == (isObject ? .endObject : .endArray) {
                depth -= 1
                if depth == 0 { return }
                isObject = kinds[(depth - 1) >> 6] & (1 << UInt64((depth - 1) & 63)) != 0
                afterOpen = false
                continue
            }
            if !afterOpen {
                guard token == .comma else { throw unexpected(token, expected: isObject ? "',' or '}'" : "',' or ']'") }
                token = try next()  // a closing bracket here is a trailing comma: refused below
            }
            if isObject {
                guard token == .string else { throw unexpected(token, expected: "a key") }
                let colon = try next()
                guard colon == .colon else { throw unexpected(colon, expected: "':'") }
                token = try next()
            }
            switch token {
            case .string, .number, .bool, .null:
                afterOpen = false
            case .beginArray, .beginObject:
                isObject = token == .beginObject
                if depth >> 6 == kinds.count { kinds.append(0) }
                let bit: UInt64 = 1 << UInt64(depth & 63)
                if isObject { kinds[depth >> 6] |= bit } else { kinds[depth >> 6] &= ~bit }
                depth += 1
                afterOpen = true
            default:
                throw unexpected(token, expected: "a value")
            }
        }
    }

    /// An error for a token that is not what the grammar wants here.
    func unexpected(_ token: Token, expected: String) -> JSONReadError {
        .syntax("expected \(expected), found \(Self.describe(token))", line: tokenLine, column: tokenColumn)
    }

    static func describe(_ token: Token) -> String {
        switch token {
        case .beginArray: "'['"
        case .endArray: "']'"
        case .beginObject: "'{'"
        case .endObject: "'}'"
        case .comma: "','"
        case .colon: "':'"
        case .string: "a string"
        case .number: "a number"
        case .bool(let value): "\(value)"
        case .null: "null"
        case .end: "the end of the file"
        }
    }

    // MARK: Bytes

    /// The next byte, not consumed; nil at the end.
    @inline(__always)
    private func peek() throws(JSONReadError) -> UInt8? {
        if position == count {
            try refill()
            if count == 0 { return nil }
        }
        return buffer[position]
    }

    private func refill() throws(JSONReadError) {
        bufferOffset += count
        position = 0
        count = 0
        let n = source.read(into: buffer)
        if n < 0 { throw .read(errno) }
        count = n
    }

    private func markToken() {
        tokenLine = line
        tokenColumn = bufferOffset + position - lineOffset + 1
    }

    /// A syntax error at the current byte.
    private func syntax(_ message: String) -> JSONReadError {
        .syntax(message, line: line, column: bufferOffset + position - lineOffset + 1)
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" : "") + hex
    }

    private func word(_ expected: StaticString) throws(JSONReadError) {
        let bytes = UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount)
        for byte in bytes {
            let found = try peek()
            guard found == byte else {
                throw syntax("unexpected \(found.map(Self.describe) ?? "end of the file") (in what looks like \(expected))")
            }
            position += 1
        }
    }

    // MARK: Strings

    private func readString() throws(JSONReadError) {
        text.removeAll(keepingCapacity: true)
        textRepaired = false
        pendingHigh = nil
        while true {
            if position == count {
                try refill()
                if count == 0 { throw .syntax("a string that never ends", line: tokenLine, column: tokenColumn) }
            }
            var end = position
            while end < count {
                let byte = buffer[end]
                if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
                end += 1
            }
            if end > position {
                flushSurrogate()
                text.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[position..<end]))
                position = end
            }
            if end == count { continue }
            let byte = buffer[position]
            if byte == 0x22 {
                position += 1
                flushSurrogate()
                return
            }
            if byte < 0x20 {
                throw syntax(byte == 0x0A ? "a line break inside a string (write it as \\n)"
                                          : "control character \(Self.describe(byte)) inside a string")
            }
            position += 1
            guard let escape = try peek() else { throw syntax("a string that never ends") }
            position += 1
            if escape == UInt8(ascii: "u") {
                try unicodeEscape()
                continue
            }
            flushSurrogate()
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            default:
                position -= 1
                throw syntax("unknown escape \\\(Self.describe(escape))")
            }
        }
    }

    /// `\uXXXX` (the `\u` read): a scalar, or one half of a surrogate pair.
    private func unicodeEscape() throws(JSONReadError) {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek() else { throw syntax("a string that never ends") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw syntax("\\u wants four hex digits, found \(Self.describe(byte))")
            }
            unit = unit << 4 | UInt32(digit)
            position += 1
        }
        switch unit {
        case 0xD800...0xDBFF:
            flushSurrogate()
            pendingHigh = unit
        case 0xDC00...0xDFFF:
            if let high = pendingHigh {
                pendingHigh = nil
                append(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))
            } else {
                textRepaired = true
                append(0xFFFD)
            }
        default:
            flushSurrogate()
            append(unit)
        }
    }

    /// A high surrogate not followed by its low half becomes U+FFFD.
    private func flushSurrogate() {
        guard pendingHigh != nil else { return }
        pendingHigh = nil
        textRepaired = true
        append(0xFFFD)
    }

    private func append(_ scalar: UInt32) {
        guard let value = Unicode.Scalar(scalar) else { return }
        text.append(contentsOf: UTF8.encode(value)!)
    }

    // MARK: Numbers

    /// A number by the JSON grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    /// Values past Double's range are ±infinity (the caller says they are out of range).
    private func readNumber() throws(JSONReadError) -> Double {
        numberText.removeAll(keepingCapacity: true)
        var negative = false
        // Clinger's fast path: up to 15 significant digits and a power of
        // ten up to 22 are exact doubles, so one multiplication or division
        // rounds correctly.
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var exact = true
        if try peek() == UInt8(ascii: "-") {
            negative = true
            take(UInt8(ascii: "-"))
        }
        guard let first = try peek(), isDigit(first) else { throw syntax("a number wants a digit after '-'") }
        if first == UInt8(ascii: "0") {
            take(first)
        } else {
            while let byte = try peek(), isDigit(byte) {
                take(byte)
                addDigit(byte, &mantissa, &digits, &exact)
            }
        }
        if try peek() == UInt8(ascii: ".") {
            take(UInt8(ascii: "."))
            guard let byte = try peek(), isDigit(byte) else { throw syntax("a number wants a digit after '.'") }
            while let byte = try peek(), isDigit(byte) {
                take(byte)
                addDigit(byte, &mantissa, &digits, &exact)
                scale -= 1
            }
        }
        if let byte = try peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            take(byte)
            exact = false
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { take(sign) }
            guard let digit = try peek(), isDigit(digit) else { throw syntax("a number wants a digit in its exponent") }
            while let digit = try peek(), isDigit(digit) { take(digit) }
        }
        if let byte = try peek(), byte >= 0x80 || byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: ".") {
            throw syntax("unexpected \(Self.describe(byte)) in a number")
        }
        if exact && digits <= 15 && scale >= -22 {
            let value = scale == 0 ? Double(mantissa) : Double(mantissa) / Self.powersOfTen[-scale]
            return negative ? -value : value
        }
        let string = String(decoding: numberText, as: UTF8.self)
        if let value = Double(string) { return value }
        return negative ? -.infinity : .infinity
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    @inline(__always) private func take(_ byte: UInt8) {
        numberText.append(byte)
        position += 1
    }

    @inline(__always) private func addDigit(_ byte: UInt8, _ mantissa: inout UInt64, _ digits: inout Int, _ exact: inout Bool) {
        if digits == 0 && byte == UInt8(ascii: "0") { return }  // leading zeros of a fraction
        digits += 1
        if digits > 15 { exact = false; return }
        mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
