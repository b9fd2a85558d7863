internal import CLibical

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the stream parser finds, in file order.
package enum ICalItem: Sendable {
    /// `BEGIN:VCALENDAR`.
    case calendarBegin(line: Int)
    /// A property of the calendar itself (`X-WR-CALNAME`, `X-WR-TIMEZONE`...),
    /// and its line as written when the reader keeps it.
    case calendarProperty(ICalProperty, stored: StoredProperty?)
    /// One complete top-level component (`VEVENT`, `VTIMEZONE`...), children included.
    case component(ICalComponent)
    /// `END:VCALENDAR`.
    case calendarEnd(line: Int)
    /// Something skipped or repaired, with its line.
    case problem(ICalProblem)
}

/// Streams an iCalendar file through libical one top-level component at a
/// time, so memory stays flat whatever the file's size: we split and unfold
/// lines, track nesting, and hand libical the lines of one component; it
/// parses them and we copy the result into `ICalComponent` values at once.
package final class ICalStreamParser {
    private let limits: ICalLimits
    private var parser: OpaquePointer?

    package init(limits: ICalLimits = ICalLimits()) {
        self.limits = limits
        self.parser = icalparser_new()
    }

    deinit {
        if let parser { icalparser_free(parser) }
    }

    /// Reads `source` to its end (or until `body` returns false), calling
    /// `body` with each item. Returns false if reading the source failed.
    @discardableResult
    package func parse(_ source: ByteSource, _ body: (ICalItem) -> Bool) -> Bool {
        ICalStreamParser.lines(source, limits: limits) { body(item($0)) }
    }

    /// The first stage, without libical: splits and unfolds lines, tracks
    /// nesting and collects each top-level component's lines.
    /// `splitsLines` is asked after each component whether this stage
    /// should split lines into parameters and value (`LineTree.LineRead`).
    /// `memo`, when given, is what the last reads on this thread left
    /// (`ParseMemo`), and what this one leaves for the next.
    static func lines(_ source: ByteSource, limits: ICalLimits, memo: ParseMemo? = nil,
                      splitsLines: () -> Bool = { true }, _ body: (Parsed) -> Bool) -> Bool {
        var reader = ContentLineReader(source: source, maxLineBytes: limits.maxLineBytes)
        defer { reader.deallocate() }
        // A kept stored form is made from the collected lines, which a
        // VTIMEZONE read before is not collected into.
        var state = ParseState(limits: limits, memo: limits.keepsStoredForm ? nil : memo)
        defer { state.leave() }
        var stopped = false
        var emitted = false
        // A start read before on this thread (`ParseMemo`) is not read again;
        // another is remembered once read, when it may be.
        var recording: FilePrefix?
        if let memo = state.memo {
            switch reader.withStart({ memo.prefix(of: $0) }) {
            case .known(let known)?:
                for item in known.items where !stopped { stopped = !body(item) }
                state.resume(after: known)
                reader.pass(bytes: known.bytes.count, lines: known.lines)
                state.splitsLines = splitsLines()
            case .new(let start)?:
                recording = start
            case nil:
                break
            }
        }
        if !stopped {
            reader.forEachLine { bytes, line, overflow in
                // The start is read when the line after it comes.
                if let start = recording, line > start.lines {
                    if line == start.lines + 1 { state.remember(start) }
                    recording = nil
                }
                state.handle(bytes, line: line, overflow: overflow) { item in
                    recording?.items.append(item)
                    if !body(item) { stopped = true }
                    emitted = true
                }
                if emitted {
                    state.splitsLines = splitsLines()
                    emitted = false
                }
                return !stopped && !state.finished
            }
        }
        if !stopped { state.finish { _ = body($0) } }
        return !reader.readFailed
    }

    /// The second stage: a collected component through libical.
    func item(_ parsed: Parsed) -> ICalItem {
        switch parsed {
        case .ready(let item):
            return item
        case .collected(let collected):
            if let component = build(collected) { return .component(component) }
            let tree = collected.tree
            return .problem(ICalProblem(kind: .parse, line: tree.line,
                                        message: "libical could not read \(tree.name) from line \(tree.line); component skipped"))
        }
    }

    /// Feeds the collected lines of one component to libical and converts
    /// what it builds; nil if libical built nothing.
    private func build(_ collected: CollectedComponent) -> ICalComponent? {
        if let component = ICalStreamParser.withoutLibical(collected, limits: limits) { return component }
        guard let parser else { return nil }
        var result: OpaquePointer?
        collected.bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeMutableRawPointer(mutating: buffer.baseAddress!)
                .assumingMemoryBound(to: CChar.self)
            for start in collected.lineStarts {
                if let component = icalparser_add_line(parser, base + Int(start)) {
                    result = component
                }
            }
        }
        guard let root = result else {
            // libical is mid-component with nothing to show: start afresh.
            icalparser_free(parser)
            self.parser = icalparser_new()
            return nil
        }
        defer { icalcomponent_free(root) }
        var component = collected.bytes.withUnsafeBufferPointer { bytes in
            LibicalConversion.component(root, lines: collected.tree, source: LineSource(bytes: bytes, lines: collected.bytes))
        }
        if limits.keepsStoredForm { component.stored = StoredComponent(collected: collected) }
        return component
    }
}

