import EventModel

/// What one window may cost, whatever the input asks for (README, "Work
/// budget"). A calendar comes from strangers: a rule of every second, an
/// event two hundred years long or a DTEND with a typo must not turn into
/// hours of work or gigabytes of memory. Everything a limit cuts is named
/// in a warning.
///
/// - Per event: at most `SettleOptions.instanceCap` (100,000) instances
///   generated from its rules per window (`too-many-instances`).
/// - All events: at most `instances(days:)` instances generated from rules
///   per window, across every recurring event (`work-budget`): 100,000 plus
///   2,000 per day of the window, never more than 1,000,000. A large
///   benchmark calendar (200,000 events) generates about 1,150 instances a
///   day; one day of the window allows 102,000, a month 162,000, a year
///   830,000. Series are served in input order: the first ones keep all
///   their instances, and once the budget is spent the later ones keep
///   only their overrides and RDATEs.
/// - Day lists: `days` and `agenda` list at most `entries(days:)`
///   occurrence-days in all (a year-long occurrence is listed on 365
///   days): 100,000 plus 500 per day of the window, never more than
///   250,000 (a year: 250,000; a busy real calendar lists 10 to 50 a
///   day, the synthetic benchmark calendar about 1,150, so a month
///   of it fits and a year is cut). Past it, the later days list no events; their
///   event count and busy time still count every occurrence
///   (`work-budget`).
/// - Output: every output that grows with the window (`occurrences`,
///   `days`, `agenda`, `conflicts`, expanded `convert` in every format)
///   writes at most `bytes(days:)` bytes of records: 100 MB plus 10 MB
///   per day of the window, never more than 1 GB, so that a huge title
///   repeated on every occurrence cannot fill a disk. The output ends
///   before the first record (a line, a day, a VEVENT, a row) that would
///   pass it (`work-budget`, naming its event), so that what is written
///   is whole and its document still closed (`OutputBytes`).
///
/// Placing costs the days of the window plus the occurrences in it: a long
/// occurrence is one range on the day grid (`DayGrid`), event counts are
/// summed over ranges and busy time is one sweep over a union of intervals.
package enum WorkBudget {
    /// The part every window has, whatever its length: one event's whole cap.
    package static let base = 100_000
    /// The part that grows with the window.
    package static let perDay = 2_000
    /// The most any window gets.
    package static let maximum = 1_000_000

    /// Instances generated from rules across all events, for a window of `days` days.
    package static func instances(days: Int) -> Int {
        min(maximum, base + perDay * max(0, days))
    }

    /// Occurrence-days listed by `days` and `agenda`, for a window of
    /// `days` days: 100,000 plus 500 a day, at most 250,000 (so that
    /// formatting the listed entries stays under a second).
    package static func entries(days: Int) -> Int {
        min(maximumEntries, base + entriesPerDay * max(0, days))
    }

    package static let entriesPerDay = 500
    package static let maximumEntries = 250_000

    /// Bytes `occurrences` and expanded .ics write, for a window of `days`
    /// days: 100 MB plus 10 MB a day, at most 1 GB.
    package static func bytes(days: Int) -> Int {
        min(maximumBytes, baseBytes + bytesPerDay * max(0, days))
    }

    package static let baseBytes = 100_000_000
    package static let bytesPerDay = 10_000_000
    package static let maximumBytes = 1_000_000_000

    /// What a run may still write (`bytes(days:)`): records are admitted
    /// whole, each only if it fits in what is left.
    package struct OutputBytes {
        package let budget: Int
        package let days: Int
        package private(set) var written = 0

        package init(days: Int) {
            self.days = days
            budget = WorkBudget.bytes(days: days)
        }

        /// Bytes still to be written.
        package var room: Int { budget - written }

        /// Whether a record of `count` bytes fits; if it does, it counts as written.
        package mutating func admit(_ count: Int) -> Bool {
            guard count <= room else { return false }
            written += count
            return true
        }

        /// The warning for output cut before `event`'s occurrence at `start`.
        package func cut(before event: Event, at start: Instant) -> Diagnostic {
            WorkBudget.outputCut(budget: budget, days: days, event: event, start: start)
        }

        /// The warning for output cut before the day `date`, whose first
        /// event left out is `event`'s occurrence at `start` (nil for a day
        /// without events, and then no later day lists one either).
        package func cut(beforeDay date: LocalDate, first: (event: Event, start: Instant)?) -> Diagnostic {
            let head = "the output of this window would pass \(budget) bytes (the work budget for \(days) day\(days == 1 ? "" : "s")): "
                + "it ends before the day \(date), which is left out with every later day"
            guard let first else {
                return Diagnostic(.warning, .workBudget, at: SourcePosition(file: "<output>", line: 0), head + " (none lists an event)")
            }
            return Diagnostic(.warning, .workBudget, at: first.event.source,
                              head + ", from the occurrence of \(name(first.event)) at \(first.start) on")
        }
    }

    /// The warning for output cut before `event`'s occurrence starting at
    /// `start`, the first that would have passed `budget` bytes.
    package static func outputCut(budget: Int, days: Int, event: Event, start: Instant) -> Diagnostic {
        Diagnostic(.warning, .workBudget, at: event.source,
            "the output of this window would pass \(budget) bytes (the work budget for \(days) day\(days == 1 ? "" : "s")): "
            + "it ends before the occurrence of \(name(event)) at \(start), which is left out with every later one")
    }

    /// `"Title" (uid u, file:line)`.
    static func name(_ event: Event) -> String {
        "\"\(event.title)\" (uid \(event.uid), \(event.source))"
    }

    /// The heaviest of `amounts` (the first of equal ones first), at most
    /// `limit`, as text, each named by `name` of its position. Positions
    /// are sorted, not events: a cut year of 50,000 series would copy
    /// every event twice.
    static func heaviest(_ amounts: [Int], limit: Int = 3, unit: String, name: (Int) -> String) -> String {
        amounts.indices
            .sorted { (amounts[$1], $0) < (amounts[$0], $1) }
            .prefix(limit)
            .map { "\(name($0)): \(amounts[$0]) \(unit)" }
            .joined(separator: "; ")
    }

    /// The warning for a window whose series generate more than `budget`
    /// instances: which were cut (`cut`, in input order), the heaviest.
    /// Series are named by position, their masters made only for the text.
    static func instancesCut(budget: Int, days: Int, cut: [Int], loads: [(position: Int, amount: Int)],
                             master: (Int) -> Event) -> Diagnostic {
        let heaviest = loads.max { $0.amount < $1.amount }
        let names = cut.prefix(3).map { name(master($0)) }.joined(separator: ", ")
        let more = cut.count > 3 ? " and \(cut.count - 3) more" : ""
        return Diagnostic(.warning, .workBudget, at: master(heaviest?.position ?? cut.first!).source,
            "the recurring events of this window generate more than \(budget) instances (the work budget for "
            + "\(days) day\(days == 1 ? "" : "s")); \(cut.count) event\(cut.count == 1 ? " keeps" : "s keep") "
            + "fewer instances or none: \(names)\(more); the heaviest: "
            + WorkBudget.heaviest(loads.map(\.amount), unit: "instances") { name(master(loads[$0].position)) })
    }

    /// The warning for days whose lists were cut from `days[listedUntil]`
    /// on: the events listed most (by calendar and uid).
    static func entriesCut(days: [LocalDay], listedUntil listed: Int, total: Int, budget: Int,
                           kept: SettledOccurrences, order: [Int], buckets: DayBuckets) -> Diagnostic {
        // Summed by record first (a series' occurrences share one), so that
        // no event is copied and no key hashed per occurrence; then by calendar and UID, each
        // named by its event listed first. Only the three listed most are
        // ordered (most days first, then by calendar and UID).
        var byRecord: [ObjectIdentifier: (first: Int, amount: Int)] = [:]
        for (index, original) in order.enumerated() {
            var amount = buckets.placements[original].days.count
            if !buckets.moreRanges.isEmpty, let more = buckets.moreRanges[original] {
                amount += more.reduce(0) { $0 + $1.count }
            }
            byRecord[ObjectIdentifier(kept[index].occurrence.eventRecord), default: (index, 0)].amount += amount
        }
        var byEvent: [ClaimKey: (first: Int, amount: Int)] = [:]
        for (first, amount) in byRecord.values {
            let key = ClaimKey(kept[first].occurrence.eventRecord.event)
            let known = byEvent[key]
            byEvent[key] = (min(known?.first ?? first, first), (known?.amount ?? 0) + amount)
        }
        func before(_ a: (key: ClaimKey, value: (first: Int, amount: Int)),
                    _ b: (key: ClaimKey, value: (first: Int, amount: Int))) -> Bool {
            if a.value.amount != b.value.amount { return a.value.amount > b.value.amount }
            if (a.key.calendar, a.key.uid) != (b.key.calendar, b.key.uid) {
                return (a.key.calendar, a.key.uid) < (b.key.calendar, b.key.uid)
            }
            // Keys whose texts differ only in Unicode normalization: by bytes.
            return a.key.calendar.utf8.lexicographicallyPrecedes(b.key.calendar.utf8)
                || (a.key.calendar.hasSameBytes(as: b.key.calendar) && a.key.uid.utf8.lexicographicallyPrecedes(b.key.uid.utf8))
        }
        var most: [(key: ClaimKey, value: (first: Int, amount: Int))] = []
        for entry in byEvent where most.count < 3 || before(entry, most[most.count - 1]) {
            most.insert(entry, at: most.firstIndex { before(entry, $0) } ?? most.count)
            if most.count > 3 { most.removeLast() }
        }
        let dayCount = days.count
        return Diagnostic(.warning, .workBudget, at: kept[most[0].value.first].event.source,
            "the days of this window would list \(total) events in all, more than \(budget) (the work budget for "
            + "\(dayCount) day\(dayCount == 1 ? "" : "s")): the days from \(days[listed].date) on list none of their events "
            + "(their event count and busy time still count them); listed most: "
            + WorkBudget.heaviest(most.map(\.value.amount), unit: "days") { name(kept[most[$0].value.first].event) })
    }
}
