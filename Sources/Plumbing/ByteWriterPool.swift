import Synchronization

/// Writers lent and given back with their memory kept: the pieces of
/// `occurrences`, made on every core and written in order, take their
/// writer here, and the output gives each back once its bytes are out,
/// so that the few alive at once are used again, their pages already
/// mapped, instead of a new writer in fresh memory for each.
package final class ByteWriterPool: Sendable {
    private let spare = Mutex<[ByteWriter]>([])
    /// Writers kept at most; more given back are freed.
    private let limit: Int

    package init(limit: Int = 16) {
        self.limit = limit
    }

    /// An empty writer with room for `capacity` bytes, lent if one is kept.
    package func take(capacity: Int) -> ByteWriter {
        let lent = spare.withLock { $0.popLast() }
        if let lent, lent.capacity >= capacity { return lent }
        return ByteWriter(capacity: capacity)
    }

    /// `writer` kept, emptied, for a later `take`; `writer` is left empty.
    /// A writer whose memory something else still holds is let go: emptied,
    /// it would have to be made anew.
    package func give(_ writer: inout ByteWriter) {
        var kept = ByteWriter(capacity: 0)
        swap(&kept, &writer)
        guard kept.capacity > 0, kept.removeAllIfAlone() else { return }
        spare.withLock { spare in
            if spare.count < limit { spare.append(kept) }
        }
    }
}

// A writer is a value: its storage is written only when it alone holds it
// (`reserve` copies it first otherwise), so one may move between threads,
// as the pieces of `occurrences` do from the core that made them to the
// one that writes them.
extension ByteWriter: @unchecked Sendable {}