extension ICalStreamParser {
    /// A component with nothing for libical but its BEGIN and END lines
    /// (and names libical knows), made from our own lines: libical would
    /// add nothing to what they say. Nil for any other. Either stage may
    /// make it (`ParseState.end`).
    static func withoutLibical(_ collected: CollectedComponent, limits: ICalLimits) -> ICalComponent? {
        guard collected.linesForLibical == 0, LibicalConversion.namesKnown(collected.tree) else { return nil }
        var component = collected.bytes.withUnsafeBufferPointer { bytes in
            LibicalConversion.component(lines: collected.tree, source: LineSource(bytes: bytes, lines: collected.bytes))
        }
        if limits.keepsStoredForm { component.stored = StoredComponent(collected: collected) }
        return component
    }
}

/// What the first stage finds: an item, or the lines of a component for
/// libical to parse.
enum Parsed: Sendable {
    case ready(ICalItem)
    case collected(CollectedComponent)

    static func problem(_ problem: ICalProblem) -> Parsed { .ready(.problem(problem)) }
    static func calendarBegin(line: Int) -> Parsed { .ready(.calendarBegin(line: line)) }
    static func calendarEnd(line: Int) -> Parsed { .ready(.calendarEnd(line: line)) }
    static func calendarProperty(_ property: ICalProperty, stored: StoredProperty?) -> Parsed {
        .ready(.calendarProperty(property, stored: stored))
    }
}

/// The lines of one top-level component, NUL-terminated back to back (of
/// which libical is given those at `lineStarts`: all but RRULE and EXRULE), and
/// for each (nested) component the names and line numbers of its own lines,
/// so that properties and libical's errors can be given a line.
struct CollectedComponent: Sendable {
    var bytes: [UInt8] = []
    var lineStarts: [Int32] = []
    /// How many property lines libical is given (BEGIN and END lines not counted).
    var linesForLibical = 0
    var tree = LineTree(line: 0)

    mutating func reset(name: String, line: Int) {
        // The last component's arrays went on with it (`ParseState.end`):
        // room for a typical one, one allocation each.
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(1024)
        lineStarts.removeAll(keepingCapacity: true)
        lineStarts.reserveCapacity(16)
        linesForLibical = 0
        // Without room: `ParseState.end` puts the finished tree here, the
        // one the lines went into (`openTrees`).
        tree = LineTree(line: line)
        tree.name = name
    }
}

/// Names, lines and what the first stage read of one component's own
/// content lines, and its children's.
struct LineTree: Sendable {
    var name = ""
    var line: Int
    var names: [String] = []
    var lines: [Int] = []
    var reads: [LineRead] = []
    var children: [LineTree] = []

