import BusyLifeKit
import Import
import Settle

/// The window every pass settles: two months for a viewer in
/// Europe/Berlin, with the end of summer time (25 October 2026) inside.
/// Small, and with the work budget made smaller (as for the mutation
/// test, and smaller still), so that each input stays cheap: a series of
/// years-long instances otherwise lists thousands of them on every day,
/// and every writer writes them all.
enum FuzzWindow {
    static let from = LocalDate(year: 2026, month: 10, day: 1)!
    static let to = LocalDate(year: 2026, month: 11, day: 30)!
    static let today = LocalDate(year: 2026, month: 11, day: 2)!
    static let berlin = Zone.named("Europe/Berlin") ?? .utc
    static let me = "me@example.com"

    static var options: SettleOptions {
        var options = SettleOptions(from: from, to: to, timeline: ZoneTimeline(base: berlin))
        options.me = me
        options.instanceCap = 2_000
        options.instanceBudget = 10_000
        options.entryBudget = 2_000
        return options
    }

    /// The input as a file named `.ics` (its content decides the format).
    static func source(_ bytes: [UInt8]) -> InputSource {
        .bytes(bytes, name: "input.ics")
    }
}
