import EventModel
import Settle

/// Two busy occurrences that overlap by more than nothing.
public struct Conflict: Sendable, Equatable {
    /// Indices into `Settlement.occurrences`; `first` comes first in the
    /// settlement's order (by start, end, title, uid, original start).
    public var first: Int
    public var second: Int
    /// The overlap: the later start to the earlier end (exclusive).
    public var start: Instant
    public var end: Instant

    package init(first: Int, second: Int, start: Instant, end: Instant) {
        self.first = first
        self.second = second
        self.start = start
        self.end = end
    }

    package var milliseconds: Int64 { end.milliseconds - start.milliseconds }
}

/// What a search for conflicts found: the pairs listed (at most the limit
/// asked for) and how many there are in all.
public struct Conflicts: Sendable {
    /// In order of the overlap's start, then its end, then the two
    /// occurrences in the settlement's order.
    public var pairs: [Conflict]
    /// Every overlapping pair, listed or not.
    public var total: Int
    /// The first pair not listed (in the order the search meets them: by
    /// where the overlap starts), when the limit cut some.
    package var firstCut: Conflict?
}

extension Settlement {
    /// The pairs of busy occurrences that overlap by more than zero seconds
    /// within the window (touching end to start is no conflict;
    /// docs/semantics.md section 10).
    ///
    /// `group` puts each occurrence in a group (an input: a person or a
    /// calendar); with `acrossGroupsOnly`, only pairs from two groups count.
    ///
    /// One sweep over the occurrences by start: each group keeps the
    /// occurrences still running in a heap by end, and each occurrence pairs
    /// with those running when it starts. Counting costs n log n whatever the
    /// number of pairs; listing costs the pairs listed, at most `limit`
    /// (the first ones by where the overlap starts). An all-day occurrence
    /// (busy under `allDayBusy`) spans its dates' local midnights.
    public func conflicts(limit: Int = 100_000, acrossGroupsOnly: Bool = false,
                          group: (SettledOccurrence) -> Int = { _ in 0 }) -> Conflicts {
        let lower = days.lazy.compactMap(\.intervals.first?.lowerBound).min()
        let upper = days.lazy.compactMap(\.intervals.last?.upperBound).max()
        guard let lower, let upper else { return Conflicts(pairs: [], total: 0, firstCut: nil) }
        // Busy occurrences with length, cut to the window; the settlement's
        // order breaks ties of start.
        var items: [(start: Instant, end: Instant, index: Int, group: Int)] = []
        var groups: [Int: Int] = [:]  // group -> heap
        for (index, settled) in occurrences.enumerated() where settled.busy {
            let start = max(settled.startUTC, lower), end = min(settled.endUTC, upper)
            guard start < end else { continue }
            let key = group(settled)
            let heap = groups[key] ?? groups.count
            groups[key] = heap
            items.append((start, end, index, heap))
        }
        items.sort { ($0.start, $0.index) < ($1.start, $1.index) }
        var running = Array(repeating: EndHeap(), count: groups.count)
        var pairs: [Conflict] = []
        var total = 0
        var firstCut: Conflict?
        func pair(_ a: Int, _ b: Int) -> Conflict {
            let (x, y) = (occurrences[a], occurrences[b])
            return Conflict(first: a, second: b, start: max(x.startUTC, y.startUTC), end: min(x.endUTC, y.endUTC))
        }
        for item in items {
            for heap in running.indices {
                running[heap].removeEnding(atOrBefore: item.start)
                if acrossGroupsOnly && heap == item.group { continue }
                total += running[heap].count
                for other in running[heap].items {
                    if pairs.count < limit {
                        pairs.append(pair(min(other, item.index), max(other, item.index)))
                    } else if firstCut == nil {
                        firstCut = pair(min(other, item.index), max(other, item.index))
                        break
                    } else {
                        break
                    }
                }
            }
            running[item.group].insert(end: item.end, index: item.index)
        }
        pairs.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end < b.end }
            return (a.first, a.second) < (b.first, b.second)
        }
        return Conflicts(pairs: pairs, total: total, firstCut: firstCut)
    }
}

/// Occurrences still running, smallest end on top.
private struct EndHeap {
    private var heap: [(end: Instant, index: Int)] = []

    var count: Int { heap.count }
    /// The occurrences' indices, in no particular order.
    var items: some Sequence<Int> { heap.lazy.map(\.index) }

    mutating func insert(end: Instant, index: Int) {
        heap.append((end, index))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].end < heap[parent].end else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Drops every occurrence that ends at or before `instant`: it cannot
    /// overlap one that starts then.
    mutating func removeEnding(atOrBefore instant: Instant) {
        while let top = heap.first, top.end <= instant {
            heap.swapAt(0, heap.count - 1)
            heap.removeLast()
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count && heap[left].end < heap[smallest].end { smallest = left }
                if right < heap.count && heap[right].end < heap[smallest].end { smallest = right }
                guard smallest != parent else { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }
}