    /// One line as the first stage read it. While the reader thread is
    /// behind, the first stage also splits the line into parameters and
    /// value (`raw`), so that the second has less to do; otherwise the
    /// second stage splits it (`LineSource.raw`). Either way the
    /// same property comes of it.
    struct LineRead: Sendable {
        /// Nil when no value can be told from the parameters, or not split yet.
        var raw: RawProperty?
        /// Whether `raw` was split here.
        var split: Bool
        /// The held-back lines (`heldBackValueIsText`): kept from libical.
        var heldBack: Bool
        /// Whether a held-back line's value is TEXT (unescaped as read).
        var heldBackText: Bool
        /// Where the line starts in `CollectedComponent.bytes`.
        var offset: Int32
        /// Its name as a kind busylife looks up.
        var kind: ICalPropertyKind
    }

    init(line: Int) {
        self.line = line
    }

    // A line is held back (kept from libical) when its name is one of
    // these and it has a colon: busylife reads the values of these
    // properties from its own line (dates and times, durations, rules,
    // status, attendees...) and keeps TEXT and x-name values as written,
    // where libical's parse adds nothing but a lookup of the name (a
    // case-insensitive walk of its table of some hundred names) and a
    // copy. Their properties are made from our own line alone
    // (`LibicalConversion`), unless the line has no value at all, which
    // libical reports as it always did. What busylife does not read
    // (GEO, URL...) still goes through libical, which says when it is
    // malformed; DTSTAMP, CREATED, LAST-MODIFIED, ACTION, TRIGGER, CLASS
    // and PRIORITY only when they are not plainly valid
    // (`isPlainDateTime`, `isPlainWord`, `isPlainDuration`). The first
    // stage decides it once per line (`LineRead.heldBack`).

    /// Whether a line of a property busylife never reads is plainly valid
    /// for its kind (below), and so held back; false for every other kind.
    static func isPlain(_ line: UnsafeBufferPointer<UInt8>, kind: ICalPropertyKind, nameLength: Int) -> Bool {
        switch kind {
        case .dtstamp, .created, .lastModified: isPlainDateTime(line, nameLength: nameLength)
        case .action: isPlainWord(line, nameLength: nameLength, actions)
        case .classification: isPlainWord(line, nameLength: nameLength, classes)
        case .priority: isPlainWord(line, nameLength: nameLength, priorities)
        case .trigger: isPlainDuration(line, nameLength: nameLength)
        default: false
        }
    }

