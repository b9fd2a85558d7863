import Synchronization

/// What the fetches under way have received so far, for a progress line:
/// each fetch says when it starts, as bytes arrive, and when it ends.
package final class FetchProgress: Sendable {
    private let fetches = Mutex<[(name: String, bytes: Int, done: Bool)]>([])

    package init() {}

    /// A fetch of the source shown as `name` begins; the number names it after.
    package func started(_ name: String) -> Int {
        fetches.withLock { fetches in
            fetches.append((name, 0, false))
            return fetches.count - 1
        }
    }

    package func received(_ fetch: Int, bytes: Int) {
        fetches.withLock { $0[fetch].bytes = bytes }
    }

    package func finished(_ fetch: Int) {
        fetches.withLock { $0[fetch].done = true }
    }

    /// The fetches not yet done, in the order they started: name and bytes so far.
    package var underWay: [(name: String, bytes: Int)] {
        fetches.withLock { fetches in fetches.filter { !$0.done }.map { ($0.name, $0.bytes) } }
    }
}
