import EventModel
@testable import Export
import Foundation
import Statistics
import Testing

/// The statistics chart (`busylife stats --format svg`): well-formed,
/// standalone, every figure in its tooltips and data attributes, a full
/// legend, nothing outside the picture at 4, 12 and 52 weeks, a year of
/// days and localized, an empty window, light and dark styles. The text
/// extent is the painter's own conservative estimate; StatsSVGRenderTests
/// checks it in a browser.
@Suite struct StatsSVGTests {
    let english = LocaleNames(identifier: "en_US")

    func chart(_ stats: Statistics, _ locale: String = "en_US") throws -> (String, ChartReader) {
        let svg = StatsSVG.render(stats, locale: LocaleNames(identifier: locale))
        let reader = try #require(ChartReader.read(svg), "the SVG is well-formed XML")
        return (svg, reader)
    }

    @Test func wellFormedStandaloneAndDeterministic() throws {
        let stats = StatsFixture.weeks(12, partialLast: true)
        let (svg, reader) = try chart(stats)
        #expect(reader.root["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(reader.root["role"] == "img")
        #expect(reader.root["viewBox"] == "0 0 \(reader.width) \(reader.height)")
        #expect(reader.elements[1].name == "title" && reader.elements[1].text == "Busy time by week, 2026-01-05 – 2026-03-24")
        #expect(reader.all("desc").count == 1)
        // Standalone: nothing fetched, no script, no reference but the hatching pattern.
        #expect(!svg.contains("href") && !svg.contains("<script") && !svg.contains("@import"))
        #expect(svg.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").range(of: "http") == nil)
        #expect(StatsSVG.render(stats, locale: english) == svg)
    }

    /// libxml2's own checker, where it is installed, on charts of every kind.
    @Test func xmllintFindsNothingToSay() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") else {
            print("skipped: xmllint is not installed (apt-get install libxml2-utils)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-stats-xml-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let charts = [StatsFixture.weeks(52, partialLast: true), StatsFixture.months(12), StatsFixture.statistics([], grouping: .day)]
        var files: [String] = []
        for (index, stats) in charts.enumerated() {
            let file = folder.appendingPathComponent("\(index).svg").path
            try StatsSVG.render(stats, locale: LocaleNames(identifier: index == 1 ? "fr_FR" : "en_US"))
                .write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout"] + files
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && said.isEmpty, "\(said)")
    }