    /// Whether a DTSTAMP, CREATED or LAST-MODIFIED line is `NAME:` and a
    /// DATE-TIME that exists (`20261122T090000Z`, or without `Z`), with no
    /// parameters: libical reads such a line without a word, and would add
    /// nothing but its own parse, so it is held back too. Any other such
    /// line still goes to libical, which says when it is malformed (a
    /// note: busylife never reads these).
    static func isPlainDateTime(_ line: UnsafeBufferPointer<UInt8>, nameLength: Int) -> Bool {
        guard nameLength < line.count, line[nameLength] == 0x3A else { return false }
        let value = UnsafeBufferPointer(rebasing: line[(nameLength + 1)...])
        guard value.count == 15 || (value.count == 16 && value[15] == 0x5A), value[8] == 0x54 else { return false }
        func number(_ range: Range<Int>) -> Int? {
            var result = 0
            for index in range {
                let digit = Int(value[index]) - 0x30
                guard digit >= 0 && digit <= 9 else { return nil }
                result = result * 10 + digit
            }
            return result
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              year >= 1, (1...12).contains(month), hour < 24, minute < 60, second < 60 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day >= 1 && day <= days
    }

    /// Whether the line is `NAME:` and one of `words`, as calendar programs
    /// write an alarm's ACTION, an event's CLASS or its PRIORITY (held back
    /// like a plain DATE-TIME).
    static func isPlainWord(_ line: UnsafeBufferPointer<UInt8>, nameLength: Int, _ words: [[UInt8]]) -> Bool {
        guard nameLength < line.count, line[nameLength] == 0x3A else { return false }
        let value = UnsafeBufferPointer(rebasing: line[(nameLength + 1)...])
        return words.contains { $0.elementsEqual(value) }
    }

    static let actions: [[UInt8]] = ["DISPLAY", "AUDIO", "EMAIL"].map { Array($0.utf8) }
    static let classes: [[UInt8]] = ["PUBLIC", "PRIVATE", "CONFIDENTIAL"].map { Array($0.utf8) }
    /// RFC 5545 3.8.1.9: an integer from 0 to 9.
    static let priorities: [[UInt8]] = (0...9).map { Array(String($0).utf8) }

    /// Whether a TRIGGER line is `TRIGGER:` and a DURATION as RFC 5545
    /// 3.3.6 writes it (`-PT15M`, `-P0DT0H30M0S`, `P1W`): libical reads
    /// every such value (held back like a plain DATE-TIME).
    static func isPlainDuration(_ line: UnsafeBufferPointer<UInt8>, nameLength: Int) -> Bool {
        guard nameLength < line.count, line[nameLength] == 0x3A else { return false }
        var index = nameLength + 1
        let end = line.count
        if index < end && (line[index] == 0x2B || line[index] == 0x2D) { index += 1 }  // + -
        guard index < end, line[index] == 0x50 else { return false }  // P
        index += 1
        /// Digits then `unit`; false (index kept) when the next part is not that.
        func part(_ unit: UInt8) -> Bool {
            var cursor = index
            while cursor < end && line[cursor] >= 0x30 && line[cursor] <= 0x39 { cursor += 1 }
            guard cursor > index, cursor - index <= 9, cursor < end, line[cursor] == unit else { return false }
            index = cursor + 1
            return true
        }
        if part(0x57) { return index == end }  // nW
        let day = part(0x44)  // nD
        if index == end { return day }
        guard line[index] == 0x54 else { return false }  // T
        index += 1
        // H [M [S]], M [S] or S: each unit follows the one before it.
        if part(0x48) {
            if part(0x4D) { _ = part(0x53) }
        } else if part(0x4D) {
            _ = part(0x53)
        } else if !part(0x53) {
            return false
        }
        return index == end
    }

    /// Nil when properties called `name` are not held back; else whether
    /// their value is TEXT. Asked once per name and parse (`NameCache`);
    /// the name's bytes are compared as two words with the list's.
    static func heldBackValueIsText(_ name: String) -> Bool? {
        var name = name
        return name.withUTF8 { heldBackValueIsText(utf8: $0) }
    }

    private static func heldBackValueIsText(utf8 name: UnsafeBufferPointer<UInt8>) -> Bool? {
        if name.count >= 2 && name[0] == 0x58 && name[1] == 0x2D {  // X-
            let lic: StaticString = "X-LIC-"
            let isLIC = name.count >= 6 && (2..<6).allSatisfy { name[$0] == lic.utf8Start[$0] }
            return isLIC ? nil : true
        }
        guard let key = PackedName(name) else { return nil }
        return heldBackSlots.withUnsafeBufferPointer { slots in
            var index = key.slot(of: slotCount)
            while true {
                let slot = slots[index]
                if slot.state == 0 { return nil }
                if slot.name == key { return slot.state == 2 }
                index = (index + 1) & (slotCount - 1)
            }
        }
    }

    /// The held-back names, open-addressed by `PackedName.slot`; `state`
    /// 0 for an empty slot, 1 for a name whose value is not TEXT, 2 TEXT.
    private static var slotCount: Int { 64 }
    private static let heldBackSlots: [(name: PackedName, state: UInt8)] = {
        var slots = Array(repeating: (name: PackedName(), state: UInt8(0)), count: slotCount)
        for (name, isText) in heldBack {
            var name = name
            let key = name.withUTF8 { PackedName($0)! }
            var index = key.slot(of: slotCount)
            while slots[index].state != 0 { index = (index + 1) & (slotCount - 1) }
            slots[index] = (key, isText ? 2 : 1)
        }
        return slots
    }()

    /// The names held back, each with whether libical types its value TEXT.
    /// Those busylife reads itself, and TEXT values kept as written.
    private static let heldBack: [String: Bool] = Dictionary(uniqueKeysWithValues:
        LibicalError.readByBusylife.union(["SUMMARY", "DESCRIPTION", "LOCATION", "COMMENT", "CATEGORIES", "CONTACT",
                                           "RESOURCES", "TZNAME"])
            .map { ($0, LibicalConversion.isText(name: $0)) })

    init(name: String, line: Int) {
        self.name = name
        self.line = line
        // Room for a typical component's lines: one allocation each, not five.
        names.reserveCapacity(16)
        lines.reserveCapacity(16)
        reads.reserveCapacity(16)
    }
}

/// The nesting state machine over logical lines.
private struct ParseState {
    let limits: ICalLimits
    /// Open components, outermost first; `VCALENDAR` when inside one.
    var stack: [(name: String, line: Int)] = []
    var inCalendar: Bool { stack.first?.name == "VCALENDAR" }
    /// Depth (in `stack`) of the top-level component being collected, if any.
    var componentDepth: Int?
    var collected = CollectedComponent()
    /// Line trees of the nested components open inside the collected one.
    var openTrees: [LineTree] = []
    /// Set when the collected component must be dropped (too deep, bad nesting).
    var poisoned = false
    var components = 0
    var finished = false
    var strayLine: Int?
    var strayCount = 0
    /// Property and parameter names made into strings once.
    var names: NameCache
    /// Whether lines are split into parameters and value here (`LineRead`).
    var splitsLines = true
    /// What reads on this thread keep (`ParseMemo`), if anything.
    let memo: ParseMemo?
    /// The lines of a top-level VTIMEZONE being kept until its END.
    var verbatim: VerbatimLines?
    /// The lines of the VTIMEZONE being read as usual, to remember it by
    /// when it ends without a problem.
    var remembering: VerbatimLines?

