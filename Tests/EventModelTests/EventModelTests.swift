import EventModel
import Foundation
import Testing

@Suite struct LocalDateTests {
    /// Wall seconds to a day number round down, as `RuleExpander.floorDiv`
    /// does, at the edges of days and of Int64 (no overflow).
    @Test func wallSecondsRoundDownToTheirDay() {
        let seconds: [Int64] = [0, 1, 86_399, 86_400, -1, -86_399, -86_400, -86_401,
                                1_795_392_000, -62_135_596_800, .max, .min, .min + 1]
        for value in seconds {
            #expect(LocalDate.daysSinceEpoch(ofWallSeconds: value) == RuleExpander.floorDiv(value, 86_400), "\(value)")
        }
        #expect(LocalDate.daysSinceEpoch(ofWallSeconds: -1) == -1)
    }

    @Test func daysSinceEpochRoundTripsOverTheWholeRange() {
        for days in stride(from: Int64(-719_162), through: 2_932_896, by: 997) {
            #expect(LocalDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
        #expect(LocalDate(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(LocalDate(daysSinceEpoch: -719_162).description == "0001-01-01")
        #expect(LocalDate(daysSinceEpoch: 2_932_896).description == "9999-12-31")
    }

    /// The date of a day number is worked out by multiplications and shifts
    /// within about 2.9 million years of 1970 and by Hinnant's divisions
    /// outside: every day of the years 1 to 9999 follows the day before it,
    /// and both sides of the seam give the day numbers back.
    @Test func everyDayFollowsTheDayBefore() {
        var previous = LocalDate(daysSinceEpoch: -719_163)
        #expect(previous.description == "0000-12-31")
        var wrong: [Int64] = []
        for days in Int64(-719_162)...2_932_896 {
            let date = LocalDate(daysSinceEpoch: days)
            let expected: (Int, Int, Int) =
                if previous.day < LocalDate.daysIn(month: previous.month, year: previous.year) {
                    (previous.year, previous.month, previous.day + 1)
                } else if previous.month < 12 { (previous.year, previous.month + 1, 1) }
                else { (previous.year + 1, 1, 1) }
            if (date.year, date.month, date.day) != expected, wrong.count < 5 { wrong.append(days) }
            previous = date
        }
        #expect(wrong.isEmpty)
        #expect(LocalDate(daysSinceEpoch: 11_016).description == "2000-02-29")
        #expect(LocalDate(daysSinceEpoch: 20_779).description == "2026-11-22")
        for seam in [Int64(-12_699_422), 1_061_042_401] {
            for days in seam - 3...seam + 3 {
                let date = LocalDate(daysSinceEpoch: days)
                #expect(LocalDate.dayNumber(year: date.year, month: date.month, day: date.day) == days)
            }
        }
    }

    @Test func refusesImpossibleDates() {
        #expect(LocalDate(year: 2026, month: 2, day: 30) == nil)
        #expect(LocalDate(year: 2026, month: 13, day: 1) == nil)
        #expect(LocalDate(year: 0, month: 1, day: 1) == nil)
        #expect(LocalDate(year: 2024, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 1900, month: 2, day: 29) == nil)
        #expect(LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 1)!, hour: 25, minute: 0, second: 0) == nil)
    }

    @Test func weekdaysAreISO() {
        #expect(LocalDate(year: 2026, month: 11, day: 22)?.weekday == 7)  // a Sunday
        #expect(LocalDate(year: 1970, month: 1, day: 1)?.weekday == 4)
        #expect(LocalDate(year: 1, month: 1, day: 1)?.weekday == 1)
    }
}

@Suite struct ZoneTests {
    /// A VTIMEZONE for central Europe: DST from the last Sunday of March to
    /// the last Sunday of October.
    static let centralEuropeanRules = ZoneRules(observances: [
        .init(start: local(1601, 10, 28, 3, 0), offsetFrom: 7200, offsetTo: 3600,
              rule: .init(frequency: .yearly, byDay: [.init(ordinal: -1, weekday: 7)], byMonth: [10])),
        .init(start: local(1601, 3, 25, 2, 0), offsetFrom: 3600, offsetTo: 7200,
              rule: .init(frequency: .yearly, byDay: [.init(ordinal: -1, weekday: 7)], byMonth: [3])),
    ])

