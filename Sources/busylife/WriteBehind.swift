import Dispatch
import Export
import Synchronization

/// Output written on a thread of its own, in the order it is handed over,
/// while the caller formats what comes next: a year of `occurrences` of
/// a 5,000-event calendar into a file is 21 writes of 256 KB, 4-5 ms of
/// the kernel's time in which the other core had nothing to do. At most
/// two handed-over rounds wait; `finish` waits for all of them.
final class WriteBehind: @unchecked Sendable {
    // `out` is used only on `queue`, and by the caller after `finish`.
    private let out: Output
    private let queue = DispatchQueue(label: "busylife.write-behind")
    private let room = DispatchSemaphore(value: 2)
    private let stopped = Mutex(false)

    init(_ out: Output) {
        self.out = out
    }

    /// Hands `rounds` over to be written (the caller keeps nothing of
    /// them); false once output can no longer be written (a closed pipe).
    func write(_ rounds: consuming [ByteWriter]) -> Bool {
        guard !stopped.withLock({ $0 }) else { return false }
        room.wait()
        let handed = Handed(rounds)
        queue.async { [self] in
            defer { room.signal() }
            guard !stopped.withLock({ $0 }) else { return }
            for index in handed.rounds.indices where !out.write(&handed.rounds[index]) {
                stopped.withLock { $0 = true }
                return
            }
        }
        return true
    }

    /// Waits until everything handed over is written; then `out` is the
    /// caller's again.
    func finish() {
        queue.sync {}
    }

    /// Bytes moved from the caller's thread to the queue's: one owner at a time.
    private final class Handed: @unchecked Sendable {
        var rounds: [ByteWriter]
        init(_ rounds: consuming [ByteWriter]) { self.rounds = rounds }
    }
}
