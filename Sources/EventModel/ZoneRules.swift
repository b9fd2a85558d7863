/// A zone built from a VTIMEZONE's STANDARD and DAYLIGHT observances.
///
/// Each observance starts at its DTSTART (wall-clock time in the offset it
/// replaces, TZOFFSETFROM) and again at each instance of its RRULE and each
/// RDATE; the offset in force at an instant is the TZOFFSETTO of the latest
/// onset at or before it. Before the first onset, the first observance's
/// TZOFFSETFROM holds. Rules are expanded by the same engine as events
/// (`RuleExpander`), so any RRULE a VTIMEZONE carries is read.
package struct ZoneRules: Hashable, Sendable {
    /// Equal when written alike: same start, offsets, rule, UNTIL and dates.
    package struct Observance: Hashable, Sendable {
        package var start: LocalDateTime
        package var offsetFrom: Int
        package var offsetTo: Int
        /// The RRULE's instances (UNTIL, in UTC, already applied).
        package var expander: RuleExpander?
        package var dates: [LocalDateTime]
        /// What the expander was made from, for equality.
        private let rule: RecurrenceRule?
        private let untilUTC: Int64?

        package static func == (a: Observance, b: Observance) -> Bool {
            a.start == b.start && a.offsetFrom == b.offsetFrom && a.offsetTo == b.offsetTo
                && a.rule == b.rule && a.untilUTC == b.untilUTC && a.dates == b.dates
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(start)
            hasher.combine(offsetTo)
            hasher.combine(rule)
        }

        /// `untilUTC`: the last onset allowed, as UTC seconds.
        package init(start: LocalDateTime, offsetFrom: Int, offsetTo: Int,
                    rule: RecurrenceRule? = nil, untilUTC: Int64? = nil, dates: [LocalDateTime] = []) {
            self.start = start
            self.offsetFrom = offsetFrom
            self.offsetTo = offsetTo
            // An onset's UTC time is its wall time minus TZOFFSETFROM.
            self.expander = rule.map {
                RuleExpander(rule: $0, start: start, until: untilUTC.map { .wallClock($0 + Int64(offsetFrom)) })
            }
            self.dates = dates
            self.rule = rule
            self.untilUTC = untilUTC
        }
    }

    package var observances: [Observance]

    package init(observances: [Observance]) {
        self.observances = observances
    }

    /// The offset at `seconds` since the epoch (UTC): the TZOFFSETTO of the
    /// latest onset at or before it, else the first observance's TZOFFSETFROM.
    /// Of onsets at the same second, the last in file order wins, as in
    /// `transitions` (sorted stably and searched for the last onset).
    package func offset(atUTCSeconds seconds: Int64) -> Int {
        let year = LocalDateTime(secondsSinceEpoch: seconds).date.year
        var best: (onset: Int64, offset: Int)?
        for onset in onsets(years: year...year) ?? [] where onset.onset <= seconds {
            if best == nil || onset.onset >= best!.onset { best = onset }
        }
        if let best { return best.offset }
        let first = observances.min { $0.start.secondsSinceEpoch - Int64($0.offsetFrom) < $1.start.secondsSinceEpoch - Int64($1.offsetFrom) }
        return first?.offsetFrom ?? 0
    }

    /// The offset in force from `start`, then every onset up to `end`, in
    /// order: a table for quick lookups. Nil when the observances have more
    /// than `limit` onsets in those years (rules that change every hour).
    package func transitions(fromUTCSeconds start: Int64, toUTCSeconds end: Int64,
                            limit: Int = .max) -> [(onset: Int64, offset: Int)]? {
        let years = LocalDateTime(secondsSinceEpoch: start).date.year...LocalDateTime(secondsSinceEpoch: end).date.year
        guard let all = onsets(years: years, limit: limit) else { return nil }
        let inside = all.filter { $0.onset > start && $0.onset < end }
        return [(start, offset(atUTCSeconds: start))] + inside.sorted { $0.onset < $1.onset }
    }

    /// Every onset of every observance (UTC seconds and the offset it brings):
    /// DTSTART and the RDATEs always, the rule's in `years` (one year of
    /// margin either side); nil past `limit` onsets.
    private func onsets(years: ClosedRange<Int>, limit: Int = .max) -> [(onset: Int64, offset: Int)]? {
        var result: [(onset: Int64, offset: Int)] = []
        let from = ZoneRules.startOfYear(years.lowerBound - 1)
        let to = ZoneRules.startOfYear(years.upperBound + 2)
        for observance in observances {
            func add(_ wall: Int64) { result.append((wall - Int64(observance.offsetFrom), observance.offsetTo)) }
            add(observance.start.secondsSinceEpoch)
            observance.dates.forEach { add($0.secondsSinceEpoch) }
            observance.expander?.instances(from: from, to: to) { add($0); return result.count <= limit }
            if result.count > limit { return nil }
        }
        return result
    }

    /// 1 January of `year`, 00:00 UTC, in seconds since the epoch.
    package static func startOfYear(_ year: Int) -> Int64 {
        let clamped = min(max(year, 1), 9999)
        return (LocalDate(year: clamped, month: 1, day: 1)?.daysSinceEpoch ?? 0) * 86_400
    }
}