    func local(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int) -> LocalDateTime {
        ZoneTests.local(y, mo, d, h, mi)
    }

    static func local(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int) -> LocalDateTime {
        LocalDateTime(date: LocalDate(year: y, month: mo, day: d)!, hour: h, minute: mi, second: 0)!
    }

    @Test func newYorkGapMovesForwardByTheGap() throws {
        let zone = try #require(Zone(tzdb: "America/New_York"))
        // 2024-03-10 02:30 does not exist: 03:30 EDT, 07:30Z.
        #expect(zone.instant(for: local(2024, 3, 10, 2, 30)).description == "2024-03-10T07:30:00Z")
    }

    @Test func newYorkOverlapTakesTheFirst() throws {
        let zone = try #require(Zone(tzdb: "America/New_York"))
        // 2024-11-03 01:30 happens twice: the first is EDT, 05:30Z.
        #expect(zone.instant(for: local(2024, 11, 3, 1, 30)).description == "2024-11-03T05:30:00Z")
        #expect(zone.instant(for: local(2024, 11, 3, 2, 30)).description == "2024-11-03T07:30:00Z")
    }

    @Test func berlinGapAndOverlap() throws {
        let zone = try #require(Zone(tzdb: "Europe/Berlin"))
        #expect(zone.instant(for: local(2026, 3, 29, 2, 30)).description == "2026-03-29T01:30:00Z")
        #expect(zone.instant(for: local(2026, 10, 25, 2, 30)).description == "2026-10-25T00:30:00Z")
    }

    @Test func farFutureUsesTheRules() throws {
        let zone = try #require(Zone(tzdb: "America/New_York"))
        #expect(zone.instant(for: local(9000, 7, 1, 9, 0)).iso8601(offsetSeconds: zone.offset(at: zone.instant(for: local(9000, 7, 1, 9, 0)))) == "9000-07-01T09:00:00-04:00")
    }

    @Test func observanceRulesMatchTheTZDatabase() throws {
        let rules = ZoneTests.centralEuropeanRules
        let custom = Zone(id: "W. Europe Standard Time", rules: rules)
        let berlin = try #require(Zone(tzdb: "Europe/Berlin"))
        for hours in stride(from: Int64(0), to: 24 * 365 * 3, by: 5) {
            let instant = Instant(seconds: 1_735_689_600 + hours * 3600)  // from 2025-01-01
            #expect(custom.offset(at: instant) == berlin.offset(at: instant))
        }
        #expect(custom.instant(for: local(2026, 3, 29, 2, 30)).description == "2026-03-29T01:30:00Z")
        #expect(custom.instant(for: local(2026, 10, 25, 2, 30)).description == "2026-10-25T00:30:00Z")
    }

    /// Any RRULE in a VTIMEZONE goes through the event engine: a monthly
    /// rule here, which the old yearly-only reader refused.
    @Test func observanceWithANonYearlyRule() {
        let rules = ZoneRules(observances: [
            .init(start: local(2000, 1, 1, 0, 0), offsetFrom: 0, offsetTo: 0),
            .init(start: local(2000, 1, 15, 0, 0), offsetFrom: 0, offsetTo: 3600,
                  rule: .init(frequency: .monthly, byMonthDay: [15]), untilUTC: 2_000_000_000),  // until 2033
            .init(start: local(2000, 1, 20, 0, 0), offsetFrom: 3600, offsetTo: 0,
                  rule: .init(frequency: .monthly, byMonthDay: [20])),
        ])
        let zone = Zone(id: "Monthly", rules: rules)
        #expect(zone.offset(at: Zone.utc.instant(for: local(2024, 6, 16, 0, 0))) == 3600)
        #expect(zone.offset(at: Zone.utc.instant(for: local(2024, 6, 21, 0, 0))) == 0)
        #expect(zone.offset(at: Zone.utc.instant(for: local(2034, 6, 16, 0, 0))) == 0)  // after UNTIL
    }

