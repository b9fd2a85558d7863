import EventModel

/// The diagnostics of recurring series that need no window, for `check`,
/// which reads without settling: today an override of an instance its
/// master's EXDATE deletes (docs/semantics.md, "Overrides"), a warning that
/// every expanding command gives too. Every series is written out as it
/// is read (`SpilledSeries`): of each override the instance it takes,
/// SEQUENCE, status, title and line; of each master its times, SEQUENCE
/// and exclusions, without text, title or rules. What stays in memory is
/// a few dozen bytes a series, where a series kept whole costs its text
/// and rules.
package struct SeriesCheck {
    /// Each series' place in `series` (input order), by its calendar and UID.
    private var positions = SeriesLookup()
    private var series = SpilledSeries()
    /// Components read so far: each one's place in input order.
    private var order = 0

    package init() {}

    package mutating func add(_ event: consuming Event) {
        guard event.isRecurring || event.recurrenceID != nil else { return }
        order += 1
        let component: Series.FarComponent
        if let id = event.recurrenceID {
            component = .override(Series.FarOverride(event, recurrenceID: id.time, order: order))
        } else {
            Intake.strip(&event)
            event.title = ""
            event.recurrence.rules = []
            component = .master(Series.Master(event, order: order))
        }
        let (known, slot) = positions.find(event) { series.hasNames($0, uid: event.uid, calendar: event.calendar) }
        if let known {
            series.add(component, to: known)
        } else {
            positions.store(series.create(uid: event.uid, calendar: event.calendar, first: component), in: slot)
        }
    }

    /// Each series' diagnostics, series in input order: those with an
    /// override and a master with EXDATEs (the winning master, as
    /// `Series.master` picks it, decides).
    package func diagnostics(_ diagnostic: (Diagnostic) -> Void) {
        for index in series.wakesForDiagnostics {
            series.wake(index).windowlessDiagnostics(diagnostic)
        }
        if let loss = series.lossDiagnostic { diagnostic(loss) }
    }
}
