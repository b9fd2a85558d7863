import EventModel

/// Reads iCalendar DATE, DATE-TIME, DURATION and UTC-OFFSET values
/// ourselves, strictly: libical accepts Feb 30 and hour 25.
enum ValueParsing {
    /// A DATE (`20261122`) or DATE-TIME (`20261122T090000`, `...Z`).
    enum DateTime: Equatable {
        case date(LocalDate)
        case local(LocalDateTime)
        case utc(LocalDateTime)
    }

    enum Failure: Error, Equatable {
        /// Not of the form at all.
        case malformed
        /// Well-formed digits naming a date or time that does not exist.
        case impossible(String)
    }

    static func dateTime(_ text: String) -> Result<DateTime, Failure> {
        // The string's own bytes where it has them: no array made per value.
        if let result = text.utf8.withContiguousStorageIfAvailable({ dateTime(utf8: $0) }) { return result }
        return Array(text.utf8).withUnsafeBufferPointer { dateTime(utf8: $0) }
    }

    /// The same from a value's bytes, as written (blanks around it are not dropped).
    static func dateTime(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Result<DateTime, Failure> {
        @inline(__always) func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { return nil }
                value = value * 10 + Int(bytes[i] - 0x30)
            }
            return value
        }
        guard bytes.count == 8 || bytes.count == 15 || bytes.count == 16,
              let year = number(0..<4), let month = number(4..<6), let day = number(6..<8) else {
            return .failure(.malformed)
        }
        guard let date = LocalDate(year: year, month: month, day: day) else {
            return .failure(.impossible("no such date \(pad4(year))-\(pad2(month))-\(pad2(day))"))
        }
        if bytes.count == 8 { return .success(.date(date)) }
        guard bytes[8] == 0x54 || bytes[8] == 0x74,
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15) else {
            return .failure(.malformed)
        }
        if bytes.count == 16 && bytes[15] != 0x5A && bytes[15] != 0x7A { return .failure(.malformed) }
        guard let time = LocalDateTime(date: date, hour: hour, minute: minute, second: second) else {
            return .failure(.impossible("no such time \(pad2(hour)):\(pad2(minute)):\(pad2(second))"))
        }
        return .success(bytes.count == 16 ? .utc(time) : .local(time))
    }

    /// `PT1H30M`, `P1D`, `-P2W`, `P1DT12H` (RFC 5545 3.3.6).
    static func duration(_ text: String) -> EventDuration? {
        reading(duration: text)?.value
    }

    /// `duration`, and whether it wrote weeks after the time designator
    /// (`PT1W`), which it reads as weeks: a repair to report.
    static func reading(duration text: String) -> (value: EventDuration, weeksAfterTime: Bool)? {
        var weeksAfterTime = false
        var chars = Substring(text.trimmingBlanks())
        var negative = false
        if chars.first == "+" || chars.first == "-" {
            negative = chars.first == "-"
            chars = chars.dropFirst()
        }
        guard chars.first == "P" || chars.first == "p" else { return nil }
        chars = chars.dropFirst()
        var result = EventDuration(negative: negative)
        var inTime = false
        var digits = ""
        var sawAny = false
        for c in chars.uppercased() {
            if c.isASCII && c.isNumber { digits.append(c); continue }
            if c == "T" { guard digits.isEmpty, !inTime else { return nil }; inTime = true; continue }
            guard let value = Int(digits), value <= 100_000_000 else { return nil }
            digits = ""
            sawAny = true
            switch (c, inTime) {
            case ("W", let afterT):
                result.weeks += value
                weeksAfterTime = weeksAfterTime || afterT
            case ("D", false): result.days += value
            case ("H", true): result.milliseconds += Int64(value) * 3_600_000
            case ("M", true): result.milliseconds += Int64(value) * 60_000
            case ("S", true): result.milliseconds += Int64(value) * 1000
            default: return nil
            }
        }
        return digits.isEmpty && sawAny ? (result, weeksAfterTime) : nil
    }

    /// A date written with a `Z` (`20131210Z`, Google's birthday
    /// calendars): the date, else nil.
    static func dateWithZ(_ text: String) -> LocalDate? {
        guard text.utf8.count == 9, let last = text.utf8.last, last == 0x5A || last == 0x7A,
              case .success(.date(let date)) = dateTime(String(text.dropLast())) else { return nil }
        return date
    }

    /// A UTC offset: `+0100`, `-0500`, `+053028`; seconds east.
    static func utcOffset(_ text: String) -> Int? {
        let t = text.trimmingBlanks()
        guard let sign = t.first, sign == "+" || sign == "-" else { return nil }
        let digits = t.dropFirst()
        guard digits.count == 4 || digits.count == 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let hours = Int(digits.prefix(2)), let minutes = Int(digits.dropFirst(2).prefix(2)) else { return nil }
        let seconds = digits.count == 6 ? Int(digits.suffix(2)) ?? 0 : 0
        guard hours < 24, minutes < 60, seconds < 60 else { return nil }
        let value = hours * 3600 + minutes * 60 + seconds
        return sign == "-" ? -value : value
    }

    private static func pad2(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    private static func pad4(_ v: Int) -> String { String(repeating: "0", count: max(0, 4 - String(v).count)) + "\(v)" }
}
