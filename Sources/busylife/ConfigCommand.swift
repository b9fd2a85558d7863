import ArgumentParser
import EventModel
import Export
import FreeBusy
import Foundation
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
        where its value came from, so that it can start a file of your own. \
        A malformed file exits 78 and names the line. README, Configuration, \
        lists the keys.

        EXAMPLES:
          busylife config
          mkdir -p ~/.config/busylife && busylife config > \\
            ~/.config/busylife/config.toml
          BUSYLIFE_CONFIG=work.toml busylife agenda
        """
    )

    @Flag(help: "Print only the path of the configuration file.")
    var path = false

    func run() throws {
        try Configuration.check()
        let environment = ProcessEnvironment.variables
        let file = Configuration.active
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

    static func text(_ file: Configuration, environment: [String: String]) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        func fromFile(_ key: String) -> String {
            file.lines[key].map { $0 > 0 ? "config file, line \($0)" : "config file" } ?? "config file"
        }
        var lines: [String] = []
        switch (file.path, file.read) {
        case (nil, _): lines.append("# no configuration file: neither BUSYLIFE_CONFIG, XDG_CONFIG_HOME nor HOME is set")
        case (let path?, true): lines.append("# \(path) (from \(file.pathOrigin)): read")
        case (let path?, false): lines.append("# \(path) (from \(file.pathOrigin)): not there, so defaults")
        }
        var rows: [(String, String)] = []
        rows.append(file.calendars.isEmpty
            ? ("# calendars = []", "none: give INPUT paths on each command")
            : ("calendars = [" + file.calendars.map(quoted).joined(separator: ", ") + "]", fromFile("calendars")))
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
        return lines.joined(separator: "\n") + "\n"
    }
}
