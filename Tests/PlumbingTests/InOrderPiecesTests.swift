import Plumbing
import Synchronization
import Testing

/// `ParallelChunks.inOrder`: every piece made once, taken in order on the
/// calling thread, never more than `ahead` made and not taken, each worker
/// number used by one thread at a time, and a stop that ends it.
@Suite struct InOrderPiecesTests {
    private final class Record: Sendable {
        let made = Mutex<[Int]>([])
        let busyWorkers = Mutex<Set<Int>>([])
        let taken = Atomic<Int>(0)
        let faults = Mutex<[String]>([])

        func fault(_ text: String) { faults.withLock { $0.append(text) } }
    }

    @Test(arguments: [1, 2, 3, 5])
    func piecesComeInOrderWhoeverMakesThem(workers: Int) {
        for count in [0, 1, 2, 3, 17, 300] {
            for ahead in [1, 2, 8] {
                let record = Record()
                var taken: [Int] = []
                ParallelChunks.inOrder(count: count, ahead: ahead, workers: workers) { index, worker in
                    if !record.busyWorkers.withLock({ $0.insert(worker).inserted }) { record.fault("worker \(worker) twice") }
                    if worker >= workers { record.fault("worker \(worker) of \(workers)") }
                    // Taken lags the leader's count by at most the piece being taken.
                    if index >= record.taken.load(ordering: .sequentiallyConsistent) + max(ahead, workers) + 1 {
                        record.fault("piece \(index) made too far ahead")
                    }
                    if index % 7 == 3 { for _ in 0..<(index % 5) * 2_000 { _ = record.taken.load(ordering: .relaxed) } }
                    record.made.withLock { $0.append(index) }
                    record.busyWorkers.withLock { _ = $0.remove(worker) }
                    return [index, index * index]
                } take: { piece in
                    taken.append(piece[0])
                    if piece[1] != piece[0] * piece[0] { record.fault("piece \(piece[0]) mixed up") }
                    record.taken.add(1, ordering: .sequentiallyConsistent)
                    return true
                }
                #expect(taken == Array(0..<count), "\(count) pieces, \(workers) workers, \(ahead) ahead")
                #expect(record.made.withLock { $0.sorted() } == Array(0..<count))
                #expect(record.faults.withLock { $0 } == [])
            }
        }
    }

    @Test(arguments: [1, 2, 4])
    func aRefusedPieceStopsTheRest(workers: Int) {
        let made = Mutex(0)
        var taken: [Int] = []
        ParallelChunks.inOrder(count: 1_000, ahead: 4, workers: workers) { index, _ in
            made.withLock { $0 += 1 }
            return index
        } take: { piece in
            taken.append(piece)
            return piece < 5
        }
        #expect(taken == Array(0...5))
        // What was made past the stop is bounded by the room ahead.
        #expect(made.withLock { $0 } <= 6 + max(4, workers) + workers)
    }

    /// `take` is handed a piece that nothing else holds, so that it may
    /// give a buffer back to be used again without a copy (`occurrences`
    /// into a pipe lends its writers so).
    @Test(arguments: [1, 2, 3])
    func aTakenPieceIsHeldByTheTakerAlone(workers: Int) {
        final class Box: @unchecked Sendable { var index: Int; init(_ index: Int) { self.index = index } }
        var shared: [Int] = []
        ParallelChunks.inOrder(count: 200, ahead: 4, workers: workers) { index, _ in
            Box(index)
        } take: { piece in
            if !isKnownUniquelyReferenced(&piece) { shared.append(piece.index) }
            return true
        }
        #expect(shared == [])
    }

    /// Pieces made but never taken (the taker stopped) are released with
    /// the pieces' owner, once no helper holds it any more.
    @Test(arguments: [2, 4])
    func piecesNeverTakenAreReleased(workers: Int) async throws {
        final class Count: Sendable { let alive = Mutex(0) }
        final class Box: Sendable {
            let count: Count
            init(_ count: Count) { self.count = count; count.alive.withLock { $0 += 1 } }
            deinit { count.alive.withLock { $0 -= 1 } }
        }
        let count = Count()
        ParallelChunks.inOrder(count: 1_000, ahead: 8, workers: workers) { _, _ in
            Box(count)
        } take: { _ in false }
        // A helper the system starts after the stop still holds the owner
        // until its block has run.
        for _ in 0..<200 where count.alive.withLock({ $0 }) != 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(count.alive.withLock { $0 } == 0)
    }
}
