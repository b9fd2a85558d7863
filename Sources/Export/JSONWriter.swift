import EventModel

/// Writes one JSON object with fields in the order they are added:
/// deterministic bytes, no dictionary order, no locale.
package struct JSONObjectWriter {
    /// The object so far, as UTF-8 bytes (`{` and the fields written).
    package private(set) var out: ByteWriter
    private var first = true

    package init() {
        out = ByteWriter(capacity: 256)
        out.append(byte: 0x7B)
    }

    /// The object's text so far, without its closing brace.
    package var text: String { String(decoding: out.bytes, as: UTF8.self) }

    private mutating func key(_ name: StaticString) {
        out.append(byte: first ? 0x22 : 0x2C)
        if !first { out.append(byte: 0x22) }
        first = false
        out.append(bytes: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(byte: 0x22)
        out.append(byte: 0x3A)
    }

    private mutating func key(_ name: String) {
        if !first { out.append(byte: 0x2C) }
        first = false
        out.appendJSONString(name)
        out.append(byte: 0x3A)
    }

    package mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        out.appendJSONString(value)
    }

    package mutating func field(key name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        out.appendJSONString(value)
    }

    package mutating func field(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        key(name)
        out.append(value)
    }

    package mutating func field(key name: String, _ value: Int?) {
        guard let value else { return }
        key(name)
        out.append(value)
    }

    package mutating func field(_ name: StaticString, _ value: Double?) {
        guard let value, value.isFinite else { return }
        key(name)
        if value == value.rounded() && abs(value) < 1e15 { out.append(Int64(value)) } else { out.append(String(value)) }
    }

    package mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        out.append(value ? "true" : "false")
    }

    package mutating func field(key name: String, _ value: Bool) {
        key(name)
        out.append(value ? "true" : "false")
    }

    /// An ISO 8601 time, written digit by digit (`EventTime.iso8601` without a String).
    package mutating func field(_ name: StaticString, time value: EventTime?) {
        guard let value else { return }
        key(name)
        out.append(byte: 0x22)
        out.appendISO8601(value)
        out.append(byte: 0x22)
    }

    /// An instant at an offset, `2026-11-22T09:00:00-05:00` (`+00:00` at zero).
    package mutating func field(_ name: StaticString, local value: (Instant, Int)) {
        key(name)
        out.append(byte: 0x22)
        out.appendISO8601(value.0, offsetSeconds: value.1, zulu: false)
        out.append(byte: 0x22)
    }

    /// A UTC instant, `2026-11-22T14:00:00Z`.
    package mutating func field(_ name: StaticString, utc value: Instant) {
        key(name)
        out.append(byte: 0x22)
        out.appendISO8601(value, offsetSeconds: 0, zulu: true)
        out.append(byte: 0x22)
    }

    /// A nested object or array, already written.
    package mutating func raw(_ name: StaticString, _ json: String?) {
        guard let json else { return }
        key(name)
        out.append(json)
    }

    package mutating func raw(key name: String, _ json: String?) {
        guard let json else { return }
        key(name)
        out.append(json)
    }

    package mutating func strings(_ name: StaticString, _ values: [String], omitEmpty: Bool = true) {
        if omitEmpty && values.isEmpty { return }
        key(name)
        out.append(byte: 0x5B)
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(byte: 0x2C) }
            out.appendJSONString(value)
        }
        out.append(byte: 0x5D)
    }

    /// A nested object written in place, into the same buffer.
    package mutating func object(_ name: StaticString, _ body: (inout JSONObjectWriter) -> Void) {
        key(name)
        nested(body)
    }

    /// An array of objects written in place, one per element.
    package mutating func objects<S: Sequence>(_ name: StaticString, _ items: S,
                                               _ body: (inout JSONObjectWriter, S.Element) -> Void) {
        key(name)
        out.append(byte: 0x5B)
        var firstItem = true
        for item in items {
            if !firstItem { out.append(byte: 0x2C) }
            firstItem = false
            nested { body(&$0, item) }
        }
        out.append(byte: 0x5D)
    }

    /// `{`, the fields `body` writes, `}`, in this writer's buffer (lent to a
    /// child writer and taken back: no copy).
    private mutating func nested(_ body: (inout JSONObjectWriter) -> Void) {
        var child = JSONObjectWriter(lending: ())
        swap(&child.out, &out)
        child.out.append(byte: 0x7B)
        body(&child)
        child.out.append(byte: 0x7D)
        swap(&child.out, &out)
    }

    private init(lending: ()) {
        out = ByteWriter(capacity: 0)
    }

    package func finished() -> String { text + "}" }

    /// Closes the object and appends it to `target`.
    package func finish(into target: inout ByteWriter) {
        target.append(bytes: out.bytes)
        target.append(byte: 0x7D)
    }

    package static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
