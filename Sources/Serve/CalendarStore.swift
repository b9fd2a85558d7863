import BusyLifeKit
import Dispatch
import Export
import Foundation
import Import
import Plumbing
import ServeCore
import Settle
import Synchronization

/// The server's view of the calendars: the sources read once and kept
/// (`KeptReading`), day windows settled from them on request as
/// `busylife days` settles them, the busy levels fixed at start, and a
/// generation that moves when a watched file changes (looked at no more
/// than once a second) or a subscription's copy was replaced: then the
/// sources are read again, at the next request, and the page knows to
/// fetch again.
package final class CalendarStore: Sendable {
    /// The longest window one request may ask for.
    package static let maximumDays = 400
    /// Windows settled at once; more wait their turn, past `maximumWaiting` they are refused.
    static let maximumRunning = 2
    static let maximumWaiting = 32

    let setup: ServeSetup
    package let levels: HeatmapScale
    private let state: Mutex<State>
    /// Held by the one request that reads the sources again: the others
    /// wait for its reading instead of making their own.
    private let reading = NSLock()
    private let work = DispatchQueue(label: "busylife.serve.settle", attributes: .concurrent)
    private let gate = DispatchSemaphore(value: CalendarStore.maximumRunning)

    struct State {
        var signature: [String]
        var checked: Date
        var generation = 1
        /// Whether the diagnostics of settling are still to be said for the
        /// reading kept (once per reading, not once per request).
        var freshRead = false
        var waiting = 0
        /// The reading kept, and the generation it was read at.
        var kept: (generation: Int, reading: KeptReading)?
    }

    /// Reads the calendars (a usage error, such as a `--calendar` that
    /// matches nothing, ends the command there), keeps the reading and
    /// fixes the busy levels over the 53 weeks around today.
    package init(_ setup: ServeSetup, now: Date = Date()) throws {
        self.setup = setup
        let signature = FileSignature.of(setup.watched)
        let kept = try setup.read()
        let today = try setup.today(nil, now)
        var options = try setup.options(today.adding(days: -182).description, today.adding(days: 182).description, nil, now)
        options.keepOccurrences = false
        let settlement = kept.settle(options)
        settlement.diagnostics.forEach(setup.say)
        levels = HeatmapScale(setup.scale, values: settlement.days.map { Double($0.busyMilliseconds) / 1000 })
        state = Mutex(State(signature: signature, checked: now, kept: (1, kept)))
    }

    /// The generation of the files: it moves when one changes.
    package func generation(now: Date = Date()) -> Int {
        state.withLock { state in
            guard now.timeIntervalSince(state.checked) >= 1 else { return state.generation }
            state.checked = now
            let signature = FileSignature.of(setup.watched)
            if signature != state.signature {
                state.signature = signature
                state.generation += 1
            }
            return state.generation
        }
    }

    /// Data changed that no watched file shows (a subscription fetched
    /// again in the background): the generation moves at once.
    package func changed() {
        state.withLock { $0.generation += 1 }
    }

    /// The bytes of `busylife days --from from --to to` (and `--tz tz`), or why not.
    package func days(from: String?, to: String?, tz: String?, now: Date = Date()) async throws -> [UInt8] {
        _ = generation(now: now)
        let options = try setup.options(from, to, tz, now)
        let length = options.to.daysSinceEpoch - options.from.daysSinceEpoch + 1
        guard length <= Int64(CalendarStore.maximumDays) else {
            throw ServeFailure(status: 400, "the window is \(length) days long; at most \(CalendarStore.maximumDays) are served at once")
        }
        return try await settled(options) { settlement in
            var bytes: [UInt8] = []
            _ = DaysJSON.write(settlement, lines: false) { writer in
                bytes.append(contentsOf: writer.bytes)
                writer.removeAll()
                return true
            }
            return bytes
        }
    }

    /// Runs the settling off the server's threads, a few at a time, from
    /// the reading of the current generation.
    func settled<T: Sendable>(_ options: SettleOptions, _ make: @escaping @Sendable (Settlement) -> T) async throws -> T {
        try await offServer { [self] in
            let kept = try current()
            let settlement = kept.settle(options)
            let fresh = state.withLock { state in
                defer { state.freshRead = false }
                return state.freshRead
            }
            if fresh { settlement.diagnostics.forEach(setup.say) }
            return make(settlement)
        }
    }

    /// The calendars' names and colours, for `/api/meta`, from the reading kept.
    package func calendars(now: Date = Date()) async throws -> CalendarList {
        _ = generation(now: now)
        return try await offServer { [self] in CalendarList(try current().report) }
    }

    /// Runs `body` on the settling queue, no more than `maximumRunning` at
    /// once; past `maximumWaiting` waiting, the request is refused.
    private func offServer<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let admitted = state.withLock { state in
            guard state.waiting < CalendarStore.maximumWaiting else { return false }
            state.waiting += 1
            return true
        }
        guard admitted else { throw ServeFailure(status: 503, "too many requests at once; try again") }
        return try await withCheckedThrowingContinuation { continuation in
            work.async { [self] in
                gate.wait()
                defer {
                    gate.signal()
                    state.withLock { $0.waiting -= 1 }
                }
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// The reading of the current generation: the one kept, or the sources
    /// read again when the generation moved since (the old reading let go
    /// first, so that two are not held at once).
    private func current() throws -> KeptReading {
        reading.lock()
        defer { reading.unlock() }
        let generation = generation()
        if let kept = state.withLock({ $0.kept }), kept.generation == generation { return kept.reading }
        state.withLock { $0.kept = nil }
        let read = try setup.read()
        state.withLock { state in
            state.kept = (generation, read)
            state.freshRead = true
        }
        return read
    }
}

/// The calendars' names and colours, and the zones their events name.
package struct CalendarList: Sendable {
    package var list: [(name: String, color: CalendarColor?)]
    package var zones: [String]

    package init(_ report: ImportReport) {
        list = report.calendars.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
            .map { (name: $0, color: report.calendarColors[$0]) }
        zones = report.zones.compactMap(\.zone)
    }
}

/// What the watched files look like now: path, size and modification
/// time of each file, folders walked; a change in any is a change.
enum FileSignature {
    static func of(_ paths: [String]) -> [String] {
        var lines: [String] = []
        let manager = FileManager.default
        for path in paths {
            lines.append(line(path))
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
                  let walk = manager.enumerator(atPath: path) else { continue }
            for case let name as String in walk { lines.append(line(path + "/" + name)) }
        }
        return lines
    }

    private static func line(_ path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return path + " absent" }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path) \(size) \(time)"
    }
}
