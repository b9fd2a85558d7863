import EventModel
import ICal
import Plumbing

/// Writes iCalendar text (RFC 5545 3.1): CRLF line ends, lines folded at
/// 75 octets without splitting a UTF-8 character, parameter values quoted
/// when they hold `:`, `;` or `,`. Values are written as given: a stored
/// value keeps its escapes; `textValue` escapes model text.
package struct ICalTextWriter {
    package var out = ByteWriter()
    private var line: [UInt8] = []
    /// `;TZID=NAME:` of the zones written last, ready (`tzidPrefix`).
    private var tzidPrefixes: [(name: String, bytes: [UInt8])] = []

    /// `capacity`: the bytes the output is expected to take (it grows past them).
    package init(capacity: Int = 1 << 16) {
        out = ByteWriter(capacity: capacity)
        line.reserveCapacity(256)
    }

    package mutating func begin(_ name: String) { contentLine("BEGIN:" + name) }
    package mutating func end(_ name: String) { contentLine("END:" + name) }

    /// A whole component, children included, as stored: its lines as read
    /// when it has them (copied, folded), else from its parts. `renaming`
    /// gives TZIDs written under another name; only lines with such a TZID
    /// are parsed and written again.
    package mutating func component(_ component: StoredComponent, renaming: [String: String] = [:]) {
        if component.lines != nil {
            component.forEachLine { raw in
                if !renaming.isEmpty, ICalTextWriter.hasTZID(raw), let property = StoredProperty(line: raw),
                   let tzid = property.parameter("TZID"), let name = renaming[tzid] {
                    self.property(property.setting("TZID", to: name))
                    return
                }
                if raw.count <= 75 {  // most lines: no fold, copied straight
                    out.append(bytes: raw)
                    out.appendLineEnd()
                    return
                }
                line.removeAll(keepingCapacity: true)
                line.append(contentsOf: raw)
                flushLine()
            }
            return
        }
        begin(component.name)
        let (properties, children) = component.parts
        for property in properties { self.property(property) }
        for child in children { self.component(child) }
        end(component.name)
    }

    /// A time property (`DTSTART`, `RECURRENCE-ID`...) in the event's own
    /// terms, written digit by digit: a date, a floating time, UTC with
    /// `Z`, or wall time with the TZID `zones` names its zone.
    package mutating func time(_ name: StaticString, _ time: EventTime, zones: inout WrittenZones) {
        if case .instant(let instant, let zone?) = time, zone != .utc {
            let local = zone.local(instant)
            let prefix = tzidPrefix(zones.name(for: zone, year: local.date.year))
            let nameCount = name.utf8CodeUnitCount
            let total = nameCount + prefix.count + 15
            if total <= 75 && (0...9999).contains(local.date.year) {
                // Nearly every time line: no fold, stored straight into the output.
                let at = out.reserve(total)
                at.update(from: name.utf8Start, count: nameCount)
                prefix.withUnsafeBufferPointer { at.advanced(by: nameCount).update(from: $0.baseAddress!, count: $0.count) }
                ICalValue.digits(local, into: at.advanced(by: nameCount + prefix.count))
                out.commit(total)
                out.appendLineEnd()
                return
            }
            line.removeAll(keepingCapacity: true)
            line.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: nameCount))
            line.append(contentsOf: prefix)
            ICalValue.append(local, to: &line)
            flushLine()
            return
        }
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        switch time {
        case .date(let date):
            line.append(contentsOf: ";VALUE=DATE:".utf8)
            ICalValue.append(date, to: &line)
        case .floating(let local):
            line.append(0x3A)
            ICalValue.append(local, to: &line)
        case .instant(let instant, _):  // UTC (zones are written above)
            line.append(0x3A)
            ICalValue.append(LocalDateTime(secondsSinceEpoch: instant.seconds), to: &line)
            line.append(0x5A)
        }
        flushLine()
    }

    /// `;TZID=NAME:` for a zone name, made once for each of the last few
    /// names (an expanded calendar goes back and forth between a handful).
    private mutating func tzidPrefix(_ tzid: String) -> [UInt8] {
        if let found = tzidPrefixes.first(where: { $0.name == tzid }) { return found.bytes }
        var bytes = Array(";TZID=".utf8)
        ICalTextWriter.appendParameterValue(tzid, to: &bytes)
        bytes.append(0x3A)
        if tzidPrefixes.count >= 16 { tzidPrefixes.removeFirst() }
        tzidPrefixes.append((tzid, bytes))
        return bytes
    }

    /// Whether a line holds `;TZID=` (any case) before its value.
    private static func hasTZID(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let pattern: [UInt8] = Array(";TZID=".utf8)
        var index = 0
        while index + pattern.count <= line.count {
            if line[index] == 0x3A { return false }  // the value begins (a colon inside a quoted parameter is rare)
            if line[index] == 0x3B {
                var match = true
                for offset in 1..<pattern.count where line[index + offset] & 0xDF != pattern[offset] & 0xDF { match = false; break }
                if match { return true }
            }
            index += 1
        }
        return false
    }

    package mutating func property(_ property: StoredProperty) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: property.name.utf8)
        for parameter in property.parameters {
            line.append(0x3B)  // ;
            line.append(contentsOf: parameter.name.utf8)
            guard !parameter.values.isEmpty else { continue }
            line.append(0x3D)  // =
            for (index, value) in parameter.values.enumerated() {
                if index > 0 { line.append(0x2C) }
                ICalTextWriter.appendParameterValue(value, to: &line)
            }
        }
        line.append(0x3A)  // :
        line.append(contentsOf: property.value.utf8)
        flushLine()
    }

    /// A parameter value: quoted when it holds `:`, `;` or `,`, or starts
    /// or ends with a blank (which readers drop from a value not quoted).
    /// A `"` cannot appear in one, even quoted: RFC 6868 writes it `^'`.
    private static func appendParameterValue(_ value: String, to line: inout [UInt8]) {
        let isBlank = { (byte: UInt8?) in byte == 0x20 || byte == 0x09 }
        let needsQuotes = value.utf8.contains { $0 == 0x3A || $0 == 0x3B || $0 == 0x2C }
            || isBlank(value.utf8.first) || isBlank(value.utf8.last)
        if needsQuotes { line.append(0x22) }
        for byte in value.utf8 {
            if byte == 0x22 { line.append(contentsOf: [0x5E, 0x27]) } else { line.append(byte) }
        }
        if needsQuotes { line.append(0x22) }
    }

    private mutating func contentLine(_ text: String) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: text.utf8)
        flushLine()
    }

    /// The line in `line`, folded: at most 75 octets a line, a
    /// continuation line starting with one space, a cut never inside a
    /// UTF-8 character; bare CR and LF in a value cannot appear (stored
    /// values come from unfolded lines; model text is escaped).
    private mutating func flushLine() {
        var start = 0
        var limit = 75
        while line.count - start > limit {
            var cut = start + limit
            while cut > start + 1, line[cut] & 0xC0 == 0x80 { cut -= 1 }  // not inside a character
            line.withUnsafeBufferPointer { out.append(bytes: UnsafeBufferPointer(rebasing: $0[start..<cut])) }
            out.appendLineEnd()
            out.append(byte: 0x20)
            start = cut
            limit = 74  // the leading space counts
        }
        line.withUnsafeBufferPointer { out.append(bytes: UnsafeBufferPointer(rebasing: $0[start...])) }
        out.appendLineEnd()
    }
}

