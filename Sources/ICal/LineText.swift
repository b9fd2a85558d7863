/// One logical line, checked: binary bytes found, invalid UTF-8 repaired.
struct LineText {
    private let raw: UnsafeBufferPointer<UInt8>
    private var repaired: [UInt8]?
    /// NUL or C0 control bytes other than tab: not text.
    private(set) var hasBinary = false
    var repairedUTF8: Bool { repaired != nil }

    init(_ raw: UnsafeBufferPointer<UInt8>) {
        self.raw = raw
        var high: UInt8 = 0
        var control = false
        var index = 0
        if let base = raw.baseAddress {
            // Eight bytes at a time while none is a control byte (below
            // 0x20, tab included, or 0x7F); high bits gathered on the way.
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            var highWord: UInt64 = 0
            while index &+ 8 <= raw.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let low = (word &- ones &* 0x20) & ~word
                let delete = word ^ (ones &* 0x7F)
                if (low | ((delete &- ones) & ~delete)) & highs != 0 { break }
                highWord |= word
                index &+= 8
            }
            if highWord & highs != 0 { high = 0x80 }
        }
        while index < raw.count {
            let byte = raw[index]
            high |= byte
            if byte < 0x20 && byte != 0x09 { control = true }
            if byte == 0x7F { control = true }
            index &+= 1
        }
        hasBinary = control
        if !control && high & 0x80 != 0 {
            if String(validating: raw, as: UTF8.self) == nil {
                repaired = Array(String(decoding: raw, as: UTF8.self).utf8)
            }
        }
    }

    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let repaired { return repaired.withUnsafeBufferPointer(body) }
        return body(raw)
    }

    /// Its first byte, upper-cased if a letter; 0 for an empty line. (A
    /// repaired line starts with the same byte when that byte is ASCII.)
    var firstUpper: UInt8 { raw.first.map(asciiUpper) ?? 0 }

    /// The upper-cased, trimmed rest of the line if it starts with `keyword`
    /// (`BEGIN:` or `END:`, matched case-insensitively); empty when nothing
    /// but blanks follows it.
    func keyword(_ keyword: StaticString) -> String? {
        withBytes { bytes in
            let count = keyword.utf8CodeUnitCount
            guard bytes.count >= count else { return nil }
            let key = keyword.utf8Start
            for i in 0..<count where asciiUpper(bytes[i]) != key[i] { return nil }
            var low = count, high = bytes.count
            while low < high && (bytes[low] == 0x20 || bytes[low] == 0x09) { low += 1 }
            while high > low && (bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09) { high -= 1 }
            guard low < high else { return "" }
            let rest = UnsafeBufferPointer(rebasing: bytes[low..<high])
            guard rest.allSatisfy({ $0 < 0x80 }) else { return String(decoding: rest, as: UTF8.self).uppercased() }
            // Component names are ASCII: upper-cased as the string is made.
            return String(unsafeUninitializedCapacity: rest.count) { buffer in
                for i in 0..<rest.count { buffer[i] = asciiUpper(rest[i]) }
                return rest.count
            }
        }
    }
}

@inline(__always) func asciiUpper(_ byte: UInt8) -> UInt8 {
    byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
