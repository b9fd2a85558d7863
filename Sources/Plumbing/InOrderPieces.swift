import Dispatch
import Synchronization

extension ParallelChunks {
    /// Pieces `0..<count` made on every core, each by whichever core is
    /// free next, and handed to `take` in index order on the calling thread
    /// (the same bytes on one core or sixteen). At most
    /// `max(ahead, helpers + 1)` pieces are made and not yet taken (one
    /// helper thread for each worker but the caller), so memory holds only
    /// them and the one being taken. `make` is given the piece's index and
    /// a worker number below `workers`, its own while it runs (for a cache
    /// per worker); the calling thread is worker 0 and makes pieces too
    /// while the next one is not ready. `take` returns false to stop: no
    /// piece after it is taken, and no `make` runs once this returns.
    ///
    /// A round of `map` per batch waits for its slowest chunk, and on Linux
    /// often for a worker thread to wake: writing 182,978 occurrences ran on
    /// 1.2 cores that way. Here the helpers run from the first piece to the
    /// last, and the caller writes one piece while they make the next.
    package static func inOrder<Piece>(count: Int, ahead: Int, workers: Int = width,
                                       make: @escaping @Sendable (_ index: Int, _ worker: Int) -> Piece,
                                       take: (inout Piece) -> Bool) {
        let helpers = min(workers - 1, count - 1)
        guard helpers > 0 else {
            for index in 0..<count {
                var piece = make(index, 0)
                if !take(&piece) { return }
            }
            return
        }
        let pieces = InOrderPieces<Piece>(count: count, ahead: max(ahead, helpers + 1))
        for worker in 1...helpers {
            DispatchQueue.global().async { pieces.help(worker: worker, make: make) }
        }
        pieces.lead(make: make, take: take)
        pieces.stopHelpers()
    }
}

/// The pieces of one `inOrder` between the calling thread (the leader,
/// which takes them in order) and its helpers. A piece's place in `ring`
/// is its index modulo `ahead`; the ring and the counters are touched only
/// under `state`'s lock.
private final class InOrderPieces<Piece>: @unchecked Sendable {
    private struct State {
        var claimed = 0      // pieces handed out to be made
        var next = 0         // the piece the leader takes next
        var stopped = false
        var leaderWaits = false
        var helpersWaiting = 0
    }

    /// What a thread does next.
    private enum Step {
        case make(Int)
        case take(Piece)
        case wait
        case done
    }

    private let count: Int
    private let ahead: Int
    private let ring: UnsafeMutableBufferPointer<Piece?>
    private let state = Mutex(State())
    /// Helpers that started before the stop: the leader waits for them to
    /// finish. One that starts after it does nothing, so the leader never
    /// waits for a block the system has not run yet (a busy pool of
    /// threads adds one about once a second).
    private let working = DispatchGroup()
    /// Signalled for one waiting helper when a piece is taken, for all of
    /// them when work stops.
    private let room = DispatchSemaphore(value: 0)
    /// Signalled when a piece is made while the leader waits.
    private let made = DispatchSemaphore(value: 0)

    init(count: Int, ahead: Int) {
        self.count = count
        self.ahead = ahead
        ring = .allocate(capacity: ahead)
        ring.initialize(repeating: nil)
    }

    /// After the last helper let go: one that started after the stop
    /// still holds this, though it touches only `state`.
    deinit {
        _ = ring.deinitialize()
        ring.deallocate()
    }

    /// A piece to make, if one is left and there is room for it.
    private func claim(_ state: inout State) -> Step {
        if state.stopped || state.claimed == count { return .done }
        guard state.claimed < state.next + ahead else { return .wait }
        state.claimed += 1
        return .make(state.claimed - 1)
    }

    /// `piece` into its place, moved (no reference to it left here).
    private func store(_ piece: inout Piece?, at index: Int) {
        let wake = state.withLock { state in
            ring[index % ahead] = piece.take()
            defer { state.leaderWaits = false }
            return state.leaderWaits
        }
        if wake { made.signal() }
    }

    func help(worker: Int, make: (Int, Int) -> Piece) {
        let started = state.withLock { state in
            if state.stopped { return false }
            working.enter()
            return true
        }
        guard started else { return }
        defer { working.leave() }
        while true {
            let step = state.withLock { state in
                let step = claim(&state)
                if case .wait = step { state.helpersWaiting += 1 }
                return step
            }
            switch step {
            case .make(let index):
                var piece: Piece? = make(index, worker)
                store(&piece, at: index)
            case .wait: room.wait()
            case .take, .done: return
            }
        }
    }

    func lead(make: (Int, Int) -> Piece, take: (inout Piece) -> Bool) {
        while true {
            var wakeHelper = false
            var step = state.withLock { state -> Step in
                if state.next == count { return .done }
                if let ready = ring[state.next % ahead].take() {
                    state.next += 1
                    if state.helpersWaiting > 0 {
                        state.helpersWaiting -= 1
                        wakeHelper = true
                    }
                    return .take(ready)
                }
                switch claim(&state) {
                case .done, .wait:
                    // The next piece is being made.
                    state.leaderWaits = true
                    return .wait
                case let step: return step
                }
            }
            if wakeHelper { room.signal() }
            switch step {
            case .make(let index):
                var piece: Piece? = make(index, 0)
                store(&piece, at: index)
            case .take(var piece):
                // `take` is handed the piece's only reference: the step
                // would keep a second one until the loop went round, and
                // a writer handed on would then be shared, its memory
                // held past its writing.
                step = .wait
                guard take(&piece) else { return }
            case .wait: made.wait()
            case .done: return
            }
        }
    }

    /// Stops the helpers and waits for those that started: waiting ones are
    /// woken, none claims again, and none starts work after this.
    func stopHelpers() {
        let waiting = state.withLock { state in
            state.stopped = true
            defer { state.helpersWaiting = 0 }
            return state.helpersWaiting
        }
        for _ in 0..<waiting { room.signal() }
        working.wait()
    }
}
