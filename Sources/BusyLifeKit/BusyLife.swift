import Foundation
@_exported import EventModel
@_exported import struct Import.ImportReport
@_exported import struct Settle.SettleOptions
@_exported import struct Settle.Settlement
@_exported import struct Settle.SettledOccurrence
@_exported import struct Settle.SettledOccurrences
@_exported import struct Settle.LocalDay
@_exported import enum Settle.DayPart
@_exported import struct FreeBusy.WorkingHours
@_exported import struct FreeBusy.FreeSlot
@_exported import struct FreeBusy.BusyPeriod
@_exported import struct FreeBusy.Conflict
@_exported import struct FreeBusy.Conflicts
@_exported import struct Statistics.Statistics
@_exported import enum Statistics.StatsGrouping
@_exported import struct Statistics.StatsPeriod
@_exported import struct Statistics.StatsFigures
@_exported import struct Statistics.StatsShare
@_exported import struct Statistics.StatsPersonShare
@_exported import struct Statistics.StatsRequest
import Import
import Reading
import Settle

/// Where a calendar comes from.
public enum CalendarSource: Sendable, Equatable {
    /// A file (`.ics`, `.ical`, `.ifb`, jCal or BusyLife `events.json`, told
    /// apart by content) or a folder, read recursively as a vdir.
    case file(URL)
    /// A calendar in memory; `name` stands for its file in diagnostics and
    /// its stem names the calendar, unless the calendar names itself.
    case data(Data, name: String)
    /// An open file, pipe or socket (a download as it arrives), read to its
    /// end as the bytes come and left open; `name` as for `data`.
    case fileHandle(FileHandle, name: String)
    /// The process's standard input.
    case standardInput
    /// A calendar subscription: an `https://`, `http://` or `webcal://`
    /// (read as `https://`) address of an iCalendar document, with a
    /// login if it needs one. ``BusyLife/read(_:options:refresh:)``
    /// fetches it into the cache of ``ReadOptions/cacheFolder``; every
    /// other read takes the copy there without fetching (as `--offline`
    /// does). Diagnostics name it as `host/…/last-segment`, never whole:
    /// secret addresses carry their secret in the path.
    /// (A `.url` that answers as a CalDAV calendar or account is read as
    /// one, as ``caldav(_:)`` reads it with no settings.)
    case url(URL, login: SourceLogin? = nil)
    /// A CalDAV calendar or account (``CalDAVSource``), synced into the
    /// cache of ``ReadOptions/cacheFolder`` by
    /// ``BusyLife/read(_:options:refresh:)`` and read from it by every
    /// other read, as a `.url` is.
    case caldav(CalDAVSource)

    /// The importer's input; nil for a `.url` or `.caldav`, read from the
    /// cache (`SourceCopies`). A folder of `shown` is named as it says.
    func input(shown: [String: ShownFolder] = [:]) -> InputSource? {
        switch self {
        case .file(let url):
            // As given: diagnostics name the path the user wrote.
            shown[url.relativePath].map { .folder(url.relativePath, shown: $0) } ?? .path(url.relativePath)
        case .data(let data, let name): .bytes(Array(data), name: name)
        case .fileHandle(let handle, let name): .fileDescriptor(handle.fileDescriptor, name: name)
        case .standardInput: .standardInput
        case .url, .caldav: nil
        }
    }

    /// The web address of a `.url` or `.caldav`; nil for a local source.
    var address: URL? {
        switch self {
        case .url(let url, _): url
        case .caldav(let calendars): calendars.url
        default: nil
        }
    }

    /// Whether it is read from the cache: a `.url` or `.caldav`.
    var isRemote: Bool {
        switch self {
        case .url, .caldav: true
        default: false
        }
    }
}

/// How calendars are read.
public struct ReadOptions: Sendable {
    /// Read floating times in a calendar's `X-WR-TIMEZONE` and repeat its
    /// UTC series there, as Google does; false reads RFC 5545 strictly.
    public var useCalendarZone = true
    /// Where `.url` sources are kept between reads, one entry per address
    /// and user; nil for the command line's cache (`$XDG_CACHE_HOME/busylife`,
    /// else `~/.cache/busylife`), so that both share their copies.
    public var cacheFolder: URL?
    /// Folders read on behalf of a source, by path, and how their files
    /// are named (the command line's CalDAV sources, read from its cache).
    package var shownFolders: [String: ShownFolder] = [:]

