internal import CLibical

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies a libical component tree into `ICalComponent` values. Every
/// `char *` is copied into a `String` at once; libical keeps ownership of
/// the tree, which the caller frees.
enum LibicalConversion {
    /// `lines`: our own reading of the component's lines, in file order;
    /// `source`: their bytes, for the lines not yet split.
    static func component(_ component: OpaquePointer, lines: LineTree, source: LineSource) -> ICalComponent {
        var result = ICalComponent(name: name(of: component, lines: lines), line: lines.line)
        result.reserveCapacity(lines.names.count)
        var cursor = Cursor()

        // Lines libical never saw (`LineTree.LineRead.heldBack`) are taken in file
        // order as the cursor passes them.

        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
            let propertyKind = icalproperty_isa(current)
            if propertyKind == ICAL_XLICERROR_PROPERTY {
                takeError(current, cursor: &cursor, lines: lines, source: source, into: &result)
            } else {
                take(current, kind: propertyKind, cursor: &cursor, lines: lines, source: source, into: &result)
            }
        }
        if cursor.next < lines.names.count {
            takeHeldBack(cursor.next..<lines.names.count, lines: lines, source: source, into: &result)
        }
        appendChildren(of: component, lines: lines, source: source, into: &result)
        return result
    }

    /// Where the walk over libical's properties is in our own lines.
    private struct Cursor {
        /// Our next line not yet matched to a libical property.
        var next = 0
        /// Our line last taken as a property; -1 before the first.
        var lastTaken = -1
    }

    private static func name(of component: OpaquePointer, lines: borrowing LineTree) -> String {
        let kind = icalcomponent_isa(component)
        if kind == ICAL_X_COMPONENT || kind == ICAL_NO_COMPONENT, !lines.name.isEmpty {
            return lines.name  // libical 3.0 keeps no name for X- components
        }
        // No text for a kind libical made of a name it could not read.
        return icalcomponent_kind_to_string(kind).map { String(cString: $0) } ?? lines.name
    }

    /// One of libical's error properties: a problem, or (for valid input
    /// libical refuses) the property as written after all.
    private static func takeError(_ error: OpaquePointer, cursor: inout Cursor, lines: borrowing LineTree,
                                  source: LineSource, into result: inout ICalComponent) {
        let reason = errorType(error)
        let message = icalproperty_get_xlicerror(error).map { String(cString: $0) } ?? "parse error"
        if reason == .parameterName || reason == .parameterValue, cursor.lastTaken >= 0,
           cursor.lastTaken == cursor.next - 1 {
            // A bad parameter: libical kept the property (taken just
            // now, from our own line) and put its error after it.
            let name = lines.names[cursor.lastTaken]
            if LibicalError.outcome(reason, propertyName: name, readable: true) == .unused {
                result.problems.append(ICalProblem(kind: .unusedProperty, line: lines.lines[cursor.lastTaken],
                    message: "\(name) is malformed (\(message)); busylife does not use it"))
            }
            return
        }
        // Otherwise libical put its error where the bad line was.
        // (The cursor skips held-back lines: libical's next line is after them.)
        cursor.next = takeHeldBack(from: cursor.next, lines: lines, source: source, into: &result)
        let index = cursor.next < lines.lines.count ? cursor.next : nil
        let line = index.map { lines.lines[$0] } ?? lines.line
        if index != nil { cursor.next += 1 }
        let raw = index.flatMap { source.raw($0, of: lines) }
        let name = index.map { lines.names[$0] } ?? ""
        switch LibicalError.outcome(reason, propertyName: name, readable: raw != nil) {
        case .keep:
            // Valid input libical 3.0 refuses (an empty TEXT value, an
            // iana-token name or parameter, VALUE=URI on LOCATION) or a
            // value we read ourselves: kept as written.
            if let index, let raw {
                cursor.lastTaken = index
                result.append(source.property(index, of: lines, line: line, raw: raw,
                                              unescapes: LibicalError.isText(name)))
            }
        case .unused:
            result.problems.append(ICalProblem(kind: .unusedProperty, line: line,
                message: "\(name) is malformed (\(message)); busylife does not use it"))
        case .dropped:
            result.problems.append(ICalProblem(kind: .parse, line: line, message: message))
        }
    }

    /// One property libical read, from our own line when there is one.
    private static func take(_ property: OpaquePointer, kind: icalproperty_kind, cursor: inout Cursor,
                             lines: borrowing LineTree, source: LineSource, into result: inout ICalComponent) {
        let propertyName = self.propertyName(property, kind: kind)
        // Its line: the next of our lines with its name. libical splits
        // `EXDATE:a,b` in two; our line already holds both values, so
        // the second is skipped.
        if let found = lines.names[cursor.next...].firstIndex(of: propertyName) {
            if found > cursor.next { takeHeldBack(cursor.next..<found, lines: lines, source: source, into: &result) }
            cursor.next = found + 1
            cursor.lastTaken = found
            // Value and parameters as written, from our own line: no
            // re-serialisation by libical.
            if let raw = source.raw(found, of: lines) {
                if raw.quoteRepaired {
                    result.problems.append(ICalProblem(kind: .repaired, line: lines.lines[found],
                        message: "\(propertyName) has a \" that is never closed; read as a plain character"))
                }
                let text = kind == ICAL_X_PROPERTY || isText(kind)
                result.append(source.property(found, of: lines, line: lines.lines[found], raw: raw, unescapes: text))
                return
            }
        } else if let earlier = lines.names[..<cursor.next].lastIndex(of: propertyName), earlier == cursor.lastTaken {
            return
        }
        result.append(ICalProperty(
            name: propertyName, value: value(property, kind: kind),
            parameters: parameters(property), line: lines.line))
    }

    /// The child components, each with its own lines in order.
    private static func appendChildren(of component: OpaquePointer, lines: borrowing LineTree, source: LineSource,
                                       into result: inout ICalComponent) {
        var childIndex = 0
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let current = child {
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
            let childLines = childIndex < lines.children.count ? lines.children[childIndex] : LineTree(line: lines.line)
            childIndex += 1
            result.children.append(self.component(current, lines: childLines, source: source))
        }
    }

    /// A component of whose lines libical was given none but BEGIN and
    /// END: every property from our own lines, in file order, as
    /// `component(_:lines:source:)` takes them when libical has none.
    static func component(lines: LineTree, source: LineSource) -> ICalComponent {
        var result = ICalComponent(name: lines.name, line: lines.line)
        result.reserveCapacity(lines.names.count)
        takeHeldBack(0..<lines.names.count, lines: lines, source: source, into: &result)
        result.children.reserveCapacity(lines.children.count)
        for child in lines.children { result.children.append(component(lines: child, source: source)) }
        return result
    }

    /// Whether every component of the tree has a name libical reads as
    /// it is written (an unknown name it reports, or renames).
    static func namesKnown(_ lines: borrowing LineTree) -> Bool {
        guard knownComponents.contains(lines.name) else { return false }
        for index in lines.children.indices where !namesKnown(lines.children[index]) { return false }
        return true
    }

    private static let knownComponents: Set<String> = ["VEVENT", "VTODO", "VJOURNAL", "VALARM", "VFREEBUSY", "VTIMEZONE", "STANDARD", "DAYLIGHT"]

    /// Whether our line `index` was kept from libical (`LineTree.LineRead.heldBack`).
    private static func isHeldBack(_ index: Int, lines: borrowing LineTree) -> Bool {
        lines.reads[index].heldBack
    }

    /// The held-back lines among `range`, in order.
    @inline(never)
    private static func takeHeldBack(_ range: Range<Int>, lines: borrowing LineTree, source: LineSource,
                                     into result: inout ICalComponent) {
        for index in range where isHeldBack(index, lines: lines) {
            takeHeldBack(index, lines: lines, source: source, into: &result)
        }
    }

    /// The held-back lines from `cursor` on, up to libical's next line, whose index it returns.
    @inline(never)
    private static func takeHeldBack(from cursor: Int, lines: borrowing LineTree, source: LineSource,
                                     into result: inout ICalComponent) -> Int {
        var cursor = cursor
        while cursor < lines.names.count, isHeldBack(cursor, lines: lines) {
            takeHeldBack(cursor, lines: lines, source: source, into: &result)
            cursor += 1
        }
        return cursor
    }

    /// A line libical never saw (`LineTree.LineRead.heldBack`): its
    /// property from our line alone.
    private static func takeHeldBack(_ index: Int, lines: borrowing LineTree, source: LineSource,
                                     into result: inout ICalComponent) {
        let line = lines.lines[index]
        let name = lines.names[index]
        guard let raw = source.raw(index, of: lines) else {
            result.problems.append(ICalProblem(kind: .parse, line: line,
                message: "\(name) has no value that can be told from its parameters; property skipped"))
            return
        }
        if raw.quoteRepaired {
            result.problems.append(ICalProblem(kind: .repaired, line: line,
                message: "\(name) has a \" that is never closed; read as a plain character"))
        }
        result.append(source.property(index, of: lines, line: line, raw: raw, unescapes: lines.reads[index].heldBackText))
    }

    /// The X-LIC-ERRORTYPE of one of libical's error properties.
    private static func errorType(_ error: OpaquePointer) -> LibicalError.Reason {
        guard let parameter = icalproperty_get_first_parameter(error, ICAL_XLICERRORTYPE_PARAMETER) else { return .other }
        switch icalparameter_get_xlicerrortype(parameter) {
        case ICAL_XLICERRORTYPE_PROPERTYPARSEERROR: return .propertyName
        case ICAL_XLICERRORTYPE_PARAMETERNAMEPARSEERROR: return .parameterName
        case ICAL_XLICERRORTYPE_PARAMETERVALUEPARSEERROR: return .parameterValue
        case ICAL_XLICERRORTYPE_VALUEPARSEERROR: return .value
        default: return .other
        }
    }

    private static func propertyName(_ property: OpaquePointer, kind: icalproperty_kind) -> String {
        if kind == ICAL_X_PROPERTY {
            if let x = icalproperty_get_x_name(property) { return String(cString: x).uppercased() }
        }
        let index = Int(kind.rawValue)
        return KindFacts.table.indices.contains(index) ? KindFacts.table[index].name : "X-UNKNOWN"
    }

    /// Whether values of this kind are TEXT (to be unescaped).
    static func isText(_ kind: icalproperty_kind) -> Bool {
        let index = Int(kind.rawValue)
        return KindFacts.table.indices.contains(index) ? KindFacts.table[index].text : false
    }

    /// Whether libical types a property of this name TEXT (asked once per
    /// name by `LineTree`).
    static func isText(name: String) -> Bool {
        isText(icalproperty_string_to_kind(name))
    }

    private static func value(_ property: OpaquePointer, kind: icalproperty_kind) -> String {
        if let value = icalproperty_get_value(property), icalvalue_isa(value) == ICAL_TEXT_VALUE {
            return icalvalue_get_text(value).map { String(cString: $0) } ?? ""
        }
        guard let raw = icalproperty_get_value_as_string_r(property) else { return "" }
        defer { icalmemory_free_buffer(raw) }
        let text = String(cString: raw)
        // libical hands back X- and unknown values still TEXT-escaped.
        return kind == ICAL_X_PROPERTY ? PropertyLine.unescapeText(text) : text
    }

    private static func parameters(_ property: OpaquePointer) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var parameter = icalproperty_get_first_parameter(property, ICAL_ANY_PARAMETER)
        while let current = parameter {
            parameter = icalproperty_get_next_parameter(property, ICAL_ANY_PARAMETER)
            guard let raw = icalparameter_as_ical_string_r(current) else { continue }
            defer { icalmemory_free_buffer(raw) }
            let text = String(cString: raw)
            guard let equals = text.firstIndex(of: "=") else { continue }
            var value = Substring(text[text.index(after: equals)...])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = value.dropFirst().dropLast()
            }
            result.append((String(text[..<equals]).uppercased(), String(value)))
        }
        return result
    }
}