    init(limits: ICalLimits, memo: ParseMemo?) {
        self.limits = limits
        self.memo = memo
        names = memo?.names ?? NameCache()
        memo?.names = nil  // this read's alone while it runs, not copied on write
    }

    /// The names made go back to the memo for the next read.
    func leave() {
        memo?.names = names
    }

    mutating func handle(_ raw: UnsafeBufferPointer<UInt8>, line: Int, overflow: Bool,
                         emit: (Parsed) -> Void) {
        if verbatim != nil { return keepVerbatim(raw, line: line, overflow: overflow, emit: emit) }
        if overflow {
            let name = String(decoding: raw.prefix(while: { $0 != 0x3A && $0 != 0x3B }).prefix(40), as: UTF8.self)
            emit(.problem(ICalProblem(kind: .lineTooLong, line: line,
                message: "line longer than \(limits.maxLineBytes) bytes (\(name.isEmpty ? "no name" : name)); property skipped")))
            return
        }
        var text = LineText(raw)
        if text.hasBinary {
            emit(.problem(ICalProblem(kind: .binaryData, line: line,
                message: "binary data (NUL or control bytes) in a text line; line skipped")))
            return
        }
        if text.repairedUTF8 {
            emit(.problem(ICalProblem(kind: .invalidUTF8, line: line,
                message: "bytes that are not UTF-8; replaced with U+FFFD")))
        }
        // Most lines start with neither B nor E: no keyword is tried.
        let first = text.firstUpper
        if first == UInt8(ascii: "B"), let name = text.keyword("BEGIN:") {
            guard !name.isEmpty else { return skipUnnamed("BEGIN", line: line, emit: emit) }
            begin(name, line: line, emit: emit)
        } else if first == UInt8(ascii: "E"), let name = text.keyword("END:") {
            guard !name.isEmpty else { return skipUnnamed("END", line: line, emit: emit) }
            end(name, line: line, emit: emit)
        } else if componentDepth != nil {
            collect(&text, line: line)
        } else if inCalendar && stack.count == 1 {
            if let (property, quoteRepaired) = text.withBytes({ PropertyLine.parse($0, line: line) }) {
                if quoteRepaired {
                    // A warning where it changes what busylife reads, else a note.
                    let read = ["X-WR-CALNAME", "X-WR-TIMEZONE", "METHOD"].contains(property.name)
                    emit(.problem(ICalProblem(kind: read ? .repaired : .unusedProperty, line: line,
                        message: "\(property.name) has a \" that is never closed; read as a plain character"
                            + (read ? "" : "; busylife does not use it"))))
                }
                let stored = limits.keepsStoredForm ? text.withBytes { StoredProperty(line: $0) } : nil
                emit(.calendarProperty(property, stored: stored))
            } else {
                emit(.problem(ICalProblem(kind: .parse, line: line,
                    message: "calendar line without a property name; skipped")))
            }
        } else if !text.withBytes({ $0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }) {
            // Blank lines outside any component (spaces and tabs only, as
            // editors leave before BEGIN:VCALENDAR) hold nothing to skip.
            noteStray(line: line)
        }
    }

