import EventModel
import Plumbing

/// Writes one JSON object with fields in the order they are added:
/// deterministic bytes, no dictionary order, no locale.
package struct JSONObjectWriter {
    /// The object so far, as UTF-8 bytes (`{` and the fields written).
    package private(set) var out: ByteWriter
    private var first = true
    /// Made at the first time written: most objects write none of their
    /// own (an occurrence's times use its writer's, `fields(atMost:memos:)`).
    private var times: TimeMemos?

    package init() {
        out = ByteWriter(capacity: 256)
        out.append(byte: 0x7B)
    }

    /// The object's text so far, without its closing brace.
    package var text: String { String(decoding: out.bytes, as: UTF8.self) }

    @inline(__always)
    private mutating func key(_ name: StaticString) {
        // `,"name":` (or `"name":` first): one reservation, then stores.
        let length = name.utf8CodeUnitCount
        let out = self.out.reserve(length + 4)
        let comma = first ? 0 : 1
        first = false
        out[0] = 0x2C
        out[comma] = 0x22
        (out + comma + 1).update(from: name.utf8Start, count: length)
        out[comma + 1 + length] = 0x22
        out[comma + 2 + length] = 0x3A
        self.out.commit(length + 3 + comma)
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
        if value { out.append(static: "true") } else { out.append(static: "false") }
    }

    package mutating func field(key name: String, _ value: Bool) {
        key(name)
        if value { out.append(static: "true") } else { out.append(static: "false") }
    }

    /// An ISO 8601 time, written digit by digit (`EventTime.iso8601` without a String).
    package mutating func field(_ name: StaticString, time value: EventTime?) {
        guard let value else { return }
        key(name)
        withTimes { $0.appendQuotedISO8601(value, memos: &$1) }
    }

    /// An instant at an offset, `2026-11-22T09:00:00-05:00` (`+00:00` at zero).
    package mutating func field(_ name: StaticString, local value: (Instant, Int)) {
        key(name)
        withTimes { $0.appendQuotedISO8601(value.0, offsetSeconds: value.1, zulu: false, memos: &$1) }
    }

    /// A UTC instant, `2026-11-22T14:00:00Z`.
    package mutating func field(_ name: StaticString, utc value: Instant) {
        key(name)
        withTimes { $0.appendQuotedISO8601(value, offsetSeconds: 0, zulu: true, memos: &$1) }
    }

    private mutating func withTimes(_ body: (inout ByteWriter, inout TimeMemos) -> Void) {
        var memos = times.take() ?? TimeMemos()
        body(&out, &memos)
        times = memos
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

    /// A value `body` writes itself, in place (an array of numbers, say).
    package mutating func raw(_ name: StaticString, _ body: (inout ByteWriter) -> Void) {
        key(name)
        body(&out)
    }

    package mutating func raw(key name: String, _ body: (inout ByteWriter) -> Void) {
        key(name)
        body(&out)
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

    /// One object written straight into `target` (its buffer is moved to
    /// the writer and back: no copy of the object, no growth of a buffer
    /// of its own, and no reference counted on the way, which writers on
    /// every core would contend for).
    @inline(__always)
    package static func write(into target: inout ByteWriter, _ body: (inout JSONObjectWriter) -> Void) {
        var writer = JSONObjectWriter(lending: consume target, first: true)
        writer.out.append(byte: 0x7B)
        body(&writer)
        writer.out.append(byte: 0x7D)
        target = writer.out
    }

    /// A nested object written in place, into the same buffer.
    package mutating func object(_ name: StaticString, _ body: (inout JSONObjectWriter) -> Void) {
        key(name)
        nested(body)
    }

    package mutating func object(key name: String, _ body: (inout JSONObjectWriter) -> Void) {
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

    /// `{`, the fields `body` writes, `}`, in this writer's buffer: the
    /// same writer, its first-field flag set for the nested object and
    /// cleared after (its key was written), no buffer moved.
    @inline(__always)
    private mutating func nested(_ body: (inout JSONObjectWriter) -> Void) {
        out.append(byte: 0x7B)
        first = true
        body(&self)
        first = false
        out.append(byte: 0x7D)
    }

    private init(lending out: consuming ByteWriter, first: Bool) {
        self.out = out
        self.first = first
    }

    /// Fields appended to `target` as if after others: each with its
    /// leading comma, no braces (for `fields(written:)` to copy later).
    package static func `continue`(into target: inout ByteWriter, _ body: (inout JSONObjectWriter) -> Void) {
        var writer = JSONObjectWriter(lending: consume target, first: false)
        body(&writer)
        target = writer.out
    }

    /// Fields written through a cursor into room for `most` bytes, each
    /// with its leading comma (after at least one field), times with
    /// `memos`: a writer's memos, kept from one object to the next, where
    /// an object's own would start empty for each; false, with nothing
    /// written, when `body` gives up.
    package mutating func fields(atMost most: Int, memos: inout TimeMemos,
                                 _ body: (inout ByteWriter.Cursor, inout TimeMemos) -> Bool) -> Bool {
        precondition(!first, "a cursor's fields follow another field")
        return out.write(atMost: most) { body(&$0, &memos) }
    }

    /// Fields written by `continue(into:)`, copied in (their first comma
    /// left out when they come first).
    package mutating func fields(written bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        out.append(bytes: first ? UnsafeBufferPointer(rebasing: bytes.dropFirst()) : bytes)
        first = false
    }

    package func finished() -> String { text + "}" }

    /// Closes the object and appends it to `target`.
    package func finish(into target: inout ByteWriter) {
        out.withBytes { target.append(bytes: $0) }
        target.append(byte: 0x7D)
    }

    package static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
