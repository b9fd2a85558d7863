#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventModel
import ICal
import Import
import Plumbing
import Settle

/// What `busylife convert` writes.
package enum ConvertFormat: String, CaseIterable, Sendable {
    case ics
    case jcal
    case eventsJSON = "events-json"
    case csv

    /// Formats that cannot carry a rule: always expanded over a window.
    package var alwaysExpanded: Bool { self == .eventsJSON || self == .csv }
}

/// A conversion's choices.
package struct ConvertOptions: Sendable {
    package var format: ConvertFormat
    /// One VEVENT per occurrence of the window instead of the events as stored.
    package var expand: Bool
    /// The window, zones and busy rules; `windowGiven` false when the user
    /// named no window (then an expanded conversion covers the data, see
    /// `Conversion.dataWindow`, and an as-stored one keeps everything).
    package var settle: SettleOptions
    package var windowGiven: Bool
    package var csvColumns: [CSVColumn] = CSVColumn.google
    /// events.json and CSV: only occurrences that count as busy time, so
    /// that no free time reads back busy.
    package var busyOnly = false
    /// Today in the viewer's zone: series without an end are expanded a
    /// year past it when no window is given.
    package var today: LocalDate
    /// With a window (or, as stored, a filter): bytes of the events held
    /// in memory before they go to a temporary file (`HeldEvents`);
    /// `Int.max`: no temporary file.
    package var heldMemoryLimit = 1 << 20
    /// For tests: every read back of a held event from the temporary file
    /// fails, as an I/O error would.
    package var heldReadsFail = false

    package init(format: ConvertFormat, expand: Bool, settle: SettleOptions, windowGiven: Bool, today: LocalDate) {
        self.today = today
        self.format = format
        self.expand = expand || format.alwaysExpanded
        self.settle = settle
        self.windowGiven = windowGiven
    }
}

