#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import ICal
import Testing

/// The reading stages share splitting lines by who is behind
/// (`LineTree.LineRead`): whichever thread splits a line, the same
/// components, properties and problems must come of it.
@Suite struct SplitStageTests {
    /// Every item of `bytes`, lines split by the first stage when `split` says so.
    static func items(_ bytes: [UInt8], split: @escaping () -> Bool) -> [String] {
        let parser = ICalStreamParser()
        var items: [String] = []
        ICalStreamParser.lines(ByteSource(bytes: bytes), limits: ICalLimits(), splitsLines: split) { parsed in
            items.append(describe(parser.item(parsed)))
            return true
        }
        return items
    }

    static func describe(_ item: ICalItem) -> String {
        switch item {
        case .calendarBegin(let line): "begin \(line)"
        case .calendarEnd(let line): "end \(line)"
        case .calendarProperty(let property, _): describe(property)
        case .problem(let problem): "problem \(problem.kind) \(problem.line) \(problem.message)"
        case .component(let component): describe(component)
        }
    }

    static func describe(_ component: ICalComponent) -> String {
        "\(component.name)@\(component.line)[" + component.properties.map(describe).joined(separator: "|")
            + "]{" + component.problems.map { "\($0.kind) \($0.line) \($0.message)" }.joined(separator: "|")
            + "}(" + component.children.map(describe).joined(separator: ",") + ")"
    }

    static func describe(_ property: ICalProperty) -> String {
        "\(property.name)@\(property.line)" + property.parameters.map { ";\($0.name)=\($0.value)" }.joined() + ":\(property.value)"
    }

    static let sample = Array(("""
        BEGIN:VCALENDAR\r
        X-WR-CALNAME;X-A="q:uoted":Name\r
        BEGIN:VEVENT\r
        UID:a\r
        DTSTART;TZID="America/New_York":20261122T090000\r
        DTEND;tzid=America/New_York:20261122T100000\r
        SUMMARY;LANGUAGE=en:Tea\\, and talk\r
        ATTENDEE;CN="Ann; B";PARTSTAT=ACCEPTED:mailto:ann@example.com\r
        ATTENDEE;CN=Open "quote:mailto:open@example.com\r
        DTSTAMP:garbage\r
        X-THING;X-P=1,2:value\r
        BEGIN:VALARM\r
        TRIGGER:-PT15M\r
        DESCRIPTION:Reminder\r
        END:VALARM\r
        END:VEVENT\r
        END:VCALENDAR\r

        """).utf8)

    @Test func theSameComponentsWhicheverStageSplitsTheLines() {
        var flip = false
        let first = SplitStageTests.items(SplitStageTests.sample) { true }
        #expect(first.count > 2)
        #expect(SplitStageTests.items(SplitStageTests.sample) { false } == first)
        #expect(SplitStageTests.items(SplitStageTests.sample) { flip.toggle(); return flip } == first)
    }

    @Test func theSameOnTheCorpora() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpora")
        guard FileManager.default.fileExists(atPath: root.path) else {
            print("skipped: ../shared/corpora is not beside the checkout")
            return
        }
        var compared = 0
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        where url.pathExtension == "ics" {
            let bytes = try [UInt8](Data(contentsOf: url))
            var flip = false
            let split = SplitStageTests.items(bytes) { true }
            #expect(SplitStageTests.items(bytes) { false } == split, "\(url.lastPathComponent)")
            #expect(SplitStageTests.items(bytes) { flip.toggle(); return flip } == split, "\(url.lastPathComponent)")
            compared += 1
        }
        #expect(compared > 100)
    }

    /// The items `parseConcurrently` hands `prepare` (described, with the
    /// threads that prepared them), then a mark for `finish`, as `body` gets them.
    static func prepared(_ bytes: [UInt8], concurrently: Bool) -> (items: [String], threads: Set<String>) {
        var threads: Set<String> = []
        var taken: [String] = []
        _ = ICalStreamParser.parseConcurrently(ByteSource(bytes: bytes), concurrently: concurrently, prepare: { item, outputs in
            threads.insert("\(pthread_self())")
            outputs.append(describe(item))
        }, finish: { outputs in
            outputs.append("finish")
        }, { outputs in
            taken += outputs
            return true
        })
        return (taken, threads)
    }

    /// A small input is read on the caller's thread alone (no thread to
    /// start and end for it), with the same items as by the pipeline.
    @Test func inSequenceOnTheCallersThreadWithTheSameItems() {
        let concurrent = SplitStageTests.prepared(SplitStageTests.sample, concurrently: true)
        let inSequence = SplitStageTests.prepared(SplitStageTests.sample, concurrently: false)
        #expect(concurrent.items.last == "finish" && concurrent.items.count > 3)
        #expect(inSequence.items == concurrent.items)
        #expect(inSequence.threads == ["\(pthread_self())"])
        #expect(!concurrent.threads.contains("\(pthread_self())"))
    }

    /// `body` returning false stops a read in sequence too: nothing after
    /// it is handed on, and `finish` does not run.
    @Test func inSequenceStopsWhenTheBodySaysSo() {
        var taken: [String] = []
        _ = ICalStreamParser.parseConcurrently(ByteSource(bytes: SplitStageTests.sample), concurrently: false,
                                               prepare: { item, outputs in outputs.append(SplitStageTests.describe(item)) },
                                               finish: { outputs in outputs.append("finish") },
                                               { outputs in
                                                   taken += outputs
                                                   return taken.count < 2
                                               })
        #expect(taken.count == 2)
    }
}