    /// A BEGIN or END line naming no component: skipped with a problem.
    /// (Given to libical as it was, it made a component of no name, and
    /// reading that name crashed.)
    func skipUnnamed(_ keyword: String, line: Int, emit: (Parsed) -> Void) {
        emit(.problem(ICalProblem(kind: .parse, line: line,
            message: "\(keyword): without a component name; line skipped")))
    }

    mutating func begin(_ name: String, line: Int, emit: (Parsed) -> Void) {
        flushStray(emit: emit)
        if let depth = componentDepth {
            if ParseState.topLevelOnly.contains(name) {
                // A new top-level component inside an open one: the open one
                // lost its END (a truncated or spliced file). Drop it, go on.
                let open = stack[depth]
                emit(.problem(ICalProblem(kind: .unbalanced, line: open.line,
                    message: "\(open.name) has no END:\(open.name) before line \(line); component skipped")))
                stack.removeSubrange(depth...)
                componentDepth = nil
                openTrees = []
                poisoned = false
            } else {
                stack.append((name, line))
                if stack.count > limits.maxDepth {
                    if !poisoned {
                        let open = stack[depth]
                        emit(.problem(ICalProblem(kind: .nestingTooDeep, line: line,
                            message: "components nested deeper than \(limits.maxDepth); \(open.name) from line \(open.line) skipped")))
                    }
                    poisoned = true
                }
                if !poisoned {
                    openTrees.append(LineTree(name: name, line: line))
                    append(keyword: "BEGIN:", name)
                }
                return
            }
        }
        if name == "VCALENDAR" && stack.isEmpty {
            stack.append((name, line))
            emit(.calendarBegin(line: line))
            return
        }
        if name == "VCALENDAR" {
            emit(.problem(ICalProblem(kind: .unbalanced, line: line,
                message: "VCALENDAR inside VCALENDAR; its components are read as the outer calendar's")))
            return
        }
        // A top-level component, inside a VCALENDAR or (leniently) bare.
        components += 1
        if components > limits.maxComponents {
            emit(.problem(ICalProblem(kind: .tooManyComponents, line: line,
                message: "more than \(limits.maxComponents) components in one file; the rest is not read")))
            finished = true
            return
        }
        stack.append((name, line))
        componentDepth = stack.count - 1
        poisoned = false
        collected.reset(name: name, line: line)
        openTrees.removeAll(keepingCapacity: true)
        openTrees.append(LineTree(name: name, line: line))
        append(keyword: "BEGIN:", name)
        if name == "VTIMEZONE" && memo != nil { verbatim = VerbatimLines(start: line, depth: stack.count) }
    }

