#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventModel
import Foundation
import ICal

/// Reads jCal (RFC 7265) as the iCalendar text it stands for, made as the
/// `.ics` reader pulls it (`ByteSource(pulling:)`), so that jCal input goes
/// through everything `.ics` input does: zones, repairs, diagnostics, the
/// stored form for conversion.
///
/// It streams: the JSON is read one token at a time (`JSONTokenizer`) and
/// written one content line at a time, so memory holds one property, not
/// the file. Each property becomes `NAME;PARAM=value:value` (CRLF, not
/// folded): TEXT escaped again, lists joined with commas, structured values
/// with semicolons, periods with `/`, a rule object as RRULE text, dates and
/// times in basic form, `VALUE=` when the jCal type is not the property's
/// default (`JCalValueType`), and parameter values quoted when they hold
/// `:`, `;` or `,`. An `unknown` value is written as it came, with no VALUE
/// unless the parameters carry one (as `JCalWriter` keeps it).
///
/// Lines are numbered as in the jCal file where possible: blank lines are
/// written until the iCalendar line has the number of the jCal line its
/// property starts on. Where several properties share a jCal line (one
/// component a line, or a file on one line), `lineMap` says which jCal line
/// each iCalendar line came from.
///
/// Malformed jCal never stops the reader silently: a property, parameter or
/// component of the wrong JSON type is skipped with an error naming its
/// line, and a JSON syntax error (a truncated file) ends the read there with
/// an error; the component it cut is then reported by the `.ics` reader,
/// unfinished, and dropped.
final class JCalTranscoder {
    private let tokens: JSONTokenizer
    private let file: String
    private let diagnostic: (Diagnostic) -> Void
    /// Which jCal line each line written comes from.
    let lineMap = JCalLineMap()

    private var output: [UInt8] = []
    private var outputOffset = 0
    /// The number the next line written will have (1-based).
    private var nextLine = 1
    /// Open components, the calendar first.
    private var stack: [Frame] = []
    private var started = false
    private var finished = false
    private var readError: Int32?

    private struct Frame {
        var name: String
        /// In the component's array of children, else in its properties.
        var inChildren = false
        /// Nothing read yet in the current array.
        var first = true
    }

    /// Components nested deeper than this are skipped (the `.ics` reader's own limit is 10).
    static let maxDepth = 64
    /// Most blank lines written to keep line numbers equal; a larger gap goes into `lineMap`.
    static let maxPadding = 4096

    init(source: ByteSource, file: String, diagnostic: @escaping (Diagnostic) -> Void) {
        self.tokens = JSONTokenizer(source: source)
        self.file = file
        self.diagnostic = diagnostic
        output.reserveCapacity(1 << 16)
    }