/// What to make of an error libical reported for one of our lines, by the
/// reason libical gives and the kind of property, never by its message.
enum LibicalError {
    enum Reason { case propertyName, parameterName, parameterValue, value, other }
    enum Outcome {
        /// Keep the property as written: valid input, or a value busylife reads itself.
        case keep
        /// A malformed property busylife never reads: a note.
        case unused
        /// Something that may have been the user's data is gone: an error.
        case dropped
    }

    static func outcome(_ reason: Reason, propertyName name: String, readable: Bool) -> Outcome {
        guard readable else { return .dropped }
        switch reason {
        case .propertyName:
            // An iana-token or x-name libical 3.0 does not know (LINK,
            // PROXIMITY, STRUCTURED-DATA...): valid (RFC 5545 3.8.8).
            return isToken(name) ? .keep : .dropped
        case .parameterName, .parameterValue, .value:
            if readByBusylife.contains(name) || isText(name) || !known(name) { return .keep }
            return .unused
        case .other:
            return .dropped
        }
    }

    /// Properties whose values busylife parses itself (and reports when it cannot).
    static let readByBusylife: Set<String> = [
        "DTSTART", "DTEND", "DURATION", "RECURRENCE-ID", "RRULE", "EXRULE", "RDATE", "EXDATE",
        "STATUS", "TRANSP", "SEQUENCE", "UID", "TZID", "TZOFFSETFROM", "TZOFFSETTO", "ATTENDEE", "ORGANIZER",
        "FREEBUSY",
    ]

