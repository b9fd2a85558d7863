/// The 64-bit FNV-1a hash: derived uids (`busylife-…`) and the keys that
/// tell one calendar's UID from another's. Stable across runs and
/// platforms, unlike `Hasher`.
package struct StableHash {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func add(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ add(bytes: $0) }) != nil { return }
        for byte in text.utf8 { add(byte) }
    }

    /// The same for bytes lent in place (a string's own, read without its view).
    package mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
        var hash = value
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        value = hash
    }

    package mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// The hash of the parts, each followed by a separator byte.
    package static func of(_ parts: [String], separator: UInt8 = 0x1F) -> UInt64 {
        var hash = StableHash()
        for part in parts {
            hash.add(part)
            hash.add(separator)
        }
        return hash.value
    }
}

extension String {
    /// Whether both have the same UTF-8 bytes: unlike `==`, two strings that
    /// differ only in Unicode normalization differ here. Compared in place
    /// when both are stored contiguously (nearly always).
    package func hasSameBytes(as other: String) -> Bool {
        other.utf8.withContiguousStorageIfAvailable { hasBytes($0) } ?? utf8.elementsEqual(other.utf8)
    }

    /// Whether its UTF-8 bytes are `bytes`, compared in place when it is
    /// stored contiguously (walking its view byte by byte took ten times
    /// as long).
    package func hasBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count == bytes.count else { return false }
        return utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) } ?? utf8.elementsEqual(bytes)
    }

    /// Without leading and trailing spaces, tabs and line breaks; the same
    /// string (no copy) when there is nothing to trim, which is nearly always.
    package func trimmingBlanks() -> String {
        func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        guard let first = utf8.first, let last = utf8.last, blank(first) || blank(last) else { return self }
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" || f == "\n" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" || l == "\n" { s.removeLast() }
        return String(s)
    }
}

extension Attendee {
    /// The e-mail address of a calendar user address: `mailto:` (any case)
    /// dropped and blanks trimmed; nil when nothing is left.
    package static func email(fromAddress address: String) -> String? {
        var email = address.trimmingBlanks()
        if email.utf8.count >= 7 && hasMailto(email) {
            email = String(Substring(email.utf8.dropFirst(7)))
        }
        return email.isEmpty ? nil : email
    }

    /// Whether `address` starts with `mailto:`, the letters in any case.
    private static func hasMailto(_ address: String) -> Bool {
        let prefix: StaticString = "mailto:"
        var index = 0
        for byte in address.utf8 {
            if index == 7 { return true }
            let expected = prefix.utf8Start[index]
            guard byte == expected || (byte &+ 0x20 == expected && expected != 0x3A) else { return false }
            index += 1
        }
        return index == 7
    }
}
