import ArgumentParser
import EventModel
import Export
import FreeBusy
import Foundation
import Plumbing
import Settle

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the effective settings and where each comes from.",
        discussion: """
        The configuration file is $BUSYLIFE_CONFIG, else \
        $XDG_CONFIG_HOME/busylife/config.toml, else \
        ~/.config/busylife/config.toml. Each setting comes from a flag of the \
        command run, else the environment (TZ; LC_ALL, LC_TIME, LANG), else \
        the file, else a default. The output is TOML, each line followed by \
        where its value came from, so that it can start a file of your own: \
        --init writes it, every setting commented out, as the configuration \
        file, which must not exist yet \
        (it never replaces one; its folders are made), and prints the file's \
        path. Never redirect busylife config into the configuration file \
        itself (> or >>): the shell empties it before busylife reads it, so \
        busylife refuses to write there (exit 74). A malformed file exits 78 \
        and names the line. README, Configuration, lists the keys.

        EXAMPLES:
          busylife config
          busylife config --init
          busylife config > my-settings.toml
          BUSYLIFE_CONFIG=work.toml busylife config --init
          BUSYLIFE_CONFIG=work.toml busylife agenda
        """
    )

    @Flag(help: "Print only the path of the configuration file.")
    var path = false

    @Flag(name: .customLong("init"), help: "Write the settings as a new configuration file (never over one) and print its path.")
    var initialize = false

    func validate() throws {
        if path && initialize { throw ValidationError("give --path or --init, not both") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        // A configuration file named but not there yet is what --init makes.
        if initialize { return try ConfigCommand.initialize(environment) }
        try Configuration.check()
        let file = Configuration.active
        try ConfigCommand.refuseWritingOver(file.path)
        let out = Output(fd: 1)
        if path {
            guard let path = file.path else { throw ValidationError("no configuration file: neither BUSYLIFE_CONFIG, XDG_CONFIG_HOME nor HOME is set") }
            out.line(path)
            try out.finish()
            return
        }
        out.write(ConfigCommand.text(file, environment: environment))
        try out.finish()
    }

    /// `--init`: the settings, written to a configuration file that is not
    /// there yet (its folders made), and its path printed.
    static func initialize(_ environment: [String: String]) throws {
        guard let (path, origin, _) = Configuration.location(environment) else {
            throw ValidationError("no configuration file: neither BUSYLIFE_CONFIG, XDG_CONFIG_HOME nor HOME is set")
        }
        var status = stat()
        if lstat(path, &status) == 0 {
            let err = Output(fd: 2)
            err.line("busylife: \(path) exists already: --init never replaces it (busylife config shows its settings)")
            err.flush()
            throw ExitCode(74)
        }
        // A folder that cannot be made is named by the failure to write the file.
        try? FileManager.default.createDirectory(atPath: Output.folder(of: path), withIntermediateDirectories: true)
        let fresh = Configuration(path: path, pathOrigin: origin)
        let heading = "# busylife configuration (busylife config --init); README, Configuration, lists the keys.\n"
            + "# Each setting below is what busylife uses now, from where its comment says; uncomment one to fix it."
        try Output.write(text(fresh, environment: environment, heading: heading, commented: true), to: path, replacing: false)
        let out = Output(fd: 1)
        out.line(path)
        try out.finish()
    }

    /// Exit 74 when standard output is the configuration file itself
    /// (`busylife config > config.toml`, `>>`): the shell emptied the file
    /// before it could be read, or the settings would be written after
    /// themselves. Nothing is written, so that the mistake shows at once.
    static func refuseWritingOver(_ path: String?) throws {
        var output = stat(), file = stat()
        guard let path, fstat(1, &output) == 0, output.st_mode & S_IFMT == S_IFREG, stat(path, &file) == 0,
              output.st_dev == file.st_dev, output.st_ino == file.st_ino else { return }
        let err = Output(fd: 2)
        err.line("busylife: standard output is the configuration file \(path) itself: > empties it before busylife reads it, "
            + ">> would add the settings to themselves; nothing is written (busylife config --init writes a new file, "
            + "busylife config > FILE a copy elsewhere)")
        err.flush()
        throw ExitCode(74)
    }

    /// The settings as TOML; the first line says which file they are of,
    /// unless `heading` replaces it. `commented` comments every setting
    /// out (a new file: the system's zone or the locale's week written as
    /// settings would stop following the system and the locale).
    static func text(_ file: Configuration, environment: [String: String], heading: String? = nil,
                     commented: Bool = false) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        func fromFile(_ key: String) -> String {
            file.lines[key].map { $0 > 0 ? "config file, line \($0)" : "config file" } ?? "config file"
        }
        var lines: [String] = []
        switch (heading, file.path, file.read) {
        case (let heading?, _, _): lines.append(heading)
        case (nil, nil, _): lines.append("# no configuration file: neither BUSYLIFE_CONFIG, XDG_CONFIG_HOME nor HOME is set")
        case (nil, let path?, true): lines.append("# \(path) (from \(file.pathOrigin)): read")
        case (nil, let path?, false): lines.append("# \(path) (from \(file.pathOrigin)): not there, so defaults")
        }
        var rows: [(String, String)] = []
        rows.append(file.calendars.isEmpty
            ? ("# calendars = []", "none: give INPUT paths on each command")
            : ("calendars = [" + file.calendars.map { quoted(SourceSetting.shown($0)) }.joined(separator: ", ") + "]", fromFile("calendars")))
        if let name = SettleFlags.environmentZoneName(environment), Zone.typed(name) != nil {
            rows.append(("timezone = " + quoted(name), "TZ"))
        } else if let zone = file.timezone {
            rows.append(("timezone = " + quoted(zone), fromFile("timezone")))
        } else {
            rows.append(("timezone = " + quoted(SettleFlags.systemZone.id), "the system's"))
        }
        let locale = LookOptions.localeIdentifier(nil, environment: environment, configured: file.locale)
        let localeOrigin = LookOptions.localeOrigin(environment: environment, configured: file.locale)
        rows.append(("locale = " + quoted(locale), localeOrigin == "config file" ? fromFile("locale") : localeOrigin))
        let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        if let day = file.weekStart {
            rows.append(("week-start = " + quoted(day), fromFile("week-start")))
        } else {
            rows.append(("week-start = " + quoted(weekdays[LocaleNames(identifier: locale).firstWeekday - 1]), "the locale's"))
        }
        rows.append(file.workingHours.map { ("working-hours = " + quoted($0), fromFile("working-hours")) }
            ?? ("working-hours = \"09:00-17:00\"", "default"))
        rows.append(file.workingDays.map { ("working-days = " + quoted($0), fromFile("working-days")) }
            ?? ("working-days = " + quoted(WorkingHours.workdaysText(WorkingHours.workdays(forLocale: locale))), "the locale's"))
        rows.append(file.me.map { ("me = " + quoted($0), fromFile("me")) } ?? ("# me = \"you@example.com\"", "not set"))
        // Comments in one column, but for lines too long to wait for.
        let width = rows.map { $0.0.count }.filter { $0 <= 40 }.max() ?? 0
        for (line, origin) in rows {
            let line = commented && !line.hasPrefix("#") ? "# " + line : line
            lines.append(line + String(repeating: " ", count: max(0, width - line.count)) + "  # " + origin)
        }
        if !file.colors.isEmpty {
            lines.append("")
            lines.append("[colors]  # " + fromFile("colors"))
            for (name, color) in file.colors.sorted(by: { $0.key < $1.key }) {
                let key = name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) ? name : quoted(name)
                lines.append(key + " = " + quoted(color.description))
            }
        }
        lines += SourceSetting.described(file.sources, origin: fromFile("sources"))
        return lines.joined(separator: "\n") + "\n"
    }
}
