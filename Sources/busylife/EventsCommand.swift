import ArgumentParser
import BusyLifeKit
import EventModel
import Export
import Import

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
        Output.ignoreBrokenPipeSignal()
        let out = Output(fd: 1)
        let err = Output(fd: 2)
        var first = true
        if format == .json { out.write("{\"schema\":\"\(EventJSON.schema)\",\"events\":[") }
        var bytes = ByteWriter()
        let report = BusyLife.read(input.sources, options: input.readOptions, event: { event in
            if format == .json { bytes.append(first ? "\n" : ",\n") }
            EventJSON.write(event, into: &bytes)
            if format == .ndjson { bytes.append(byte: 0x0A) }
            first = false
            return bytes.count < 1 << 16 || out.write(&bytes)
        }, diagnostic: { diagnostic in
            guard input.shows(diagnostic) else { return }
            err.line(diagnostic.description)
            err.flush()
        })
        out.write(&bytes)
        if format == .json { out.write("\n]}\n") }
        try out.finish()
        err.flush()
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status != .success { throw status }
    }
}
