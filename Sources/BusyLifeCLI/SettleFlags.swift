import ArgumentParser
import EventModel
import Foundation
import Settle

/// The window, the viewer's zones over time and the busy-time rules: the
/// flags of every command that expands (docs/semantics.md sections 4 to 6).
struct SettleFlags: ParsableArguments {
    @Option(help: ArgumentHelp("First local date of the window (inclusive): 2026-11-22, today, tomorrow, yesterday, +3d, -2w, +1m, monday, or a whole 2026-11, 2026, 2026-W48 (DATES in busylife --help). Alone, a month, year or week is the window; a day starts the command's default length.", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Last local date of the window (inclusive), the same forms; +6d counts from --from. Alone, a day ends the command's default length.", valueName: "date"))
    var to: String?

    @Option(help: ArgumentHelp("Today, for reproducible runs (default: the current date in the viewer's zone); any form that names one day.", valueName: "date"))
    var today: String?

    @Option(help: ArgumentHelp("The viewer's zone: an IANA name in any case (Europe/Paris, utc) or a POSIX TZ string (CET-1CEST,M3.5.0,M10.5.0/3). Default: TZ (the same forms; a warning when it names no known zone), then timezone in the configuration file, then the system zone, then UTC.", valueName: "zone"))
    var tz: String?

    @Option(help: ArgumentHelp("A change of the viewer's zone, repeatable: WHEN is an ISO date-time with Z or an offset, or local time in the zone in force just before; a date or a day such as tomorrow or friday is its midnight; ZONE in the forms of --tz.", valueName: "WHEN=ZONE"))
    var travel: [String] = []

    @Option(help: ArgumentHelp("A file of zone changes: WHEN<TAB>ZONE lines, or a JSON array of {\"when\", \"zone\"} (docs/travel.md).", valueName: "file"),
            completion: .file())
    var itinerary: String?

    @Flag(help: "A flight (an event whose start and end carry different zones) moves the viewer to the end's zone at its end.")
    var travelFromEvents = false

    @Option(help: ArgumentHelp("Your attendee address: events you declined are not busy (default: me in the configuration file).", valueName: "email"))
    var me: String?

    @Flag(help: "Count all-day events as busy (calendar apps show them as free).")
    var allDayBusy = false

    @Option(help: ArgumentHelp("Only events of this calendar (a vdir display name, X-WR-CALNAME or file stem; any case), repeatable; a name that matches no calendar is a usage error.", valueName: "name"))
    var calendar: [String] = []

    @Option(help: ArgumentHelp("Only events whose title, location or description contains this text (any case).", valueName: "text"))
    var search: String?

    /// The options to settle with; usage errors as ValidationError.
    /// `defaultWindow` is the command's window when `--from` or `--to` is
    /// missing, `days` the length a user gave (`agenda --days`; DateWindow.resolve).
    func options(now: Date = Date(), defaultWindow: DateWindow.Default = SettleFlags.aroundToday,
                 days: Int? = nil) throws -> SettleOptions {
        let base = try baseZone()
        // Date words in WHEN are read against today in the home zone.
        var plan = TravelPlan(today: try todayDate(timeline: ZoneTimeline(base: base), now: now))
        if let itinerary {
            guard let data = FileManager.default.contents(atPath: itinerary) else {
                throw ExitStatus.missing("cannot read the itinerary \(itinerary): " + SettleFlags.reason(itinerary))
            }
            do { try plan.addItinerary(String(decoding: data, as: UTF8.self), file: itinerary) }
            catch { throw ValidationError(error.description) }
        }
        for change in travel {
            do { try plan.add(change) } catch { throw ValidationError("--travel: \(error)") }
        }
        let timeline = plan.timeline(base: base)
        let todayDate = try todayDate(timeline: timeline, now: now)
        let window: ClosedRange<LocalDate>
        do { window = try DateWindow.resolve(from: from, to: to, days: days, today: todayDate, default: defaultWindow) }
        catch { throw ValidationError(error.description) }
        guard window.upperBound.daysSinceEpoch - window.lowerBound.daysSinceEpoch < Int64(SettleOptions.maximumDays) else {
            throw ValidationError("the window is longer than \(SettleOptions.maximumDays) days")
        }
        var options = SettleOptions(from: window.lowerBound, to: window.upperBound, timeline: timeline)
        options.travelFromEvents = travelFromEvents
        options.me = address.flatMap(Attendee.email(fromAddress:))
        options.allDayBusy = allDayBusy
        options.filter = EventFilter(calendars: calendar, search: search)
        return options
    }

    /// The options whose value is a date or starts with one (`--travel`'s WHEN).
    static let dateOptions: Set<String> = ["--from", "--to", "--today", "--travel"]

    /// `arguments` with a date option and its next argument joined
    /// (`--from -2w` as `--from=-2w`) when that argument is a relative date
    /// with a minus sign: the argument parser would read `-2w` as the short
    /// flags `-2` and `-w` and find `--from` without a value. Only a
    /// relative date is joined, so a flag after a date option that lacks
    /// its value (`--from --days 3`) stays a flag; nothing after `--` is
    /// touched.
    static func joiningNegativeDates(_ arguments: [String]) -> [String] {
        var joined: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return joined + arguments[index...] }
            if dateOptions.contains(argument), index + 1 < arguments.count, isNegativeDate(arguments[index + 1]) {
                joined.append(argument + "=" + arguments[index + 1])
                index += 2
            } else {
                joined.append(argument)
                index += 1
            }
        }
        return joined
    }

