/// A parsed iCalendar component as plain Swift values: the only shape in
/// which libical's data leaves this target.
package struct ICalComponent: Sendable {
    /// Upper-cased component name (`VEVENT`, `VTIMEZONE`, `STANDARD`...).
    package var name: String
    /// Physical line of its `BEGIN:` line (1-based).
    package var line: Int
    package private(set) var properties: [ICalProperty]
    /// One bit per `ICalPropertyKind` present: most kinds looked up are
    /// not there, and are known absent without a scan.
    private var kinds: UInt64 = 0
    package var children: [ICalComponent]
    /// Problems libical reported inside this component (its `X-LIC-ERROR`s).
    package var problems: [ICalProblem]
    /// The component as written, when the reader keeps it (`ICalLimits.keepsStoredForm`).
    package var stored: StoredComponent?

    package init(name: String, line: Int, properties: [ICalProperty] = [],
                children: [ICalComponent] = [], problems: [ICalProblem] = []) {
        self.name = name
        self.line = line
        self.properties = properties
        for property in properties { kinds |= property.kind.bit }
        self.children = children
        self.problems = problems
    }

    /// The first property with this (upper-case) name.
    package func first(_ name: String) -> ICalProperty? {
        // Lengths first: most names asked for differ in length, a cheaper test.
        let length = name.utf8.count
        // By index: each property's name is read in place, no property copied until found.
        for index in properties.indices where properties[index].name.utf8.count == length && properties[index].name == name {
            return properties[index]
        }
        return nil
    }

    package mutating func reserveCapacity(_ count: Int) {
        properties.reserveCapacity(count)
    }

    package mutating func append(_ property: consuming ICalProperty) {
        kinds |= property.kind.bit
        properties.append(property)
    }

    /// The first property of this kind (a byte compared per property);
    /// nil for `other`.
    package func first(_ kind: ICalPropertyKind) -> ICalProperty? {
        guard has(kind) else { return nil }
        for index in properties.indices where properties[index].kind == kind { return properties[index] }
        return nil
    }

    /// The value of the first property of this kind (`ICalProperty.value`),
    /// read where the property lies: the property is not copied.
    package func value(_ kind: ICalPropertyKind) -> String? {
        guard has(kind) else { return nil }
        return properties.withUnsafeBufferPointer { list in
            guard let base = list.baseAddress else { return nil }
            for index in list.indices where list[index].kind == kind { return ICalProperty.value(at: base + index) }
            return nil
        }
    }

    /// Whether a property of this kind is there.
    package func has(_ kind: ICalPropertyKind) -> Bool {
        kinds & kind.bit != 0
    }

    /// The text all its properties and its children's were read from,
    /// when they were all read from one (the lines the stream parser
    /// collected for a top-level component); nil otherwise. Two
    /// components read from the same text hold the same names, values and
    /// parts (their line numbers aside).
    package var sourceText: [UInt8]? {
        var text: [UInt8]?
        func allFromText(_ part: ICalComponent) -> Bool {
            for property in part.properties {
                guard let lines = property.sourceLines else { return false }
                // The same array, mostly: compared by its storage first.
                if let text, text != lines { return false }
                text = lines
            }
            return part.children.allSatisfy(allFromText)
        }
        return allFromText(self) ? text : nil
    }

    /// Whether `test` holds for the value of a parameter called `name`
    /// (upper case) of any property, each read in place, none copied.
    package func anyParameter(_ name: String, _ test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        properties.withUnsafeBufferPointer { list in
            guard let base = list.baseAddress else { return false }
            var found = false
            for index in list.indices where !found && list[index].mayHaveParameters {
                ICalProperty.withParameter(at: base + index, name) { found = test($0) }
            }
            return found
        }
    }

    /// Every property of this kind, in file order.
    package func all(_ kind: ICalPropertyKind) -> [ICalProperty] {
        guard has(kind) else { return [] }
        var found: [ICalProperty] = []
        for index in properties.indices where properties[index].kind == kind { found.append(properties[index]) }
        return found
    }

    /// Every property with this (upper-case) name, in file order.
    package func all(_ name: String) -> [ICalProperty] {
        let length = name.utf8.count
        var found: [ICalProperty] = []
        for index in properties.indices where properties[index].name.utf8.count == length && properties[index].name == name {
            found.append(properties[index])
        }
        return found
    }
}

