import Foundation
import Testing

/// The zone and locale in the page's bar, changed by the viewer.
extension ServeBrowserTests {
    static func standUp(_ agenda: Any?) -> String? {
        let events = (agenda as? [String: Any])?["events"] as? [[String: Any]] ?? []
        let time = events.first { $0["title"] as? String == "Team stand-up" }?["time"] as? String
        return time?.replacingOccurrences(of: "\u{202F}", with: " ")
    }

    /// New York to Tokyo moves the stand-up 14 hours later and gives the
    /// week Tokyo's days (2026-11-01 is 24 hours long there, not 25);
    /// de-DE names the weekdays in German and starts the week on Monday.
    /// A zone or locale the server or browser refuses changes nothing.
    @Test func theZoneAndLocaleChangeInThePage() throws {
        let server = try ServeProcess(["samples/"] + Self.flags)
        guard let found = try Self.check(server, "choices") else { return }
        let start = found["start"] as? [String: Any], tokyo = found["tokyo"] as? [String: Any]
        #expect(start?["zone"] as? String == "America/New_York" && start?["locale"] as? String == "en-US")
        #expect(Self.standUp(found["agenda"]) == "9:30 AM – 9:45 AM")
        #expect(tokyo?["zone"] as? String == "Asia/Tokyo")
        #expect((tokyo?["search"] as? String)?.contains("tz=Asia%2FTokyo") == true)
        #expect(Self.standUp(found["agendaTokyo"]) == "11:30 PM – 11:45 PM")
        let week = Self.columns(found["week"] as? [String: Any]), hour = Self.number(week["2026-11-03"]?["height"]) / 24
        #expect(week.keys.sorted().first == "2026-11-01")
        #expect(abs(Self.number(week["2026-11-01"]?["height"]) / hour - 24) < 0.02)
        #expect(abs(Self.number(Self.blocks(week["2026-11-02"])["Team stand-up"]?["top"]) / hour - 23.5) < 0.02)
        let german = Self.columns(found["weekGerman"] as? [String: Any])
        #expect(german.keys.sorted().first == "2026-11-02" && german.keys.sorted().last == "2026-11-08")
        #expect((Self.blocks(german["2026-11-02"])["Team stand-up"]?["time"] as? String) == "23:30 – 23:45")
        #expect((found["german"] as? [String: Any])?["search"] as? String == "?locale=de-DE&tz=Asia%2FTokyo")
        #expect((found["heads"] as? [String])?.first?.hasPrefix("Mo") == true)
        #expect((found["heads"] as? [String])?.last?.hasPrefix("So") == true)
        // The page's own words are those the text views use in German.
        #expect(found["buttons"] as? [String] == ["Termine", "Monat", "Woche", "Tag", "Jahr", "Heute"])
        let wrongZone = found["wrongZone"] as? [String: Any], wrongLocale = found["wrongLocale"] as? [String: Any]
        #expect(wrongZone?["zone"] as? String == "Asia/Tokyo")
        #expect((wrongZone?["problem"] as? String)?.contains("Mars/Olympus_Mons") == true)
        #expect(wrongLocale?["locale"] as? String == "de-DE")
        #expect(wrongLocale?["problem"] as? String != nil)
    }

    /// A written page's days were settled in one zone: the zone is shown
    /// but cannot change; the locale can, since the browser formats.
    @Test func aWrittenPageKeepsItsZoneButChangesLocale() throws {
        let folder = ScratchFolder()
        let file = folder.path("page.html")
        let run = try busylife(["html", "samples/", "--from", "2026-10-01", "--to", "2026-11-30", "-o", file] + Self.flags)
        #expect(run.status == 0, "\(run.stderr)")
        guard let found = try Self.check(page: "file://" + file + "?locale=en-US", "choices") else { return }
        let tokyo = found["tokyo"] as? [String: Any]
        #expect(tokyo?["zone"] as? String == "America/New_York")
        #expect(tokyo?["disabled"] as? Bool == true)
        #expect((tokyo?["title"] as? String)?.contains("America/New_York") == true)
        #expect(Self.standUp(found["agendaTokyo"]) == "9:30 AM – 9:45 AM")
        let german = Self.columns(found["weekGerman"] as? [String: Any])
        #expect(german.keys.sorted().first == "2026-11-02")
        #expect((Self.blocks(german["2026-11-02"])["Team stand-up"]?["time"] as? String) == "9:30 – 9:45")
        #expect((found["heads"] as? [String])?.first?.hasPrefix("Mo") == true)
    }
}
