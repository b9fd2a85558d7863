import ArgumentParser
import EventModel
import Export
import Import
import Plumbing
import Settle

struct DaysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "days",
        abstract: "Print one JSON day model per local date of the window: its events, length and busy time.",
        discussion: """
        Every date of the window is present, empty ones too. A day is the \
        time whose local date it is in the viewer's zone in force: 23 or 25 \
        hours on DST days, other lengths (or two spans, or none) on travel \
        days. Default window: today ± 31 days (--from or --to alone: 63 \
        days from or up to it; --from 2026-11 alone: that month). Fields: \
        docs/days.md; JSON Schema: docs/days.schema.json.

        EXAMPLES:
          busylife days samples/ --today 2026-11-22 --tz America/New_York
          busylife days work.ics --from 2026-11-01 --to 2026-11-30 --format ndjson \\
            | jq -r '[.date, .busySeconds] | @tsv'
          busylife days cal.ics --format ndjson --tz America/New_York \\
            --travel 2026-12-06T07:50Z=Asia/Tokyo

        \(ExitStatus.help)
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, ndjson
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var settle: SettleFlags

    @Option(help: "json: one document with schema, window and timeline; ndjson: one day per line.")
    var format: Format = .json

    func run() throws {
        Output.ignoreOutputSignals()
        let options = try settle.options()
        let out = Output(fd: 1)
        let err = Output(fd: 2)
        let (settlement, settledReport) = try input.settle(settle, options, err: err)
        var report = settledReport
        let cut = DaysJSON.write(settlement, lines: format == .ndjson) { out.write(&$0) }
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