/// One content line: name, parameters and value.
package struct ICalProperty: Sendable {
    /// Upper-cased property name.
    package let name: String
    /// The name as one of those busylife looks up (`ICalComponent.first(_:)`).
    package let kind: ICalPropertyKind
    /// Physical line where the property starts (1-based).
    package var line: Int
    /// The lines of the property's component it was read from (empty for
    /// one made from strings), and where in them its parts lie: most
    /// values of most events (a description far from the window, every
    /// attendee's parameters) are never asked for, and no string is made
    /// of them. Stored flat, not as an enum's payload: reading them
    /// borrows the lines, where binding a payload retains them.
    private let lines: [UInt8]
    private let raw: RawProperty
    private let unescapes: Bool
    /// Value and parameters given as strings, for one not read from lines.
    private let made: (value: String, parameters: [(name: String, value: String)])?

    package init(name: String, value: String, parameters: [(name: String, value: String)] = [], line: Int) {
        self.name = name
        self.kind = ICalPropertyKind(name: name)
        self.line = line
        self.lines = []
        self.raw = RawProperty()
        self.unescapes = false
        self.made = (value, parameters)
    }

    /// A property read from `lines` (a component's collected lines) at `raw`.
    init(name: String, kind: ICalPropertyKind, line: Int, lines: [UInt8], raw: RawProperty, unescapes: Bool) {
        self.name = name
        self.kind = kind
        self.line = line
        self.lines = lines
        self.raw = raw
        self.unescapes = unescapes
        self.made = nil
    }

    /// The lines it was read from; nil for one made from strings.
    var sourceLines: [UInt8]? { made == nil ? lines : nil }

    /// The value: unescaped for TEXT values, as written for every other type.
    package var value: String { withUnsafePointer(to: self) { ICalProperty.value(at: $0) } }

    /// `value` of the property at `property`, its fields read where they
    /// lie: a method called on an array's element copied the property
    /// (`ICalComponent.value`, 24,000 copies for 5,000 events).
    static func value(at property: UnsafePointer<ICalProperty>) -> String {
        if let made = property.pointee.made { return made.value }
        return property.pointee.lines.withUnsafeBufferPointer {
            property.pointee.raw.valueText($0, unescapes: property.pointee.unescapes)
        }
    }

    /// `withParameter` of the property at `property`, read the same way.
    static func withParameter(at property: UnsafePointer<ICalProperty>, _ name: String,
                              _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if let made = property.pointee.made {
            guard var value = made.parameters.first(where: { $0.name == name })?.value else { return }
            value.withUTF8 { body($0) }
            return
        }
        guard property.pointee.raw.hasParameters else { return }
        property.pointee.lines.withUnsafeBufferPointer { bytes in
            if let range = property.pointee.raw.parameterRange(name, in: bytes) { body(UnsafeBufferPointer(rebasing: bytes[range])) }
        }
    }

    /// Parameters in file order, names upper-cased, values unquoted.
    package var parameters: [(name: String, value: String)] {
        if let made { return made.parameters }
        return lines.withUnsafeBufferPointer { raw.parameterList($0) }
    }

    /// False only when the line has no parameters at all.
    var mayHaveParameters: Bool { made != nil || raw.hasParameters }

    /// Calls `body` with the bytes of the value of the first parameter
    /// with this (upper-case) name, if there is one: no string made.
    package func withParameter(_ name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafePointer(to: self) { ICalProperty.withParameter(at: $0, name, body) }
    }

    /// Calls `body` with the value's bytes as written when it needs no
    /// unescaping (no string made), else with the value's.
    package func withValue(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if made == nil && !unescapes {
            lines.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(raw.value.lowerBound)..<Int(raw.value.upperBound)])) }
            return
        }
        var value = value
        value.withUTF8 { body($0) }
    }

    /// The value of the first parameter with this (upper-case) name.
    package func parameter(_ name: String) -> String? {
        if let made { return made.parameters.first { $0.name == name }?.value }
        guard raw.hasParameters else { return nil }
        return lines.withUnsafeBufferPointer { raw.parameter(name, in: $0) }
    }
}

