import ArgumentParser
import Foundation
import Plumbing

package struct BusyLifeCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "busylife",
        abstract: "An honest picture of how busy a life is, from calendars.",
        discussion: """
        Reads iCalendar (.ics) files, vdir directories and BusyLife events.json \
        files into one event model in UTC, expands recurrences, places them \
        on the local days of a window (even while travelling) and tells how \
        busy each day is: as JSON for scripts, an agenda, or a heatmap.

        EXAMPLES:
          busylife heatmap samples/ --today 2026-12-20
          busylife agenda samples/ --today 2026-11-22 --locale de_DE
          busylife days work.ics --from 2026-11-01 --to 2026-11-30 --format ndjson \\
            | jq .busySeconds
          busylife occurrences work.ics --tz America/New_York \\
            --travel 2026-12-06T16:50+09:00=Asia/Tokyo
          busylife free alice.ics bob.ics --min 1h --buffer 10m
          busylife conflicts work.ics personal.ics --between-inputs
          busylife busy work.ics --format ics -o me.ifb
          busylife check samples/
          cat work.ics | busylife events - --format json

        \(ExitStatus.inputs)

        \(ExitStatus.dates)

        CONFIGURATION:
          ~/.config/busylife/config.toml ($XDG_CONFIG_HOME, or the file
          $BUSYLIFE_CONFIG names) sets calendars (read when no INPUT is
          given), timezone, locale, week-start, working-hours, working-days,
          me, [colors] and [sources.NAME] (subscriptions: busylife sync,
          busylife sources); flags win over the environment, which wins
          over the file. busylife config shows the settings and their origins;
          busylife config --init writes them as a first file.

        \(ExitStatus.help)
        """,
        version: "0.1.0",
        subcommands: [EventsCommand.self, OccurrencesCommand.self, DaysCommand.self, AgendaCommand.self, HeatmapCommand.self, StatsCommand.self,
                      FreeCommand.self, BusyCommand.self, ConflictsCommand.self, ConvertCommand.self, CheckCommand.self, ConfigCommand.self,
                      SyncCommand.self, SourcesCommand.self, ServeCommand.self, HtmlCommand.self]
    )

    package init() {}

    /// ArgumentParser's `main`, but `--from -2w` reads as `--from=-2w`
    /// (`SettleFlags.joiningNegativeDates`), and a usage error found once
    /// a subcommand runs (a date, a zone, a --calendar name) prints that
    /// subcommand's usage, as the errors found while parsing do, not
    /// `busylife <subcommand>`.
    package static func main() {
        var command: ParsableCommand
        do { command = try parseAsRoot(SettleFlags.joiningNegativeDates(Array(CommandLine.arguments.dropFirst()))) }
        catch { exit(withError: error) }
        if let limit = DescriptorLimit.shortfall(), !(command is ConfigCommand) {
            let err = Output(fd: 2)
            err.line("busylife: error: only \(limit) files may be open at once (ulimit -n); busylife needs \(DescriptorLimit.needed) to read its inputs")
            err.flush()
            Foundation.exit(66)
        }
        do {
            try command.run()
        } catch let error as ValidationError {
            let subcommand = type(of: command)
            let name = subcommand == BusyLifeCommand.self ? "busylife" : "busylife " + (subcommand.configuration.commandName ?? "")
            let err = Output(fd: 2)
            err.line("Error: \(error.message)")
            err.line("Usage: " + usageString(for: subcommand).trimmingCharacters(in: .whitespaces))
            err.line("  See '\(name) --help' for more information.")
            err.flush()
            Foundation.exit(ExitCode.validationFailure.rawValue)
        } catch let failure as Output.Failure {
            let err = Output(fd: 2)
            err.line("busylife: \(failure)")
            err.flush()
            Foundation.exit(74)
        } catch {
            exit(withError: error)
        }
    }
}
