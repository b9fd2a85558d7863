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
        let kind = icalcomponent_isa(component)
        let name: String
        if kind == ICAL_X_COMPONENT || kind == ICAL_NO_COMPONENT, !lines.name.isEmpty {
            name = lines.name  // libical 3.0 keeps no name for X- components
        } else {
            name = String(cString: icalcomponent_kind_to_string(kind))
        }
        var result = ICalComponent(name: name, line: lines.line)
        result.properties.reserveCapacity(lines.names.count)
        var cursor = 0
        var lastTaken = -1

        // Lines libical never saw (`LineTree.LineRead.heldBack`) are taken in file
        // order as the cursor passes them.

        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
            let propertyKind = icalproperty_isa(current)
            if propertyKind == ICAL_XLICERROR_PROPERTY {
                let reason = errorType(current)
                let message = icalproperty_get_xlicerror(current).map { String(cString: $0) } ?? "parse error"
                if reason == .parameterName || reason == .parameterValue, lastTaken >= 0, lastTaken == cursor - 1 {
                    // A bad parameter: libical kept the property (taken just
                    // now, from our own line) and put its error after it.
                    let name = lines.names[lastTaken]
                    if LibicalError.outcome(reason, propertyName: name, readable: true) == .unused {
                        result.problems.append(ICalProblem(kind: .unusedProperty, line: lines.lines[lastTaken],
                            message: "\(name) is malformed (\(message)); busylife does not use it"))
                    }
                    continue
                }
                // Otherwise libical put its error where the bad line was.
                // (The cursor skips held-back lines: libical's next line is after them.)
                cursor = takeHeldBack(from: cursor, lines: lines, source: source, into: &result)
                let index = cursor < lines.lines.count ? cursor : nil
                let line = index.map { lines.lines[$0] } ?? lines.line
                if index != nil { cursor += 1 }
                let raw = index.flatMap { source.raw($0, of: lines) }
                let name = index.map { lines.names[$0] } ?? ""
                switch LibicalError.outcome(reason, propertyName: name, readable: raw != nil) {
                case .keep:
                    // Valid input libical 3.0 refuses (an empty TEXT value, an
                    // iana-token name or parameter, VALUE=URI on LOCATION) or a
                    // value we read ourselves: kept as written.
                    if let index, let raw {
                        lastTaken = index
                        result.properties.append(ICalProperty(
                            name: name, value: LibicalError.isText(name) ? PropertyLine.unescapeText(raw.value) : raw.value,
                            parameters: raw.parameters, line: line))
                    }
                case .unused:
                    result.problems.append(ICalProblem(kind: .unusedProperty, line: line,
                        message: "\(name) is malformed (\(message)); busylife does not use it"))
                case .dropped:
                    result.problems.append(ICalProblem(kind: .parse, line: line, message: message))
                }
                continue
            }
            let propertyName = self.propertyName(current, kind: propertyKind)
            // Its line: the next of our lines with its name. libical splits
            // `EXDATE:a,b` in two; our line already holds both values, so
            // the second is skipped.
            if let found = lines.names[cursor...].firstIndex(of: propertyName) {
                if found > cursor { takeHeldBack(cursor..<found, lines: lines, source: source, into: &result) }
                cursor = found + 1
                lastTaken = found
                // Value and parameters as written, from our own line: no
                // re-serialisation by libical.
                if let raw = source.raw(found, of: lines) {
                    if raw.quoteRepaired {
                        result.problems.append(ICalProblem(kind: .repaired, line: lines.lines[found],
                            message: "\(propertyName) has a \" that is never closed; read as a plain character"))
                    }
                    let text = propertyKind == ICAL_X_PROPERTY || isText(propertyKind)
                    result.properties.append(ICalProperty(
                        name: propertyName, value: text ? PropertyLine.unescapeText(raw.value) : raw.value,
                        parameters: raw.parameters, line: lines.lines[found]))
                    continue
                }
            } else if let earlier = lines.names[..<cursor].lastIndex(of: propertyName), earlier == lastTaken {
                continue
            }
            result.properties.append(ICalProperty(
                name: propertyName, value: value(current, kind: propertyKind),
                parameters: parameters(current), line: lines.line))
        }
        if cursor < lines.names.count { takeHeldBack(cursor..<lines.names.count, lines: lines, source: source, into: &result) }

        var childIndex = 0
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let current = child {
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
            let childLines = childIndex < lines.children.count ? lines.children[childIndex] : LineTree(line: lines.line)
            childIndex += 1
            result.children.append(self.component(current, lines: childLines, source: source))
        }
        return result
    }

    /// A component of whose lines libical was given none but BEGIN and
    /// END: every property from our own lines, in file order, as
    /// `component(_:lines:source:)` takes them when libical has none.
    static func component(lines: LineTree, source: LineSource) -> ICalComponent {
        var result = ICalComponent(name: lines.name, line: lines.line)
        result.properties.reserveCapacity(lines.names.count)
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
        let value = lines.reads[index].heldBackText ? PropertyLine.unescapeText(raw.value) : raw.value
        result.properties.append(ICalProperty(name: name, value: value, parameters: raw.parameters, line: line))
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
/// the value up to the line's NUL.
struct RawProperty {
    var parameters: [(name: String, value: String)] = []
    var value = ""

    /// Whether the line was read only by taking an unbalanced `"` as a
    /// plain character (`CN=a"b:mailto:...`): a repair to report.
    private(set) var quoteRepaired = false

    /// The line read; a `"` left open to the end is read as a plain
    /// character rather than swallowing the value.
    /// Parameter names are taken from `names`.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, names: inout NameCache) {
        if let read = RawProperty(bytes, from: start, quotesAreLiteral: false, names: &names) {
            self = read
        } else if var read = RawProperty(bytes, from: start, quotesAreLiteral: true, names: &names) {
            read.quoteRepaired = true
            self = read
        } else {
            return nil
        }
    }

    private init?(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, quotesAreLiteral: Bool, names: inout NameCache) {
        var index = start
        let end = bytes.count
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        while index < end, bytes[index] != 0, bytes[index] != 0x3B, bytes[index] != 0x3A { index += 1 }  // ; :
        while index < end, bytes[index] == 0x3B {
            index += 1
            let nameStart = index
            while index < end, bytes[index] != 0, bytes[index] != 0x3D, bytes[index] != 0x3A, bytes[index] != 0x3B { index += 1 }
            let name = names.name(UnsafeBufferPointer(rebasing: bytes[nameStart..<index]))
            var value = ""
            if index < end, bytes[index] == 0x3D {  // =
                index += 1
                let valueStart = index
                // Unquoted values may hold a colon inside parentheses, as
                // Outlook writes `TZID=(UTC-05:00) Eastern Time`; libical reads those too.
                var quoted = false
                var depth = 0
                while index < end, bytes[index] != 0 {
                    let byte = bytes[index]
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
                value = string(range)
            }
            parameters.append((name, value))
        }
        guard index < end, bytes[index] == 0x3A else { return nil }
        index += 1
        var valueEnd = index
        while valueEnd < end, bytes[valueEnd] != 0 { valueEnd += 1 }
        // Blanks around the value go, as libical drops them.
        while index < valueEnd, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        while valueEnd > index, bytes[valueEnd - 1] == 0x20 || bytes[valueEnd - 1] == 0x09 { valueEnd -= 1 }
        value = string(index..<valueEnd)
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
