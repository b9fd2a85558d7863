#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventModel
import ICal

/// Reads BusyLife's `events.json` (docs/semantics.md section 1): a JSON array of
/// events with `startDate` (Unix seconds, maybe fractional), `range`
/// (seconds), `type`, `title`, `desc`, `attends` and `location` (an object
/// or, in older files, a string). Unknown keys are ignored; a known key of
/// the wrong type is a diagnostic.
///
/// The file is read as a stream, one event object at a time: memory does
/// not grow with the file (only a 64-bit hash per distinct event is kept,
/// to number identical events). Unknown values are skipped without
/// recursion, however deep. A syntax error ends the read there: the events
/// before it have been handed on, the error names its line and column.
struct BusyLifeImporter {
    func read(_ source: ByteSource, file: String, stem: String, report: inout ImportReport,
              event: (consuming Event) -> Bool, diagnostic: (Diagnostic) -> Void) -> Bool {
        let tokens = JSONTokenizer(source: source)
        var index = 0
        defer {
            if let line = tokens.repairedTextLine {
                diagnostic(Diagnostic(.warning, .invalidUTF8, at: SourcePosition(file: file, line: line),
                                      "text with invalid UTF-8 or an unpaired \\u surrogate, repaired as U+FFFD (first here)"))
            }
        }
        do throws(JSONReadError) {
            let first = try tokens.next()
            guard first == .beginArray else {
                try tokens.skipValue(first)
                try expectEnd(tokens)
                diagnostic(Diagnostic(.error, .wrongType, at: SourcePosition(file: file, line: 1),
                                      "events.json must be an array of events; file skipped"))
                return true
            }
            // Identical events get the same derived uid: repeats are numbered.
            var seen = Set<UInt64>()
            var repeats: [UInt64: Int] = [:]
            var token = try tokens.next()
            if token != .endArray {
                while true {
                    let at = SourcePosition(file: file, line: tokens.tokenLine)
                    if let fields = try readEvent(token, tokens, index: index, at: at, diagnostic: diagnostic),
                       let built = build(fields, index: index, calendar: stem, at: at, diagnostic: diagnostic) {
                        var made = built.event
                        if !seen.insert(built.hash).inserted {
                            let count = repeats[built.hash, default: 1] + 1
                            repeats[built.hash] = count
                            made.uid += "-\(count)"
                        }
                        report.count(made)
                        if !event(consume made) { return false }
                    }
                    index += 1
                    token = try tokens.next()
                    if token == .endArray { break }
                    guard token == .comma else { throw tokens.unexpected(token, expected: "',' or ']' after an event") }
                    token = try tokens.next()
                }
            }
            try expectEnd(tokens)
        } catch {
            switch error {
            case .syntax(let message, let line, let column):
                let rest = index == 0 ? "file skipped"
                    : "the rest of the file skipped (\(index) event\(index == 1 ? "" : "s") before it read)"
                diagnostic(Diagnostic(.error, .invalidJSON, at: SourcePosition(file: file, line: line),
                                      "not valid JSON (\(message), column \(column)); \(rest)"))
            case .read(let code):
                report.unreadable += 1
                diagnostic(Diagnostic(.error, .unreadable, at: SourcePosition(file: file, line: 0),
                                      String(cString: strerror(code))))
            }
        }
        return true
    }

    private func expectEnd(_ tokens: JSONTokenizer) throws(JSONReadError) {
        let after = try tokens.next()
        guard after == .end else { throw tokens.unexpected(after, expected: "nothing after the top-level value") }
    }

    // MARK: Reading one event

    /// A known key's value, as far as an event needs it: containers are skipped.
    enum Value: Equatable {
        case null, bool(Bool), number(Double), string(String), array, object

        var number: Double? {
            if case .number(let value) = self { return value }
            return nil
        }
    }

    /// The known keys of one event object.
    struct Fields {
        var startDate: Value?
        var range: Value?
        var type: Value?
        var title: Value?
        var desc: Value?
        /// `location` as a string or another value; or as an object, read into `place`.
        var location: Value?
        var place: Location?
        /// `attends` as another value; or as an array, read into `attendees`.
        var attends: Value?
        var attendees: [Attendee] = []
        /// Elements of `attends` that are not objects.
        var strayAttendees = 0
    }

