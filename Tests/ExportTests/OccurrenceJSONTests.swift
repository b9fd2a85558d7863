import EventModel
@testable import Export
import Plumbing
import Settle
import TestSupport
import Testing

/// An occurrence's own fields are written in one run of stores, or field
/// by field when a time has a form the run does not write (here an offset
/// with seconds, from a VTIMEZONE of local mean time): both must give the
/// same keys in the same order, the recurrence id and title among them.
@Suite struct OccurrenceJSONTests {
    @Test func bothWaysOfWritingTheFieldsGiveTheSameKeys() throws {
        let lines = ["BEGIN:VTIMEZONE", "TZID:Mean", "BEGIN:STANDARD", "DTSTART:19700101T000000",
                     "TZOFFSETFROM:+005328", "TZOFFSETTO:+005328", "END:STANDARD", "END:VTIMEZONE"]
            + vevent("mean", ["SUMMARY:Mean time", "DTSTART;TZID=Mean:20261110T090000", "DURATION:PT1H",
                              "RRULE:FREQ=DAILY;COUNT=2"])
            + vevent("plain", ["SUMMARY:Plain", "DTSTART:20261110T120000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=2"])
        let options = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 10)!,
                                    to: LocalDate(year: 2026, month: 11, day: 10)!, timeline: ZoneTimeline(base: .utc))
        let settler = Settler(options: options)
        for event in importText([("mean.ics", ics(lines))]).events { settler.add(event) }
        let settlement = settler.settle()
        var objects: [String] = []
        for index in settlement.occurrences.indices {
            var out = ByteWriter()
            var cache = EventFieldsCache()
            OccurrenceJSON.write(settlement.occurrences.pointer(index), timeline: settlement.timeline, into: &out,
                                 cache: &cache)
            objects.append(String(decoding: out.bytes, as: UTF8.self))
        }
        try #require(objects.count == 2)
        #expect(objects[0].contains(#""recurrenceId":"2026-11-10T09:00:00+00:53:28","title":"Mean time""#))  // field by field
        #expect(objects[0].contains(#""start":"2026-11-10T09:00:00+00:53:28""#))
        #expect(objects[1].contains(#""start":"2026-11-10T12:00:00Z""#))
        func keys(_ json: String) throws -> [String] {
            let regex = try Regex(#""([A-Za-z]+)":"#)
            return json.matches(of: regex).map { String(json[$0.range].dropFirst().dropLast(2)) }
        }
        #expect(try keys(objects[0]) == keys(objects[1]))
        #expect(try keys(objects[1]) == ["uid", "recurrenceId", "title", "start", "end", "startUTC", "endUTC", "startLocal", "endLocal",
                                         "allDay", "busy", "calendar"])
    }

    /// `occurrences` writes each object and its line feed in one run of
    /// stores (`writeLine`): the same bytes as `write` and a line feed, for
    /// times of the common form and those written field by field, with a
    /// cold cache and a warm one.
    @Test func aLineIsTheObjectAndALineFeed() throws {
        let lines = ["BEGIN:VTIMEZONE", "TZID:Mean", "BEGIN:STANDARD", "DTSTART:19700101T000000",
                     "TZOFFSETFROM:+005328", "TZOFFSETTO:+005328", "END:STANDARD", "END:VTIMEZONE"]
            + vevent("mean", ["SUMMARY:Mean time", "DTSTART;TZID=Mean:20261110T090000", "DURATION:PT1H",
                              "RRULE:FREQ=DAILY;COUNT=2"])
            + vevent("plain", ["SUMMARY:Plain \"quoted\"", "DTSTART:20261110T120000Z", "DURATION:PT1H",
                               "DESCRIPTION:Agenda", "CATEGORIES:a,b", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:a@example.com"])
            + vevent("york", ["SUMMARY:York", "DTSTART;TZID=America/New_York:20261110T070000", "DURATION:PT30M",
                              "RRULE:FREQ=HOURLY;COUNT=3", "LOCATION:Room 1"])
        let options = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 10)!,
                                    to: LocalDate(year: 2026, month: 11, day: 10)!, timeline: ZoneTimeline(base: .utc))
        let settler = Settler(options: options)
        for event in importText([("line.ics", ics(lines))]).events { settler.add(event) }
        let settlement = settler.settle()
        try #require(settlement.occurrences.count == 5)
        expectLinesAreObjects(settlement, showing: true)
    }

    /// Fields written past the cache's limit (1 MiB): the cache is emptied
    /// and filled again, and every line still carries its own event's
    /// fields (40 events of 40 KB of description each, twice through).
    @Test func linesPastTheFieldCachesLimitCarryTheirOwnFields() throws {
        var events: [Event] = []
        let start = Zone.utc.instant(for: try #require(LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 10)!,
                                                                      hour: 9, minute: 0, second: 0)))
        for index in 0..<40 {
            var event = Event(uid: "u\(index)", title: "t\(index)", calendar: "c", source: SourcePosition(file: "f", line: index + 1),
                              start: .instant(start.adding(seconds: Int64(index) * 60), zone: nil),
                              end: .instant(start.adding(seconds: Int64(index) * 60 + 600), zone: nil))
            event.description = String(repeating: Character(String(index % 10)), count: 40_000)
            events.append(event)
        }
        let options = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 10)!,
                                    to: LocalDate(year: 2026, month: 11, day: 10)!, timeline: ZoneTimeline(base: .utc))
        let settler = Settler(options: options)
        for event in events { settler.add(event) }
        let settlement = settler.settle()
        try #require(settlement.occurrences.count == 40)
        expectLinesAreObjects(settlement, showing: false)
    }

    /// Each occurrence's line (`writeLine`, one cache through two rounds)
    /// is its object (`write`, a cold cache each time) and a line feed;
    /// `showing` prints a failing line (not for lines of 40 KB).
    private func expectLinesAreObjects(_ settlement: Settlement, showing: Bool) {
        var lineCache = EventFieldsCache()
        for round in 0..<2 {
            for index in settlement.occurrences.indices {
                var object = ByteWriter()
                var objectCache = EventFieldsCache()
                OccurrenceJSON.write(settlement.occurrences.pointer(index), timeline: settlement.timeline, into: &object,
                                     cache: &objectCache)
                var line = ByteWriter()
                OccurrenceJSON.writeLine(settlement.occurrences.pointer(index), timeline: settlement.timeline, into: &line,
                                         cache: &lineCache)
                let same = line.bytes == object.bytes + [0x0A]
                #expect(same, "round \(round), occurrence \(index)\(showing ? ": " + String(decoding: line.bytes, as: UTF8.self) : "")")
            }
        }
    }

    /// The viewer's times copy text written before: at offset 0 the UTC
    /// time with `+00:00` for its `Z` (a fraction of a second kept), in the
    /// event's own zone the event's time; elsewhere they are written anew.
    /// Each must equal what `Instant.iso8601` spells.
    @Test(arguments: ["UTC", "Europe/London", "America/New_York", "Asia/Kathmandu"])
    func theViewersTimesAreTheSameTextHoweverMade(viewer: String) throws {
        let viewerZone = try #require(Zone(tzdb: viewer))
        let newYork = try #require(Zone(tzdb: "America/New_York"))
        let noon = try #require(LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 10)!, hour: 12, minute: 20, second: 0))
        let start = Zone.utc.instant(for: noon).adding(milliseconds: 250)  // 2026-11-10T12:20:00.250Z
        var events: [Event] = []
        for (index, zone) in [Zone?.none, .some(newYork), .some(viewerZone), .some(Zone.utc)].enumerated() {
            let event = Event(uid: "u\(index)", title: "t", calendar: "c", source: SourcePosition(file: "f", line: index + 1),
                              start: .instant(start, zone: zone), end: .instant(start.adding(seconds: 5400), zone: zone))
            events.append(event)
        }
        let options = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 10)!,
                                    to: LocalDate(year: 2026, month: 11, day: 11)!, timeline: ZoneTimeline(base: viewerZone))
        let settler = Settler(options: options)
        for event in events { settler.add(event) }
        let settlement = settler.settle()
        try #require(settlement.occurrences.count == 4)
        for (index, occurrence) in zip(settlement.occurrences.indices, settlement.occurrences) {
            var out = ByteWriter()
            var cache = EventFieldsCache()
            OccurrenceJSON.write(settlement.occurrences.pointer(index), timeline: settlement.timeline, into: &out,
                                 cache: &cache)
            let object = String(decoding: out.bytes, as: UTF8.self)
            for (key, instant) in [("startLocal", occurrence.startUTC), ("endLocal", occurrence.endUTC)] {
                let expected = instant.iso8601(offsetSeconds: viewerZone.offset(at: instant), zulu: false)
                #expect(object.contains("\"\(key)\":\"\(expected)\""), "\(viewer): \(object)")
            }
            #expect(object.contains(".250"))
        }
    }

    /// The room `writeLine` and a day's entry reserve (`OccurrenceJSON.Room`)
    /// holds the longest fields an occurrence can have in one run: every
    /// time with milliseconds and an offset of minutes (the UTC ones
    /// with `Z`), a recurrence id apart from the start, a viewer in
    /// another zone, `false` twice, the longest part. Writing it in a debug
    /// build also checks every store against the room (`ByteWriter.Cursor`).
    @Test func theRoomReservedHoldsTheLongestFields() throws {
        let names = ["recurrenceId", "start", "end", "startUTC", "endUTC", "startLocal", "endLocal", "allDay", "busy"]
        #expect(OccurrenceJSON.Room.keys == names.reduce(0) { $0 + ",\"\($1)\":".utf8.count })
        let kathmandu = try #require(Zone(tzdb: "Asia/Kathmandu")), stJohns = try #require(Zone(tzdb: "America/St_Johns"))
        let noon = try #require(LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 10)!, hour: 12, minute: 20, second: 0))
        let start = Zone.utc.instant(for: noon).adding(milliseconds: 250), end = start.adding(milliseconds: 5_400_125)
        let event = Event(uid: "u", title: "t", calendar: "c", source: SourcePosition(file: "f", line: 1),
                          start: .instant(start, zone: kathmandu), end: .instant(end, zone: kathmandu))
        let occurrence = Occurrence(event: event, start: .instant(start, zone: kathmandu), end: .instant(end, zone: kathmandu),
                                    recurrenceID: .instant(start.adding(milliseconds: -86_400_000), zone: kathmandu))
        let settled = SettledOccurrence(occurrence: occurrence, startUTC: start, endUTC: end, busy: false,
                                        firstDay: 20_767, lastDay: 20_767)
        let timeline = ZoneTimeline(base: stJohns)
        // What an occurrence adds to its event's fields: from recurrenceId to busy, the title left out.
        func ownFields(_ object: String) throws -> Int {
            let from = try #require(object.range(of: ",\"recurrenceId\":")).lowerBound
            let to = try #require(object.range(of: ",\"busy\":false")).upperBound
            return object[from..<to].utf8.count - ",\"title\":\"t\"".utf8.count
        }
        var line = ByteWriter(), cache = EventFieldsCache()
        withUnsafePointer(to: settled) { OccurrenceJSON.writeLine($0, timeline: timeline, into: &line, cache: &cache) }
        let lineText = String(decoding: line.bytes, as: UTF8.self)
        #expect(lineText.contains("\"startLocal\":\"2026-11-10T08:50:00.250-03:30\""), "\(lineText)")
        // Tight but for the UTC times, which end in `Z`: an offset's five bytes less each.
        #expect(try ownFields(lineText) == OccurrenceJSON.Room.occurrenceFields - OccurrenceJSON.Room.part - 2 * 5)
        var day = ByteWriter()
        withUnsafePointer(to: settled) { pointer in
            JSONObjectWriter.write(into: &day) {
                OccurrenceJSON.fields(pointer, part: .middle, timeline: timeline, cache: &cache, into: &$0)
            }
        }
        let dayText = String(decoding: day.bytes, as: UTF8.self)
        #expect(dayText.contains(",\"part\":\"middle\","), "\(dayText)")
        #expect(try ownFields(dayText) == OccurrenceJSON.Room.occurrenceFields - 2 * 5)
    }
}
