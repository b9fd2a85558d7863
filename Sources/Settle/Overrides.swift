import EventModel

/// The overrides of one expansion of a series: the winner per instance key
/// (a cancelled one removes the instance), those without a master to key
/// them by, and the master's EXDATEs, which delete an instance and any
/// override of it. Far overrides (`Series.FarOverride`) take their
/// instance like any other and show nowhere.
struct Overrides {
    /// An override as the table weighs it; `component` is nil for a far one.
    struct Claim {
        var time: EventTime
        var cancelled: Bool
        var sequence: Int
        var order: Int
        var title: String
        var source: SourcePosition
        var component: Series.Component?

        /// Higher SEQUENCE wins, then the later override.
        func wins(over other: Claim) -> Bool { (sequence, order) > (other.sequence, other.order) }
    }

    var byKey: [Frame.Key: Claim] = [:]
    var keyless: [Series.Component] = []
    var exdateExact = KeySet()
    var exdateDays = KeySet()
    var exactKeys = KeySet()
    var dayKeys = KeySet()

    init(_ overrides: [Series.Component], far: [Series.FarOverride], master: Event?, frame: Frame?,
         diagnostic: (Diagnostic) -> Void) {
        let claims = overrides.compactMap { component in
            let event = component.event
            return event.recurrenceID.map {
                Claim(time: $0.time, cancelled: event.status == .cancelled, sequence: event.sequence, order: component.order,
                      title: event.title, source: event.source, component: component)
            }
        }
        let farClaims = far.map {
            Claim(time: $0.recurrenceID, cancelled: $0.cancelled, sequence: $0.sequence, order: $0.order,
                  title: $0.title, source: $0.source, component: nil)
        }
        for claim in claims + farClaims {
            guard let frame else {
                if let component = claim.component { keyless.append(component) }
                continue
            }
            let key = frame.key(of: claim.time)
            if let existing = byKey[key], !claim.wins(over: existing) { continue }
            byKey[key] = claim
        }
        if let master, let frame { exclude(master, frame: frame, diagnostic: diagnostic) }
        for key in byKey.keys {
            switch key {
            case .exact(let value): exactKeys.insert(value)
            case .day(let value): dayKeys.insert(value)
            }
        }
    }

    /// The master's EXDATEs, and the overrides of instances they delete
    /// dropped, each with a diagnostic, in input order.
    private mutating func exclude(_ master: Event, frame: Frame, diagnostic: (Diagnostic) -> Void) {
        for time in master.recurrence.exceptionDates {
            switch frame.key(of: time) {
            case .exact(let value): exdateExact.insert(value)
            case .day(let value): exdateDays.insert(value)
            }
        }
        for (key, claim) in byKey.sorted(by: { $0.value.order < $1.value.order }) {
            let day = LocalDate.daysSinceEpoch(ofWallSeconds: frame.wall(claim.time))
            let excluded = switch key {
            case .exact(let value): exdateExact.contains(value) || exdateDays.contains(day)
            case .day(let value): exdateDays.contains(value)
            }
            if excluded {
                byKey[key] = nil
                // A cancelled override loses nothing; any other was
                // something the user wrote, dropped: a warning.
                diagnostic(Diagnostic(claim.cancelled ? .note : .warning, .nothingToPlace, at: claim.source,
                    "override \"\(claim.title)\" of an instance that the master's EXDATE deletes; not shown"))
            }
        }
    }

    /// The overrides as occurrences of their own, in input order
    /// (cancelled and far ones show nothing).
    func standalone(frame: Frame?, masterLength: InstanceLength?) -> [Occurrence] {
        (keyless + byKey.values.sorted(by: { $0.order < $1.order }).compactMap(\.component))
            .filter { $0.event.status != .cancelled }
            .map { component in
                let id = component.event.recurrenceID.map { frame?.normalized($0.time) ?? $0.time }
                let start = component.event.start
                let end = component.event.endFromMaster ? masterLength?.end(of: start) ?? component.event.end
                    : component.event.end
                return Occurrence(record: component.record, start: start, end: end, recurrenceID: id)
            }
    }

    /// THISANDFUTURE overrides, by the wall time of the instance they start at.
    func rangeOverrides(frame: Frame, masterLength: InstanceLength) -> [Series.RangeOverride] {
        byKey.values.compactMap(\.component).filter { $0.event.recurrenceID?.thisAndFuture == true }
            .map { component -> Series.RangeOverride in
                let event = component.event
                let from = frame.wall(event.recurrenceID!.time)
                return Series.RangeOverride(from: from, shift: frame.wall(event.start) - from,
                                            length: event.endFromMaster ? masterLength
                                                : InstanceLength(start: event.start, end: event.end, duration: event.duration),
                                            component: component)
            }
            .sorted { $0.from < $1.from }
    }
}

/// Instance keys (milliseconds, or days), searched one by one while there
/// are few: a series mostly has no override and no EXDATE, or one, and
/// every instance of the window is looked up in four of these, nearly
/// always empty or holding one or two keys, where hashing each instance
/// would cost more than comparing.
struct KeySet {
    private var few: [Int64] = []
    private var many: Set<Int64> = []
    /// Past this many, a hashed set.
    private static let fewest = 8

    mutating func insert(_ key: Int64) {
        if !many.isEmpty {
            many.insert(key)
        } else if !few.contains(key) {
            few.append(key)
            if few.count > KeySet.fewest {
                many = Set(few)
                few = []
            }
        }
    }

    func contains(_ key: Int64) -> Bool {
        many.isEmpty ? few.contains(key) : many.contains(key)
    }
}
