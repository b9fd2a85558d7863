/// Something the reader skipped, repaired or could not resolve, with where
/// and why. Printed as `file:line: severity: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How much a diagnostic matters (docs/semantics.md, "Reading real-world input").
    public enum Severity: String, Sendable, Comparable, CaseIterable {
        /// Something of the user's was dropped: an event, a rule, a time, a file.
        case error
        /// Read with a repair or a fallback that may change what the user sees
        /// (an unresolved zone read as floating, an end before the start).
        case warning
        /// Valid or harmless input that busylife does not use. Never changes
        /// the exit code; shown by `check` and `--verbose` only.
        case note

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    public enum Kind: String, Sendable, CaseIterable {
        case lineTooLong = "line-too-long"
        case nestingTooDeep = "nesting-too-deep"
        case tooManyComponents = "too-many-components"
        case binaryData = "binary-data"
        case invalidUTF8 = "invalid-utf8"
        case unbalanced = "unbalanced-component"
        case strayContent = "stray-content"
        case parse = "parse-error"
        case invalidDate = "invalid-date"
        case missingProperty = "missing-property"
        case invalidValue = "invalid-value"
        case invalidRule = "invalid-rule"
        case unresolvedZone = "unresolved-zone"
        case tooManyInstances = "too-many-instances"
        case wrongType = "wrong-type"
        case invalidJSON = "invalid-json"
        case unknownFormat = "unknown-format"
        case unreadable = "unreadable"
        /// A rule read with a repair (COUNT and UNTIL, a bad part dropped).
        case repairedRule = "repaired-rule"
        /// A value read with a repair (`PT1W`, a date with `Z`, an offset zone name).
        case repairedValue = "repaired-value"
        /// DTEND before DTSTART.
        case endBeforeStart = "end-before-start"
        /// DTSTART and DTEND (or RECURRENCE-ID) of different value types.
        case mixedValueTypes = "mixed-value-types"
        /// A property busylife never reads, malformed (DTSTAMP, GEO, TRIGGER...).
        case unusedProperty = "unused-property"
        /// A component with nothing to place (a VEVENT without DTSTART under METHOD).
        case nothingToPlace = "nothing-to-place"
        /// Directory walking: symbolic-link loops, dangling links, entries that are not regular files.
        case symlinkLoop = "symlink-loop"
        case danglingLink = "dangling-link"
        case notRegularFile = "not-a-regular-file"
        /// The environment's `TZ` names no known zone.
        case unknownZoneSetting = "unknown-tz"
        /// The work budget cut something (instances, a rule's search, a zone's observances).
        case workBudget = "work-budget"
        /// A date outside years 1 to 9999, clamped on output.
        case dateOutOfRange = "date-out-of-range"
        /// `--format` names another format than `-o`'s extension.
        case outputFormat = "output-format"
        /// Something of an event the output format cannot carry (events.json has no transparency).
        case notCarried = "not-carried"
        /// A component read more than once, or one of a UID, RECURRENCE-ID and SEQUENCE read with different content.
        case repeatedComponent = "repeated-component"
    }

    public var severity: Severity
    public var kind: Kind
    public var source: SourcePosition
    public var message: String

    package init(_ severity: Severity, _ kind: Kind, at source: SourcePosition, _ message: String) {
        self.severity = severity
        self.kind = kind
        self.source = source
        self.message = message
    }

    public var description: String { "\(source): \(severity.rawValue): \(message)" }
}
