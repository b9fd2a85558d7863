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
/// A component near the window wakes the series (`wakeForGood`): it becomes a
/// `Series` again, with every component it had, and it is expanded like
/// any other. So are, when settling, the series whose master has EXDATEs
/// and that have overrides, for the warning about an override of an
/// instance an EXDATE deletes (`wakesForDiagnostics`).
struct DormantSeries {
    /// One series: where its names lie, and its newest master and override.
    private struct Entry {
        var names: NameArena.Reference
        var lastMaster = ComponentLink.none
        var lastOverride = ComponentLink.none
        var hasExceptionDates = false
        /// Woken during intake: a `Series` now, so never woken again.
        var woken = false
    }

    private var entries = Blocks<Entry>()
    private var compactMasters = Blocks<CompactMaster>()
    private var fullMasters = Blocks<Linked<Series.Master>>()
    private var overrides = FarOverrideLists()
    private var names = NameArena()
    private var files = FileTable()

    /// A new dormant series with its first component; its index.
    mutating func create(uid: String, calendar: String, first: Series.FarComponent) -> Int {
        let index = entries.append(Entry(names: names.append(uid, calendar)))
        add(first, to: index)
        return index
    }

    /// Whether the series at `index` has this calendar and UID.
    func hasNames(_ index: Int, uid: String, calendar: String) -> Bool {
        names.equals(entries[index].names, uid, calendar)
    }

    mutating func add(_ component: Series.FarComponent, to index: Int) {
        switch component {
        case .master(let master):
            let previous = entries[index].lastMaster
            entries[index].lastMaster = if let compact = CompactMaster(master, previous: previous, files: &files) {
                ComponentLink(compact: compactMasters.append(compact))
            } else {
                ComponentLink(full: fullMasters.append(Linked(component: master, previous: previous)))
            }
            if !master.recurrence.exceptionDates.isEmpty { entries[index].hasExceptionDates = true }
        case .override(let override):
            entries[index].lastOverride = overrides.append(override, after: entries[index].lastOverride, files: &files)
        }
    }

    /// The series at `index` as a `Series` for good, when a component near
    /// the window joins it: it is never woken again (blocks only grow, so
    /// what it held stays).
    mutating func wakeForGood(_ index: Int) -> Series {
        entries[index].woken = true
        return wake(index)
    }

    /// The series at `index` as a `Series`, its components added in input
    /// order.
    func wake(_ index: Int) -> Series {
        let entry = entries[index]
        let (uid, calendar) = names.strings(entry.names)
        var components: [Series.FarComponent] = []
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
        components += overrides.list(from: entry.lastOverride, files: files).map(Series.FarComponent.override)
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
        (0..<entries.count).filter {
            !entries[$0].woken && entries[$0].hasExceptionDates && entries[$0].lastOverride != .none
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
        var previous: ComponentLink
        var ordinal: Int32

        init?(_ master: Series.Master, previous: ComponentLink, files: inout FileTable) {
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
}
