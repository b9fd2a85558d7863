import EventModel
import Plumbing

/// Series of which every component read so far lies far from the window:
/// masters none of whose instances comes near it, and overrides that show
/// on no day of it (`Intake`). Such a series gives no occurrence, so its
/// components are written out, as records in a `SpillFile` (in memory up
/// to 256 KiB, then in a temporary file), each linked to the series'
/// component before it. What stays in memory is 16 bytes a series (where
/// its first and its newest records are), its slot in the lookup by hash,
/// and the tables of zones and file names its records give by number.
///
/// A component near the window wakes the series (`wakeForGood`): its
/// records are read back and it becomes a `Series` again, with every
/// component it had, and it is expanded like any other. So are, when
/// settling, the series whose master has EXDATEs and that have overrides,
/// for the warning about an override of an instance an EXDATE deletes
/// (`wakesForDiagnostics`).
///
/// Holds its spill file by reference: one owner (an `Intake`), never copied.
struct SpilledSeries {
    /// One series: where its first record (which also holds its names)
    /// and its newest lie, and three flags in the top bits of the first.
    private struct Entry {
        private var firstAndFlags: UInt64
        var last: Int64

        private static let exceptionDates: UInt64 = 1 << 63, override: UInt64 = 1 << 62, woken: UInt64 = 1 << 61
        private static let offsets: UInt64 = (1 << 61) - 1

        init(first: Int64) {
            firstAndFlags = UInt64(first)
            last = first
        }

        var first: Int64 { Int64(firstAndFlags & Entry.offsets) }
        var hasExceptionDates: Bool { firstAndFlags & Entry.exceptionDates != 0 }
        var hasOverride: Bool { firstAndFlags & Entry.override != 0 }
        /// Woken during intake: a `Series` now, so never woken again.
        var isWoken: Bool { firstAndFlags & Entry.woken != 0 }

        mutating func note(_ component: Series.FarComponent) {
            switch component {
            case .master(let master):
                if !master.recurrence.exceptionDates.isEmpty { firstAndFlags |= Entry.exceptionDates }
            case .override:
                firstAndFlags |= Entry.override
            }
        }

        mutating func markWoken() { firstAndFlags |= Entry.woken }
    }

    private var entries = Blocks<Entry>()
    private let spill: SpillFile
    private var tables = SpillTables()
    private var writer = SpillWriter()
    /// The text of a far master, by its record. `Intake` strips every far
    /// master's, so this stays empty; kept so that nothing given is lost.
    private var texts: [Int64: EventTextBox] = [:]

    init(spill: SpillFile = SpillFile()) {
        self.spill = spill
    }

    /// Reads of records that failed (an I/O error): a series woken
    /// without the components from there on, or one not found again by
    /// its names (then kept as a second series of those names).
    var failedReads: Int { spill.failedReads }

    /// An error when some records could not be read back: their series
    /// may lack components.
    var lossDiagnostic: Diagnostic? {
        let failed = failedReads
        guard failed > 0 else { return nil }
        return Diagnostic(.error, .unreadable, at: SourcePosition(file: "<temporary file>", line: 0),
                          "\(failed) read\(failed == 1 ? "" : "s") of recurring series kept in busylife's temporary file "
                              + "failed (an I/O error): those series may show wrongly")
    }

    /// A new dormant series with its first component; its index.
    mutating func create(uid: String, calendar: String, first: Series.FarComponent) -> Int {
        writer.reset()
        writer.unsigned(0)
        writer.text(uid)
        writer.text(calendar)
        var entry = Entry(first: write(first))
        entry.note(first)
        return entries.append(entry)
    }

    /// Whether the series at `index` has this calendar and UID.
    func hasNames(_ index: Int, uid: String, calendar: String) -> Bool {
        spill.withRecord(at: entries[index].first) { bytes in
            var reader = SpillReader(bytes)
            _ = reader.unsigned()
            return reader.textEquals(uid) && reader.textEquals(calendar)
        }
    }

    mutating func add(_ component: Series.FarComponent, to index: Int) {
        writer.reset()
        writer.unsigned(UInt64(entries[index].last) + 1)
        entries[index].last = write(component)
        entries[index].note(component)
    }

