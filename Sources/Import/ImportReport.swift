import EventModel

/// What one run read: the numbers `busylife check` prints.
public struct ImportReport: Sendable {
    public var files = 0
    public var icsFiles = 0
    /// jCal (RFC 7265) files, read as the iCalendar they stand for.
    public var jcalFiles = 0
    public var jsonFiles = 0
    /// Inputs that did not exist or could not be read.
    public var unreadable = 0
    /// Files read whose content is no calendar (binary data, a web page,
    /// text of neither format): each skipped whole with an error.
    public var notCalendars = 0
    public var events = 0
    public var recurringSeries = 0
    public var overrides = 0
    /// Components other than VEVENT and VTIMEZONE (VTODO, VJOURNAL...), by name.
    public var otherComponents: [String: Int] = [:]
    /// VFREEBUSY components read; their busy periods are counted in `events`.
    public var freeBusyComponents = 0
    /// Every TZID met, per file, with the rule that resolved it.
    public var zones: [ZoneUse] = []
    /// Diagnostics by severity and kind.
    public var diagnostics: [DiagnosticClass: Int] = [:]
    public var errors = 0
    public var warnings = 0
    public var notes = 0
    /// The calendars events were read into (X-WR-CALNAME, a vdir display
    /// name or a file stem), with vdir collections read even when empty:
    /// what `--calendar` can match.
    public var calendars: Set<String> = []
    /// Colours of vdir collections (their `color` file), by calendar name;
    /// the first collection of a name that has one gives it.
    public var calendarColors: [String: CalendarColor] = [:]

    public init() {}

    /// Errors and warnings: what the exit code follows (notes never count).
    public var diagnosticCount: Int { errors + warnings }

    /// Counts one diagnostic (the caller reports it).
    public mutating func count(_ diagnostic: Diagnostic) {
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
public struct DiagnosticClass: Hashable, Sendable, Comparable {
    public var severity: Diagnostic.Severity
    public var kind: Diagnostic.Kind

    public init(severity: Diagnostic.Severity, kind: Diagnostic.Kind) {
        self.severity = severity
        self.kind = kind
    }

    /// Errors first, then warnings, then notes; by kind within each.
    public static func < (a: DiagnosticClass, b: DiagnosticClass) -> Bool {
        a.severity != b.severity ? a.severity > b.severity : a.kind.rawValue < b.kind.rawValue
    }
}

/// A TZID as one file used it.
public struct ZoneUse: Sendable {
    public var file: String
    public var tzid: String
    public var rule: ZoneRule
    /// The zone it resolved to (IANA name or the VTIMEZONE's TZID).
    public var zone: String?
}
