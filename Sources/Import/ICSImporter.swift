import EventModel
import ICal

/// Reads one `.ics` stream into events: VTIMEZONEs are collected, each
/// VEVENT is converted as soon as it is complete, except one whose TZID may
/// still be defined by a VTIMEZONE further down, which waits for the end.
struct ICSImporter {
    let catalog: ZoneCatalog
    let limits: ICalLimits
    /// Apply X-WR-TIMEZONE (docs/semantics.md section 2); off for strict RFC reading.
    let useCalendarZone: Bool
    let textWindow: CoarseWindow?

    /// `calendarName`, when given (a vdir collection's), names the calendar
    /// whatever X-WR-CALNAME says; else X-WR-CALNAME does, else `stem`.
    ///
    /// `stored`, when given, receives everything as written instead of
    /// `event` receiving events (`StoredItem`; the limits must keep the
    /// stored form). `concurrently` false reads on this thread alone.
    func read(_ source: ByteSource, file: String, stem: String, calendarName forced: String? = nil,
              concurrently: Bool = true, report: inout ImportReport,
              event: (consuming Event) -> Bool, stored: ((StoredItem) -> Bool)? = nil,
              diagnostic: @escaping (Diagnostic) -> Void) -> Bool {
        // Items are turned into events on the reader thread
        // (`parseConcurrently`'s `prepare`): what they make (events, items
        // as written, diagnostics) goes into `made` and on to this thread
        // in file order, where `event`, `stored` and `diagnostic` hear it.
        let made = Outputs()
        var stream = StreamState(importer: self, file: file, stem: stem, forcedName: forced, keepsStored: stored != nil,
                                 made: made)
        var keepGoing = true
        func hand(_ output: consuming Output) -> Bool {
            switch consume output {
            case .event(let found): if !event(consume found) { keepGoing = false }
            case .stored(let item): if let stored, !stored(item) { keepGoing = false }
            case .diagnostic(let found): diagnostic(found)
            case .taken: break
            }
            return keepGoing
        }

        let readOK = concurrently
            ? readInPipeline(source, stream: &stream, made: made, report: &report, hand: hand)
            : readInSequence(source, stream: &stream, made: made, report: &report, hand: hand)
        if !readOK {
            diagnostic(Diagnostic(.error, .unreadable, at: SourcePosition(file: file, line: 0),
                                  "read error; the rest of the file is not read"))
        }
        report.zones += stream.resolutions.map {
            ZoneUse(file: file, tzid: $0.tzid, rule: $0.rule, zone: $0.zone?.id)
        }
        return keepGoing
    }

    /// The items read and turned into outputs on a reader thread
    /// (`ICalStreamParser.parseConcurrently`), each output handed on here;
    /// `hand` returns false to stop.
    private func readInPipeline(_ source: ByteSource, stream: inout StreamState, made: Outputs, report: inout ImportReport,
                                hand: (consuming Output) -> Bool) -> Bool {
        var keepGoing = true
        return ICalStreamParser.parseConcurrently(source, limits: limits, memo: catalog.parseMemo, prepare: { item, outputs in
            // What `prepare` makes goes straight into the batch: `made`
            // holds the batch while it runs.
            swap(&made.list, &outputs)
            stream.prepare(item, report: &report)
            swap(&made.list, &outputs)
        }, finish: { outputs in
            // The file is read: what waited for a VTIMEZONE is made now,
            // still on the reader thread.
            swap(&made.list, &outputs)
            stream.emitPending(report: &report)
            swap(&made.list, &outputs)
        }, { outputs in
            // Each output taken out of the batch, not copied.
            for index in outputs.indices where keepGoing {
                var output = Output.taken
                swap(&output, &outputs[index])
                keepGoing = hand(consume output)
            }
            return keepGoing
        })
    }