    /// A VTIMEZONE zone answers from its 1900-2100 table as its rules do,
    /// and outside those years from the rules themselves.
    @Test func observanceTableMatchesTheRules() {
        let rules = ZoneTests.centralEuropeanRules
        let zone = Zone(id: "Europe", rules: rules)
        var seconds: Int64 = -2_300_000_000
        while seconds < 4_200_000_000 {
            #expect(zone.offset(at: Instant(seconds: seconds)) == rules.offset(atUTCSeconds: seconds), "at \(seconds)")
            seconds += 86_400 * 5 + 3_607
        }
    }

    /// An observance that changes the offset every hour has too many onsets
    /// for a table: the zone reads them a year at a time, with the same answers.
    @Test func observanceChangingEveryHour() {
        let rules = ZoneRules(observances: [
            .init(start: local(2000, 1, 1, 0, 0), offsetFrom: 0, offsetTo: 1800,
                  rule: .init(frequency: .hourly, interval: 2)),
            .init(start: local(2000, 1, 1, 1, 30), offsetFrom: 1800, offsetTo: 0,
                  rule: .init(frequency: .hourly, interval: 2)),
        ])
        let zone = Zone(id: "Restless", rules: rules)
        for hours in stride(from: Int64(0), to: 24 * 365, by: 73) {
            let seconds = 1_735_689_600 + hours * 3600 + 600  // in 2025, from 00:10Z
            #expect(zone.offset(at: Instant(seconds: seconds)) == rules.offset(atUTCSeconds: seconds))
        }
        #expect(zone.offset(at: Instant(seconds: 1_735_689_600 + 600)) == 1800)
    }

