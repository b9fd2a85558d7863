import Foundation
import Testing

/// Every SVG view drawn by a real browser (headless Chromium, through
/// `scripts/render-svg.sh`): each `<text>`'s bounding box as laid out lies
/// inside the canvas, and no two texts overlap. Skipped, with a message,
/// where Chromium is not installed.
@Suite struct HeatmapSVGRenderTests {
    static let samples = "samples/ --today 2026-11-22 --tz America/New_York"

    /// name, arguments after `heatmap`.
    static let cases: [(String, String)] = [
        ("year", "\(samples) --format svg --year 2026 --locale en_US"),
        ("year-53-weeks-de", "\(samples) --format svg --locale de_DE --cell 10"),
        ("years-week-numbers", "\(samples) --format svg --from 2008 --to 2010 --week-numbers --locale en_US --cell 10"),
        ("year-big-cells-ja", "\(samples) --format svg --year 2026 --locale ja_JP --cell 24"),
        ("month-one", "\(samples) --format svg --view month --from 2026-11-01 --to 2026-11-30 --locale en_US"),
        ("month-three-weeks", "\(samples) --format svg --view month --from 2026-11-01 --to 2027-01-31 --week-numbers --locale en_US"),
        ("month-year-fr", "\(samples) --format svg --view month --year 2026 --week-numbers --locale fr_FR"),
        ("month-de", "\(samples) --format svg --view month --from 2026-12-01 --to 2026-12-31 --locale de_DE"),
        ("hours", "\(samples) --format svg --view hours --from 2026-11-01 --to 2026-12-31 --locale en_US"),
        ("hours-total-ja", "\(samples) --format svg --view hours --stat total --year 2026 --locale ja_JP"),
        ("empty-week", "\(samples) --format svg --from 2030-01-01 --to 2030-01-07 --locale en_US"),
        ("all-day-only", "Tests/Fixtures/all-day-only.ics --today 2026-11-22 --tz UTC --format svg --from 2026-11-01 --to 2026-12-31 --locale de_DE"),
    ]

    @Test func everyTextLiesInsideTheCanvasAndNoneOverlap() throws {
        guard ["/usr/bin/chromium", "/usr/bin/chromium-browser"].contains(where: FileManager.default.isExecutableFile) else {
            print("skipped: chromium is not installed (apt-get install chromium) so SVGs are not rendered")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-svg-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (name, arguments) in HeatmapSVGRenderTests.cases {
            let file = folder.appendingPathComponent(name + ".svg").path
            let run = try busylife([], shell: "BUSYLIFE heatmap \(arguments) -o \(file)")
            #expect(run.status == 0, "\(name): \(run.stderr)")
            files.append(file)
        }
        let render = try busylife([], shell: "scripts/render-svg.sh " + files.joined(separator: " "))
        #expect(render.status == 0, "\(render.stderr)")
        let lines = render.stdout.split(separator: "\n")
        #expect(lines.count == files.count)
        for line in lines {
            let measure = try JSONDecoder().decode(Measure.self, from: Data(line.utf8))
            #expect(measure.outside.isEmpty, "\(measure.file): text outside the \(measure.width)×\(measure.height) canvas: \(measure.outside)")
            #expect(measure.texts.count > 10, "\(measure.file)")
            for (i, a) in measure.texts.enumerated() {
                #expect(a.h >= 11, "\(measure.file): text under 11 px: \(a)")
                for b in measure.texts[(i + 1)...] where a.overlaps(b) {
                    Issue.record("\(measure.file): \"\(a.text)\" overlaps \"\(b.text)\"")
                }
            }
        }
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
}