    /// The producer of `ByteSource(pulling:)`: fills `buffer` with the next
    /// iCalendar bytes; 0 at the end, -1 on a read error.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if outputOffset > 0 {
            output.removeSubrange(0..<outputOffset)
            outputOffset = 0
        }
        while output.count < buffer.count && !finished { step() }
        if output.isEmpty, let readError {
            errno = readError
            return -1
        }
        let count = min(buffer.count, output.count)
        output.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: count) }
        outputOffset = count
        return count
    }

    // MARK: Structure

    /// Reads one unit: the calendar's opening, one property, the opening
    /// or closing of a component, or what follows the calendar.
    private func step() {
        do throws(JSONReadError) {
            try readUnit()
        } catch {
            stop(at: error)
        }
    }

    private func readUnit() throws(JSONReadError) {
        if !started {
            started = true
            try openComponent(try tokens.next(), in: nil)
            return
        }
        guard let frame = stack.last else {
            try readAfterCalendar()
            return
        }
        let token = try tokens.next()
        if frame.inChildren {
            try readChild(token, of: frame)
        } else if token == .endArray {
            try endProperties(of: frame)
        } else {
            try readProperty(token, of: frame)
        }
    }

    /// What follows the calendar's array: nothing, else an error; the read ends.
    private func readAfterCalendar() throws(JSONReadError) {
        let after = try tokens.next()
        if after != .end {
            diagnostic(Diagnostic(.error, .invalidJSON, at: SourcePosition(file: file, line: tokens.tokenLine),
                                  "\(JSONTokenizer.describe(after)) after the calendar's array; the rest of the file is not read"))
        }
        finish()
    }

    /// In a component's array of children: the next child, or the component's end.
    private func readChild(_ token: JSONTokenizer.Token, of frame: Frame) throws(JSONReadError) {
        if token == .endArray {
            try closeComponent()
            return
        }
        var token = token
        if !frame.first {
            guard token == .comma else { throw tokens.unexpected(token, expected: "',' or ']' after a component") }
            token = try tokens.next()
        }
        stack[stack.count - 1].first = false
        try openComponent(token, in: frame.name)
    }

    /// The properties are done: the components follow, if any.
    private func endProperties(of frame: Frame) throws(JSONReadError) {
        let after = try tokens.next()
        if after == .endArray {
            endComponent()
            return
        }
        guard after == .comma else { throw tokens.unexpected(after, expected: "',' or ']' after the properties") }
        let children = try tokens.next()
        if children == .beginArray {
            stack[stack.count - 1].inChildren = true
            stack[stack.count - 1].first = true
            return
        }
        let line = tokens.tokenLine
        try tokens.skipValue(children)
        wrong(at: line, "the components inside \(frame.name) are not an array; skipped")
        try closeComponent()
    }

    /// In a component's array of properties: the next property.
    private func readProperty(_ token: JSONTokenizer.Token, of frame: Frame) throws(JSONReadError) {
        var token = token
        if !frame.first {
            guard token == .comma else { throw tokens.unexpected(token, expected: "',' or ']' after a property") }
            token = try tokens.next()
        }
        stack[stack.count - 1].first = false
        try property(token, in: frame.name)
    }

    /// Ends the read at a JSON syntax error (reported) or a read error (kept for `read(into:)`).
    private func stop(at error: JSONReadError) {
        switch error {
        case .syntax(let message, let line, let column):
            diagnostic(Diagnostic(.error, .invalidJSON, at: SourcePosition(file: file, line: line),
                                  "not valid JSON (\(message), column \(column)); the rest of the file is not read"))
            // Only the calendar open: close it, nothing is lost by that. A
            // component left open is reported and dropped by the reader.
            if stack.count == 1 { emit(Array("END:VCALENDAR".utf8), line: line) }
        case .read(let code):
            readError = code
        }
        finish()
    }

    private func finish() {
        finished = true
        if let line = tokens.repairedTextLine {
            diagnostic(Diagnostic(.warning, .invalidUTF8, at: SourcePosition(file: file, line: line),
                                  "text with invalid UTF-8 or an unpaired \\u surrogate, repaired as U+FFFD (first here)"))
        }
    }

    /// A component whose first token is `token`: `["name", [properties], [components]]`.
    /// `parent` is nil for the calendar itself.
    private func openComponent(_ token: JSONTokenizer.Token, in parent: String?) throws(JSONReadError) {
        let line = tokens.tokenLine
        let place = parent.map { " inside \($0)" } ?? ""
        guard token == .beginArray else {
            try tokens.skipValue(token)
            wrong(at: line, "a component\(place) is \(JSONTokenizer.describe(token)), not an array; skipped")
            return
        }
        let nameToken = try tokens.next()
        guard nameToken == .string, let name = Self.name(tokens.string()) else {
            try skipRest(from: nameToken)
            wrong(at: line, "a component\(place) without a name; skipped")
            return
        }
        if parent == nil && name != "VCALENDAR" {
            try skipRest(after: nameToken)
            wrong(at: line, "not a jCal calendar (\(name) instead of vcalendar); file skipped")
            return
        }
        let after = try tokens.next()
        if after == .endArray {
            emit(Array("BEGIN:\(name)".utf8), line: line)
            emit(Array("END:\(name)".utf8), line: tokens.tokenLine)
            return
        }
        guard after == .comma else { throw tokens.unexpected(after, expected: "',' or ']' after a component's name") }
        let properties = try tokens.next()
        guard properties == .beginArray else {
            try skipRest(from: properties)
            wrong(at: line, "the properties of \(name) are not an array; \(name) skipped")
            return
        }
        if stack.count >= Self.maxDepth {
            try tokens.skipValue(properties)
            try skipRest(after: properties)
            wrong(at: line, "components nested deeper than \(Self.maxDepth); \(name) skipped")
            return
        }
        emit(Array("BEGIN:\(name)".utf8), line: line)
        stack.append(Frame(name: name))
    }

    /// After a component's array of children: its closing bracket (anything
    /// before it skipped), and its END line.
    private func closeComponent() throws(JSONReadError) {
        let token = try tokens.next()
        if token != .endArray {
            guard token == .comma else { throw tokens.unexpected(token, expected: "']' closing a component") }
            let name = stack.last?.name ?? ""
            let line = tokens.tokenLine
            try skipRest(from: try tokens.next())
            wrong(at: line, "\(name) has more than a name, properties and components; the rest of it skipped")
        }
        endComponent()
    }

    private func endComponent() {
        let frame = stack.removeLast()
        emit(Array("END:\(frame.name)".utf8), line: tokens.tokenLine)
    }

    /// Skips the rest of an array whose next element (or closing bracket) is `token`.
    private func skipRest(from token: JSONTokenizer.Token) throws(JSONReadError) {
        var token = token
        while token != .endArray {
            try tokens.skipValue(token)
            let after = try tokens.next()
            if after == .endArray { return }
            guard after == .comma else { throw tokens.unexpected(after, expected: "',' or ']'") }
            token = try tokens.next()
        }
    }

    /// Skips the rest of an array after an element already read.
    private func skipRest(after element: JSONTokenizer.Token) throws(JSONReadError) {
        let after = try tokens.next()
        if after == .endArray { return }
        guard after == .comma else { throw tokens.unexpected(after, expected: "',' or ']'") }
        try skipRest(from: try tokens.next())
    }

    /// A structural problem: what is skipped, with its jCal line.
    private func wrong(at line: Int, _ message: String) {
        diagnostic(Diagnostic(.error, .wrongType, at: SourcePosition(file: file, line: line), message))
    }

    /// A component, property or parameter name in upper case, if a content
    /// line can hold it as the `.ics` reader reads names: not empty once
    /// blanks around it are gone, no control character, no `:` or `;`
    /// (they end a name), and for a parameter no `=`. Anything else is
    /// kept, as that reader keeps it (a real calendar has `"NAME"` and
    /// `REFRESH - INTERVAL`).
    static func name(_ text: String, parameter: Bool = false) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var start = 0, end = bytes.count
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            guard start < end else { return nil }
            var ascii = true
            for byte in bytes[start..<end] {
                if byte < 0x20 || byte == 0x7F || byte == 0x3A || byte == 0x3B || (parameter && byte == 0x3D) { return nil }
                if byte >= 0x80 { ascii = false }
            }
            let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
            guard ascii else { return String(decoding: name, as: UTF8.self).uppercased() }
            // ASCII (nearly always): upper-cased byte by byte.
            return String(unsafeUninitializedCapacity: name.count) { out in
                for (index, byte) in name.enumerated() { out[index] = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }
                return name.count
            }
        }
    }

    // MARK: Properties

    /// A JSON value of a property, as far as a content line needs it.
    enum Value {
        case string(String)
        /// As written in the JSON (its grammar checked).
        case number(String)
        case bool(Bool)
        case array([Value])
        case object([(key: String, value: Value)])
    }

    /// Deepest nesting inside one value: a structured value holds lists (2);
    /// a rule object holds arrays (2).
    private static let maxValueDepth = 2

    /// A property whose first token is `token`: `["name", {parameters}, "type", value...]`.
    private func property(_ token: JSONTokenizer.Token, in component: String) throws(JSONReadError) {
        let line = tokens.tokenLine
        guard token == .beginArray else {
            try tokens.skipValue(token)
            wrong(at: line, "a property of \(component) is \(JSONTokenizer.describe(token)), not an array; skipped")
            return
        }
        var next = try tokens.next()
        guard next == .string, let name = Self.name(tokens.string()) else {
            try skipRest(from: next)
            wrong(at: line, "a property of \(component) without a name; skipped")
            return
        }
        func skipped(_ why: String) {
            wrong(at: line, "\(name) of \(component): \(why); property skipped")
        }
        next = try tokens.next()
        guard next == .comma else {
            if next == .endArray { return skipped("no parameters, type or value") }
            throw tokens.unexpected(next, expected: "','")
        }
        next = try tokens.next()
        guard next == .beginObject else {
            let found = JSONTokenizer.describe(next)
            try skipRest(from: next)
            return skipped("its parameters are \(found), not an object")
        }
        let (parameters, badParameter) = try readParameters()
        next = try tokens.next()
        guard next == .comma else {
            if next == .endArray { return skipped("no type or value") }
            throw tokens.unexpected(next, expected: "','")
        }
        next = try tokens.next()
        guard next == .string, let typeName = Self.name(tokens.string(), parameter: true) else {
            try skipRest(from: next)
            return skipped("its type is not a name")
        }
        var values: [Value] = []
        var badValue = false
        while true {
            next = try tokens.next()
            if next == .endArray { break }
            guard next == .comma else { throw tokens.unexpected(next, expected: "',' or ']'") }
            if let value = try readValue(try tokens.next(), depth: 0) { values.append(value) } else { badValue = true }
        }
        if let badParameter { return skipped("parameter \(badParameter) is not a string or an array of strings") }
        if badValue { return skipped("a value is null or nested too deep") }
        guard let text = contentLine(name: name, parameters: parameters, type: typeName.lowercased(), values: values) else {
            return skipped("a value does not fit type \(typeName.lowercased())")
        }
        emit(text, line: line)
    }

    /// The parameters object after its `{`: names in upper case with their
    /// values, and the first name whose value is not a string (or strings).
    private func readParameters() throws(JSONReadError) -> ([(String, [String])], String?) {
        var parameters: [(String, [String])] = []
        var bad: String?
        var token = try tokens.next()
        if token == .endObject { return (parameters, nil) }
        while true {
            guard token == .string else { throw tokens.unexpected(token, expected: "a parameter name") }
            let key = tokens.string()
            let colon = try tokens.next()
            guard colon == .colon else { throw tokens.unexpected(colon, expected: "':'") }
            let value = try readValue(try tokens.next(), depth: Self.maxValueDepth - 1)
            var strings: [String]?
            switch value {
            case .string(let text)?: strings = [text]
            case .number(let text)?: strings = [text]
            case .bool(let flag)?: strings = [flag ? "TRUE" : "FALSE"]
            case .array(let items)?:
                strings = []
                for item in items {
                    switch item {
                    case .string(let text): strings?.append(text)
                    case .number(let text): strings?.append(text)
                    case .bool(let flag): strings?.append(flag ? "TRUE" : "FALSE")
                    default: strings = nil
                    }
                }
            default: strings = nil
            }
            if let strings, let name = Self.name(key, parameter: true) {
                parameters.append((name, strings))
            } else if bad == nil {
                bad = key
            }
            token = try tokens.next()
            if token == .endObject { return (parameters, bad) }
            guard token == .comma else { throw tokens.unexpected(token, expected: "',' or '}'") }
            token = try tokens.next()
        }
    }

    /// The value `token` begins, read whole; nil (the value consumed) for
    /// null or nesting deeper than `maxValueDepth`.
    private func readValue(_ token: JSONTokenizer.Token, depth: Int) throws(JSONReadError) -> Value? {
        switch token {
        case .string: return .string(tokens.string())
        case .number: return .number(String(decoding: tokens.numberText, as: UTF8.self))
        case .bool(let flag): return .bool(flag)
        case .null: return nil
        case .beginArray, .beginObject:
            guard depth < Self.maxValueDepth else {
                try tokens.skipValue(token)
                return nil
            }
            var bad = false
            var items: [Value] = []
            var members: [(key: String, value: Value)] = []
            let isObject = token == .beginObject
            var next = try tokens.next()
            if next == (isObject ? .endObject : .endArray) { return isObject ? .object([]) : .array([]) }
            while true {
                var key = ""
                if isObject {
                    guard next == .string else { throw tokens.unexpected(next, expected: "a key") }
                    key = tokens.string()
                    let colon = try tokens.next()
                    guard colon == .colon else { throw tokens.unexpected(colon, expected: "':'") }
                    next = try tokens.next()
                }
                if let value = try readValue(next, depth: depth + 1) {
                    if isObject { members.append((key, value)) } else { items.append(value) }
                } else {
                    bad = true
                }
                next = try tokens.next()
                if next == (isObject ? .endObject : .endArray) { break }
                guard next == .comma else { throw tokens.unexpected(next, expected: isObject ? "',' or '}'" : "',' or ']'") }
                next = try tokens.next()
            }
            if bad { return nil }
            return isObject ? .object(members) : .array(items)
        default:
            throw tokens.unexpected(token, expected: "a value")
        }
    }

    // MARK: Writing a content line

    /// `NAME;VALUE=TYPE;PARAM=value:value`, or nil when a value does not
    /// fit `type` (an object for a type other than recur, a period that is
    /// not two strings, lists nested in lists).
    func contentLine(name: String, parameters: [(String, [String])], type: String, values: [Value]) -> [UInt8]? {
        var line: [UInt8] = []
        line.reserveCapacity(64)
        line.append(contentsOf: name.utf8)
        let known = JCalValueType.named(type)
        let isUnknown = known == .unknown
        if !isUnknown && type != JCalValueType.defaultType(ofProperty: name).rawValue {
            line.append(contentsOf: ";VALUE=".utf8)
            line.append(contentsOf: type.uppercased().utf8)
        }
        for (parameter, values) in parameters {
            // VALUE is the type's business, except for `unknown`, which keeps what it said.
            if parameter == "VALUE" && !isUnknown { continue }
            line.append(0x3B)
            line.append(contentsOf: parameter.utf8)
            line.append(0x3D)
            for (index, value) in values.enumerated() {
                if index > 0 { line.append(0x2C) }
                Self.appendParameterValue(value, to: &line)
            }
        }
        line.append(0x3A)
        for (index, value) in values.enumerated() {
            if index > 0 { line.append(0x2C) }
            guard Self.append(value, as: known, to: &line) else { return nil }
        }
        return line
    }

    /// One value: a scalar in iCalendar's form, a period, a structured
    /// value (parts with `;`, lists inside with `,`), or a rule.
    private static func append(_ value: Value, as type: JCalValueType?, to line: inout [UInt8], inStructure: Bool = false) -> Bool {
        switch value {
        case .string(let text):
            appendScalar(text, as: type, to: &line)
        case .number(let text):
            line.append(contentsOf: text.utf8)
        case .bool(let flag):
            line.append(contentsOf: (flag ? "TRUE" : "FALSE").utf8)
        case .array(let items) where type == .period:
            guard items.count == 2, case .string(let start) = items[0], case .string(let end) = items[1] else { return false }
            appendScalar(start + "/" + end, as: .period, to: &line)
        case .array(let items):
            // A structured value: parts with `;`; a part that is an array is a list.
            for (index, item) in items.enumerated() {
                if index > 0 { line.append(inStructure ? 0x2C : 0x3B) }
                if case .array = item, inStructure { return false }
                if case .object = item { return false }
                guard append(item, as: type, to: &line, inStructure: true) else { return false }
            }
        case .object(let members):
            guard type == .recur, !inStructure else { return false }
            for (index, member) in members.enumerated() {
                if index > 0 { line.append(0x3B) }
                line.append(contentsOf: member.key.uppercased().utf8)
                line.append(0x3D)
                let isUntil = member.key.lowercased() == "until"
                let parts: [Value]
                if case .array(let items) = member.value { parts = items } else { parts = [member.value] }
                for (index, part) in parts.enumerated() {
                    if index > 0 { line.append(0x2C) }
                    switch part {
                    case .string(let text): appendScalar(text, as: isUntil ? .dateTime : nil, to: &line)
                    case .number(let text): line.append(contentsOf: text.utf8)
                    case .bool(let flag): line.append(contentsOf: (flag ? "TRUE" : "FALSE").utf8)
                    case .array, .object: return false
                    }
                }
            }
        }
        return true
    }

    /// A string value in iCalendar's form: TEXT escaped, dates and times
    /// without their `-` and `:`, a period's two ends; any other type as it
    /// came (a line break in it written `\n`, which is all a line can hold).
    private static func appendScalar(_ text: String, as type: JCalValueType?, to line: inout [UInt8]) {
        switch type {
        case .text?:
            ICalText.escape(text, into: &line)
        case .date?, .dateTime?:
            for byte in text.utf8 where byte != 0x2D && byte != 0x3A { line.append(byte) }
        case .time?, .utcOffset?:
            for byte in text.utf8 where byte != 0x3A { line.append(byte) }
        case .period?:
            let ends = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            for (index, end) in ends.enumerated() {
                if index > 0 { line.append(0x2F) }
                let isDuration = end.first == "P" || end.hasPrefix("+P") || end.hasPrefix("-P")
                appendScalar(String(end), as: isDuration ? .duration : .dateTime, to: &line)
            }
        default:
            var previousCR = false
            for byte in text.utf8 {
                if byte == 0x0A || byte == 0x0D {
                    if !(byte == 0x0A && previousCR) { line.append(contentsOf: [0x5C, 0x6E]) }
                } else {
                    line.append(byte)
                }
                previousCR = byte == 0x0D
            }
        }
    }

    /// A parameter value, quoted when it holds `:`, `;` or `,`. A line
    /// break, which no parameter value can hold, in RFC 6868's form (`^n`);
    /// so is a `"` inside quotes (`^'`). A `"` in a value that needs no
    /// quotes is written as it is: the `.ics` reader takes a quote that is
    /// never closed as a plain character, which is how it read it.
    private static func appendParameterValue(_ value: String, to line: inout [UInt8]) {
        let quoted = value.utf8.contains { $0 == 0x3A || $0 == 0x3B || $0 == 0x2C }
        if quoted { line.append(0x22) }
        var previousCR = false
        for byte in value.utf8 {
            switch byte {
            case 0x22 where quoted: line.append(contentsOf: [0x5E, 0x27])
            case 0x0A: if !previousCR { line.append(contentsOf: [0x5E, 0x6E]) }
            case 0x0D: line.append(contentsOf: [0x5E, 0x6E])
            default: line.append(byte)
            }
            previousCR = byte == 0x0D
        }
        if quoted { line.append(0x22) }
    }

    /// Writes one line (and blank lines before it to keep numbers equal).
    private func emit(_ bytes: [UInt8], line: Int) {
        if nextLine < line && line - nextLine <= Self.maxPadding {
            for _ in nextLine..<line { output.append(contentsOf: [0x0D, 0x0A]) }
            nextLine = line
        }
        lineMap.note(line: nextLine, from: line)
        output.append(contentsOf: bytes)
        output.append(contentsOf: [0x0D, 0x0A])
        nextLine += 1
    }
}

