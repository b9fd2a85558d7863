import EventModel
import ICal

/// What an as-stored conversion has written, by fingerprint, so that a
/// component read twice (one calendar in two inputs, or twice in one
/// file) is written once (docs/convert.md, "As stored"). Two components
/// are the same when their unfolded lines are, and their TZIDs are
/// written under the same names (one TZID text may name two zones in two
/// files). Components with the same UID, RECURRENCE-ID and SEQUENCE but
/// different content are all written, and counted: which one a reader
/// keeps is its own choice.
///
/// Memory keeps two fingerprints a component written (a dictionary
/// entry), not the components.
struct RepeatedComponents {
    /// The content written first under each identity (name, UID,
    /// RECURRENCE-ID and SEQUENCE; the content itself for a component
    /// without UID).
    private var firstContent: [Fingerprint.Value: Fingerprint.Value] = [:]
    /// Other contents written under an identity.
    private var laterContents: Set<Pair> = []
    private struct Pair: Hashable {
        var identity: Fingerprint.Value
        var content: Fingerprint.Value
    }
    /// Components left out: the same as one written.
    private(set) var repeated = 0
    /// Components written beside another of their identity with different content.
    private(set) var differing = 0
    /// The UID of the first of them, for the warning.
    private(set) var firstDifferingUID: String?

    /// What tells a component from others of its kind besides its content.
    struct Identity {
        var uid: String
        var recurrenceID: String
        var sequence: String

        /// An event's, from the model (its RECURRENCE-ID as an instant,
        /// however spelt); nil when `form`, the event as read, has no UID
        /// of its own (the model's is then derived from its content).
        init?(_ event: Event, form: StoredComponent?) {
            if let form, !RepeatedComponents.hasOwnUID(form) { return nil }
            uid = event.uid
            recurrenceID = event.recurrenceID?.time.iso8601 ?? ""
            sequence = String(event.sequence)
        }

        /// A component's, from its lines (one parse); nil without UID.
        init?(_ component: StoredComponent) {
            let properties = component.parts.properties
            guard let uid = properties.first(where: { $0.name == "UID" })?.value else { return nil }
            self.uid = uid
            recurrenceID = properties.first { $0.name == "RECURRENCE-ID" }.map(RepeatedComponents.text) ?? ""
            sequence = properties.first { $0.name == "SEQUENCE" }?.value ?? ""
        }
    }

    /// Whether `component` is to be written: false when the same was.
    /// `writtenTZIDs`: the TZIDs it holds that are written under another name.
    mutating func admits(_ component: StoredComponent, identity: Identity?, writtenTZIDs: [String: String] = [:]) -> Bool {
        var content = Fingerprint()
        Self.add(component, to: &content)
        for (tzid, name) in writtenTZIDs.sorted(by: { $0.key < $1.key }) {
            content.add(tzid)
            content.add(0x1F)
            content.add(name)
            content.add(0x1E)
        }
        let key = identity.map { Fingerprint.of([component.name, $0.uid, $0.recurrenceID, $0.sequence]) } ?? content.value
        guard let first = firstContent[key] else {
            firstContent[key] = content.value
            return true
        }
        let later = Pair(identity: key, content: content.value)
        if first == content.value || laterContents.contains(later) {
            repeated += 1
            return false
        }
        laterContents.insert(later)
        differing += 1
        if firstDifferingUID == nil { firstDifferingUID = identity?.uid }
        return true
    }

    /// The note and the warning to give at the end.
    var diagnostics: [Diagnostic] {
        let position = SourcePosition(file: "<convert>", line: 0)
        var result: [Diagnostic] = []
        if repeated > 0 {
            result.append(Diagnostic(.note, .repeatedComponent, at: position,
                                     "\(repeated) component\(repeated == 1 ? "" : "s") read again, identical, written once"))
        }
        if differing > 0 {
            let example = firstDifferingUID.map { " (the first: UID \($0))" } ?? ""
            result.append(Diagnostic(.warning, .repeatedComponent, at: position,
                                     "\(differing) component\(differing == 1 ? "" : "s") with the UID, RECURRENCE-ID and SEQUENCE "
                                     + "of another but different content\(example); all are written"))
        }
        return result
    }

    /// Whether a component read has a UID line of its own (not only a child's).
    static func hasOwnUID(_ component: StoredComponent) -> Bool {
        guard component.lines != nil else { return component.first("UID") != nil }
        var depth = 0
        var found = false
        component.forEachLine { line in
            guard !found else { return }
            if startsWith(line, "BEGIN:") { depth += 1 }
            else if startsWith(line, "END:") { depth -= 1 }
            else if depth == 1 && (startsWith(line, "UID:") || startsWith(line, "UID;")) { found = true }
        }
        return found
    }

    /// Whether `line` starts with `prefix` (upper case ASCII), in any case.
    private static func startsWith(_ line: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard line.count >= count else { return false }
        for index in 0..<count {
            let byte = line[index]
            let lower = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
            if lower != prefix.utf8Start[index] { return false }
        }
        return true
    }

    /// The lines as read, or, for a component built from parts, its
    /// properties and children in order.
    private static func add(_ component: StoredComponent, to hash: inout Fingerprint) {
        if let lines = component.lines {
            lines.withUnsafeBufferPointer { hash.add(bytes: $0) }
            return
        }
        hash.add(component.name)
        hash.add(0x1D)
        let (properties, children) = component.parts
        for property in properties {
            hash.add(text(property))
            hash.add(0x1E)
        }
        for child in children { add(child, to: &hash) }
        hash.add(0x1C)
    }

    /// A property's parameters and value, as one text.
    fileprivate static func text(_ property: StoredProperty) -> String {
        var text = property.name
        for parameter in property.parameters {
            text += ";" + parameter.name + "=" + parameter.values.joined(separator: ",")
        }
        return text + ":" + property.value
    }
}

/// A component's fingerprint: FNV-1a beside SipHash keyed at random for
/// the process. FNV alone can be made to collide on purpose, which would
/// leave a different component out as a repeat; the pair cannot be. The
/// keyed half changes nothing a run writes: it only tells two contents
/// apart.
struct Fingerprint {
    private var stable = StableHash()
    private var keyed = Hasher()

    struct Value: Hashable {
        var stable: UInt64
        var keyed: Int
    }

    /// Finalizing consumes a copy of the keyed hasher: adding may go on.
    var value: Value {
        Value(stable: stable.value, keyed: keyed.finalize())
    }

    mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
        stable.add(bytes: bytes)
        keyed.combine(bytes: UnsafeRawBufferPointer(bytes))
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(bytes: $0) }
    }

    mutating func add(_ byte: UInt8) {
        stable.add(byte)
        keyed.combine(byte)
    }

    /// The fingerprint of the parts, each followed by a separator byte.
    static func of(_ parts: [String]) -> Value {
        var fingerprint = Fingerprint()
        for part in parts {
            fingerprint.add(part)
            fingerprint.add(0x1F)
        }
        return fingerprint.value
    }
}
