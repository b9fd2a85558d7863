import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Work over `0..<count` cut into contiguous chunks, one per active core,
/// run at once; the results come back in chunk order, so whatever merges
/// them in that order gives the same bytes on one core or sixteen.
///
/// Settle expands its series this way and Export formats days this way;
/// this is the one place that shares memory between threads (each chunk
/// writes only its own result slot, and its own elements of an array).
package enum ParallelChunks {
    /// The cores this process may use (at least one), asked once: on Linux
    /// each asking reads two cgroup files, and a run asks several times.
    package static let width: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// The chunk ranges of `0..<count` for at most `chunks` chunks: always
    /// at least one (empty when `count` is 0), the earlier ones the longer
    /// by at most one.
    package static func ranges(count: Int, chunks: Int = width) -> [Range<Int>] {
        let parts = max(1, min(chunks, count))
        return (0..<parts).map { index in
            (index * count + parts - 1) / parts..<((index + 1) * count + parts - 1) / parts
        }
    }

    /// `body` on each chunk of `0..<count`, concurrently; the results in
    /// chunk order. One chunk runs on the calling thread.
    package static func map<Result>(count: Int, chunks: Int = width, _ body: @Sendable (Range<Int>) -> Result) -> [Result] {
        let ranges = ranges(count: count, chunks: chunks)
        if ranges.count == 1 { return [body(ranges[0])] }
        var results = [Result?](repeating: nil, count: ranges.count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
                slots.buffer[index] = body(ranges[index])
            }
        }
        return results.map { $0! }
    }
}

extension ParallelChunks {
    /// `body` given the elements of `array` for concurrent work in which
    /// each element is read and written by one chunk alone (`ChunkElements`).
    package static func sharing<Element, Result>(_ array: inout [Element],
                                                 _ body: (ChunkElements<Element>) -> Result) -> Result {
        array.withUnsafeMutableBufferPointer { body(ChunkElements(buffer: $0)) }
    }
}

/// Elements of an array shared by concurrent chunks, each chunk reading
/// and writing only its own.
package struct ChunkElements<Element>: @unchecked Sendable {
    fileprivate let buffer: UnsafeMutableBufferPointer<Element>

    package subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }
}

/// Result slots that concurrent chunks each write their own of.
private struct Slots<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}
