import Foundation
import Synchronization

extension ICalStreamParser {
    /// `parse` in a pipeline over two threads. The caller's thread splits
    /// lines and collects components (first stage); a reader thread feeds
    /// them to libical, copies the results into Swift values and hands
    /// each item to `prepare` (second stage), which turns it into outputs
    /// (events built, diagnostics, in order); the caller's thread handles
    /// the outputs (`body`), in file order. Both queues are bounded, so
    /// memory stays flat; returning false from `body` stops both stages.
    ///
    /// `prepare` runs on the reader thread only, one item after another,
    /// and never again once this returns: state it keeps needs no lock,
    /// and the caller may read it afterwards. After the last item, unless
    /// `body` has stopped the read by then, `finish` runs there too, for
    /// outputs that waited for the end of the file (what it makes is
    /// dropped if `body` stops meanwhile).
    ///
    /// `body` is handed the outputs a batch at a time, to take them out of
    /// the array (they are not copied); it returns false to stop.
    ///
    /// With `concurrently` false, both stages run on the caller's thread,
    /// one item after another, with the same results: for a small input,
    /// starting a thread (and its allocator's heap, torn down when it
    /// ends) costs more than the pipeline saves.
    ///
    /// `memo` carries what one read leaves for the next on this thread
    /// (`ParseMemo`); it changes nothing in what is read.
    package static func parseConcurrently<Output: Sendable>(
        _ source: ByteSource, limits: ICalLimits = ICalLimits(), concurrently: Bool = true, memo: ParseMemo? = nil,
        prepare: (ICalItem, inout [Output]) -> Void, finish: (inout [Output]) -> Void,
        _ body: (inout [Output]) -> Bool
    ) -> Bool {
        guard concurrently else {
            return parseInSequence(source, limits: limits, memo: memo, prepare: prepare, finish: finish, body)
        }
        return withoutActuallyEscaping(prepare) { prepare in
            withoutActuallyEscaping(finish) { finish in
                let reader = ReaderOnly(prepare, finish: finish)
                defer { reader.clear() }  // the closures must not outlive this call
                return pipeline(source, limits: limits, memo: memo, prepare: reader, body)
            }
        }
    }

    /// Both stages on this thread: each component through libical and
    /// `prepare` as soon as it is collected, its outputs to `body` at once.
    private static func parseInSequence<Output>(_ source: ByteSource, limits: ICalLimits, memo: ParseMemo?,
                                                prepare: (ICalItem, inout [Output]) -> Void,
                                                finish: (inout [Output]) -> Void,
                                                _ body: (inout [Output]) -> Bool) -> Bool {
        var outputs: [Output] = []
        var stopped = false
        func hand() {
            guard !outputs.isEmpty else { return }
            if !body(&outputs) { stopped = true }
            outputs.removeAll(keepingCapacity: true)
        }
        let readOK = items(source, limits: limits, memo: memo) { item in
            prepare(item, &outputs)
            hand()
            return !stopped
        }
        if !stopped {
            finish(&outputs)
            hand()
        }
        return readOK
    }

    /// Each item of `source`, both stages on this thread, to `body`
    /// until it returns false; false when reading the source failed.
    /// What `parseConcurrently` does with `concurrently` false, for a
    /// caller that hands on what it makes of each item itself.
    package static func items(_ source: ByteSource, limits: ICalLimits = ICalLimits(), memo: ParseMemo? = nil,
                              _ body: (ICalItem) -> Bool) -> Bool {
        let parser = ICalStreamParser(limits: limits)
        return lines(source, limits: limits, memo: memo) { parsed in body(parser.item(parsed)) }
    }

