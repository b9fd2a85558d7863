import Foundation
import EventModel
@testable import Settle
@testable import Plumbing
import Testing

/// Dormant series are written out (`SpillFile`, `SpillCoding`) and read
/// back exactly: every field of every component, from memory and from
/// the file, and nothing is left on disk.
@Suite struct SpillTests {
    /// A folder of its own, removed when the test ends.
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-spill-\(UUID().uuidString)").path

        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] }
    }

    /// Records of every size come back, before and after they go to the
    /// file: one over the 256 bytes of a first read, and empty ones.
    @Test(arguments: [true, false])
    func recordsComeBackFromMemoryAndFile(usesFile: Bool) throws {
        let folder = try Folder()
        let spill = SpillFile(holdLimit: 100, folders: usesFile ? [folder.path] : [])
        let records = (0..<200).map { index in (0..<(index * 7 % 300)).map { UInt8(truncatingIfNeeded: $0 * index) } }
        let offsets = records.map { spill.append($0) }
        #expect(usesFile ? spill.heldCount < 100 : spill.heldCount == Int(spill.count))
        for (record, offset) in zip(records, offsets) {
            #expect(spill.withRecord(at: offset) { Array($0) } == record)
        }
        #expect(spill.failedReads == 0)
        // The file is unlinked as soon as it is made.
        #expect(folder.entries.isEmpty)
    }

    /// A folder that takes no file: records stay in memory, all readable.
    @Test func recordsStayInMemoryWhereNoFileCanBeMade() {
        let spill = SpillFile(holdLimit: 10, folders: ["/nonexistent/busylife"])
        let offsets = (0..<50).map { spill.append([UInt8]($0..<$0 + 20)) }
        #expect(spill.heldCount == Int(spill.count))
        #expect(offsets.enumerated().allSatisfy { index, offset in
            spill.withRecord(at: offset) { Array($0) } == [UInt8](UInt8(index)..<UInt8(index) + 20)
        })
    }

    /// Past the limit on file size (`ulimit -f`, whose signal would end
    /// the process), records stay in memory; all are read back.
    @Test func recordsStayInMemoryPastTheFileSizeLimit() throws {
        let folder = try Folder()
        let spill = SpillFile(holdLimit: 100, folders: [folder.path], fileSizeLimit: 1_000)
        let records = (0..<100).map { index in [UInt8](repeating: UInt8(index), count: 30) }
        let offsets = records.map { spill.append($0) }
        #expect(spill.count - Int64(spill.heldCount) <= 1_000)
        #expect(spill.heldCount > 2_000)
        #expect(zip(records, offsets).allSatisfy { record, offset in spill.withRecord(at: offset) { Array($0) } == record })
    }

    @Test func numbersAndTextsComeBackExactly() {
        let numbers: [Int64] = [0, 1, -1, 63, -64, 64, 1 << 40, -(1 << 40), .max, .min]
        var writer = SpillWriter()
        for number in numbers { writer.int64(number) }
        writer.text("caf\u{E9} cafe\u{301}")
        writer.optionalInt(nil)
        writer.optionalInt(-7)
        writer.ints([3, -2, .max])
        writer.text("")
        let read = writer.bytes.withUnsafeBytes { bytes in
            var reader = SpillReader(bytes)
            let back = numbers.map { _ in reader.int64() }
            let (equal, none, some, list, empty) = (reader.textEquals("caf\u{E9} cafe\u{301}"), reader.optionalInt(),
                                                     reader.optionalInt(), reader.ints(), reader.text())
            // Past the end: zero and empty, no trap.
            let (zero, nothing, noList) = (reader.int(), reader.text(), reader.ints())
            return (back, equal, none, some, list, empty, zero, nothing, noList)
        }
        #expect(read.0 == numbers)
        #expect(read.1 && read.2 == nil && read.3 == -7 && read.4 == [3, -2, .max] && read.5.isEmpty)
        #expect(read.6 == 0 && read.7.isEmpty && read.8.isEmpty)
    }

    static let berlin = Zone(tzdb: "Europe/Berlin")

    /// Masters and overrides with every field set, in two series, written
    /// through a spill that keeps 64 bytes in memory.
    @Test func componentsComeBackExactly() throws {
        let folder = try Folder()
        var dormant = SpilledSeries(spill: SpillFile(holdLimit: 64, folders: [folder.path]))
        let components = Self.components()
        let first = dormant.create(uid: "a@example.com", calendar: "Work", first: components[0])
        let second = dormant.create(uid: "cafe\u{301}", calendar: "", first: components[1])
        for (index, component) in components.enumerated().dropFirst(2) {
            dormant.add(component, to: index % 2 == 0 ? first : second)
        }
        #expect(dormant.hasNames(first, uid: "a@example.com", calendar: "Work"))
        #expect(!dormant.hasNames(first, uid: "a@example.com", calendar: "work"))
        #expect(dormant.hasNames(second, uid: "cafe\u{301}", calendar: ""))
        #expect(!dormant.hasNames(second, uid: "caf\u{E9}", calendar: ""))
        let (names, back) = dormant.components(first)
        #expect(names.uid == "a@example.com" && names.calendar == "Work")
        #expect(back.map(Self.fields) == components.enumerated().filter { $0.offset % 2 == 0 }.map { Self.fields($0.element) })
        let (otherNames, otherBack) = dormant.components(second)
        #expect(otherNames.uid == "cafe\u{301}" && otherNames.calendar.isEmpty)
        #expect(otherBack.map(Self.fields) == components.enumerated().filter { $0.offset % 2 == 1 }.map { Self.fields($0.element) })
        #expect(zip(back, components.enumerated().filter { $0.offset % 2 == 0 }).allSatisfy { one, written in
            if case .master(let a) = one, case .master(let b) = written.element { return a.start == b.start && a.end == b.end }
            if case .override(let a) = one, case .override(let b) = written.element { return a.recurrenceID == b.recurrenceID }
            return false
        })
        #expect(dormant.failedReads == 0)
        #expect(folder.entries.isEmpty)
    }

    static func components() -> [Series.FarComponent] {
        let berlin = Self.berlin
        var odd = LocalDate(daysSinceEpoch: 0)
        odd.year = -40_000  // from absurd arithmetic: held as it is
        let times: [EventTime] = [
            .instant(Instant(milliseconds: 1_795_000_000_123), zone: berlin),
            .instant(Instant(milliseconds: -5), zone: nil),
            .instant(Instant(seconds: 1_700_000_000), zone: .utc),
            .floating(LocalDateTime(secondsSinceEpoch: 1_800_000_059)),
            .date(LocalDate(year: 2026, month: 2, day: 28) ?? odd),
            .date(odd),
        ]
        let rule = RecurrenceRule(frequency: .monthly, interval: 3, count: 12, until: nil, bySecond: [0, 30], byMinute: [15],
                                  byHour: [9, 17], byDay: [.init(ordinal: -1, weekday: 5), .init(weekday: 1)],
                                  byMonthDay: [-1, 13], byYearDay: [100], byWeekNo: [-53, 1], byMonth: [1, 12],
                                  bySetPos: [-2, 1], weekStart: 7)
        let other = RecurrenceRule(frequency: .secondly, until: times[4])
        var components: [Series.FarComponent] = []
        for (index, time) in times.enumerated() {
            let recurrence = index % 2 == 0
                ? Recurrence(rules: [rule, other], exceptionRules: [other], dates: [.time(times[3]), .period(start: times[0], end: times[1])],
                             exceptionDates: [times[2], times[5]])
                : Recurrence(rules: [RecurrenceRule(frequency: .yearly)])
            let duration = index % 3 == 0 ? DurationBox(EventDuration(negative: index == 3, weeks: 1, days: 2, milliseconds: 3_723_004)) : nil
            let master = Series.Master(start: time, status: [nil, .tentative, .confirmed, .cancelled][index % 4],
                                       transparency: index % 2 == 0 ? .opaque : .transparent, endFromMaster: index == 1,
                                       end: times[(index + 1) % times.count], sequence: [0, -3, 1 << 40, 7, .min, .max][index],
                                       order: 2 * index, title: ["", "Weekly 🗓", "x", "Réunion", "a\u{0}b", "z"][index],
                                       source: SourcePosition(file: ["a.ics", "cafe\u{301}.ics", "-"][index % 3], line: index * 1_000),
                                       recurrence: recurrence, boxes: (nil, duration), type: index == 2 ? 7 : nil, ordinal: index)
            components.append(.master(master))
            components.append(.override(Series.FarOverride(recurrenceID: times[(index + 2) % times.count], cancelled: index % 2 == 1,
                                                           sequence: -index, order: 2 * index + 1, title: "Moved \(index)",
                                                           source: SourcePosition(file: "b.ics", line: index))))
        }
        return components
    }

    /// Every field, zones by name (`componentsComeBackExactly` checks the
    /// times' zones are the same zones).
    static func fields(_ component: Series.FarComponent) -> String {
        func time(_ time: EventTime) -> String { "\(time.kind) \(time.approximateSeconds) \(time) \(time.zone.map { "\($0)" } ?? "-")" }
        func rule(_ rule: RecurrenceRule) -> String {
            "\(rule.frequency) \(rule.interval) \(rule.count ?? -1) \(rule.until.map(time) ?? "-") \(rule.bySecond) \(rule.byMinute) "
                + "\(rule.byHour) \(rule.byDay) \(rule.byMonthDay) \(rule.byYearDay) \(rule.byWeekNo) \(rule.byMonth) "
                + "\(rule.bySetPos) \(rule.weekStart)"
        }
        switch component {
        case .master(let master):
            let recurrence = master.recurrence
            let dates = recurrence.dates.map { date -> String in
                switch date {
                case .time(let one): "time \(time(one))"
                case .period(let start, let end): "period \(time(start)) \(time(end))"
                }
            }
            return "master \(time(master.start)) \(time(master.end)) \(String(describing: master.status)) \(master.transparency) "
                + "\(master.endFromMaster) \(master.sequence) \(master.order) [\(master.title)] \(master.source) "
                + "\(recurrence.rules.map(rule)) \(recurrence.exceptionRules.map(rule)) \(dates) "
                + "\(recurrence.exceptionDates.map(time)) \(String(describing: master.boxes.duration?.value)) "
                + "\(master.boxes.text == nil) \(String(describing: master.type)) \(master.ordinal)"
        case .override(let override):
            return "override \(time(override.recurrenceID)) \(override.cancelled) \(override.sequence) \(override.order) "
                + "[\(override.title)] \(override.source)"
        }
    }
}
