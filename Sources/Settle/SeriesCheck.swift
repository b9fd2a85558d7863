import EventModel

/// The diagnostics of recurring series that need no window, for `check`,
/// which reads without settling: today an override of an instance its
/// master's EXDATE deletes (docs/semantics.md, "Overrides"), a warning that
/// every expanding command gives too. Keeps the series' components
/// without their text (description, location, attendees, categories).
package struct SeriesCheck {
    private var series: [ClaimKey: Series] = [:]
    private var order: [ClaimKey] = []
    private var count = 0

    package init() {}

    package mutating func add(_ event: consuming Event) {
        guard event.isRecurring || event.recurrenceID != nil else { return }
        count += 1
        let key = ClaimKey(event)
        if series[key] == nil { order.append(key) }
        Intake.strip(&event)
        series[key, default: Series()].add(event, order: count)
    }

    /// Each series' diagnostics, series in input order.
    package func diagnostics(_ diagnostic: (Diagnostic) -> Void) {
        for key in order where !(series[key]!.overrides.isEmpty) {
            series[key]!.windowlessDiagnostics(diagnostic)
        }
    }
}
