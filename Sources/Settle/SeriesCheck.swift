import EventModel

/// The diagnostics of recurring series that need no window, for `check`,
/// which reads without settling: today an override of an instance its
/// master's EXDATE deletes (docs/semantics.md, "Overrides"), a warning that
/// every expanding command gives too. Keeps only what that check reads:
/// of each override the instance it takes, SEQUENCE, status, title and
/// line; of each series the winning master's SEQUENCE, and the master itself
/// (without text, title or rules) only when it has EXDATEs.
package struct SeriesCheck {
    /// Each series' place in `entries` (input order), by its calendar and UID.
    private var positions = SeriesLookup()
    private var entries = Blocks<Entry>()
    private var names = NameArena()
    private var overrides = FarOverrideLists()
    private var files = FileTable()
    /// Components read so far: each one's place in input order.
    private var order = 0

    /// What the check reads of one series (its overrides in `overrides`).
    private struct Entry {
        var names: NameArena.Reference
        /// The SEQUENCE of the winning master so far, as `Series.master`
        /// picks it (higher SEQUENCE, then the later one).
        var winningSequence: Int?
        /// That master, when it has EXDATEs: one without deletes nothing,
        /// so its series has nothing to say.
        var master: Master?
        /// Its newest override, as settling keeps one that shows on no day.
        var lastOverride = ComponentLink.none
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
        order += 1
        let position = position(of: event)
        // Of an override: the instance it takes, SEQUENCE, status, title and
        // line. Of the winning master: its start, SEQUENCE and exclusions.
        // 100,000 series with an override each took 160 MB kept whole.
        if let id = event.recurrenceID {
            entries[position].lastOverride = overrides.append(Series.FarOverride(event, recurrenceID: id.time, order: order),
                                                              after: entries[position].lastOverride, files: &files)
            return
        }
        if let winning = entries[position].winningSequence, event.sequence < winning { return }
        entries[position].winningSequence = event.sequence
        entries[position].master = event.recurrence.exceptionDates.isEmpty ? nil : Master(event, order: order)
    }

    /// The series' place in `entries`, made at its first component.
    private mutating func position(of event: borrowing Event) -> Int {
        let (known, slot) = positions.find(event) { names.equals(entries[$0].names, event.uid, event.calendar) }
        if let known { return known }
        let position = entries.append(Entry(names: names.append(event.uid, event.calendar)))
        positions.store(position, in: slot)
        return position
    }

    /// Each series' diagnostics, series in input order.
    package func diagnostics(_ diagnostic: (Diagnostic) -> Void) {
        for index in 0..<entries.count where entries[index].lastOverride != .none {
            guard let master = entries[index].master else { continue }
            let (uid, calendar) = names.strings(entries[index].names)
            var series = Series()
            for override in overrides.list(from: entries[index].lastOverride, files: files) {
                series.add(.override(override), uid: uid, calendar: calendar)
            }
            series.add(master.event, order: master.order)
            series.windowlessDiagnostics(diagnostic)
        }
    }
}
