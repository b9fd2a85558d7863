import CheckReport
import EventModel
import Export
import Import
import Plumbing
import Settle

/// `busylife check --format json` and its text: the input read, each
/// series checked, every diagnostic with a file, and the report JSON.
enum CheckPass {
    static func run(_ bytes: [UInt8]) {
        var json = ByteWriter()
        json.append(CheckSummary.jsonStart)
        var listed = 0
        let list = { (diagnostic: Diagnostic) in
            mustHold(!diagnostic.source.file.isEmpty, "a diagnostic without a file: \(diagnostic)")
            CheckSummary.append(diagnostic, first: listed == 0, to: &json)
            listed += 1
        }
        var series = SeriesCheck()
        var report = Importer().read([FuzzWindow.source(bytes)], event: { event in
            series.add(event)
            return true
        }, diagnostic: list)
        series.diagnostics { diagnostic in
            report.count(diagnostic)
            list(diagnostic)
        }
        CheckSummary.jsonEnd(report, into: &json)
        JSONCheck.require(json.bytes, "check's report")
        _ = CheckSummary.text(report)
    }
}