/// Reads inputs and writes them in another format (docs/convert.md):
/// as stored (every component, property, parameter and value as read) or
/// expanded (one VEVENT, row or object per occurrence of a window).
///
/// As stored with no filter and no window streams: each component is
/// written as it is read, so memory stays flat whatever the input's size.
/// A filter or a window needs the whole input first (a series is kept
/// when any of its components matches or has an occurrence in the
/// window): the events go to the settler as they are read, and are held
/// as records (`HeldEvents`) until the end; so are an expansion's over a
/// window given. An expansion with no window given covers the data, and
/// keeps its events whole.
/// VTIMEZONEs go before the events; since the zones an input needs are
/// known only at its end, the events are held in a `Spool` (memory, then a
/// temporary file) until then.
package final class Conversion {
    private let options: ConvertOptions
    /// Receives the output in large pieces; returns false once it cannot
    /// take more (a closed pipe): the conversion then stops.
    private let sink: (UnsafeRawBufferPointer) -> Bool
    private var zones = WrittenZones()
    /// As stored: what was written, so that a component read twice is written once.
    private var repeats = RepeatedComponents()
    /// What the VEVENTs made from the model (events.json) could not carry.
    private var modelText = ModelText()
    private var calendarProperties: [StoredProperty] = []
    private var calendarPropertyNames: Set<String> = []
    /// The first VCALENDAR with calendar lines: its file, and its ordinal in the file.
    private var firstCalendar: (file: String, calendar: Int)?
    private var droppedCalendarProperties: [String: Int] = [:]
    /// Each input's calendar name (X-WR-CALNAME as written; an events.json's
    /// stem), by file (and, for a VCALENDAR, its ordinal in the file).
    private var calendarNames: [String: String] = [:]
    private var body: Spool
    private var text = ICalTextWriter()
    /// jCal components written, handed to the spool 64 KiB at a time (a
    /// piece per component kept its 64 KiB buffer for 1 KiB of text).
    private var jcal = ByteWriter()
    private var componentsWritten = 0
    private(set) package var stopped = false
    /// The output is incomplete: a temporary file (the held events', or the
    /// spool's) could not be read back (an I/O error). Nothing is written
    /// when the held events fail (it is known before writing), and the
    /// output stops where the spool did; the caller fails (exit 74).
    private(set) package var incomplete = false

    /// Events kept for an expansion with no window given, in input order.
    private struct Kept {
        var event: Event
        var stored: StoredComponent?
        var tzids: [String: Zone?]
        var file: String { event.source.file }
    }
    private var kept: [Kept] = []
    /// With a window or a filter (as stored), or a window (expanded): the
    /// events that may be written.
    private var held: HeldEvents?
    /// With a window: settles the events as they are read.
    private var settler: Settler?
    /// What writing an expanded event needs besides its occurrences: its
    /// component as read (nil from events.json), file and TZIDs.
    private struct AsRead {
        var stored: StoredComponent?
        var file: String
        var tzids: [String: Zone?]

        /// For each event (by ordinal) with an occurrence in `settlement`,
        /// what `read` gives for it.
        static func table(_ settlement: Settlement, _ read: (Int) -> AsRead?) -> [Int: AsRead] {
            var table: [Int: AsRead] = [:]
            for occurrence in settlement.occurrences where table[occurrence.event.ordinal] == nil {
                table[occurrence.event.ordinal] = read(occurrence.event.ordinal)
            }
            return table
        }

        /// `occurrence`'s event's, from `table`; from the model alone when
        /// it is not there (a record that could not be read back: the
        /// conversion is then incomplete and writes nothing).
        static func of(_ occurrence: SettledOccurrence, in table: [Int: AsRead]) -> AsRead {
            table[occurrence.event.ordinal] ?? AsRead(stored: nil, file: occurrence.event.source.file, tzids: [:])
        }
    }
    /// As stored with a filter and no window: the series of matching events.
    private var matched = Set<HeldEvents.Series>()
    /// With a window given: a test that a single event may touch it.
    private var coarseWindow: CoarseWindow?

    package init(options: ConvertOptions, sink: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.options = options
        self.sink = sink
        self.body = Spool()
    }

    private var streams: Bool {
        !options.expand && !options.windowGiven && options.settle.filter.isEmpty
    }

    /// Reads every input and writes the output; diagnostics go to `diagnostic`.
    /// `readingFinished` sees the report once reading is done, before
    /// anything is written, and may refuse (a `--calendar` matching none).
    package func run(_ inputs: [InputSource], importOptions: ImportOptions,
                     diagnostic: @escaping (Diagnostic) -> Void,
                     readingFinished: (ImportReport) throws -> Void = { _ in }) throws -> ImportReport {
        var importOptions = importOptions
        if options.windowGiven {
            // Single events wholly outside the window are never written:
            // read without their text, and not kept (below).
            let window = Settler(options: options.settle).textWindow
            coarseWindow = window
            importOptions.textWindow = window
        }
        // An expansion with no window given covers the data: it needs every
        // event before it can settle any, and holds them whole.
        if !streams && (!options.expand || options.windowGiven) {
            held = HeldEvents(memoryLimit: options.heldMemoryLimit, readsFail: options.heldReadsFail)
            if options.windowGiven { settler = Settler(options: keptSettleOptions) }
        }
        let importer = Importer(options: importOptions)
        var report = importer.read(inputs, stored: { [self] item in
            take(item)
            return !stopped
        }, diagnostic: diagnostic)
        try readingFinished(report)
        var found: [Diagnostic] = []
        if !streams { found += finishKept() }
        // Inputs of different calendars merged: no one name is right for all.
        let names = Set(calendarNames.values)
        if names.count == 1, let name = names.first, !calendarPropertyNames.contains("X-WR-CALNAME") {
            calendarProperties.append(StoredProperty(name: "X-WR-CALNAME", value: name))
        } else if names.count > 1 {
            calendarProperties.removeAll { $0.name == "X-WR-CALNAME" }
            droppedCalendarProperties["X-WR-CALNAME"] = nil
            found.append(Diagnostic(.note, .unusedProperty, at: SourcePosition(file: "<convert>", line: 0),
                                    "the inputs name \(names.count) calendars (\(names.sorted().joined(separator: ", "))); the merged calendar gets no X-WR-CALNAME"))
        }
        for (name, count) in droppedCalendarProperties.sorted(by: { $0.key < $1.key }) {
            found.append(Diagnostic(.note, .unusedProperty, at: SourcePosition(file: "<convert>", line: 0),
                                    "\(count) \(name) line\(count == 1 ? "" : "s") of later calendars not written: one VCALENDAR keeps the first calendar's"))
        }
        found += repeats.diagnostics
        found += modelText.diagnostics
        for note in zones.notes {
            found.append(Diagnostic(.warning, .repairedValue, at: SourcePosition(file: "<convert>", line: 0), note))
        }
        for item in found {
            diagnostic(item)
            report.count(item)
        }
        writeOut()
        return report
    }

    // MARK: - Reading

    private func take(_ item: StoredItem) {
        switch item {
        case .calendarProperty(let property, let file, let calendar):
            if property.name == "X-WR-CALNAME" { calendarNames["\(file)\u{0}\(calendar)"] = property.value }
            // The first VCALENDAR with calendar lines keeps them all; a later
            // one's (of a later input, or of the same file, as a CalDAV
            // pack holds them) only when the calendar does not hold that
            // property yet, so the output has one VERSION and one PRODID.
            if firstCalendar == nil { firstCalendar = (file, calendar) }
            let first = firstCalendar.map { $0.file == file && $0.calendar == calendar } ?? false
            if first || !calendarPropertyNames.contains(property.name) && !Self.singleCalendarProperties.contains(property.name) {
                calendarProperties.append(property)
                calendarPropertyNames.insert(property.name)
            } else if !calendarProperties.contains(property) && !["VERSION", "PRODID", "CALSCALE"].contains(property.name) {
                droppedCalendarProperties[property.name, default: 0] += 1
            }
        case .timezone(let form, let file):
            zones.record(timezone: form, file: file)
        case .other(let form, _):
            // Left out with a filter or a window (docs/convert.md).
            if streams, repeats.admits(form, identity: RepeatedComponents.Identity(form)) { writeComponent(form) }
        case .event(var event, let form, let tzids):
            let file = event.source.file
            if form == nil { noteModelCalendar(event) }
            if streams {
                zones.note(event)
                writeOnce(form, event: event, file: file, zonesOf: tzids)
            } else {
                if let coarseWindow, !event.isRecurring, event.recurrenceID == nil,
                   !coarseWindow.mayTouch(start: event.start, end: event.end) {
                    return  // a single event outside the window: never written
                }
                guard held != nil else {
                    event.ordinal = kept.count
                    kept.append(Kept(event: event, stored: form, tzids: tzids))
                    return
                }
                event.ordinal = held?.count ?? 0
                held?.add(event, stored: form, tzids: tzids)  // in place: no copy of its entries
                if let settler {
                    settler.add(event)
                } else if options.settle.filter.matches(event) {
                    matched.insert(HeldEvents.Series(event))
                }
            }
        }
    }

    /// An events.json input has no calendar lines: its calendar's name
    /// counts as its X-WR-CALNAME.
    private func noteModelCalendar(_ event: Event) {
        if calendarNames[event.source.file] == nil { calendarNames[event.source.file] = modelText.text(event.calendar) }
    }

    /// Calendar properties one VCALENDAR holds once.
    private static let singleCalendarProperties: Set<String> = ["VERSION", "PRODID", "CALSCALE", "METHOD", "X-WR-CALNAME",
                                                                "X-WR-TIMEZONE", "X-WR-CALDESC", "NAME", "DESCRIPTION"]

    // MARK: - Filters, windows, expansion

    /// The options events are settled with: no day lists or summaries
    /// (the occurrences are written, no day).
    private var keptSettleOptions: SettleOptions {
        var settleOptions = options.settle
        settleOptions.listDays = false
        settleOptions.summarizeDays = false
        return settleOptions
    }

    /// Writes what a window, a filter or an expansion chooses.
    private func finishKept() -> [Diagnostic] {
        if let held { return options.expand ? finishHeldExpanded(held) : finishHeld(held) }
        var settleOptions = keptSettleOptions
        if !options.windowGiven {
            // No event: a window of one day, so that events.json still
            // writes `[]` and CSV its header (output busylife reads back).
            let window = Conversion.dataWindow(kept.map(\.event), today: options.today) ?? options.today...options.today
            settleOptions.from = window.lowerBound
            settleOptions.to = window.upperBound
        }
        let settler = Settler(options: settleOptions)
        for item in kept { settler.add(item.event) }
        let settlement = settler.settle(releasingInput: true)
        let asRead = AsRead.table(settlement) { [kept] ordinal in
            AsRead(stored: kept[ordinal].stored, file: kept[ordinal].file, tzids: kept[ordinal].tzids)
        }
        kept = []
        return settlement.diagnostics + writeExpanded(settlement, asRead)
    }

    /// Expanded over the window given: the events settled as they were
    /// read; those with an occurrence in the window read back.
    private func finishHeldExpanded(_ held: HeldEvents) -> [Diagnostic] {
        defer { self.held = nil }
        guard let settler else { return [] }
        let settlement = settler.settle(releasingInput: true)
        self.settler = nil
        let asRead = AsRead.table(settlement) { ordinal in
            held.item(at: ordinal).map { AsRead(stored: $0.stored, file: $0.file, tzids: $0.tzids) }
        }
        // Nothing is written then (`writeOut`): no need to make it.
        if held.failedReads > 0 {
            incomplete = true
            return settlement.diagnostics
        }
        return settlement.diagnostics + writeExpanded(settlement, asRead)
    }

    /// As stored: every component of a series (one UID in one calendar)
    /// written when any of them matches the filter or has an occurrence in
    /// the window.
    private func finishHeld(_ held: HeldEvents) -> [Diagnostic] {
        defer { self.held = nil }
        var chosen = matched
        var diagnostics: [Diagnostic] = []
        if let settler {
            let settlement = settler.settle(releasingInput: true)
            self.settler = nil
            chosen = Set(settlement.occurrences.map { HeldEvents.Series($0.event) })
            diagnostics = settlement.diagnostics
        }
        held.forEach(in: chosen) { item in
            zones.note(item.years)
            if let form = item.stored {
                writeOnce(form, event: nil, file: item.file, zonesOf: item.tzids)
            } else if let event = item.event {
                writeOnce(nil, event: event, file: item.file, zonesOf: item.tzids)
            }
        }
        if held.failedReads > 0 { incomplete = true }
        return diagnostics
    }

    /// The occurrences of `settlement`, each event's `asRead` (by ordinal)
    /// with them; a warning when free time is written as busy.
    private func writeExpanded(_ settlement: Settlement, _ asRead: [Int: AsRead]) -> [Diagnostic] {
        switch options.format {
        case .ics:
            return writeExpandedText(settlement, asRead)
        case .jcal:
            var budget = WorkBudget.OutputBytes(days: Conversion.days(settlement))
            var templates: [Int: EventComponents.Template] = [:]
            for occurrence in settlement.occurrences {
                let ordinal = occurrence.event.ordinal
                let template: EventComponents.Template
                if let known = templates[ordinal] {
                    template = known
                } else {
                    let item = AsRead.of(occurrence, in: asRead)
                    template = EventComponents.template(occurrence.occurrence, written: item.stored, file: item.file,
                                                        zonesOf: item.tzids, zones: &zones, text: &modelText)
                    templates[ordinal] = template
                }
                // Each component whole within the work budget's bytes, or none.
                let before = jcal.count
                jcal.append(componentsWritten == 0 ? "\n" : ",\n")
                JCalWriter.component(template.component(occurrence.occurrence, zones: &zones), to: &jcal)
                guard budget.admit(jcal.count - before) else {
                    jcal.keepFirst(before)
                    return [budget.cut(before: occurrence.event, at: occurrence.startUTC)]
                }
                componentsWritten += 1
                if jcal.count >= 1 << 16 { body.take(&jcal) }
                if stopped { return [] }
            }
        case .eventsJSON:
            let writer = EventsJSONWriter()
            let cut = writeRows(settlement, head: writer.begin, row: writer.write, tail: writer.end)
            return (cut.map { [$0] } ?? []) + freeTimeWrittenBusy(settlement.occurrences)
        case .csv:
            // Each event's CLASS read once, not on each of its rows.
            let privateEvents = Set(asRead.compactMap { ordinal, item in
                let level = item.stored?.first("CLASS")?.value.uppercased()
                return level == "PRIVATE" || level == "CONFIDENTIAL" ? ordinal : nil
            })
            let privacy: (Event) -> Bool = { privateEvents.contains($0.ordinal) }
            let writer = CSVWriter(columns: options.csvColumns, timeline: settlement.timeline, privacy: privacy)
            let cut = writeRows(settlement, head: writer.header, row: { row, _, out in writer.write(row, &out) }, tail: { _, _ in })
            return (cut.map { [$0] } ?? []) + freeTimeWrittenBusy(settlement.occurrences)
        }
        return freeTimeWrittenBusy(settlement.occurrences)
    }

    /// The warning that counts occurrences written as busy time that are
    /// not (transparent, cancelled, declined or all-day), where the format
    /// cannot say so: events.json always, CSV unless its columns do.
    private func freeTimeWrittenBusy(_ occurrences: SettledOccurrences) -> [Diagnostic] {
        guard options.format.alwaysExpanded, !options.busyOnly else { return [] }
        let columns = Set(options.csvColumns)
        let count = occurrences.reduce(0) { count, occurrence in
            guard !occurrence.busy, occurrence.endUTC > occurrence.startUTC else { return count }
            if options.format == .csv && (columns.contains(.busy) || occurrence.isAllDay && columns.contains(.allDay)) { return count }
            return count + 1
        }
        guard count > 0 else { return [] }
        let format = options.format == .csv ? "CSV without a Busy column" : "events.json"
        return [Diagnostic(.warning, .notCarried, at: SourcePosition(file: "<convert>", line: 0),
                           "\(count) occurrence\(count == 1 ? " is" : "s are") not busy time (transparent, cancelled, declined "
                           + "or all-day) but read back as busy: \(format) cannot say so; --busy-only leaves them out")]
    }

    /// Expanded .ics: first, in order, each VEVENT's template and the zone
    /// of every time to be written, so zones are named and their years
    /// noted exactly as writing them one by one would; then the text, in
    /// pieces made on every core and handed on in order (`ExpandedText`);
    /// a `work-budget` warning if the bytes budget cut it.
    private func writeExpandedText(_ settlement: Settlement, _ asRead: [Int: AsRead]) -> [Diagnostic] {
        let occurrences = settlement.occurrences
        // Each event's template once; each occurrence's template by its
        // place in `templates` (looked up twice, on every core).
        var templates: [(template: EventComponents.Template, rendered: EventComponents.Template.Rendered)] = []
        var templateOfOrdinal: [Int: Int32] = [:]
        var templateOf: [Int32] = []
        templateOf.reserveCapacity(occurrences.count)
        var namedYears = EventComponents.NamedZoneYears()
        for occurrence in occurrences {
            let ordinal = occurrence.event.ordinal
            if let known = templateOfOrdinal[ordinal] {
                templateOf.append(known)
            } else {
                let item = AsRead.of(occurrence, in: asRead)
                let template = EventComponents.template(occurrence.occurrence, written: item.stored, file: item.file,
                                                        zonesOf: item.tzids, zones: &zones, text: &modelText)
                templateOfOrdinal[ordinal] = Int32(templates.count)
                templateOf.append(Int32(templates.count))
                templates.append((template, template.rendered()))
            }
            EventComponents.Template.nameZones(of: occurrence.occurrence, zones: &zones, named: &namedYears)
        }
        let text = ExpandedText(occurrences: occurrences, templates: templates, templateOf: templateOf, named: zones)
        let days = Int(settlement.to.daysSinceEpoch - settlement.from.daysSinceEpoch) + 1
        let budget = WorkBudget.bytes(days: days)
        var room = budget
        var cutAt: Int?
        ParallelChunks.inOrder(count: text.pieceCount, ahead: 2 * ParallelChunks.width) { piece, _ in
            text.make(piece)
        } take: { piece in
            while true {
                let kept = piece.keptWithin(room)
                room -= piece.writer.out.count
                body.take(&piece.writer.out)
                componentsWritten += kept
                guard kept == piece.next - piece.first else {
                    cutAt = piece.first + kept
                    return false
                }
                if piece.next == piece.end { return true }
                text.makeMore(&piece)
            }
        }
        guard let cutAt else { return [] }
        let first = occurrences[cutAt]
        return [WorkBudget.outputCut(budget: budget, days: days, event: first.event, start: first.startUTC)]
    }

    /// A flat format: its head, one row per occurrence (told whether it
    /// is the first), its tail (told whether there was none), handed to
    /// the spool in large pieces. The rows end before the first that would
    /// pass the work budget's bytes: the warning that says so.
    private func writeRows(_ settlement: Settlement, head: (inout ByteWriter) -> Void,
                           row: (SettledOccurrence, Bool, inout ByteWriter) -> Void,
                           tail: (inout ByteWriter, Bool) -> Void) -> Diagnostic? {
        var budget = WorkBudget.OutputBytes(days: Conversion.days(settlement))
        var out = ByteWriter()
        head(&out)
        var rows = 0
        var cut: Diagnostic?
        for occurrence in settlement.occurrences where occurrence.busy || !options.busyOnly {
            let before = out.count
            row(occurrence, rows == 0, &out)
            guard budget.admit(out.count - before) else {
                out.keepFirst(before)
                cut = budget.cut(before: occurrence.event, at: occurrence.startUTC)
                break
            }
            rows += 1
            if out.count >= 1 << 16 { body.take(&out) }
        }
        tail(&out, rows == 0)
        body.take(&out)
        return cut
    }

    /// The days of the settlement's window.
    private static func days(_ settlement: Settlement) -> Int {
        Int(settlement.to.daysSinceEpoch - settlement.from.daysSinceEpoch) + 1
    }

    /// The window an expanded conversion covers when none is given: from
    /// the first date any event starts on to the last date any ends on,
    /// and at least a year past `today` for series that do not end; at
    /// most `SettleOptions.maximumDays` days (from the start).
    static func dataWindow(_ events: [Event], today: LocalDate) -> ClosedRange<LocalDate>? {
        guard !events.isEmpty else { return nil }
        var low = Int64.max
        var high = Int64.min
        var openEnded = false
        for event in events {
            let start = event.start.approximateSeconds
            low = min(low, start)
            high = max(high, event.end.approximateSeconds, start)
            for date in event.recurrence.dates {
                high = max(high, date.start.approximateSeconds)
            }
            for rule in event.recurrence.rules {
                if let until = rule.until {
                    high = max(high, until.approximateSeconds)
                } else if let count = rule.count {
                    // COUNT instances span at most COUNT periods (a later
                    // BYxxx instance may fall one period further).
                    let periods = Int64(min(count, 1_000_000) + 1) * Int64(max(1, rule.interval))
                    high = max(high, start &+ min(periods, 400_000) * rule.frequency.longestSeconds)
                } else {
                    openEnded = true
                }
            }
        }
        let day: Int64 = 86_400
        var first = LocalDate(daysSinceEpoch: Conversion.floorDiv(low, day) - 1)
        var last = LocalDate(daysSinceEpoch: Conversion.floorDiv(high, day) + 1)
        if openEnded { last = max(last, today.adding(days: 366)) }
        first = max(first, LocalDate(year: 1, month: 1, day: 1)!)
        last = min(last, LocalDate(year: 9999, month: 12, day: 31)!)
        let longest = Int64(SettleOptions.maximumDays) - 1
        if last.daysSinceEpoch - first.daysSinceEpoch > longest {
            last = LocalDate(daysSinceEpoch: first.daysSinceEpoch + longest)
        }
        return first...max(first, last)
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : (a - b + 1) / b }

    // MARK: - Writing

    /// An event as stored (`form` as read, else made from `event`), unless
    /// the same was written already. The model's UID, RECURRENCE-ID and
    /// SEQUENCE save parsing the lines where the event is at hand.
    private func writeOnce(_ form: StoredComponent?, event: Event?, file: String, zonesOf tzids: [String: Zone?]) {
        if let form {
            let renamed = EventComponents.renamedTZIDs(file: file, zonesOf: tzids, zones: &zones)
            let identity = if let event { RepeatedComponents.Identity(event, form: form) } else { RepeatedComponents.Identity(form) }
            guard repeats.admits(form, identity: identity, writtenTZIDs: renamed) else { return }
            writeStored(form, file: file, zonesOf: tzids)
        } else if let event {
            let component = EventComponents.vevent(event, zones: &zones, text: &modelText)
            guard repeats.admits(component, identity: RepeatedComponents.Identity(event, form: nil)) else { return }
            writeComponent(component)
        }
    }

    /// A VEVENT as read, its TZIDs written under their resolved names.
    private func writeStored(_ component: StoredComponent, file: String, zonesOf tzids: [String: Zone?]) {
        switch options.format {
        case .ics:
            // Lines copied as read; only those with a renamed TZID rewritten.
            text.component(component, renaming: EventComponents.renamedTZIDs(file: file, zonesOf: tzids, zones: &zones))
            if text.out.count >= 1 << 16 { body.take(&text.out) }
            componentsWritten += 1
        case .jcal:
            writeComponent(EventComponents.rewritingTZIDs(component, file: file, zonesOf: tzids, zones: &zones))
        case .eventsJSON, .csv:
            return
        }
    }

    private func writeComponent(_ component: StoredComponent) {
        switch options.format {
        case .ics:
            text.component(component)
            if text.out.count >= 1 << 16 { body.take(&text.out) }
        case .jcal:
            jcal.append(componentsWritten == 0 ? "\n" : ",\n")
            JCalWriter.component(component, to: &jcal)
            if jcal.count >= 1 << 16 { body.take(&jcal) }
        case .eventsJSON, .csv:
            return
        }
        componentsWritten += 1
    }

    /// The calendar's head, its VTIMEZONEs, the events held in the spool, its end.
    private func writeOut() {
        // Held events that could not be read back: nothing is written.
        guard !incomplete else { return }
        body.take(&text.out)
        body.take(&jcal)
        var head = ICalTextWriter()
        let timezones = options.format == .ics || options.format == .jcal
            ? zones.timezones(includeUnused: streams) : []
        var properties = calendarProperties
        if !calendarPropertyNames.contains("PRODID") {
            properties.insert(StoredProperty(name: "PRODID", value: "-//busylife//convert//EN"), at: 0)
        }
        if !calendarPropertyNames.contains("VERSION") {
            properties.insert(StoredProperty(name: "VERSION", value: "2.0"), at: 0)
        }
        switch options.format {
        case .ics:
            head.begin("VCALENDAR")
            for property in properties { head.property(property) }
            for timezone in timezones { head.component(timezone) }
            guard emit(&head.out) else { return }
            guard replayBody() else { return }
            var tail = ICalTextWriter()
            tail.end("VCALENDAR")
            _ = emit(&tail.out)
        case .jcal:
            var out = ByteWriter()
            JCalWriter.calendarHead(properties, to: &out)
            for (index, timezone) in timezones.enumerated() {
                out.append(index == 0 ? "\n" : ",\n")
                JCalWriter.component(timezone, to: &out)
            }
            if !timezones.isEmpty && componentsWritten > 0 { out.append(",") }
            guard emit(&out) else { return }
            guard replayBody() else { return }
            var tail = ByteWriter()
            JCalWriter.calendarTail(to: &tail)
            _ = emit(&tail)
        case .eventsJSON, .csv:
            _ = replayBody()
        }
    }

    /// The body held in the spool, written; false when it could not be
    /// read back whole (`incomplete`), and then no tail follows.
    private func replayBody() -> Bool {
        guard body.replay({ emitRaw($0) }) else {
            incomplete = true
            return false
        }
        return true
    }

    private func emit(_ out: inout ByteWriter) -> Bool {
        out.drain { emitRaw($0) }
        return !stopped
    }

    @discardableResult
    private func emitRaw(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !stopped else { return false }
        if !sink(bytes) { stopped = true }
        return !stopped
    }
}

