import EventModel
@testable import Settle
@testable import Plumbing
import TestSupport
import Synchronization
import Testing

/// Output order sorts small keys (start, end, a title's first bytes) and
/// compares occurrences in full only when they tie: it must give the order
/// of the full comparison, ties in input order, and move every occurrence
/// once.
@Suite struct OrderingTests {
    /// A timed occurrence of `position`'s event in UTC (its description
    /// names the position, to tell where it went).
    private static func settled(_ position: Int, uid: String, title: String, start: Instant, end: Instant,
                                recurrenceID: EventTime? = nil) -> SettledOccurrence {
        var event = Event(uid: uid, title: title, calendar: "c", source: SourcePosition(file: "f", line: position + 1),
                          start: .instant(start, zone: nil), end: .instant(end, zone: nil))
        event.description = "\(position)"
        let occurrence = Occurrence(event: event, start: event.start, end: event.end, recurrenceID: recurrenceID)
        return SettledOccurrence(occurrence: occurrence, startUTC: start, endUTC: end, busy: true,
                                 firstDay: 20_775, lastDay: 20_775)
    }

    /// The positions of `placed` in output order by the full comparison,
    /// ties in input order.
    private static func fullOrder(_ placed: [SettledOccurrence]) -> [Int] {
        placed.indices.sorted { a, b in
            Ordering.startOrder(placed[a], placed[b]) || (!Ordering.startOrder(placed[b], placed[a]) && a < b)
        }
    }

    @Test func sortedMatchesTheFullComparisonWithTiesInInputOrder() {
        var random = SplitMix64(seed: 7)
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        let base = Instant(seconds: 1_795_000_000)
        var placed: [SettledOccurrence] = []
        for position in 0..<2_000 {
            // Few starts, ends, titles and uids: many ties at every level.
            let start = base.adding(seconds: pick([0, 1800, 3600, 86_400]))
            let end = start.adding(seconds: pick([0, 1800, 3600]))
            // Titles that order differently by their first bytes than as
            // strings (a combining accent after eight bytes, non-ASCII), that
            // share eight bytes, are shorter than eight or empty.
            let titles = ["Standup", "Lunch", "standup", "Standup meeting A", "Standup meeting B", "Standup",
                          "cafe\u{301}", "café", "cafez", "ab", "ab\u{1}", "", "Ωmega", "Zulu", "Planning\u{301}x",
                          "Planninga", "Planning", "Planninge\u{301}", "Planningz", "Réunion", "Reunion"]
            let (uid, title) = (pick(["a", "b", "c"]), pick(titles))
            let recurrenceID: EventTime? = pick([nil, .instant(base.adding(seconds: pick([0, 60])), zone: nil)])
            placed.append(Self.settled(position, uid: uid, title: title, start: start, end: end, recurrenceID: recurrenceID))
        }
        let expected = Self.fullOrder(placed)
        let (kept, order) = Ordering.sorted(PlacedOccurrences(placed), moving: true)
        #expect(order == expected)
        #expect(kept.map { $0.event.description } == expected.map { "\($0)" })
    }

