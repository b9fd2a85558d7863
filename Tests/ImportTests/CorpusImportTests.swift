import EventModel
import Foundation
import Import
import TestSupport
import Testing

@Suite struct CorpusImportTests {
    /// Every .ics of the shared corpora, libical's fuzz reproducers
    /// included, imports without a crash, and each that holds a VEVENT
    /// gives events or diagnostics: nothing vanishes silently.
    @Test func everyCorpusCalendarImports() throws {
        guard let corpora else {
            print("skipped: ../shared/corpora is absent")
            return
        }
        let walker = FileManager.default.enumerator(atPath: corpora.path)
        var files: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.lowercased().hasSuffix(".ics") { files.append(corpora.appendingPathComponent(path).path) }
        }
        #expect(files.count > 400)
        var events = 0
        var silent: [String] = []
        for file in files.sorted() {
            let result = importPaths([file])
            events += result.events.count
            let text = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data(), as: UTF8.self)
            let holdsEvent = text.range(of: "BEGIN:VEVENT", options: .caseInsensitive) != nil
            if holdsEvent && result.events.isEmpty && result.diagnostics.isEmpty {
                silent.append(file)
            }
        }
        print("corpus: \(files.count) calendars, \(events) events")
        #expect(silent.isEmpty, "files that gave nothing: \(silent)")
    }
}
