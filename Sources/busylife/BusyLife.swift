import ArgumentParser

@main
struct BusyLife: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "busylife",
        abstract: "An honest picture of how busy a life is, from calendars.",
        discussion: """
        Reads iCalendar (.ics) files, vdir directories and BusyLife events.json \
        files into one event model in UTC.

        EXAMPLES:
          busylife check samples/
          busylife events samples/meeting.ics | jq -r .title
          cat work.ics | busylife events - --format json

        \(ExitStatus.help)
        """,
        version: "0.1.0",
        subcommands: [EventsCommand.self, OccurrencesCommand.self, DaysCommand.self, AgendaCommand.self, HeatmapCommand.self, CheckCommand.self]
    )
}
