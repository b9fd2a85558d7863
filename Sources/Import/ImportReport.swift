import EventModel

/// What one run read: the numbers `busylife check` prints.
public struct ImportReport: Sendable {
    public var files = 0
    public var icsFiles = 0
    public var jsonFiles = 0
    /// Inputs that did not exist or could not be read.
    public var unreadable = 0
    public var events = 0
    public var recurringSeries = 0
    public var overrides = 0
    /// Components other than VEVENT and VTIMEZONE (VTODO, VJOURNAL...), by name.
    public var otherComponents: [String: Int] = [:]
    /// Every TZID met, per file, with the rule that resolved it.
    public var zones: [ZoneUse] = []
    public var diagnostics: [Diagnostic.Kind: Int] = [:]
    public var errors = 0
    public var warnings = 0

    public init() {}

    public var diagnosticCount: Int { errors + warnings }

    mutating func count(_ diagnostic: Diagnostic) {
        diagnostics[diagnostic.kind, default: 0] += 1
        if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
    }

    mutating func count(_ event: Event) {
        events += 1
        if event.recurrenceID != nil { overrides += 1 }
        else if event.isRecurring { recurringSeries += 1 }
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
