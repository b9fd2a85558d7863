import EventModel
@testable import FreeBusy
import Settle
import TestSupport
import Testing

/// The hand-made cases of issue 14: free slots in working hours
/// (docs/semantics.md section 10).
@Suite struct FreeSlotTests {
    /// New York springs forward on Sunday 8 March 2026: 09:00–17:00 is
    /// 14:00Z–22:00Z before and 13:00Z–21:00Z from that day on, eight hours
    /// each; the whole of 8 March is 23 hours and of 1 November 25.
    @Test func workingHoursAreWallClockHoursAcrossDST() throws {
        let spring = try settle([], from: "2026-03-06", to: "2026-03-09")
        let slots = spring.freeSlots(hours: hours(), minimum: 0)
        #expect(slots.map(\.text) == ["2026-03-06T14:00:00Z–2026-03-06T22:00:00Z", "2026-03-07T14:00:00Z–2026-03-07T22:00:00Z",
                                      "2026-03-08T13:00:00Z–2026-03-08T21:00:00Z", "2026-03-09T13:00:00Z–2026-03-09T21:00:00Z"])
        #expect(slots.allSatisfy { $0.milliseconds == 8 * 60 * minute })
        let whole = spring.freeSlots(hours: hours("00:00-24:00"), minimum: 0)
        #expect(whole.map { $0.milliseconds / minute / 60 } == [24, 24, 23, 24])
        let fall = try settle([], from: "2026-11-01", to: "2026-11-01")
        #expect(fall.freeSlots(hours: hours("00:00-24:00"), minimum: 0).map { $0.milliseconds / minute / 60 } == [25])
        // A meeting across the change keeps its wall clock; the slot after it too.
        let busy = try settle(meeting("m", "20260309T090000", "20260309T100000")
                              + meeting("n", "20260306T090000", "20260306T100000"), from: "2026-03-06", to: "2026-03-09")
        #expect(busy.freeSlots(hours: hours(), minimum: 0, dates: day("2026-03-06")!...day("2026-03-06")!).map(\.text)
                == ["2026-03-06T15:00:00Z–2026-03-06T22:00:00Z"])
        #expect(busy.freeSlots(hours: hours(), minimum: 0, dates: day("2026-03-09")!...day("2026-03-09")!).map(\.text)
                == ["2026-03-09T14:00:00Z–2026-03-09T21:00:00Z"])
    }

    /// A 02:30–10:00 working day on the day 02:30 does not exist starts at
    /// 03:30 EDT (the gap rule); on the day 01:30 happens twice, 01:30 is
    /// the first (EDT).
    @Test func workingHoursInAGapOrARepeatedHour() throws {
        let gap = try settle([], from: "2026-03-08", to: "2026-03-08")
        #expect(gap.freeSlots(hours: hours("02:30-10:00"), minimum: 0).map(\.text) == ["2026-03-08T07:30:00Z–2026-03-08T14:00:00Z"])
        let repeated = try settle([], from: "2026-11-01", to: "2026-11-01")
        #expect(repeated.freeSlots(hours: hours("01:30-03:00"), minimum: 0).map(\.text) == ["2026-11-01T05:30:00Z–2026-11-01T08:00:00Z"])
    }

    /// Working from New York, then flying to Tokyo: from the change at
    /// 22:00Z on Wednesday 2 December (17:00 in New York, already 07:00 on
    /// Thursday in Tokyo) the working day is 09:00–17:00 in Tokyo, 00:00Z–08:00Z.
    @Test func aTravellersWorkingDayMovesWithThem() throws {
        let result = try settle(meeting("tokyo", "20261203T100000", "20261203T110000", tzid: "Asia/Tokyo")
                                + meeting("ny", "20261203T100000", "20261203T110000"),
                                from: "2026-11-30", to: "2026-12-04", travel: ["2026-12-02T22:00Z=Asia/Tokyo"])
        let slots = result.freeSlots(hours: hours("09:00-17:00", days: [1, 2, 3, 4, 5]), minimum: 0)
        #expect(slots.map(\.text) == [
            "2026-11-30T14:00:00Z–2026-11-30T22:00:00Z",
            "2026-12-01T14:00:00Z–2026-12-01T22:00:00Z",
            "2026-12-02T14:00:00Z–2026-12-02T22:00:00Z",
            "2026-12-03T00:00:00Z–2026-12-03T01:00:00Z",  // 09:00–10:00 in Tokyo
            "2026-12-03T02:00:00Z–2026-12-03T08:00:00Z",  // after the Tokyo meeting; the New York one is at night
            "2026-12-04T00:00:00Z–2026-12-04T08:00:00Z",
        ])
        #expect(slots.map(\.date.description) == ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-03", "2026-12-04"])
        // A change in the middle of the working day: the rest of the day on the new clock.
        let midday = try settle([], from: "2026-12-02", to: "2026-12-02", travel: ["2026-12-02T17:00Z=America/Los_Angeles"])
        #expect(midday.freeSlots(hours: hours(), minimum: 0).map(\.text) == ["2026-12-02T14:00:00Z–2026-12-03T01:00:00Z"])
    }

    @Test func backToBackMeetingsLeaveNoZeroLengthSlot() throws {
        let result = try settle(meeting("a", "20261123T090000", "20261123T100000") + meeting("b", "20261123T100000", "20261123T110000")
                                + meeting("c", "20261123T110000", "20261123T113000") + meeting("d", "20261123T120000", "20261123T120000")
                                + meeting("e", "20261123T163000", "20261123T170000"),
                                from: "2026-11-23", to: "2026-11-23")
        let slots = result.freeSlots(hours: hours(), minimum: 0)
        #expect(slots.map(\.text) == ["2026-11-23T16:30:00Z–2026-11-23T21:30:00Z"])
        #expect(slots.allSatisfy { $0.milliseconds > 0 })
    }

    /// `--buffer 10m` keeps ten minutes free on both sides of every busy
    /// interval; a gap smaller than two buffers closes.
    @Test func bufferWidensBusyTimeOnBothSides() throws {
        let lines = meeting("a", "20261123T100000", "20261123T110000") + meeting("b", "20261123T111500", "20261123T120000")
            + meeting("c", "20261123T170500", "20261123T180000")
        let result = try settle(lines, from: "2026-11-23", to: "2026-11-23")
        #expect(result.freeSlots(hours: hours(), minimum: 0).map(\.text) == [
            "2026-11-23T14:00:00Z–2026-11-23T15:00:00Z", "2026-11-23T16:00:00Z–2026-11-23T16:15:00Z", "2026-11-23T17:00:00Z–2026-11-23T22:00:00Z"])
        #expect(result.freeSlots(hours: hours(), minimum: 0, buffer: 10 * minute).map(\.text) == [
            "2026-11-23T14:00:00Z–2026-11-23T14:50:00Z", "2026-11-23T17:10:00Z–2026-11-23T21:55:00Z"])
        // Busy time of the day before reaches across midnight by the buffer.
        let night = try settle(meeting("late", "20261122T235000", "20261122T235500"), from: "2026-11-22", to: "2026-11-23")
        #expect(night.freeSlots(hours: hours("00:00-02:00"), minimum: 0, buffer: 10 * minute,
                                dates: day("2026-11-23")!...day("2026-11-23")!).map(\.text) == ["2026-11-23T05:05:00Z–2026-11-23T07:00:00Z"])
    }

    @Test func aMinimumLongerThanAnyGapLeavesNoSlot() throws {
        var lines: [String] = []
        for hour in stride(from: 9, to: 17, by: 1) {
            let start = hour < 10 ? "0\(hour)" : "\(hour)"
            lines += meeting("m\(hour)", "20261123T\(start)3000", "20261123T\(hour + 1 < 10 ? "0" : "")\(hour + 1)0000")
        }
        let result = try settle(lines, from: "2026-11-23", to: "2026-11-24")
        let slots = result.freeSlots(hours: hours(), minimum: 31 * minute)
        #expect(slots.map(\.date.description) == ["2026-11-24"])
        #expect(result.freeSlots(hours: hours(), minimum: 30 * minute).filter { $0.date == day("2026-11-23") }.count == 8)
        #expect(result.freeSlots(hours: hours(), minimum: 9 * 60 * minute).isEmpty)
    }

    @Test func allDayEventsAreFreeUnlessCountedBusy() throws {
        let lines = vevent("holiday", ["DTSTART;VALUE=DATE:20261126", "DTEND;VALUE=DATE:20261127", "SUMMARY:Thanksgiving"])
        let free = try settle(lines, from: "2026-11-26", to: "2026-11-26")
        #expect(free.freeSlots(hours: hours(), minimum: 0).map(\.text) == ["2026-11-26T14:00:00Z–2026-11-26T22:00:00Z"])
        let busy = try settle(lines, from: "2026-11-26", to: "2026-11-26") { $0.allDayBusy = true }
        #expect(busy.freeSlots(hours: hours(), minimum: 0).isEmpty)
    }

    /// A tentative meeting is busy; one the viewer declined is not
    /// (`--me`), nor is a transparent or a cancelled one.
    @Test func tentativeIsBusyDeclinedIsNot() throws {
        let lines = meeting("tentative", "20261124T100000", "20261124T110000", ["STATUS:TENTATIVE"])
            + meeting("declined", "20261124T120000", "20261124T130000",
                      ["ATTENDEE;PARTSTAT=DECLINED:mailto:Alice@Example.com", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.com"])
            + meeting("transparent", "20261124T140000", "20261124T150000", ["TRANSP:TRANSPARENT"])
            + meeting("cancelled", "20261124T150000", "20261124T160000", ["STATUS:CANCELLED"])
        let anyone = try settle(lines, from: "2026-11-24", to: "2026-11-24")
        #expect(anyone.freeSlots(hours: hours(), minimum: 0).map(\.text) == [
            "2026-11-24T14:00:00Z–2026-11-24T15:00:00Z", "2026-11-24T16:00:00Z–2026-11-24T17:00:00Z", "2026-11-24T18:00:00Z–2026-11-24T22:00:00Z"])
        let alice = try settle(lines, from: "2026-11-24", to: "2026-11-24") { $0.me = "alice@example.com" }
        #expect(alice.freeSlots(hours: hours(), minimum: 0).map(\.text) == [
            "2026-11-24T14:00:00Z–2026-11-24T15:00:00Z", "2026-11-24T16:00:00Z–2026-11-24T22:00:00Z"])
    }

    /// A VFREEBUSY of one person and a calendar of another: free is what
    /// both leave free; its FREE periods free nothing.
    @Test func freeBusyInputCombinedWithACalendar() throws {
        let freeBusy = ics(["BEGIN:VFREEBUSY", "UID:bob", "DTSTART:20261123T000000Z", "DTEND:20261130T000000Z",
                            "FREEBUSY:20261123T150000Z/PT1H,20261123T200000Z/20261123T203000Z",
                            "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20261123T170000Z/PT30M",
                            "FREEBUSY;FBTYPE=FREE:20261123T140000Z/20261123T220000Z", "END:VFREEBUSY"])
        let calendar = ics(meeting("alice", "20261123T090000", "20261123T093000"))
        let (result, imported) = try settleFiles([("bob.ifb", freeBusy), ("alice.ics", calendar)], from: "2026-11-23", to: "2026-11-23")
        #expect(imported.diagnostics.isEmpty)
        #expect(result.freeSlots(hours: hours(), minimum: 0).map(\.text) == [
            "2026-11-23T14:30:00Z–2026-11-23T15:00:00Z", "2026-11-23T16:00:00Z–2026-11-23T17:00:00Z",
            "2026-11-23T17:30:00Z–2026-11-23T20:00:00Z", "2026-11-23T20:30:00Z–2026-11-23T22:00:00Z"])
        #expect(result.days[0].busyMilliseconds == (30 + 60 + 30 + 30) * minute)
    }

    /// `--calendar` and `--search` choose whose busy time counts.
    @Test func filtersChooseTheBusyTime() throws {
        let files = [("alice.ics", ics(meeting("a", "20261123T100000", "20261123T110000"))),
                     ("bob.ics", ics(meeting("b", "20261123T140000", "20261123T150000", ["LOCATION:Room 7"])))]
        let onlyBob = try settleFiles(files, from: "2026-11-23", to: "2026-11-23") { $0.filter = EventFilter(calendars: ["BOB"]) }.0
        #expect(onlyBob.freeSlots(hours: hours(), minimum: 0).map(\.text) == [
            "2026-11-23T14:00:00Z–2026-11-23T19:00:00Z", "2026-11-23T20:00:00Z–2026-11-23T22:00:00Z"])
        let room = try settleFiles(files, from: "2026-11-23", to: "2026-11-23") { $0.filter = EventFilter(search: "room 7") }.0
        #expect(room.freeSlots(hours: hours(), minimum: 0) == onlyBob.freeSlots(hours: hours(), minimum: 0))
    }

    @Test func daysNotWorkedHaveNoSlots() throws {
        let result = try settle([], from: "2026-11-23", to: "2026-11-29")
        let slots = result.freeSlots(hours: hours("09:00-17:00", days: [1, 3, 5]), minimum: 0)
        #expect(slots.map(\.date.description) == ["2026-11-23", "2026-11-25", "2026-11-27"])
        #expect(WorkingHours(start: 0, end: 0, workdays: [1]) == nil)
        #expect(WorkingHours(start: 0, end: 86_401, workdays: [1]) == nil)
        #expect(WorkingHours(start: 0, end: 3600, workdays: [8]) == nil)
    }
}
