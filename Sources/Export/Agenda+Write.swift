import EventModel
import Plumbing
import Settle

extension Agenda {
    /// How the agenda is written: day sections for eyes, each event through
    /// a template, or a TSV row per occurrence per day of the events shown.
    package enum Writing {
        case text(Agenda)
        case template(AgendaTemplate)
        case tsv(Shown)
    }

    /// Writes the agenda of `settlement` to `out`, no more bytes than the
    /// work budget allows, and stops once `out` is closed. The `work-budget`
    /// warning when the budget cut the agenda.
    package static func write(_ settlement: Settlement, _ writing: Writing, to out: Output) -> Diagnostic? {
        var budget = AgendaBudget(settlement)
        switch writing {
        case .tsv(let shown):
            budget.shown = shown
            writeTSV(settlement, budget: &budget, to: out)
        case .template(let agenda):
            while let day = budget.nextDay(), !out.closed {
                agenda.forEachRendering(day, in: settlement) { text, settled in
                    budget.admit(text.utf8.count, settled, on: day) && out.write(text)
                }
            }
        case .text(let agenda):
            budget.shown = agenda.shown
            var firstDay = true
            while let day = budget.nextDay(), !out.closed {
                var header = true
                agenda.forEachLine(day, in: settlement) { line, settled in
                    // A blank line before each day but the first.
                    let text = (header && !firstDay ? "\n" : "") + line + "\n"
                    (header, firstDay) = (false, false)
                    return budget.admit(text.utf8.count, settled, on: day) && out.write(text)
                }
            }
        }
        return budget.cut
    }

    /// The header, then a row per occurrence shown per day, gathered into
    /// large writes; a row is measured alone, so that the budget cuts
    /// between rows.
    private static func writeTSV(_ settlement: Settlement, budget: inout AgendaBudget, to out: Output) {
        out.write(tsvHeader)
        var bytes = ByteWriter()
        var row = ByteWriter()
        var memos = TimeMemos()
        days: while let day = budget.nextDay() {
            for entry in day.entries where budget.shown.includes(settlement.occurrences[entry.occurrence]) {
                row.removeAll()
                tsvRow(entry, on: day, in: settlement, into: &row, memos: &memos)
                guard budget.admit(row.count, settlement.occurrences[entry.occurrence], on: day) else { break days }
                row.withBytes { bytes.append(bytes: $0) }
                if bytes.count >= 1 << 16, !out.write(&bytes) { break days }
            }
        }
        out.write(&bytes)
    }
}

/// What the work budget lets the agenda write (`WorkBudget.OutputBytes`),
/// line by line or row by row, and the warning once it cut: it names the
/// event of the first line left out, or for a day's header the first event
/// shown on that day or a later one.
struct AgendaBudget {
    private var bytes: WorkBudget.OutputBytes
    private var days: ListedDays.Iterator
    private let settlement: Settlement
    /// The events the agenda shows: the first left out is named among them.
    var shown = Agenda.Shown()
    private(set) var cut: Diagnostic?

    init(_ settlement: Settlement) {
        self.settlement = settlement
        bytes = WorkBudget.OutputBytes(days: Int(settlement.to.daysSinceEpoch - settlement.from.daysSinceEpoch) + 1)
        days = settlement.dayLists.makeIterator()
    }

    /// The next day, none once the budget cut the output.
    mutating func nextDay() -> LocalDay? { cut == nil ? days.next() : nil }

    /// Whether `count` more bytes, listing `settled` (nil for a header) on
    /// `day`, fit; if not, the output is cut before them.
    mutating func admit(_ count: Int, _ settled: SettledOccurrence?, on day: LocalDay) -> Bool {
        if bytes.admit(count) { return true }
        var later: LocalDay? = day
        var first = settled
        while first == nil, let listed = later {
            first = listed.entries.map { settlement.occurrences[$0.occurrence] }.first(where: shown.includes)
            later = days.next()
        }
        cut = first.map { bytes.cut(before: $0.event, at: $0.startUTC) } ?? bytes.cut(beforeDay: day.date, first: nil)
        return false
    }
}
