import Foundation
import Testing

/// One exit rule for every command that reads: 65 only when nothing was
/// read (no event and no busy period of a VFREEBUSY) and something was
/// dropped or repaired, or under --strict any error or warning; else 2
/// for an error or warning. `convert -o` writes its file exactly when the
/// run exits 0 or 2.
@Suite struct ExitStatusCLITests {
    static let freeBusy = "BEGIN:VFREEBUSY\r\nUID:f\r\nDTSTART:20261101T000000Z\r\nDTEND:20261102T000000Z\r\n"
        + "FREEBUSY:20261101T100000Z/PT1H\r\nEND:VFREEBUSY\r\n"
    static let badFreeBusy = "BEGIN:VFREEBUSY\r\nUID:g\r\nFREEBUSY:garbage,nonsense\r\nEND:VFREEBUSY\r\n"
    static let event = "BEGIN:VEVENT\r\nUID:e\r\nDTSTART:20261101T090000Z\r\nDURATION:PT1H\r\nSUMMARY:E\r\nEND:VEVENT\r\n"
    static let badEvent = "BEGIN:VEVENT\r\nUID:bad\r\nDTSTART:2026XX\r\nEND:VEVENT\r\n"

    /// The calendar's components, whether --strict is given, and the code every command exits with.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var components: String
        var strict = false
        var status: Int32
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "an event", components: event, status: 0),
        Case(name: "a VFREEBUSY", components: freeBusy, status: 0),
        Case(name: "an event and a bad one", components: event + badEvent, status: 2),
        Case(name: "a VFREEBUSY and a bad event", components: freeBusy + badEvent, status: 2),
        Case(name: "a bad event alone", components: badEvent, status: 65),
        Case(name: "a VFREEBUSY of bad periods alone", components: badFreeBusy, status: 65),
        Case(name: "a VFREEBUSY and a bad event, --strict", components: freeBusy + badEvent, strict: true, status: 65),
    ]

    static let window = ["--from", "2026-11-01", "--to", "2026-11-02", "--tz", "UTC"]
    static let commands: [[String]] = [
        ["check"], ["events"], ["occurrences"] + window, ["days"] + window, ["busy"] + window,
        ["agenda"] + window, ["free"] + window, ["conflicts"] + window, ["heatmap"] + window,
        ["convert"], ["convert", "--format", "events-json", "--tz", "UTC"],
    ]

    @Test(arguments: cases)
    func everyCommandExitsAlike(_ given: Case) throws {
        let fixture = ScratchFolder()
        fixture.write("in.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n\(given.components)END:VCALENDAR\r\n")
        let strict = given.strict ? ["--strict"] : []
        for command in Self.commands {
            let run = try busylife([command[0], fixture.path("in.ics")] + command.dropFirst() + strict)
            #expect(run.status == given.status, "\(command.joined(separator: " ")): \(run.stderr)")
        }
        for format in ["ics", "json"] {
            let output = fixture.path("out.\(format)")
            fixture.write("out.\(format)", "old")
            let run = try busylife(["convert", fixture.path("in.ics"), "-o", output] + strict)
            #expect(run.status == given.status, "convert -o out.\(format): \(run.stderr)")
            let written = try String(contentsOfFile: output, encoding: .utf8)
            #expect((written != "old") == (given.status == 0 || given.status == 2), "convert -o out.\(format): \(written)")
        }
    }
}
