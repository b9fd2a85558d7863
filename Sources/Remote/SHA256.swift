import Crypto

/// SHA-256, fed in pieces as a reply arrives: names cache entries after
/// their address (so no address is written as a file name) and tells a
/// reply that repeats the cached copy. swift-crypto's, which the TLS stack
/// already builds.
package struct SHA256: Sendable {
    private var hasher = Crypto.SHA256()

    package init() {}

    package mutating func update(_ buffer: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: buffer)
    }

    /// The digest in lowercase hexadecimal.
    package consuming func hex() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in hasher.finalize() {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The digest of `text`'s UTF-8 bytes, in hexadecimal.
    package static func hex(_ text: String) -> String {
        var digest = SHA256()
        var text = text
        text.withUTF8 { digest.update(UnsafeRawBufferPointer($0)) }
        return digest.hex()
    }
}
