import EventModel

/// What a caller counts of the occurrences of a window as they are
/// placed, instead of keeping them (`Settler.settle(part:to:timeline:counting:)`):
/// each core expanding the window fills one of its own (a piece borrows
/// one and gives it back), and the settlement hands them back, in no set
/// order: what is counted must not depend on the order (sums, unions).
/// A count that keeps a few sums and unions holds far less than the
/// occurrences, so a long window can be settled in one pass.
package protocol OccurrenceCounter: Sendable {
    /// One occurrence that lands on a day of the window (and passes the
    /// filter): the ones a settlement keeping occurrences would keep.
    mutating func count(_ settled: borrowing SettledOccurrence)
}

/// Makes a counter for a core of the expansion, given the
/// window's days (their intervals, before they are counted).
package typealias CounterMaker = @Sendable (_ days: [LocalDay]) -> any OccurrenceCounter