    public init(useCalendarZone: Bool = true, cacheFolder: URL? = nil) {
        self.useCalendarZone = useCalendarZone
        self.cacheFolder = cacheFolder
    }
}

/// What a read found: the events, every diagnostic, and the counts
/// `busylife check` prints.
public struct CalendarReading: Sendable {
    public var events: [Event]
    public var diagnostics: [Diagnostic]
    public var report: ImportReport
}

/// What reading and settling calendars gave: the settled window, and what
/// the read counted (with the diagnostics of settling counted in).
public struct SettledCalendars: Sendable {
    public var settlement: Settlement
    public var report: ImportReport
}

/// The toolkit's front door: read calendars, settle a window into local
/// days. Each call stands alone: nothing is kept between calls.
public enum BusyLife {
    /// Reads every source into events of the unified model.
    public static func read(_ sources: [CalendarSource], options: ReadOptions = ReadOptions()) -> CalendarReading {
        read(SourceCopies.cached(sources, options: options), options: options)
    }

    /// Every event and diagnostic of the sources, `.url` ones as their copies.
    static func read(_ copies: SourceCopies, options: ReadOptions) -> CalendarReading {
        var events: [Event] = []
        var diagnostics: [Diagnostic] = []
        let importer = Importer(options: ImportOptions(useCalendarZone: options.useCalendarZone))
        let report = withoutActuallyEscaping({ (found: Diagnostic) in diagnostics.append(found) }) { collect in
            copies.read({ importer.read($0, event: { events.append($0); return true }, diagnostic: collect) }, diagnostic: collect)
        }
        return CalendarReading(events: events, diagnostics: diagnostics, report: report)
    }

    /// Reads every source, handing each event on as soon as it is read
    /// (memory stays flat whatever the input's size); `event` returns false
    /// to stop. Diagnostics go to `diagnostic` as they are found.
    public static func read(_ sources: [CalendarSource], options: ReadOptions = ReadOptions(),
                            event: (consuming Event) -> Bool,
                            diagnostic: @escaping (Diagnostic) -> Void) -> ImportReport {
        let importer = Importer(options: ImportOptions(useCalendarZone: options.useCalendarZone))
        return SourceCopies.cached(sources, options: options)
            .read({ importer.read($0, event: event, diagnostic: diagnostic) }, diagnostic: diagnostic)
    }

    /// Reads the sources and settles the window of `options`: every
    /// occurrence expanded (recurrences, overrides, exceptions), placed on
    /// the local days of the viewer's zones over time, with busy time per
    /// day. Only what the window needs is kept while reading. Diagnostics
    /// of both steps go to `diagnostic` as they are found and are counted
    /// in the report.
    public static func settle(_ sources: [CalendarSource], _ options: SettleOptions,
                              readOptions: ReadOptions = ReadOptions(),
                              diagnostic: @escaping (Diagnostic) -> Void = { _ in }) -> SettledCalendars {
        settle(sources, options, readOptions: readOptions, diagnostic: diagnostic, readingFinished: { _ in })
    }

    /// `settle`, with a look at the report once reading is done and before
    /// settling starts (the command line stops there on what was read, and
    /// tunes memory); what `readingFinished` throws ends the call.
    package static func settle(_ sources: [CalendarSource], _ options: SettleOptions,
                               readOptions: ReadOptions = ReadOptions(),
                               diagnostic: @escaping (Diagnostic) -> Void = { _ in },
                               readingFinished: (ImportReport) throws -> Void) rethrows -> SettledCalendars {
        let (settlement, report) = try Reading.settle(options, reading: { settler in
            read(sources, into: settler, readOptions: readOptions, diagnostic: diagnostic)
        }, diagnostic: diagnostic, readingFinished: readingFinished)
        return SettledCalendars(settlement: settlement, report: report)
    }

    /// Reads every source (`.url` ones as their copies) into `settler`,
    /// keeping of each event only what its window needs.
    static func read(_ sources: [CalendarSource], into settler: Settler, readOptions: ReadOptions,
                     diagnostic: @escaping (Diagnostic) -> Void) -> ImportReport {
        SourceCopies.cached(sources, options: readOptions).read({
            Reading.read($0, into: settler, useCalendarZone: readOptions.useCalendarZone, diagnostic: diagnostic)
        }, diagnostic: diagnostic)
    }

    /// Settles events already read (by `read`, or made by hand).
    public static func settle(_ events: [Event], _ options: SettleOptions) -> Settlement {
        let settler = Settler(options: options)
        for event in events { settler.add(event) }
        return settler.settle()
    }
}
