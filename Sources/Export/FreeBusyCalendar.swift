import EventModel

/// A VFREEBUSY (RFC 5545 3.6.4) in a VCALENDAR: what `busy --format ics`
/// publishes (busy periods) and `free --format ics` offers (free slots).
///
/// DTSTART and DTEND are the window in UTC; DTSTAMP is given (the CLI
/// derives it from `--today`, so the same inputs give the same bytes);
/// then one FREEBUSY line per period, in UTC, sorted. Lines end in CRLF and
/// are folded at 75 octets, never inside a UTF-8 sequence.
package enum FreeBusyCalendar {
    package struct Period {
        package var start: Instant
        package var end: Instant
        /// `BUSY`, `BUSY-TENTATIVE`, `FREE`.
        package var type: String

        package init(start: Instant, end: Instant, type: String) {
            self.start = start
            self.end = end
            self.type = type
        }
    }

    /// The calendar text. `uid` names the VFREEBUSY; `organizer`, an email
    /// address, whose time it is (written as `ORGANIZER:mailto:…`).
    package static func document(window: Range<Instant>, stamp: Instant, uid: String, organizer: String?,
                                 periods: [Period]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//busylife//busylife free/busy//EN", "CALSCALE:GREGORIAN",
                     "BEGIN:VFREEBUSY", "UID:" + escape(uid), "DTSTAMP:" + utc(stamp)]
        if let organizer { lines.append("ORGANIZER:mailto:" + organizer) }
        lines += ["DTSTART:" + utc(window.lowerBound), "DTEND:" + utc(window.upperBound)]
        for period in periods.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
            // Whole seconds: busy time rounded outward, free time inward,
            // so that no busy millisecond reads back as free.
            let free = period.type == "FREE"
            lines.append("FREEBUSY;FBTYPE=\(period.type):" + utc(period.start, up: free) + "/" + utc(period.end, up: !free))
        }
        lines += ["END:VFREEBUSY", "END:VCALENDAR"]
        return lines.map(fold).joined()
    }

    /// `20261123T140000Z`: whole seconds (RFC 5545 has no fractions),
    /// rounded down, or `up`.
    static func utc(_ instant: Instant, up: Bool = false) -> String {
        var seconds = instant.milliseconds >= 0 ? instant.milliseconds / 1000 : (instant.milliseconds - 999) / 1000
        if up && seconds * 1000 < instant.milliseconds { seconds += 1 }
        return Instant(seconds: seconds).description.filter { $0 != "-" && $0 != ":" }
    }

    /// A content line ending in CRLF, folded so that no line is longer than
    /// 75 octets (continuations start with a space).
    package static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        var out: [UInt8] = []
        var index = 0, room = 75
        while bytes.count - index > room {
            var cut = index + room
            while cut > index && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }  // not inside a UTF-8 sequence
            out += bytes[index..<cut] + [0x0D, 0x0A, 0x20]
            index = cut
            room = 74
        }
        out += bytes[index...] + [0x0D, 0x0A]
        return String(decoding: out, as: UTF8.self)
    }

    /// TEXT escaping (RFC 5545 3.3.11).
    private static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }
}
