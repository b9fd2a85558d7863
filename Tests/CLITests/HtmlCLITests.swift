import Foundation
import Testing

/// `busylife html`: the views of `serve` for one window as one file.
@Suite struct HtmlCLITests {
    static let window = "--today 2026-11-22 --from 2026-11-01 --to 2026-11-30 --tz UTC"

    func fixture(summary: String = "Event a") -> ScratchFolder {
        let fixture = ScratchFolder()
        fixture.write("a.ics", oneEventCalendar("a").replacingOccurrences(of: "SUMMARY:Event a", with: "SUMMARY:" + summary))
        return fixture
    }

    /// The text of the page's `<script type="application/json">` element, parsed.
    static func data(_ page: String) throws -> [String: Any] {
        let open = #"<script type="application/json" id="busylife-data">"#
        let start = try #require(page.range(of: open)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        return try #require(JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
    }

    @Test func thePageHoldsTheWindowsDaysAndMeta() throws {
        let run = try fixture().shell("BUSYLIFE html a.ics \(Self.window) -o out.html && cat out.html")
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Self.data(run.stdout)
        #expect(data["from"] as? String == "2026-11-01")
        #expect(data["to"] as? String == "2026-11-30")
        #expect(data["todayFixed"] as? Bool == true)
        let meta = data["meta"] as? [String: Any]
        #expect(meta?["today"] as? String == "2026-11-22")
        #expect(meta?["schema"] as? String == "busylife.meta/1")
        let days = (data["days"] as? [String: Any])?["days"] as? [[String: Any]] ?? []
        #expect(days.count == 30)
        let monday = days.first { $0["date"] as? String == "2026-11-23" }
        let titles = (monday?["events"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
        #expect(titles == ["Event a"])
        #expect((data["years"] as? [String: String])?["2026"]?.hasPrefix("<svg") == true)
        #expect(!run.stdout.contains("src=\"app.js\"") && !run.stdout.contains("href=\"app.css\""))
    }

    /// The inlined days are the bytes of `busylife days` for the same flags.
    @Test func theDaysAreThoseOfBusylifeDays() throws {
        let fixture = fixture()
        let page = try fixture.shell("BUSYLIFE html a.ics \(Self.window)")
        let days = try fixture.shell("BUSYLIFE days a.ics \(Self.window)")
        let reparsed = try JSONSerialization.data(withJSONObject: try #require(Self.data(page.stdout)["days"]), options: .sortedKeys)
        let expected = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(days.stdout.utf8)), options: .sortedKeys)
        #expect(reparsed == expected)
    }

    @Test func theBytesAreTheSameEachRunWithToday() throws {
        let fixture = fixture()
        let first = try fixture.shell("BUSYLIFE html a.ics \(Self.window) -o one.html && BUSYLIFE html a.ics \(Self.window) -o two.html && cmp one.html two.html && BUSYLIFE html a.ics \(Self.window) | cmp - one.html")
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
    }

    /// `</script>` or `<!--` in a calendar's text never ends the data's
    /// element: `<` and `>` are written as \u003c and \u003e.
    @Test func aScriptTagInASummaryIsEscaped() throws {
        let summary = "</script><script>alert(1)</script><!-- & -->"
        let run = try fixture(summary: summary).shell("BUSYLIFE html a.ics \(Self.window)")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "</script>").count == 3)  // the data's and the script's own
        #expect(!run.stdout.contains("<!--"))
        #expect(run.stdout.contains(#"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e\u003c!-- \u0026 --\u003e"#))
        let days = (try Self.data(run.stdout)["days"] as? [String: Any])?["days"] as? [[String: Any]] ?? []
        let titles = days.flatMap { ($0["events"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String } }
        #expect(titles == [summary])
    }

    /// The policy allows the inline script and styles by their hashes, and nothing else.
    @Test func thePolicyAllowsOnlyTheInlineScriptAndStyles() throws {
        let run = try fixture().shell("""
            BUSYLIFE html a.ics \(Self.window) -o out.html && python3 -c '
            import base64, hashlib, re
            page = open("out.html").read()
            def digest(text): return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            policy = re.search(r"http-equiv=\\"Content-Security-Policy\\" content=\\"([^\\"]*)\\"", page).group(1)
            script = re.findall(r"<script>(.*?)</script>", page, re.S)
            style = re.findall(r"<style>(.*?)</style>", page, re.S)
            print(len(script), len(style))
            print(policy.replace(digest(script[0]), "SCRIPT").replace(digest(style[0]), "STYLE"))
            print(len(re.findall(r"(?:src|href)=", page)))'
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            1 1
            default-src 'none'; script-src 'SCRIPT'; style-src 'STYLE'; img-src data:; base-uri 'none'; form-action 'none'
            0

            """)
    }

    /// Written beside and renamed: an old file is replaced whole (its
    /// mode kept), and a run that fails leaves it as it was, with no
    /// temporary file either way.
    @Test func theFileIsReplacedWholeOrNotAtAll() throws {
        let fixture = fixture()
        let run = try fixture.shell("echo old > out.html && chmod 640 out.html && BUSYLIFE html a.ics \(Self.window) -o out.html && stat -c %a out.html && ls -A")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "640\na.ics\nout.html\n")
        let failed = try fixture.shell("echo old > out.html && BUSYLIFE html missing.ics \(Self.window) -o out.html; echo $?; cat out.html; ls -A")
        #expect(failed.stdout == "66\nold\na.ics\nout.html\n")
    }

    @Test func anUnwritableFileExits74() throws {
        let fixture = fixture()
        let missing = try fixture.shell("BUSYLIFE html a.ics \(Self.window) -o no/such/folder.html")
        #expect(missing.status == 74)
        #expect(missing.stderr == "busylife: cannot write no/such/folder.html: no such file or directory\n")
        let full = try fixture.shell("BUSYLIFE html a.ics \(Self.window) -o /dev/full")
        #expect(full.status == 74)
        #expect(full.stderr == "busylife: cannot write /dev/full: no space left on device\n")
    }

    @Test func usageErrorsExit64() throws {
        let fixture = fixture()
        let png = try fixture.shell("BUSYLIFE html a.ics \(Self.window) -o page.png")
        #expect(png.status == 64)
        #expect(png.stderr.hasPrefix("Error: -o page.png: html does not write PNG; it writes html (.html, .htm)\n"))
        let input = try fixture.shell("BUSYLIFE html a.ics \(Self.window) -o a.ics")
        #expect(input.status == 64)
        let long = try fixture.shell("BUSYLIFE html a.ics --from 2020-01-01 --to 2030-12-31")
        #expect(long.status == 64)
        #expect(long.stderr.hasPrefix("Error: the window is 4018 days long; a page holds at most 3660\n"))
        #expect(try others(fixture) == [])
    }

    func others(_ fixture: ScratchFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).filter { $0 != "a.ics" }.sorted()
    }
}
