import ArgumentParser
import CheckReport
import EventModel
import Export
import Import
import Plumbing
import Reading
import Settle

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Read everything and report: files, events, series, zones, diagnostics.",
        discussion: """
        Prints every diagnostic as file:line: severity: message, then a \
        summary: files read, events, recurring series, overrides, every \
        time zone with the rule that resolved it (tzdb, vtimezone, windows, \
        offset, unresolved), and diagnostics by severity and kind.

        SEVERITIES:
          error    something of yours was dropped (an event, a rule, a time, a file)
          warning  read with a repair or a fallback that may change what you see
          note     valid or harmless input busylife does not use; never changes
                   the exit code (other commands print notes only with --verbose)

        EXAMPLES:
          busylife check samples/
          busylife check --strict calendar.ics && echo clean
          busylife check --format json ~/cal/ \\
            | jq '.diagnostics[] | select(.severity == "error")'
          busylife check --format json work.ics | jq .diagnostics

        \(ExitStatus.inputs)

        \(ExitStatus.help)
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var input: InputOptions

    @Option(help: "text for people; json for scripts (schema busylife.check/2).")
    var format: Format = .text

    func run() throws {
        Output.ignoreOutputSignals()
        let out = Output(fd: 1)
        var listing = CheckListing(to: out, json: format == .json)
        let show = { (diagnostic: Diagnostic) in
            // The summary counts every diagnostic; --quiet lists errors only.
            guard !input.quiet || diagnostic.severity == .error else { return }
            listing.list(diagnostic)
        }
        // What expansion would say of a series whatever the window (an
        // override its master's EXDATE deletes) is said here too.
        var series = SeriesCheck()
        input.sayRemote(show)
        var report = Reading.read(input.readInputs, useCalendarZone: !input.noCalendarZone, event: { event in
            series.add(event)
            return true
        }, diagnostic: show)
        series.diagnostics { diagnostic in
            report.count(diagnostic)
            show(diagnostic)
        }
        input.countRemote(into: &report)
        listing.finish(report)
        try out.finish()
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status != .success { throw status }
    }
}
