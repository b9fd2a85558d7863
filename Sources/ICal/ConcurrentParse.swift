import Foundation

extension ICalStreamParser {
    /// `parse` on a reader thread while the caller's thread handles what it
    /// finds: libical's parsing and our building of events overlap on two
    /// cores. Items arrive in file order, in batches through a bounded
    /// channel, so memory stays flat; returning false from `body` stops the
    /// reader. The source and the parser are used by the reader thread only,
    /// and this returns after that thread is done with them.
    public static func parseConcurrently(_ source: ByteSource, limits: ICalLimits = ICalLimits(),
                                         _ body: (ICalItem) -> Bool) -> Bool {
        let channel = ItemChannel()
        let handoff = SourceHandoff(source: source)
        let thread = Thread {
            let parser = ICalStreamParser(limits: limits)
            var batch: [ICalItem] = []
            batch.reserveCapacity(ItemChannel.batchSize)
            var open = true
            let readOK = parser.parse(handoff.source) { item in
                batch.append(item)
                guard batch.count >= ItemChannel.batchSize else { return true }
                open = channel.put(batch)
                batch.removeAll(keepingCapacity: true)
                return open
            }
            if open && !batch.isEmpty { _ = channel.put(batch) }
            channel.finish(readOK: readOK)
        }
        thread.stackSize = 8 << 20
        thread.start()
        var stopped = false
        while let batch = channel.take() {
            for item in batch where !stopped {
                if !body(item) { stopped = true }
            }
            if stopped { channel.cancel() }
        }
        return channel.readOK
    }
}

/// Hands the source to the reader thread, which alone uses it from then on.
private final class SourceHandoff: @unchecked Sendable {
    let source: ByteSource
    init(source: ByteSource) { self.source = source }
}

/// A bounded FIFO of item batches between the reader thread and the caller.
private final class ItemChannel: @unchecked Sendable {
    static let batchSize = 64
    private static let capacity = 16
    private let condition = NSCondition()
    private var queue: [[ICalItem]] = []
    private var head = 0
    private var finished = false
    private var cancelled = false
    private var ok = true

    /// Waits while the channel is full; false once the reader should stop.
    func put(_ batch: [ICalItem]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count - head >= ItemChannel.capacity && !cancelled { condition.wait() }
        if cancelled { return false }
        queue.append(batch)
        condition.broadcast()
        return true
    }

    func finish(readOK: Bool) {
        condition.lock()
        ok = readOK
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch; nil when the reader has finished and all is taken.
    /// After `cancel`, drains to the reader's end without returning batches.
    func take() -> [ICalItem]? {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count && !finished { condition.wait() }
        if cancelled {
            while !finished { condition.wait() }
            return nil
        }
        guard head < queue.count else { return nil }
        let batch = queue[head]
        queue[head] = []
        head += 1
        if head > 64 && head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return batch
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    var readOK: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ok
    }
}
