import EventModel
import Foundation
import Import
import Settle
import TestSupport
import Testing

@Suite struct CorpusImportTests {
    /// Every .ics of the shared corpora, libical's fuzz reproducers
    /// included, imports without a crash, and each that holds a VEVENT
    /// gives events or diagnostics: nothing vanishes silently.
    @Test func everyCorpusCalendarImports() throws {
        guard let corpora else {
            print("skipped: ../shared/corpora is absent")
            return
        }
        let walker = FileManager.default.enumerator(atPath: corpora.path)
        var files: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.lowercased().hasSuffix(".ics") { files.append(corpora.appendingPathComponent(path).path) }
        }
        #expect(files.count > 400)
        var events = 0
        var silent: [String] = []
        // Exit codes as the command line gives them (0, 2, 65, 66), and the
        // kinds of errors and warnings behind each 2.
        var exits: [Int: Int] = [:]
        var kindsOfTwos: [String: Int] = [:]
        for file in files.sorted() {
            let result = importPaths([file])
            events += result.events.count
            // As `busylife check` counts: with what series say whatever the window.
            var report = result.report
            var diagnostics = result.diagnostics
            var series = SeriesCheck()
            for event in result.events { series.add(event) }
            series.diagnostics { report.count($0); diagnostics.append($0) }
            let exit = report.unreadable > 0 ? 66 : report.diagnosticCount == 0 ? 0 : report.events == 0 ? 65 : 2
            exits[exit, default: 0] += 1
            if exit == 2 {
                #expect(report.errors + report.warnings > 0)
                for kind in Set(diagnostics.filter { $0.severity != .note }.map { "\($0.severity.rawValue) \($0.kind.rawValue)" }) {
                    kindsOfTwos[kind, default: 0] += 1
                }
            }
            if report.notes > 0 && report.diagnosticCount == 0 { #expect(exit == 0, "\(file): notes alone changed the exit code") }
            let text = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data(), as: UTF8.self)
            let holdsEvent = text.range(of: "BEGIN:VEVENT", options: .caseInsensitive) != nil
            if holdsEvent && result.events.isEmpty && result.diagnostics.isEmpty {
                silent.append(file)
            }
        }
        print("corpus: \(files.count) calendars, \(events) events")
        print("corpus exit codes: " + exits.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        print("corpus files exiting 2, by kind: " + kindsOfTwos.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        // Guards the reading against new false alarms: 313 of 454 files exited 0 before severities and repairs.
        // Since VFREEBUSY is read (issue 14), three files that held only an unread VFREEBUSY report its
        // malformed periods: ical4j's invalid/boeing.ics (7-digit dates, errors), icalendar's
        // issue_1633_freebusy_with_dates.ics (dates, a warning), libical's 5.ics (times without Z, a warning).
        #expect((exits[0] ?? 0) >= 337, "fewer corpus calendars read cleanly than before")
        #expect(silent.isEmpty, "files that gave nothing: \(silent)")
    }
}
