import Foundation

extension ICalStreamParser {
    /// `parse` in a pipeline over two threads. The caller's thread splits
    /// lines and collects components (first stage), a reader thread feeds
    /// them to libical and copies the results into Swift values (second
    /// stage), and the caller's thread handles the items (`body`), in file
    /// order. Both queues are bounded, so memory stays flat; returning
    /// false from `body` stops both stages.
    package static func parseConcurrently(_ source: ByteSource, limits: ICalLimits = ICalLimits(),
                                         _ body: (ICalItem) -> Bool) -> Bool {
        let toReader = BatchChannel<Parsed>()
        let toCaller = BatchChannel<ICalItem>()
        // Memory goes back to the thread that allocated it to be freed
        // there: items the caller is done with return to the reader, spent
        // collected lines to the caller. glibc's malloc is slower when one
        // thread frees what another allocated (measured: 7% less CPU this way).
        let spentItems = BatchChannel<ICalItem>(capacity: 64)
        let spentCollected = BatchChannel<Parsed>(capacity: 8)
        let thread = Thread {
            let parser = ICalStreamParser(limits: limits)
            while let batch = toReader.take() {
                let items = batch.map(parser.item)
                _ = spentCollected.offer(batch)
                while spentItems.poll() != nil {}
                if !toCaller.put(items) { break }
            }
            toCaller.finish()
            while spentItems.poll() != nil {}
        }
        thread.stackSize = 8 << 20
        thread.start()

        var stopped = false
        func handle(_ items: [ICalItem]) {
            for item in items where !stopped {
                if !body(item) { stopped = true }
            }
            _ = spentItems.offer(items)
            while let spent = spentCollected.poll() { _ = spent }
            if stopped {
                toReader.cancel()
                toCaller.cancel()
            }
        }
        /// Hands a batch to the reader; while its queue is full, handles
        /// what it has finished (it is busy, so more will come).
        func send(_ batch: [Parsed]) {
            while !stopped && !toReader.offer(batch) {
                guard let items = toCaller.take() else { return }
                handle(items)
            }
            while !stopped, let items = toCaller.poll() { handle(items) }
        }

        var batch: [Parsed] = []
        batch.reserveCapacity(BatchChannel<Parsed>.batchSize)
        let readOK = ICalStreamParser.lines(source, limits: limits) { parsed in
            batch.append(parsed)
            if batch.count >= BatchChannel<Parsed>.batchSize {
                send(batch)
                batch.removeAll(keepingCapacity: true)
            }
            return !stopped
        }
        if !batch.isEmpty { send(batch) }
        toReader.finish()
        while !stopped, let items = toCaller.take() { handle(items) }
        while let spent = spentCollected.poll() { _ = spent }
        return readOK
    }
}

/// A bounded FIFO of batches between two threads.
private final class BatchChannel<Element: Sendable>: @unchecked Sendable {
    static var batchSize: Int { 64 }
    private let capacity: Int
    private let condition = NSCondition()
    private var queue: [[Element]] = []
    private var head = 0
    private var finished = false
    private var cancelled = false

    init(capacity: Int = 4) { self.capacity = capacity }

    /// Waits while full; false once cancelled.
    func put(_ batch: [Element]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count - head >= capacity && !cancelled { condition.wait() }
        return append(batch)
    }

    /// Adds without waiting; false when full (or cancelled).
    func offer(_ batch: [Element]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard queue.count - head < capacity else { return false }
        return append(batch)
    }

    private func append(_ batch: [Element]) -> Bool {
        if cancelled { return false }
        queue.append(batch)
        condition.broadcast()
        return true
    }

    /// The next batch, waiting for one; nil once finished and empty, or cancelled.
    func take() -> [Element]? {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count && !finished && !cancelled { condition.wait() }
        return next()
    }

    /// The next batch if one is there now.
    func poll() -> [Element]? {
        condition.lock()
        defer { condition.unlock() }
        return next()
    }

    private func next() -> [Element]? {
        guard !cancelled, head < queue.count else { return nil }
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

    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
