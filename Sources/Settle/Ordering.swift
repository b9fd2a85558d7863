import EventModel

/// The order of output (docs/semantics.md section 5): occurrences by start,
/// each day's entries all-day first; and the days' lists themselves, within
/// the work budget for entries.
enum Ordering {
    /// Output order: by start, end, title, uid, then original start.
    static func startOrder(_ a: SettledOccurrence, _ b: SettledOccurrence) -> Bool {
        if a.startUTC != b.startUTC { return a.startUTC < b.startUTC }
        if a.endUTC != b.endUTC { return a.endUTC < b.endUTC }
        // Through the event records: reading a field copies the field, not the event.
        let x = a.occurrence.eventRecord, y = b.occurrence.eventRecord
        if x.event.title != y.event.title { return x.event.title < y.event.title }
        if x.event.uid != y.event.uid { return x.event.uid < y.event.uid }
        return (a.occurrence.recurrenceID?.iso8601 ?? "") < (b.occurrence.recurrenceID?.iso8601 ?? "")
    }

    /// Order within a day: all-day first, then by start, end, title, uid.
    static func dayOrder(_ a: SettledOccurrence, _ b: SettledOccurrence) -> Bool {
        if a.isAllDay != b.isAllDay { return a.isAllDay }
        return startOrder(a, b)
    }

    /// How an occurrence covers one of its dates.
    static func part(_ occurrence: SettledOccurrence, on date: LocalDate) -> DayPart {
        if occurrence.firstDate == occurrence.lastDate { return .whole }
        if date == occurrence.firstDate { return .first }
        if date == occurrence.lastDate { return .last }
        return .middle
    }

    /// The placed occurrences sorted by start, and for each its position
    /// in `placed`. Sorts positions, not the (large) occurrences
    /// themselves; the sort is stable, so ties keep input order.
    static func sorted(_ placed: consuming [SettledOccurrence]) -> (kept: [SettledOccurrence], order: [Int]) {
        // Compared in place (no copy of an occurrence per comparison).
        let order = placed.withUnsafeBufferPointer { buffer in
            buffer.indices.sorted { startOrder(buffer[$0], buffer[$1]) }
        }
        return (order.map { placed[$0] }, order)
    }

    /// Lists each day's entries from the ranges found while placing, in
    /// the day's order; past the entry budget the later days list none,
    /// which a `work-budget` warning (returned) says.
    static func listEntries(_ days: inout [LocalDay], kept: [SettledOccurrence], order: [Int], placed buckets: DayBuckets,
                            entryBudget: Int) -> Diagnostic? {
        var listed = days.count, total = 0
        for index in days.indices {
            total += days[index].eventCount
            if total > entryBudget && listed == days.count { listed = index }
        }
        for (index, original) in order.enumerated() {
            let occurrence = kept[index]
            for range in [buckets.placements[original]] + (buckets.moreRanges[original] ?? []) {
                let high = min(range.upperBound, listed - 1)
                guard range.lowerBound <= high else { continue }
                for day in range.lowerBound...high {
                    days[day].entries.append(LocalDay.Entry(occurrence: index, part: part(occurrence, on: days[day].date)))
                }
            }
        }
        kept.withUnsafeBufferPointer { kept in
            for index in days.indices where days[index].entries.count > 1 {
                days[index].entries.sort { a, b in dayOrder(kept[a.occurrence], kept[b.occurrence]) }
            }
        }
        guard listed < days.count else { return nil }
        return WorkBudget.entriesCut(days: days, listedUntil: listed, total: total, budget: entryBudget,
                                     kept: kept, order: order, buckets: buckets)
    }
}
