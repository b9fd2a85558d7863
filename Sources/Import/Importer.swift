#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventModel
import Foundation
import ICal
import Plumbing

/// Options of a read.
package struct ImportOptions: Sendable {
    /// Read X-WR-TIMEZONE as Google does (docs/semantics.md section 2); false for strict RFC 5545.
    package var useCalendarZone: Bool
    package var limits: ICalLimits
    /// When set, single events of `.ics` files wholly outside it are read
    /// without their text (description, location, attendees, categories):
    /// the caller only wants a window. Recurring events and overrides are
    /// always read whole, and diagnostics are the same either way.
    package var textWindow: CoarseWindow?
    /// How many zones files may define in this process (`Zone.fileDefinitionLimit`).
    package var zoneDefinitionLimit = Zone.fileDefinitionLimit

    package init(useCalendarZone: Bool = true, limits: ICalLimits = ICalLimits(), textWindow: CoarseWindow? = nil) {
        self.useCalendarZone = useCalendarZone
        self.limits = limits
        self.textWindow = textWindow
    }
}

/// One thing to read: a path (a file, or a directory read recursively as a
/// vdir), bytes in memory, an open descriptor, or standard input.
package enum InputSource: Sendable, Equatable {
    case path(String)
    /// An `.ics` or `events.json` in memory; `name` stands for its file in
    /// diagnostics, and its stem names the calendar (as a file's does).
    case bytes([UInt8], name: String)
    /// An open file, pipe or socket, read to its end as it comes and left
    /// open; `name` as for bytes.
    case fileDescriptor(Int32, name: String)
    case standardInput
    /// A folder read as `.path` reads it, its files named as `shown` says
    /// rather than by their paths.
    case folder(String, shown: ShownFolder)

    /// A command-line argument: `-` is standard input, anything else a path.
    package init(argument: String) {
        self = argument == "-" ? .standardInput : .path(argument)
    }
}

