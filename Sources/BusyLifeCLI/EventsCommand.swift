import ArgumentParser
import EventModel
import Export
import Import
import Plumbing
import Reading

struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Print every event of the inputs, not expanded, one JSON object per line.",
        discussion: """
        One line per VEVENT or BusyLife event, overrides included, in input \
        order; fields are described in docs/events.md. Diagnostics go to \
        standard error as file:line: severity: message.

        EXAMPLES:
          busylife events samples/meeting.ics
          busylife events ~/.calendars/work/ | jq -r 'select(.rrule) | .title'
          busylife events --format json samples/busylife-events.json

        \(ExitStatus.inputs)

        \(ExitStatus.help)
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case ndjson, json
    }

    @OptionGroup var input: InputOptions

    @Option(help: "ndjson: one event per line; json: one document with a schema name.")
    var format: Format = .ndjson

    func run() throws {
        Output.ignoreOutputSignals()
        let out = Output(fd: 1)
        let err = Output(fd: 2)
        var list = EventList(to: out, document: format == .json)
        var clamped: [Diagnostic] = []
        input.sayRemote { if input.shows($0) { err.line($0.description) } }
        var report = Reading.read(input.readInputs, useCalendarZone: !input.noCalendarZone, event: { event in
            var event = event
            if let warning = Self.clampToPrintableYears(&event) {
                clamped.append(warning)
                if input.shows(warning) { err.line(warning.description); err.flush() }
            }
            return list.add(event)
        }, diagnostic: { diagnostic in
            guard input.shows(diagnostic) else { return }
            err.line(diagnostic.description)
            err.flush()
        })
        list.finish()
        try out.finish()
        err.flush()
        clamped.forEach { report.count($0) }
        input.countRemote(into: &report)
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status != .success { throw status }
    }

    /// An end computed from a DURATION can lie past year 9999 (DTSTART
    /// 2020-01-01 plus `P99999999W` ends in year 1,918,554): printed at
    /// the edge of year 9999, with a `date-out-of-range` warning.
    static func clampToPrintableYears(_ event: inout Event) -> Diagnostic? {
        let movedStart = event.start.clampToPrintableYears()
        guard event.end.clampToPrintableYears() || movedStart else { return nil }
        return Diagnostic(.warning, .dateOutOfRange, at: event.source,
            "\"\(event.title)\" (uid \(event.uid)) starts or ends outside years 1 to 9999; "
            + "printed as starting or ending at the edge (0001-01-01 or 9999-12-31)")
    }
}
