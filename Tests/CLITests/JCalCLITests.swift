import Foundation
import Testing

/// jCal as an input of the command line: detected by content, from a file
/// or standard input, its diagnostics at lines of the jCal file.
@Suite struct JCalCLITests {
    static let calendar = """
    ["vcalendar", [["version", {}, "text", "2.0"], ["x-wr-calname", {}, "unknown", "Team"]], [
      ["vevent", [
        ["uid", {}, "text", "standup"],
        ["summary", {}, "text", "Stand-up, daily"],
        ["dtstart", {"tzid": "Europe/Berlin"}, "date-time", "2026-11-23T09:30:00"],
        ["duration", {}, "duration", "PT15M"],
        ["rrule", {}, "recur", {"freq": "DAILY", "count": 3}]
      ], []],
      ["vevent", [
        ["uid", {}, "text", "broken"],
        ["dtstart", {}, "date-time", "2026-13-01T10:00:00"]
      ], []]
    ]]
    """

    @Test func eventsAndCheckReadJCal() throws {
        let folder = ScratchFolder()
        folder.write("team.json", Self.calendar)
        let events = try folder.shell("BUSYLIFE events team.json")
        #expect(events.status == 2)
        #expect(events.stdout.split(separator: "\n").count == 1)
        #expect(events.stdout.contains(#""title":"Stand-up, daily""#) && events.stdout.contains(#""calendar":"Team""#))
        #expect(events.stdout.contains(#""source":{"file":"team.json","line":2}"#))
        #expect(events.stderr.hasPrefix("team.json:11: error: DTSTART"), "\(events.stderr)")

        let stdin = try busylife(["occurrences", "-", "--from", "2026-11-23", "--to", "2026-11-30", "--tz", "Europe/Berlin"],
                                 stdin: Self.calendar)
        #expect(stdin.stdout.split(separator: "\n").count == 3)

        let check = try folder.shell("BUSYLIFE check team.json")
        #expect(check.stdout.contains("files: 1 (1 jCal)\n"))
    }

    @Test func aDirectoryWalkReadsJCalFiles() throws {
        let folder = ScratchFolder()
        folder.write("cal/team.jcal", Self.calendar)
        folder.write("cal/notes.txt", "not a calendar")
        let check = try folder.shell("BUSYLIFE check cal")
        #expect(check.stdout.contains("files: 1 (1 jCal)\n"), "\(check.stdout)")
        #expect(check.stdout.contains("events: 1 "))
    }

    @Test func truncatedJCalIsAnError() throws {
        let run = try busylife(["check", "-"], stdin: String(Self.calendar.prefix(200)))
        #expect(run.status == 65)
        #expect(run.stdout.contains("error invalid-json: 1"), "\(run.stdout)")
    }
}