/// Which jCal line each line of the iCalendar text made from it comes
/// from, as runs: from a line on, each line is either the jCal line of
/// the same number or one given jCal line. A file written with one
/// property a line needs one run; one written with a component a line,
/// one run a component.
final class JCalLineMap {
    private var starts: [Int] = [1]
    /// The jCal line of each run, or 0 for lines numbered as in the jCal file.
    private var lines: [Int] = [0]

    /// Line `line` of the text comes from jCal line `source` (lines are noted in order).
    func note(line: Int, from source: Int) {
        let target = line == source ? 0 : source
        if lines[lines.count - 1] != target {
            starts.append(line)
            lines.append(target)
        }
    }

    /// A message with the lines it names (`begun at line 12`) turned into jCal lines.
    func jcalLines(in message: String) -> String {
        guard message.contains("line ") else { return message }
        var result = ""
        var rest = message[...]
        while let found = rest.range(of: "line ") {
            result += rest[..<found.upperBound]
            rest = rest[found.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if let number = Int(digits) {
                result += String(jcalLine(number))
                rest = rest.dropFirst(digits.count)
            }
        }
        return result + rest
    }

    /// The jCal line that text line `line` comes from (0 stays 0: the file as a whole).
    func jcalLine(_ line: Int) -> Int {
        guard line > 0 else { return line }
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= line { low = middle } else { high = middle - 1 }
        }
        return lines[low] == 0 ? line : lines[low]
    }
}