    /// The same over many blocks (parts joined as the chunks of expansion
    /// are, each ending in a part-full block), in one to five pieces at
    /// once: the key sort, the runs of ties cut between pieces and the moves
    /// give the order of one piece.
    @Test func sortedInPiecesMatchesTheFullComparison() {
        var random = SplitMix64(seed: 11)
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        let base = Instant(seconds: 1_795_000_000)
        var all: [SettledOccurrence] = []
        for position in 0..<9_000 {
            let start = base.adding(seconds: 900 * Int64(random.next() % 40))
            let end = start.adding(seconds: pick([0, 1800, 3600]))
            let (uid, title) = (pick(["a", "b"]), pick(["Standup", "Lunch", "Ωmega", "cafe\u{301}", "café", ""]))
            all.append(Self.settled(position, uid: uid, title: title, start: start, end: end))
        }
        let expected = Self.fullOrder(all)
        for chunks in 1...5 {
            for moving in [false, true] {
                var placed = PlacedOccurrences()
                for part in [0..<3_000, 3_000..<3_001, 3_001..<7_500, 7_500..<9_000] {
                    placed.append(contentsOf: PlacedOccurrences(Array(all[part])))
                }
                #expect(placed.count == all.count)
                #expect(placed[4_100].event.description == "4100")
                let (kept, order) = Ordering.sorted(placed, moving: moving, chunks: chunks)
                #expect(order == (moving ? expected : []), "\(chunks) pieces, moving \(moving)")
                #expect(kept.map { $0.event.description } == expected.map { "\($0)" }, "\(chunks) pieces")
                // Copies bit for bit, read in place of the occurrences.
                let copied = kept.withCopies(of: 2_000..<2_700) { copies in
                    (0..<copies.count).map { copies[$0].pointee.event.description }
                }
                #expect(copied == expected[2_000..<2_700].map { "\($0)" })
                #expect(kept.withCopies(of: 5..<5) { $0.count } == 0)
            }
        }
    }

