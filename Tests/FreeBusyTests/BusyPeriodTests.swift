import EventModel
@testable import Convert
@testable import Export
@testable import FreeBusy
import Foundation
import ICal
import Settle
import TestSupport
import Testing

/// Merged busy periods, and the VFREEBUSY that publishes them: it reads
/// back (our reader, libical underneath, and Python's icalendar when it is
/// installed) to the same busy seconds per day.
@Suite struct BusyPeriodTests {
    static let week = meeting("standup", "20261123T093000", "20261123T094500", ["RRULE:FREQ=DAILY;COUNT=5"])
        + meeting("planning", "20261123T100000", "20261123T110000") + meeting("review", "20261123T110000", "20261123T120000")
        + meeting("maybe", "20261124T090000", "20261124T100000", ["STATUS:TENTATIVE"])
        + meeting("maybe-too", "20261124T093000", "20261124T103000", ["STATUS:TENTATIVE"])
        + meeting("late", "20261125T230000", "20261126T010000")
        + meeting("ms", "20261127T120000", "20261127T120000", ["DURATION:PT10M"])
        + vevent("trip", ["DTSTART;VALUE=DATE:20261128", "DTEND;VALUE=DATE:20261130", "SUMMARY:Trip", "STATUS:TENTATIVE"])

    @Test func periodsAreMergedAndTentativeOnlyWhereEveryCoverIsTentative() throws {
        let result = try settle(BusyPeriodTests.week, from: "2026-11-23", to: "2026-11-29")
        let periods = result.busyPeriods.map { "\($0.start)–\($0.end)\($0.tentative ? " tentative" : "")" }
        #expect(periods == [
            "2026-11-23T14:30:00Z–2026-11-23T14:45:00Z", "2026-11-23T15:00:00Z–2026-11-23T17:00:00Z",
            "2026-11-24T14:00:00Z–2026-11-24T14:30:00Z tentative", "2026-11-24T14:30:00Z–2026-11-24T14:45:00Z",
            "2026-11-24T14:45:00Z–2026-11-24T15:30:00Z tentative",
            "2026-11-25T14:30:00Z–2026-11-25T14:45:00Z", "2026-11-26T04:00:00Z–2026-11-26T06:00:00Z",
            "2026-11-26T14:30:00Z–2026-11-26T14:45:00Z", "2026-11-27T14:30:00Z–2026-11-27T14:45:00Z",
        ])
        // All-day events count with allDayBusy, on the viewer's midnights.
        let allDay = try settle(BusyPeriodTests.week, from: "2026-11-28", to: "2026-11-29") { $0.allDayBusy = true }
        #expect(allDay.busyPeriods == [BusyPeriod(start: at("2026-11-28T05:00:00Z"), end: at("2026-11-30T05:00:00Z"), tentative: true)])
        // The union is exactly the days' busy time.
        #expect(IntervalSet.union(result.busyPeriods.map { $0.start..<$0.end }) == result.busyTime)
    }

    /// Without kept occurrences nothing tells tentative time apart: every period is BUSY.
    @Test func withoutOccurrencesEveryPeriodIsBusy() throws {
        let result = try settle(BusyPeriodTests.week, from: "2026-11-24", to: "2026-11-24") { $0.keepOccurrences = false }
        #expect(result.busyPeriods.map(\.tentative) == [false])
        #expect(result.busyPeriods.first.map { $0.end.milliseconds - $0.start.milliseconds } == 90 * minute)
    }

    @Test func vfreebusyFoldsCRLFAndSorts() {
        let text = FreeBusyCalendar.document(
            window: at("2026-11-23T05:00:00Z")..<at("2026-11-30T05:00:00Z"), stamp: at("2026-11-23T05:00:00Z"),
            uid: "busylife-busy-1@busylife", organizer: String(repeating: "very-long-name.", count: 8) + "@example.com",
            periods: [.init(start: at("2026-11-24T14:00:00Z"), end: at("2026-11-24T15:00:00Z"), type: "BUSY-TENTATIVE"),
                      .init(start: at("2026-11-23T14:00:00Z"), end: Instant(milliseconds: at("2026-11-23T15:00:00Z").milliseconds + 1), type: "BUSY")])
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.last == "")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.contains { $0.hasPrefix(" ") })  // the long ORGANIZER is folded
        #expect(lines.contains("FREEBUSY;FBTYPE=BUSY:20261123T140000Z/20261123T150001Z"))  // rounded outward
        #expect(lines.firstIndex(of: "FREEBUSY;FBTYPE=BUSY:20261123T140000Z/20261123T150001Z")!
                < lines.firstIndex(of: "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20261124T140000Z/20261124T150000Z")!)
        // A long UTF-8 line folds between characters, never inside one.
        let accented = FreeBusyCalendar.document(window: at("2026-11-23T05:00:00Z")..<at("2026-11-30T05:00:00Z"),
                                                 stamp: at("2026-11-23T05:00:00Z"), uid: String(repeating: "é", count: 60),
                                                 organizer: nil, periods: [])
        #expect(accented.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(accented.replacingOccurrences(of: "\r\n ", with: "").contains("\r\nUID:" + String(repeating: "é", count: 60) + "\r\n"))
    }

    /// busy → VFREEBUSY → read → the same busy milliseconds on every day,
    /// for a viewer at home and one who travels, with all-day events busy.
    @Test(arguments: [[], ["2026-11-25T22:00Z=Asia/Tokyo"]])
    func vfreebusyRoundTripsBusyTime(_ travel: [String]) throws {
        for allDayBusy in [false, true] {
            let original = try settle(BusyPeriodTests.week, from: "2026-11-23", to: "2026-11-29", travel: travel) { $0.allDayBusy = allDayBusy }
            let text = vfreebusy(original)
            let (readBack, imported) = try settleFiles([("busy.ifb", text)], from: "2026-11-23", to: "2026-11-29", travel: travel)
            #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics)")
            #expect(imported.report.freeBusyComponents == 1)
            #expect(readBack.days.map(\.busyMilliseconds) == original.days.map(\.busyMilliseconds))
            #expect(readBack.days.map(\.busyMilliseconds).reduce(0, +) > 0)
            #expect(readBack.busyPeriods == original.busyPeriods)
            // libical's own parser, one component at a time, finds nothing wrong.
            var problems: [ICalProblem] = []
            ICalStreamParser(limits: ICalLimits()).parse(ByteSource(bytes: Array(text.utf8))) { item in
                switch item {
                case .problem(let problem): problems.append(problem)
                case .component(let component): problems += component.problems
                default: break
                }
                return true
            }
            #expect(problems.isEmpty)
            try pythonICalendarReads(text, periods: original.busyPeriods.count)
        }
    }

    func vfreebusy(_ settlement: Settlement) -> String {
        let days = settlement.days
        let window = days.first!.intervals.first!.lowerBound..<days.last!.intervals.last!.upperBound
        return FreeBusyCalendar.document(window: window, stamp: window.lowerBound, uid: "test@busylife", organizer: "me@example.com",
                                         periods: settlement.busyPeriods.map { .init(start: $0.start, end: $0.end, type: $0.tentative ? "BUSY-TENTATIVE" : "BUSY") })
    }

    /// Python's `icalendar`, when installed, parses the calendar and finds
    /// every period; skipped with a message when it is not.
    func pythonICalendarReads(_ text: String, periods: Int) throws {
        let script = """
        import sys, icalendar
        cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
        fb = [c for c in cal.walk('VFREEBUSY')]
        assert len(fb) == 1, 'one VFREEBUSY'
        lines = fb[0].get('FREEBUSY')
        lines = lines if isinstance(lines, list) else [lines]
        count = 0
        for line in lines:
            assert line.params.get('FBTYPE') in ('BUSY', 'BUSY-TENTATIVE'), line.params
            for period in (line.dts if hasattr(line, 'dts') else [line]):
                start, end = (period.start, period.end) if hasattr(period, 'start') else period.dt
                assert start < end and start.tzinfo is not None and start.utcoffset().total_seconds() == 0
                count += 1
        print(count)
        """
        // The python3 on PATH, else the system's (Debian's python3-icalendar
        // lives there when PATH leads to another, such as pyenv's).
        guard let python = ["python3", "/usr/bin/python3"].first(where: { runPython($0, ["-c", "import icalendar"], stdin: "")?.status == 0 }) else {
            print("skipped: Python's icalendar is not installed (python3 -c \"import icalendar\" fails)")
            return
        }
        let result = try #require(runPython(python, ["-c", script], stdin: text))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "\(periods)")
    }

    func runPython(_ python: String, _ arguments: [String], stdin: String) -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python] + arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        guard (try? process.run()) != nil else { return nil }
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
