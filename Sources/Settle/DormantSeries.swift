import EventModel

/// Series of which every component read so far lies far from the window:
/// masters none of whose instances comes near it, and overrides that show
/// on no day of it (`Intake`). Such a series gives no occurrence, so it is
/// kept without an object of its own: its calendar and UID as bytes in
/// one arena, its components in shared blocks, linked newest first, most
/// of them in compact form. On the 50,000-series benchmark calendar a
/// series with an override takes about 310 bytes of heap (its master 88,
/// its override 56, its names 37, its entry 28, and its slot in the
/// lookup by hash), where a `Series` took about 540.
///
/// A component near the window wakes the series (`wake`): it becomes a
/// `Series` again, with every component it had, and it is expanded like
/// any other. So are, when settling, the series whose master has EXDATEs
/// and that have overrides, for the warning about an override of an
/// instance an EXDATE deletes (`wakesForDiagnostics`).
struct DormantSeries {
    /// One series: where its names lie, and its newest master and
    /// override (`Link`).
    private struct Entry {
        var names: NameArena.Reference
        var lastMaster = Link.none
        var lastOverride = Link.none
        var hasExceptionDates = false
    }

    /// A component in `compact*` (even) or `full*` (odd), or none (-1).
    private struct Link: Equatable {
        var value: Int32
        static let none = Link(value: -1)
        init(value: Int32) { self.value = value }
        init(compact index: Int) { value = Int32(2 * index) }
        init(full index: Int) { value = Int32(2 * index + 1) }
        var index: Int { Int(value >> 1) }
        var isCompact: Bool { value & 1 == 0 }
    }

    private struct Linked<Component> {
        var component: Component
        var previous: Link
    }

    private var entries = Blocks<Entry>()
    private var compactMasters = Blocks<CompactMaster>()
    private var fullMasters = Blocks<Linked<Series.Master>>()
    private var compactOverrides = Blocks<CompactOverride>()
    private var fullOverrides = Blocks<Linked<Series.FarOverride>>()
    private var names = NameArena()
    private var files = FileTable()

    /// A new dormant series with its first component; its index.
    mutating func create(uid: String, calendar: String, first: Component) -> Int {
        let index = entries.append(Entry(names: names.append(uid, calendar)))
        add(first, to: index)
        return index
    }

    /// Whether the series at `index` has this calendar and UID.
    func hasNames(_ index: Int, uid: String, calendar: String) -> Bool {
        names.equals(entries[index].names, uid, calendar)
    }

    mutating func add(_ component: Component, to index: Int) {
        switch component {
        case .master(let master):
            let previous = entries[index].lastMaster
            entries[index].lastMaster = if let compact = CompactMaster(master, previous: previous, files: &files) {
                Link(compact: compactMasters.append(compact))
            } else {
                Link(full: fullMasters.append(Linked(component: master, previous: previous)))
            }
            if !master.recurrence.exceptionDates.isEmpty { entries[index].hasExceptionDates = true }
        case .override(let override):
            let previous = entries[index].lastOverride
            entries[index].lastOverride = if let compact = CompactOverride(override, previous: previous, files: &files) {
                Link(compact: compactOverrides.append(compact))
            } else {
                Link(full: fullOverrides.append(Linked(component: override, previous: previous)))
            }
        }
    }

    /// The series at `index` as a `Series`, its components added in input
    /// order. What it held stays (blocks only grow); the caller forgets
    /// the index.
    func wake(_ index: Int) -> Series {
        let entry = entries[index]
        let (uid, calendar) = names.strings(entry.names)
        var components: [Component] = []
        var next = entry.lastMaster
        while next != .none {
            if next.isCompact {
                let compact = compactMasters[next.index]
                components.append(.master(compact.master(files: files)))
                next = compact.previous
            } else {
                components.append(.master(fullMasters[next.index].component))
                next = fullMasters[next.index].previous
            }
        }
        next = entry.lastOverride
        while next != .none {
            if next.isCompact {
                let compact = compactOverrides[next.index]
                components.append(.override(compact.override(files: files)))
                next = compact.previous
            } else {
                components.append(.override(fullOverrides[next.index].component))
                next = fullOverrides[next.index].previous
            }
        }
        var series = Series()
        for component in components.sorted(by: { $0.order < $1.order }) {
            series.add(component, uid: uid, calendar: calendar)
        }
        return series
    }

