import ICal
import Plumbing

/// Writes jCal (RFC 7265) as it goes: `begin` opens the calendar with its
/// own properties, `write` adds one top-level component (its children
/// included) on a line of its own, `end` closes the calendar. The owner
/// drains the `ByteWriter` between calls, so memory does not grow with the
/// calendar.
///
/// ```
/// ["vcalendar",[["version",{},"text","2.0"]],[
/// ["vevent",[["uid",{},"text","a"],["dtstart",{"tzid":"Europe/Berlin"},"date-time","2026-01-02T10:00:00"]],[]],
/// ["vevent",[...],[...]]
/// ]]
/// ```
///
/// Each property becomes `["name",{parameters},"type",value...]`: names in
/// lower case; the type from a VALUE parameter, else the property's default
/// (`JCalValueType`), and the VALUE parameter itself not written; values
/// in jCal's forms (dates with dashes, TEXT unescaped, lists as several
/// values, GEO and REQUEST-STATUS as one array, a rule as an object). A
/// value that is not of its type (a malformed DTSTART kept as written) or
/// whose VALUE names a type jCal does not know is written as `unknown`,
/// as written, with its VALUE parameter kept among the parameters, so
/// reading the jCal back gives the line that was read.
package struct JCalWriter {
    private var begun = false
    private var ended = false
    private var components = 0

    package init() {}

    /// Opens the calendar: `["vcalendar",[properties],[`.
    package mutating func begin(calendarProperties: [StoredProperty], into out: inout ByteWriter) {
        guard !begun else { return }
        begun = true
        Self.calendarHead(calendarProperties, to: &out)
    }

    /// One top-level component, after a line break (and a comma after the first).
    package mutating func write(_ component: StoredComponent, into out: inout ByteWriter) {
        begin(calendarProperties: [], into: &out)
        out.append(components == 0 ? "\n" : ",\n")
        Self.component(component, to: &out)
        components += 1
    }

    /// Closes the calendar (opening it first if nothing was written).
    package mutating func end(into out: inout ByteWriter) {
        guard !ended else { return }
        begin(calendarProperties: [], into: &out)
        ended = true
        Self.calendarTail(to: &out)
    }

    // The same in pieces, for a writer that keeps the separators itself
    // (the components a line, a comma between them).

    /// `["vcalendar",[properties],[`.
    package static func calendarHead(_ properties: [StoredProperty], to out: inout ByteWriter) {
        out.append("[\"vcalendar\",[")
        for (index, property) in properties.enumerated() {
            if index > 0 { out.append(",") }
            append(property, to: &out)
        }
        out.append("],[")
    }

    /// One component, its children included, with nothing before or after it.
    package static func component(_ component: StoredComponent, to out: inout ByteWriter) {
        append(component, to: &out)
    }

    /// `\n]]\n`: the end of the components and of the calendar.
    package static func calendarTail(to out: inout ByteWriter) {
        out.append("\n]]\n")
    }

    /// A component as a jCal array: `["name",[properties],[children]]`.
    package static func append(_ component: StoredComponent, to out: inout ByteWriter) {
        out.append("[")
        out.appendJSONString(component.name.lowercased())
        out.append(",[")
        let (properties, children) = component.parts
        for (index, property) in properties.enumerated() {
            if index > 0 { out.append(",") }
            append(property, to: &out)
        }
        out.append("],[")
        for (index, child) in children.enumerated() {
            if index > 0 { out.append(",") }
            append(child, to: &out)
        }
        out.append("]]")
    }

    /// A parameter value as jCal holds it, a plain JSON string: RFC 6868's
    /// escapes, which only iCalendar's text needs, undone.
    private static func plain(_ value: String) -> String {
        var value = value
        return value.withUTF8 { ICalText.unescapeParameter($0) }
    }

    /// A property as a jCal array: `["name",{parameters},"type",value...]`.
    package static func append(_ property: StoredProperty, to out: inout ByteWriter) {
        let valueParameter = property.parameter("VALUE")
        let named = valueParameter.map { JCalValueType(valueParameter: $0) }
        var type = named.map { $0 ?? .unknown } ?? JCalValueType.defaultType(ofProperty: property.name)
        var values = type == .unknown ? nil : JCalValue.values(of: property.value, as: type, property: property.name)
        if values == nil {
            type = .unknown
            values = [.string(property.value)]
        }
        // `unknown` keeps what VALUE said, among the parameters; any other type stands for it.
        let keepsValue = type == .unknown
        out.append("[")
        out.appendJSONString(property.name.lowercased())
        out.append(",{")
        var first = true
        for parameter in property.parameters where keepsValue || parameter.name != "VALUE" {
            if !first { out.append(",") }
            first = false
            out.appendJSONString(parameter.name.lowercased())
            out.append(":")
            if parameter.values.count > 1 {
                out.append("[")
                for (index, value) in parameter.values.enumerated() {
                    if index > 0 { out.append(",") }
                    out.appendJSONString(plain(value))
                }
                out.append("]")
            } else {
                out.appendJSONString(plain(parameter.values.first ?? ""))
            }
        }
        out.append("},")
        out.appendJSONString(type.rawValue)
        for value in values! {
            out.append(",")
            value.append(to: &out)
        }
        out.append("]")
    }
}

