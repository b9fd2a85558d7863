import EventModel
import FreeBusy
import Settle

/// The pairs of overlapping busy events as they are listed: by day for
/// eyes, or one JSON object per line, written as they are formatted (not
/// held whole) and within the work budget's bytes.
package enum ConflictList {
    package enum Writing {
        case text(FreeBusyText)
        /// `input` names the input an occurrence was read from, nil for none.
        case ndjson(input: (SettledOccurrence) -> String?)
    }

    /// Writes the pairs of `found` through `write` (false once nothing more
    /// can be written), each (text: with its date's header) within the work
    /// budget's bytes or not at all. The `work-budget` warning when the
    /// budget cut the list.
    package static func write(_ found: Conflicts, in settlement: Settlement, _ writing: Writing,
                              to write: (String) -> Bool) -> Diagnostic? {
        var budget = WorkBudget.OutputBytes(days: Int(settlement.to.daysSinceEpoch - settlement.from.daysSinceEpoch) + 1)
        var pair = 0
        var cut: Diagnostic?
        // Pieces come one per pair (text: the line saying there is none, too).
        func admit(_ piece: String) -> Bool {
            defer { pair += 1 }
            guard pair < found.pairs.count, !budget.admit(piece.utf8.count) else { return true }
            let first = settlement.occurrences[found.pairs[pair].first]
            cut = budget.cut(before: first.event, at: first.startUTC)
            return false
        }
        switch writing {
        case .text(let view):
            view.conflicts(found, in: settlement) { admit($0) && write($0) }
        case .ndjson(let input):
            for conflict in found.pairs {
                let line = FreeBusyJSON.conflict(conflict, in: settlement, input: input) + "\n"
                guard admit(line), write(line) else { break }
            }
        }
        return cut
    }

    /// The warning for pairs past the limit, naming where they start.
    package static func limitWarning(_ found: Conflicts, in settlement: Settlement) -> Diagnostic? {
        guard let cut = found.firstCut else { return nil }
        let later = settlement.occurrences[cut.second]
        return Diagnostic(.warning, .workBudget, at: later.event.source,
            "\(found.total) pairs of busy events overlap in the window; the first \(found.pairs.count) by where the overlap starts are listed, "
            + "\(found.total - found.pairs.count) are not, from the overlap of \"\(settlement.occurrences[cut.first].event.title)\" "
            + "(uid \(settlement.occurrences[cut.first].event.uid)) with \"\(later.event.title)\" (uid \(later.event.uid)) at \(cut.start) on "
            + "(--limit lists more, a narrower window fewer)")
    }
}