    /// The same on this thread alone, each item's outputs handed on as
    /// soon as it is read: what a small file (a vdir's) is read by. Here,
    /// not through `parseConcurrently`, whose code for any kind of output
    /// looked up the types of its arrays for every item.
    private func readInSequence(_ source: ByteSource, stream: inout StreamState, made: Outputs, report: inout ImportReport,
                                hand: (consuming Output) -> Bool) -> Bool {
        var keepGoing = true
        func handMade() {
            guard !made.list.isEmpty else { return }
            // Each output taken out of the list, not copied.
            for index in made.list.indices where keepGoing {
                var output = Output.taken
                swap(&output, &made.list[index])
                keepGoing = hand(consume output)
            }
            made.list.removeAll(keepingCapacity: true)
        }
        let readOK = ICalStreamParser.items(source, limits: limits, memo: catalog.parseMemo) { item in
            stream.prepare(item, report: &report)
            handMade()
            return keepGoing
        }
        if keepGoing {
            // The file is read: what waited for a VTIMEZONE is made now.
            stream.emitPending(report: &report)
            handMade()
        }
        return readOK
    }

    /// What the reader thread keeps while it turns one stream's items
    /// into outputs: the calendar's name, zone and METHOD, and the events
    /// waiting for a VTIMEZONE.
    private struct StreamState {
        let file: String
        let stem: String
        /// The vdir collection's name, which wins over X-WR-CALNAME.
        let forcedName: String?
        let keepsStored: Bool
        let useCalendarZone: Bool
        let textWindow: CoarseWindow?
        let made: Outputs
        let note: (Diagnostic) -> Void
        let catalog: ZoneCatalog
        /// The current VCALENDAR's zones: a TZID means what its own
        /// calendar's VTIMEZONE says (several calendars in one stream, as a
        /// CalDAV cache's pack holds them, may each define the same TZID).
        var zones: ZoneResolver
        /// How the TZIDs of the stream's earlier VCALENDARs were resolved.
        var earlierResolutions: [ZoneResolution] = []
        var calendarName: String
        var calendarZone: Zone?
        var underMethod = false
        /// The stream's VCALENDARs begun so far: the current one's ordinal plus one.
        var calendarsBegun = 0
        /// Whether the current VCALENDAR's `forcedName` was stored.
        var forcedNameWritten = false
        /// Events waiting for a VTIMEZONE, each with the builder of its own calendar.
        var pending: [(ICalComponent, EventBuilder)] = []
        // One builder while the calendar's name, zone and METHOD stay as
        // they are: made per event, it cost a retain and a release of
        // each of its references.
        var current: EventBuilder?
        /// The file's people and categories, shared by its events.
        let people = PeopleTable()

        init(importer: ICSImporter, file: String, stem: String, forcedName: String?, keepsStored: Bool, made: Outputs) {
            self.file = file
            self.stem = stem
            self.forcedName = forcedName
            self.keepsStored = keepsStored
            useCalendarZone = importer.useCalendarZone
            textWindow = importer.textWindow
            self.made = made
            let note: (Diagnostic) -> Void = { made.list.append(.diagnostic($0)) }
            self.note = note
            catalog = importer.catalog
            zones = ZoneResolver(catalog: importer.catalog, file: file, report: note)
            calendarName = stem
        }

        /// How every TZID of the stream was resolved.
        var resolutions: [ZoneResolution] { earlierResolutions + zones.resolutions }

