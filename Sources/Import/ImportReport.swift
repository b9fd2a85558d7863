import EventModel

/// What one run read: the numbers `busylife check` prints.
public struct ImportReport: Sendable {
    public var files = 0
    package var icsFiles = 0
    /// jCal (RFC 7265) files, read as the iCalendar they stand for.
    package var jcalFiles = 0
    package var jsonFiles = 0
    /// Inputs that did not exist or could not be read.
    package var unreadable = 0
    /// Files read whose content is no calendar (binary data, a web page,
    /// text of neither format): each skipped whole with an error.
    package var notCalendars = 0
    public var events = 0
    package var recurringSeries = 0
    package var overrides = 0
    /// Components other than VEVENT and VTIMEZONE (VTODO, VJOURNAL...), by name.
    package var otherComponents: [String: Int] = [:]
    /// VFREEBUSY components read; their busy periods are counted in `events`.
    package var freeBusyComponents = 0
    /// Every TZID met, per file, with the rule that resolved it.
    package var zones: [ZoneUse] = []
    /// Diagnostics by severity and kind.
    package var diagnostics: [DiagnosticClass: Int] = [:]
    public var errors = 0
    public var warnings = 0
    package var notes = 0
    /// The calendars events were read into (X-WR-CALNAME, a vdir display
    /// name or a file stem), with vdir collections read even when empty:
    /// what `--calendar` can match.
    public var calendars: Set<String> = []
    /// Colours of vdir collections (their `color` file), by calendar name;
    /// the first collection of a name that has one gives it.
    package var calendarColors: [String: CalendarColor] = [:]

    package init() {}

    /// Errors and warnings: what the exit code follows (notes never count).
    package var diagnosticCount: Int { errors + warnings }

    /// Counts one diagnostic (the caller reports it).
    package mutating func count(_ diagnostic: Diagnostic) {
        diagnostics[DiagnosticClass(severity: diagnostic.severity, kind: diagnostic.kind), default: 0] += 1
        switch diagnostic.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
    }

    mutating func count(_ event: Event) {
        events += 1
        calendars.insert(event.calendar)
        if event.recurrenceID != nil { overrides += 1 }
        else if event.isRecurring { recurringSeries += 1 }
    }
}

/// A severity and a kind: what `check` counts diagnostics by.
package struct DiagnosticClass: Hashable, Sendable, Comparable {
    package var severity: Diagnostic.Severity
    package var kind: Diagnostic.Kind

    package init(severity: Diagnostic.Severity, kind: Diagnostic.Kind) {
        self.severity = severity
        self.kind = kind
    }

    /// Errors first, then warnings, then notes; by kind within each.
    package static func < (a: DiagnosticClass, b: DiagnosticClass) -> Bool {
        a.severity != b.severity ? a.severity > b.severity : a.kind.rawValue < b.kind.rawValue
    }
}

/// A TZID as one file used it.
package struct ZoneUse: Sendable {
    package var file: String
    package var tzid: String
    package var rule: ZoneRule
    /// The zone it resolved to (IANA name or the VTIMEZONE's TZID).
    package var zone: String?
}
