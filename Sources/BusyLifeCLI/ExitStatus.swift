import ArgumentParser
import Import
import Plumbing

/// The documented exit codes (README, `--help`).
enum ExitStatus {
    static let help = """
    EXIT CODES:
      0   everything converted
      2   converted, but something was dropped (an error) or read with a
          repair or fallback (a warning, such as a subscription read from
          its cached copy after a failed fetch); notes never change the
          exit code
      64  usage error (also -o naming an input, or an extension of a
          format the command does not write: heatmap -o busy.png)
      65  nothing usable was read (an error or warning, and no event
          and no busy period), or any error or warning under --strict
      66  an input is missing or unreadable (a file, a folder inside a
          directory, an --itinerary or --template-file), a directory
          holds no calendar file at all, a subscription could not be
          fetched and has no cached copy, or fewer than 16 files may be
          open at once (ulimit -n)
      74  output error (-o /dev/full, a folder that cannot be written, a
          file you may not write; a closed pipe is not one: output just
          stops)
      78  the configuration file is malformed (its line is named)
    """

    /// How inputs are read: for the discussions of the commands that read.
    static let inputs = """
    INPUTS:
      A file (.ics, jCal or BusyLife events.json, told apart by content), a
      directory, or - for standard input. Directories are read recursively
      for regular files named .ics, .ical, .ifb, .jcal or .json (any case), sorted
      by path, hidden entries skipped; symbolic links are followed, a loop
      is reported once; dangling links, named pipes and devices found in
      a directory are reported and never opened. A named pipe given by
      name is read when a process writes to it (<(curl -s URL)); with no
      writer it is an error, never waited for. A vdir collection (a folder with a
      displayname or color file) names its events' calendar (the display
      name, else the folder's name) and gives it its colour; other files
      keep X-WR-CALNAME, else the file's stem. A file that is no calendar
      (binary data, a web page) is skipped with one error. A web address
      (https://, webcal://) or the name of a [sources.NAME] is a
      subscription: fetched into the cache ~/.cache/busylife when its copy
      is older than its refresh (15 min), always with --refresh, never with
      --offline; a failed fetch reads the last copy with a warning
      (docs/sources.md).
    """

    /// Exit 66 after saying why on standard error: a file the command
    /// needs (an itinerary, a template) is missing or unreadable.
    static func missing(_ message: String) -> ExitCode {
        let err = Output(fd: 2)
        err.line("busylife: " + message)
        err.flush()
        return ExitCode(66)
    }

    /// The date forms of --from, --to, --today and --travel (DateInput).
    static let dates = """
    DATES:
      --from, --to and --today take 2026-11-22, today, tomorrow, yesterday,
      now, +3d, -2w, +1m, +1y (from today; --to counts from --from), a
      weekday name (monday or mon: the next one, today if it is one), or a
      whole 2026-11, 2026 or 2026-W48 (an ISO week). A month, year or week
      given alone is the window: --from 2026-11. Otherwise a lone --from
      or --to takes the command's default length (its --help says it).
      Years have four digits; a date that does not exist is refused.
      A minus sign is read as typed: --from -2w is --from=-2w.
    """

    /// The one rule of every command that reads: 66 when an input could
    /// not be read; 65 when something was dropped or repaired and nothing
    /// was read (no event and no busy period: `events` counts a
    /// VFREEBUSY's periods, whatever the command writes), or under
    /// --strict; 2 for any other error or warning.
    static func code(for report: ImportReport, strict: Bool) -> ExitCode {
        if report.unreadable > 0 { return ExitCode(66) }
        if report.diagnosticCount > 0 && (strict || report.events == 0) { return ExitCode(65) }
        if report.diagnosticCount > 0 { return ExitCode(2) }
        return .success
    }
}
