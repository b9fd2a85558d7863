import EventModel
import Import
import Plumbing

/// What `check` writes to an output: each diagnostic listed as it is
/// found, then the summary. JSON diagnostics are written as they come, not
/// held: a damaged file can draw millions of them.
package struct CheckListing {
    private let out: Output
    private let json: Bool
    private var diagnostics = ByteWriter(capacity: 1 << 12)
    private var listed = 0

    /// Starts the listing (a JSON document's opening) on `out`.
    package init(to out: Output, json: Bool) {
        self.out = out
        self.json = json
        if json { out.write(CheckSummary.jsonStart) }
    }

    package mutating func list(_ diagnostic: Diagnostic) {
        guard json else {
            out.line(diagnostic.description)
            return
        }
        CheckSummary.append(diagnostic, first: listed == 0, to: &diagnostics)
        listed += 1
        out.write(&diagnostics)
    }

    /// The summary of `report`, which ends the listing.
    package func finish(_ report: ImportReport) {
        guard json else {
            out.write(CheckSummary.text(report))
            return
        }
        var bytes = ByteWriter()
        CheckSummary.jsonEnd(report, into: &bytes)
        out.write(&bytes)
    }
}
