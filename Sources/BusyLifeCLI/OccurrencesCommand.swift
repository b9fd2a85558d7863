import ArgumentParser
import EventModel
import Export
import Import
import Plumbing
import Settle

struct OccurrencesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "occurrences",
        abstract: "Print the occurrences of a window, recurrences expanded, one JSON object per line.",
        discussion: """
        Every occurrence that lands on a local date of the window, sorted by \
        start: recurring events expanded (RRULE, RDATE, EXDATE, EXRULE, \
        overrides, THISANDFUTURE), in the viewer's zones over time. Fields \
        are described in docs/occurrences.md. Default window: today ± 31 \
        days (--from or --to alone: 63 days from or up to it; --from 2026 \
        alone: that year).

        EXAMPLES:
          busylife occurrences samples/meeting.ics --from 2026-11-01 --to 2026-11-30
          busylife occurrences work.ics --today 2026-11-22 \\
            | jq -r 'select(.busy) | .title'
          busylife occurrences samples/flight.ics --tz America/New_York \\
            --travel-from-events
          busylife occurrences cal.ics --tz America/New_York \\
            --travel 2026-12-01T18:00=Asia/Tokyo

        \(ExitStatus.help)
        """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var settle: SettleFlags

    func run() throws {
        Output.ignoreOutputSignals()
        var options = try settle.options()
        options.listDays = false  // occurrences only: no day lists
        options.summarizeDays = false
        let out = Output(fd: 1)
        let err = Output(fd: 2)
        let (settlement, settledReport) = try input.settle(settle, options, err: err)
        var report = settledReport
        let cut = OccurrenceLines.write(settlement) { out.write(taking: &$0) }
        try out.finish()
        if let cut {
            if input.shows(cut) { err.line(cut.description) }
            err.flush()
            report.count(cut)
        }
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status != .success { throw status }
    }
}