/// Values in iCalendar's text forms.
package enum ICalValue {
    /// RFC 5545 3.3.11: `\`, `;`, `,` escaped, newlines as `\n` (`ICalText.escape`).
    package static func text(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }) else {
            return value
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count + 8)
        ICalText.escape(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `20261122`.
    package static func date(_ date: LocalDate) -> String {
        var bytes: [UInt8] = []
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `20261122T143000`.
    package static func dateTime(_ local: LocalDateTime) -> String {
        var bytes: [UInt8] = []
        append(local, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `20261122` appended digit by digit.
    static func append(_ date: LocalDate, to bytes: inout [UInt8]) {
        guard (0...9999).contains(date.year) else {
            append(date.year, width: 4, to: &bytes)
            append(date.month, width: 2, to: &bytes)
            append(date.day, width: 2, to: &bytes)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { buffer in
            digits(date, into: buffer)
            bytes.append(contentsOf: UnsafeBufferPointer(buffer))
        }
    }

    /// `20261122T143000` appended digit by digit, in one append.
    static func append(_ local: LocalDateTime, to bytes: inout [UInt8]) {
        guard (0...9999).contains(local.date.year) else {
            append(local.date, to: &bytes)
            bytes.append(0x54)
            append(local.hour, width: 2, to: &bytes)
            append(local.minute, width: 2, to: &bytes)
            append(local.second, width: 2, to: &bytes)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 15) { buffer in
            digits(local, into: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(buffer))
        }
    }

    /// `20261122T143000` into the 15 bytes at `buffer`, for a year of 0 to 9999.
    static func digits(_ local: LocalDateTime, into buffer: UnsafeMutablePointer<UInt8>) {
        let bytes = UnsafeMutableBufferPointer(start: buffer, count: 15)
        digits(local.date, into: bytes)
        bytes[8] = 0x54
        two(local.hour, into: bytes, at: 9)
        two(local.minute, into: bytes, at: 11)
        two(local.second, into: bytes, at: 13)
    }

    /// `20261122` into the first eight bytes, for a year of 0 to 9999.
    private static func digits(_ date: LocalDate, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        two(date.year / 100, into: buffer, at: 0)
        two(date.year % 100, into: buffer, at: 2)
        two(date.month, into: buffer, at: 4)
        two(date.day, into: buffer, at: 6)
    }

    private static func two(_ value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) {
        buffer[index] = UInt8(truncatingIfNeeded: value / 10) &+ 0x30
        buffer[index + 1] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30
    }

    /// A non-negative number in at least `width` digits (leading zeros).
    private static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1, digits = 1
        while digits < width || value / divisor >= 10 { divisor *= 10; digits += 1 }
        var rest = max(0, value)
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: rest / divisor % 10) + 0x30)
            rest %= divisor
            divisor /= 10
        }
    }

    /// `20261122T143000Z` (whole seconds, rounded down).
    package static func utc(_ instant: Instant) -> String {
        dateTime(LocalDateTime(secondsSinceEpoch: instant.seconds)) + "Z"
    }

    /// A time property (`DTSTART`, `RECURRENCE-ID`...) in the event's own
    /// terms: a date, a floating time, UTC with `Z`, or wall time with the
    /// TZID `zoneName` gives its zone.
    package static func timeProperty(_ name: String, _ time: EventTime, zoneName: (Zone) -> String) -> StoredProperty {
        switch time {
        case .date(let date):
            return StoredProperty(name: name, parameters: [StoredParameter(name: "VALUE", values: ["DATE"])], value: self.date(date))
        case .floating(let local):
            return StoredProperty(name: name, value: dateTime(local))
        case .instant(let instant, let zone):
            guard let zone, zone != .utc else { return StoredProperty(name: name, value: utc(instant)) }
            return StoredProperty(name: name, parameters: [StoredParameter(name: "TZID", values: [zoneName(zone)])],
                                  value: dateTime(zone.local(instant)))
        }
    }
}
