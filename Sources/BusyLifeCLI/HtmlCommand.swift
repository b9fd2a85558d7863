import ArgumentParser
import Export
import Foundation
import Plumbing
import ServeCore
import Settle

struct HtmlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "html",
        abstract: "Write the views of busylife serve for one window as one self-contained HTML file, to share or publish.",
        discussion: """
        The agenda, month grid and year heatmap of busylife serve, with the \
        window's days (those of busylife days for the same inputs and flags), \
        its styles and its script inlined: the file needs no server and \
        loads nothing, opened from disk or from any web server. Dates \
        outside the window say they have no data. Default window: today ± \
        31 days; at most 3660 days. Today is the viewer's, unless --today \
        fixes it in the file. Given the same inputs and flags, with \
        --today, the bytes are the same. As convert -o, a run that exits \
        65 or 66 writes nothing and leaves an old file (docs/serve.md).

        -o FILE: - (or no -o) is standard output. The file's name ends .html, \
        .htm or in no extension busylife knows (.png, .pdf are usage \
        errors), and -o naming an input is a usage error. A regular file is \
        replaced whole (written beside it, flushed, renamed into place, its \
        permission bits kept), never one you may not write; a symbolic link \
        is followed; a device, named pipe or terminal is written to \
        directly; a failure exits 74 with its reason and leaves no partial \
        or temporary file.

        EXAMPLES:
          busylife html samples/ --from 2026 -o 2026.html
          busylife html work.ics --from 2026-11 --locale fr_FR -o nov.html

        \(ExitStatus.help)
        """
    )

    enum Format: String, WrittenFormat {
        case html
        var extensions: [String] { ["html", "htm"] }
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var settle: SettleFlags

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output (- for standard output; written safely, see above).", valueName: "file"),
            completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("The page's locale for dates and words (de_DE, ja_JP...). Default: locale in the configuration file, else the viewer's browser.", valueName: "id"))
    var locale: String?

    @Option(help: ArgumentHelp("How busy levels are cut for shading, over the window's days: quantile, linear or fixed:A,B,C (minutes).", valueName: "scale"))
    var scale = "quantile"

    func validate() throws {
        guard HeatmapScale.kind(parsing: scale) != nil else {
            throw ValidationError("--scale wants quantile, linear or fixed:A,B,C with increasing minutes, not \"\(scale)\"")
        }
        if let locale, !locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            throw ValidationError("--locale wants an identifier such as de_DE or ja-JP, not \"\(locale)\"")
        }
        LookOptions.warnIfUnknown(locale, quiet: input.quiet)
    }

    func run() throws {
        // Only busylife-net holds the page's writer: this process becomes it.
        guard let page = NetworkParts.page else { NetworkHelper.replaceProcess(for: "busylife html") }
        Output.ignoreOutputSignals()
        let target = try OutputChoice(output: output, format: nil, default: Format.html, command: "html", inputs: input.paths)
        var setup = ServeCommand.setup(input: input, settle: settle, failures: false)
        setup.scale = HeatmapScale.kind(parsing: scale)!
        setup.locale = (locale ?? Configuration.active.locale)?.replacingOccurrences(of: "_", with: "-")
        setup.weekStart = Configuration.active.weekStart.flatMap(HeatmapCommand.weekday)
        let made: MadePage
        do { made = try page(setup, settle.today != nil) } catch let failure as ServeFailure {
            throw ValidationError(failure.message)  // the window is too long
        }
        var report = made.report
        if let cut = made.cut {
            let err = Output(fd: 2)
            if input.shows(cut) { err.line(cut.description) }
            err.flush()
            report.count(cut)
        }
        let status = ExitStatus.code(for: report, strict: input.strict)
        // As convert -o: nothing usable, an unreadable input or --strict refusing leaves the old file.
        if status == .success || status.rawValue == 2 { try Output.write(made.html, to: target.path) }
        if status != .success { throw status }
    }
}
