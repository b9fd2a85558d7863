/// Writes one JSON object with fields in the order they are added:
/// deterministic bytes, no dictionary order, no locale.
package struct JSONObjectWriter {
    package private(set) var text = "{"
    private var first = true

    package init() {}

    private mutating func key(_ name: String) {
        if !first { text += "," }
        first = false
        JSONObjectWriter.appendString(name, to: &text)
        text += ":"
    }

    package mutating func field(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        JSONObjectWriter.appendString(value, to: &text)
    }

    package mutating func field(_ name: String, _ value: Int?) {
        guard let value else { return }
        key(name)
        text += String(value)
    }

    package mutating func field(_ name: String, _ value: Double?) {
        guard let value, value.isFinite else { return }
        key(name)
        text += value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    package mutating func field(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    /// A nested object or array, already written.
    package mutating func raw(_ name: String, _ json: String?) {
        guard let json else { return }
        key(name)
        text += json
    }

    package mutating func strings(_ name: String, _ values: [String], omitEmpty: Bool = true) {
        if omitEmpty && values.isEmpty { return }
        key(name)
        text += JSONObjectWriter.array(values.map { JSONObjectWriter.quoted($0) })
    }

    package func finished() -> String { text + "}" }

    package static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    package static func quoted(_ value: String) -> String {
        var out = ""
        appendString(value, to: &out)
        return out
    }

    /// A JSON string: quotes, backslashes and control characters escaped;
    /// everything else as UTF-8.
    package static func appendString(_ value: String, to out: inout String) {
        out += "\""
        var needsEscape = false
        for byte in value.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            needsEscape = true
            break
        }
        if !needsEscape {
            out += value
        } else {
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case let c where c.value < 0x20:
                    let hex = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
