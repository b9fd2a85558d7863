import BusyLifeKit
import Crypto
import EventModel
import Export
import Foundation
import Import
import Plumbing
import ServeCore
import Settle

/// `busylife html`: the page of `busylife serve` for one window as one
/// file that needs no server. Its styles, its script and the window's
/// data are inlined (the days as `busylife days` writes them, the meta
/// as `/api/meta`, each year's heatmap), and a Content-Security-Policy
/// allows only that script and those styles, by hash, so a calendar's
/// text can never run as script however the file is opened.
package enum StaticPage {
    /// The longest window a page holds: a year's heatmap and days cost
    /// bytes, and a page is for sharing, not for a whole archive.
    package static let maximumDays = 3660

    /// The page's bytes, and what reading said (for the exit code).
    package struct Made {
        package var html: String
        package var report: ImportReport
        /// Said when the output budget cut the days short.
        package var cut: Diagnostic?
    }

    /// Settles the window of the setup's flags (`from` and `to` as
    /// `busylife days` takes them, nil for its default) and writes the
    /// page; `todayFixed` says that `--today` was given, so the page
    /// keeps that today instead of the viewer's clock.
    package static func make(_ setup: ServeSetup, todayFixed: Bool, now: Date = Date()) throws -> Made {
        let options = try setup.options(nil, nil, nil, now)
        let length = options.to.daysSinceEpoch - options.from.daysSinceEpoch + 1
        guard length <= Int64(maximumDays) else {
            throw ServeFailure(status: 400, "the window is \(length) days long; a page holds at most \(maximumDays)")
        }
        let today = try setup.today(nil, now)
        let (settlement, report) = try setup.settle(options, true)
        var days: [UInt8] = []
        let cut = DaysJSON.write(settlement, lines: false) { writer in
            days.append(contentsOf: writer.bytes)
            writer.removeAll()
            return true
        }
        let levels = HeatmapScale(setup.scale, values: settlement.days.map { Double($0.busyMilliseconds) / 1000 })
        let meta = API.metaJSON(today: today, timeline: options.timeline, generation: 1, levels: levels,
                                calendars: CalendarList(report), locale: setup.locale, weekStart: setup.weekStart)
        var data = JSONObjectWriter()
        data.field("schema", "busylife.page/1")
        data.field("from", options.from.description)
        data.field("to", options.to.description)
        data.field("todayFixed", todayFixed)
        data.raw("meta", meta)
        data.raw("days", String(decoding: days, as: UTF8.self))
        data.raw("years", try years(setup, from: options.from, to: options.to, today: today, levels: levels, now: now))
        return Made(html: html(data: data.finished()), report: report, cut: cut)
    }

    /// `{"2026":"<svg …>"}`: each year's heatmap over the part of it
    /// in the window, as `/api/year` paints it.
    static func years(_ setup: ServeSetup, from: LocalDate, to: LocalDate, today: LocalDate,
                      levels: HeatmapScale, now: Date) throws -> String {
        let names = LocaleNames(identifier: (setup.locale ?? "en_US").replacingOccurrences(of: "-", with: "_"))
        let weekStart = setup.weekStart ?? names.firstWeekday
        var json = JSONObjectWriter()
        for year in from.year...to.year {
            let first = max(from, LocalDate(year: year, month: 1, day: 1)!)
            let last = min(to, LocalDate(year: year, month: 12, day: 31)!)
            var options = try setup.options(first.description, last.description, nil, now)
            options.keepOccurrences = false  // busy time and counts are all a heatmap needs
            let settlement = try setup.settle(options, false).0
            let model = HeatmapModel(settlement, scale: .fixed(levels.thresholds))
            json.field(key: String(format: "%04d", year), HeatmapSVG(names: names, today: today).year(model, weekStart: weekStart))
        }
        return json.finished()
    }

    /// The page of `serve` with its styles, data and script inline and
    /// the policy that allows only them.
    static func html(data: String) -> String {
        let style = "\n" + Page.styles, script = "\n" + Page.script
        // Inline text ends at the first `</style` or `</script`: ours never holds one.
        precondition(!style.lowercased().contains("</style") && !script.lowercased().contains("</script"))
        let policy = "default-src 'none'; script-src '\(hash(script))'; style-src '\(hash(style))'; "
            + "img-src data:; base-uri 'none'; form-action 'none'"
        var page = Page.html
        page = replacing(page, #"<link rel="stylesheet" href="app.css">"#,
                         with: #"<meta http-equiv="Content-Security-Policy" content=""# + policy + "\">\n<style>" + style + "</style>")
        page = replacing(page, #"<script src="app.js" defer></script>"# + "\n", with: "")
        page = replacing(page, "</body>", with: #"<script type="application/json" id="busylife-data">"#
                         + escaped(data) + "</script>\n<script>" + script + "</script>\n</body>")
        return page
    }

    /// JSON that no HTML parser ends early: `<`, `>` and `&` (found only
    /// inside its strings) as `\u003c`, `\u003e`, `\u0026`, so neither
    /// `</script>` nor `<!--` in a calendar's text leaves the element.
    static func escaped(_ json: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.utf8.count)
        for byte in json.utf8 {
            switch byte {
            case UInt8(ascii: "<"): bytes.append(contentsOf: Array(#"\u003c"#.utf8))
            case UInt8(ascii: ">"): bytes.append(contentsOf: Array(#"\u003e"#.utf8))
            case UInt8(ascii: "&"): bytes.append(contentsOf: Array(#"\u0026"#.utf8))
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `sha256-…` of the text as the browser hashes an inline element's content.
    static func hash(_ text: String) -> String {
        "sha256-" + Data(Crypto.SHA256.hash(data: Data(text.utf8))).base64EncodedString()
    }

    private static func replacing(_ page: String, _ old: String, with new: String) -> String {
        // The page and this file change together: a missing piece is ours to fix.
        precondition(page.contains(old), "the page has no \(old)")
        return page.replacingOccurrences(of: old, with: new)
    }
}
