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
      66  an input is missing or unreadable
      74  output error (a closed pipe is not one: output just stops)
    """

    static func code(for report: ImportReport, strict: Bool) -> ExitCode {
        if report.unreadable > 0 { return ExitCode(66) }
        if report.diagnosticCount > 0 && (strict || report.events == 0) { return ExitCode(65) }
        if report.diagnosticCount > 0 { return ExitCode(2) }
        return .success
    }
}
