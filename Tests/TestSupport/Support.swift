import EventModel
import Foundation
import Import

/// The result of importing some files.
package struct Imported {
    package var events: [Event] = []
    package var diagnostics: [Diagnostic] = []
    package var report = ImportReport()

    package func event(_ uid: String) -> Event? { events.first { $0.uid == uid } }
}

/// Writes each text to a temporary file (named as given) and imports them.
package func importText(_ files: [(name: String, text: String)], options: ImportOptions = ImportOptions()) -> Imported {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var paths: [String] = []
    for file in files {
        let url = directory.appendingPathComponent(file.name)
        try! Data(file.text.utf8).write(to: url)
        paths.append(url.path)
    }
    return importPaths(paths, options: options)
}

package func importPaths(_ paths: [String], options: ImportOptions = ImportOptions()) -> Imported {
    var result = Imported()
    var diagnostics: [Diagnostic] = []
    result.report = Importer(options: options).read(paths, event: { result.events.append($0); return true },
                                                    diagnostic: { diagnostics.append($0) })
    result.diagnostics = diagnostics
    return result
}

/// A calendar with these lines between BEGIN:VCALENDAR and END:VCALENDAR.
package func ics(_ lines: [String]) -> String {
    (["BEGIN:VCALENDAR", "VERSION:2.0"] + lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
}

package func vevent(_ uid: String, _ lines: [String]) -> [String] {
    ["BEGIN:VEVENT", "UID:\(uid)"] + lines + ["END:VEVENT"]
}

/// `../shared/corpora`, if it is beside the checkout.
package let corpora: URL? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let url = root.deletingLastPathComponent().appendingPathComponent("shared/corpora")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()
