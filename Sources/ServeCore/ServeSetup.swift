import EventModel
import Export
import Foundation
import Import
import Settle

/// What the command line hands the server: how to turn a request's
/// window into the options `busylife days` would settle with, and how to
/// settle them (reading the same sources and configuration). The server
/// knows no flag and no configuration file itself.
package struct ServeSetup: Sendable {
    /// Where to listen: 127.0.0.1 unless told otherwise, and the port (0: any free one).
    package var host = "127.0.0.1"
    package var port = 8080
    /// The options for a window (`from`, `to` in the date forms of
    /// `--from` and `--to`; `tz` instead of `--tz` when given) at `now`;
    /// a usage error is thrown as `ServeFailure` with status 400.
    package var options: @Sendable (_ from: String?, _ to: String?, _ tz: String?, _ now: Date) throws -> SettleOptions
    /// Today in the viewer's zone (`tz` as for `options`) at `now`.
    package var today: @Sendable (_ tz: String?, _ now: Date) throws -> LocalDate
    /// Reads the sources and settles: what `days` does (with its
    /// diagnostics, said by the command line); `fresh` is true for the
    /// first read after the files changed. `html` settles so, once.
    package var settle: @Sendable (_ options: SettleOptions, _ fresh: Bool) throws -> (Settlement, ImportReport)
    /// Reads the sources whole, every event with its text, as `days`
    /// reads them (their diagnostics said, `--calendar` checked): what the
    /// server keeps between requests and settles each window from.
    package var read: @Sendable () throws -> KeptReading
    /// Says a diagnostic of settling as the command line says it.
    package var say: @Sendable (Diagnostic) -> Void
    /// The local files and folders to watch for changes.
    package var watched: [String] = []
    /// How busy levels are cut (`--scale`), fixed once at start.
    package var scale: HeatmapScale.Kind = .quantile
    /// The locale the page starts with, if the configuration names one.
    package var locale: String?
    /// The first weekday (ISO, 1 Monday) when the configuration sets one.
    package var weekStart: Int?

    package init(options: @escaping @Sendable (String?, String?, String?, Date) throws -> SettleOptions,
                 today: @escaping @Sendable (String?, Date) throws -> LocalDate,
                 settle: @escaping @Sendable (SettleOptions, Bool) throws -> (Settlement, ImportReport),
                 read: @escaping @Sendable () throws -> KeptReading,
                 say: @escaping @Sendable (Diagnostic) -> Void = { _ in }) {
        self.options = options
        self.today = today
        self.settle = settle
        self.read = read
        self.say = say
    }

    /// Whether `host` is this machine alone: then the Host header is
    /// checked and no token is needed.
    package var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

/// What reading the sources gave, kept by the server until a watched file
/// changes or a subscription's copy is replaced: the events in input order,
/// whole (any window may be asked for), and what the read counted.
package struct KeptReading: Sendable {
    package var events: [Event]
    package var report: ImportReport

    package init(events: [Event], report: ImportReport) {
        self.events = events
        self.report = report
    }

    /// The window of `options` settled from the events kept, as
    /// `busylife days` settles it after reading them.
    package func settle(_ options: SettleOptions) -> Settlement {
        let settler = Settler(options: options)
        for event in events { settler.add(event) }
        return settler.settle(releasingInput: true)
    }
}

/// A request the server refuses or could not answer, said as JSON with
/// its HTTP status.
package struct ServeFailure: Error, Sendable, CustomStringConvertible {
    package var status: Int
    package var message: String

    package init(status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    package var description: String { message }

    /// `{"error":{"status":400,"message":"…"}}`.
    package var json: String {
        var inner = JSONObjectWriter()
        inner.field("status", status)
        inner.field("message", message)
        var outer = JSONObjectWriter()
        outer.raw("error", inner.finished())
        return outer.finished()
    }
}
