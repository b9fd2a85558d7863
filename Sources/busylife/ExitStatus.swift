import ArgumentParser
import Import

/// The documented exit codes (README, `--help`).
enum ExitStatus {
    static let help = """
    EXIT CODES:
      0   everything converted
      2   converted, but something was dropped (an error) or read with a
          repair or fallback (a warning); notes never change the exit code
      64  usage error
      65  nothing usable was read, or any error or warning under --strict
      66  an input is missing or unreadable (a file, a folder inside a
          directory), or a directory holds no calendar file at all
      74  output error (-o /dev/full, a folder that cannot be written; a
          closed pipe is not one: output just stops)
    """

    /// How inputs are read: for the discussions of the commands that read.
    static let inputs = """
    INPUTS:
      A file (.ics, jCal or BusyLife events.json, told apart by content), a
      directory, or - for standard input. Directories are read recursively
      for regular files named .ics, .ical, .ifb or .json (any case), sorted
      by path, hidden entries skipped; symbolic links are followed, a loop
      is reported once; dangling links, named pipes and devices are
      reported and never opened. A vdir collection (a folder with a
      displayname or color file) names its events' calendar (the display
      name, else the folder's name) and gives it its colour; other files
      keep X-WR-CALNAME, else the file's stem.
    """

    /// Exit 66 after saying why on standard error: a file the command
    /// needs (an itinerary, a template) is missing or unreadable.
    static func missing(_ message: String) -> ExitCode {
        let err = Output(fd: 2)
        err.line("busylife: " + message)
        err.flush()
        return ExitCode(66)
    }

    static func code(for report: ImportReport, strict: Bool) -> ExitCode {
        if report.unreadable > 0 { return ExitCode(66) }
        if report.diagnosticCount > 0 && (strict || report.events == 0) { return ExitCode(65) }
        if report.diagnosticCount > 0 { return ExitCode(2) }
        return .success
    }
}