    /// Whether libical types the property as TEXT (or it is an x-name).
    static func isText(_ name: String) -> Bool {
        if name.hasPrefix("X-") { return true }
        let kind = icalproperty_string_to_kind(name)
        return kind == ICAL_X_PROPERTY || LibicalConversion.isText(kind)
    }

    private static func known(_ name: String) -> Bool {
        let kind = icalproperty_string_to_kind(name)
        return kind != ICAL_NO_PROPERTY && kind != ICAL_X_PROPERTY
    }

    /// RFC 5545's iana-token / x-name: letters, digits and dashes.
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }
}

/// A content line split into parameters and value, bytes-first: `NAME`,
/// then `;PARAM=value` (quoted values may hold `:` `;` `,`), then `:` and
/// the value up to the line's NUL. Only where each part lies is kept:
/// strings are made when a property's value or parameters are asked for
/// (`ICalProperty`), and most never are.
struct RawProperty: Sendable {
    /// The first parameter's name and value (see `hasParameters`): most
    /// lines have one parameter at most, found without a second scan.
    private var firstName: Range<Int32> = 0..<0
    private var firstValue: Range<Int32> = 0..<0
    /// Where the parameters after the first start (a `;`), or the `:`.
    private var rest: Int32 = 0
    /// The `:` before the value.
    private var colon: Int32 = 0
    /// The value, without the blanks around it (libical drops them).
    private(set) var value: Range<Int32> = 0..<0
    private(set) var hasParameters = false
    private var hasMoreParameters = false
    /// Whether the line was read only by taking an unbalanced `"` as a
    /// plain character (`CN=a"b:mailto:...`): a repair to report.
    private(set) var quoteRepaired = false

