#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A component as it was written, kept for writing it back unchanged
/// (docs/semantics.md section 7, "as stored"): every content line with its
/// value as written (escapes kept, blanks kept), its parameters, and its
/// children, in file order.
///
/// A component read from a file holds its unfolded lines as they were
/// (`BEGIN` to `END`, NUL-terminated, the way the reader collected them)
/// and parses them into properties only when asked: a conversion that
/// copies a component copies its lines. Built without libical, and only
/// when a reader asks for it (`ICalLimits.keepsStoredForm`).
package final class StoredComponent: Sendable {
    /// Upper-cased component name (`VEVENT`, `VTIMEZONE`, `VALARM`...).
    package let name: String
    /// The lines as read, `BEGIN:NAME` to `END:NAME`, each ended by a NUL;
    /// nil for a component built from parts.
    package let lines: [UInt8]?
    private let builtProperties: [StoredProperty]
    private let builtChildren: [StoredComponent]

    package init(name: String, properties: [StoredProperty], children: [StoredComponent]) {
        self.name = name
        self.lines = nil
        self.builtProperties = properties
        self.builtChildren = children
    }

    /// A component from its lines as read (`lines`: BEGIN to END, NUL-terminated).
    package init(name: String, lines: [UInt8]) {
        self.name = name
        self.lines = lines
        self.builtProperties = []
        self.builtChildren = []
    }

    /// Its own properties, in order (parsed from the lines each time asked).
    package var properties: [StoredProperty] {
        guard lines != nil else { return builtProperties }
        return parsed().properties
    }

    /// Its child components, in order.
    package var children: [StoredComponent] {
        guard lines != nil else { return builtChildren }
        return parsed().children
    }

    /// Its properties and children from one parse of the lines (asking
    /// `properties` and then `children` parses them twice).
    package var parts: (properties: [StoredProperty], children: [StoredComponent]) {
        guard lines != nil else { return (builtProperties, builtChildren) }
        return parsed()
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

    /// Calls `body` with each line as read, `BEGIN` and `END` lines
    /// included, without its NUL; nothing for a component built from parts.
    package func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        lines?.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                var end = buffer.count
                if let found = memchr(base + start, 0, buffer.count - start) {
                    end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                }
                body(UnsafeBufferPointer(start: base + start, count: end - start))
                start = end + 1
            }
        }
    }

    /// Properties and children parsed from the lines: a line that is not a
    /// property (no `:`) is left out; children nest by BEGIN and END.
    private func parsed() -> (properties: [StoredProperty], children: [StoredComponent]) {
        var stack: [(name: String, properties: [StoredProperty], children: [StoredComponent])] = []
        var result: (properties: [StoredProperty], children: [StoredComponent]) = ([], [])
        forEachLine { line in
            if let child = StoredComponent.keyword("BEGIN:", line) {
                stack.append((child, [], []))
            } else if StoredComponent.keyword("END:", line) != nil {
                guard let done = stack.popLast() else { return }
                if stack.isEmpty {
                    result = (done.properties, done.children)
                } else {
                    stack[stack.count - 1].children.append(
                        StoredComponent(name: done.name, properties: done.properties, children: done.children))
                }
            } else if !stack.isEmpty, let property = StoredProperty(line: line) {
                stack[stack.count - 1].properties.append(property)
            }
        }
        return result
    }

    /// The name after `BEGIN:` or `END:` (the reader wrote them upper case).
    private static func keyword(_ prefix: StaticString, _ line: UnsafeBufferPointer<UInt8>) -> String? {
        let count = prefix.utf8CodeUnitCount
        guard line.count > count else { return nil }
        for index in 0..<count where line[index] != prefix.utf8Start[index] { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: line[count...]), as: UTF8.self)
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
        var index = 0
        while index < end, bytes[index] != 0x3B, bytes[index] != 0x3A { index += 1 }  // ; :
        let name = StoredProperty.upperName(bytes, 0..<index)
        guard !name.isEmpty else { return nil }
        var parameters: [StoredParameter] = []
        while index < end, bytes[index] == 0x3B {
            index += 1
            let nameStart = index
            while index < end, bytes[index] != 0x3D, bytes[index] != 0x3A, bytes[index] != 0x3B { index += 1 }
            let parameterName = StoredProperty.upperName(bytes, nameStart..<index)
            var values: [String] = []
            if index < end, bytes[index] == 0x3D {  // =
                index += 1
                guard let read = StoredProperty.parameterValues(bytes, from: &index, end: end,
                                                                splitsAtCommas: parameterName != "TZID",
                                                                quotesAreLiteral: quotesAreLiteral) else { return nil }
                values = read
            }
            if !parameterName.isEmpty { parameters.append(StoredParameter(name: parameterName, values: values)) }
        }
        guard index < end, bytes[index] == 0x3A else { return nil }
        self.init(name: name, parameters: parameters, value: StoredProperty.string(bytes, (index + 1)..<end))
    }

    /// One value, or a list of values split at commas outside quotes;
    /// blanks outside quotes before the first value and after the last
    /// dropped (a line folded before a quote leaves one). `index` ends at
    /// the `;` or `:` after them; nil when a quote is never closed.
    private static func parameterValues(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, end: Int,
                                        splitsAtCommas: Bool, quotesAreLiteral: Bool) -> [String]? {
        var values: [String] = []
        var current: [UInt8] = []
        var quoted = false
        var depth = 0  // Outlook's `TZID=(UTC-05:00) Eastern` holds a colon inside parentheses
        var kept = 0  // bytes of `current` that trailing blanks may not take (quoted ones)
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
            } else if byte == 0x2C && depth == 0 && splitsAtCommas {
                values.append(String(decoding: current, as: UTF8.self))
                current.removeAll()
                kept = 0
            } else if !((byte == 0x20 || byte == 0x09) && current.isEmpty && values.isEmpty) {
                current.append(byte)
            }
            index += 1
        }
        if quoted { return nil }
        while current.count > kept, current.last == 0x20 || current.last == 0x09 { current.removeLast() }
        values.append(String(decoding: current, as: UTF8.self))
        return values
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Trimmed of blanks and upper-cased: bytes at a time when ASCII (as names nearly always are).
    private static func upperName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var range = range
        while !range.isEmpty, bytes[range.lowerBound] == 0x20 || bytes[range.lowerBound] == 0x09 { range = (range.lowerBound + 1)..<range.upperBound }
        while !range.isEmpty, bytes[range.upperBound - 1] == 0x20 || bytes[range.upperBound - 1] == 0x09 { range = range.lowerBound..<(range.upperBound - 1) }
        guard range.allSatisfy({ bytes[$0] < 0x80 }) else { return string(bytes, range).uppercased() }
        return String(unsafeUninitializedCapacity: range.count) { buffer in
            for (offset, index) in range.enumerated() { buffer[offset] = asciiUpper(bytes[index]) }
            return range.count
        }
    }
}

extension StoredComponent {
    /// The stored form of a collected component: its lines as collected.
    convenience init(collected: CollectedComponent) {
        self.init(name: collected.tree.name, lines: collected.bytes)
    }
}