    /// The event whose first token is `first`; nil (with a diagnostic) for
    /// an element that is not an object.
    private func readEvent(_ first: JSONTokenizer.Token, _ tokens: JSONTokenizer, index: Int, at: SourcePosition,
                           diagnostic: (Diagnostic) -> Void) throws(JSONReadError) -> Fields? {
        guard first == .beginObject else {
            guard first != .endArray else { throw tokens.unexpected(first, expected: "an event") }
            try tokens.skipValue(first)
            diagnostic(Diagnostic(.error, .wrongType, at: at, "event \(index) is not an object; skipped"))
            return nil
        }
        var fields = Fields()
        try readMembers(tokens, Self.eventKeys) { key, value throws(JSONReadError) in
            switch key {
            case .startDate?: fields.startDate = try scalar(value, tokens)
            case .range?: fields.range = try scalar(value, tokens)
            case .type?: fields.type = try scalar(value, tokens)
            case .title?: fields.title = try scalar(value, tokens)
            case .desc?: fields.desc = try scalar(value, tokens)
            case .location?:
                fields.place = nil
                if value == .beginObject {
                    fields.location = .object
                    fields.place = try readPlace(tokens)
                } else {
                    fields.location = try scalar(value, tokens)
                }
            case .attends?:
                fields.attendees = []
                fields.strayAttendees = 0
                if value == .beginArray {
                    fields.attends = .array
                    try readAttendees(tokens, into: &fields)
                } else {
                    fields.attends = try scalar(value, tokens)
                }
            case nil:
                try tokens.skipValue(value)
            }
        }
        return fields
    }

    /// Keys that an event, a place and an attendee read; others are skipped.
    enum EventKey: String, CaseIterable { case startDate, range, type, title, desc, location, attends }
    enum PlaceKey: String, CaseIterable { case name, city, latitude, longitude }
    enum AttendeeKey: String, CaseIterable { case name, email, avatar }
    private static let eventKeys = EventKey.allCases
    private static let placeKeys = PlaceKey.allCases
    private static let attendeeKeys = AttendeeKey.allCases

    /// Reads the members of an object whose `{` was just read: `member` is
    /// called with the key (nil for one not in `keys`) and the value's
    /// first token, and must read or skip the whole value.
    private func readMembers<Key: RawRepresentable<String>>(
        _ tokens: JSONTokenizer, _ keys: [Key],
        _ member: (Key?, JSONTokenizer.Token) throws(JSONReadError) -> Void
    ) throws(JSONReadError) {
        var token = try tokens.next()
        if token == .endObject { return }
        while true {
            guard token == .string else { throw tokens.unexpected(token, expected: "a key") }
            let key = keys.first { tokens.textIs($0.rawValue) }
            let colon = try tokens.next()
            guard colon == .colon else { throw tokens.unexpected(colon, expected: "':'") }
            try member(key, try tokens.next())
            token = try tokens.next()
            if token == .endObject { return }
            guard token == .comma else { throw tokens.unexpected(token, expected: "',' or '}'") }
            token = try tokens.next()
        }
    }

