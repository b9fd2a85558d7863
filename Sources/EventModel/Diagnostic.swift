/// Something the reader skipped, repaired or could not resolve, with where
/// and why. Printed as `file:line: severity: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        /// Data was dropped: a component, a property, a file.
        case error
        /// Data was kept but read with a fallback (floating for an unknown zone...).
        case warning

        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
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
    }

    public var severity: Severity
    public var kind: Kind
    public var source: SourcePosition
    public var message: String

    public init(_ severity: Severity, _ kind: Kind, at source: SourcePosition, _ message: String) {
        self.severity = severity
        self.kind = kind
        self.source = source
        self.message = message
    }

    public var description: String { "\(source): \(severity.rawValue): \(message)" }
}
