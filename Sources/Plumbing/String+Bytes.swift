extension String {
    /// Whether both have the same UTF-8 bytes: unlike `==`, two strings that
    /// differ only in Unicode normalization differ here (two file names
    /// that differ so are two files). Compared in place when both are
    /// stored contiguously, nearly always.
    func hasSameBytes(as other: String) -> Bool {
        other.utf8.withContiguousStorageIfAvailable { hasBytes($0) } ?? utf8.elementsEqual(other.utf8)
    }

    /// Whether its UTF-8 bytes are `bytes`, compared in place when it is
    /// stored contiguously (walking its view byte by byte is far slower).
    func hasBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count == bytes.count else { return false }
        return utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) } ?? utf8.elementsEqual(bytes)
    }
}
