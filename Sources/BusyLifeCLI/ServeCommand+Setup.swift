import ArgumentParser
import EventModel
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Plumbing
import Reading
import ServeCore
import Settle

/// A value the server's threads may share: the parsed flags, only ever read.
private struct Shared<Value>: @unchecked Sendable {
    let value: Value
}

extension ServeCommand {
    /// How the server settles a request's window: with the flags given,
    /// the request's `from`, `to` and `tz` in place of `--from`, `--to` and
    /// `--tz`, exactly as `busylife days` would.
    func makeSetup() -> ServeSetup { ServeCommand.setup(input: input, settle: settle) }

    /// The same for any command that shows the page (`serve`, `html`):
    /// a request's window, when it names one, replaces the flags' window.
    /// `html` settles once and wants the command's own errors and exit
    /// codes (`failures` false), `serve` an HTTP status for each.
    static func setup(input: InputOptions, settle: SettleFlags, failures: Bool = true) -> ServeSetup {
        let inputs = Shared(value: input), flags = Shared(value: settle)
        // Diagnostics are said once per reading of changed files, not per
        // request: `settle`'s others go to /dev/null, opened for each call
        // because its Output closes it when done (a descriptor closed
        // twice could be one of the server's sockets by then).
        return ServeSetup(
            options: { from, to, tz, now in
                try ServeCommand.asFailure(failures) { try ServeCommand.flags(flags.value, from, to, tz).options(now: now) }
            },
            today: { tz, now in
                try ServeCommand.asFailure(failures) {
                    let chosen = ServeCommand.flags(flags.value, nil, nil, tz)
                    return try chosen.todayDate(timeline: chosen.options(now: now).timeline, now: now)
                }
            },
            settle: { options, fresh in
                try ServeCommand.asFailure(failures) {
                    // Each reading opens the subscriptions' copies again: the server reads them many times.
                    try RemoteInputs.$reading.withValue(inputs.value.remote.reopened()) {
                        try inputs.value.settle(flags.value, options, err: Output(fd: fresh ? 2 : Glibc.open("/dev/null", O_WRONLY)))
                    }
                }
            },
            read: {
                try ServeCommand.asFailure(failures) {
                    try RemoteInputs.$reading.withValue(inputs.value.remote.reopened()) {
                        try inputs.value.readWhole(flags.value, err: Output(fd: 2))
                    }
                }
            },
            say: { diagnostic in
                guard inputs.value.shows(diagnostic) else { return }
                let err = Output(fd: 2)
                err.line(diagnostic.description)
                err.flush()
            }
        )
    }

    static func flags(_ flags: SettleFlags, _ from: String?, _ to: String?, _ tz: String?) -> SettleFlags {
        var chosen = flags
        if from != nil || to != nil {
            chosen.from = from
            chosen.to = to
        }
        if let tz { chosen.tz = tz }
        return chosen
    }

    /// A usage error of the request's window or zone as a 400, anything
    /// else (an unreadable itinerary) as a 500.
    /// With `wanted` false, errors pass as they are.
    static func asFailure<T>(_ wanted: Bool = true, _ body: () throws -> T) throws -> T {
        guard wanted else { return try body() }
        do { return try body() }
        catch let error as ValidationError { throw ServeFailure(status: 400, error.message) }
        catch let failure as ServeFailure { throw failure }
        catch { throw ServeFailure(status: 500, "\(error)") }
    }
}

extension InputOptions {
    /// Reads the inputs whole, every event with its text, for the server,
    /// which settles many windows from one reading; around the library
    /// call what `settle` does (diagnostics, `--calendar`, memory, colours).
    func readWhole(_ flags: SettleFlags, err: Output) throws -> KeptReading {
        let (events, report) = try read(flags, err: err, warnings: []) { diagnostic, finished in
            var events: [Event] = []
            let report = Reading.read(readInputs, useCalendarZone: !noCalendarZone,
                                      event: { events.append($0); return true }, diagnostic: diagnostic)
            try finished(report)
            return (events, report)
        }
        return KeptReading(events: events, report: report)
    }
}
