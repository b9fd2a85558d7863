import EventModel

/// RRULE / EXRULE text into the model's rule, read by `RuleParser`.
package enum RecurrenceRuleText {
    package struct Problem: Error, Sendable {
        package var message: String
    }

    /// `start` is the DTSTART the rule belongs to: an UNTIL without `Z`
    /// on a zoned DTSTART is read in that zone. Parts that can be ignored
    /// are repaired rather than costing the whole rule (`repaired` hears
    /// what was done): see `RuleParser`.
    package static func parse(_ text: String, start: EventTime,
                             repaired: (String) -> Void = { _ in }) -> Result<RecurrenceRule, Problem> {
        guard let parts = RuleParser.parse(text, repaired: repaired) else {
            return .failure(Problem(message: "\"\(text)\" is unreadable"))
        }
        if let rscale = parts.rscale {
            return .failure(Problem(message: "with RSCALE=\(rscale) is not supported"))
        }
        var until: EventTime?
        if let untilText = parts.until {
            guard case .success(let value) = ValueParsing.dateTime(untilText) else {
                return .failure(Problem(message: "has an unreadable UNTIL \"\(untilText)\""))
            }
            switch value {
            case .date(let date): until = .date(date)
            case .utc(let local): until = .instant(Instant(seconds: local.secondsSinceEpoch), zone: nil)
            case .local(let local):
                // RFC 5545 wants UTC here for a zoned DTSTART; read it in that zone.
                if let zone = start.zone {
                    until = .instant(zone.instant(for: local), zone: zone)
                } else {
                    until = .floating(local)
                }
            }
        }
        return .success(RecurrenceRule(
            frequency: parts.frequency, interval: parts.interval, count: parts.count, until: until,
            bySecond: parts.bySecond, byMinute: parts.byMinute, byHour: parts.byHour, byDay: parts.byDay,
            byMonthDay: parts.byMonthDay, byYearDay: parts.byYearDay, byWeekNo: parts.byWeekNo,
            byMonth: parts.byMonth, bySetPos: parts.bySetPos, weekStart: parts.weekStart))
    }
}

/// The parts of an RRULE or EXRULE value (RFC 5545 3.3.10) as written,
/// before UNTIL is read against a DTSTART. Weekdays are ISO numbers:
/// 1 Monday ... 7 Sunday.
package struct RuleParts: Sendable, Equatable {
    package var frequency: RecurrenceRule.Frequency
    package var interval = 1
    package var count: Int?
    /// UNTIL exactly as written (a DATE or DATE-TIME value), for the caller
    /// to read with its own zone rules.
    package var until: String?
    package var bySecond: [Int] = []
    package var byMinute: [Int] = []
    package var byHour: [Int] = []
    package var byDay: [RecurrenceRule.WeekdayNumber] = []
    package var byMonthDay: [Int] = []
    package var byYearDay: [Int] = []
    package var byWeekNo: [Int] = []
    package var byMonth: [Int] = []
    package var bySetPos: [Int] = []
    package var weekStart = 1
    /// RSCALE (RFC 7529), which we do not expand.
    package var rscale: String?

    package init(frequency: RecurrenceRule.Frequency) {
        self.frequency = frequency
    }
}