    /// `-2w`, or `-1d=Asia/Tokyo` for `--travel`.
    private static func isNegativeDate(_ argument: String) -> Bool {
        argument.hasPrefix("-") && DateInput.isRelative(String(argument.prefix { $0 != "=" }))
    }

    /// `--me`, else the configuration file's `me`.
    var address: String? { me ?? Configuration.active.me }

    /// BusyLife's window: today ± 31 days.
    static let aroundToday = DateWindow.Default.around(before: 31, after: 31)

    /// `--today` (any date form that names one day, relative ones counted
    /// from the current date), else the current date in the viewer's zone.
    func todayDate(timeline: ZoneTimeline, now: Date = Date()) throws -> LocalDate {
        let current = timeline.localDate(of: Instant(seconds: Int64(now.timeIntervalSince1970.rounded(.down))))
        guard let today else { return current }
        let date: DateInput
        do { date = try DateInput.parse(today, today: current) } catch { throw ValidationError("--today \(error)") }
        guard !date.isUnit else { throw ValidationError("--today wants one day, not \"\(today)\" (\(date))") }
        return date.first
    }

    private func baseZone() throws -> Zone {
        if let tz {
            guard let zone = Zone.typed(tz) else {
                throw ValidationError("unknown time zone \"\(tz)\" for --tz (\(SettleFlags.zoneForms))")
            }
            return zone
        }
        if let name = SettleFlags.environmentZoneName(), let zone = Zone.typed(name) { return zone }
        if let name = Configuration.active.timezone, let zone = Zone.typed(name) { return zone }
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

    static var systemZone: Zone { Zone.named(TimeZone.current.identifier) ?? .utc }

    /// The zone names `--tz`, `TZ`, the configuration and travel plans take, for messages.
    static let zoneForms = "an IANA name such as Europe/Paris, in any case, or a POSIX TZ string such as CET-1CEST,M3.5.0,M10.5.0/3"

    /// When the viewer's zone would come from `TZ` (no `--tz`) and `TZ`
    /// names no zone we know: a warning, so that a typo or a POSIX string
    /// busylife cannot read does not silently shift every day to another zone.
    func zoneSettingWarning(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Diagnostic? {
        guard tz == nil, let name = SettleFlags.environmentZoneName(environment), Zone.typed(name) == nil else { return nil }
        return Diagnostic(.warning, .unknownZoneSetting, at: SourcePosition(file: "<environment>", line: 0),
                          "TZ=\(environment["TZ"] ?? name) names no time zone busylife knows (\(SettleFlags.zoneForms)); "
                          + "using \(Configuration.active.timezone ?? SettleFlags.systemZone.id) instead (--tz sets the zone)")
    }

    /// Within 0001-01-01 ... 9999-12-31.
    static func clamped(_ date: LocalDate) -> LocalDate {
        min(max(date, LocalDate(year: 1, month: 1, day: 1)!), LocalDate(year: 9999, month: 12, day: 31)!)
    }

    /// Why a file cannot be read, in words (no such file, permission denied).
    static func reason(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        return "permission denied"
    }
}
