/// Splits a byte stream into unfolded content lines (RFC 5545 3.1) without
/// holding more than one chunk and one line: CRLF or LF endings (or CR
/// alone, as classic Mac OS wrote, when the first line ends so), a line
/// that starts with a space or tab continues the previous one.
///
/// We unfold here rather than in libical because libical's cost grows with
/// the square of a line's length; a line over the limit is cut off and
/// flagged, never buffered whole.
struct ContentLineReader {
    private let source: ByteSource
    private let maxLineBytes: Int
    private var chunk: UnsafeMutableRawBufferPointer
    private var chunkCount = 0
    private var position = 0
    private var physicalLine = 0

    /// The logical line being built, its first physical line, and whether
    /// it overflowed: in `current`, or while it is one physical line that
    /// the chunk holds whole (most lines), left there (`span`), not copied.
    private var current: [UInt8] = []
    private var span: Range<Int>?
    private var currentLine = 0
    private var currentOverflow = false
    /// CRs read after `current` and not yet in it: the line ending's
    /// (CRLF, CR CR LF) when the LF comes next, the line's own bytes when
    /// anything else does. Held as a count, so that the limit is a limit
    /// on the line without its ending, and a run of CRs is never buffered.
    private var pendingCRs = 0
    private var hasCurrent = false
    private(set) var readFailed = false
    /// The byte that ends a line: LF, or CR for a file whose first line ends in CR alone.
    private var lineEnd: UInt8 = 0x0A
    private var lineEndKnown = false
    /// The first CR, not after a LF, ended the last chunk: the next one's
    /// first byte tells what it ends.
    private var crEndedChunk = false

    init(source: ByteSource, maxLineBytes: Int, chunkSize: Int = 1 << 17) {
        self.source = source
        self.maxLineBytes = maxLineBytes
        // A small file's chunk is sized by it: one of a vdir's files took
        // a chunk for a large one.
        let size = source.smallSizeBound.map { min(chunkSize, max($0, 64)) } ?? chunkSize
        self.chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
    }

    func deallocate() { chunk.deallocate() }

