import EventModel
import ICal
import Plumbing
import Settle

/// The events a conversion with a window (or, as stored, a filter) may
/// write, in input order, held until it is known which are written: as
/// stored, every component of a series with one that matches the filter
/// or has an occurrence in the window; expanded, the events with an
/// occurrence in it (docs/convert.md).
///
/// Each event is a record in a `SpillFile` (the newest in memory, then a
/// temporary file): its series (calendar and UID, told apart by their
/// bytes as Settle tells series apart: `ClaimKey`), its file, the zones
/// its TZIDs resolved to, the zone years it uses
/// (`WrittenZones.years(of:)`) and its component as read. Memory keeps
/// 16 bytes an event: the record's offset and its series' stable hash, so that
/// only the chosen series are read back. Events of an events.json input
/// have no component as read; they are written from the model and kept
/// whole.
struct HeldEvents {
    /// A series: the components of one UID in one calendar
    /// (docs/semantics.md, "Overrides").
    typealias Series = ClaimKey

    private struct Entry {
        var offset: Int64
        var seriesHash: UInt64
    }

    /// In blocks: no array grown by doubling, half of it empty at times.
    private var entries = Blocks<Entry>()
    private let file: SpillFile
    private var tables = SpillTables()
    private var writer = SpillWriter()
    /// Events of events.json inputs, by the number their record gives.
    private var modelEvents: [Event] = []
    /// What is left of `WrittenZones.walkBudget` for the events held.
    private var walkBudget = WrittenZones.walkBudget

    /// One event read back: what writing it needs.
    struct Held {
        var series: Series
        var file: String
        var tzids: [String: Zone?]
        var years: [WrittenZones.ZoneYear]
        var stored: StoredComponent?
        var event: Event?
    }

    /// `memoryLimit`: bytes of records held in memory before they go to a
    /// file (`Int.max`: no file). `readsFail`, for tests: every read back
    /// from the file fails, as an I/O error would.
    init(memoryLimit: Int, readsFail: Bool = false) {
        file = SpillFile(holdLimit: memoryLimit, folders: memoryLimit == .max ? [] : nil)
        file.readsFromFileFail = readsFail
    }

    var count: Int { entries.count }

    /// Reads that failed (an I/O error): those events were not written.
    var failedReads: Int { file.failedReads }

    mutating func add(_ event: Event, stored: StoredComponent?, tzids: [String: Zone?]) {
        writer.reset()
        let series = Series(event)
        writer.text(series.calendar)
        writer.text(series.uid)
        tables.write(file: event.source.file, to: &writer)
        writer.unsigned(UInt64(tzids.count))
        for (tzid, zone) in tzids.sorted(by: { $0.key < $1.key }) {
            writer.text(tzid)
            // 0 for a TZID nothing resolved, else the zone's number + 1.
            writer.unsigned(zone.map { tables.number(of: $0) + 1 } ?? 0)
        }
        let years = WrittenZones.years(of: event, walkBudget: &walkBudget)
        writer.unsigned(UInt64(years.count))
        for use in years {
            writer.unsigned(tables.number(of: use.zone))
            writer.int(use.year)
        }
        if let stored {
            writer.byte(0)
            write(stored)
        } else {
            writer.byte(1)
            writer.unsigned(UInt64(modelEvents.count))
            modelEvents.append(event)
        }
        entries.append(Entry(offset: file.append(writer.bytes), seriesHash: series.stableHash))
    }

    /// The event added `index`-th (from 0); nil if it cannot be read back
    /// (counted in `failedReads`).
    func item(at index: Int) -> Held? {
        guard index >= 0 && index < entries.count else { return nil }
        return read(entries[index].offset)
    }

    /// The held events of the series in `chosen`, in input order. Only
    /// records whose series' hash is chosen are read; a record whose hash
    /// another series shares is read and passed over.
    func forEach(in chosen: Set<Series>, _ body: (Held) -> Void) {
        let hashes = Set(chosen.map(\.stableHash))
        for entry in entries.all where hashes.contains(entry.seriesHash) {
            guard let held = read(entry.offset), chosen.contains(held.series) else { continue }
            body(held)
        }
    }

    private func read(_ offset: Int64) -> Held? {
        file.withRecord(at: offset) { bytes -> Held? in
            var reader = SpillReader(bytes)
            guard !reader.isEmpty else { return nil }
            let calendar = reader.text(), uid = reader.text()
            let file = tables.readFile(&reader)
            var tzids: [String: Zone?] = [:]
            for _ in 0..<reader.count() {
                let tzid = reader.text(), number = reader.unsigned()
                tzids[tzid] = number == 0 ? .some(nil) : tables.zone(number - 1)
            }
            var years: [WrittenZones.ZoneYear] = []
            for _ in 0..<reader.count() {
                let zone = tables.zone(reader.unsigned()), year = reader.int()
                if let zone { years.append(WrittenZones.ZoneYear(zone: zone, year: year)) }
            }
            var held = Held(series: Series(calendar: calendar, uid: uid), file: file, tzids: tzids, years: years)
            if reader.byte() == 0 {
                held.stored = readComponent(&reader)
            } else {
                let number = Int(clamping: reader.unsigned())
                guard number < modelEvents.count else { return nil }
                held.event = modelEvents[number]
            }
            return held
        }
    }

    /// A component: its lines as read, or (from jCal) its properties and
    /// children one by one.
    private mutating func write(_ component: StoredComponent) {
        writer.text(component.name)
        if let lines = component.lines {
            writer.byte(0)
            writer.blob(lines)
            return
        }
        writer.byte(1)
        let (properties, children) = component.parts
        writer.unsigned(UInt64(properties.count))
        for property in properties {
            writer.text(property.name)
            writer.unsigned(UInt64(property.parameters.count))
            for parameter in property.parameters {
                writer.text(parameter.name)
                writer.unsigned(UInt64(parameter.values.count))
                for value in parameter.values { writer.text(value) }
            }
            writer.text(property.value)
        }
        writer.unsigned(UInt64(children.count))
        for child in children { write(child) }
    }

    private func readComponent(_ reader: inout SpillReader) -> StoredComponent {
        let name = reader.text()
        if reader.byte() == 0 { return StoredComponent(name: name, lines: reader.blob()) }
        var properties: [StoredProperty] = []
        for _ in 0..<reader.count() {
            let propertyName = reader.text()
            var parameters: [StoredParameter] = []
            for _ in 0..<reader.count() {
                let parameterName = reader.text()
                parameters.append(StoredParameter(name: parameterName, values: (0..<reader.count()).map { _ in reader.text() }))
            }
            properties.append(StoredProperty(name: propertyName, parameters: parameters, value: reader.text()))
        }
        let children = (0..<reader.count()).map { _ in readComponent(&reader) }
        return StoredComponent(name: name, properties: properties, children: children)
    }
}
