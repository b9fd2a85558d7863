import EventModel
import Foundation

/// Reads BusyLife's `events.json` (SEMANTICS.md section 1): a JSON array of
/// events with `startDate` (Unix seconds, maybe fractional), `range`
/// (seconds), `type`, `title`, `desc`, `attends` and `location` (an object
/// or, in older files, a string). Unknown keys are ignored; a known key of
/// the wrong type is a diagnostic.
struct BusyLifeImporter {
    func read(_ data: [UInt8], file: String, stem: String, report: inout ImportReport,
              event: (consuming Event) -> Bool, diagnostic: (Diagnostic) -> Void) -> Bool {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: Data(data))
        } catch {
            diagnostic(Diagnostic(.error, .invalidJSON, at: SourcePosition(file: file, line: Self.line(of: error)),
                                  "not valid JSON (\(Self.reason(error))); file skipped"))
            return true
        }
        guard case .array(let items) = root else {
            diagnostic(Diagnostic(.error, .wrongType, at: SourcePosition(file: file, line: 1),
                                  "events.json must be an array of events; file skipped"))
            return true
        }
        let lines = Self.elementLines(data)
        var seen: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let at = SourcePosition(file: file, line: index < lines.count ? lines[index] : 1)
            guard let built = build(item, index: index, calendar: stem, at: at, diagnostic: diagnostic) else { continue }
            var made = built
            // Identical events get the same derived uid: number the repeats.
            let count = seen[made.uid, default: 0] + 1
            seen[made.uid] = count
            if count > 1 { made.uid += "-\(count)" }
            report.count(made)
            if !event(consume made) { return false }
        }
        return true
    }

    private func build(_ item: JSONValue, index: Int, calendar: String, at: SourcePosition,
                       diagnostic: (Diagnostic) -> Void) -> Event? {
        guard case .object(let fields) = item else {
            diagnostic(Diagnostic(.error, .wrongType, at: at, "event \(index) is not an object; skipped"))
            return nil
        }
        func wrong(_ key: String, _ expected: String, dropped: String = "ignored") {
            diagnostic(Diagnostic(.error, .wrongType, at: at, "event \(index): \"\(key)\" should be \(expected); \(dropped)"))
        }
        guard let startValue = fields["startDate"] else {
            diagnostic(Diagnostic(.error, .missingProperty, at: at, "event \(index) has no startDate; skipped"))
            return nil
        }
        guard let startSeconds = startValue.number, startSeconds.isFinite,
              let start = Self.instant(seconds: startSeconds) else {
            wrong("startDate", "a number of seconds since 1970 within years 1 to 9999", dropped: "event skipped")
            return nil
        }
        var rangeMilliseconds: Int64 = 0
        if let range = fields["range"], range != .null {
            if let seconds = range.number, seconds.isFinite, seconds >= 0, seconds < 1e11 {
                rangeMilliseconds = Int64((seconds * 1000).rounded())
            } else {
                wrong("range", "a number of seconds, not negative", dropped: "0 used")
            }
        }
        func text(_ key: String) -> String? {
            guard let value = fields[key], value != .null else { return nil }
            if case .string(let string) = value { return string }
            wrong(key, "a string")
            return nil
        }
        let title = text("title")
        let desc = text("desc")
        var type: Int?
        if let value = fields["type"], value != .null {
            if let number = value.number, number == number.rounded(), abs(number) < 1e15 { type = Int(number) }
            else { wrong("type", "an integer") }
        }
        var location: Location?
        switch fields["location"] {
        case .string(let name)?: location = name.isEmpty ? nil : Location(name: name)
        case .object(let place)?:
            var name = ""
            if case .string(let value)? = place["name"] { name = value }
            var city: String?
            if case .string(let value)? = place["city"] { city = value }
            location = Location(name: name, city: city, latitude: place["latitude"]?.number, longitude: place["longitude"]?.number)
        case nil, .null?: break
        default: wrong("location", "an object or a string")
        }
        var attendees: [Attendee] = []
        switch fields["attends"] {
        case .array(let people)?:
            for person in people {
                guard case .object(let p) = person else { wrong("attends", "an array of objects"); continue }
                var attendee = Attendee()
                if case .string(let value)? = p["name"] { attendee.name = value }
                if case .string(let value)? = p["email"] { attendee.email = value }
                attendees.append(attendee)
            }
        case nil, .null?: break
        default: wrong("attends", "an array")
        }
        let uid = StableID.make([
            String(start.milliseconds), String(rangeMilliseconds), title ?? "", desc ?? "",
            type.map(String.init) ?? "", location?.name ?? "", location?.city ?? "",
        ])
        var event = Event(uid: uid, title: title ?? "", calendar: calendar, source: at,
                          start: .instant(start, zone: nil),
                          end: .instant(start.adding(milliseconds: rangeMilliseconds), zone: nil))
        event.description = desc
        event.type = type
        event.location = location
        event.attendees = attendees
        return event
    }

    private static func instant(seconds: Double) -> Instant? {
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds >= Double(Instant.earliest.milliseconds),
              milliseconds <= Double(Instant.latest.milliseconds) else { return nil }
        return Instant(milliseconds: Int64(milliseconds))
    }

    /// The line where each element of the top-level array starts.
    static func elementLines(_ data: [UInt8]) -> [Int] {
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var expectElement = false
        for byte in data {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case 0x22:
                if depth == 1 && expectElement { lines.append(line); expectElement = false }
                inString = true
            case 0x5B, 0x7B:
                if depth == 1 && expectElement { lines.append(line); expectElement = false }
                depth += 1
                if depth == 1 { expectElement = true }
            case 0x5D, 0x7D: depth -= 1
            case 0x2C: if depth == 1 { expectElement = true }
            default:
                if depth == 1 && expectElement { lines.append(line); expectElement = false }
            }
        }
        return lines
    }

    private static func reason(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        }
        return "\(error)"
    }

    /// The line a JSON error names ("... around line 3, column 5."), else 1.
    private static func line(of error: Error) -> Int {
        let text = reason(error)
        guard let range = text.range(of: "line ") else { return 1 }
        return Int(text[range.upperBound...].prefix(while: { $0.isNumber })) ?? 1
    }
}

/// Any JSON value, keeping numbers apart from booleans.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }
}