    private func scalar(_ first: JSONTokenizer.Token, _ tokens: JSONTokenizer) throws(JSONReadError) -> Value {
        switch first {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let value): return .number(value)
        case .string: return .string(tokens.string())
        case .beginArray:
            try tokens.skipValue(first)
            return .array
        case .beginObject:
            try tokens.skipValue(first)
            return .object
        default: throw tokens.unexpected(first, expected: "a value")
        }
    }

    /// `location` as an object (`{` read): name, city, latitude, longitude; other members skipped.
    private func readPlace(_ tokens: JSONTokenizer) throws(JSONReadError) -> Location {
        var place = Location(name: "")
        try readMembers(tokens, Self.placeKeys) { key, value throws(JSONReadError) in
            switch key {
            case .name?: if case .string(let name) = try scalar(value, tokens) { place.name = name } else { place.name = "" }
            case .city?: if case .string(let city) = try scalar(value, tokens) { place.city = city } else { place.city = nil }
            case .latitude?: place.latitude = try scalar(value, tokens).number
            case .longitude?: place.longitude = try scalar(value, tokens).number
            case nil: try tokens.skipValue(value)
            }
        }
        return place
    }

    /// `attends` as an array (`[` read): objects with name and email; anything else counted as stray.
    private func readAttendees(_ tokens: JSONTokenizer, into fields: inout Fields) throws(JSONReadError) {
        var token = try tokens.next()
        if token == .endArray { return }
        while true {
            if token == .beginObject {
                var attendee = Attendee()
                try readMembers(tokens, Self.attendeeKeys) { key, value throws(JSONReadError) in
                    switch key {
                    case .name?: if case .string(let name) = try scalar(value, tokens) { attendee.name = name } else { attendee.name = nil }
                    case .email?:
                        // Read as an ATTENDEE's address is: blanks and `mailto:` trimmed, empty as none.
                        if case .string(let email) = try scalar(value, tokens) { attendee.email = Attendee.email(fromAddress: email) } else { attendee.email = nil }
                    case .avatar?: if case .string(let avatar) = try scalar(value, tokens) { attendee.avatar = avatar } else { attendee.avatar = nil }
                    case nil: try tokens.skipValue(value)
                    }
                }
                fields.attendees.append(attendee)
            } else {
                guard token != .endArray else { throw tokens.unexpected(token, expected: "a value") }
                try tokens.skipValue(token)
                fields.strayAttendees += 1
            }
            token = try tokens.next()
            if token == .endArray { return }
            guard token == .comma else { throw tokens.unexpected(token, expected: "',' or ']'") }
            token = try tokens.next()
        }
    }

    // MARK: Building the event

    /// Seconds in `range` at most: from the first day of year 1 to the end
    /// of 9999, the model's whole span, so that every event busylife
    /// writes to events.json (which may last that long) reads back.
    static let maximumRange = Double((LocalDate.dayNumber(year: 10_000, month: 1, day: 1)
                                      - LocalDate.dayNumber(year: 1, month: 1, day: 1)) * 86_400)

    private func build(_ fields: Fields, index: Int, calendar: String, at: SourcePosition,
                       diagnostic: (Diagnostic) -> Void) -> (event: Event, hash: UInt64)? {
        let report = FieldReport(index: index, at: at)
        guard let start = Self.start(fields.startDate, report, diagnostic) else { return nil }
        let rangeMilliseconds = Self.rangeMilliseconds(fields.range, report, diagnostic)
        let title = Self.text("title", fields.title, report, diagnostic)
        // Empty as an empty DESCRIPTION is: none.
        let desc = Self.text("desc", fields.desc, report, diagnostic).flatMap { $0.isEmpty ? nil : $0 }
        let type = Self.type(fields.type, report, diagnostic)
        let location = Self.location(fields, report, diagnostic)
        let hash = StableID.hash([
            String(start.milliseconds), String(rangeMilliseconds), title ?? "", desc ?? "",
            type.map(String.init) ?? "", location?.name ?? "", location?.city ?? "",
        ])
        var event = Event(uid: StableID.text(hash), title: title ?? "", calendar: calendar, source: at,
                          start: .instant(start, zone: nil),
                          end: .instant(start.adding(milliseconds: rangeMilliseconds), zone: nil))
        event.type = type
        event.setText(description: desc, location: location, attendees: fields.attendees, categories: [])
        return (event, hash)
    }

    /// Which event a diagnostic about one of its fields names.
    private struct FieldReport {
        let index: Int
        let at: SourcePosition

        func wrong(_ key: String, _ expected: String, dropped: String = "ignored", _ diagnostic: (Diagnostic) -> Void) {
            diagnostic(Diagnostic(.error, .wrongType, at: at, "event \(index): \"\(key)\" should be \(expected); \(dropped)"))
        }

        func outOfRange(_ key: String, _ value: Double, _ allowed: String, dropped: String, _ diagnostic: (Diagnostic) -> Void) {
            diagnostic(Diagnostic(.error, .invalidValue, at: at,
                                  "event \(index): \"\(key)\" \(value.isFinite ? BusyLifeImporter.describe(value) + " " : "")is out of range (\(allowed)); \(dropped)"))
        }
    }

    /// `startDate`, seconds since 1970; nil (the event skipped, and said
    /// why) when it is missing, not a number or outside years 1 to 9999.
    private static func start(_ value: Value?, _ report: FieldReport, _ diagnostic: (Diagnostic) -> Void) -> Instant? {
        guard let value else {
            diagnostic(Diagnostic(.error, .missingProperty, at: report.at, "event \(report.index) has no startDate; skipped"))
            return nil
        }
        guard let seconds = value.number else {
            report.wrong("startDate", "a number of seconds since 1970", dropped: "event skipped", diagnostic)
            return nil
        }
        guard seconds.isFinite, let start = instant(seconds: seconds) else {
            report.outOfRange("startDate", seconds, "years 1 to 9999", dropped: "event skipped", diagnostic)
            return nil
        }
        return start
    }

    /// `range`, the event's length in seconds, as milliseconds; 0 when it
    /// is missing, negative, too long or not a number (said, but for missing).
    private static func rangeMilliseconds(_ value: Value?, _ report: FieldReport, _ diagnostic: (Diagnostic) -> Void) -> Int64 {
        guard let value, value != .null else { return 0 }
        guard let seconds = value.number else {
            report.wrong("range", "a number of seconds", dropped: "0 used", diagnostic)
            return 0
        }
        if seconds < 0 {
            diagnostic(Diagnostic(.error, .invalidValue, at: report.at,
                                  "event \(report.index): \"range\" \(describe(seconds)) is negative; 0 used"))
            return 0
        }
        guard seconds <= maximumRange else {
            report.outOfRange("range", seconds, "0 to \(Int64(maximumRange)) seconds", dropped: "0 used", diagnostic)
            return 0
        }
        return Int64((seconds * 1000).rounded())
    }

    /// A text field; nil when missing, null or not a string (said).
    private static func text(_ key: String, _ value: Value?, _ report: FieldReport, _ diagnostic: (Diagnostic) -> Void) -> String? {
        guard let value, value != .null else { return nil }
        if case .string(let string) = value { return string }
        report.wrong(key, "a string", diagnostic)
        return nil
    }

    /// `type`, BusyLife's kind of event: an integer below 10^15 in magnitude.
    private static func type(_ value: Value?, _ report: FieldReport, _ diagnostic: (Diagnostic) -> Void) -> Int? {
        guard let value, value != .null else { return nil }
        guard let number = value.number else {
            report.wrong("type", "an integer", diagnostic)
            return nil
        }
        guard abs(number) < 1e15 else {
            report.outOfRange("type", number, "an integer below 10^15 in magnitude", dropped: "ignored", diagnostic)
            return nil
        }
        guard number == number.rounded() else {
            report.wrong("type", "an integer, not \(describe(number))", diagnostic)
            return nil
        }
        return Int(number)
    }

    /// `location` (an object or a plain name), and what was wrong with
    /// `attends`, which was read with it.
    private static func location(_ fields: Fields, _ report: FieldReport, _ diagnostic: (Diagnostic) -> Void) -> Location? {
        var location: Location?
        switch fields.location {
        case .string(let name)?: location = name.isEmpty ? nil : Location(name: name)
        case .object?: location = place(fields.place)
        case nil, .null?: break
        default: report.wrong("location", "an object or a string", diagnostic)
        }
        switch fields.attends {
        case .array?, nil, .null?: break
        default: report.wrong("attends", "an array", diagnostic)
        }
        for _ in 0..<fields.strayAttendees { report.wrong("attends", "an array of objects", diagnostic) }
        return location
    }

    /// A place as the model holds it, as a LOCATION and GEO are read:
    /// coordinates only as a pair, and no place when it names nothing (as
    /// the string `""` names nothing).
    private static func place(_ given: Location?) -> Location? {
        guard var place = given else { return nil }
        if place.latitude == nil || place.longitude == nil {
            place.latitude = nil
            place.longitude = nil
        }
        return place.name.isEmpty && place.city == nil && place.latitude == nil ? nil : place
    }

    private static func instant(seconds: Double) -> Instant? {
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds >= Double(Instant.earliest.milliseconds),
              milliseconds <= Double(Instant.latest.milliseconds) else { return nil }
        return Instant(milliseconds: Int64(milliseconds))
    }

    /// A number as a message shows it: whole numbers without `.0`.
    private static func describe(_ value: Double) -> String {
        if value.isFinite && value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