    /// Appends `component` to the record begun in `writer`; its offset.
    private mutating func write(_ component: Series.FarComponent) -> Int64 {
        switch component {
        case .master(let master):
            writer.byte(0)
            write(master)
            let offset = spill.append(writer.bytes)
            if let text = master.boxes.text { texts[offset] = text }
            return offset
        case .override(let override):
            writer.byte(1)
            tables.write(override.recurrenceID, to: &writer)
            writer.bool(override.cancelled)
            writer.int(override.sequence)
            writer.int(override.order)
            writer.text(override.title)
            tables.write(override.source, to: &writer)
            return spill.append(writer.bytes)
        }
    }

    /// A status by its number in a record.
    private static let statuses: [Event.Status?] = [nil, .tentative, .confirmed, .cancelled]

    private mutating func write(_ master: Series.Master) {
        tables.write(master.start, to: &writer)
        writer.byte(Self.statuses.firstIndex(of: master.status).map(UInt8.init) ?? 0)
        writer.bool(master.transparency == .transparent)
        writer.bool(master.endFromMaster)
        tables.write(master.end, to: &writer)
        writer.int(master.sequence)
        writer.int(master.order)
        writer.text(master.title)
        tables.write(master.source, to: &writer)
        tables.write(master.recurrence, to: &writer)
        writer.bool(master.boxes.duration != nil)
        if let duration = master.boxes.duration?.value {
            writer.bool(duration.negative)
            writer.int(duration.weeks)
            writer.int(duration.days)
            writer.int64(duration.milliseconds)
        }
        writer.optionalInt(master.type)
        writer.int(master.ordinal)
    }

    private func readMaster(_ reader: inout SpillReader, offset: Int64) -> Series.Master {
        let start = tables.readTime(&reader)
        let status = Self.statuses[min(Int(reader.byte()), Self.statuses.count - 1)]
        let transparency: Event.Transparency = reader.bool() ? .transparent : .opaque
        let endFromMaster = reader.bool(), end = tables.readTime(&reader)
        let (sequence, order, title) = (reader.int(), reader.int(), reader.text())
        let source = tables.readSource(&reader), recurrence = tables.readRecurrence(&reader)
        let duration = reader.bool()
            ? DurationBox(EventDuration(negative: reader.bool(), weeks: reader.int(), days: reader.int(), milliseconds: reader.int64()))
            : nil
        let type = reader.optionalInt()
        return Series.Master(start: start, status: status, transparency: transparency, endFromMaster: endFromMaster,
                             end: end, sequence: sequence, order: order, title: title, source: source,
                             recurrence: recurrence, boxes: (texts[offset], duration), type: type, ordinal: reader.int())
    }

    private func readOverride(_ reader: inout SpillReader) -> Series.FarOverride {
        let recurrenceID = tables.readTime(&reader), cancelled = reader.bool()
        let (sequence, order, title) = (reader.int(), reader.int(), reader.text())
        return Series.FarOverride(recurrenceID: recurrenceID, cancelled: cancelled, sequence: sequence, order: order,
                                  title: title, source: tables.readSource(&reader))
    }

    /// The series at `index` as a `Series` for good, when a component near
    /// the window joins it: it is never woken again.
    mutating func wakeForGood(_ index: Int) -> Series {
        entries[index].markWoken()
        return wake(index)
    }

    /// The series at `index` as a `Series`, its components added in input
    /// order.
    func wake(_ index: Int) -> Series {
        let (names, components) = components(index)
        var series = Series()
        for component in components {
            series.add(component, uid: names.uid, calendar: names.calendar)
        }
        return series
    }

    /// The names and components of the series at `index`, read back from
    /// its records, in input order.
    func components(_ index: Int) -> (names: (uid: String, calendar: String), [Series.FarComponent]) {
        var components: [Series.FarComponent] = []
        var names = (uid: "", calendar: "")
        var next = entries[index].last
        while next >= 0 {
            let offset = next
            next = spill.withRecord(at: offset) { bytes -> Int64 in
                var reader = SpillReader(bytes)
                guard !reader.isEmpty else { return -1 }
                let previous = Int64(truncatingIfNeeded: reader.unsigned()) - 1
                if previous < 0 { names = (reader.text(), reader.text()) }
                components.append(reader.byte() == 0 ? .master(readMaster(&reader, offset: offset)) : .override(readOverride(&reader)))
                return previous
            }
        }
        return (names, components.sorted { $0.order < $1.order })
    }

    /// The dormant series that settling must expand after all: a master
    /// with EXDATEs and an override, which may draw a warning whatever
    /// the window. Indices in creation order.
    var wakesForDiagnostics: [Int] {
        (0..<entries.count).filter {
            !entries[$0].isWoken && entries[$0].hasExceptionDates && entries[$0].hasOverride
        }
    }
}
