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
    static func component(_ component: OpaquePointer, lines: LineTree) -> ICalComponent {
        let kind = icalcomponent_isa(component)
        let name: String
        if kind == ICAL_X_COMPONENT || kind == ICAL_NO_COMPONENT, !lines.name.isEmpty {
            name = lines.name  // libical 3.0 keeps no name for X- components
        } else {
            name = String(cString: icalcomponent_kind_to_string(kind))
        }
        var result = ICalComponent(name: name, line: lines.line)
        var cursor = 0

        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
            let propertyKind = icalproperty_isa(current)
            if propertyKind == ICAL_XLICERROR_PROPERTY {
                // libical put its error where the bad line was.
                let line = cursor < lines.lines.count ? lines.lines[cursor] : lines.line
                if cursor < lines.lines.count { cursor += 1 }
                let message = icalproperty_get_xlicerror(current).map { String(cString: $0) } ?? "parse error"
                result.problems.append(ICalProblem(kind: .parse, line: line, message: message))
                continue
            }
            let propertyName = self.propertyName(current, kind: propertyKind)
            // Its line: the next of our lines with its name (libical splits
            // `EXDATE:a,b` in two; the second takes the first's line).
            var line = lines.line
            if let found = lines.names[cursor...].firstIndex(of: propertyName) {
                line = lines.lines[found]
                cursor = found + 1
            } else if let earlier = lines.names[..<cursor].lastIndex(of: propertyName) {
                line = lines.lines[earlier]
            }
            result.properties.append(ICalProperty(
                name: propertyName, value: value(current, kind: propertyKind),
                parameters: parameters(current), line: line))
        }

        var childIndex = 0
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let current = child {
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
            let childLines = childIndex < lines.children.count ? lines.children[childIndex] : LineTree(line: lines.line)
            childIndex += 1
            result.children.append(self.component(current, lines: childLines))
        }
        return result
    }

    private static func propertyName(_ property: OpaquePointer, kind: icalproperty_kind) -> String {
        if kind == ICAL_X_PROPERTY {
            if let x = icalproperty_get_x_name(property) { return String(cString: x).uppercased() }
        }
        if let known = icalproperty_kind_to_string(kind) { return String(cString: known) }
        return "X-UNKNOWN"
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