    /// Copies are lent for their range only: a read past it stops the
    /// program, in every build, rather than read memory no copy is in.
    @Test func noCopyIsLentPastItsRange() async {
        await #expect(processExitsWith: .failure) {
            let base = Instant(seconds: 1_795_000_000)
            let placed = PlacedOccurrences((0..<3).map {
                OrderingTests.settled($0, uid: "u", title: "t", start: base, end: base.adding(seconds: 60))
            })
            let (kept, _) = Ordering.sorted(placed, moving: false, chunks: 1)
            _ = kept.withCopies(of: 1..<3) { $0[2].pointee.startUTC }
        }
    }

    /// Runs of one start and end longer than a piece, and fewer
    /// occurrences than pieces: the pieces' edges move past whole runs
    /// (some pieces are left empty), and nothing is lost or doubled.
    @Test func sortedInPiecesWithLongRunsAndFewOccurrences() {
        let base = Instant(seconds: 1_795_000_000)
        func placed(_ count: Int, spans: Int) -> [SettledOccurrence] {
            (0..<count).map { position in
                let start = base.adding(seconds: 3600 * Int64(position % spans))
                return Self.settled(position, uid: "u", title: ["B", "A", "C"][position % 3], start: start,
                                    end: start.adding(seconds: 1800))
            }
        }
        for (count, spans) in [(9_000, 1), (9_000, 2), (0, 1), (1, 1), (2, 1), (3, 2), (5, 5)] {
            let all = placed(count, spans: spans)
            let expected = Self.fullOrder(all)
            for chunks in 1...7 {
                let (kept, order) = Ordering.sorted(PlacedOccurrences(all), moving: true, chunks: chunks)
                #expect(order == expected, "\(count) in \(spans) spans, \(chunks) pieces")
                #expect(kept.map { $0.event.description } == expected.map { "\($0)" }, "\(count) in \(spans) spans, \(chunks) pieces")
            }
        }
    }

    /// The key sort (passes of up to 12 bits over the starts, in minutes when all are
    /// whole minutes) against the comparison sort: starts on whole minutes
    /// or not, before 1970, over the whole range of milliseconds, all one
    /// start; each key told apart by its code, so any slip shows.
    @Test func keySortMatchesTheComparison() {
        var random = SplitMix64(seed: 5)
        let spreads: [(String, () -> Int64)] = [
            ("whole minutes", { 60_000 * (Int64(random.next() % 9_000_000) - 4_000_000) }),
            ("whole minutes, one off", { 60_000 * Int64(random.next() % 500) }),
            ("seconds", { 1_000 * (Int64(random.next() % 50_000_000) - 20_000_000) }),
            ("milliseconds", { Int64(random.next() % 1_000_000_000_000) - 500_000_000_000 }),
            ("every Int64", { Int64(bitPattern: random.next()) }),
            ("one start", { 1_795_000_000_000 }),
        ]
        for (name, start) in spreads {
            for count in [65, 1_000, 20_000] {
                var keys = (0..<count).map { index in
                    let from = start()
                    return Ordering.SortKey(start: Instant(milliseconds: from),
                                            end: Instant(milliseconds: from &+ Int64(random.next() % 3) * 1_800_000),
                                            titleAndCode: (random.next() % 4) << 32 | UInt64(index))
                }
                if name == "whole minutes, one off" { keys[count / 2].start = Instant(milliseconds: 60_000 * 7 + 1) }
                let expected = keys.sorted(by: Ordering.SortKey.less)
                let spare = UnsafeMutablePointer<Ordering.SortKey>.allocate(capacity: count)
                defer { spare.deallocate() }
                keys.withUnsafeMutableBufferPointer { Ordering.SortKey.sort($0, spare: spare) }
                #expect(keys.map(\.titleAndCode) == expected.map(\.titleAndCode), "\(name), \(count) keys")
            }
        }
    }

    /// Sorting in pieces and merging them two by two (from the front and
    /// the back at once) gives the sort of one piece, at every length.
    @Test func sortInPiecesMatchesOneSort() {
        var random = SplitMix64(seed: 3)
        for count in [0, 1, 2, 3, 7, 100, 2_049, 10_001] {
            let values = (0..<count).map { _ in random.next() }
            for chunks in 1...6 {
                var sorted = values
                ParallelChunks.sort(&sorted, chunks: chunks) { $0 < $1 }
                #expect(sorted == values.sorted(), "\(count) in \(chunks)")
            }
            let doubled = ParallelChunks.makeArray(count: count, chunks: 3) { range, base in
                for index in range { (base + index).initialize(to: 2 * index) }
            }
            #expect(doubled == (0..<count).map { 2 * $0 })
        }
    }

    /// The keys' own merge (`SortKey.mergeHalf`, Plumbing's merge
    /// compiled in Settle) handed to the sort gives the sort of one piece,
    /// and the sort merges with it, not with its own.
    @Test func keysMergedByTheirOwnMergeMatchOneSort() {
        var random = SplitMix64(seed: 5)
        for count in [0, 1, 2, 3, 7, 100, 2_049] {
            let keys = (0..<count).map { index in
                Ordering.SortKey(start: Instant(milliseconds: Int64(random.next() % 50) * 60_000),
                                 end: Instant(milliseconds: Int64(random.next() % 3) * 60_000),
                                 titleAndCode: (random.next() % 4) << 32 | UInt64(index))
            }
            let expected = keys.sorted(by: Ordering.SortKey.less).map(\.titleAndCode)
            for chunks in 1...5 {
                let halves = Mutex(0)
                var sorted = keys
                ParallelChunks.sort(&sorted, chunks: chunks, by: Ordering.SortKey.less,
                                    mergeHalf: { source, destination, left, right, front in
                                        halves.withLock { $0 += 1 }
                                        Ordering.SortKey.mergeHalf(source, destination, left, right, front)
                                    })
                #expect(sorted.map(\.titleAndCode) == expected, "\(count) in \(chunks)")
                // Merged only when there was more than one run.
                let merged = ParallelChunks.ranges(count: count, chunks: chunks).count > 1
                #expect((halves.withLock { $0 } > 0) == merged, "\(count) in \(chunks)")
            }
        }
    }

    @Test func titlePrefixesOrderAsTheirTitlesByCodePoints() {
        let titles = ["", "a", "ab", "ab\u{0}", "ab\u{1}", "abcdefgh", "abcdefghi", "abcdefgh\u{301}", "abcdefge\u{301}",
                      "abcdefgé", "abcdefgz", "cafe\u{301}", "café", "cafez", "caféz", "Ωmega", "Zulu", "zulu",
                      "Planning\u{301}x", "Planninga", "\u{1F600}", "\u{FFFF}"]
        for a in titles {
            for b in titles {
                let (x, y) = (EventRecord.titlePrefix(a), EventRecord.titlePrefix(b))
                guard x != y else { continue }
                #expect((x < y) == (Ordering.codePointOrder(a, b) == true), "\(a.debugDescription) \(b.debugDescription)")
            }
        }
        #expect(EventRecord.titlePrefix("abcdefghi") == EventRecord.titlePrefix("abcdefghj"))
        #expect(EventRecord.titlePrefix("ab") == EventRecord.titlePrefix("ab\u{0}"))  // decided in full
    }

    /// Code points, not `String`'s comparison: that is no order between
    /// spellings of one accent, and the output's order depended on the
    /// order of the input (a review found it).
    @Test func textIsOrderedByCodePoints() {
        #expect(Ordering.codePointOrder("cafe\u{301}", "café") == true)  // U+0065 before U+00E9
        #expect(Ordering.codePointOrder("café", "caféz") == true)
        #expect(Ordering.codePointOrder("cafe\u{301}", "caféz") == true)
        #expect(Ordering.codePointOrder("café", "café") == nil)
        #expect(Ordering.codePointOrder("Zulu", "zulu") == true)
        #expect(Ordering.codePointOrder("\u{FFFF}", "\u{1F600}") == true)
        #expect(Ordering.codePointOrder("", "") == nil)
        #expect(Ordering.codePointOrder("", "a") == true)
        #expect(Ordering.codePointOrder("a", "") == false)
        let long = String(repeating: "Quarterly planning review ", count: 3)  // past a small string's 15 bytes
        #expect(Ordering.codePointOrder(long, long + "") == nil)
        #expect(Ordering.codePointOrder(long + "a", long + "b") == true)
        #expect(Ordering.codePointOrder(long + "b", long + "a") == false)
        #expect(Ordering.codePointOrder(long, long + "a") == true)
        #expect(Ordering.codePointOrder("Quarterly", long) == true)
        // The same occurrences in any input order come out in one order.
        let base = Instant(seconds: 1_795_000_000)
        let titles = ["café", "cafe\u{301}", "caféz", "cafe\u{301}z", "cafez"]
        var orders: Set<[String]> = []
        for rotation in 0..<titles.count {
            let rotated = Array(titles[rotation...] + titles[..<rotation])
            let placed = rotated.enumerated().map { position, title in
                Self.settled(position, uid: "u", title: title, start: base, end: base.adding(seconds: 3600))
            }
            orders.insert(Ordering.sorted(PlacedOccurrences(placed)).kept.map { $0.event.title })
        }
        // "z" (U+007A) before U+0301, "e" before "é" (U+00E9).
        #expect(orders == [["cafez", "cafe\u{301}", "cafe\u{301}z", "café", "caféz"]])
    }

    /// A settled occurrence keeps its dates as day numbers: 104 bytes a
    /// placed occurrence (16 years of a 5,000-event calendar hold 182,978),
    /// and the dates read back as they were set, at the ends of the years
    /// 1 to 9999 too.
    @Test func settledOccurrencesAreCompactAndKeepTheirDates() {
        #expect(MemoryLayout<SettledOccurrence>.stride == 104)
        var settled = Self.settled(0, uid: "u", title: "t", start: Instant(seconds: 0), end: Instant(seconds: 60))
        #expect(settled.firstDate == LocalDate(year: 2026, month: 11, day: 18))
        for (first, last) in [(LocalDate(year: 1, month: 1, day: 1), LocalDate(year: 1, month: 1, day: 2)),
                              (LocalDate(year: 2024, month: 2, day: 29), LocalDate(year: 2024, month: 3, day: 1)),
                              (LocalDate(year: 9999, month: 12, day: 30), LocalDate(year: 9999, month: 12, day: 31))] {
            guard let first, let last else { Issue.record("not a date"); continue }
            settled.firstDate = first
            settled.lastDate = last
            #expect(settled.firstDate == first && settled.lastDate == last)
            #expect(settled.lastDay - settled.firstDay == 1)
            #expect(Ordering.part(settled, onDay: first.daysSinceEpoch) == .first)
            #expect(Ordering.part(settled, onDay: last.daysSinceEpoch) == .last)
        }
    }
}