    /// The dormant series that settling must expand after all: a master
    /// with EXDATEs and an override, which may draw a warning whatever
    /// the window. Indices in creation order.
    var wakesForDiagnostics: [Int] {
        (0..<entries.count).filter { entries[$0].hasExceptionDates && entries[$0].lastOverride != .none }
    }

    /// A far component as kept.
    enum Component {
        case master(Series.Master)
        case override(Series.FarOverride)

        var order: Int {
            switch self {
            case .master(let master): master.order
            case .override(let override): override.order
            }
        }
    }

    /// A master as most are kept far from the window (88 bytes, where a
    /// `Series.Master` takes 176): its file by number, numbers in 32 bits,
    /// and only its rules of its recurrence; nil for any other master.
    private struct CompactMaster {
        var start: EventTime
        var status: Event.Status?
        var transparency: Event.Transparency
        var endFromMaster: Bool
        var sequence: Int32
        var end: EventTime
        var order: Int32
        var title: String
        var rules: [RecurrenceRule]
        var file: UInt32
        var line: Int32
        var previous: Link
        var ordinal: Int32

        init?(_ master: Series.Master, previous: Link, files: inout FileTable) {
            let recurrence = master.recurrence
            guard recurrence.exceptionRules.isEmpty && recurrence.dates.isEmpty && recurrence.exceptionDates.isEmpty,
                  master.boxes.text == nil && master.boxes.duration == nil && master.type == nil,
                  let sequence = Int32(exactly: master.sequence), let order = Int32(exactly: master.order),
                  let line = Int32(exactly: master.source.line), let ordinal = Int32(exactly: master.ordinal),
                  let file = files.number(of: master.source.file) else { return nil }
            (start, status, transparency, endFromMaster) = (master.start, master.status, master.transparency, master.endFromMaster)
            (self.sequence, end, self.order, title, rules) = (sequence, master.end, order, master.title, recurrence.rules)
            (self.file, self.line, self.previous, self.ordinal) = (file, line, previous, ordinal)
        }

        func master(files: FileTable) -> Series.Master {
            Series.Master(start: start, status: status, transparency: transparency, endFromMaster: endFromMaster,
                          end: end, sequence: Int(sequence), order: Int(order), title: title,
                          source: SourcePosition(file: files[file], line: Int(line)),
                          recurrence: Recurrence(rules: rules), boxes: (nil, nil), type: nil, ordinal: Int(ordinal))
        }
    }

    /// A far override as most are kept (56 bytes, where a
    /// `Series.FarOverride` takes 80).
    private struct CompactOverride {
        var recurrenceID: EventTime
        var cancelled: Bool
        var sequence: Int32
        var order: Int32
        var file: UInt32
        var title: String
        var line: Int32
        var previous: Link

        init?(_ override: Series.FarOverride, previous: Link, files: inout FileTable) {
            guard let sequence = Int32(exactly: override.sequence), let order = Int32(exactly: override.order),
                  let line = Int32(exactly: override.source.line), let file = files.number(of: override.source.file)
            else { return nil }
            (recurrenceID, cancelled, self.sequence, self.order) = (override.recurrenceID, override.cancelled, sequence, order)
            (self.file, title, self.line, self.previous) = (file, override.title, line, previous)
        }

        func override(files: FileTable) -> Series.FarOverride {
            Series.FarOverride(recurrenceID: recurrenceID, cancelled: cancelled, sequence: Int(sequence), order: Int(order),
                               title: title, source: SourcePosition(file: files[file], line: Int(line)))
        }
    }

