import Foundation
import Import
import RemoteCore

/// A CalDAV source's cached copy as an input: what the command line and
/// the library read, and what `busylife sources` counts. The copy is a
/// folder of calendars; only the files its state names are read (a sync
/// that did not finish may have left others), each named by the source,
/// the calendar and the item.
package struct CalDAVCopy {
    /// The copy's folder (a result's `body`).
    package let folder: String
    /// How it is shown, worked out from its state as it is now.
    package let shown: ShownFolder

    /// `state`: the copy's state, when the caller has read it already.
    package init(folder: String, source: String, state: CalDAVState? = nil) {
        self.folder = folder
        let naming = CalDAVStore(folder: folder).naming(of: state)
        shown = ShownFolder(name: source, names: naming.names,
                            parts: naming.parts.mapValues { $0.map { ShownFolder.Part(line: $0.line, name: $0.name) } },
                            files: naming.files)
    }

    /// The whole copy, every calendar.
    package var input: InputSource { .folder(folder, shown: shown) }

    /// The copy's calendar in the folder `calendar` (relative to the
    /// copy's folder) alone: the copy with only that calendar's files.
    package func input(calendar: String) -> InputSource {
        guard let files = shown.files else { return .path(folder + "/" + calendar) }
        var only = shown
        only.files = files.filter { $0.hasPrefix(calendar + "/") }
        return .folder(folder, shown: only)
    }

    /// Whether the copy holds an item: empty calendars are no error, as a
    /// folder without calendar files would be.
    package var holdsItems: Bool {
        if let files = shown.files { return !files.isEmpty }
        let manager = FileManager.default
        return ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).contains { calendar in
            ((try? manager.contentsOfDirectory(atPath: folder + "/" + calendar)) ?? []).contains { $0.hasSuffix(".ics") }
        }
    }
}