    mutating func end(_ name: String, line: Int,
                      emit: (Parsed) -> Void) {
        flushStray(emit: emit)
        guard let index = stack.lastIndex(where: { $0.name == name }) else {
            emit(.problem(ICalProblem(kind: .unbalanced, line: line,
                message: "END:\(name) without BEGIN:\(name); line skipped")))
            return
        }
        if let depth = componentDepth {
            if index < depth {
                // Closes something outside the open component: it was never ended.
                let open = stack[depth]
                emit(.problem(ICalProblem(kind: .unbalanced, line: open.line,
                    message: "\(open.name) has no END:\(open.name) before line \(line); component skipped")))
                componentDepth = nil
                openTrees = []
                poisoned = false
                stack.removeSubrange(index...)
                if name == "VCALENDAR" { emit(.calendarEnd(line: line)) }
                return
            }
            if index != stack.count - 1 && !poisoned {
                let open = stack[stack.count - 1]
                emit(.problem(ICalProblem(kind: .unbalanced, line: open.line,
                    message: "\(open.name) has no END:\(open.name) before line \(line); \(stack[depth].name) from line \(stack[depth].line) skipped")))
                poisoned = true
            }
            stack.removeSubrange(index...)
            if !poisoned {
                append(keyword: "END:", name)
                let tree = openTrees.removeLast()
                if openTrees.isEmpty {
                    collected.tree = tree
                } else {
                    openTrees[openTrees.count - 1].children.append(tree)
                }
            }
            if index == depth {
                componentDepth = nil
                if !poisoned {
                    // Handed on whole, not copied: the next component
                    // starts in fresh arrays (`reset`).
                    var done = CollectedComponent()
                    swap(&done, &collected)
                    handOn(consume done, emit: emit)
                }
                poisoned = false
                // Emptied, its room kept for the next component.
                openTrees.removeAll(keepingCapacity: true)
            }
            return
        }
        stack.removeSubrange(index...)
        if name == "VCALENDAR" { emit(.calendarEnd(line: line)) }
    }

    /// A top-level component read whole. While the reader is behind
    /// (`splitsLines`), one libical has nothing to read of is made here;
    /// so is one to be remembered by its lines (`remembering`).
    func handOn(_ done: consuming CollectedComponent, emit: (Parsed) -> Void) {
        if let lines = remembering, let component = ICalStreamParser.withoutLibical(done, limits: limits) {
            memo?.remember(lines, as: component)
            emit(.ready(.component(component)))
        } else if splitsLines, let component = ICalStreamParser.withoutLibical(done, limits: limits) {
            emit(.ready(.component(component)))
        } else {
            emit(.collected(consume done))
        }
    }

    mutating func collect(_ text: inout LineText, line: Int) {
        guard !poisoned, !openTrees.isEmpty else { return }
        let (name, heldBackText, kind) = text.withBytes { bytes in
            names.propertyName(UnsafeBufferPointer(rebasing: bytes.prefix { $0 != 0x3A && $0 != 0x3B }))
        }
        let last = openTrees.count - 1
        let heldBack = heldBackText != nil ? text.withBytes { hasColon($0) }
            : kind != .other && text.withBytes { LineTree.isPlain($0, kind: kind, nameLength: name.utf8.count) }
        openTrees[last].names.append(name)
        openTrees[last].lines.append(line)
        let raw = splitsLines ? text.withBytes { RawProperty($0, from: 0) } : nil
        openTrees[last].reads.append(LineTree.LineRead(raw: raw, split: splitsLines, heldBack: heldBack,
                                                       heldBackText: heldBackText ?? false,
                                                       offset: Int32(truncatingIfNeeded: collected.bytes.count),
                                                       kind: kind))
        append(&text, toLibical: !heldBack)
    }

    /// Whether the line has a `:` (memchr, far quicker than a
    /// byte-by-byte `contains`).
    private func hasColon(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return memchr(base, 0x3A, bytes.count) != nil
    }

    mutating func append(_ text: inout LineText, toLibical: Bool = true) {
        if toLibical {
            collected.lineStarts.append(Int32(truncatingIfNeeded: collected.bytes.count))
            collected.linesForLibical += 1
        }
        text.withBytes { collected.bytes.append(contentsOf: $0) }
        collected.bytes.append(0)
    }

    /// BEGIN and END lines go to libical normalised (upper case, no blanks).
    mutating func append(keyword: String, _ name: String) {
        collected.lineStarts.append(Int32(truncatingIfNeeded: collected.bytes.count))
        // Through `withUTF8`: a small string's `utf8` view is appended byte
        // by byte.
        var (keyword, name) = (keyword, name)
        keyword.withUTF8 { collected.bytes.append(contentsOf: $0) }
        name.withUTF8 { collected.bytes.append(contentsOf: $0) }
        collected.bytes.append(0)
    }