    /// The input's first chunk, read if it was not yet: called before
    /// `forEachLine`, to tell a start read before (`ParseMemo`).
    mutating func withStart<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if chunkCount == 0 && physicalLine == 0 { _ = refill() }
        return body(UnsafeRawBufferPointer(rebasing: chunk[0..<chunkCount]))
    }

    /// Passes over the first `bytes` bytes of the first chunk, `lines`
    /// whole physical lines ending in LF that `forEachLine` is not to
    /// give (`FilePrefix`): it goes on from the line after them.
    mutating func pass(bytes: Int, lines: Int) {
        position = bytes
        physicalLine = lines
    }

    /// Calls `body` with each logical line (without its line ending), the
    /// physical line where it starts, and whether it was cut at the limit
    /// (it then holds the line's first `maxLineBytes` bytes, wherever the
    /// chunks ended). `body` returns false to stop reading.
    mutating func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, Int, Bool) -> Bool) {
        while true {
            // At the start of a physical line: make sure a byte is there to peek at.
            if position == chunkCount {
                keepSpan()  // the chunk is about to be written over
                guard refill() else { break }
            }
            physicalLine += 1
            let first = chunk.load(fromByteOffset: position, as: UInt8.self)
            if (first == 0x20 || first == 0x09) && hasCurrent {
                keepSpan()  // folded continuation: the line goes on in `current`
                position += 1  // drop the one white-space byte
            } else {
                if hasCurrent, !emit(body) { return }
                hasCurrent = true
                currentLine = physicalLine
                if lineInChunk() { continue }
            }
            // Append bytes up to the line feed, across chunks.
            while true {
                if position == chunkCount {
                    guard refill() else { break }
                }
                let base = chunk.baseAddress! + position
                let available = chunkCount - position
                if let lf = memchr(base, Int32(lineEnd), available) {
                    let length = lf - base
                    append(base, length)
                    position += length + 1
                    pendingCRs = 0  // CRLF, and CR CR LF: the line's ending
                    break
                }
                append(base, available)
                position = chunkCount
            }
        }
        // The input ends without a line ending: CRs before its end are the line's.
        appendPendingCRs()
        if hasCurrent { _ = emit(body) }
        hasCurrent = false
    }

    /// Takes a new logical line's first physical line as the span of the
    /// chunk it lies in, if the chunk holds its end and it is within the
    /// limit; false, with nothing read, otherwise.
    private mutating func lineInChunk() -> Bool {
        let start = position
        guard let chunkBase = chunk.baseAddress else { return false }
        let base = chunkBase + start
        guard let lf = memchr(base, Int32(lineEnd), chunkCount - start) else { return false }
        var length = lf - base
        while length > 0 && chunk[start + length - 1] == 0x0D { length -= 1 }  // CRLF, and CR CR LF
        guard length <= maxLineBytes else { return false }
        position = start + (lf - base) + 1
        span = start..<start + length
        return true
    }

    /// The line left in the chunk, copied into `current` (which is empty
    /// then): it goes on in another physical line, or the chunk is refilled.
    private mutating func keepSpan() {
        guard let range = span else { return }
        reserveCurrent()
        current.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[range]))
        span = nil
    }

    /// Room for a line in `current`, made when a line first needs it (most
    /// of a small file's lines never do).
    private mutating func reserveCurrent() {
        if current.capacity == 0 { current.reserveCapacity(4096) }
    }

    /// Adds bytes read of the line; CRs at their end wait (`pendingCRs`).
    private mutating func append(_ bytes: UnsafeRawPointer, _ count: Int) {
        guard count > 0, !currentOverflow else { return }
        reserveCurrent()
        var content = count
        while content > 0 && bytes.load(fromByteOffset: content - 1, as: UInt8.self) == 0x0D { content -= 1 }
        guard content > 0 else {
            pendingCRs += count
            return
        }
        appendPendingCRs()
        appendWithinLimit(bytes, content)
        pendingCRs = count - content
    }

    /// The CRs waiting, as the line's own bytes: something other than the
    /// line ending followed them.
    private mutating func appendPendingCRs() {
        guard pendingCRs > 0, !currentOverflow else { return }
        let room = max(0, maxLineBytes - current.count)
        current.append(contentsOf: repeatElement(0x0D, count: min(pendingCRs, room)))
        if pendingCRs > room { currentOverflow = true }  // cut at the limit, as `appendWithinLimit` cuts
        pendingCRs = 0
    }

    private mutating func appendWithinLimit(_ bytes: UnsafeRawPointer, _ count: Int) {
        guard count > 0, !currentOverflow else { return }
        if current.count + count > maxLineBytes {
            // The line's first bytes up to the limit, and nothing after.
            current.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: maxLineBytes - current.count))
            currentOverflow = true
            return
        }
        current.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: count))
    }

    private mutating func emit(_ body: (UnsafeBufferPointer<UInt8>, Int, Bool) -> Bool) -> Bool {
        hasCurrent = false
        if let range = span {
            span = nil
            guard !range.isEmpty else { return true }
            return body(UnsafeRawBufferPointer(rebasing: chunk[range]).assumingMemoryBound(to: UInt8.self), currentLine, false)
        }
        defer {
            current.removeAll(keepingCapacity: current.capacity <= 1 << 16)
            currentOverflow = false
            pendingCRs = 0
        }
        if current.isEmpty && !currentOverflow { return true }
        return current.withUnsafeBufferPointer { body($0, currentLine, currentOverflow) }
    }

    private mutating func refill() -> Bool {
        let n = source.read(into: chunk)
        if n < 0 { readFailed = true }
        guard n > 0 else { return false }
        chunkCount = n
        position = 0
        if !lineEndKnown { findLineEnd() }
        return true
    }

    /// LF unless the first line ending of the input is a CR not followed by LF.
    private mutating func findLineEnd() {
        let base = chunk.baseAddress!
        if crEndedChunk {
            lineEndKnown = true
            let next = chunk.load(fromByteOffset: 0, as: UInt8.self)
            if next != 0x0A && next != 0x0D { lineEnd = 0x0D }
            return
        }
        guard let cr = memchr(base, 0x0D, chunkCount) else {
            lineEndKnown = memchr(base, 0x0A, chunkCount) != nil
            return
        }
        let offset = UnsafeRawPointer(cr) - UnsafeRawPointer(base)
        if memchr(base, 0x0A, offset) != nil {  // a LF comes first
            lineEndKnown = true
            return
        }
        guard offset + 1 < chunkCount else {  // decided by the next chunk's first byte
            crEndedChunk = true
            return
        }
        lineEndKnown = true
        // CR alone; a CR before another CR is a doubled CRLF (`\r\r\n`), not Mac.
        if chunk[offset + 1] != 0x0A && chunk[offset + 1] != 0x0D { lineEnd = 0x0D }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
