import EventModel

/// `--travel-from-events`: an event whose start and end carry different
/// zones (a flight) moves the viewer's timeline to the end's zone at its end.
enum Flights {
    /// A flight: start and end with different zones; not when cancelled.
    static func change(start: EventTime, end: EventTime, status: Event.Status?) -> ZoneTimeline.Change? {
        guard status != .cancelled, case .instant(_, let from?) = start, case .instant(let arrival, let to?) = end,
              from != to else { return nil }
        return ZoneTimeline.Change(at: arrival, zone: to)
    }

    /// The timeline settling uses: the options' own, moved by the flights
    /// among single events (`singles`, found as they were read) and among
    /// the instances of `series` in the window (found here, within the
    /// work budget). Flights first, so a --travel at the same instant wins.
    static func timeline(_ options: SettleOptions, singles: [ZoneTimeline.Change], series: [Series],
                         window: ExpansionWindow) -> ZoneTimeline {
        guard options.travelFromEvents else { return options.timeline }  // `singles` is empty too
        var recurring: [ZoneTimeline.Change] = []
        var remaining = window.instanceBudget
        for one in series {
            var generated = 0
            for occurrence in one.occurrences(lower: window.lower, upper: window.upper, core: window.core, cap: options.instanceCap,
                                              limit: remaining, generated: &generated, diagnostic: { _ in }) {
                if let change = change(start: occurrence.start, end: occurrence.end, status: occurrence.event.status) {
                    recurring.append(change)
                }
            }
            remaining = max(0, remaining - generated)
        }
        if singles.isEmpty && recurring.isEmpty { return options.timeline }
        return ZoneTimeline(base: options.timeline.base, changes: singles + recurring + options.timeline.changes)
    }
}