    /// No line: a property made from strings.
    init() {}

    /// The line starting at `start` of `bytes`; a `"` left open to the end
    /// is read as a plain character rather than swallowing the value.
    /// Nil when no `:` can be told from the parameters.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
        if let read = RawProperty(bytes, from: start, quotesAreLiteral: false) {
            self = read
        } else if var read = RawProperty(bytes, from: start, quotesAreLiteral: true) {
            read.quoteRepaired = true
            self = read
        } else {
            return nil
        }
    }

    private init?(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, quotesAreLiteral: Bool) {
        var index = start
        let end = bytes.count
        while index < end, bytes[index] != 0, bytes[index] != 0x3B, bytes[index] != 0x3A { index += 1 }  // ; :
        var scanner = ParameterScanner(bytes: bytes, index: index, quotesAreLiteral: quotesAreLiteral)
        if let (name, value) = scanner.next() {
            hasParameters = true
            firstName = Int32(truncatingIfNeeded: name.lowerBound)..<Int32(truncatingIfNeeded: name.upperBound)
            firstValue = Int32(truncatingIfNeeded: value.lowerBound)..<Int32(truncatingIfNeeded: value.upperBound)
            rest = Int32(truncatingIfNeeded: scanner.index)
            while scanner.next() != nil { hasMoreParameters = true }
        }
        guard scanner.atColon else { return nil }
        colon = Int32(truncatingIfNeeded: scanner.index)
        if !hasParameters { rest = colon }
        index = scanner.index + 1
        // The value runs to the line's NUL (a component's lines) or its end.
        var valueEnd = end
        if let base = bytes.baseAddress, index < end, let nul = memchr(base + index, 0, end - index) {
            valueEnd = base.distance(to: nul.assumingMemoryBound(to: UInt8.self))
        }
        while index < valueEnd, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        while valueEnd > index, bytes[valueEnd - 1] == 0x20 || bytes[valueEnd - 1] == 0x09 { valueEnd -= 1 }
        value = Int32(truncatingIfNeeded: index)..<Int32(truncatingIfNeeded: valueEnd)
    }

    /// Every range moved `offset` bytes on (from a line to its place among
    /// a component's lines).
    func shifted(by offset: Int32) -> RawProperty {
        var moved = self
        moved.firstName = (firstName.lowerBound + offset)..<(firstName.upperBound + offset)
        moved.firstValue = (firstValue.lowerBound + offset)..<(firstValue.upperBound + offset)
        moved.rest += offset
        moved.colon += offset
        moved.value = (value.lowerBound + offset)..<(value.upperBound + offset)
        return moved
    }

    /// The parameters after the first, up to the `:`.
    private func scanner(after bytes: UnsafeBufferPointer<UInt8>) -> ParameterScanner {
        ParameterScanner(bytes: UnsafeBufferPointer(rebasing: bytes[..<Int(colon + 1)]), index: Int(rest),
                         quotesAreLiteral: quoteRepaired)
    }

    /// The parameters as strings, names upper-cased, in order.
    func parameterList(_ bytes: UnsafeBufferPointer<UInt8>) -> [(name: String, value: String)] {
        guard hasParameters else { return [] }
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        func name(_ range: Range<Int>) -> String { NameCache.make(UnsafeBufferPointer(rebasing: bytes[range])) }
        var list = [(name(Int(firstName.lowerBound)..<Int(firstName.upperBound)),
                     text(Int(firstValue.lowerBound)..<Int(firstValue.upperBound)))]
        guard hasMoreParameters else { return list }
        var scanner = scanner(after: bytes)
        while let (key, value) = scanner.next() { list.append((name(key), text(value))) }
        return list
    }

    /// The value of the first parameter called `name` (upper case), found
    /// without making the others.
    func parameter(_ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        parameterRange(name, in: bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
    }

    /// Where the value of the first parameter called `name` (upper case) lies.
    func parameterRange(_ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard hasParameters else { return nil }
        var name = name
        return name.withUTF8 { wanted in
            func matches(_ key: Range<Int>) -> Bool {
                guard key.count == wanted.count else { return false }
                for offset in 0..<key.count where asciiUpper(bytes[key.lowerBound &+ offset]) != wanted[offset] { return false }
                return true
            }
            if matches(Int(firstName.lowerBound)..<Int(firstName.upperBound)) {
                return Int(firstValue.lowerBound)..<Int(firstValue.upperBound)
            }
            guard hasMoreParameters else { return nil }
            var scanner = scanner(after: bytes)
            while let (key, value) = scanner.next() { if matches(key) { return value } }
            return nil
        }
    }

    /// The value as a string, TEXT-unescaped when `unescapes`.
    func valueText(_ bytes: UnsafeBufferPointer<UInt8>, unescapes: Bool) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[Int(value.lowerBound)..<Int(value.upperBound)])
        return unescapes ? PropertyLine.unescapeText(slice) : String(decoding: slice, as: UTF8.self)
    }
}