    /// A series' instances ask for their instants with one memo of the
    /// zone's offsets; the answers are those asked without it, through the
    /// gap (2024-03-10 02:30 in New York is 07:30Z) and the overlap
    /// (2024-11-03 01:30 is 05:30Z, the first), and on Lord Howe's
    /// half-hour change, in whatever order they are asked.
    @Test func instantsFromAMemoAreThoseWithout() throws {
        for name in ["America/New_York", "Australia/Lord_Howe"] {
            let zone = try #require(Zone(tzdb: name))
            var memo = ZoneOffsetMemo()
            let days: [(Int, Int, Int)] = [(2024, 3, 9), (2024, 4, 6), (2024, 10, 5), (2024, 11, 2), (1900, 1, 1), (2200, 6, 30)]
            var walls: [Int64] = []
            for (year, month, day) in days {
                let midnight = try #require(LocalDate(year: year, month: month, day: day)).daysSinceEpoch * 86_400
                walls += stride(from: midnight, to: midnight + 3 * 86_400, by: 900)
            }
            for wall in walls + walls.reversed() {
                let plain = zone.instant(for: LocalDateTime(secondsSinceEpoch: wall))
                #expect(zone.instant(forWall: wall, memo: &memo) == plain)
            }
        }
        let newYork = try #require(Zone(tzdb: "America/New_York"))
        var memo = ZoneOffsetMemo()
        let gap = try #require(LocalDateTime(date: LocalDate(year: 2024, month: 3, day: 10)!, hour: 2, minute: 30, second: 0))
        let overlap = try #require(LocalDateTime(date: LocalDate(year: 2024, month: 11, day: 3)!, hour: 1, minute: 30, second: 0))
        #expect(newYork.instant(forWall: gap.secondsSinceEpoch, memo: &memo).seconds
                == LocalDateTime(date: LocalDate(year: 2024, month: 3, day: 10)!, hour: 7, minute: 30, second: 0)!.secondsSinceEpoch)
        #expect(newYork.instant(forWall: overlap.secondsSinceEpoch, memo: &memo).seconds
                == LocalDateTime(date: LocalDate(year: 2024, month: 11, day: 3)!, hour: 5, minute: 30, second: 0)!.secondsSinceEpoch)
    }

    /// Offsets asked through a memo (its test made in milliseconds, where
    /// it is asked) are those asked without one: to the millisecond either
    /// side of New York's changes of 2024 and before 1970, with two zones
    /// taking turns in one memo, and at the ends of the milliseconds.
    @Test func offsetsFromAMemoAreThoseWithout() throws {
        let newYork = try #require(Zone(tzdb: "America/New_York")), kathmandu = try #require(Zone(tzdb: "Asia/Kathmandu"))
        // 2024-03-10T07:00:00Z and 2024-11-03T06:00:00Z; 1950-04-30T07:00:00Z.
        let changes: [Int64] = [1_710_054_000_000, 1_730_613_600_000, -620_326_800_000]
        var instants: [Instant] = [Instant(milliseconds: .min), Instant(milliseconds: .max),
                                   Instant(milliseconds: .min + 1), Instant(milliseconds: .max - 1)]
        for change in changes {
            for step: Int64 in [-3_600_000, -1_001, -1_000, -999, -1, 0, 1, 999, 1_000, 3_600_000] {
                instants.append(Instant(milliseconds: change + step))
            }
        }
        var memo = ZoneOffsetMemo()
        for instant in instants + instants.reversed() {
            for zone in [newYork, newYork, kathmandu, newYork] {
                #expect(zone.offset(at: instant, memo: &memo) == zone.offset(at: instant), "\(zone) at \(instant.milliseconds)")
            }
        }
        // Walls too far out for milliseconds are answered the slow way, as
        // with a memo that knows nothing.
        for wall: Int64 in [9_000_000_000_001, -9_000_000_000_001, 5_000_000_000_000_000, -5_000_000_000_000_000] {
            var empty = ZoneOffsetMemo()
            _ = newYork.offset(at: Instant(seconds: wall), memo: &memo)
            #expect(newYork.instant(forWall: wall, memo: &memo) == newYork.instant(forWall: wall, memo: &empty))
        }
    }

    /// The same tz database name is the same zone; a zone of another kind
    /// under that name is another zone.
    @Test func zonesAreSharedByName() throws {
        let first = try #require(Zone(tzdb: "Asia/Tokyo"))
        let second = try #require(Zone(tzdb: "Asia/Tokyo"))
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        #expect(Zone(tzdb: "Not/A_Zone") == nil)
        #expect(Zone(id: "Asia/Tokyo", fixedOffset: 32_400) != first)
        #expect(Zone(id: "Tokyo", fixedOffset: 32_400) == Zone(id: "Tokyo", fixedOffset: 32_400))
        #expect(first != Zone.utc)
    }

    /// One answer for every name a person or a file gives.
    @Test func namesResolveOneWay() {
        #expect(Zone.named(" US/Eastern ")?.id == "US/Eastern")
        #expect(Zone.named("Europe/Berlin") == Zone(tzdb: "Europe/Berlin"))
        #expect(Zone.named("Z") == .utc)
        #expect(Zone.named("UTC")?.offset(at: Instant(seconds: 0)) == 0)
        for name in ["CST", "EST5", "", "/etc/passwd", "../x", "Europe", "Mars/Olympus"] {
            #expect(Zone.named(name) == nil, "\(name)")
        }
    }

    /// A VTIMEZONE read twice is one zone; two different ones under one
    /// TZID are two (a calendar's "Customized Time Zone" is not another's).
    @Test func vtimezonesAreOneZonePerDefinition() throws {
        func custom(_ offset: Int) -> Zone {
            Zone(id: "Customized Time Zone", rules: ZoneRules(observances: [
                ZoneRules.Observance(start: LocalDateTime(secondsSinceEpoch: 0), offsetFrom: offset, offsetTo: offset),
            ]))
        }
        #expect(custom(3600) == custom(3600))
        #expect(custom(3600) != custom(-18_000))
        #expect(custom(-18_000).offset(at: Instant(seconds: 86_400)) == -18_000)
        #expect(custom(3600).offset(at: Instant(seconds: 86_400)) == 3600)
        // Past the limit of zones files define, a known definition is still
        // given and a new one is not made.
        let rules = ZoneRules(observances: [
            ZoneRules.Observance(start: LocalDateTime(secondsSinceEpoch: 0), offsetFrom: 3600, offsetTo: 3600),
        ])
        #expect(Zone.defined(id: "Customized Time Zone", rules: rules, limit: 0) == custom(3600))
        #expect(Zone.defined(id: "Never Made Before \(UInt64.random(in: 0...UInt64.max))", rules: rules, limit: 0) == nil)
        #expect(Zone.defined(id: "Never Made Before \(UInt64.random(in: 0...UInt64.max))", fixedOffset: 60, limit: 0) == nil)
        let made = try #require(Zone.defined(id: "Made Once \(UInt64.random(in: 0...UInt64.max))", fixedOffset: 60))
        #expect(Zone.defined(id: made.id, fixedOffset: 60, limit: 0) == made)
    }
}