/// A value in jCal's form, before it is written.
enum JCalValue: Equatable {
    case string(String)
    /// A JSON number, as text (digits kept as written, never through a Double).
    case number(String)
    case bool(Bool)
    case array([JCalValue])
    case object([Member])

    struct Member: Equatable {
        var key: String
        var value: JCalValue
    }

    func append(to out: inout ByteWriter) {
        switch self {
        case .string(let text): out.appendJSONString(text)
        case .number(let text): out.append(text)
        case .bool(let value): out.append(value ? "true" : "false")
        case .array(let items):
            out.append("[")
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(",") }
                item.append(to: &out)
            }
            out.append("]")
        case .object(let members):
            out.append("{")
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(",") }
                out.appendJSONString(member.key)
                out.append(":")
                member.value.append(to: &out)
            }
            out.append("}")
        }
    }

    // MARK: From iCalendar text

    /// The jCal values of a property's value as written, or nil if it is
    /// not of `type`: several for a list property (RFC 7265 3.4.1.2), one
    /// array for GEO and REQUEST-STATUS (3.4.1.3), else one.
    static func values(of raw: String, as type: JCalValueType, property name: String) -> [JCalValue]? {
        if JCalValueType.isStructured(property: name) && type == JCalValueType.defaultType(ofProperty: name) {
            return structured(raw, as: type).map { [$0] }
        }
        let pieces = JCalValueType.isMultiValued(property: name)
            ? ICalText.split(raw, at: 0x2C, escapes: type == .text) : [Substring(raw)]
        var values: [JCalValue] = []
        values.reserveCapacity(pieces.count)
        for piece in pieces {
            guard let value = scalar(piece, as: type) else { return nil }
            values.append(value)
        }
        return values
    }

    /// GEO (`37.386013;-122.082932`, two floats) or REQUEST-STATUS (text parts).
    private static func structured(_ raw: String, as type: JCalValueType) -> JCalValue? {
        let parts = ICalText.split(raw, at: 0x3B, escapes: type == .text)
        if type == .float {
            guard parts.count == 2 else { return nil }
            var numbers: [JCalValue] = []
            for part in parts {
                guard let number = float(part) else { return nil }
                numbers.append(.number(number))
            }
            return .array(numbers)
        }
        return .array(parts.map { .string(ICalText.unescape(String($0))) })
    }

    static func scalar(_ text: Substring, as type: JCalValueType) -> JCalValue? {
        switch type {
        case .text: return .string(ICalText.unescape(String(text)))
        case .date: return date(text).map(JCalValue.string)
        case .dateTime: return dateTime(text).map(JCalValue.string)
        case .time: return time(text).map(JCalValue.string)
        case .utcOffset: return utcOffset(text).map(JCalValue.string)
        case .duration: return isDuration(text) ? .string(String(text)) : nil
        case .period:
            let ends = text.split(separator: "/", omittingEmptySubsequences: false)
            guard ends.count == 2, let start = dateTime(ends[0]) else { return nil }
            if let end = dateTime(ends[1]) { return .array([.string(start), .string(end)]) }
            return isDuration(ends[1]) ? .array([.string(start), .string(String(ends[1]))]) : nil
        case .integer: return integer(text).map(JCalValue.number)
        case .float: return float(text).map(JCalValue.number)
        case .boolean:
            switch text.uppercased() {
            case "TRUE": return .bool(true)
            case "FALSE": return .bool(false)
            default: return nil
            }
        case .recur: return rule(text)
        case .binary, .calAddress, .uri, .unknown: return .string(String(text))
        }
    }

    /// A recurrence rule as an object (RFC 7265 3.6.10): parts in the
    /// order written, names in lower case, UNTIL as a jCal date or
    /// date-time, numbers as numbers, several values as an array. Nil for
    /// a part without `=`, a part given twice, or a COUNT, INTERVAL or
    /// UNTIL that is not of its type; empty parts (`;;`, a last `;`) are dropped.
    static func rule(_ text: Substring) -> JCalValue? {
        var members: [Member] = []
        var seen = Set<String>()
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard let equals = part.firstIndex(of: "=") else { return nil }
            let name = part[..<equals].uppercased()
            let value = part[part.index(after: equals)...]
            guard !name.isEmpty, seen.insert(name).inserted else { return nil }
            let converted: JCalValue
            switch name {
            case "UNTIL":
                guard let until = date(value) ?? dateTime(value) else { return nil }
                converted = .string(until)
            case "COUNT", "INTERVAL":
                guard let number = integer(value) else { return nil }
                converted = .number(number)
            case "BYDAY":
                converted = list(value) { .string(String($0)) }
            case _ where JCalValueType.isNumericRulePart(name):
                // RFC 7529's leap months (`5L`) stay strings.
                converted = list(value) { element in integer(element).map(JCalValue.number) ?? .string(String(element)) }
            default:
                converted = .string(String(value))
            }
            members.append(Member(key: name.lowercased(), value: converted))
        }
        return members.isEmpty ? nil : .object(members)
    }

    /// One value, or an array when the text lists several.
    private static func list(_ text: Substring, _ element: (Substring) -> JCalValue) -> JCalValue {
        let elements = text.split(separator: ",", omittingEmptySubsequences: false)
        return elements.count == 1 ? element(elements[0]) : .array(elements.map(element))
    }

    // MARK: Value syntax (RFC 5545 3.3)

    private static func isDigits(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isDigit)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `20260102` → `2026-01-02`.
    static func date(_ text: Substring) -> String? {
        date(ArraySlice(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `20260102T100000Z` → `2026-01-02T10:00:00Z` (floating and TZID times without `Z`).
    static func dateTime(_ text: Substring) -> String? {
        let utf8 = ArraySlice(text.utf8)
        guard utf8.count >= 15, utf8[utf8.startIndex + 8] == 0x54,  // T
              let date = date(utf8.prefix(8)), let time = time(utf8.dropFirst(9)) else { return nil }
        return String(decoding: date, as: UTF8.self) + "T" + String(decoding: time, as: UTF8.self)
    }

    /// `103000` → `10:30:00`, `103000Z` → `10:30:00Z`.
    static func time(_ text: Substring) -> String? {
        time(ArraySlice(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func date(_ utf8: ArraySlice<UInt8>) -> [UInt8]? {
        guard utf8.count == 8, utf8.allSatisfy(isDigit) else { return nil }
        var result = Array(utf8)
        result.insert(0x2D, at: 6)
        result.insert(0x2D, at: 4)
        return result
    }

    private static func time(_ utf8: ArraySlice<UInt8>) -> [UInt8]? {
        let utc = utf8.last == 0x5A  // Z
        let digits = utc ? utf8.dropLast() : utf8
        guard digits.count == 6, digits.allSatisfy(isDigit) else { return nil }
        var result = Array(digits)
        result.insert(0x3A, at: 4)
        result.insert(0x3A, at: 2)
        if utc { result.append(0x5A) }
        return result
    }

    /// `-0500` → `-05:00`, `+053600` → `+05:36:00`.
    static func utcOffset(_ text: Substring) -> String? {
        let utf8 = Array(text.utf8)
        guard let sign = utf8.first, sign == 0x2B || sign == 0x2D, utf8.count == 5 || utf8.count == 7,
              utf8.dropFirst().allSatisfy(isDigit) else { return nil }
        var result = utf8
        if utf8.count == 7 { result.insert(0x3A, at: 5) }
        result.insert(0x3A, at: 3)
        return String(decoding: result, as: UTF8.self)
    }

    /// `[+-]P`, then weeks (`P2W`), or days and/or a time: `T` with hours,
    /// minutes and seconds in that order, at least one.
    static func isDuration(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        guard index < bytes.count, bytes[index] == 0x50 else { return false }  // P
        index += 1
        func number() -> Bool {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index > start && index < bytes.count
        }
        var days = false
        if index < bytes.count, bytes[index] != 0x54 {  // not T: weeks or days
            guard number() else { return false }
            if bytes[index] == 0x57 { return index + 1 == bytes.count }  // W
            guard bytes[index] == 0x44 else { return false }  // D
            index += 1
            days = true
        }
        if index == bytes.count { return days }
        guard bytes[index] == 0x54 else { return false }  // T
        index += 1
        let units: [UInt8] = [0x48, 0x4D, 0x53]  // H M S
        var next = 0
        var found = false
        while index < bytes.count {
            guard number(), let at = units[next...].firstIndex(of: bytes[index]) else { return false }
            index += 1
            next = at + 1
            found = true
        }
        return found
    }

    /// `[+-]digits` as a JSON number (no `+`, no leading zeros).
    static func integer(_ text: Substring) -> String? {
        var utf8 = text.utf8[...]
        var negative = false
        if let sign = utf8.first, sign == 0x2B || sign == 0x2D {
            negative = sign == 0x2D
            utf8 = utf8.dropFirst()
        }
        guard isDigits(utf8) else { return nil }
        let digits = utf8.drop { $0 == 0x30 }
        return (negative ? "-" : "") + (digits.isEmpty ? "0" : String(decoding: digits, as: UTF8.self))
    }

    /// `[+-]digits[.digits]` as a JSON number (no `+`, no leading zeros).
    static func float(_ text: Substring) -> String? {
        guard let dot = text.firstIndex(of: ".") else { return integer(text) }
        guard let whole = integer(text[..<dot]) else { return nil }
        let fraction = text[text.index(after: dot)...]
        guard isDigits(fraction.utf8) else { return nil }
        // `-0.5` keeps its sign even though its whole part is 0.
        let sign = text.first == "-" && whole == "0" ? "-" : ""
        return sign + whole + "." + fraction
    }
}
