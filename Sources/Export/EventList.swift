import EventModel
import Plumbing

/// The events of a read as they come, written to an output in large
/// writes: one JSON object per line, or one document with a schema name
/// (`EventJSON`).
package struct EventList {
    private let out: Output
    private let document: Bool
    private var bytes = ByteWriter()
    private var first = true

    /// Starts the list (a document's opening) on `out`.
    package init(to out: Output, document: Bool) {
        self.out = out
        self.document = document
        if document { out.write("{\"schema\":\"\(EventJSON.schema)\",\"events\":[") }
    }

    /// Adds `event`; false once the output is closed (a reader gone).
    package mutating func add(_ event: Event) -> Bool {
        if document { bytes.append(first ? "\n" : ",\n") }
        EventJSON.write(event, into: &bytes)
        if !document { bytes.append(byte: 0x0A) }
        first = false
        return bytes.count < 1 << 16 || out.write(&bytes)
    }

    /// Writes what is gathered, and a document's closing.
    package mutating func finish() {
        out.write(&bytes)
        if document { out.write("\n]}\n") }
    }
}
