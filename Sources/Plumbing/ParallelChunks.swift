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
/// Settle expands its series this way, sorts the window's occurrences and
/// moves them into output order; Export formats days this way. In Settle
/// and Export, memory shared between threads is shared here (each chunk
/// writes only its own result slot, and its own elements of an array)
/// and by `PlacedOccurrences`, whose blocks any chunk reads and from
/// which each occurrence is moved out by one chunk.
package enum ParallelChunks {
    /// The cores this process may use (at least one), asked once: on Linux
    /// each asking reads two cgroup files, and a run asks several times.
    package static let width: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Has libdispatch make its worker threads now, while input is read,
    /// not at the first `map`. On Linux the first `concurrentPerform` of a
    /// process otherwise finds no worker and waits for one to be
    /// made, while the calling thread runs the chunks alone: most of a
    /// year's expansion of a 5,000-event calendar. Once a process (a
    /// library user's small settles start them too); the threads then wait
    /// idle for the work.
    package static func wakeWorkers() {
        _ = workersWoken
    }

    private static let workersWoken: Void = {
        for _ in 1..<width { DispatchQueue.global().async {} }
    }()

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
        // Each chunk initializes its own slot: no optional to unwrap after.
        return Array(unsafeUninitializedCapacity: ranges.count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            let slots = SharedBase(base: base)
            DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
                (slots.base + index).initialize(to: body(ranges[index]))
            }
            initialized = ranges.count
        }
    }
}

extension ParallelChunks {
    /// How many chunks work over `count` elements is cut into: one below
    /// 4,096 (handing work to the other cores would cost more than they
    /// save), else one a core.
    package static func chunks(for count: Int) -> Int {
        count < 4_096 ? 1 : width
    }

    /// An array of `count` elements made in `chunks` at once: `body`
    /// initializes, at `base + position`, the element of every position
    /// in its chunk and of no other.
    package static func makeArray<Element>(count: Int, chunks: Int,
                                           _ body: @Sendable (Range<Int>, UnsafeMutablePointer<Element>) -> Void)
        -> [Element] {
        Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            let shared = SharedBase(base: base)
            _ = map(count: count, chunks: chunks) { range in body(range, shared.base) }
            initialized = count
        }
    }

    /// `body` on each of `ranges` (disjoint ranges of `array`) at once,
    /// given the whole buffer: each writes only its own range.
    package static func update<Element>(_ array: inout [Element], in ranges: [Range<Int>],
                                        _ body: @Sendable (Range<Int>, UnsafeMutableBufferPointer<Element>) -> Void) {
        array.withUnsafeMutableBufferPointer { buffer in
            let shared = Slots(buffer: buffer)
            _ = map(count: ranges.count, chunks: ranges.count) { chunks in
                for chunk in chunks { body(ranges[chunk], shared.buffer) }
            }
        }
    }

    /// `array` sorted by `less`, a strict total order (no two elements
    /// equivalent, so that any sort gives the same array): cut into
    /// `chunks` sorted at once, then merged pair by pair, round by round,
    /// every pair of a round at once and each on two cores (one from the
    /// front, one from the back).
    ///
    /// Each chunk is sorted by `sortChunk` when given (it must order as
    /// `less` does), with room of the chunk's size to use as it likes (one
    /// allocation for all chunks, freed before the merge allocates as much,
    /// which the allocator may give the same memory), else by the standard
    /// library's sort.
    ///
    /// Each half of a merge is made by `mergeHalf` when given (it must
    /// merge as `mergeSortedHalf` does), else by `mergeSortedHalf` itself:
    /// a caller that passes `{ mergeSortedHalf(..., by: its less) }` gets
    /// the merge compiled in its own module for its own elements, where a
    /// generic function of this module is not specialized for them.
    package static func sort<Element: Sendable>(
        _ array: inout [Element], chunks: Int, by less: @Sendable (Element, Element) -> Bool,
        sortChunk: (@Sendable (UnsafeMutableBufferPointer<Element>, UnsafeMutablePointer<Element>) -> Void)? = nil,
        mergeHalf: (@Sendable (UnsafeBufferPointer<Element>, UnsafeMutablePointer<Element>,
                               Range<Int>, Range<Int>, Bool) -> Void)? = nil
    ) {
        var runs = ranges(count: array.count, chunks: max(1, chunks))
        if let sortChunk {
            let room = Room<Element>(capacity: max(1, array.count))
            update(&array, in: runs) { run, buffer in
                sortChunk(UnsafeMutableBufferPointer(rebasing: buffer[run]), room.base + run.lowerBound)
            }
        } else {
            update(&array, in: runs) { run, buffer in
                var elements = UnsafeMutableBufferPointer(rebasing: buffer[run])
                elements.sort(by: less)
            }
        }
        while runs.count > 1 {
            // A last run without a partner is merged with nothing: copied.
            let pairs = stride(from: 0, to: runs.count, by: 2).map { pair in
                (left: runs[pair], right: pair + 1 < runs.count ? runs[pair + 1] : runs[pair].upperBound..<runs[pair].upperBound)
            }
            let source = array
            array = Array(unsafeUninitializedCapacity: source.count) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                source.withUnsafeBufferPointer { source in
                    let shared = MergeBuffers(source: source, destination: base)
                    _ = map(count: 2 * pairs.count, chunks: 2 * pairs.count) { halves in
                        for half in halves {
                            let (left, right, front) = (pairs[half / 2].left, pairs[half / 2].right, half % 2 == 0)
                            if let mergeHalf {
                                mergeHalf(shared.source, shared.destination, left, right, front)
                            } else {
                                mergeSortedHalf(shared.source, into: shared.destination, left, right, front: front, by: less)
                            }
                        }
                    }
                }
                initialized = source.count
            }
            runs = pairs.map { $0.left.lowerBound..<$0.right.upperBound }
        }
    }

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

