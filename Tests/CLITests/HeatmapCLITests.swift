import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Collects what an XML parser sees of an SVG.
final class SVGReader: NSObject, XMLParserDelegate {
    var days: [String: (seconds: String, level: String)] = [:]
    var rects = 0
    var root: [String: String] = [:]
    var elements: Set<String> = []

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]) {
        elements.insert(name)
        if name == "svg" { root = attributes }
        if name == "rect" {
            rects += 1
            if let date = attributes["data-date"] { days[date] = (attributes["data-seconds"] ?? "", attributes["data-level"] ?? "") }
        }
    }
}

@Suite struct HeatmapCLITests {
    func svg(_ arguments: [String]) throws -> SVGReader {
        let run = try busylife(["heatmap"] + arguments + ["--format", "svg"])
        #expect(run.status == 0)
        let parser = XMLParser(data: Data(run.stdout.utf8))
        let reader = SVGReader()
        parser.delegate = reader
        #expect(parser.parse(), "the SVG is well-formed XML")
        return reader
    }

    @Test func svgIsWellFormedWithOneRectPerDay() throws {
        let reader = try svg(["samples/", "--year", "2026", "--today", "2026-11-22", "--tz", "America/New_York"])
        #expect(reader.root["role"] == "img")
        #expect(reader.root["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(reader.elements.isSuperset(of: ["title", "desc", "style", "text", "rect"]))
        #expect(reader.days.count == 365)
        #expect(reader.days["2026-11-27"]?.seconds == "5432")  // BusyLife's 1 h 30 min 32 s
        #expect(reader.days["2026-11-22"]?.level == "0")
    }

    /// Honolulu to Kiritimati, across the date line: 2026-12-06 never
    /// happens for the traveller, and is an empty day.
    @Test func tripAcrossTheDateLine() throws {
        let run = try busylife(["heatmap", "samples/", "--format", "json", "--from", "2026-12-04", "--to", "2026-12-08",
                                "--tz", "Pacific/Honolulu", "--travel", "2026-12-05T23:30=Pacific/Kiritimati"])
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        #expect(object["schema"] as? String == "busylife.heatmap/1")
        #expect(object["zones"] as? [String] == ["Pacific/Honolulu", "Pacific/Kiritimati"])
        let cells = object["cells"] as! [[String: Any]]
        #expect(cells.map { $0["date"] as! String } == ["2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08"])
        #expect(cells[2]["busySeconds"] as? Int == 0)
        #expect(cells[2]["eventCount"] as? Int == 0)
        #expect(cells[2]["level"] as? Int == 0)
    }

    @Test func narrowTerminalsGetFewerWeeksNotWrappedLines() throws {
        let run = try busylife([], shell: "COLUMNS=40 BUSYLIFE heatmap samples/ --today 2026-11-22 --tz UTC --color never")
        #expect(run.status == 0)
        #expect(run.stdout.contains("widen the terminal"))
        for line in run.stdout.split(separator: "\n").dropFirst().prefix(8) {
            #expect(line.count <= 40, "\(line)")
        }
    }

    @Test func edgesOfTimeDoNotTrap() throws {
        for arguments in [["--today", "0001-01-05"], ["--year", "9999", "--view", "month"], ["--today", "9999-12-30"],
                          ["--from", "9999-12-01", "--to", "9999-12-31", "--view", "month", "--format", "svg"]] {
            let run = try busylife(["heatmap", "samples/", "--tz", "UTC", "--color", "never"] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        let days = try busylife(["days", "samples/", "--today", "0001-01-02", "--tz", "UTC", "--format", "ndjson"])
        #expect(days.status == 0)
        #expect(days.stdout.hasPrefix("{\"date\":\"0001-01-01\""))
    }

    @Test func badScalesAndRangesAreUsageErrors() throws {
        for arguments in [["--scale", "fixed:3,2,1"], ["--scale", "log"], ["--year", "2026", "--from", "2026-01-01"],
                          ["--week-start", "someday"], ["--view", "decade"]] {
            let run = try busylife(["heatmap", "samples/"] + arguments)
            #expect(run.status == 64, "\(arguments)")
        }
    }
}
