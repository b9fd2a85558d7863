import ArgumentParser
import EventModel
import Foundation
import Settle

/// The window, the viewer's zones over time and the busy-time rules: the
/// flags of every command that expands (docs/semantics.md sections 4 to 6).
struct SettleFlags: ParsableArguments {
    @Option(help: ArgumentHelp("First local date of the window (inclusive).", valueName: "YYYY-MM-DD"))
    var from: String?

    @Option(help: ArgumentHelp("Last local date of the window (inclusive).", valueName: "YYYY-MM-DD"))
    var to: String?

    @Option(help: ArgumentHelp("Today, for reproducible runs (default: the current date in the viewer's zone). The default window is today ± 31 days (free and busy: today and the next 6; conflicts: today and the next 30).", valueName: "YYYY-MM-DD"))
    var today: String?

    @Option(help: ArgumentHelp("The viewer's zone (IANA name). Default: TZ (a warning when it names no known zone), then the system zone, then UTC.", valueName: "zone"))
    var tz: String?

    @Option(help: ArgumentHelp("A change of the viewer's zone, repeatable: WHEN is an ISO date-time with Z or an offset, or local time in the zone in force just before.", valueName: "WHEN=ZONE"))
    var travel: [String] = []

    @Option(help: ArgumentHelp("A file of zone changes: WHEN<TAB>ZONE lines, or a JSON array of {\"when\", \"zone\"} (docs/travel.md).", valueName: "file"))
    var itinerary: String?

    @Flag(help: "A flight (an event whose start and end carry different zones) moves the viewer to the end's zone at its end.")
    var travelFromEvents = false

    @Option(help: ArgumentHelp("Your attendee address: events you declined are not busy.", valueName: "email"))
    var me: String?

    @Flag(help: "Count all-day events as busy (calendar apps show them as free).")
    var allDayBusy = false

    @Option(help: ArgumentHelp("Only events of this calendar (a vdir display name, X-WR-CALNAME or file stem; any case), repeatable; a name that matches no calendar is a usage error.", valueName: "name"))
    var calendar: [String] = []

    @Option(help: ArgumentHelp("Only events whose title, location or description contains this text (any case).", valueName: "text"))
    var search: String?

    /// The window when `--from` or `--to` is not given.
    enum DefaultWindow {
        /// Today ± 31 days, each end on its own.
        case aroundToday
        /// This many days: from today, from `--from`, or up to `--to`.
        case ahead(days: Int)
    }

    /// The options to settle with; usage errors as ValidationError.
    func options(now: Date = Date(), defaultWindow: DefaultWindow = .aroundToday) throws -> SettleOptions {
        let base = try baseZone()
        var plan = TravelPlan()
        if let itinerary {
            guard let data = FileManager.default.contents(atPath: itinerary) else {
                throw ValidationError("cannot read the itinerary \(itinerary)")
            }
            do { try plan.addItinerary(String(decoding: data, as: UTF8.self), file: itinerary) }
            catch { throw ValidationError(error.description) }
        }
        for change in travel {
            do { try plan.add(change) } catch { throw ValidationError("--travel: \(error)") }
        }
        let timeline = plan.timeline(base: base)
        let todayDate = try todayDate(timeline: timeline, now: now)
        let given = (try from.map { try SettleFlags.date($0, flag: "--from") }, try to.map { try SettleFlags.date($0, flag: "--to") })
        let first: LocalDate, last: LocalDate
        switch defaultWindow {
        case .aroundToday:
            first = given.0 ?? SettleFlags.clamped(todayDate.adding(days: -31))
            last = given.1 ?? SettleFlags.clamped(todayDate.adding(days: 31))
        case .ahead(let days):
            first = given.0 ?? SettleFlags.clamped((given.1 ?? todayDate.adding(days: days - 1)).adding(days: 1 - days))
            last = given.1 ?? SettleFlags.clamped(first.adding(days: days - 1))
        }
        guard first <= last else { throw ValidationError("--from \(first) is after --to \(last)") }
        guard last.daysSinceEpoch - first.daysSinceEpoch < Int64(SettleOptions.maximumDays) else {
            throw ValidationError("the window is longer than \(SettleOptions.maximumDays) days")
        }
        var options = SettleOptions(from: first, to: last, timeline: timeline)
        options.travelFromEvents = travelFromEvents
        options.me = me.flatMap(Attendee.email(fromAddress:))
        options.allDayBusy = allDayBusy
        options.filter = EventFilter(calendars: calendar, search: search)
        return options
    }

    /// `--today`, else the current date in the viewer's zone.
    func todayDate(timeline: ZoneTimeline, now: Date = Date()) throws -> LocalDate {
        try today.map { try SettleFlags.date($0, flag: "--today") }
            ?? timeline.localDate(of: Instant(seconds: Int64(now.timeIntervalSince1970.rounded(.down))))
    }

    private func baseZone() throws -> Zone {
        if let tz {
            guard let zone = TravelPlan.zone(named: tz) else { throw ValidationError("unknown time zone \"\(tz)\" for --tz") }
            return zone
        }
        if let name = SettleFlags.environmentZoneName(), let zone = TravelPlan.zone(named: name) { return zone }
        return SettleFlags.systemZone
    }

    /// The zone `TZ` names (`:Europe/Paris` and `/usr/share/zoneinfo/...`
    /// forms read too), nil when it is unset or empty.
    static func environmentZoneName(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard var name = environment["TZ"], !name.isEmpty else { return nil }
        if name.hasPrefix(":") { name.removeFirst() }
        if let range = name.range(of: "zoneinfo/") { name = String(name[range.upperBound...]) }
        return name
    }

    static var systemZone: Zone { TravelPlan.zone(named: TimeZone.current.identifier) ?? .utc }

    /// When the viewer's zone would come from `TZ` (no `--tz`) and `TZ`
    /// names no zone we know: a warning, so that a typo or a POSIX rule
    /// string (`CET-1CEST,M3.5.0,M10.5.0/3`) does not silently shift every
    /// day to another zone.
    func zoneSettingWarning(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Diagnostic? {
        guard tz == nil, let name = SettleFlags.environmentZoneName(environment), TravelPlan.zone(named: name) == nil else { return nil }
        return Diagnostic(.warning, .unknownZoneSetting, at: SourcePosition(file: "<environment>", line: 0),
                          "TZ=\(environment["TZ"]!) names no time zone busylife knows (an IANA name such as Europe/Paris); "
                          + "using \(SettleFlags.systemZone.id) instead (--tz sets the zone)")
    }

    /// Within 0001-01-01 ... 9999-12-31.
    static func clamped(_ date: LocalDate) -> LocalDate {
        min(max(date, LocalDate(year: 1, month: 1, day: 1)!), LocalDate(year: 9999, month: 12, day: 31)!)
    }

    static func date(_ text: String, flag: String) throws -> LocalDate {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              let date = LocalDate(year: year, month: month, day: day) else {
            throw ValidationError("\(flag) wants a date as YYYY-MM-DD between 0001-01-01 and 9999-12-31, not \"\(text)\"")
        }
        return date
    }
}
