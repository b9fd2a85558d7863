import BusyLifeKit
import Dispatch
import Export
import Foundation
import Import
import Plumbing
import ServeCore
import Settle
import Synchronization

/// The server's view of the calendars: day windows settled on request as
/// `busylife days` settles them, the busy levels fixed at start, and a
/// generation that moves when a watched file changes (looked at no more
/// than once a second), so that the page knows to fetch again.
package final class CalendarStore: Sendable {
    /// The longest window one request may ask for.
    package static let maximumDays = 400
    /// Windows settled at once; more wait their turn, past `maximumWaiting` they are refused.
    static let maximumRunning = 2
    static let maximumWaiting = 32

    let setup: ServeSetup
    package let levels: HeatmapScale
    private let state: Mutex<State>
    private let work = DispatchQueue(label: "busylife.serve.settle", attributes: .concurrent)
    private let gate = DispatchSemaphore(value: CalendarStore.maximumRunning)

    struct State {
        var signature: [String]
        var checked: Date
        var generation = 1
        var freshRead = true
        var waiting = 0
        /// The calendars' names and colours, and the generation they were read at.
        var calendars: (generation: Int, list: CalendarList)?
    }

    /// Reads the calendars once (a usage error, such as a `--calendar` that
    /// matches nothing, ends the command there) and fixes the busy levels
    /// over the 53 weeks around today.
    package init(_ setup: ServeSetup, now: Date = Date()) throws {
        self.setup = setup
        let today = try setup.today(nil, now)
        var options = try setup.options(today.adding(days: -182).description, today.adding(days: 182).description, nil, now)
        options.keepOccurrences = false
        let (settlement, _) = try setup.settle(options, true)
        levels = HeatmapScale(setup.scale, values: settlement.days.map { Double($0.busyMilliseconds) / 1000 })
        state = Mutex(State(signature: FileSignature.of(setup.watched), checked: now, freshRead: false))
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
                state.freshRead = true
            }
            return state.generation
        }
    }

    /// Data changed that no watched file shows (a subscription fetched
    /// again in the background): the generation moves at once.
    package func changed() {
        state.withLock { state in
            state.generation += 1
            state.freshRead = true
        }
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

    /// Runs the settling off the server's threads, a few at a time.
    func settled<T: Sendable>(_ options: SettleOptions, _ make: @escaping @Sendable (Settlement) -> T) async throws -> T {
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
                let fresh = state.withLock { state in
                    defer { state.freshRead = false }
                    return state.freshRead
                }
                continuation.resume(with: Result { try make(setup.settle(options, fresh).0) })
            }
        }
    }

    /// The calendars' names and colours, for `/api/meta`: read again only
    /// when the files changed, since the page asks every few seconds.
    package func calendars(now: Date = Date()) async throws -> CalendarList {
        let generation = self.generation(now: now)
        if let kept = state.withLock({ $0.calendars }), kept.generation == generation { return kept.list }
        var options = try setup.options(nil, nil, nil, now)
        options.keepOccurrences = false
        options.listDays = false
        options.from = options.to  // one day is enough to read every calendar's name
        let list = CalendarList(try await settledReport(options))
        state.withLock { $0.calendars = (generation, list) }
        return list
    }

    private func settledReport(_ options: SettleOptions) async throws -> ImportReport {
        try await withCheckedThrowingContinuation { continuation in
            work.async { [self] in
                gate.wait()
                defer { gate.signal() }
                let fresh = state.withLock { $0.freshRead }
                continuation.resume(with: Result { try setup.settle(options, fresh).1 })
            }
        }
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