    private static func pipeline<Output: Sendable>(_ source: ByteSource, limits: ICalLimits, memo: ParseMemo?,
                                                   prepare: ReaderOnly<Output>, _ body: (inout [Output]) -> Bool) -> Bool {
        let toReader = BatchChannel<Parsed>()
        let toCaller = BatchChannel<Output>()
        // Components and outputs move from one stage to the next, never
        // copied: each is taken out of its batch. The two stages share
        // splitting lines into parameters and value by who is behind:
        // while the reader has batches waiting, the caller's thread does
        // it (`LineTree.LineRead`); otherwise the reader does. Which
        // thread does it changes nothing in what is read.
        let readerDone = BatchChannel<Bool>(capacity: 1)
        let thread = Thread {
            readerStage(limits: limits, prepare: prepare, from: toReader, to: toCaller)
            readerDone.finish()
        }
        thread.stackSize = 8 << 20
        thread.start()

        var stopped = false
        func handle(_ outputs: consuming [Output]) {
            var outputs = outputs
            if !stopped && !body(&outputs) { stopped = true }
            if stopped {
                toReader.cancel()
                toCaller.cancel()
            }
        }
        /// Hands a batch to the reader; while its queue is full, handles
        /// what it has finished (it is busy, so more will come).
        func send(_ batch: inout [Parsed]) {
            while !stopped && !toReader.offer(&batch) {
                guard let outputs = toCaller.take() else { return }
                handle(outputs)
            }
            while !stopped, let outputs = toCaller.poll() { handle(outputs) }
        }

        var batch: [Parsed] = []
        batch.reserveCapacity(BatchChannel<Parsed>.batchSize)
        let readOK = ICalStreamParser.lines(source, limits: limits, memo: memo, splitsLines: { toReader.backlog >= 2 }) { parsed in
            batch.append(parsed)
            if batch.count >= BatchChannel<Parsed>.batchSize {
                send(&batch)
                batch.removeAll(keepingCapacity: true)
                batch.reserveCapacity(BatchChannel<Parsed>.batchSize)
            }
            return !stopped
        }
        if !batch.isEmpty { send(&batch) }
        toReader.finish()
        while !stopped, let outputs = toCaller.take() { handle(outputs) }
        // The reader is done with `prepare` (and its state) before this returns.
        _ = readerDone.take()
        return readOK
    }

    /// The second stage, on the reader thread: each parsed component read
    /// by libical and handed to `prepare`, the outputs on to the caller's
    /// thread; then `finish`, unless the read was stopped.
    private static func readerStage<Output: Sendable>(limits: ICalLimits, prepare: ReaderOnly<Output>,
                                                      from toReader: BatchChannel<Parsed>,
                                                      to toCaller: BatchChannel<Output>) {
        let parser = ICalStreamParser(limits: limits)
        var outputs: [Output] = []
        var stopped = false
        while var batch = toReader.take() {
            outputs.reserveCapacity(batch.count)
            if let body = prepare.body {
                // Each taken out of the batch, not copied; what the
                // reader is done with is freed as it goes.
                for index in batch.indices {
                    var parsed = Parsed.ready(.calendarEnd(line: 0))
                    swap(&parsed, &batch[index])
                    body(parser.item(parsed), &outputs)
                }
            }
            if !toCaller.put(&outputs) { stopped = true; break }
        }
        if !stopped && !toReader.isCancelled && !toCaller.isCancelled, let finish = prepare.finish {
            finish(&outputs)
            if !outputs.isEmpty { _ = toCaller.put(&outputs) }
        }
        toCaller.finish()
    }
}

/// The reader thread's `prepare`, carried to it: only that thread calls
/// it, and only while `parseConcurrently` waits for it, which lets go of
/// it (`clear()`) before returning.
private final class ReaderOnly<Output>: @unchecked Sendable {
    private(set) var body: ((ICalItem, inout [Output]) -> Void)?
    private(set) var finish: ((inout [Output]) -> Void)?

    init(_ body: @escaping (ICalItem, inout [Output]) -> Void, finish: @escaping (inout [Output]) -> Void) {
        self.body = body
        self.finish = finish
    }

    func clear() {
        body = nil
        finish = nil
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

    /// Whether the other side gave up (`cancel`).
    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Batches put and not yet taken (read without the lock: a hint).
    var backlog: Int { pending.load(ordering: .relaxed) }
    private let pending = Atomic<Int>(0)

    /// Waits while full; false once cancelled. A batch taken is moved in
    /// (`batch` left empty): held by the queue alone, its elements can be
    /// taken out on the other side without copying it.
    func put(_ batch: inout [Element]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count - head >= capacity && !cancelled { condition.wait() }
        return append(&batch)
    }

    /// Adds without waiting; false when full (or cancelled), `batch` then
    /// left as it was.
    func offer(_ batch: inout [Element]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard queue.count - head < capacity else { return false }
        return append(&batch)
    }

    private func append(_ batch: inout [Element]) -> Bool {
        if cancelled { return false }
        var taken: [Element] = []
        swap(&taken, &batch)
        queue.append(taken)
        pending.add(1, ordering: .relaxed)
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
        pending.subtract(1, ordering: .relaxed)
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
