import EventModel
import Plumbing

/// The zones and file names of spilled values, by number: kept once in
/// memory, not in every record.
package struct SpillTables {
    var files = FileTable()
    private var zones: [Zone] = []
    private var zoneNumbers: [Zone: UInt64] = [:]

    package init() {}

    package mutating func number(of zone: Zone) -> UInt64 {
        if let known = zoneNumbers[zone] { return known }
        zones.append(zone)
        zoneNumbers[zone] = UInt64(zones.count - 1)
        return UInt64(zones.count - 1)
    }

    package func zone(_ number: UInt64) -> Zone? {
        number < zones.count ? zones[Int(number)] : nil
    }

    // MARK: Times and rules

    mutating func write(_ time: EventTime, to writer: inout SpillWriter) {
        switch time {
        case .instant(let instant, let zone):
            writer.byte(zone == nil ? 0 : 1)
            writer.int64(instant.milliseconds)
            if let zone { writer.unsigned(number(of: zone)) }
        case .floating(let wall):
            writer.byte(2)
            write(wall, to: &writer)
        case .date(let date):
            writer.byte(3)
            write(date, to: &writer)
        }
    }

    func readTime(_ reader: inout SpillReader) -> EventTime {
        switch reader.byte() {
        case 0: return .instant(Instant(milliseconds: reader.int64()), zone: nil)
        case 1:
            let instant = Instant(milliseconds: reader.int64())
            return .instant(instant, zone: zone(reader.unsigned()))
        case 2: return .floating(readWall(&reader))
        default: return .date(readDate(&reader))
        }
    }

    private func write(_ date: LocalDate, to writer: inout SpillWriter) {
        writer.int(date.year)
        writer.byte(UInt8(clamping: date.month))
        writer.byte(UInt8(clamping: date.day))
    }

    private func write(_ wall: LocalDateTime, to writer: inout SpillWriter) {
        write(wall.date, to: &writer)
        writer.byte(UInt8(clamping: wall.hour))
        writer.byte(UInt8(clamping: wall.minute))
        writer.byte(UInt8(clamping: wall.second))
    }

    /// Set field by field: a date whose stored year lies outside 1...9999
    /// comes back as it was, which no checking initializer would allow.
    private func readDate(_ reader: inout SpillReader) -> LocalDate {
        var date = LocalDate(daysSinceEpoch: 0)
        date.year = reader.int()
        date.month = Int(reader.byte())
        date.day = Int(reader.byte())
        return date
    }

    private func readWall(_ reader: inout SpillReader) -> LocalDateTime {
        var wall = LocalDateTime(secondsSinceEpoch: 0)
        wall.date = readDate(&reader)
        wall.hour = Int(reader.byte())
        wall.minute = Int(reader.byte())
        wall.second = Int(reader.byte())
        return wall
    }

    mutating func write(_ rules: [RecurrenceRule], to writer: inout SpillWriter) {
        writer.unsigned(UInt64(rules.count))
        for rule in rules {
            writer.byte(UInt8(RecurrenceRule.Frequency.allCases.firstIndex(of: rule.frequency) ?? 0))
            writer.int(rule.interval)
            writer.optionalInt(rule.count)
            writer.bool(rule.until != nil)
            if let until = rule.until { write(until, to: &writer) }
            for list in [rule.bySecond, rule.byMinute, rule.byHour, rule.byMonthDay, rule.byYearDay,
                         rule.byWeekNo, rule.byMonth, rule.bySetPos] {
                writer.ints(list)
            }
            writer.ints(rule.byDay.flatMap { [$0.ordinal, $0.weekday] })
            writer.int(rule.weekStart)
        }
    }

    func readRules(_ reader: inout SpillReader) -> [RecurrenceRule] {
        (0..<reader.count()).map { _ in
            let frequencies = RecurrenceRule.Frequency.allCases
            let frequency = frequencies[min(Int(reader.byte()), frequencies.count - 1)]
            var rule = RecurrenceRule(frequency: frequency, interval: reader.int(), count: reader.optionalInt())
            if reader.bool() { rule.until = readTime(&reader) }
            (rule.bySecond, rule.byMinute, rule.byHour, rule.byMonthDay) = (reader.ints(), reader.ints(), reader.ints(), reader.ints())
            (rule.byYearDay, rule.byWeekNo, rule.byMonth, rule.bySetPos) = (reader.ints(), reader.ints(), reader.ints(), reader.ints())
            let days = reader.ints()
            rule.byDay = stride(from: 0, to: days.count - 1, by: 2).map {
                RecurrenceRule.WeekdayNumber(ordinal: days[$0], weekday: days[$0 + 1])
            }
            rule.weekStart = reader.int()
            return rule
        }
    }

    mutating func write(_ recurrence: Recurrence, to writer: inout SpillWriter) {
        write(recurrence.rules, to: &writer)
        write(recurrence.exceptionRules, to: &writer)
        writer.unsigned(UInt64(recurrence.dates.count))
        for date in recurrence.dates {
            switch date {
            case .time(let time):
                writer.byte(0)
                write(time, to: &writer)
            case .period(let start, let end):
                writer.byte(1)
                write(start, to: &writer)
                write(end, to: &writer)
            }
        }
        writer.unsigned(UInt64(recurrence.exceptionDates.count))
        for time in recurrence.exceptionDates { write(time, to: &writer) }
    }

    func readRecurrence(_ reader: inout SpillReader) -> Recurrence {
        let rules = readRules(&reader), exceptionRules = readRules(&reader)
        let dates = (0..<reader.count()).map { _ -> RecurrenceDate in
            reader.byte() == 0 ? .time(readTime(&reader)) : .period(start: readTime(&reader), end: readTime(&reader))
        }
        let exceptionDates = (0..<reader.count()).map { _ in readTime(&reader) }
        return Recurrence(rules: rules, exceptionRules: exceptionRules, dates: dates, exceptionDates: exceptionDates)
    }

    mutating func write(_ source: SourcePosition, to writer: inout SpillWriter) {
        write(file: source.file, to: &writer)
        writer.int(source.line)
    }

    func readSource(_ reader: inout SpillReader) -> SourcePosition {
        SourcePosition(file: readFile(&reader), line: reader.int())
    }

    package mutating func write(file: String, to writer: inout SpillWriter) {
        // Past 2³² files a name is written whole (number 0 then the text).
        if let number = files.number(of: file) {
            writer.unsigned(UInt64(number) + 1)
        } else {
            writer.unsigned(0)
            writer.text(file)
        }
    }

    package func readFile(_ reader: inout SpillReader) -> String {
        let number = reader.unsigned()
        return number == 0 ? reader.text() : files[UInt32(truncatingIfNeeded: number - 1)]
    }
}
