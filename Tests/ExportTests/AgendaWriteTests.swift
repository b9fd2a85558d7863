import EventModel
@testable import Export
import FreeBusy
import Foundation
import Plumbing
import Settle
import TestSupport
import Testing

/// The agenda's and the conflicts' writing, which the commands call: the
/// bytes the per-day pieces give, gathered into an output, in order.
@Suite struct AgendaWriteTests {
    /// Three events of 2 March 2026 (two overlapping) and one of 3 March, in UTC.
    func settle() -> Settlement {
        let options = SettleOptions(from: LocalDate(year: 2026, month: 3, day: 1)!, to: LocalDate(year: 2026, month: 3, day: 4)!,
                                    timeline: ZoneTimeline(base: .utc))
        let settler = Settler(options: options)
        let lines = vevent("a", ["SUMMARY:A", "DTSTART:20260302T090000Z", "DTEND:20260302T100000Z"])
            + vevent("b", ["SUMMARY:B", "DTSTART:20260302T093000Z", "DTEND:20260302T110000Z"])
            + vevent("c", ["SUMMARY:C", "DTSTART:20260302T120000Z", "DTEND:20260302T130000Z", "STATUS:CANCELLED"])
            + vevent("d", ["SUMMARY:D", "DTSTART:20260303T120000Z", "DTEND:20260303T130000Z"])
        for event in importText([("write.ics", ics(lines))]).events { settler.add(event) }
        return settler.settle()
    }

    /// What `body` writes to an output on a temporary file.
    func written(_ body: (Output) -> Void) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("agenda-\(UUID().uuidString)").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        defer { unlink(path) }
        let out = Output(fd: fd)  // closes fd when it finishes
        body(out)
        try out.finish()
        return String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    }

    @Test func tsvIsTheHeaderAndEachDaysRowsOfTheEventsShown() throws {
        let settlement = settle()
        let shown = Agenda.Shown(cancelled: false, declined: true, allDay: true, me: nil)
        var cut: Diagnostic?
        let text = try written { cut = Agenda.write(settlement, .tsv(shown), to: $0) }
        let expected = Agenda.tsvHeader + settlement.listedDays.map { Agenda.tsvRows($0, in: settlement, shown: shown) }.joined()
        #expect(cut == nil)
        #expect(text == expected)
        #expect(text.split(separator: "\n").count == 4)  // the header, A, B and D: C is cancelled
    }

    @Test func textIsEachDaysLinesWithABlankLineBetweenDays() throws {
        let settlement = settle()
        let agenda = Agenda(locale: AgendaLocale(identifier: "en_US"), today: nil)
        let text = try written { _ = Agenda.write(settlement, .text(agenda), to: $0) }
        let days = settlement.listedDays.compactMap { agenda.text($0, in: settlement) }
        #expect(days.count == 2)
        #expect(text == days.joined(separator: "\n"))
    }

    @Test func conflictsAreOneLinePerPairAsTheirObjects() throws {
        let settlement = settle()
        let found = settlement.conflicts()
        var lines: [String] = []
        let cut = ConflictList.write(found, in: settlement, .ndjson(input: { _ in nil })) { lines.append($0); return true }
        #expect(cut == nil && ConflictList.limitWarning(found, in: settlement) == nil)
        #expect(lines == found.pairs.map { FreeBusyJSON.conflict($0, in: settlement) + "\n" })
        #expect(lines.count == 1)
        var calls = 0
        _ = ConflictList.write(found, in: settlement, .ndjson(input: { _ in "x" })) { _ in calls += 1; return false }
        #expect(calls == 1)
    }
}
