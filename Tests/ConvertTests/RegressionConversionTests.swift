import EventModel
import Foundation
import Import
import Settle
import Testing
@testable import Convert

/// The inputs that once broke busylife (Tests/Fixtures/regressions) go
/// through conversion too, not only reading and settling: one crashed
/// only there (`crash-convert-year-9999-tokyo.ics`, a time at the end of
/// 9999 in an eastern zone's VTIMEZONE).
@Suite struct RegressionConversionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/regressions")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
    }

    /// Each converted as stored (no window: every component, and zones
    /// for the data's own years) to .ics and jCal, and expanded to
    /// events.json over a month and over the data's own years; the JSON
    /// formats parse, and events.json, written by busylife alone, reads
    /// back without an error (`readback-events-json-4000-years-long.ics`:
    /// an event longer than the reader took).
    @Test(arguments: [(ConvertFormat.ics, false), (.jcal, false), (.eventsJSON, true), (.eventsJSON, false)])
    func regressionsConvert(_ format: ConvertFormat, windowGiven: Bool) throws {
        #expect(Self.names.contains("crash-convert-year-9999-tokyo.ics"))
        for name in Self.names {
            let output = try convert(Self.folder.appendingPathComponent(name).path, format, windowGiven: windowGiven)
            #expect(!output.isEmpty, "\(name)")
            if format != .ics {
                #expect((try? JSONSerialization.jsonObject(with: Data(output))) != nil, "\(name): not JSON")
            }
            if format == .eventsJSON {
                var errors: [String] = []
                _ = Importer().read([.bytes(output, name: "back.json")], event: { _ in true }, diagnostic: { diagnostic in
                    if diagnostic.severity == .error { errors.append(diagnostic.description) }
                })
                #expect(errors.isEmpty, "\(name): \(errors)")
            }
        }
    }

    private func convert(_ path: String, _ format: ConvertFormat, windowGiven: Bool) throws -> [UInt8] {
        // A month, with the work budget made smaller as for the mutants
        // (debug builds are slow).
        var settle = SettleOptions(from: LocalDate(year: 2026, month: 11, day: 1)!, to: LocalDate(year: 2026, month: 11, day: 30)!,
                                   timeline: ZoneTimeline(base: Zone.named("Europe/Berlin")!))
        settle.instanceCap = 5_000
        settle.instanceBudget = 20_000
        settle.entryBudget = 20_000
        let options = ConvertOptions(format: format, expand: false, settle: settle, windowGiven: windowGiven,
                                     today: LocalDate(year: 2026, month: 11, day: 2)!)
        var output: [UInt8] = []
        let conversion = Conversion(options: options) { piece in
            output.append(contentsOf: piece)
            return true
        }
        _ = try conversion.run([.path(path)], importOptions: ImportOptions(), diagnostic: { _ in })
        return output
    }
}
