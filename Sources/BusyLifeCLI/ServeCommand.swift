import ArgumentParser
import Dispatch
import EventModel
import Export
import Foundation
import Plumbing
import ServeCore
import Settle

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the calendars in a browser: agenda, month grid, week and day on a time grid, year, and their JSON API.",
        discussion: """
        Listens on 127.0.0.1 (--port, default 8080) until Ctrl-C or SIGTERM \
        (then it stops and ends of that signal: 130 or 143 in a shell), and \
        says its address on standard error. The page's days are those of busylife \
        days for the same inputs and flags (/api/days?from=&to= answers the \
        same bytes, at most 400 days at once; /api/meta the busy levels, \
        calendars and today); local files are read again when they change, \
        subscriptions and CalDAV sources fetched again in the background as \
        each falls due. \
        Everything served is in the binary. The server is read-only, answers \
        only to its own address, and beyond loopback (--host) needs the \
        token it prints. Keys: t today, j/k (or arrows) next and previous, \
        a agenda, m month, w week, d day, y year (docs/serve.md).

        EXAMPLES:
          busylife serve samples/ --today 2026-11-22 --open
          busylife serve work.ics home.ics --tz Europe/Paris --port 8000

        \(ExitStatus.help)
          69  (serve) the port is in use
        """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var settle: SettleFlags

    @Option(help: ArgumentHelp("The port to listen on; 0 takes any free one.", valueName: "port"))
    var port = 8080

    @Option(help: ArgumentHelp("The address to listen on; anything but loopback needs the token printed at start.", valueName: "address"))
    var host = "127.0.0.1"

    @Flag(help: "Open the page in the browser (xdg-open) once the server listens.")
    var open = false

    @Option(help: ArgumentHelp("How busy levels are cut for shading, fixed at start over the 53 weeks around today: quantile, linear or fixed:A,B,C (minutes).", valueName: "scale"))
    var scale = "quantile"

    func validate() throws {
        guard settle.from == nil, settle.to == nil else {
            throw ValidationError("serve shows every date as the page scrolls: --from and --to are for the page's requests")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port wants 0 to 65535, not \(port)") }
        guard HeatmapScale.kind(parsing: scale) != nil else {
            throw ValidationError("--scale wants quantile, linear or fixed:A,B,C with increasing minutes, not \"\(scale)\"")
        }
    }

    func run() throws {
        // Only busylife-net holds the server: this process becomes it.
        guard let serve = NetworkParts.serve else { NetworkHelper.replaceProcess(for: "busylife serve") }
        Output.ignoreOutputSignals()
        var setup = makeSetup()
        setup.host = host
        setup.port = port
        setup.scale = HeatmapScale.kind(parsing: scale)!
        setup.watched = input.paths.filter { !$0.contains("://") && $0 != "-" && Configuration.active.sources[$0] == nil }
        setup.locale = Configuration.active.locale
        setup.weekStart = Configuration.active.weekStart.flatMap(HeatmapCommand.weekday)
        try serve(setup, open) { changed in ServeCommand.refreshInBackground(input, changed: changed) }
    }
}
