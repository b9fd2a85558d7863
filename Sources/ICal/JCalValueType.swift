/// The value types of jCal (RFC 7265 section 3.6), and which one each
/// iCalendar property has when no VALUE parameter says otherwise: the one
/// table both directions use (Convert writes jCal, Import reads it).
///
/// A property this table does not know (an `X-` property, an iana-token
/// of a later RFC) is `unknown`: jCal then carries its value as written,
/// and reading it back writes it as it came (RFC 7265 section 5).
package enum JCalValueType: String, Sendable, CaseIterable {
    case binary, boolean, calAddress = "cal-address", date, dateTime = "date-time", duration, float, integer,
         period, recur, text, time, uri, utcOffset = "utc-offset", unknown

    /// The type a VALUE parameter names (any case); nil for a name RFC 5545
    /// does not define (an `X-` type), which jCal cannot name.
    package init?(valueParameter: String) {
        guard let type = JCalValueType(rawValue: valueParameter.lowercased()), type != .unknown else { return nil }
        self = type
    }

    /// The type jCal names `name` (`"date-time"`), found in a table built
    /// once: `init(rawValue:)` compares the name with every case in turn,
    /// and a jCal reader asks once per property.
    package static func named(_ name: String) -> JCalValueType? {
        byName[name]
    }

    private static let byName: [String: JCalValueType] =
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The VALUE parameter that names this type in iCalendar (`DATE-TIME`).
    package var valueParameter: String { rawValue.uppercased() }

    /// The type of a property (upper-case name) without a VALUE parameter:
    /// RFC 5545 section 3.8 and RFC 7986, `unknown` for any other.
    package static func defaultType(ofProperty name: String) -> JCalValueType {
        defaults[name] ?? .unknown
    }

    /// Properties whose value is a list (RFC 7265 section 3.4.1.2): each
    /// element is a value of its own in jCal, after the type.
    package static func isMultiValued(property name: String) -> Bool {
        multiValued.contains(name)
    }

    /// Properties whose value has parts separated by `;` (RFC 7265 section
    /// 3.4.1.3): one JSON array in jCal. GEO has two floats; REQUEST-STATUS
    /// a code, a description and maybe data, each text.
    package static func isStructured(property name: String) -> Bool {
        name == "GEO" || name == "REQUEST-STATUS"
    }

    /// Parts of a recurrence rule whose values are integers (RFC 7265
    /// section 3.6.10 writes them as JSON numbers).
    package static func isNumericRulePart(_ name: String) -> Bool {
        numericRuleParts.contains(name)
    }

    private static let multiValued: Set<String> = ["CATEGORIES", "RESOURCES", "EXDATE", "RDATE", "FREEBUSY"]

    private static let numericRuleParts: Set<String> = [
        "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS",
    ]

    private static let defaults: [String: JCalValueType] = [
        // Calendar properties (RFC 5545 3.7)
        "CALSCALE": .text, "METHOD": .text, "PRODID": .text, "VERSION": .text,
        // Descriptive (3.8.1)
        "ATTACH": .uri, "CATEGORIES": .text, "CLASS": .text, "COMMENT": .text, "DESCRIPTION": .text,
        "GEO": .float, "LOCATION": .text, "PERCENT-COMPLETE": .integer, "PRIORITY": .integer,
        "RESOURCES": .text, "STATUS": .text, "SUMMARY": .text,
        // Date and time (3.8.2)
        "COMPLETED": .dateTime, "DTEND": .dateTime, "DUE": .dateTime, "DTSTART": .dateTime,
        "DURATION": .duration, "FREEBUSY": .period, "TRANSP": .text,
        // Time zone (3.8.3)
        "TZID": .text, "TZNAME": .text, "TZOFFSETFROM": .utcOffset, "TZOFFSETTO": .utcOffset, "TZURL": .uri,
        // Relationship (3.8.4)
        "ATTENDEE": .calAddress, "CONTACT": .text, "ORGANIZER": .calAddress, "RECURRENCE-ID": .dateTime,
        "RELATED-TO": .text, "URL": .uri, "UID": .text,
        // Recurrence (3.8.5; EXRULE from RFC 2445)
        "EXDATE": .dateTime, "RDATE": .dateTime, "RRULE": .recur, "EXRULE": .recur,
        // Alarm (3.8.6)
        "ACTION": .text, "REPEAT": .integer, "TRIGGER": .duration,
        // Change management (3.8.7)
        "CREATED": .dateTime, "DTSTAMP": .dateTime, "LAST-MODIFIED": .dateTime, "SEQUENCE": .integer,
        // Miscellaneous (3.8.8)
        "REQUEST-STATUS": .text,
        // RFC 7986
        "NAME": .text, "REFRESH-INTERVAL": .duration, "SOURCE": .uri, "COLOR": .text, "IMAGE": .uri,
        "CONFERENCE": .uri,
    ]
}
