import EventModel

/// The diagnostics of recurring series that need no window, for `check`,
/// which reads without settling: today an override of an instance its
/// master's EXDATE deletes (docs/semantics.md, "Overrides"), a warning that
/// every expanding command gives too. Keeps the masters without their text
/// (description, location, attendees, categories), and of each override
/// only what that check reads.
package struct SeriesCheck {
    /// Each series' place in `series`, which keeps input order.
    private var positions: [ClaimKey: Int] = [:]
    private var series: [Series] = []
    private var count = 0

    package init() {}

    package mutating func add(_ event: consuming Event) {
        guard event.isRecurring || event.recurrenceID != nil else { return }
        count += 1
        let key = ClaimKey(event)
        let position: Int
        if let known = positions[key] {
            position = known
        } else {
            position = series.count
            positions[key] = position
            series.append(Series())
        }
        // Only what the EXDATE check reads is kept, as settling keeps an
        // override that shows on no day: of an override the instance it
        // takes, SEQUENCE, status, title and line; of a master its start,
        // SEQUENCE and exclusions, not its rules, title or other text.
        // 100,000 series with an override each took 160 MB kept whole.
        if event.recurrenceID != nil {
            series[position].add(farOverride: event, order: count)
            return
        }
        Intake.strip(&event)
        event.title = ""
        event.recurrence.rules = []
        series[position].add(event, order: count)
    }

    /// Each series' diagnostics, series in input order.
    package func diagnostics(_ diagnostic: (Diagnostic) -> Void) {
        for one in series where one.hasOverrides {
            one.windowlessDiagnostics(diagnostic)
        }
    }
}
