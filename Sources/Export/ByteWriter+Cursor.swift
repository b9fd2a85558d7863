import Plumbing

// The cursor lives in the module that writes through it, not in Plumbing
// beside ByteWriter: a call across targets of this package is not inlined
// (package access; SwiftPM enables no cross-module optimization for it),
// and a run of short fields must be plain stores, not calls.
extension ByteWriter {
    /// Plain stores into room reserved once: for a run of short fields
    /// written one after another, with no check of room per field in a
    /// release build.
    ///
    /// Only `write(atMost:_:)` makes one, over the room it has just
    /// reserved, and it ends there (`end`): every store stays below it,
    /// checked in debug builds, where the tests run.
    package struct Cursor {
        package fileprivate(set) var at: UnsafeMutablePointer<UInt8>
        /// The end of the room reserved for this cursor.
        private let end: UnsafeMutablePointer<UInt8>

        /// Over `count` bytes at `at`, room `ByteWriter.reserve` has just made.
        @inline(__always)
        fileprivate init(reserved at: UnsafeMutablePointer<UInt8>, count: Int) {
            self.at = at
            end = at + count
        }

        /// Bytes left before the end of the reserved room.
        package var room: Int { end - at }

        /// Stops a debug build before a store of `length` bytes past the room.
        /// The length is not even worked out in a release build: it is often
        /// `Instant.maxISOBytes`, a call into another module.
        @inline(__always)
        package func claim(_ length: @autoclosure () -> Int) {
            assert(length() <= end - at, "a ByteWriter.Cursor would write past the room reserved")
        }

        @inline(__always)
        package mutating func put(_ text: StaticString) {
            let length = text.utf8CodeUnitCount
            claim(length)
            at.update(from: text.utf8Start, count: length)
            at += length
        }

        /// Bytes as they are.
        @inline(__always)
        package mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            claim(bytes.count)
            at.update(from: base, count: bytes.count)
            at += bytes.count
        }

        /// `true` or `false`.
        @inline(__always)
        package mutating func put(_ value: Bool) {
            if value { put("true") } else { put("false") }
        }

        /// Counts `count` bytes that the caller stored at `at` as written
        /// (a time, written digit by digit by EventModel).
        @inline(__always)
        package mutating func advance(by count: Int) {
            claim(count)
            at += count
        }

        /// Where `body` put its bytes; nil when it returns false.
        @inline(__always)
        package mutating func recording(_ body: (inout Cursor) -> Bool) -> Range<UnsafeMutablePointer<UInt8>>? {
            let from = at
            return body(&self) ? from..<at : nil
        }
    }

    /// Room for `most` bytes, written by `body` through a cursor and
    /// counted when it returns true; when it returns false (a form the
    /// cursor does not write), nothing is counted.
    @inline(__always)
    package mutating func write(atMost most: Int, _ body: (inout Cursor) -> Bool) -> Bool {
        let start = reserve(most)
        var cursor = Cursor(reserved: start, count: most)
        guard body(&cursor) else { return false }
        precondition(cursor.at - start <= most, "wrote past the room reserved")
        commit(cursor.at - start)
        return true
    }
}
