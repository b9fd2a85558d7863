import ArgumentParser
import Foundation
import Plumbing

/// How text output looks: locale and colour, from flags and the environment.
struct LookOptions: ParsableArguments {
    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Option(help: ArgumentHelp("Locale for dates, times and words (de_DE, ja_JP...). Default: LC_ALL, LC_TIME, LANG, then locale in the configuration file.", valueName: "id"))
    var locale: String?

    @Option(help: "auto: colour on a terminal unless NO_COLOR is set (FORCE_COLOR forces it); always; never.")
    var color: ColorChoice = .auto

    /// A warning on standard error when `--locale` names a locale that
    /// Foundation does not know (`xx_YY`): its dates and words would be
    /// English, which is likely not what was meant. Not an error: the run
    /// goes on, and the exit code does not change. Each command checks
    /// its `--locale` as it validates, since only it knows `--quiet`.
    static func warnIfUnknown(_ locale: String?, quiet: Bool) {
        guard let locale, !quiet else { return }
        let identifier = localeIdentifier(locale, environment: [:]).replacingOccurrences(of: "-", with: "_")
        let known = Set(Locale.availableIdentifiers)
        guard !known.contains(identifier) else { return }
        let err = Output(fd: 2)
        err.line("busylife: warning: --locale \(locale) names no locale this system knows (such as de_DE or ja_JP); dates and words may be in English")
        err.flush()
    }

    /// `--locale`, else the first of LC_ALL, LC_TIME, LANG that is set
    /// (Foundation on Linux reads none of them); `C` and `POSIX` are en_US.
    func localeIdentifier(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        LookOptions.localeIdentifier(locale, environment: environment)
    }

    /// `localeIdentifier` for a `--locale` flag of another command.
    /// A `C` or `POSIX` locale in the environment says nothing: the
    /// configuration file's `locale` is used then.
    static func localeIdentifier(_ locale: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                                 configured: String? = Configuration.active.locale) -> String {
        func trimmed(_ raw: String) -> String {
            let identifier = String(raw.prefix { $0 != "." && $0 != "@" })
            return identifier == "C" || identifier == "POSIX" ? "" : identifier
        }
        if let locale, !trimmed(locale).isEmpty { return trimmed(locale) }
        if let raw = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }),
           !trimmed(raw).isEmpty { return trimmed(raw) }
        if let configured, !trimmed(configured).isEmpty { return trimmed(configured) }
        return "en_US"
    }

    /// Where the locale comes from, for `busylife config`.
    static func localeOrigin(environment: [String: String], configured: String?) -> String {
        if let name = ["LC_ALL", "LC_TIME", "LANG"].first(where: { environment[$0].map { !$0.isEmpty } ?? false }),
           let value = environment[name], !["C", "POSIX"].contains(String(value.prefix { $0 != "." && $0 != "@" })) {
            return name
        }
        return configured == nil ? "default" : "config file"
    }

    /// 24-bit colour: COLORTERM says `truecolor` or `24bit`.
    static func truecolor(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
    }

    /// Colour for standard output.
    func useColor(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        LookOptions.useColor(color, environment: environment)
    }

    /// Colour for standard output under a `--color` choice.
    static func useColor(_ color: ColorChoice, environment: [String: String]) -> Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            if let value = environment["NO_COLOR"], !value.isEmpty { return false }
            if let value = environment["FORCE_COLOR"], !value.isEmpty, value != "0" { return true }
            return isatty(1) == 1 && environment["TERM"] != "dumb"
        }
    }
}
