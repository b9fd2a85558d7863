import EventModel

/// The diagnostics of recurring series that need no window, for `check`,
/// which reads without settling: today an override of an instance its
/// master's EXDATE deletes (docs/semantics.md, "Overrides"), a warning that
/// every expanding command gives too. Keeps only what that check reads:
/// of each override the instance it takes, SEQUENCE, status, title and
/// line; of each series the winning master's SEQUENCE, and the master itself
/// (without text, title or rules) only when it has EXDATEs.
package struct SeriesCheck {
    /// Each series' place in `entries`, which keeps input order.
    private var positions: [ClaimKey: Int] = [:]
    private var entries: [Entry] = []
    private var count = 0

    /// What the check reads of one series.
    private struct Entry {
        /// The SEQUENCE of the winning master so far, as `Series.master`
        /// picks it (higher SEQUENCE, then the later one).
        var winningSequence: Int?
        /// That master, when it has EXDATEs: one without deletes nothing,
        /// so its series has nothing to say.
        var master: Master?
        /// The overrides, each as settling keeps one that shows on no day.
        var overrides = Series()
    }

    /// A master, stripped of its text, title and rules.
    private final class Master {
        let event: Event
        let order: Int

        init(_ event: consuming Event, order: Int) {
            Intake.strip(&event)
            event.title = ""
            event.recurrence.rules = []
            self.event = event
            self.order = order
        }
    }

    package init() {}

    package mutating func add(_ event: consuming Event) {
        guard event.isRecurring || event.recurrenceID != nil else { return }
        count += 1
        let key = ClaimKey(event)
        let position: Int
        if let known = positions[key] {
            position = known
        } else {
            position = entries.count
            positions[key] = position
            entries.append(Entry())
        }
        // Of an override: the instance it takes, SEQUENCE, status, title and
        // line. Of the winning master: its start, SEQUENCE and exclusions.
        // 100,000 series with an override each took 160 MB kept whole.
        if event.recurrenceID != nil {
            entries[position].overrides.add(farOverride: event, order: count)
            return
        }
        if let winning = entries[position].winningSequence, event.sequence < winning { return }
        entries[position].winningSequence = event.sequence
        entries[position].master = event.recurrence.exceptionDates.isEmpty ? nil : Master(event, order: count)
    }

    /// Each series' diagnostics, series in input order.
    package func diagnostics(_ diagnostic: (Diagnostic) -> Void) {
        for entry in entries where entry.overrides.hasOverrides {
            guard let master = entry.master else { continue }
            var series = entry.overrides
            series.add(master.event, order: master.order)
            series.windowlessDiagnostics(diagnostic)
        }
    }
}
