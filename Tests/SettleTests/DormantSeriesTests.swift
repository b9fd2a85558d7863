import EventModel
@testable import Settle
@testable import Plumbing
import TestSupport
import Testing

/// Series whose components all lie far from the window are kept compactly
/// (`DormantSeries`) and woken by any component near it: the window shows
/// the same whatever the order the components come in.
@Suite struct DormantSeriesTests {
    /// A weekly master of early 2019 (far from November 2026), one of its
    /// overrides moved into the window, and one moved a day on, in 2019.
    static let master = vevent("a", ["DTSTART:20190107T090000Z", "DURATION:PT1H", "SUMMARY:Weekly 2019",
                                     "RRULE:FREQ=WEEKLY;UNTIL=20190331T000000Z"])
    static let movedIn = vevent("a", ["RECURRENCE-ID:20190114T090000Z", "DTSTART:20261110T100000Z", "DURATION:PT1H",
                                      "SUMMARY:Moved into the window"])
    static let movedFar = vevent("a", ["RECURRENCE-ID:20190121T090000Z", "DTSTART:20190122T090000Z", "DURATION:PT1H",
                                       "SUMMARY:Moved a day on"])
    /// A daily master in the window, and an override of its November 11
    /// moved to 2030 (far), which still takes that instance.
    static let daily = vevent("b", ["DTSTART:20261101T090000Z", "DURATION:PT1H", "SUMMARY:Daily",
                                    "RRULE:FREQ=DAILY;COUNT=30"])
    static let movedOut = vevent("b", ["RECURRENCE-ID:20261111T090000Z", "DTSTART:20300101T090000Z", "DURATION:PT1H",
                                       "SUMMARY:Moved out of the window"])

    /// The master again with DTEND (kept in compact form while dormant,
    /// where one with DURATION is kept whole) and a SEQUENCE past 32 bits
    /// (whole again).
    static let masters = [master,
                          vevent("a", ["DTSTART:20190107T090000Z", "DTEND:20190107T100000Z", "SUMMARY:Weekly 2019",
                                       "RRULE:FREQ=WEEKLY;UNTIL=20190331T000000Z"]),
                          vevent("a", ["DTSTART:20190107T090000Z", "DTEND:20190107T100000Z", "SUMMARY:Weekly 2019",
                                       "SEQUENCE:4000000000", "RRULE:FREQ=WEEKLY;UNTIL=20190331T000000Z"])]

