import Dispatch
import Synchronization

extension ParallelChunks {
    /// Pieces `0..<count` made on every core, each by whichever core is
    /// free next, and handed to `take` in index order on the calling thread
    /// (the same bytes on one core or sixteen). At most `ahead` pieces are
    /// made and not yet taken, so memory holds only them. `make` is given
    /// the piece's index and a worker number below `width`, its own while it
    /// runs (for a cache per worker); the calling thread is worker 0 and
    /// makes pieces too while the next one is not ready. `take` returns false
    /// to stop: no piece after it is taken. `workers` (tests) sets how many
    /// threads make pieces.
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
        defer { pieces.deallocate() }
        let group = DispatchGroup()
        for worker in 1...helpers {
            DispatchQueue.global().async(group: group) { pieces.help(worker: worker, make: make) }
        }
        pieces.lead(make: make, take: take)
        pieces.stopHelpers()
        group.wait()
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

    private enum Step {
        case make(Int)
        case take
        case wait
        case done
    }

    private let count: Int
    private let ahead: Int
    private let ring: UnsafeMutableBufferPointer<Piece?>
    private let state = Mutex(State())
    /// Signalled once for each waiting helper when a piece is taken or work stops.
    private let room = DispatchSemaphore(value: 0)
    /// Signalled when a piece is made while the leader waits.
    private let made = DispatchSemaphore(value: 0)

    init(count: Int, ahead: Int) {
        self.count = count
        self.ahead = ahead
        ring = .allocate(capacity: ahead)
        ring.initialize(repeating: nil)
    }

    func deallocate() {
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

    private func store(_ piece: Piece, at index: Int) {
        let wake = state.withLock { state in
            ring[index % ahead] = piece
            defer { state.leaderWaits = false }
            return state.leaderWaits
        }
        if wake { made.signal() }
    }

    func help(worker: Int, make: (Int, Int) -> Piece) {
        while true {
            let step = state.withLock { state in
                let step = claim(&state)
                if case .wait = step { state.helpersWaiting += 1 }
                return step
            }
            switch step {
            case .make(let index): store(make(index, worker), at: index)
            case .wait: room.wait()
            case .take, .done: return
            }
        }
    }

    func lead(make: (Int, Int) -> Piece, take: (inout Piece) -> Bool) {
        while true {
            var piece: Piece?
            var wakeHelper = false
            let step = state.withLock { state -> Step in
                if state.next == count { return .done }
                if let ready = ring[state.next % ahead].take() {
                    piece = ready
                    state.next += 1
                    if state.helpersWaiting > 0 {
                        state.helpersWaiting -= 1
                        wakeHelper = true
                    }
                    return .take
                }
                let step = claim(&state)
                if case .wait = step { state.leaderWaits = true }
                if case .done = step { state.leaderWaits = true; return .wait }  // the next piece is being made
                return step
            }
            if wakeHelper { room.signal() }
            switch step {
            case .make(let index): store(make(index, 0), at: index)
            case .take:
                guard var taken = piece.take(), take(&taken) else { return }
            case .wait: made.wait()
            case .done: return
            }
        }
    }

    /// Lets every helper finish: waiting ones are woken, and none claims again.
    func stopHelpers() {
        let waiting = state.withLock { state in
            state.stopped = true
            defer { state.helpersWaiting = 0 }
            return state.helpersWaiting
        }
        for _ in 0..<waiting { room.signal() }
    }
}
