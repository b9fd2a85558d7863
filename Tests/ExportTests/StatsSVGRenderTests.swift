import EventModel
@testable import Export
import Foundation
import Statistics
import Testing

/// The statistics chart drawn by a real browser (headless Chromium, through
/// `scripts/render-svg.sh`), light and dark: each `<text>` as laid out lies
/// inside the picture and meets no other, and the screenshots are neither
/// blank nor cut (nothing painted at the right or bottom edge, where a
/// clipped chart would run off). Skipped, with a message, where Chromium
/// is not installed. `BUSYLIFE_KEEP_RENDERS=DIR` keeps the SVGs and PNGs
/// there, to look at them.
@Suite struct StatsSVGRenderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let cases: [(name: String, locale: String, stats: Statistics)] = [
        ("weeks-4", "en_US", StatsFixture.weeks(4, partialLast: true)),
        ("weeks-12", "de_DE", StatsFixture.weeks(12)),
        ("weeks-52", "en_US", StatsFixture.weeks(52, partialLast: true, first: LocalDate(year: 2025, month: 12, day: 1)!)),
        ("months-12-ja", "ja_JP", StatsFixture.months(12)),
        ("empty", "en_US", StatsFixture.statistics([], grouping: .week)),
    ]

    static var browser: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile)
    }

    @Test func textsFitAndScreenshotsAreNeitherBlankNorCut() throws {
        guard let browser = StatsSVGRenderTests.browser else {
            print("skipped: chromium is not installed (apt-get install chromium) so SVGs are not rendered")
            return
        }
        let keep = ProcessInfo.processInfo.environment["BUSYLIFE_KEEP_RENDERS"]
        let folder = keep.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("busylife-stats-svg-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if keep == nil { try? FileManager.default.removeItem(at: folder) } }
        var files: [String] = []
        for item in StatsSVGRenderTests.cases {
            let file = folder.appendingPathComponent(item.name + ".svg").path
            try StatsSVG.render(item.stats, locale: LocaleNames(identifier: item.locale)).write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let render = try run("scripts/render-svg.sh", ["--png", folder.path] + files)
        #expect(render.status == 0, "\(render.output)")
        let measures = try render.output.split(separator: "\n").map { try JSONDecoder().decode(Measure.self, from: Data($0.utf8)) }
        #expect(measures.count == files.count)
        for measure in measures { check(measure) }
        var pngs = files.map { $0.replacingOccurrences(of: ".svg", with: ".png") }
        for (file, measure) in zip(files, measures) where file.contains("weeks") {
            let dark = file.replacingOccurrences(of: ".svg", with: "-dark.png")
            _ = try run(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-dark-mode",
                                  "--screenshot=\(dark)", "--window-size=\(Int(measure.width)),\(Int(measure.height))",
                                  "file://\(file)"], folder: folder)
            pngs.append(dark)
        }
        let summary = try run("scripts/png-summary.py", pngs)
        #expect(summary.status == 0, "\(summary.output)")
        let pictures = try summary.output.split(separator: "\n").map { try JSONDecoder().decode(Picture.self, from: Data($0.utf8)) }
        #expect(pictures.count == pngs.count)
        for picture in pictures { check(picture) }
    }

    func check(_ measure: Measure) {
        #expect(measure.outside.isEmpty, "\(measure.file): text outside the \(measure.width)×\(measure.height) canvas: \(measure.outside)")
        #expect(measure.texts.count >= 10, "\(measure.file)")
        for (i, a) in measure.texts.enumerated() {
            #expect(a.h >= 11, "\(measure.file): text under 11 px: \(a)")
            for b in measure.texts[(i + 1)...] where a.overlaps(b) {
                Issue.record("\(measure.file): \"\(a.text)\" overlaps \"\(b.text)\"")
            }
        }
    }

    func check(_ picture: Picture) {
        let dark = picture.file.hasSuffix("-dark.png")
        #expect(picture.background == (dark ? "#0d1117" : "#ffffff"), "\(picture.file)")
        // Bars in five colours, text and lines antialiased: many colours on many pixels.
        let empty = picture.file.hasSuffix("empty.png")
        #expect(picture.colours >= (empty ? 8 : 30), "\(picture.file): \(picture.colours) colours")
        #expect(picture.painted * 100 >= picture.width * picture.height * (empty ? 2 : 10), "\(picture.file): almost blank")
        let margin = HeatmapSVG.margin / 2
        #expect(picture.box[0] >= margin && picture.box[1] >= margin, "\(picture.file): painted up to the edge \(picture.box)")
        #expect(picture.box[2] < picture.width - margin && picture.box[3] < picture.height - margin,
                "\(picture.file): painted up to the edge \(picture.box) of \(picture.width)×\(picture.height)")
    }

    func run(_ tool: String, _ arguments: [String], folder: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = tool.hasPrefix("/") ? URL(fileURLWithPath: tool) : StatsSVGRenderTests.root.appendingPathComponent(tool)
        process.arguments = arguments
        process.currentDirectoryURL = StatsSVGRenderTests.root
        if let folder {
            // Chromium's profile and crash reports go to the temporary folder, not the home.
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
            environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
            process.environment = environment
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    struct Measure: Decodable {
        struct Box: Decodable, CustomStringConvertible {
            var text: String
            var x, y, w, h: Double
            func overlaps(_ other: Box) -> Bool {
                x < other.x + other.w && other.x < x + w && y < other.y + other.h && other.y < y + h
            }
            var description: String { "\"\(text)\" at \(x),\(y) \(w)×\(h)" }
        }
        var file: String
        var width: Double
        var height: Double
        var texts: [Box]
        var outside: [Box]
    }

    struct Picture: Decodable {
        var file: String
        var width: Int
        var height: Int
        var background: String
        var painted: Int
        var box: [Int]
        var colours: Int
    }
}