/// Steps through a line's `;NAME=value` parameters, from a `;` (or the
/// `:` that ends them).
struct ParameterScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next parameter's `;` is, or where the parameters end.
    var index: Int
    let quotesAreLiteral: Bool

    /// Whether the parameters ended at the `:` before the value.
    var atColon: Bool { index < bytes.count && bytes[index] == 0x3A }

    /// The next parameter's name and value (unquoted, blanks after it
    /// dropped; empty without `=`); nil when the parameters end.
    mutating func next() -> (name: Range<Int>, value: Range<Int>)? {
        let end = bytes.count
        guard index < end, bytes[index] == 0x3B else { return nil }
        index += 1
        let nameStart = index
        while index < end, bytes[index] != 0, bytes[index] != 0x3D, bytes[index] != 0x3A, bytes[index] != 0x3B { index += 1 }
        let name = nameStart..<index
        guard index < end, bytes[index] == 0x3D else { return (name, index..<index) }  // =
        index += 1
        let valueStart = index
        // Unquoted values may hold a colon inside parentheses, as
        // Outlook writes `TZID=(UTC-05:00) Eastern Time`; libical reads those too.
        var quoted = false
        var depth = 0
        while index < end {
            let byte = bytes[index]
            if byte == 0 { break }
            if byte == 0x22 && !quotesAreLiteral { quoted.toggle() }
            else if !quoted && byte == 0x28 { depth += 1 }
            else if !quoted && byte == 0x29 { depth = max(0, depth - 1) }
            else if !quoted && depth == 0 && (byte == 0x3B || byte == 0x3A) { break }
            index += 1
        }
        var range = valueStart..<index
        while !range.isEmpty, bytes[range.upperBound - 1] == 0x20 || bytes[range.upperBound - 1] == 0x09 {
            range = range.lowerBound..<(range.upperBound - 1)
        }
        if range.count >= 2, bytes[range.lowerBound] == 0x22, bytes[range.upperBound - 1] == 0x22 {
            range = (range.lowerBound + 1)..<(range.upperBound - 1)
        }
        return (name, range)
    }
}

/// libical's name and value type of each property kind, asked once:
/// libical finds both by walking a table on every call.
private enum KindFacts {
    /// Kinds run past ICAL_NO_PROPERTY (100): newer ones were added after it.
    static let table: [(name: String, text: Bool)] = (0..<256).map { raw in
        let kind = icalproperty_kind(rawValue: UInt32(raw))
        let name = (raw == Int(ICAL_NO_PROPERTY.rawValue) ? nil : icalproperty_kind_to_string(kind)).map { String(cString: $0) } ?? "X-UNKNOWN"
        return (name, icalproperty_kind_to_value_kind(kind) == ICAL_TEXT_VALUE)
    }
}