        mutating func prepare(_ item: ICalItem, report: inout ImportReport) {
            switch item {
            case .calendarBegin:
                // Each VCALENDAR of a stream starts afresh.
                calendarName = stem
                calendarZone = nil
                underMethod = false
                calendarsBegun += 1
                forcedNameWritten = false
            case .calendarProperty(let property, let form):
                if keepsStored, let form {
                    if forcedName != nil && form.name == "X-WR-CALNAME" {
                        storeForcedName()
                    } else {
                        made.list.append(.stored(.calendarProperty(form, file: file, calendar: max(calendarsBegun - 1, 0))))
                    }
                }
                readCalendarProperty(property)
            case .component(let component):
                storeForcedName()
                take(component, report: &report)
            case .calendarEnd:
                storeForcedName()
                // What waited for a VTIMEZONE of this calendar is made with
                // its zones; the next calendar defines its own.
                emitPending(report: &report)
                earlierResolutions += zones.resolutions
                zones = ZoneResolver(catalog: catalog, file: file, report: note)
                current = nil
            case .problem(let problem):
                note(Diagnostic(ICSImporter.severity(of: problem.kind), ICSImporter.kind(of: problem.kind),
                                at: SourcePosition(file: file, line: problem.line), problem.message))
            }
        }

        /// A vdir collection's name, which wins over X-WR-CALNAME, stored as
        /// the calendar's X-WR-CALNAME (once a VCALENDAR, where its own is or
        /// after its own lines), so that a conversion names the calendar so.
        private mutating func storeForcedName() {
            guard keepsStored, let forcedName, !forcedNameWritten, calendarsBegun > 0 else { return }
            forcedNameWritten = true
            var escaped: [UInt8] = []
            ICalText.escape(forcedName, into: &escaped)
            let name = StoredProperty(name: "X-WR-CALNAME", value: String(decoding: escaped, as: UTF8.self))
            made.list.append(.stored(.calendarProperty(name, file: file, calendar: calendarsBegun - 1)))
        }

        /// X-WR-CALNAME, METHOD and X-WR-TIMEZONE; other properties of the calendar are not read.
        private mutating func readCalendarProperty(_ property: ICalProperty) {
            switch property.name {
            case "X-WR-CALNAME":
                let name = property.value.trimmingBlanks()
                if !name.isEmpty && forcedName == nil { calendarName = name }
            case "METHOD":
                underMethod = true
            case "X-WR-TIMEZONE" where useCalendarZone:
                let tzid = property.value.trimmingBlanks()
                calendarZone = zones.resolve(tzid, line: property.line)
            default:
                break
            }
        }

        /// A top-level component of the calendar.
        private mutating func take(_ component: ICalComponent, report: inout ImportReport) {
            switch component.name {
            case "VTIMEZONE":
                zones.define(component)
                if keepsStored, let form = component.stored { made.list.append(.stored(.timezone(form, file: file))) }
            case "VEVENT":
                if ICSImporter.waitsForZone(component, zones) {
                    let waiting = builder(calendarName)
                    pending.append((component, waiting))
                    // Memory stays flat: past the limit, read the waiting
                    // events with what is known now (a VTIMEZONE coming
                    // later is then reported by the resolver).
                    if pending.count > ICSImporter.maxPending { emitPending(report: &report) }
                } else {
                    emit(component, builder: builder(calendarName), report: &report)
                }
            case "VFREEBUSY":
                // Busy periods as events (FreeBusyReader), read and
                // counted alike by every command; a conversion writes
                // the component as it was written.
                report.freeBusyComponents += 1
                for period in FreeBusyReader(file: file, calendar: calendarName, report: note).events(component) {
                    report.count(period)
                    if !keepsStored { made.list.append(.event(period)) }
                }
                if keepsStored, let form = component.stored { made.list.append(.stored(.other(form, file: file))) }
            default:
                report.otherComponents[component.name, default: 0] += 1
                if keepsStored, let form = component.stored { made.list.append(.stored(.other(form, file: file))) }
            }
        }

        private mutating func builder(_ calendar: String) -> EventBuilder {
            if let current, current.calendar == calendar, current.calendarZone == calendarZone,
               current.underMethod == underMethod {
                return current
            }
            let made = EventBuilder(file: file, calendar: calendar, zones: zones, calendarZone: calendarZone,
                                    underMethod: underMethod, textWindow: textWindow, report: note, people: people)
            current = made
            return made
        }

