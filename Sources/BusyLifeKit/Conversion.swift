internal import Convert
import Foundation
import Import
import Settle

/// What `BusyLife.convert` writes.
public enum ConversionFormat: String, Sendable, CaseIterable {
    /// iCalendar as stored: every component, property, parameter and value
    /// as read, rules kept, one VCALENDAR with the VTIMEZONEs it needs.
    case ics
    /// jCal (RFC 7265): the same as `ics`, as JSON.
    case jcal
    /// BusyLife's `events.json`: one event per occurrence of the window.
    case eventsJSON = "events-json"
    /// CSV with Google Calendar's import columns: one row per occurrence
    /// of the window.
    case csv

    var format: ConvertFormat {
        switch self {
        case .ics: .ics
        case .jcal: .jcal
        case .eventsJSON: .eventsJSON
        case .csv: .csv
        }
    }
}

extension BusyLife {
    /// Reads every source and writes it to `output` in `format`, as it
    /// goes (the handle is left open: the caller owns it). Diagnostics go
    /// to `diagnostic` as they are found and are counted in the report.
    ///
    /// With a `window`, only the series with an occurrence in it (and, if
    /// the window filters, whose calendar or text match) are written, and
    /// `eventsJSON` and `csv` list the occurrences of the window on its
    /// viewer's clock. Without, everything is written, and those two
    /// formats list every occurrence of the data (series without an end
    /// up to a year from today), floating times read in UTC.
    ///
    /// Throws what writing to `output` throws, or a `CocoaError` when a
    /// temporary file the conversion needed could not be read back; the
    /// output is then incomplete.
    public static func convert(_ sources: [CalendarSource], to format: ConversionFormat, into output: FileHandle,
                               window: SettleOptions? = nil, readOptions: ReadOptions = ReadOptions(),
                               diagnostic: @escaping (Diagnostic) -> Void = { _ in }) throws -> ImportReport {
        let settle = window ?? SettleOptions(from: LocalDate(Date(), in: .utc), to: LocalDate(Date(), in: .utc),
                                             timeline: ZoneTimeline(base: .utc))
        let options = ConvertOptions(format: format.format, expand: false, settle: settle, windowGiven: window != nil,
                                     today: settle.timeline.localDate(of: Instant(Date())))
        var failure: (any Error)?
        let conversion = Conversion(options: options) { bytes in
            do { try output.write(contentsOf: Data(bytes)) } catch { failure = error }
            return failure == nil
        }
        var thrown: (any Error)?
        let report = SourceCopies.cached(sources, options: readOptions).read({ inputs in
            do {
                return try conversion.run(inputs, importOptions: ImportOptions(useCalendarZone: readOptions.useCalendarZone),
                                          diagnostic: diagnostic)
            } catch {
                thrown = error
                return ImportReport()
            }
        }, diagnostic: diagnostic)
        if let thrown { throw thrown }
        if let failure { throw failure }
        if conversion.incomplete {
            throw CocoaError(.fileReadUnknown, userInfo: [
                NSLocalizedDescriptionKey: "a temporary file of the conversion could not be read back: the output is incomplete",
            ])
        }
        return report
    }
}