/// Reads any number of inputs (files, directories read recursively as a
/// vdir, bytes, standard input) into the unified model, streaming: each
/// event is handed on as soon as it is read.
package struct Importer {
    package let options: ImportOptions
    /// Zones and what the `.ics` reader keeps from one file to the next.
    package let catalog: ZoneCatalog

    package init(options: ImportOptions = ImportOptions()) {
        self.options = options
        catalog = ZoneCatalog(definitionLimit: options.zoneDefinitionLimit)
    }

    /// Reads every input named on a command line (`-` is standard input).
    package func read(_ inputs: [String], event: (consuming Event) -> Bool,
                     diagnostic: @escaping (Diagnostic) -> Void) -> ImportReport {
        read(inputs.map(InputSource.init(argument:)), event: event, diagnostic: diagnostic)
    }

    /// Reads every input; `event` returns false to stop early (a closed
    /// output). Diagnostics go to `diagnostic` as they are found.
    package func read(_ inputs: [InputSource], event: (consuming Event) -> Bool,
                     diagnostic: @escaping (Diagnostic) -> Void) -> ImportReport {
        read(inputs, event: event, stored: nil, diagnostic: diagnostic)
    }

    /// Reads every input keeping what was written (`StoredItem`), for
    /// conversion: events come with their VEVENT as written, and calendar
    /// properties, VTIMEZONEs and other components come too.
    package func read(_ inputs: [InputSource], stored: @escaping (StoredItem) -> Bool,
                      diagnostic: @escaping (Diagnostic) -> Void) -> ImportReport {
        var keeping = self.options
        keeping.limits.keepsStoredForm = true
        return Importer(options: keeping).read(inputs, event: { stored(.event($0, nil, zones: [:])) },
                                               stored: stored, diagnostic: diagnostic)
    }

    private func read(_ inputs: [InputSource], event: (consuming Event) -> Bool, stored: ((StoredItem) -> Bool)?,
                      diagnostic: @escaping (Diagnostic) -> Void) -> ImportReport {
        var report = ImportReport()
        let tally = DiagnosticTally()
        let note: (Diagnostic) -> Void = { found in
            tally.report.count(found)
            diagnostic(found)
        }
        let files = expand(inputs, report: &report, diagnostic: note)
        var next = 0
        while next < files.count {
            let small = files[next...].prefix { Importer.isSmall($0) }.count
            let keepGoing: Bool
            if small > 1 {
                keepGoing = readSmall(Array(files[next..<next + small]), report: &report, event: event, stored: stored,
                                      diagnostic: note)
                next += small
            } else {
                var fileReport = ImportReport()
                keepGoing = readFile(files[next], report: &fileReport, event: event, stored: stored, diagnostic: note)
                report.merge(fileReport)
                next += 1
            }
            if !keepGoing { break }
        }
        report.merge(tally.report)
        return report
    }

    /// A file that `readSmall` may read among others: a small regular
    /// file named by its path.
    /// A file found in a directory whose size was not asked (its listing
    /// said it is regular) is one too, until its first read says otherwise.
    private static func isSmall(_ file: InputFile) -> Bool {
        file.bytes == nil && file.descriptor == nil
            && (file.size == nil ? file.foundInDirectory : !readsConcurrently(size: file.size))
    }

    /// Small files (a vdir's items) read on every core, each whole by
    /// whichever is free (`ParallelChunks.inOrder`), and handed on in
    /// their order: what each file makes is what `readFile` would hand on.
    private func readSmall(_ files: [InputFile], report: inout ImportReport, event: (consuming Event) -> Bool,
                           stored: ((StoredItem) -> Bool)?, diagnostic: @escaping (Diagnostic) -> Void) -> Bool {
        // One importer a worker: a zone catalog is not shared between threads.
        let readers = SmallFileReaders(self, workers: ParallelChunks.width, keepsStored: stored != nil)
        var keepGoing = true
        // A few files a piece: handed on one at a time, each file cost a
        // waiting thread a wake-up.
        let each = Importer.smallFilesPerPiece
        ParallelChunks.inOrder(count: (files.count + each - 1) / each, ahead: 4 * ParallelChunks.width, make: { piece, worker in
            readers.read(files[piece * each..<min(files.count, piece * each + each)], worker: worker)
        }, take: { read in
            for index in read.heard.indices {
                switch read.heard[index].take() {
                case .event(let found)?: keepGoing = event(found)
                case .stored(let item)?: keepGoing = stored?(item) ?? true
                case .diagnostic(let found)?: diagnostic(found)
                case .counts(let counted)?: report.merge(counted)
                case .large(let file)?:
                    // Read here, in its turn, as any large file is.
                    var fileReport = ImportReport()
                    keepGoing = readFile(file, report: &fileReport, event: event, stored: stored, diagnostic: diagnostic)
                    report.merge(fileReport)
                case nil: break
                }
                if !keepGoing { return false }
            }
            return true
        })
        return keepGoing
    }

    /// Files to read, in order: arguments as given (symbolic links
    /// followed), directories walked for their calendar files
    /// (`DirectoryWalk`). A directory without any is reported: a likely
    /// wrong path.
    private func expand(_ inputs: [InputSource], report: inout ImportReport,
                        diagnostic: (Diagnostic) -> Void) -> [InputFile] {
        var files: [InputFile] = []
        for source in inputs {
            let input: String
            var shown: ShownFolder?
            switch source {
            case .standardInput: files.append(InputFile(path: "-")); continue
            case .bytes(let bytes, let name): files.append(InputFile(path: name, bytes: bytes)); continue
            case .fileDescriptor(let fd, let name): files.append(InputFile(path: name, descriptor: fd)); continue
            case .path(let path): input = path
            case .folder(let path, let names): (input, shown) = (path, names)
            }
            var status = stat()
            guard stat(input, &status) == 0 else {
                if let scheme = AddressInput.scheme(of: input) {
                    unreadable(AddressInput.shortName(input), AddressInput.explanation(scheme: scheme), &report, diagnostic)
                    continue
                }
                let reason = errno == ENOENT ? "no such file or directory"
                    : errno == ELOOP ? "symbolic links that lead back to themselves" : DirectoryWalk.reason(errno)
                unreadable(shown?.name ?? input, reason, &report, diagnostic)
                continue
            }
            let kind = DirectoryWalk.kind(status)
            guard kind == S_IFDIR else {
                files.append(InputFile(path: input, size: kind == S_IFREG ? Int(status.st_size) : nil, shownName: shown?.name))
                continue
            }
            files += walk(input, status: status, shown: shown, report: &report, diagnostic: diagnostic)
        }
        return files
    }

    /// The calendar files of the directory `input`, named as `shown` says
    /// when it is given (and so are the walk's diagnostics).
    private func walk(_ input: String, status: stat, shown: ShownFolder?, report: inout ImportReport,
                      diagnostic: (Diagnostic) -> Void) -> [InputFile] {
        var walk = DirectoryWalk()
        var found = walk.walk(input, status: status)
        for var said in walk.diagnostics {
            if let shown { said.source.file = shown.shown(said.source.file, root: input) }
            diagnostic(said)
        }
        report.unreadable += walk.unreadable
        // Nothing found where everything could be read: a likely wrong path.
        if found.isEmpty && walk.unreadable == 0 {
            unreadable(shown?.name ?? input, "no calendar file (.ics, .ical, .ifb, .jcal or .json) in this directory or below",
                       &report, diagnostic)
        }
        if let shown {
            if shown.files != nil { found.removeAll { !shown.reads($0.path, root: input) } }
            for index in found.indices {
                found[index].shownName = shown.shown(found[index].path, root: input)
                found[index].parts = shown.parts(found[index].path, root: input)
            }
        }
        return found
    }

    /// An input that is missing or cannot be read: counted (exit code 66) and reported.
    private func unreadable(_ file: String, _ reason: String, _ report: inout ImportReport,
                            _ diagnostic: (Diagnostic) -> Void) {
        report.unreadable += 1
        diagnostic(Diagnostic(.error, .unreadable, at: SourcePosition(file: file, line: 0), reason))
    }

    /// A file of several items (a CalDAV cache's pack): what is said of a
    /// line of it is said of the item there, by the item's name and line.
    private func readParts(_ file: InputFile, _ parts: [ShownFolder.Part], report: inout ImportReport,
                           event: (consuming Event) -> Bool, stored: ((StoredItem) -> Bool)?,
                           diagnostic: @escaping (Diagnostic) -> Void) -> Bool {
        var alone = file
        alone.parts = nil
        return withoutActuallyEscaping(event) { event in
            readFile(alone, report: &report, event: { found in
                var found = found
                found.source = ShownFolder.position(found.source, in: parts)
                return event(found)
            }, stored: stored, diagnostic: { said in
                var said = said
                said.source = ShownFolder.position(said.source, in: parts)
                diagnostic(said)
            })
        }
    }

    fileprivate func readFile(_ file: InputFile, report: inout ImportReport, event: (consuming Event) -> Bool,
                          stored: ((StoredItem) -> Bool)?, diagnostic: @escaping (Diagnostic) -> Void) -> Bool {
        if let parts = file.parts { return readParts(file, parts, report: &report, event: event, stored: stored, diagnostic: diagnostic) }
        let path = file.path
        let name = file.shownName ?? (path == "-" && file.bytes == nil && file.descriptor == nil ? "<stdin>" : path)
        // A path is opened without blocking: a named pipe must not hang the
        // run. One found in a directory is read only if it is still a
        // regular file once open; one given by name only if a writer has it.
        let opened = file.bytes == nil && file.descriptor == nil && path != "-"
        let fd: Int32 = file.bytes != nil ? -1 : file.descriptor ?? (path == "-" ? 0
            : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK))
        guard fd >= 0 || file.bytes != nil else {
            unreadable(name, DirectoryWalk.reason(file.descriptor == nil ? errno : EBADF), &report, diagnostic)
            return true
        }
        defer { if fd > 0 && file.descriptor == nil { close(fd) } }
        var firstBytes: [UInt8] = []
        // The size of a regular file or of bytes given; nil for a stream.
        var size = file.bytes?.count
        if opened {
            guard let (bytes, regularSize) = firstBytesOfOpened(fd, file, name: name, report: &report,
                                                                diagnostic: diagnostic) else {
                return true
            }
            firstBytes = bytes
            size = regularSize
        }
        // Sniff the format from the first bytes; the source replays them.
        let source = file.bytes.map { ByteSource(bytes: $0) }
            ?? (firstBytes.isEmpty ? ByteSource(fileDescriptor: fd, regularFileSize: size) : Importer.source(fd, after: firstBytes))
        return read(source, file: file, name: name, size: size, report: &report, event: event, stored: stored,
                    diagnostic: diagnostic)
    }

    /// Reads a file found in a directory and taken as regular by its
    /// listing (`InputFile.size` nil): opened, and read by one read into
    /// `buffer`, which a regular file smaller than it fills only in part.
    /// Nil, with nothing reported, when it is to be read as `readFile`
    /// reads it: it filled the buffer (a large file), or gave nothing.
    fileprivate func readListed(_ file: InputFile, into buffer: UnsafeMutableRawBufferPointer, report: inout ImportReport,
                                event: (consuming Event) -> Bool, stored: ((StoredItem) -> Bool)?,
                                diagnostic: @escaping (Diagnostic) -> Void) -> Bool? {
        let name = file.shownName ?? file.path
        let fd = open(file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            unreadable(name, DirectoryWalk.reason(errno), &report, diagnostic)
            return true
        }
        var count: Int
        repeat { count = readBytes(fd, buffer) } while count < 0 && errno == EINTR
        close(fd)
        // Empty, unreadable or not a regular file after all: `readFile`
        // says which, as it always did.
        guard count > 0, count < buffer.count else { return nil }
        return read(ByteSource(borrowing: UnsafeRawBufferPointer(rebasing: buffer[0..<count])), file: file, name: name,
                    size: count, report: &report, event: event, stored: stored, diagnostic: diagnostic)
    }

    /// Reads the opened `source` of `file`, counted and sniffed.
    private func read(_ source: ByteSource, file: InputFile, name: String, size: Int?, report: inout ImportReport,
                      event: (consuming Event) -> Bool, stored: ((StoredItem) -> Bool)?,
                      diagnostic: @escaping (Diagnostic) -> Void) -> Bool {
        let path = file.path
        let stem = file.collection?.name
            ?? (name == "<stdin>" ? "stdin" : ((path as NSString).lastPathComponent as NSString).deletingPathExtension)
        if let collection = file.collection {
            report.calendars.insert(collection.name)
            // The first colour a name was given stays, as `merge` keeps it.
            if let color = collection.color, report.calendarColors[collection.name] == nil {
                report.calendarColors[collection.name] = color
            }
        }
        guard let head = source.peek(4096) else {
            unreadable(name, DirectoryWalk.reason(errno), &report, diagnostic)
            return true
        }
        report.files += 1
        return read(source, as: InputFormat.detect(head, path: path), file: file, name: name, stem: stem, size: size,
                    report: &report, event: event, stored: stored, diagnostic: diagnostic)
    }

    /// For a path opened here: the bytes a named pipe already holds (none
    /// for another file) and the size of a regular file, made blocking
    /// again; nil (reported) when it is not to be read.
    private func firstBytesOfOpened(_ fd: Int32, _ file: InputFile, name: String, report: inout ImportReport,
                                    diagnostic: (Diagnostic) -> Void) -> ([UInt8], size: Int?)? {
        var firstBytes: [UInt8] = []
        var status = stat()
        let kind = fstat(fd, &status) == 0 ? DirectoryWalk.kind(status) : 0
        if file.foundInDirectory && kind != S_IFREG {
            diagnostic(Diagnostic(.warning, .notRegularFile, at: SourcePosition(file: name, line: 0),
                                  "not a regular file; skipped"))
            return nil
        }
        if kind == S_IFIFO {
            guard let bytes = Importer.bytesOfWrittenPipe(fd) else {
                unreadable(name, "a named pipe that no process writes to; busylife does not wait for one", &report, diagnostic)
                return nil
            }
            firstBytes = bytes
        }
        // Blocking again, for what may block: a regular file never does
        // (and each of a vdir's files would cost two calls more).
        if kind != S_IFREG { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
        return (firstBytes, kind == S_IFREG ? Int(status.st_size) : nil)
    }

    /// Reads `source` with the reader of its format; a file that is no
    /// calendar is counted and reported.
    private func read(_ source: ByteSource, as format: InputFormat, file: InputFile, name: String, stem: String,
                      size: Int?, report: inout ImportReport, event: (consuming Event) -> Bool,
                      stored: ((StoredItem) -> Bool)?, diagnostic: @escaping (Diagnostic) -> Void) -> Bool {
        switch format {
        case .ics:
            report.icsFiles += 1
            let importer = ICSImporter(catalog: catalog, limits: options.limits, useCalendarZone: options.useCalendarZone,
                                       textWindow: options.textWindow)
            return importer.read(source, file: name, stem: stem, calendarName: file.collection?.name,
                                 concurrently: Importer.readsConcurrently(size: size), report: &report, event: event, stored: stored, diagnostic: diagnostic)
        case .jcal:
            report.jcalFiles += 1
            return readJCal(source, file: name, stem: stem, calendarName: file.collection?.name, report: &report,
                            event: event, stored: stored, diagnostic: diagnostic)
        case .busyLifeJSON:
            report.jsonFiles += 1
            return BusyLifeImporter().read(source, file: name, stem: stem, report: &report, event: event, diagnostic: diagnostic)
        case .empty:
            diagnostic(Diagnostic(.warning, .unknownFormat, at: SourcePosition(file: name, line: 0), "empty file"))
            return true
        case .unknown:
            report.notCalendars += 1
            diagnostic(Diagnostic(.error, .unknownFormat, at: SourcePosition(file: name, line: 1),
                                  "neither iCalendar nor BusyLife JSON; file skipped"))
            return true
        case .notCalendar(let other):
            report.notCalendars += 1
            let skipped = NotCalendar.skip(source)
            diagnostic(other.diagnostic(file: name, bytes: skipped.bytes, lines: skipped.lines, start: skipped.start,
                                        complete: skipped.complete))
            return true
        }
    }

    /// How many small files make one piece of `readSmall`'s work.
    package static let smallFilesPerPiece = 8

    /// Files smaller than this are read without a second thread.
    package static let smallFileBytes = 64 << 10

    /// Whether an input of `size` bytes (nil: a stream, of unknown size)
    /// is read by two threads: a small file (a vdir's item) costs less
    /// read by this one alone than the thread the pipeline would start.
    package static func readsConcurrently(size: Int?) -> Bool {
        size.map { $0 >= smallFileBytes } ?? true
    }

    /// What a named pipe opened without blocking holds at once: nil when no
    /// process has it open for writing (a read would wait for one, perhaps
    /// forever), else the bytes already written (none yet is fine: the
    /// writer, say `<(curl …)`, is still at work).
    private static func bytesOfWrittenPipe(_ fd: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var count: Int
        repeat { count = buffer.withUnsafeMutableBytes { readBytes(fd, $0) } } while count < 0 && errno == EINTR
        if count == 0 { return nil }
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// The descriptor's bytes after `first`, which were read from it already.
    private static func source(_ fd: Int32, after first: [UInt8]) -> ByteSource {
        var waiting = first[...]
        return ByteSource(pulling: { buffer in
            if !waiting.isEmpty {
                let count = min(buffer.count, waiting.count)
                buffer.copyBytes(from: waiting.prefix(count))
                waiting = waiting.dropFirst(count)
                return count
            }
            var count: Int
            repeat { count = readBytes(fd, buffer) } while count < 0 && errno == EINTR
            return count
        })
    }

    /// jCal: the JSON transcoded into iCalendar text as the `.ics` reader
    /// pulls it, the lines of what it reports (diagnostics, events'
    /// sources) turned back into the jCal file's.
    private func readJCal(_ source: ByteSource, file: String, stem: String, calendarName: String?,
                          report: inout ImportReport, event: (consuming Event) -> Bool,
                          stored: ((StoredItem) -> Bool)?, diagnostic: @escaping (Diagnostic) -> Void) -> Bool {
        let transcoder = JCalTranscoder(source: source, file: file, diagnostic: diagnostic)
        let lines = transcoder.lineMap
        let importer = ICSImporter(catalog: catalog, limits: options.limits, useCalendarZone: options.useCalendarZone,
                                   textWindow: options.textWindow)
        let storedInJCal = stored.map { stored in
            { (item: StoredItem) -> Bool in
                guard case .event(var found, let form, let zones) = item else { return stored(item) }
                found.source.line = lines.jcalLine(found.source.line)
                return stored(.event(found, form, zones: zones))
            }
        }
        return importer.read(ByteSource(pulling: transcoder.read(into:)), file: file, stem: stem,
                             calendarName: calendarName, report: &report,
                             event: { (found: consuming Event) in
                                 var found = found
                                 found.source.line = lines.jcalLine(found.source.line)
                                 return event(found)
                             },
                             stored: storedInJCal,
                             diagnostic: { found in
                                 var found = found
                                 found.source.line = lines.jcalLine(found.source.line)
                                 found.message = lines.jcalLines(in: found.message)
                                 diagnostic(found)
                             })
    }
}

/// What a file holds, judged by its first bytes, then its name.
enum InputFormat: Equatable {
    case ics, jcal, busyLifeJSON, empty, unknown
    /// Binary data or markup, whatever the name says.
    case notCalendar(NotCalendar)

    static func detect(_ head: [UInt8], path: String) -> InputFormat {
        var index = 0  // a byte-order mark is gone already (ByteSource)
        func skipBlanks() {
            while index < head.count, head[index] == 0x20 || head[index] == 0x09 || head[index] == 0x0A || head[index] == 0x0D {
                index += 1
            }
        }
        skipBlanks()
        guard index < head.count else { return .empty }
        let first = head[index]
        if first == 0x5B {
            // jCal: `[` and then the string "vcalendar" (any case).
            index += 1
            skipBlanks()
            let name = head[index...].prefix(11).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
            if name == Array("\"vcalendar\"".utf8) { return .jcal }
            return .busyLifeJSON
        }
        if first == 0x7B { return .busyLifeJSON }
        let begins = head[index...].prefix(6).elementsEqual("BEGIN:".utf8) { ($0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0) == $1 }
        if begins { return .ics }
        if let other = NotCalendar.judge(head[index...]) { return .notCalendar(other) }
        let lower = path.lowercased()
        if lower.hasSuffix(".ics") || lower.hasSuffix(".ical") || lower.hasSuffix(".ifb") { return .ics }
        if lower.hasSuffix(".json") { return .busyLifeJSON }
        return .unknown
    }
}

extension ImportReport {
    mutating func merge(_ other: ImportReport) {
        files += other.files
        icsFiles += other.icsFiles
        jcalFiles += other.jcalFiles
        jsonFiles += other.jsonFiles
        unreadable += other.unreadable
        notCalendars += other.notCalendars
        events += other.events
        calendars.formUnion(other.calendars)
        for (name, color) in other.calendarColors where calendarColors[name] == nil { calendarColors[name] = color }
        recurringSeries += other.recurringSeries
        overrides += other.overrides
        freeBusyComponents += other.freeBusyComponents
        for (name, count) in other.otherComponents { otherComponents[name, default: 0] += count }
        zones += other.zones
        for (kind, count) in other.diagnostics { diagnostics[kind, default: 0] += count }
        errors += other.errors
        warnings += other.warnings
        notes += other.notes
    }
}

/// What reading a few small files made, in their order, to be handed on.
private struct SmallFileRead {
    enum Heard {
        case event(Event)
        case stored(StoredItem)
        case diagnostic(Diagnostic)
        /// The counts of the files whose outputs follow, up to the next
        /// large file or the end, merged.
        case counts(ImportReport)
        /// A file found large when read: read by the caller in its turn.
        case large(InputFile)
    }

    var heard: [Heard?] = []
}

/// Reads small files on any thread, each worker with its own importer
/// (`Importer.readSmall`). Only the worker it belongs to uses an importer,
/// and each read's results belong to the read: unchecked.
private final class SmallFileReaders: @unchecked Sendable {
    private let importers: [Importer]
    private let keepsStored: Bool
    /// Each worker's buffer a file is read into (`Importer.readListed`).
    private let buffers: [UnsafeMutableRawBufferPointer]

    init(_ importer: Importer, workers: Int, keepsStored: Bool) {
        importers = [importer] + (1..<max(1, workers)).map { _ in Importer(options: importer.options) }
        self.keepsStored = keepsStored
        buffers = importers.map { _ in
            UnsafeMutableRawBufferPointer.allocate(byteCount: Importer.smallFileBytes, alignment: 16)
        }
    }

    deinit { buffers.forEach { $0.deallocate() } }

    /// What reading these files makes, in their order; the reports count
    /// them in turn, as `Importer.read` merges each file's.
    func read(_ files: ArraySlice<InputFile>, worker: Int) -> SmallFileRead {
        let made = Heard()
        var read = SmallFileRead()
        var piece = ImportReport()
        // The counts go before what their files made, where the caller
        // merges them before handing that on.
        var countsAt = 0
        let importer = importers[worker]
        // Its callbacks never stop it: the caller's do, as it hands them on.
        let event = { (found: consuming Event) in made.list.append(.event(found)); return true }
        let stored: ((StoredItem) -> Bool)? = keepsStored ? { made.list.append(.stored($0)); return true } : nil
        let diagnostic = { (found: Diagnostic) in made.list.append(.diagnostic(found)) }
        // Each file's counts go straight into the piece's report: a report
        // a file, merged, cost each file a set of calendars of its own.
        for file in files {
            // A pack's items are named as `readFile` names them (`readParts`).
            if file.size == nil && file.parts == nil {
                guard importer.readListed(file, into: buffers[worker], report: &piece, event: event, stored: stored,
                                          diagnostic: diagnostic) != nil else {
                    // Nothing was made of it: the caller reads it whole.
                    made.list.insert(.counts(piece), at: countsAt)
                    piece = ImportReport()
                    made.list.append(.large(file))
                    countsAt = made.list.count
                    continue
                }
            } else {
                _ = importer.readFile(file, report: &piece, event: event, stored: stored, diagnostic: diagnostic)
            }
        }
        made.list.insert(.counts(piece), at: countsAt)
        read.heard = made.list
        return read
    }

    /// Where the callbacks of one read put what they hear.
    private final class Heard {
        var list: [SmallFileRead.Heard?] = []
    }
}

/// Counts diagnostics from the escaping callbacks of a read.
private final class DiagnosticTally {
    var report = ImportReport()
}

/// `read(2)`, out of reach of `Importer`'s own `read` methods.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(fd, buffer.baseAddress, buffer.count)
}