@Suite struct EventTimeSamenessTests {
    /// `isSame(as:)` (one zone value, told inline) answers as `==` does:
    /// instants in one zone, in two zones of one name, without a zone, at
    /// other instants, and floating times and dates.
    @Test func samenessIsEquality() throws {
        let berlin = try #require(Zone(tzdb: "Europe/Berlin"))
        let tokyo = try #require(Zone(tzdb: "Asia/Tokyo"))
        let fixed = Zone(id: "UTC", fixedOffset: 0)
        let at = Instant(seconds: 1_795_392_000), later = Instant(seconds: 1_795_395_600)
        let date = try #require(LocalDate(year: 2026, month: 11, day: 22))
        let times: [EventTime] = [
            .instant(at, zone: berlin), .instant(at, zone: tokyo), .instant(later, zone: berlin),
            .instant(at, zone: nil), .instant(at, zone: .utc), .instant(at, zone: fixed),
            .floating(try #require(LocalDateTime(date: date, hour: 9, minute: 0, second: 0))), .date(date),
        ]
        for a in times {
            for b in times { #expect(a.isSame(as: b) == (a == b), "\(a) and \(b)") }
        }
        #expect(EventTime.instant(at, zone: fixed).isSame(as: .instant(at, zone: .utc)))
    }

    /// `isUTC` answers as `== .utc` does: a fixed offset of 0 named UTC
    /// (a file's VTIMEZONE of that name too), not another name at +00:00,
    /// not a tz database zone at +00:00 for part of the year.
    @Test func utcIsTheZoneEqualToUTC() throws {
        let zones: [Zone] = [
            .utc, Zone(id: "UTC", fixedOffset: 0), Zone(id: "Zero", fixedOffset: 0), Zone(id: "UTC", fixedOffset: 3600),
            try #require(Zone.defined(id: "UTC", fixedOffset: 0)), try #require(Zone(tzdb: "Europe/London")),
            try #require(Zone(tzdb: "Africa/Abidjan")),
        ]
        for zone in zones { #expect(zone.isUTC == (zone == .utc), "\(zone)") }
        #expect(zones.filter(\.isUTC).count == 3)
    }
}

@Suite struct FormattingTests {
    @Test func instantsPrintAsISO8601() {
        #expect(Instant(seconds: 0).description == "1970-01-01T00:00:00Z")
        #expect(Instant(milliseconds: 1500).description == "1970-01-01T00:00:01.500Z")
        #expect(Instant(seconds: 0).iso8601(offsetSeconds: -18000) == "1969-12-31T19:00:00-05:00")
        #expect(Instant.offsetText(20_700) == "+05:45")
    }

    /// The writer's form (digits from tables, the date remembered from the
    /// last time written) spells what `iso8601` spells: years 1 to 9998,
    /// before and after 1970, with milliseconds, at offsets of whole,
    /// half and quarter hours of both signs, and as `Z`.
    @Test func writtenTimesSpellWhatISO8601Spells() {
        let offsets = [0, 3600, -18_000, 20_700, -12_600, 50_400, -43_200, -720, 345_600]
        var state: UInt64 = 20_261_126
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        var memo = ISODateMemo()
        let room = UnsafeMutablePointer<UInt8>.allocate(capacity: Instant.maxISOBytes)
        defer { room.deallocate() }
        var instant = Instant(milliseconds: 0)
        for step in 0..<20_000 {
            // Far jumps and near steps by turns: the remembered date is used and replaced.
            instant = step % 4 == 0
                ? Instant(milliseconds: -62_135_596_800_000 + Int64(next() % 315_000_000_000_000))
                : instant.adding(milliseconds: Int64(next() % 20_000_000) * (step % 3 == 0 ? 1 : 1000))
            let offset = offsets[Int(next() % UInt64(offsets.count))]
            let zulu = next() % 2 == 0
            guard let length = instant.writeISO8601(offsetSeconds: offset, zulu: zulu, at: room, memo: &memo) else {
                Issue.record("\(instant.milliseconds) at \(offset) not written")
                continue
            }
            let written = String(decoding: UnsafeBufferPointer(start: room, count: length), as: UTF8.self)
            #expect(written == instant.iso8601(offsetSeconds: offset, zulu: zulu))
        }
    }

    @Test func durationsPrintAsRFC5545() {
        #expect(EventDuration(milliseconds: 5_400_000).description == "PT1H30M")
        #expect(EventDuration(days: 1).description == "P1D")
        #expect(EventDuration(weeks: 2).description == "P2W")
        #expect(EventDuration(negative: true, milliseconds: 900_000).description == "-PT15M")
    }
}

/// The tz database table answers as Foundation does, across DST rules,
/// changes of standard offset (Samoa 2011, Pyongyang 2015, Moscow 2011 and
/// 2014) and half-hour DST (Lord Howe).
@Suite struct ZoneTableTests {
    @Test func tableMatchesFoundation() throws {
        for name in ["America/New_York", "Europe/Berlin", "Pacific/Apia", "Asia/Pyongyang", "Europe/Moscow",
                     "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Kolkata", "Africa/Casablanca"] {
            let zone = try #require(Zone(tzdb: name))
            let foundation = try #require(TimeZone(identifier: name))
            var seconds: Int64 = -2_208_988_800 + 12_345
            while seconds < 4_102_444_800 {
                let expected = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
                #expect(zone.offset(at: Instant(seconds: seconds)) == expected, "\(name) at \(seconds)")
                if zone.offset(at: Instant(seconds: seconds)) != expected { break }
                seconds += 86_400 * 3 + 3_607
            }
        }
    }
}

@Suite struct EventTextTests {
    /// An event's text is held by reference: a copy changed keeps the
    /// original as it was, a field set alone keeps the others, and a text
    /// emptied field by field reads as none.
    @Test func textChangesOnlyTheEventChanged() {
        let now = EventTime.instant(Instant(milliseconds: 0), zone: nil)
        var first = Event(uid: "u", title: "t", calendar: "c", source: SourcePosition(file: "f", line: 1), start: now, end: now)
        first.description = "agenda"
        first.location = Location(name: "Room 1")
        var second = first
        second.description = "changed"
        second.categories = ["x"]
        #expect(first.description == "agenda" && first.location?.name == "Room 1" && first.categories.isEmpty)
        #expect(second.description == "changed" && second.location?.name == "Room 1" && second.categories == ["x"])
        second.description = nil
        second.location = nil
        second.categories = []
        #expect(second.description == nil && second.location == nil && second.categories.isEmpty && second.attendees.isEmpty)
        #expect(second.heldBoxes.text == nil)
        #expect(first.description == "agenda")
    }
}

/// The people of a read kept once (`PeopleTable`): memory for them grows
/// with the distinct people, and each event reads its own back unchanged.
@Suite struct PeopleTableTests {
    private func event(_ uid: String) -> Event {
        let now = EventTime.instant(Instant(milliseconds: 0), zone: nil)
        return Event(uid: uid, title: "t", calendar: "c", source: SourcePosition(file: "f", line: 1), start: now, end: now)
    }

    /// Equal attendees share one box; a different reply or type is another.
    @Test func equalPeopleShareOneBox() {
        let table = PeopleTable()
        let ann = table.box(Attendee(name: "Ann", email: "ann@example.com", partstat: "ACCEPTED"))
        #expect(table.box(Attendee(name: "Ann", email: "ann@example.com", partstat: "ACCEPTED")) === ann)
        let declined = table.box(Attendee(name: "Ann", email: "ann@example.com", partstat: "DECLINED"))
        #expect(declined !== ann && declined.value.partstat == "DECLINED")
        #expect(table.box(Attendee(email: "room@example.com", cutype: "ROOM")) !== ann)
        #expect(table.distinctAttendees == 3)
    }

    /// Equal category lists share their storage; the empty list stays empty.
    @Test func equalCategoryListsShareStorage() {
        let table = PeopleTable()
        let first = table.categories(["Atlas", "Work"])
        let second = table.categories(["Atlas", "Work"].map { String($0) })
        #expect(second == ["Atlas", "Work"])
        #expect(first.withUnsafeBufferPointer { $0.baseAddress } == second.withUnsafeBufferPointer { $0.baseAddress })
        #expect(table.categories([]).isEmpty && table.categories(["Work"]) == ["Work"])
    }

    /// Past its limit the table hands out new values unshared, still equal.
    @Test func pastTheLimitValuesAreNotKept() {
        let table = PeopleTable(limit: 1)
        let ann = table.box(Attendee(email: "ann@example.com"))
        let bob = table.box(Attendee(email: "bob@example.com"))
        #expect(table.box(Attendee(email: "ann@example.com")) === ann)
        #expect(table.box(Attendee(email: "bob@example.com")) !== bob)
        #expect(table.box(Attendee(email: "bob@example.com")) == bob && table.distinctAttendees == 1)
    }

    /// An event's attendees and organizer read back as the values given,
    /// whether set as values or as a table's boxes, and two events so made
    /// are equal; a copy changed leaves the other as it was.
    @Test func attendeesReadBackEqual() {
        let people = [Attendee(name: "Ann", email: "ann@example.com", partstat: "DECLINED", role: "CHAIR"),
                      Attendee(email: "room@example.com", avatar: "r.png", cutype: "ROOM")]
        let organizer = Attendee(name: "Bob", email: "bob@example.com")
        let table = PeopleTable()
        var boxed = event("u"), plain = event("u")
        boxed.setText(description: nil, location: Location(name: "Room 1", city: "Oslo"), attendees: people.map(table.box),
                      categories: ["Work"], organizer: table.box(organizer))
        plain.attendees = people
        plain.organizer = organizer
        plain.categories = ["Work"]
        plain.location = Location(name: "Room 1", city: "Oslo")
        #expect(boxed.attendees == people && boxed.organizer == organizer && boxed.location?.city == "Oslo")
        #expect(plain.attendees == people && plain.organizer == organizer)
        #expect(boxed == plain && boxed.hashValue == plain.hashValue)
        #expect(boxed.attendeeBoxes[0] === table.box(people[0]))
        var changed = boxed
        changed.attendees = [organizer]
        #expect(changed.attendees == [organizer] && boxed.attendees == people && changed != boxed)
    }
}