        /// The events that waited for a VTIMEZONE, made with what is known now.
        mutating func emitPending(report: inout ImportReport) {
            for (waiting, builder) in pending { emit(waiting, builder: builder, report: &report) }
            pending = []
        }

        private func emit(_ component: ICalComponent, builder: EventBuilder, report: inout ImportReport) {
            guard let built = builder.build(component) else {
                // No event (no DTSTART under METHOD, an unreadable one): a
                // conversion still copies the VEVENT as written.
                if keepsStored, let form = component.stored { made.list.append(.stored(.other(form, file: file))) }
                return
            }
            report.count(built)
            if keepsStored {
                handOnStored(built, component)
            } else {
                made.list.append(.event(consume built))
            }
        }

        /// An event with its VEVENT as written and the zone each TZID of it
        /// resolved to (cached: building the event asked already).
        private func handOnStored(_ built: Event, _ component: ICalComponent) {
            var used: [String: Zone?] = [:]
            func collect(_ part: ICalComponent) {
                for property in part.properties {
                    if let tzid = property.parameter("TZID"), used[tzid] == nil {
                        used[tzid] = .some(zones.resolve(tzid, line: property.line))
                    }
                }
                part.children.forEach(collect)
            }
            collect(component)
            made.list.append(.stored(.event(built, component.stored, zones: used)))
        }
    }

    /// What the reader thread makes of the items, handed to the caller's
    /// thread in file order. Each is made on one thread and then belongs
    /// to the other alone (a stored form is never shared): unchecked.
    private enum Output: @unchecked Sendable {
        case event(Event)
        case stored(StoredItem)
        case diagnostic(Diagnostic)
        /// What is left in a batch of an output handed on.
        case taken
    }

    /// Where builders, the zone resolver and the item handler put what
    /// they make, until it is handed on.
    private final class Outputs {
        var list: [Output] = []
    }

    /// Most events held back waiting for a VTIMEZONE that may come later.
    static let maxPending = 1000

    /// Whether a TZID of this VEVENT is neither a tz database name nor a
    /// VTIMEZONE read so far.
    private static func waitsForZone(_ component: ICalComponent, _ zones: ZoneResolver) -> Bool {
        component.anyParameter("TZID") { !zones.isSettled(utf8: $0) }
    }

    /// Dropped data is an error; repaired data a warning; what busylife never reads a note.
    static func severity(of kind: ICalProblem.Kind) -> Diagnostic.Severity {
        switch kind {
        case .invalidUTF8, .repaired: .warning
        case .unusedProperty: .note
        default: .error
        }
    }

    static func kind(of kind: ICalProblem.Kind) -> Diagnostic.Kind {
        switch kind {
        case .lineTooLong: .lineTooLong
        case .nestingTooDeep: .nestingTooDeep
        case .tooManyComponents: .tooManyComponents
        case .binaryData: .binaryData
        case .invalidUTF8: .invalidUTF8
        case .unbalanced: .unbalanced
        case .strayContent: .strayContent
        case .parse: .parse
        case .unusedProperty: .unusedProperty
        case .repaired: .repairedValue
        }
    }
}

/// What a read that keeps the stored form hands on, in input order
/// (`Importer.read(_:stored:diagnostic:)`), for writing it back.
package enum StoredItem {
    /// A property of the calendar itself, as written, and which VCALENDAR
    /// of its file it belongs to (from 0: a CalDAV cache's pack holds several).
    case calendarProperty(StoredProperty, file: String, calendar: Int)
    /// An event read into the model, its VEVENT as written (nil for
    /// events.json), and the zone each TZID of it resolved to (nil: unresolved).
    case event(Event, StoredComponent?, zones: [String: Zone?])
    /// A VTIMEZONE as written.
    case timezone(StoredComponent, file: String)
    /// Any other top-level component (VTODO, VJOURNAL, VFREEBUSY, X- components).
    case other(StoredComponent, file: String)
}
