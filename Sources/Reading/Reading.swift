import EventModel
import Import
import Settle
import Statistics

/// Reading inputs and settling a window: what the library's calls
/// (BusyLifeKit, after it has found the copies of its subscriptions) and
/// the command line share. It sits below the library so that the command
/// line, which fetches through its network helper, links no HTTP client.
package enum Reading {
    /// Every input, each event handed on as soon as it is read.
    package static func read(_ inputs: [InputSource], useCalendarZone: Bool, event: (consuming Event) -> Bool,
                             diagnostic: @escaping (Diagnostic) -> Void) -> ImportReport {
        Importer(options: ImportOptions(useCalendarZone: useCalendarZone)).read(inputs, event: event, diagnostic: diagnostic)
    }

    /// Every input into `settler`, keeping of each event only what its window needs.
    package static func read(_ inputs: [InputSource], into settler: Settler, useCalendarZone: Bool,
                             diagnostic: @escaping (Diagnostic) -> Void) -> ImportReport {
        let importer = Importer(options: ImportOptions(useCalendarZone: useCalendarZone, textWindow: settler.textWindow))
        return importer.read(inputs, event: { event in
            settler.add(event)
            return true
        }, diagnostic: diagnostic)
    }

    /// Reads (`reading`, into the settler) and settles the window of
    /// `options`; `readingFinished` looks at the report before settling
    /// starts, and what it throws ends the call.
    package static func settle(_ options: SettleOptions, reading: (Settler) -> ImportReport,
                               diagnostic: @escaping (Diagnostic) -> Void,
                               readingFinished: (ImportReport) throws -> Void) rethrows -> (Settlement, ImportReport) {
        let settler = Settler(options: options)
        var report = reading(settler)
        try readingFinished(report)
        // The settler is ours alone: its events go as soon as they are expanded.
        let settlement = settler.settle(releasingInput: true)
        for found in settlement.diagnostics {
            report.count(found)
            diagnostic(found)
        }
        return (settlement, report)
    }

    /// Reads and counts the window. Each event is numbered as it is read,
    /// keeping of its text only the number of what the figures read of it
    /// (`StatsFacts`), and the window is settled in passes of up to a year
    /// or so (`StatsBuilder.passes`), its occurrences counted as they are
    /// placed, on every core, never kept: memory holds what reading keeps
    /// and the unions counted, which a busy calendar's year keeps small. A
    /// diagnostic that several passes find (a far series spilled) is
    /// reported once.
    package static func statistics(_ options: SettleOptions, _ request: StatsRequest, reading: (Settler) -> ImportReport,
                                   diagnostic: @escaping (Diagnostic) -> Void, readingFinished: (ImportReport) throws -> Void) rethrows
        -> (statistics: Statistics, report: ImportReport, timeline: ZoneTimeline) {
        var options = options
        options.keepOccurrences = true
        options.showsText = false  // counted, never shown: categories and people are all it reads
        options.listDays = false
        let settler = Settler(options: options)
        var builder = StatsBuilder(from: options.from, to: options.to, request: request, me: options.me)
        // `--search` reads the description and location as the occurrences are placed.
        builder.numberEvents(of: settler, keepingText: !(options.filter.search ?? "").isEmpty)
        var report = reading(settler)
        try readingFinished(report)
        let counting = builder.counting(settler)
        let timeline = settler.timeline()
        var reported = Set<String>()
        for pass in builder.passes(options) {
            let settlement = settler.settle(part: pass.window.lowerBound, to: pass.window.upperBound, timeline: timeline,
                                            counting: counting, budget: pass.budget)
            let diagnostics = settlement.diagnostics
            builder.add(settlement)
            for found in diagnostics where reported.insert(found.description).inserted {
                report.count(found)
                diagnostic(found)
            }
        }
        return (builder.finished(), report, timeline)
    }
}