    /// File names by number, the last one found again without hashing.
    private struct FileTable {
        private var files: [String] = []
        private var numbers: [String: UInt32] = [:]
        private var last: (file: String, number: UInt32)?

        /// The file's number; nil past 65,536 files (kept whole then).
        mutating func number(of file: String) -> UInt32? {
            if let last, last.file == file { return last.number }
            let number: UInt32
            if let known = numbers[file] {
                number = known
            } else {
                guard files.count < 1 << 16 else { return nil }
                number = UInt32(files.count)
                files.append(file)
                numbers[file] = number
            }
            last = (file, number)
            return number
        }

        subscript(number: UInt32) -> String { files[Int(number)] }
    }
}

/// Values appended in blocks of 4,096 (the first grows to that size): no
/// array of them all is copied when it grows, and no more than a block is
/// held unused.
struct Blocks<Element> {
    private var blocks: [[Element]] = []
    private(set) var count = 0
    private static var shift: Int { 12 }

    /// Appends `element`; its index.
    @discardableResult
    mutating func append(_ element: Element) -> Int {
        if blocks.isEmpty || blocks[blocks.count - 1].count == 1 << Self.shift {
            blocks.append([])
            if blocks.count > 1 { blocks[blocks.count - 1].reserveCapacity(1 << Self.shift) }
        }
        blocks[blocks.count - 1].append(element)
        count += 1
        return count - 1
    }

    subscript(index: Int) -> Element {
        get { blocks[index >> Self.shift][index & (1 << Self.shift - 1)] }
        set { blocks[index >> Self.shift][index & (1 << Self.shift - 1)] = newValue }
    }

    /// Every element, in order.
    var all: FlattenSequence<[[Element]]> { blocks.joined() }
}

/// Calendar and UID pairs as UTF-8 bytes, in chunks of 64 KiB (a pair
/// longer than a chunk has its own): 40 bytes for a 30-byte UID, where
/// two strings took 32 and the UID's storage 64 more.
struct NameArena {
    struct Reference {
        var chunk: Int32
        var offset: Int32
        var uidCount: Int32
        var calendarCount: Int32
    }

    private var chunks: [[UInt8]] = []
    private static var chunkSize: Int { 1 << 16 }

    mutating func append(_ uid: String, _ calendar: String) -> Reference {
        let total = uid.utf8.count + calendar.utf8.count
        if chunks.isEmpty || chunks[chunks.count - 1].count + total > max(Self.chunkSize, chunks[chunks.count - 1].capacity) {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(max(Self.chunkSize, total))
        }
        let last = chunks.count - 1
        let reference = Reference(chunk: Int32(last), offset: Int32(chunks[last].count),
                                  uidCount: Int32(uid.utf8.count), calendarCount: Int32(calendar.utf8.count))
        chunks[last].append(contentsOf: uid.utf8)
        chunks[last].append(contentsOf: calendar.utf8)
        return reference
    }

    func equals(_ reference: Reference, _ uid: String, _ calendar: String) -> Bool {
        guard uid.utf8.count == reference.uidCount && calendar.utf8.count == reference.calendarCount else { return false }
        let bytes = chunks[Int(reference.chunk)]
        let uidStart = Int(reference.offset), calendarStart = uidStart + Int(reference.uidCount)
        return bytes[uidStart..<calendarStart].elementsEqual(uid.utf8)
            && bytes[calendarStart..<calendarStart + Int(reference.calendarCount)].elementsEqual(calendar.utf8)
    }

    func strings(_ reference: Reference) -> (uid: String, calendar: String) {
        let bytes = chunks[Int(reference.chunk)]
        let uidStart = Int(reference.offset), calendarStart = uidStart + Int(reference.uidCount)
        return (String(decoding: bytes[uidStart..<calendarStart], as: UTF8.self),
                String(decoding: bytes[calendarStart..<calendarStart + Int(reference.calendarCount)], as: UTF8.self))
    }
}
