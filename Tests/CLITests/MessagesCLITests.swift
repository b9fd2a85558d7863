import Foundation
import Testing

/// What busylife says when the input is not what the user thought: a file
/// that is no calendar, a web address.
@Suite struct MessagesCLITests {
    static let window = "--today 2026-11-22 --from 2026-11-23 --to 2026-11-23 --tz UTC"

    /// 2 MB of random bytes named b.ics printed 7,648 "binary data … line skipped" lines.
    @Test func binaryDataIsOneErrorAndNoICalendarFile() throws {
        let fixture = ScratchFolder()
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: URL(fileURLWithPath: fixture.path("b.ics")))
        let run = try fixture.shell("BUSYLIFE check b.ics")
        #expect(run.status == 65)
        #expect(run.stdout.hasPrefix("b.ics: error: not a calendar: binary data (NUL or control bytes), 200000 bytes; file skipped\n"
            + "files: 1 (1 not a calendar)\n"))
        #expect(run.stdout.contains("diagnostics: 1 error, 0 warnings, 0 notes\n"))
        let json = try fixture.shell("BUSYLIFE check --format json b.ics")
        #expect(json.stdout.contains("\"files\":{\"total\":1,\"ics\":0,\"json\":0,\"jcal\":0,\"unreadable\":0,\"notCalendar\":1}"))
    }

    /// An HTML login page saved as .ics said "3 lines of text outside any
    /// component", and check counted it as an iCalendar file.
    @Test func aWebPageIsNamedWithItsTitle() throws {
        let fixture = ScratchFolder()
        fixture.write("login.ics", "<!DOCTYPE html>\n<html><head>\n<title>\n  Sign in -\n Google Accounts</title></head>\n<body>x</body></html>\n")
        let run = try fixture.shell("BUSYLIFE check login.ics")
        #expect(run.status == 65)
        #expect(run.stdout.hasPrefix("login.ics: error: not a calendar: an HTML page titled \"Sign in - Google Accounts\" "
            + "(a login or error page saved instead of the calendar?), 6 lines; file skipped\nfiles: 1 (1 not a calendar)\n"))
        // Beside a good calendar the run goes on: exit 2.
        fixture.write("work.ics", oneEventCalendar("a"))
        let agenda = try fixture.shell("BUSYLIFE agenda login.ics work.ics \(MessagesCLITests.window)")
        #expect(agenda.status == 2)
        #expect(agenda.stdout.contains("Event a"))
        #expect(agenda.stderr.hasPrefix("login.ics: error: not a calendar: an HTML page"))
    }

    @Test func otherMarkupIsNoCalendarEither() throws {
        let fixture = ScratchFolder()
        fixture.write("feed.ics", "<?xml version=\"1.0\"?>\n<icalendar/>")
        let run = try fixture.shell("BUSYLIFE events feed.ics")
        #expect(run.status == 65)
        #expect(run.stderr == "feed.ics: error: not a calendar: XML or other markup, 2 lines; file skipped\n")
    }

    /// A calendar with a stray line before BEGIN:VCALENDAR is still read.
    @Test func textBeforeTheCalendarIsStillRead() throws {
        let fixture = ScratchFolder()
        fixture.write("stray.ics", "exported by hand\r\n" + oneEventCalendar("a"))
        let run = try fixture.shell("BUSYLIFE check stray.ics")
        #expect(run.stdout.contains("files: 1 (1 iCalendar)\nevents: 1 "))
    }

    @Test func aWebAddressSaysHowToReadIt() throws {
        for (input, shown, hint) in [
            ("https://user:secret@calendar.example.com/ical/private-abc123/basic.ics?token=x",
             "calendar.example.com/…/basic.ics", ""),
            ("webcal://p01.example.com/published/2/XYZ", "p01.example.com/…/XYZ", ", with https:// for webcal://"),
        ] {
            let run = try busylife(["agenda", input, "--today", "2026-11-22"])
            #expect(run.status == 66)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "\(shown): error: a web address, and busylife reads only files, directories and standard input "
                + "for now; fetch it and pipe it in: curl -sL 'URL' | busylife agenda -\(hint)\n")
            #expect(!run.stderr.contains("secret"))
        }
    }
}