    /// Held in memory, and written to the file from the first byte on.
    @Test(arguments: [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]], 0..<3)
    func aWindowShowsTheSameWhateverTheOrderOfComponents(_ order: [Int], master: Int) throws {
        let far = [Self.masters[master], Self.movedIn, Self.movedFar]
        // Series b's override comes first or last with the order.
        let lines = (order.first == 0 ? Self.movedOut + Self.daily : Self.daily + Self.movedOut)
            + order.flatMap { far[$0] }
        for holdLimit in [1 << 18, 0] {
            let result = try settle(lines, from: "2026-11-01", to: "2026-11-30", tz: "UTC") { $0.farSeriesMemoryLimit = holdLimit }
            try expectTheWindow(result)
        }
    }

    private func expectTheWindow(_ result: Settlement) throws {
        let titles = result.occurrences.map(\.event.title)
        #expect(titles.filter { $0 == "Daily" }.count == 29)
        #expect(!titles.contains("Moved out of the window"))
        #expect(!result.occurrences.contains { $0.occurrence.start.iso8601 == "2026-11-11T09:00:00Z" })
        let moved = try #require(result.occurrences.first { $0.event.title == "Moved into the window" })
        #expect(moved.occurrence.recurrenceID?.iso8601 == "2019-01-14T09:00:00Z")
        #expect(moved.occurrence.start.iso8601 == "2026-11-10T10:00:00Z")
        #expect(result.diagnostics.isEmpty)
    }

    /// The master's EXDATE still deletes an instance whose override was
    /// moved into the window, with its warning, when the master came first
    /// and was kept dormant.
    @Test func anExdateOfADormantMasterDeletesAnOverrideMovedIntoTheWindow() throws {
        let master = vevent("a", ["DTSTART:20190107T090000Z", "DURATION:PT1H", "SUMMARY:Weekly 2019",
                                  "RRULE:FREQ=WEEKLY;UNTIL=20190331T000000Z", "EXDATE:20190114T090000Z"])
        for lines in [master + Self.movedIn, Self.movedIn + master] {
            let result = try settle(lines, from: "2026-11-01", to: "2026-11-30", tz: "UTC")
            #expect(result.occurrences.isEmpty)
            #expect(result.diagnostics.map { "\($0.severity) \($0.kind)" } == ["warning nothingToPlace"])
        }
    }

    /// Series that stay dormant to the end still give the warning that
    /// needs no window (an override of an instance an EXDATE deletes), in
    /// input order among the others.
    @Test func dormantSeriesStillWarnInInputOrder() throws {
        func series(_ uid: String, start: String, exdate: String, moved: String) -> [String] {
            vevent(uid, ["DTSTART:\(start)", "DURATION:PT1H", "SUMMARY:\(uid)", "RRULE:FREQ=DAILY;COUNT=5",
                         "EXDATE:\(exdate)"])
                + vevent(uid, ["RECURRENCE-ID:\(exdate)", "DTSTART:\(moved)", "DURATION:PT1H", "SUMMARY:\(uid) moved"])
        }
        let lines = series("far-1", start: "20190101T090000Z", exdate: "20190102T090000Z", moved: "20190102T100000Z")
            + series("near", start: "20261101T090000Z", exdate: "20261102T090000Z", moved: "20261102T100000Z")
            + series("far-2", start: "20190101T090000Z", exdate: "20190103T090000Z", moved: "20190103T100000Z")
        let result = try settle(lines, from: "2026-11-01", to: "2026-11-30", tz: "UTC")
        #expect(result.diagnostics.map(\.message) == ["far-1 moved", "near moved", "far-2 moved"].map {
            "override \"\($0)\" of an instance that the master's EXDATE deletes; not shown"
        })
        #expect(result.occurrences.map(\.event.title) == ["near", "near", "near", "near"])
    }

    /// A series woken during intake is not woken again when settling: its
    /// warning comes once.
    @Test func aSeriesWokenWhileReadingWarnsOnce() throws {
        let lines = vevent("a", ["DTSTART:20190107T090000Z", "DTEND:20190107T100000Z", "SUMMARY:Weekly 2019",
                                 "RRULE:FREQ=WEEKLY;UNTIL=20190331T000000Z", "EXDATE:20190114T090000Z"])
            + vevent("a", ["RECURRENCE-ID:20190114T090000Z", "DTSTART:20190115T090000Z", "DURATION:PT1H",
                           "SUMMARY:Deleted"])
            + Self.movedFar.map { $0.replacingOccurrences(of: "20190122T090000Z", with: "20261110T100000Z") }
        let result = try settle(lines, from: "2026-11-01", to: "2026-11-30", tz: "UTC")
        #expect(result.diagnostics.map(\.message) == ["override \"Deleted\" of an instance that the master's EXDATE deletes; not shown"])
        #expect(result.occurrences.map(\.event.title) == ["Moved a day on"])
    }

    /// A master whose next instance lies in the margin expansion walks past
    /// the window (four days on its own clock, here 11 hours behind UTC) is
    /// not dormant: that instance counts in the work budget as before.
    @Test func anInstanceInTheMarginStillCountsInTheBudget() throws {
        let lines = vevent("margin", ["DTSTART;TZID=Pacific/Pago_Pago:20261203T180000", "DURATION:PT1H",
                                      "RRULE:FREQ=YEARLY"])
            + vevent("b1", ["DTSTART:20261130T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY;COUNT=500"])
            + vevent("b2", ["DTSTART:20261130T010000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY;COUNT=500"])
        let result = try settle(lines, from: "2026-11-30", to: "2026-11-30", tz: "UTC") { $0.instanceBudget = 1_000 }
        #expect(result.occurrences.count == 999)
        #expect(result.diagnostics.filter { $0.kind == .workBudget }.count == 1)
    }

    /// A rule with both COUNT and UNTIL (which RFC 5545 forbids; reading
    /// warns) that ends before the window is not walked: it reaches no
    /// window after its UNTIL, so no instance is left out there.
    @Test func aRuleEndedByUntilBeforeTheWindowIsNotWalked() throws {
        let lines = vevent("both", ["DTSTART:20000101T000000Z", "DURATION:PT1H",
                                    "RRULE:FREQ=HOURLY;COUNT=10000000;UNTIL=20150101T000000Z"])
        let result = try settle(lines, from: "2026-11-01", to: "2026-11-30", tz: "UTC")
        #expect(result.occurrences.isEmpty)
        #expect(!result.diagnostics.contains { $0.kind == .workBudget })
    }

    /// Two UIDs that differ only in Unicode normalization name two series,
    /// for `check` as for expansion: the override of the decomposed one is
    /// no override of the composed one's deleted instance.
    @Test func seriesAreNamedByTheirBytes() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let lines = vevent(composed, ["DTSTART:20240101T100000Z", "DURATION:PT1H", "SUMMARY:Daily",
                                      "RRULE:FREQ=DAILY;COUNT=5", "EXDATE:20240102T100000Z"])
            + vevent(decomposed, ["RECURRENCE-ID:20240102T100000Z", "DTSTART:20240102T120000Z", "DURATION:PT1H",
                                  "SUMMARY:Other series"])
        var check = SeriesCheck()
        for event in importText([("cal.ics", ics(lines))]).events { check.add(event) }
        var warnings: [Diagnostic] = []
        check.diagnostics { warnings.append($0) }
        #expect(warnings.isEmpty)
        let result = try settle(lines, from: "2024-01-01", to: "2024-01-10", tz: "UTC")
        #expect(result.occurrences.map(\.event.title) == ["Daily", "Other series", "Daily", "Daily", "Daily"])
        #expect(result.diagnostics.isEmpty)
        #expect(ClaimKey(try #require(importText([("cal.ics", ics(vevent(composed, ["DTSTART:20240101T100000Z"])))]).events.first))
                != ClaimKey(try #require(importText([("cal.ics", ics(vevent(decomposed, ["DTSTART:20240101T100000Z"])))]).events.first)))
    }

    /// A key whose hash another's value holds goes to the collided slot and
    /// is found there again; the value under the hash stays.
    @Test func aCollidingKeyIsFoundByItsBytes() throws {
        let events = importText([("cal.ics", ics(vevent("a", ["DTSTART:20240101T100000Z"])
                                                    + vevent("b", ["DTSTART:20240101T100000Z"])))]).events
        var lookup = SeriesLookup()
        let (none, slot) = lookup.find(events[0]) { _ in true }
        #expect(none == nil)
        lookup.store(7, in: slot)
        // As if b's hash were a's: the value under it is not b's.
        let (missing, collided) = lookup.find(events[0]) { _ in false }
        #expect(missing == nil)
        guard case .collided(let key) = collided else { Issue.record("not collided"); return }
        #expect(key.uid == "a")
        lookup.store(9, in: collided)
        #expect(lookup.find(events[0]) { _ in false }.value == 9)
        #expect(lookup.find(events[0]) { _ in true }.value == 7)
        #expect(lookup.find(events[1]) { _ in true }.value == nil)
    }

    @Test func fileNamesAreToldApartByTheirBytes() {
        var files = FileTable()
        let composed = "caf\u{E9}.ics", decomposed = "cafe\u{301}.ics"
        let numbers = [files.number(of: composed), files.number(of: decomposed), files.number(of: composed)]
        #expect(numbers == [0, 1, 0])
        #expect(files[1].utf8.elementsEqual(decomposed.utf8))
    }

    /// Past the work budget, the warning counts the series that lose
    /// instances, not those with none in the window.
    @Test func theBudgetCountsOnlySeriesThatReachTheWindow() throws {
        var lines: [String] = []
        for index in 1...3 {
            lines += vevent("near-\(index)", ["DTSTART:20261101T000000Z", "DURATION:PT10M", "RRULE:FREQ=HOURLY"])
        }
        for index in 1...2 {
            lines += vevent("far-\(index)", ["DTSTART:20190101T000000Z", "DURATION:PT10M",
                                             "RRULE:FREQ=HOURLY;UNTIL=20190201T000000Z"])
        }
        let result = try settle(lines, from: "2026-11-10", to: "2026-11-10", tz: "UTC") { $0.instanceBudget = 50 }
        let budget = result.diagnostics.filter { $0.kind == .workBudget }
        #expect(budget.count == 1)
        #expect(budget.first?.message.contains("3 events keep fewer instances or none") == true)
        #expect(budget.first?.message.contains("far-") == false)
    }

    /// The table of series by hash keeps every value through its growth,
    /// hashes alike in their low or high bits included; hash 0 shares
    /// hash 1's slot (`SeriesLookup` tells their keys apart by name), and
    /// values past 32 bits come back whole.
    @Test func hashSlotsKeepEveryValue() {
        var slots = HashSlots()
        let hashes = (1...20_000).map { UInt64($0) << 40 } + (1...20_000).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
        for (index, hash) in hashes.enumerated() { slots[hash] = index % 2 == 0 ? index : ~index }
        #expect(hashes.enumerated().allSatisfy { index, hash in slots[hash] == (index % 2 == 0 ? index : ~index) })
        #expect(slots[12_345] == nil && slots[.max] == nil)
        slots[hashes[7]] = 1 << 40
        slots[hashes[8]] = Int(Int32.min)
        #expect(slots[hashes[7]] == 1 << 40 && slots[hashes[8]] == Int(Int32.min) && slots[hashes[9]] == ~9)
        slots[0] = 5
        #expect(slots[1] == 5 && slots[0] == 5)
    }

    @Test func blocksKeepEveryValueAcrossBlocks() {
        var blocks = Blocks<Int>()
        for value in 0..<10_000 { #expect(blocks.append(value * 3) == value) }
        blocks[4_096] = -1
        #expect(blocks.count == 10_000)
        #expect(blocks[4_095] == 4_095 * 3 && blocks[4_096] == -1 && blocks[9_999] == 9_999 * 3)
        #expect(Array(blocks.all).count == 10_000)
    }
}