/// The property names busylife looks up in every event, as a byte
/// (`ICalComponent.first(_:)`): found without comparing names.
package enum ICalPropertyKind: UInt8, Sendable {
    /// Any other name; never looked up.
    case other
    case dtstart, dtend, duration, rrule, rdate, exrule, exdate, recurrenceID
    case uid, summary, description, location, categories, attendee, organizer
    case status, transp, sequence, geo, freebusy
    case tzid, tzoffsetfrom, tzoffsetto
    case busyLifeType, busyLifeStart, busyLifeRange
    /// Read by no one, held back from libical when plainly valid
    /// (`LineTree.isPlainDateTime`, `isPlainWord`, `isPlainDuration`).
    case dtstamp, created, lastModified, action, trigger, classification, priority

    /// Its bit in `ICalComponent`'s set; none for `other`, which is never
    /// looked up (`first(.other)` finds nothing).
    @inline(__always) var bit: UInt64 { self == .other ? 0 : 1 << UInt64(rawValue) }

    /// The kind of an upper-case property name.
    package init(name: String) {
        self = ICalPropertyKind.byName[name] ?? .other
    }

    private static let byName: [String: ICalPropertyKind] = [
        "DTSTART": .dtstart, "DTEND": .dtend, "DURATION": .duration, "RRULE": .rrule, "RDATE": .rdate,
        "EXRULE": .exrule, "EXDATE": .exdate, "RECURRENCE-ID": .recurrenceID, "UID": .uid, "SUMMARY": .summary,
        "DESCRIPTION": .description, "LOCATION": .location, "CATEGORIES": .categories, "ATTENDEE": .attendee,
        "ORGANIZER": .organizer, "STATUS": .status, "TRANSP": .transp, "SEQUENCE": .sequence, "GEO": .geo,
        "FREEBUSY": .freebusy, "TZID": .tzid, "TZOFFSETFROM": .tzoffsetfrom, "TZOFFSETTO": .tzoffsetto,
        "X-BUSYLIFE-TYPE": .busyLifeType, "X-BUSYLIFE-START": .busyLifeStart, "X-BUSYLIFE-RANGE": .busyLifeRange,
        "DTSTAMP": .dtstamp, "CREATED": .created, "LAST-MODIFIED": .lastModified, "ACTION": .action, "TRIGGER": .trigger,
        "CLASS": .classification, "PRIORITY": .priority,
    ]
}

/// A problem found while reading: by our line reader or by libical.
package struct ICalProblem: Sendable, Equatable {
    package enum Kind: String, Sendable {
        /// A line longer than the limit; the property is dropped.
        case lineTooLong = "line-too-long"
        /// Components nested deeper than the limit; the outer component is dropped.
        case nestingTooDeep = "nesting-too-deep"
        /// More components than the per-file limit; the rest is not read.
        case tooManyComponents = "too-many-components"
        /// NUL or other control bytes: not an iCalendar text line.
        case binaryData = "binary-data"
        /// Bytes that are not UTF-8; replaced by U+FFFD.
        case invalidUTF8 = "invalid-utf8"
        /// `END:` without its `BEGIN:`, or the reverse; the file ends inside a component.
        case unbalanced = "unbalanced-component"
        /// Text outside any component.
        case strayContent = "stray-content"
        /// A value or line libical could not parse (its `X-LIC-ERROR`).
        case parse = "parse-error"
        /// A malformed property busylife never reads (DTSTAMP, GEO, TRIGGER...): harmless.
        case unusedProperty = "unused-property"
        /// A line read with a repair (a quote never closed).
        case repaired = "repaired-value"
    }

    package var kind: Kind
    package var line: Int
    package var message: String

    package init(kind: Kind, line: Int, message: String) {
        self.kind = kind
        self.line = line
        self.message = message
    }
}