/// An array's memory, of which concurrent chunks each write their own part.
private struct SharedBase<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
}

/// Memory for elements, left uninitialized, freed with its only owner.
private struct Room<Element>: ~Copyable, @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }
}

/// A sorted array's runs, merged into new memory by two chunks at once.
private struct MergeBuffers<Element>: @unchecked Sendable {
    let source: UnsafeBufferPointer<Element>
    let destination: UnsafeMutablePointer<Element>
}

/// Elements of an array that concurrent chunks each write their own of.
private struct Slots<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}

/// Half of the merge of the sorted `left` and `right` (adjacent runs of
/// `source`) into the same places of `destination`: the smaller half
/// from the front, or the larger from the back (`ParallelChunks.sort`).
/// A free function, inlinable: a module that calls it with its own
/// elements gets it specialized for them, which a member of a `package`
/// type of this module never is.
@inlinable
package func mergeSortedHalf<Element>(_ source: UnsafeBufferPointer<Element>,
                                      into destination: UnsafeMutablePointer<Element>,
                                      _ left: Range<Int>, _ right: Range<Int>, front: Bool,
                                      by less: (Element, Element) -> Bool) {
    let count = left.count + right.count
    let half = count / 2
    if front {
        var (i, j) = (left.lowerBound, right.lowerBound)
        for at in left.lowerBound..<left.lowerBound + half {
            if j < right.upperBound && (i == left.upperBound || less(source[j], source[i])) {
                (destination + at).initialize(to: source[j])
                j += 1
            } else {
                (destination + at).initialize(to: source[i])
                i += 1
            }
        }
    } else {
        var (i, j) = (left.upperBound - 1, right.upperBound - 1)
        for at in stride(from: left.lowerBound + count - 1, through: left.lowerBound + half, by: -1) {
            if i >= left.lowerBound && (j < right.lowerBound || less(source[j], source[i])) {
                (destination + at).initialize(to: source[i])
                i -= 1
            } else {
                (destination + at).initialize(to: source[j])
                j -= 1
            }
        }
    }
}
