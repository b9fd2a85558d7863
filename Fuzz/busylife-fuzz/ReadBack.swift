import EventModel
import Import

/// What busylife wrote, read by busylife again: it must not crash, and
/// every diagnostic must name a file.
enum ReadBack {
    /// Returns the errors reading found.
    @discardableResult
    static func read(_ bytes: [UInt8], name: String) -> [Diagnostic] {
        var errors: [Diagnostic] = []
        _ = Importer().read([.bytes(bytes, name: name)], event: { _ in true }, diagnostic: { diagnostic in
            mustHold(!diagnostic.source.file.isEmpty, "a diagnostic without a file reading back \(name): \(diagnostic)")
            if diagnostic.severity == .error { errors.append(diagnostic) }
        })
        return errors
    }

    /// Output made by busylife alone (nothing of the input's copied as
    /// read) reads back without an error.
    static func require(_ bytes: [UInt8], name: String, _ what: @autoclosure () -> String) {
        let errors = read(bytes, name: name)
        mustHold(errors.isEmpty, "\(what()) reads back with errors: \(errors.map(\.description))")
    }
}
