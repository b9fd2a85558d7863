import EventModel
@testable import Export
import Settle
import TestSupport
import Testing

/// Day lists made one day at a time, and a day past the work budget for
/// listed entries as the day JSON and the agenda show it.
@Suite struct DayListTests {
    /// Three all-day events of three days each from 1 March, and a timed
    /// one on 2 March, settled over 1 to 4 March 2026 in UTC.
    func settle(entryBudget: Int? = nil) -> Settlement {
        var options = SettleOptions(from: LocalDate(year: 2026, month: 3, day: 1)!, to: LocalDate(year: 2026, month: 3, day: 4)!,
                                    timeline: ZoneTimeline(base: .utc))
        options.entryBudget = entryBudget
        let settler = Settler(options: options)
        var lines: [String] = []
        for index in 1...3 {
            lines += vevent("long-\(index)", ["SUMMARY:Long \(index)", "DTSTART;VALUE=DATE:20260301", "DTEND;VALUE=DATE:20260304"])
        }
        lines += vevent("meeting", ["SUMMARY:Meeting", "DTSTART:20260302T090000Z", "DTEND:20260302T100000Z"])
        for event in importText([("lists.ics", ics(lines))]).events { settler.add(event) }
        return settler.settle()
    }

    @Test func listsAreMadeAsTheDaysAreWalked() {
        let settlement = settle()
        #expect(settlement.days.allSatisfy { $0.entries.isEmpty })
        let listed = Array(settlement.listedDays)
        let titles = listed.map { $0.entries.map { settlement.occurrences[$0.occurrence].event.title } }
        #expect(titles == [["Long 1", "Long 2", "Long 3"], ["Long 1", "Long 2", "Long 3", "Meeting"],
                           ["Long 1", "Long 2", "Long 3"], []])
        #expect(listed.map { $0.entries.map(\.part) } == [[.first, .first, .first], [.middle, .middle, .middle, .whole],
                                                          [.last, .last, .last], []])
        #expect(listed.map(\.allDayCount) == [3, 3, 3, 0])
        #expect(listed.allSatisfy { $0.eventsListed })
        #expect(settlement.diagnostics.isEmpty)
    }

    @Test func aDayPastTheBudgetSaysItsEventsAreNotListed() throws {
        let settlement = settle(entryBudget: 5)  // 3 on the first day, 7 by the second
        #expect(settlement.diagnostics.map(\.kind) == [.workBudget])
        let listed = Array(settlement.listedDays)
        #expect(listed.map(\.entries.count) == [3, 0, 0, 0])
        #expect(listed.map(\.eventsListed) == [true, false, false, true])  // the last day has no events to list
        #expect(listed.map(\.eventCount) == [3, 4, 3, 0])
        #expect(listed.map(\.allDayCount) == [3, 3, 3, 0])

        let json = String(decoding: DaysJSON.day(listed[1], in: settlement), as: UTF8.self)
        #expect(json.contains("\"eventCount\":4,\"allDayCount\":3,\"eventsListed\":false,\"events\":[]"))
        #expect(!String(decoding: DaysJSON.day(listed[0], in: settlement), as: UTF8.self).contains("eventsListed"))

        let agenda = Agenda(locale: AgendaLocale(identifier: "en_US"), today: nil)
        let text = try #require(agenda.text(listed[1], in: settlement))
        #expect(text.contains("  4 events not listed (work budget, see the warning)"))
        #expect(agenda.text(listed[3], in: settlement) == nil)
        let german = Agenda(locale: AgendaLocale(identifier: "de_DE"), today: nil)
        #expect(try #require(german.text(listed[2], in: settlement)).contains("3 Termine nicht aufgeführt"))
    }
}