    /// Each period's group carries every figure as data, its column's
    /// tooltip writes every figure, and each part of its bar names itself.
    @Test func everyFigureIsInTheTooltips() throws {
        let stats = StatsFixture.weeks(12, partialLast: true)
        let (_, reader) = try chart(stats)
        let groups = reader.all("g", class: "period")
        #expect(groups.count == 12)
        for (group, period) in zip(groups, stats.periods) {
            let f = period.figures, a = group.attributes
            #expect(a["data-start"] == "\(period.start)" && a["data-end"] == "\(period.end)")
            #expect(a["data-partial"] == "\(period.partial)")
            let data = [a["data-busy-seconds"], a["data-working-seconds"], a["data-busy-working-seconds"],
                        a["data-after-hours-seconds"], a["data-focus-seconds"], a["data-fragmented-seconds"],
                        a["data-meeting-seconds"], a["data-recurring-meeting-seconds"], a["data-meetings"],
                        a["data-conflict-seconds"], a["data-meeting-free-days"]].map { Int($0 ?? "") }
            #expect(data == [f.busySeconds, f.workingSeconds, f.busyWorkingSeconds, f.afterHoursSeconds, f.focusSeconds,
                             f.fragmentedSeconds, f.meetingSeconds, f.recurringMeetingSeconds, f.meetings,
                             f.conflictSeconds, f.meetingFreeDays])
        }
        // Week 2 (2026-01-19) by hand: busy working 22 h 30 min, after hours 6 h 20 min.
        let hit = try #require(reader.elements.first { $0.name == "rect" && $0.attributes["class"] == "hit" && $0.title?.hasPrefix("2026-01-19") == true })
        let lines = (hit.title ?? "").split(separator: "\n").map(String.init)
        #expect(lines == ["2026-01-19 – 2026-01-25", "Busy: 28.8 h", "Working time: 40 h", "Busy in working hours: 22.5 h",
                          "Busy share: 56%", "Busy after hours: 6.3 h", "Focus time: 5 h", "Fragmented free time: 12.5 h",
                          "Meetings: 13.5 h", "Recurring meetings: 6.8 h", "Number of meetings: 5", "Double-booked: 30 min",
                          "Meeting-free days: 2"])
        let parts = reader.all("rect").filter { $0.attributes["data-part"] != nil && $0.title?.hasPrefix("2026-01-19") == true }
        #expect(parts.map { $0.attributes["data-part"] ?? "" } == ["meetings", "other-busy", "focus", "fragmented", "after-hours"])
        #expect(parts.map { $0.title?.split(separator: "\n")[1] ?? "" } == [
            "Meetings: 13.5 h", "Other busy time: 9 h", "Focus time: 5 h", "Fragmented free time: 12.5 h", "Busy after hours: 6.3 h"])
        #expect(parts.map { Int($0.attributes["data-seconds"] ?? "") } == [48_600, 32_400, 18_000, 45_000, 22_800])
        // The last week is cut: marked in its tooltips and hatched.
        #expect(groups.last?.attributes["data-partial"] == "true")
        #expect(reader.all("rect", class: "hit").last?.title?.hasPrefix("2026-03-23 – 2026-03-24 (partial)\n") == true)
        #expect(reader.all("rect", class: "over").filter { $0.groups.last == "period" }.count == 1)
        // The busy-share line: one point a week with working time, the holiday week left out.
        let points = reader.all("circle").filter { $0.groups.last == "share" }
        #expect(points.count == 11)
        #expect(points.last?.attributes["class"] == "point partial")
        #expect(points[2].title == "2026-01-19 – 2026-01-25\nBusy share: 56%\nBusy in working hours: 22.5 h\nWorking time: 40 h")
        #expect(reader.all("polyline", class: "trend").count == 2)
    }

    @Test func legendNamesEveryPartTheLineAndPartialPeriods() throws {
        let (_, reader) = try chart(StatsFixture.weeks(4, partialLast: true))
        let legend = reader.all("text").filter { $0.groups.contains("legend") }.map(\.text)
        #expect(legend == ["Meetings", "Other busy time", "Focus time (free blocks ≥ 2 h)", "Fragmented free time",
                           "Busy after hours", "Busy share of working time (right axis)", "Partial period (cut by the window)"])
        let swatches = reader.all("rect").filter { $0.groups.contains("legend") }.compactMap { $0.attributes["class"] }
        #expect(swatches == ["bar s0", "bar s1", "bar s2", "bar s3", "bar s4", "bar s1", "over"])
        let (_, whole) = try chart(StatsFixture.weeks(4))
        #expect(!whole.all("text").contains { $0.text.hasPrefix("Partial") })
    }

    /// Axes: hours with gridlines, a percentage axis, period labels thinned
    /// so that none meets the next, and every week still has its tick.
    @Test func axesAndLabelsAt4_12And52Weeks() throws {
        for (count, every) in [(4, 1), (12, 1), (52, 5)] {
            let (svg, reader) = try chart(StatsFixture.weeks(count))
            let texts = reader.all("text").map(\.text)
            #expect(texts.contains("Hours") && texts.contains("Busy share"))
            #expect(["0%", "25%", "50%", "75%", "100%"].allSatisfy(texts.contains))
            #expect(texts.contains("0 h") && texts.contains("40 h"))
            #expect(reader.all("line", class: "grid").count >= 3)
            #expect(reader.all("g", class: "period").count == count)
            let labels = reader.all("text").filter { $0.attributes["text-anchor"] == "middle" && $0.groups.isEmpty && $0.attributes["class"] == nil }
            #expect(labels.count == (count + every - 1) / every, "\(count) weeks")
            #expect(labels.first?.text == "Jan 5")
            let spans = labels.map { extent($0) }
            for (a, b) in zip(spans, spans.dropFirst()) { #expect(a.right + 4 <= b.left, "\(count) weeks: labels meet") }
            #expect(svg.components(separatedBy: "v6").count - 1 == labels.count)
        }
    }

    /// Weeks over New Year: the year under the first label of each, and
    /// nothing of the kind within one year or by month.
    @Test func yearsUnderTheLabelsOverNewYear() throws {
        let (_, turn) = try chart(StatsFixture.weeks(12, first: day(2025, 11, 3)))
        let years = turn.all("text", class: "year")
        #expect(years.map(\.text) == ["2025", "2026"])
        let labels = turn.all("text").filter { $0.attributes["text-anchor"] == "middle" && $0.groups.isEmpty && $0.attributes["class"] == nil }
        #expect(years.map { $0.attributes["x"] } == [labels[0].attributes["x"], labels.first { $0.text == "Jan 5" }?.attributes["x"]])
        #expect(try chart(StatsFixture.weeks(51)).1.all("text", class: "year").isEmpty)  // to 2026-12-27
        #expect(try chart(StatsFixture.months(12)).1.all("text", class: "year").isEmpty)
    }

    /// Where a text starts and ends as the painter estimates it.
    func extent(_ text: ChartReader.Element) -> (left: Int, right: Int, top: Int, bottom: Int) {
        let heading = text.attributes["class"] == "heading"
        let size = heading ? HeatmapSVG.headingFont : HeatmapSVG.font
        let width = SVGCanvas.textWidth(text.text, size: size, bold: heading || ["axis-title", "year"].contains(text.attributes["class"]))
        let x = Int(text.attributes["x"] ?? "") ?? -1, y = Int(text.attributes["y"] ?? "") ?? -1
        let left = switch text.attributes["text-anchor"] { case "middle": x - width / 2; case "end": x - width; default: x }
        return (left, left + width, y - size, y + (size + 3) / 4)
    }

    @Test(arguments: [("weeks-4", "en_US"), ("weeks-12", "de_DE"), ("weeks-52", "en_US"), ("weeks-52", "ja_JP"),
                      ("months-12", "fr_FR"), ("days-366", "es_ES"), ("empty", "en_US"), ("one-week", "en_US"), ("new-year", "en_US")])
    func noTextOutsideTheViewBox(_ name: String, _ locale: String) throws {
        let stats = switch name {
        case "weeks-4": StatsFixture.weeks(4, partialLast: true)
        case "weeks-12": StatsFixture.weeks(12)
        case "weeks-52": StatsFixture.weeks(52, partialLast: true)
        case "months-12": StatsFixture.months(12)
        case "days-366": StatsFixture.weeks(366, grouping: .day)
        case "one-week": StatsFixture.weeks(1)
        case "new-year": StatsFixture.weeks(30, partialLast: true, first: day(2025, 10, 6))
        default: StatsFixture.statistics([], grouping: .week)
        }
        let (_, reader) = try chart(stats, locale)
        #expect(reader.all("text").count >= 10)
        for text in reader.all("text") {
            let box = extent(text)
            #expect(box.left >= 0 && box.top >= 0 && box.right <= reader.width && box.bottom <= reader.height,
                    "\(name) \(locale): \"\(text.text)\" \(box) outside \(reader.width)×\(reader.height)")
        }
        for bar in reader.all("rect").filter({ $0.attributes["data-part"] != nil }) {
            let x = Int(bar.attributes["x"] ?? "") ?? -1, w = Int(bar.attributes["width"] ?? "") ?? 0
            #expect(x >= 0 && x + w <= reader.width && w >= 8, "\(name): bar of \(w) px at \(x)")
        }
    }

    @Test func emptyWindowAndWindowWithoutTime() throws {
        let (_, empty) = try chart(StatsFixture.statistics([], grouping: .week))
        #expect(empty.all("g", class: "period").isEmpty)
        #expect(empty.all("text", class: "note").map(\.text) == ["No periods in this window"])
        #expect(empty.all("text").contains { $0.text == "8 h" })
        let quiet = StatsFixture.statistics([StatsPeriod(start: day(2026, 1, 5), end: day(2026, 1, 11), partial: false,
                                                         figures: StatsFigures())], grouping: .week)
        let (_, none) = try chart(quiet)
        #expect(none.all("text", class: "note").map(\.text) == ["No working or busy time in this window"])
        #expect(none.all("rect").filter { $0.attributes["data-part"] != nil }.isEmpty)
        #expect(none.all("rect", class: "hit").count == 1)
        #expect(none.all("circle").filter { $0.groups.last == "share" }.isEmpty)
    }

    /// Five distinct fills in each scheme, the dark ones in a
    /// `prefers-color-scheme` block, each bar part told from the background.
    @Test func lightAndDarkStyles() throws {
        let style = StatsSVGPainter.style
        let dark = try #require(style.range(of: "@media (prefers-color-scheme:dark){"))
        func fills(_ css: Substring) -> [String] {
            (0..<5).compactMap { part in
                css.range(of: ".s\(part){fill:#").map { String(css[$0.upperBound...].prefix(6)) }
            }
        }
        let light = fills(style[..<dark.lowerBound]), night = fills(style[dark.upperBound...])
        #expect(light.count == 5 && Set(light).count == 5)
        #expect(night.count == 5 && Set(night).count == 5)
        for (fill, background) in [(light, 0xffffff), (night, 0x0d1117)] {
            for hex in fill {
                let colour = HeatmapSVG.hex(Int(hex, radix: 16) ?? 0)
                #expect(Contrast.ratio(colour, HeatmapSVG.hex(background)) >= 1.2, "\(hex) on \(background)")
            }
        }
        #expect(style[dark.upperBound...].contains("rect.bg{fill:#0d1117}"))
        #expect(style[dark.upperBound...].contains(".trend{stroke:#f0f6fc}"))
    }

    @Test func localizedWordsAndNumbers() throws {
        let (_, german) = try chart(StatsFixture.weeks(4, partialLast: true), "de_DE")
        let texts = german.all("text").map(\.text)
        #expect(texts.first == "Belegte Zeit je Woche, 2026-01-05 – 2026-01-27")
        #expect(texts.contains("Stunden") && texts.contains("50 %") && texts.contains("Besprechungen"))
        #expect(texts.contains("5. Jan."))
        let hit = german.all("rect", class: "hit")[1].title ?? ""
        #expect(hit.contains("Belegt: 18,6 h") && hit.contains("Tage ohne Besprechung: 1"))
        let (_, japanese) = try chart(StatsFixture.weeks(4), "ja_JP")
        #expect(japanese.all("text").contains { $0.text == "1月5日" })
    }

    @Test func chartGeometry() {
        #expect(StatsChart.axis(tallestSeconds: 52 * 3600) == (10, 6))
        #expect(StatsChart.axis(tallestSeconds: 40 * 3600) == (10, 4))
        #expect(StatsChart.axis(tallestSeconds: 0) == (2, 4))
        #expect(StatsChart.axis(tallestSeconds: 1200) == (1, 1))
        #expect(StatsChart.axis(tallestSeconds: 230 * 3600) == (50, 5))
        let few = StatsChart(labels: Array(repeating: "Jan 5", count: 4), tallestSeconds: 40 * 3600)
        let many = StatsChart(labels: Array(repeating: "Jan 5", count: 52), tallestSeconds: 40 * 3600)
        let days = StatsChart(labels: Array(repeating: "Jan 5", count: 366), tallestSeconds: 40 * 3600)
        #expect(few.plotWidth == StatsChart.minimumPlotWidth && few.barWidth == 44)
        #expect(many.barWidth < few.barWidth && many.barWidth >= 10)
        #expect(days.plotWidth == 366 * days.pitch && days.pitch == 14)
        #expect(few.labelEvery == 1 && many.labelEvery > 1)
        // Each bar's parts stack to working time plus after hours.
        let f = StatsFixture.figures(2)
        #expect(StatsChart.total(f) == f.workingSeconds + f.afterHoursSeconds)
        #expect(StatsChart.parts(f).map(\.seconds).prefix(2).reduce(0, +) == f.busyWorkingSeconds)
    }
}
