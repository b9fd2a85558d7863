import EventModel
import ICal

/// A VFREEBUSY (RFC 5545 3.6.4) in a VCALENDAR: what `busy --format ics`
/// publishes (busy periods) and `free --format ics` offers (free slots).
///
/// DTSTART and DTEND are the window in UTC; DTSTAMP is given (the CLI
/// derives it from `--today`, so the same inputs give the same bytes);
/// then one FREEBUSY line per period, in UTC, sorted. Written by
/// `ICalTextWriter`: CRLF, folded at 75 octets, never inside a UTF-8 sequence.
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
        let properties = [StoredProperty(name: "VERSION", value: "2.0"),
                          StoredProperty(name: "PRODID", value: "-//busylife//busylife free/busy//EN"),
                          StoredProperty(name: "CALSCALE", value: "GREGORIAN")]
        var freeBusy = [StoredProperty(name: "UID", value: ICalValue.text(uid)),
                        StoredProperty(name: "DTSTAMP", value: ICalValue.utc(stamp))]
        if let organizer { freeBusy.append(StoredProperty(name: "ORGANIZER", value: "mailto:" + organizer)) }
        freeBusy += [StoredProperty(name: "DTSTART", value: ICalValue.utc(window.lowerBound)),
                     StoredProperty(name: "DTEND", value: ICalValue.utc(window.upperBound))]
        for period in periods.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
            // Whole seconds: busy time rounded outward, free time inward,
            // so that no busy millisecond reads back as free.
            let free = period.type == "FREE"
            freeBusy.append(StoredProperty(name: "FREEBUSY", parameters: [StoredParameter(name: "FBTYPE", values: [period.type])],
                                           value: utc(period.start, up: free) + "/" + utc(period.end, up: !free)))
        }
        var writer = ICalTextWriter()
        writer.component(StoredComponent(name: "VCALENDAR", properties: properties,
                                         children: [StoredComponent(name: "VFREEBUSY", properties: freeBusy, children: [])]))
        return String(decoding: writer.out.bytes, as: UTF8.self)
    }

    /// `20261123T140000Z`: whole seconds (RFC 5545 has no fractions),
    /// rounded down, or `up`.
    static func utc(_ instant: Instant, up: Bool = false) -> String {
        let seconds = instant.seconds
        return ICalValue.utc(Instant(seconds: up && seconds * 1000 < instant.milliseconds ? seconds + 1 : seconds))
    }
}
