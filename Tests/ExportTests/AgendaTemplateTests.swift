import EventModel
@testable import Export
import Foundation
import Testing

/// `agenda --template`: what is refused before any input is read, and the
/// documentation of every field (the rendering is in GoldenTests).
@Suite struct AgendaTemplateTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let locale = AgendaLocale(identifier: "en_US")

    func problem(_ text: String) -> String? {
        do {
            _ = try AgendaTemplate(text, source: "--template", locale: locale, today: nil)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func everyFieldIsAccepted() {
        for field in AgendaTemplate.fields {
            #expect(problem("{{\(field.name)}} {{#\(field.name)}}x{{/\(field.name)}} {{^\(field.name)}}y{{/\(field.name)}} {{{\(field.name)}}} {{& \(field.name)}}") == nil, "\(field.name)")
        }
        #expect(problem("{{! a comment }}{{title}}") == nil)
    }

    @Test func aNameThatIsNoFieldIsRefusedWithTheNearOnes() {
        #expect(problem("{{starttime}} {{title}}")?.hasPrefix("--template:1:1: no field \"starttime\" (did you mean start-time, ") == true)
        #expect(problem("{{title}}\n{{#locaton}}@{{/locaton}}")?.hasPrefix("--template:2:1: no field \"locaton\"") == true)
    }

    @Test func syntaxErrorsNameTheTagAndWhereItIs() {
        #expect(problem("{{#title}") == "--template:1:1: the tag {{#title} is not closed with }}")
        #expect(problem("ab {{title") == "--template:1:4: the tag {{title is not closed with }}")
        #expect(problem("{{#today}}x") == "--template:1:1: the section {{#today}} is not closed (end it with {{/today}})")
        #expect(problem("x\n {{^location}}none") == "--template:2:2: the section {{^location}} is not closed (end it with {{/location}})")
        #expect(problem("a\n{{#today}}x{{/all-day}}")
            == "--template:2:12: {{/all-day}} closes the section {{#today}} opened at 2:1; close it with {{/today}} first")
        #expect(problem("{{title}}{{/title}}") == "--template:1:10: {{/title}} closes no section")
        #expect(problem("{{#today}}{{#busy}}x{{/busy}}{{/today}}") == nil)
    }

    @Test func mustachesOwnErrorsAreInWords() {
        // After a delimiter change only Mustache reads the tags.
        #expect(problem("{{=<% %>=}}<%title") == "--template:1:19: the template ends inside a tag")
    }

    @Test func clockIsTwentyFourHours() {
        let time = LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 22)!, hour: 7, minute: 5, second: 0)!
        #expect(AgendaTemplate.clock(time) == "07:05")
        #expect(locale.weekday(LocalDate(year: 2026, month: 11, day: 22)!, short: true) == "Sun")
        #expect(AgendaLocale(identifier: "de_DE").weekday(LocalDate(year: 2026, month: 11, day: 22)!, short: false) == "Sonntag")
    }

    /// docs/agenda.md lists every field, in a table row of its own, and
    /// nothing else; the example templates shown there are the files.
    @Test func theDocumentationListsEveryField() throws {
        let doc = try String(contentsOf: Self.repository.appendingPathComponent("docs/agenda.md"), encoding: .utf8)
        let section = String(doc[doc.range(of: "## Templates")!.lowerBound...])
        let documented = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return String(line.dropFirst(3).prefix { $0 != "`" })
        }
        #expect(documented == AgendaTemplate.fields.map(\.name))
        for name in ["khal", "icalbuddy", "gcalcli"] {
            let file = try String(contentsOf: Self.repository.appendingPathComponent("docs/templates/\(name).mustache"), encoding: .utf8)
            #expect(section.contains("```\n" + file + "\n```"), "\(name).mustache")
            #expect(AgendaTemplateTests.problemless(file, locale: locale), "\(name).mustache")
        }
    }

    static func problemless(_ text: String, locale: AgendaLocale) -> Bool {
        (try? AgendaTemplate(text, source: "t", locale: locale, today: nil)) != nil
    }
}
