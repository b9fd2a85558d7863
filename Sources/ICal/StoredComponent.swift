/// A component as it was written, kept for writing it back unchanged
/// (docs/semantics.md section 7, "as stored"): every content line with its
/// value as written (escapes kept, blanks kept), its parameters, and its
/// children, in file order. Built from our own unfolded lines, without
/// libical, and only when a reader asks for it (`ICalLimits.keepsStoredForm`).
package final class StoredComponent: Sendable {
    /// Upper-cased component name (`VEVENT`, `VTIMEZONE`, `VALARM`...).
    package let name: String
    package let properties: [StoredProperty]
    package let children: [StoredComponent]

    package init(name: String, properties: [StoredProperty], children: [StoredComponent]) {
        self.name = name
        self.properties = properties
        self.children = children
    }

    /// A copy with other properties (the children kept).
    package func with(properties: [StoredProperty]) -> StoredComponent {
        StoredComponent(name: name, properties: properties, children: children)
    }

    /// A copy with other properties and children.
    package func with(properties: [StoredProperty], children: [StoredComponent]) -> StoredComponent {
        StoredComponent(name: name, properties: properties, children: children)
    }

    /// The first property with this (upper-case) name.
    package func first(_ name: String) -> StoredProperty? {
        properties.first { $0.name == name }
    }
}

/// One content line as written: `NAME;PARAM=value:value`.
package struct StoredProperty: Sendable, Equatable {
    /// Upper-cased property name.
    package var name: String
    package var parameters: [StoredParameter]
    /// The value exactly as written: TEXT escapes (`\,` `\;` `\n` `\\`) kept,
    /// list commas kept, nothing trimmed.
    package var value: String

    package init(name: String, parameters: [StoredParameter] = [], value: String) {
        self.name = name
        self.parameters = parameters
        self.value = value
    }

    /// The first value of the first parameter with this (upper-case) name.
    package func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.values.first
    }

    /// The same line with one parameter set (replacing the first of that name) or removed (nil).
    package func setting(_ name: String, to value: String?) -> StoredProperty {
        var copy = self
        if let index = copy.parameters.firstIndex(where: { $0.name == name }) {
            if let value { copy.parameters[index].values = [value] } else { copy.parameters.remove(at: index) }
        } else if let value {
            copy.parameters.append(StoredParameter(name: name, values: [value]))
        }
        return copy
    }
}

/// A parameter: upper-cased name, values without their quotes, split at
/// commas outside quotes and parentheses (RFC 5545 3.2 lets any parameter
/// hold a list), except TZID, which is one value whatever it holds
/// (Outlook writes `TZID=(UTC+01:00) Amsterdam, Berlin, Bern` unquoted).
package struct StoredParameter: Sendable, Equatable {
    package var name: String
    package var values: [String]

    package init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

extension StoredProperty {
    /// Reads one unfolded content line; nil if it has no `:` after its
    /// name and parameters. A `"` never closed is read as a plain character.
    package init?(line bytes: UnsafeBufferPointer<UInt8>) {
        guard let read = StoredProperty(line: bytes, quotesAreLiteral: false)
                ?? StoredProperty(line: bytes, quotesAreLiteral: true) else { return nil }
        self = read
    }

    private init?(line bytes: UnsafeBufferPointer<UInt8>, quotesAreLiteral: Bool) {
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        var index = 0
        while index < end, bytes[index] != 0x3B, bytes[index] != 0x3A { index += 1 }  // ; :
        let name = string(0..<index).trimmingSpaces().uppercased()
        guard !name.isEmpty else { return nil }
        var parameters: [StoredParameter] = []
        while index < end, bytes[index] == 0x3B {
            index += 1
            let nameStart = index
            while index < end, bytes[index] != 0x3D, bytes[index] != 0x3A, bytes[index] != 0x3B { index += 1 }
            let parameterName = string(nameStart..<index).trimmingSpaces().uppercased()
            var values: [String] = []
            if index < end, bytes[index] == 0x3D {  // =
                index += 1
                // One value, or a list of values split at commas outside
                // quotes; blanks outside quotes before the first value and
                // after the last dropped (a line folded before a quote leaves one).
                var current: [UInt8] = []
                var quoted = false
                var depth = 0  // Outlook's `TZID=(UTC-05:00) Eastern` holds a colon inside parentheses
                var kept = 0  // bytes of `current` that trailing blanks may not take (quoted ones)
                func finishValue() {
                    while current.count > kept, current.last == 0x20 || current.last == 0x09 { current.removeLast() }
                    values.append(String(decoding: current, as: UTF8.self))
                    current.removeAll()
                    kept = 0
                }
                while index < end {
                    let byte = bytes[index]
                    if byte == 0x22 && !quotesAreLiteral {
                        quoted.toggle()
                        kept = current.count
                    } else if quoted {
                        current.append(byte)
                        kept = current.count
                    } else if byte == 0x28 {
                        depth += 1
                        current.append(byte)
                    } else if byte == 0x29 {
                        depth = max(0, depth - 1)
                        current.append(byte)
                    } else if depth == 0 && (byte == 0x3B || byte == 0x3A) {
                        break
                    } else if byte == 0x2C && depth == 0 && parameterName != "TZID" {
                        values.append(String(decoding: current, as: UTF8.self))
                        current.removeAll()
                        kept = 0
                    } else if !((byte == 0x20 || byte == 0x09) && current.isEmpty && values.isEmpty) {
                        current.append(byte)
                    }
                    index += 1
                }
                if quoted { return nil }
                finishValue()
            }
            if !parameterName.isEmpty { parameters.append(StoredParameter(name: parameterName, values: values)) }
        }
        guard index < end, bytes[index] == 0x3A else { return nil }
        self.init(name: name, parameters: parameters, value: string((index + 1)..<end))
    }
}

extension StoredComponent {
    /// The stored form of a collected component: its lines (`bytes`,
    /// NUL-terminated, at `tree.offsets`) and its children's.
    convenience init(tree: LineTree, bytes: UnsafeBufferPointer<UInt8>) {
        var properties: [StoredProperty] = []
        properties.reserveCapacity(tree.offsets.count)
        for offset in tree.offsets {
            let start = Int(offset)
            let line = UnsafeBufferPointer(rebasing: bytes[start...])
            if let property = StoredProperty(line: line) { properties.append(property) }
        }
        self.init(name: tree.name, properties: properties,
                  children: tree.children.map { StoredComponent(tree: $0, bytes: bytes) })
    }
}