/// Output held until the head of the file can be written: in memory up to
/// 8 MiB, then in a `TemporaryFile`, so memory stays flat. Where no file
/// can be made, or a write fails (a full disk) or would pass the limit on
/// file size (`ulimit -f`, whose signal would end the process), what
/// comes after is held in memory, after what the file holds: nothing is
/// lost.
final class Spool {
    /// Pieces held in memory, large ones as they were written and small
    /// ones copied together (none copied into one growing array): all of
    /// the output while there is no file, else what came after the file
    /// stopped taking it.
    private var pieces: [ByteWriter] = []
    private var memoryCount = 0
    private var fd: Int32 = -1
    /// Bytes in the file, all before `pieces`.
    private var fileCount: Int64 = 0
    /// Whether the file takes more (false once a write failed).
    private var fileTakes = true
    private let memoryLimit: Int
    private let fileSizeLimit: Int64
    private let folders: [String]

    init(memoryLimit: Int = 8 << 20, fileSizeLimit: Int64? = nil, folders: [String]? = nil) {
        self.memoryLimit = memoryLimit
        self.fileSizeLimit = fileSizeLimit ?? TemporaryFile.sizeLimit
        self.folders = folders ?? TemporaryFile.folders
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Takes what `out` holds, leaving it empty.
    func take(_ out: inout ByteWriter) {
        guard out.count > 0 else { return }
        if fd < 0 && fileTakes && memoryCount + out.count > memoryLimit {
            fd = TemporaryFile.make(in: folders)
            if fd < 0 {
                fileTakes = false
            } else {
                let held = pieces
                pieces = []
                memoryCount = 0
                for piece in held { piece.withBytes { writeAll(UnsafeRawBufferPointer($0)) } }
            }
        }
        if fd < 0 || !fileTakes {
            // Before the file, or after it stopped taking more. A small
            // piece is copied into the last one: kept as it is, it would
            // hold its writer's whole buffer (64 KiB for a 1 KiB jCal
            // component) until the end.
            memoryCount += out.count
            if out.count < 1 << 14 {
                if pieces.isEmpty || pieces[pieces.count - 1].count >= 1 << 16 { pieces.append(ByteWriter()) }
                out.drain { pieces[pieces.count - 1].append(bytes: $0.bindMemory(to: UInt8.self)) }
            } else {
                pieces.append(out)
                out = ByteWriter()
            }
            return
        }
        out.drain { writeAll($0) }
    }

    /// Hands `body` everything taken, in order; stops when it returns
    /// false. False when the file could not be read back whole (an I/O
    /// error): what `body` got is then cut short.
    @discardableResult
    func replay(_ body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        if fd >= 0 && fileCount > 0 {
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            var offset: Int64 = 0
            while offset < fileCount {
                let wanted = Int(min(Int64(chunk.count), fileCount - offset))
                let count = chunk.withUnsafeMutableBytes {
                    TemporaryFile.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted]), at: offset)
                }
                guard count == wanted else { return false }
                guard chunk.withUnsafeBytes({ body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else { return true }
                offset += Int64(count)
            }
        }
        for piece in pieces {
            guard piece.withBytes({ body(UnsafeRawBufferPointer($0)) }) else { return true }
        }
        return true
    }

    /// Bytes in the file (for tests).
    var bytesInFile: Int64 { fileCount }

    /// Pieces held in memory (for tests).
    var piecesHeld: Int { pieces.count }

    /// Into the file while it takes it; the rest into memory.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        if fileTakes && fd >= 0 {
            if fileCount + Int64(bytes.count) <= fileSizeLimit {
                offset = TemporaryFile.write(fd, bytes, at: fileCount)
                fileCount += Int64(offset)
            }
            if offset < bytes.count { fileTakes = false }
        }
        guard offset < bytes.count else { return }
        var piece = ByteWriter(capacity: bytes.count - offset)
        piece.append(bytes: UnsafeRawBufferPointer(rebasing: bytes[offset...]).assumingMemoryBound(to: UInt8.self))
        memoryCount += piece.count
        pieces.append(piece)
    }
}

extension RecurrenceRule.Frequency {
    /// The longest one period of this frequency can be, in seconds.
    var longestSeconds: Int64 {
        switch self {
        case .secondly: 1
        case .minutely: 60
        case .hourly: 3_600
        case .daily: 90_000
        case .weekly: 7 * 90_000
        case .monthly: 31 * 90_000
        case .yearly: 366 * 90_000
        }
    }
}