    mutating func noteStray(line: Int) {
        if strayLine == nil { strayLine = line }
        strayCount += 1
    }

    mutating func flushStray(emit: (Parsed) -> Void) {
        guard let first = strayLine else { return }
        emit(.problem(ICalProblem(kind: .strayContent, line: first,
            message: strayCount == 1 ? "text outside any component; skipped"
                                     : "\(strayCount) lines of text outside any component; skipped")))
        strayLine = nil
        strayCount = 0
    }

    mutating func finish(emit: (Parsed) -> Void) {
        if let kept = verbatim {
            verbatim = nil
            replay(kept, remember: false, emit: emit)
        }
        flushStray(emit: emit)
        if finished { return }
        if let depth = componentDepth {
            let open = stack[depth]
            emit(.problem(ICalProblem(kind: .unbalanced, line: open.line,
                message: "file ends inside \(open.name) begun at line \(open.line); component skipped")))
        } else if let open = stack.first {
            emit(.problem(ICalProblem(kind: .unbalanced, line: open.line,
                message: "file ends before END:\(open.name)")))
        }
    }

    /// Components RFC 5545 allows only directly under VCALENDAR.
    static let topLevelOnly: Set<String> = ["VCALENDAR", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE"]
}

extension ParseState {
    /// Remembers what the start of a file made (`FilePrefix`), read to
    /// its last line: only when it can be taken again as it is, the
    /// calendar open and nothing else (a problem, a component still open
    /// or left to libical, any component but a VTIMEZONE).
    func remember(_ start: FilePrefix) {
        guard let memo, componentDepth == nil, verbatim == nil, remembering == nil, !poisoned, !finished,
              strayLine == nil, start.items.allSatisfy(FilePrefix.isRepeatable) else { return }
        var start = start
        start.stack = stack
        start.components = components
        start.zones = start.items.count { if case .ready(.component) = $0 { true } else { false } }
        memo.remember(start)
    }

    /// Where reading a file's start read before left this state.
    mutating func resume(after start: FilePrefix) {
        stack = start.stack
        components = start.components
    }

    /// A line of a top-level VTIMEZONE (`verbatim`): kept, until its END
    /// finds the same lines read before (that component again) or not
    /// (all read as usual, to be remembered). Anything unusual on the way
    /// (`VerbatimLines.kind`) has the lines kept read as usual, then it.
    mutating func keepVerbatim(_ raw: UnsafeBufferPointer<UInt8>, line: Int, overflow: Bool,
                               emit: (Parsed) -> Void) {
        let kind = VerbatimLines.kind(of: raw, overflow: overflow)
        guard kind != .other, verbatim!.append(raw, at: line), let kept = verbatim else {
            let kept = verbatim!
            verbatim = nil
            replay(kept, remember: false, emit: emit)
            handle(raw, line: line, overflow: overflow, emit: emit)
            return
        }
        guard kind == .ends else { return }
        verbatim = nil
        guard let known = memo?.component(matching: kept) else { return replay(kept, remember: true, emit: emit) }
        // As `end` leaves a top-level component read.
        stack.removeLast()
        componentDepth = nil
        poisoned = false
        openTrees.removeAll(keepingCapacity: true)
        emit(.ready(.component(known)))
    }

    /// The kept lines read as usual. With `remember`, the VTIMEZONE their
    /// last line ends is remembered by them (`end`), unless a line before
    /// it made anything (a problem): only the component comes of lines
    /// read again.
    mutating func replay(_ kept: VerbatimLines, remember: Bool, emit: (Parsed) -> Void) {
        var made = 0
        for index in 0..<kept.count {
            if remember && made == 0 && index == kept.count - 1 { remembering = kept }
            kept.withLine(index) { bytes, line in
                handle(bytes, line: line, overflow: false) { parsed in
                    made += 1
                    emit(parsed)
                }
            }
        }
        remembering = nil
    }
}
