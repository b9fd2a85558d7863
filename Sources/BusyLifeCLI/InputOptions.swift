import ArgumentParser
import EventModel
import Foundation
import Import
import Plumbing

/// What every reading command takes: the inputs and how strictly to read them.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "Files (.ics, jCal or BusyLife events.json, told apart by content), directories (read recursively, links followed; INPUTS in busylife --help), or - for standard input. Default: the calendars of the configuration file (busylife config).",
        valueName: "input"), completion: .file())
    var inputs: [String] = []

    @Flag(help: "Fail (exit 65) on any error or warning (notes never fail a run).")
    var strict = false

    @Flag(name: .shortAndLong, help: "Also print notes: valid or harmless input that busylife does not use.")
    var verbose = false

    @Flag(name: .shortAndLong, help: "Print errors only: no warnings, notes or remarks such as an empty window (the exit code is the same; not with --verbose).")
    var quiet = false

    @Flag(name: .customLong("no-calendar-zone"),
          help: "Ignore X-WR-TIMEZONE (strict RFC 5545 reading).")
    var noCalendarZone = false

    @Flag(help: "Fetch every subscription now, however recent its cached copy.")
    var refresh = false

    @Flag(help: "Fetch nothing: read subscriptions from the cache only (one never fetched: exit 66).")
    var offline = false

    func validate() throws {
        if refresh && offline { throw ValidationError("--refresh fetches and --offline does not: give one of them") }
        try Configuration.check()
        if inputs.isEmpty && Configuration.active.calendars.isEmpty {
            let path = Configuration.active.path ?? "~/.config/busylife/config.toml"
            throw ValidationError("give at least one input (a file, a directory or -), or name your calendars in \(path): "
                + "calendars = [\"~/calendars/work.ics\", \"~/.calendars/\"] (README, Configuration)")
        }
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
        if quiet && verbose { throw ValidationError("--quiet prints errors only and --verbose adds notes: give one of them") }
    }

    /// The inputs given, else the configuration file's calendars.
    var paths: [String] { inputs.isEmpty ? Configuration.active.calendars : inputs }

    /// The inputs as the library takes them (`-` is standard input). A
    /// path becomes a URL as written, without asking the file system
    /// whether it names a folder (the library reads the path back as given,
    /// and finds out itself): `URL(fileURLWithPath:)` asks it, a
    /// noticeable part of a short run.
    /// Subscriptions are fetched (or read from the cache) first: `remote`.
    var sources: [CalendarSource] { remote.sources }

    /// What the importer reads, subscriptions as their copies.
    var readInputs: [InputSource] { remote.readInputs }

    /// Whether a diagnostic goes to standard error: errors always,
    /// warnings unless --quiet, notes only with --verbose.
    func shows(_ diagnostic: Diagnostic) -> Bool {
        switch diagnostic.severity {
        case .error: true
        case .warning: !quiet
        case .note: verbose
        }
    }

    /// Says a remark on standard error (an empty window, no working
    /// time) unless --quiet: it is neither data nor a diagnostic.
    func remark(_ text: String) {
        guard !quiet else { return }
        let err = Output(fd: 2)
        err.line("busylife: " + text)
        err.flush()
    }
}
