import EventModel
import Foundation
import Testing

/// Zones as people type them (`--tz`, `TZ`, the configuration, travel):
/// tz database names in any case and POSIX TZ strings (issue 38).
@Suite struct TypedZoneTests {
    @Test(arguments: [("utc", "UTC"), ("UTC", "UTC"), ("europe/paris", "Europe/Paris"), ("AMERICA/NEW_YORK", "America/New_York"),
                      ("us/eastern", "US/Eastern"), (" Asia/Tokyo ", "Asia/Tokyo")])
    func aNameIsReadInAnyCase(_ typed: String, _ id: String) throws {
        let zone = try #require(Zone.typed(typed))
        #expect(zone.id == id)
        #expect(zone.isTZDB || zone.isUTC)
    }

    @Test func aNameOfTheTZDatabaseWinsOverAPOSIXReading() throws {
        // EST5EDT is a tz database zone (with its history), as in the C library.
        #expect(try #require(Zone.typed("EST5EDT")).isTZDB)
        // Files keep their exact names: a TZID in another case is not a name.
        #expect(Zone.named("europe/paris") == nil)
    }

    @Test(arguments: ["Mars/Olympus", "CE-1", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
                      "CET-1CEST,M3.5.7,M10.5.0", "CET-1CEST,J366,J300", "CET-25", "<+3>-3", "CET-1CEST,M3.5.0/168,M10.5.0", ""])
    func whatIsNoZoneIsRefused(_ typed: String) {
        #expect(Zone.typed(typed) == nil, "\(typed)")
    }

    /// UTC offsets of `zone` at an instant, as `2026-07-01T12:00:00Z`.
    func offset(_ zone: Zone, _ instant: String) -> Int {
        zone.offset(at: Instant(seconds: Int64(ISO8601DateFormatter().date(from: instant)!.timeIntervalSince1970)))
    }

    @Test func aPOSIXStringWithoutDaylightTimeIsAFixedOffset() throws {
        let plus3 = try #require(Zone.typed("<+03>-3"))
        #expect(plus3.id == "<+03>-3")
        #expect(offset(plus3, "2026-01-01T00:00:00Z") == 10_800 && offset(plus3, "2026-07-01T00:00:00Z") == 10_800)
        #expect(offset(try #require(Zone.typed("UTC0")), "2026-07-01T00:00:00Z") == 0)
        #expect(offset(try #require(Zone.typed("<-0330>3:30")), "2026-07-01T00:00:00Z") == -12_600)
    }

    /// Central European Time: changes at 01:00Z on the last Sundays of
    /// March and October (2026-03-29, 2026-10-25).
    @Test func centralEuropeanTimeChangesAtItsRules() throws {
        let cet = try #require(Zone.typed("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(cet.id == "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(offset(cet, "2026-03-29T00:59:59Z") == 3600)
        #expect(offset(cet, "2026-03-29T01:00:00Z") == 7200)
        #expect(offset(cet, "2026-10-25T00:59:59Z") == 7200)
        #expect(offset(cet, "2026-10-25T01:00:00Z") == 3600)
        // 02:30 on the spring-forward day does not exist: 03:30 CEST.
        let gap = LocalDateTime(date: LocalDate(year: 2026, month: 3, day: 29)!, hour: 2, minute: 30, second: 0)!
        #expect(cet.instant(for: gap).description == "2026-03-29T01:30:00Z")
    }

    /// A dst without rules takes the United States' (second Sunday of
    /// March, first of November, at 02:00), as glibc does.
    @Test func daylightTimeWithoutRulesIsTheUnitedStates() throws {
        let zone = try #require(Zone.typed("CET-1CEST"))
        #expect(offset(zone, "2026-03-08T00:59:59Z") == 3600)
        #expect(offset(zone, "2026-03-08T01:00:00Z") == 7200)
        #expect(offset(zone, "2026-10-31T23:59:59Z") == 7200)
        #expect(offset(zone, "2026-11-01T00:00:00Z") == 3600)
    }

    /// POSIX strings against the tz database zones whose current rules
    /// they are, every hour of 2008 ... 2037: the northern and southern
    /// hemispheres, a time past 24 hours (Jerusalem's `/26`), `Jn` and `n` days.
    @Test(arguments: [
        ("CET-1CEST,M3.5.0,M10.5.0/3", "Europe/Berlin"),
        ("EST5EDT,M3.2.0,M11.1.0", "America/New_York"),
        ("PST8PDT,M3.2.0/2:00:00,M11.1.0/2:00:00", "America/Los_Angeles"),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", "Australia/Sydney"),
        ("IST-2IDT,M3.4.4/26,M10.5.0", "Asia/Jerusalem"),
        ("NZST-12NZDT,M9.5.0,M4.1.0/3", "Pacific/Auckland"),
        ("<+0545>-5:45", "Asia/Kathmandu"),
    ])
    func aPOSIXStringAgreesWithTheTZDatabase(_ posix: String, _ iana: String) throws {
        let typed = try #require(Zone.typed(posix))
        let reference = try #require(Zone.named(iana))
        let start = Int64(ISO8601DateFormatter().date(from: iana == "Asia/Jerusalem" ? "2013-01-01T00:00:00Z" : "2008-01-01T00:00:00Z")!.timeIntervalSince1970)
        let end = Int64(ISO8601DateFormatter().date(from: "2038-01-01T00:00:00Z")!.timeIntervalSince1970)
        var mismatches: [Int64] = []
        for seconds in stride(from: start, to: end, by: 900) where typed.offset(at: Instant(seconds: seconds)) != reference.offset(at: Instant(seconds: seconds)) {
            mismatches.append(seconds)
        }
        #expect(mismatches.isEmpty, "\(posix): first at \(mismatches.first.map { Instant(seconds: $0).description } ?? "")")
    }

    /// `Jn` never counts 29 February, `n` does: J60 and 59 are both
    /// 1 March in 2026, but 1 March and 29 February in 2028.
    @Test func julianAndZeroBasedDays() throws {
        let julian = try #require(Zone.typed("AAA0BBB,J60/0,J300/0"))
        let zeroBased = try #require(Zone.typed("AAA0BBB,59/0,J300/0"))
        #expect(offset(julian, "2026-03-01T00:00:00Z") == 3600 && offset(zeroBased, "2026-03-01T00:00:00Z") == 3600)
        #expect(offset(julian, "2028-02-29T12:00:00Z") == 0)
        #expect(offset(julian, "2028-03-01T00:00:00Z") == 3600)
        #expect(offset(zeroBased, "2028-02-29T00:00:00Z") == 3600)
    }

    /// RFC 8536's daylight time all year: the end (day 365, 25:00) meets
    /// the next start (1 January, 00:00 standard): never standard time.
    @Test func daylightTimeAllYear() throws {
        let zone = try #require(Zone.typed("EST5EDT,0/0,J365/25"))
        for instant in ["2026-01-01T05:00:00Z", "2026-06-01T00:00:00Z", "2026-12-31T23:00:00Z", "2027-01-01T05:00:00Z", "2027-01-01T04:59:59Z"] {
            #expect(offset(zone, instant) == -14_400, "\(instant)")
        }
    }
}
