import ArgumentParser
#if canImport(CMimalloc)
import CMimalloc
#endif
import EventModel
import Import
import Plumbing
import Reading
import Settle
import Statistics

extension InputOptions {
    /// Reads and settles the inputs as the library does (`Reading.settle`):
    /// what every expanding command does first. Around the library call only
    /// what belongs to the command line: diagnostics printed to `err` as
    /// they come (first a `TZ` that names no zone and the command's own
    /// `warnings`, such as `-o`'s, all counted), `--calendar`
    /// checked once reading is done and before anything is printed (a usage
    /// error), mimalloc told to return memory, the configuration's colours.
    func settle(_ flags: SettleFlags, _ options: SettleOptions, err: Output, warnings: [Diagnostic] = []) throws -> (Settlement, ImportReport) {
        try read(flags, err: err, warnings: warnings) { diagnostic, finished in
            try Reading.settle(options, reading: { settler in
                Reading.read(readInputs, into: settler, useCalendarZone: !noCalendarZone, diagnostic: diagnostic)
            }, diagnostic: diagnostic, readingFinished: finished)
        }
    }

    #if canImport(CMimalloc)
    /// mimalloc's delay before it returns memory, as the process started with it.
    static let decommitDelay = mi_option_get(mi_option_decommit_delay)
    #endif

    /// `stats`' reading and counting (`Reading.statistics`, part by
    /// part), around it what `settle` does; with the timeline used.
    func statistics(_ flags: SettleFlags, _ options: SettleOptions, _ request: StatsRequest, err: Output,
                    warnings: [Diagnostic] = []) throws -> ((Statistics, ZoneTimeline), ImportReport) {
        try read(flags, err: err, warnings: warnings) { diagnostic, finished in
            let counted = try Reading.statistics(options, request, reading: { settler in
                Reading.read(readInputs, into: settler, useCalendarZone: !noCalendarZone, diagnostic: diagnostic)
            }, diagnostic: diagnostic, readingFinished: finished)
            return ((counted.statistics, counted.timeline), counted.report)
        }
    }

    /// Runs a library call that reads the inputs (`work`, given where to
    /// send diagnostics and what to do once reading is done), with what
    /// belongs to the command line around it.
    func read<Result>(_ flags: SettleFlags, err: Output, warnings: [Diagnostic],
                              _ work: (_ diagnostic: @escaping (Diagnostic) -> Void,
                                       _ finished: (ImportReport) throws -> Void) throws -> (Result, ImportReport)) throws -> (Result, ImportReport) {
        // Subscriptions are fetched first: what became of them comes first too.
        #if canImport(CMimalloc)
        // serve reads again and again: each reading starts with mimalloc's
        // delay, as a command's only reading does, not with the one an earlier
        // reading left (returning memory at once while reading is slower).
        mi_option_set(mi_option_decommit_delay, InputOptions.decommitDelay)
        #endif
        let early = (flags.zoneSettingWarning().map { [$0] } ?? []) + warnings + remote.diagnostics
        for warning in early where shows(warning) { err.line(warning.description) }
        err.flush()
        let (result, read) = try work({ diagnostic in
            guard shows(diagnostic) else { return }
            err.line(diagnostic.description)
            err.flush()
        }, { report in
            // With an input missing, its calendars are unknown: exit 66 says why.
            if report.unreadable + remote.unreadable == 0 { try report.checkCalendars(flags.calendar) }
            // Reading is done: from here on give freed memory back to the
            // system at once, which keeps the peak memory of a month of `days`
            // and of a year's heatmap of a large calendar in bounds (reading
            // itself keeps mimalloc's delay, which is faster). A small
            // calendar keeps the delay: handing pages back and faulting them
            // in again costs time, and the delay holds memory in proportion
            // to the window only.
            #if canImport(CMimalloc)
            if report.events >= 10_000 { mi_option_set(mi_option_decommit_delay, 0) }
            #endif
        })
        var report = read
        early.forEach { report.count($0) }
        report.unreadable += remote.unreadable
        // The configuration file's [colors] win over a vdir collection's colour.
        report.calendarColors.merge(Configuration.active.colors(for: report.calendars)) { _, chosen in chosen }
        err.flush()
        return (result, report)
    }
}

extension InputOptions {
    /// Says on standard error that no occurrence at all, busy or not, lies
    /// on a date of `dates`, with `consequence` after it: a text view
    /// that prints nothing, or only free time, most often means that the
    /// calendar's events lie in another window. Not when an input could
    /// not be read or nothing usable was (an error said why already), nor
    /// under --quiet.
    func remarkIfNoEvents(_ settlement: Settlement, on dates: ClosedRange<LocalDate>, report: ImportReport,
                          consequence: String = "") {
        guard report.unreadable == 0, report.events > 0 || report.diagnosticCount == 0,
              !settlement.days.contains(where: { $0.eventCount > 0 && dates.contains($0.date) }) else { return }
        remark("no events between \(dates.lowerBound) and \(dates.upperBound)" + consequence)
    }
}

extension ImportReport {
    /// Each `--calendar` name must match a calendar of the input (any case):
    /// a name that matches none is most likely a typo, and would show an
    /// empty window.
    func checkCalendars(_ names: [String]) throws {
        let known = Set(calendars.map { $0.lowercased() })
        for name in names where !known.contains(name.lowercased()) {
            let list = calendars.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
            throw ValidationError("--calendar \"\(name)\" matches no calendar of the input; "
                + (list.isEmpty ? "it has none (no events were read)" : "its calendars: " + list.joined(separator: ", ")))
        }
    }

    /// The colour every calendar shown has, when they all have the same
    /// one (a vdir collection's `color`): the calendars `--calendar`
    /// names, else all of the input.
    func sharedColor(_ names: [String]) -> CalendarColor? {
        let colors = Set(shownCalendars(names).map { calendarColors[$0] })
        guard colors.count == 1, let color = colors.first else { return nil }
        return color
    }

    /// The calendars shown, by their own names (`Work` for `--calendar
    /// work`): those `--calendar` names (any case), else all of the input;
    /// sorted without regard to case.
    func shownCalendars(_ names: [String]) -> [String] {
        let wanted = Set(names.map { $0.lowercased() })
        return calendars.filter { wanted.isEmpty || wanted.contains($0.lowercased()) }
            .sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    }
}