/// Reads an RRULE or EXRULE value in one pass over its bytes: what libical
/// 3.0 accepts, it accepts with the same values (ranges included), and
/// what libical refuses it refuses, but it first mends what real producers
/// get wrong, which would otherwise cost the whole rule (each repair is a note):
/// - COUNT and UNTIL together: both bound the series, whichever ends it
///   first (`FREQ=WEEKLY;UNTIL=20240331;COUNT=10` stops at 31 March 2024
///   or after ten instances).
/// - COUNT or INTERVAL that is not a positive number: dropped.
/// - A zero in BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYSETPOS, BYMONTH (or an
///   empty list), an empty value in BYSECOND, BYMINUTE, BYHOUR: that
///   value dropped, the part too when nothing is left.
/// - A part given twice: the first kept.
///
/// Like libical 3.0 it does not ask whether a part suits the FREQ (an
/// ordinal in BYDAY of a WEEKLY rule, BYWEEKNO outside YEARLY): that is
/// for the expander (`RuleExpander`).
///
/// Where it parts from libical on purpose (docs/semantics.md, Repairs):
/// blanks around a part's name and value are ignored, and so is an empty
/// part (`;;`, where libical stops reading); INTERVAL and COUNT are read
/// whole (libical keeps INTERVAL in 16 bits and refuses 65536); an
/// ordinal or number that does not fit libical's integers (`128MO`,
/// `BYHOUR=4294967296`) makes the rule unreadable instead of wrapping.
package enum RuleParser {
    /// The rule's parts; nil when it is unreadable. Repairs are told to
    /// `repaired` even then.
    package static func parse(_ text: String, repaired: (String) -> Void = { _ in }) -> RuleParts? {
        var text = text
        return text.withUTF8 { parse(bytes: $0, repaired: repaired) }
    }

    private enum Name: Int, CaseIterable {
        case freq, until, count, interval, bySecond, byMinute, byHour, byDay
        case byMonthDay, byYearDay, byWeekNo, byMonth, bySetPos, wkst, rscale, skip

        var text: String {
            switch self {
            case .freq: "FREQ"
            case .until: "UNTIL"
            case .count: "COUNT"
            case .interval: "INTERVAL"
            case .bySecond: "BYSECOND"
            case .byMinute: "BYMINUTE"
            case .byHour: "BYHOUR"
            case .byDay: "BYDAY"
            case .byMonthDay: "BYMONTHDAY"
            case .byYearDay: "BYYEARDAY"
            case .byWeekNo: "BYWEEKNO"
            case .byMonth: "BYMONTH"
            case .bySetPos: "BYSETPOS"
            case .wkst: "WKST"
            case .rscale: "RSCALE"
            case .skip: "SKIP"
            }
        }

        /// libical's bounds on a BY list: `min` 0 allows 0 and no
        /// negatives, 1 neither, -1 negatives but not 0; values stay
        /// below `max` (and above -`max`); at most `size` of them.
        var bounds: (min: Int, max: Int, size: Int) {
            switch self {
            case .bySecond: (0, 61, 62)
            case .byMinute: (0, 60, 61)
            case .byHour: (0, 24, 25)
            case .byMonthDay: (-1, 32, 32)
            case .byYearDay, .bySetPos: (-1, 386, 386)
            case .byWeekNo: (-1, 56, 56)
            case .byMonth: (1, 14, 14)  // 13: a leap month for RSCALE
            default: (0, 0, 0)
            }
        }

        static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Name? {
            func `is`(_ name: StaticString) -> Bool { RuleParser.equal(bytes, range, name) }
            switch range.count {
            case 4: return `is`("FREQ") ? .freq : `is`("WKST") ? .wkst : `is`("SKIP") ? .skip : nil
            case 5: return `is`("BYDAY") ? .byDay : `is`("COUNT") ? .count : `is`("UNTIL") ? .until : nil
            case 6: return `is`("BYHOUR") ? .byHour : `is`("RSCALE") ? .rscale : nil
            case 7: return `is`("BYMONTH") ? .byMonth : nil
            case 8:
                return `is`("INTERVAL") ? .interval : `is`("BYSETPOS") ? .bySetPos : `is`("BYMINUTE") ? .byMinute
                    : `is`("BYSECOND") ? .bySecond : `is`("BYWEEKNO") ? .byWeekNo : nil
            case 9: return `is`("BYYEARDAY") ? .byYearDay : nil
            case 10: return `is`("BYMONTHDAY") ? .byMonthDay : nil
            default: return nil
            }
        }
    }

    /// One `NAME=value` part, blanks trimmed; `name` nil when unknown.
    private struct Part {
        var name: Name?
        var nameRange: Range<Int>
        var value: Range<Int>
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>, repaired: (String) -> Void) -> RuleParts? {
        let (parts, seen) = distinctParts(bytes, repaired: repaired)
        var reading = Reading(hasUntil: seen & (1 << Name.until.rawValue) != 0)
        for part in parts {
            guard let name = part.name else { reading.readable = false; continue }
            read(name, part.value, bytes, into: &reading, repaired: repaired)
        }
        guard reading.readable, reading.hasFrequency else { return nil }
        var rule = reading.rule
        rule.byDay = reading.byDay.map {
            RecurrenceRule.WeekdayNumber(ordinal: $0.ordinal, weekday: isoWeekday($0.weekday))
        }
        rule.weekStart = isoWeekday(reading.weekStart)
        return rule
    }

    /// The rule as read so far, with what its parts need of each other.
    private struct Reading {
        var rule = RuleParts(frequency: .daily)
        var hasFrequency = false
        var readable = true
        var weekStart = 2  // libical's weekday numbers: 1 Sunday ... 7 Saturday
        var byDay: [(ordinal: Int, weekday: Int)] = []
        let hasUntil: Bool

        /// Sets the BY list `name` names (BYDAY aside, read apart).
        mutating func setList(_ name: Name, _ values: [Int]) {
            switch name {
            case .bySecond: rule.bySecond = values
            case .byMinute: rule.byMinute = values
            case .byHour: rule.byHour = values
            case .byMonthDay: rule.byMonthDay = values
            case .byYearDay: rule.byYearDay = values
            case .byWeekNo: rule.byWeekNo = values
            case .byMonth: rule.byMonth = values
            default: rule.bySetPos = values
            }
        }
    }

    /// The `NAME=value` parts in order, a repeated one dropped (the first
    /// kept), and a bit per known name that was seen.
    private static func distinctParts(_ bytes: UnsafeBufferPointer<UInt8>,
                                      repaired: (String) -> Void) -> (parts: [Part], seen: Int) {
        var parts: [Part] = []
        parts.reserveCapacity(8)
        var seen = 0
        var start = 0
        while start <= bytes.count {
            var end = start
            var equals = -1
            while end < bytes.count, bytes[end] != 0x3B {  // ;
                if equals < 0 && bytes[end] == 0x3D { equals = end }
                end += 1
            }
            defer { start = end + 1 }
            if end == start { continue }  // an empty part
            let nameRange = trimmed(bytes, start..<(equals < 0 ? end : equals))
            let part = Part(name: Name.find(bytes, nameRange), nameRange: nameRange,
                            value: equals < 0 ? end..<end : trimmed(bytes, (equals + 1)..<end))
            let earlier: Part?
            if let name = part.name {
                earlier = seen & (1 << name.rawValue) != 0 ? parts.first { $0.name == name } : nil
                seen |= 1 << name.rawValue
            } else {
                let upper = upperName(bytes, part)
                earlier = parts.first { $0.name == nil && upperName(bytes, $0) == upper }
            }
            if let earlier {
                let name = upperName(bytes, part)
                repaired("repeats \(name); the first (\(name)=\(string(bytes, earlier.value))) is kept")
                continue
            }
            parts.append(part)
        }
        return (parts, seen)
    }

    /// One known part into `reading`.
    private static func read(_ name: Name, _ value: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>,
                             into reading: inout Reading, repaired: (String) -> Void) {
        switch name {
        case .count, .interval:
            guard let number = swiftInt(bytes, value), number > 0 else {
                repaired("has \(name.text)=\(string(bytes, value)), not a positive number; \(name.text) dropped")
                return
            }
            if name == .count {
                if reading.hasUntil { repaired("has both COUNT and UNTIL; both bound the series") }
                reading.rule.count = number
            } else {
                reading.rule.interval = number
            }
        case .freq:
            if let frequency = frequency(bytes, value) { reading.rule.frequency = frequency } else { reading.readable = false }
            reading.hasFrequency = true
        case .until:
            if readsAsTime(bytes, value) { reading.rule.until = string(bytes, value) } else { reading.readable = false }
        case .wkst:
            if let day = weekday(bytes, value) {
                reading.weekStart = day
                sortDays(&reading.byDay, weekStart: day)
            } else {
                reading.readable = false
            }
        case .rscale:
            reading.rule.rscale = string(bytes, value)
        case .skip:
            if !equal(bytes, value, "BACKWARD") && !equal(bytes, value, "FORWARD") && !equal(bytes, value, "OMIT") {
                reading.readable = false
            }
        case .byDay:
            guard let days = weekdays(bytes, value) else { reading.readable = false; return }
            reading.byDay = days
            sortDays(&reading.byDay, weekStart: reading.weekStart)
        case .bySecond, .byMinute, .byHour, .byMonthDay, .byYearDay, .byWeekNo, .byMonth, .bySetPos:
            guard let items = usableItems(name, value, bytes, repaired: repaired) else { return }
            guard let values = numbers(bytes, items, name) else { reading.readable = false; return }
            reading.setList(name, values)
        }
    }

    private static func frequency(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) -> RecurrenceRule.Frequency? {
        func `is`(_ word: StaticString) -> Bool { equal(bytes, value, word) }
        if `is`("WEEKLY") { return .weekly }
        if `is`("DAILY") { return .daily }
        if `is`("MONTHLY") { return .monthly }
        if `is`("YEARLY") { return .yearly }
        if `is`("HOURLY") { return .hourly }
        if `is`("MINUTELY") { return .minutely }
        if `is`("SECONDLY") { return .secondly }
        return nil
    }

    /// A BY list's values, empty ones (and zeros where zero is no value)
    /// dropped with a repair; nil when none is left (the part is dropped).
    private static func usableItems(_ name: Name, _ value: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>,
                                    repaired: (String) -> Void) -> [Range<Int>]? {
        var items: [Range<Int>] = []
        var dropped = false
        var itemStart = value.lowerBound
        while itemStart <= value.upperBound {
            var itemEnd = itemStart
            while itemEnd < value.upperBound, bytes[itemEnd] != 0x2C { itemEnd += 1 }  // ,
            let item = trimmed(bytes, itemStart..<itemEnd)
            if item.isEmpty || (name.bounds.min != 0 && swiftInt(bytes, item) == 0) {
                dropped = true
            } else {
                items.append(item)
            }
            itemStart = itemEnd + 1
        }
        if dropped {
            let what = name.bounds.min == 0 ? "an empty value" : "a zero or empty value"
            if items.isEmpty {
                repaired("has \(name.text)=\(string(bytes, value)), no usable value; \(name.text) dropped")
                return nil
            }
            repaired("has \(what) in \(name.text)=\(string(bytes, value)); dropped")
        }
        return items
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var low = range.lowerBound, high = range.upperBound
        while low < high, isBlank(bytes[low]) { low += 1 }
        while high > low, isBlank(bytes[high - 1]) { high -= 1 }
        return low..<high
    }

    private static func upperName(_ bytes: UnsafeBufferPointer<UInt8>, _ part: Part) -> String {
        part.name?.text ?? string(bytes, part.nameRange).uppercased()
    }

    // MARK: - Values

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    /// C's isspace, which strtol and sscanf skip.
    private static func isCSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func asciiUpper(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
    }

    /// Whether the bytes are `word` (upper case ASCII), in any case.
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard word.utf8CodeUnitCount == range.count else { return false }
        let letters = word.utf8Start
        for offset in 0..<range.count where asciiUpper(bytes[range.lowerBound + offset]) != letters[offset] { return false }
        return true
    }

    /// The value as Swift's `Int(_:)` reads it: a sign, then digits only.
    private static func swiftInt(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        var negative = false
        if index < range.upperBound, bytes[index] == 0x2B || bytes[index] == 0x2D {
            negative = bytes[index] == 0x2D
            index += 1
        }
        guard index < range.upperBound else { return nil }
        var value = 0
        while index < range.upperBound {
            guard isDigit(bytes[index]) else { return nil }
            let digit = Int(bytes[index] - 0x30)
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return value
    }

    /// C's strtol in base 10: blanks, a sign, digits, clamped to 64 bits.
    /// Returns the value and where reading stopped (`range`'s start when
    /// there were no digits).
    private static func strtol(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (value: Int, end: Int) {
        var index = range.lowerBound
        while index < range.upperBound, isCSpace(bytes[index]) { index += 1 }
        var negative = false
        if index < range.upperBound, bytes[index] == 0x2B || bytes[index] == 0x2D {
            negative = bytes[index] == 0x2D
            index += 1
        }
        guard index < range.upperBound, isDigit(bytes[index]) else { return (0, range.lowerBound) }
        var value = 0
        var clamped = false
        while index < range.upperBound, isDigit(bytes[index]) {
            let digit = Int(bytes[index] - 0x30)
            if !clamped {
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
                if overflow1 || overflow2 { clamped = true; value = negative ? Int.min : Int.max } else { value = sum }
            }
            index += 1
        }
        return (value, index)
    }

    /// A BY list's values as libical checks them: a number (strtol) in
    /// its bounds, nothing after it but the `L` of a leap month in BYMONTH.
    private static func numbers(_ bytes: UnsafeBufferPointer<UInt8>, _ items: [Range<Int>], _ name: Name) -> [Int]? {
        let (min, max, size) = name.bounds
        guard items.count <= size else { return nil }
        var values: [Int] = []
        values.reserveCapacity(items.count)
        for item in items {
            let (value, end) = strtol(bytes, item)
            // libical keeps it in an int; a number past that is refused here.
            guard value >= Int(Int32.min), value <= Int(Int32.max) else { return nil }
            if value < 0 {
                if min >= 0 || value <= -max { return nil }
            } else if value > 0 {
                if value >= max { return nil }
            } else if min != 0 {
                return nil
            }
            if end < item.upperBound {
                guard name == .byMonth, end + 1 == item.upperBound, bytes[end] == 0x4C else { return nil }  // L
            }
            values.append(value)
        }
        return values
    }

    /// SU ... SA (any case) as libical's 1 Sunday ... 7 Saturday.
    private static func weekday(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard range.count == 2 else { return nil }
        switch (asciiUpper(bytes[range.lowerBound]), asciiUpper(bytes[range.lowerBound + 1])) {
        case (0x53, 0x55): return 1  // SU
        case (0x4D, 0x4F): return 2  // MO
        case (0x54, 0x55): return 3  // TU
        case (0x57, 0x45): return 4  // WE
        case (0x54, 0x48): return 5  // TH
        case (0x46, 0x52): return 6  // FR
        case (0x53, 0x41): return 7  // SA
        default: return nil
        }
    }

    /// BYDAY's values as libical reads them: an optional ordinal (kept in
    /// a signed byte: Novell's `255SU` is `-1SU`), one optional space
    /// (Outlook's `2 TH`), a weekday; ordinals up to 55.
    private static func weekdays(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) -> [(ordinal: Int, weekday: Int)]? {
        var days: [(ordinal: Int, weekday: Int)] = []
        var itemStart = value.lowerBound
        while itemStart <= value.upperBound {
            var itemEnd = itemStart
            while itemEnd < value.upperBound, bytes[itemEnd] != 0x2C { itemEnd += 1 }
            let (number, end) = strtol(bytes, itemStart..<itemEnd)
            let ordinal = Int(Int8(truncatingIfNeeded: number))
            // -128 has no positive: libical makes nonsense of it.
            if ordinal == -128 || days.count == 386 { return nil }
            var index = end
            if index < itemEnd, bytes[index] == 0x20 { index += 1 }
            guard let day = weekday(bytes, index..<itemEnd), abs(ordinal) < 56 else { return nil }
            days.append((ordinal, day))
            itemStart = itemEnd + 1
        }
        return days
    }

    /// libical's order of BYDAY: by weekday from the week's start (its own
    /// exchange sort, so that equal weekdays end in the same order).
    private static func sortDays(_ days: inout [(ordinal: Int, weekday: Int)], weekStart: Int) {
        func key(_ day: Int) -> Int { let k = day - weekStart; return k < 0 ? k + 7 : k }
        for i in days.indices {
            for j in 0..<i where key(days[j].weekday) > key(days[i].weekday) {
                days.swapAt(i, j)
            }
        }
    }

    /// libical's 1 Sunday ... 7 Saturday as ISO 1 Monday ... 7 Sunday.
    private static func isoWeekday(_ libicalDay: Int) -> Int {
        libicalDay == 1 ? 7 : libicalDay - 1
    }

    /// Whether libical reads UNTIL as a time (icaltime_from_string): a
    /// DATE, a floating or UTC DATE-TIME, basic or with separators, by
    /// sscanf, and not all zero. Whether the date exists is for the caller.
    private static func readsAsTime(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        var sum = 0
        /// sscanf's %Nd: blanks, then at most `width` characters of sign and digits.
        func number(_ width: Int) -> Bool {
            while index < range.upperBound, isCSpace(bytes[index]) { index += 1 }
            let start = index
            var negative = false
            if index < range.upperBound, bytes[index] == 0x2B || bytes[index] == 0x2D {
                negative = bytes[index] == 0x2D
                index += 1
            }
            var value = 0
            var digits = 0
            while index < range.upperBound, index - start < width, isDigit(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                digits += 1
                index += 1
            }
            sum += negative ? -value : value
            return digits > 0
        }
        /// sscanf's %c, then the character wanted.
        func separator(_ wanted: UInt8) -> Bool {
            guard index < range.upperBound else { return false }
            index += 1
            return bytes[index - 1] == wanted
        }
        let size = range.count
        let read: Bool
        switch size {
        case 8: read = number(4) && number(2) && number(2)
        case 10: read = number(4) && separator(0x2D) && number(2) && separator(0x2D) && number(2)
        case 15, 16:
            read = (size == 15 || bytes[range.upperBound - 1] == 0x5A)
                && number(4) && number(2) && number(2) && separator(0x54) && number(2) && number(2) && number(2)
        case 19, 20:
            read = (size == 19 || bytes[range.upperBound - 1] == 0x5A)
                && number(4) && separator(0x2D) && number(2) && separator(0x2D) && number(2) && separator(0x54)
                && number(2) && separator(0x3A) && number(2) && separator(0x3A) && number(2)
        default: read = false
        }
        return read && sum != 0
    }
}
