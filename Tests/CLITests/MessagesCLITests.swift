import Foundation
import Testing

/// What busylife says when the input is not what the user thought: a file
/// that is no calendar, a web address, a window without events; and
/// `--quiet`, which keeps errors only.
@Suite struct MessagesCLITests {
    static let window = "--today 2026-11-22 --from 2026-11-23 --to 2026-11-23 --tz UTC"
    static let emptyWindow = "--today 2030-01-07 --from 2030-01-07 --to 2030-01-08 --tz UTC"

    /// A device without an end (/dev/zero) is counted only so far, then
    /// said to be at least that long: counting it to its end never ended.
    @Test func aDeviceWithoutAnEndIsNotCountedForEver() throws {
        let run = try busylife([], shell: "timeout 60 BUSYLIFE events /dev/zero")
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("/dev/zero: error: not a calendar: binary data (NUL or control bytes), at least "))
        #expect(run.stdout.isEmpty)
    }

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
        // Beside a good calendar the run goes on: exit 2, and no remark about the window.
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

    /// An address with no host cannot be fetched: said so, never as "no
    /// such file" (addresses with a host are subscriptions:
    /// SubscriptionCLITests).
    @Test func aWebAddressWithoutAHostSaysSo() throws {
        for (input, shown) in [("https://", "https://…"), ("webcal:///private-abc123/basic.ics", "webcal://…")] {
            let run = try busylife(["agenda", input, "--today", "2026-11-22"])
            #expect(run.status == 66)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "\(shown): error: a web address without a host name, so nothing to fetch\n")
            #expect(!run.stderr.contains("private"))
        }
    }

    /// `busylife agenda Germany.ics` (events 2008-2020) printed nothing and exited 0.
    @Test func anEmptyWindowSaysSoOnStandardError() throws {
        let fixture = ScratchFolder()
        fixture.write("work.ics", oneEventCalendar("a"))
        let window = MessagesCLITests.emptyWindow
        let agenda = try fixture.shell("BUSYLIFE agenda work.ics \(window)")
        #expect(agenda.status == 0)
        #expect(agenda.stdout.isEmpty)
        #expect(agenda.stderr == "busylife: no events between 2030-01-07 and 2030-01-08\n")
        let free = try fixture.shell("BUSYLIFE free work.ics --locale en_US \(window)")
        #expect(free.stdout.contains("9:00 AM – 5:00 PM"))
        #expect(free.stderr == "busylife: no events between 2030-01-07 and 2030-01-08: all working time is free\n")
        let conflicts = try fixture.shell("BUSYLIFE conflicts work.ics \(window)")
        #expect(conflicts.stderr == "busylife: no events between 2030-01-07 and 2030-01-08\n")
        // Scripts' formats and a window with events say nothing.
        #expect(try fixture.shell("BUSYLIFE agenda work.ics --format tsv \(window)").stderr.isEmpty)
        for command in ["agenda", "free", "conflicts"] {
            #expect(try fixture.shell("BUSYLIFE \(command) work.ics \(MessagesCLITests.window)").stderr.isEmpty, "\(command)")
        }
        #expect(try fixture.shell("BUSYLIFE agenda work.ics -q \(window)").stderr.isEmpty)
    }

    @Test func quietKeepsErrorsOnlyAndTheExitCode() throws {
        let fixture = ScratchFolder()
        // An unknown zone (a warning) and an event without DTSTART (an error).
        fixture.write("mixed.ics", """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:zone\r
            SUMMARY:Somewhere\r
            DTSTART;TZID=Nowhere/Land:20261123T090000\r
            DURATION:PT1H\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:broken\r
            SUMMARY:No start\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        let loud = try fixture.shell("BUSYLIFE agenda mixed.ics --locale xx_YY \(MessagesCLITests.window)")
        #expect(loud.stderr.contains(": warning: "))
        #expect(loud.stderr.contains("--locale xx_YY"))
        for flag in ["-q", "--quiet"] {
            let quiet = try fixture.shell("BUSYLIFE agenda mixed.ics \(flag) --locale xx_YY \(MessagesCLITests.window)")
            #expect(quiet.status == loud.status)
            #expect(quiet.stdout == loud.stdout)
            #expect(quiet.stderr == loud.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map { $0 + "\n" }.joined())
            #expect(!quiet.stderr.isEmpty)
        }
        let check = try fixture.shell("BUSYLIFE check -q mixed.ics")
        #expect(!check.stdout.contains(": warning: "))
        #expect(check.stdout.contains(": error: "))
        #expect(check.stdout.contains("diagnostics: 1 error, 1 warning"))
        let both = try fixture.shell("BUSYLIFE events -q -v mixed.ics")
        #expect(both.status == 64)
        #expect(both.stderr.contains("--quiet prints errors only and --verbose adds notes: give one of them"))
    }
}
