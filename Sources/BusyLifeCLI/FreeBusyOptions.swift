import ArgumentParser
import EventModel
import Export
import FreeBusy
import Plumbing
import Settle

/// What `free`, `busy` and `conflicts` share: where the output goes (`-o`,
/// by the rule of every command with it, `OutputChoice`), the locale of the text, and what every
/// one of them does with its window.
struct FreeBusyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Locale for dates, times and words (de_DE, ja_JP...); also the working week's default. Default: LC_ALL, LC_TIME, LANG, then locale in the configuration file.", valueName: "id"))
    var locale: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output (- for standard output; its extension may choose the format; written safely, see above).", valueName: "file"),
            completion: .file())
    var output: String?

    var localeIdentifier: String { LookOptions.localeIdentifier(locale) }

    /// Writes the whole text to `-o` or standard output.
    func write(_ text: String) throws {
        try Output.write(text, to: output ?? "-")  // `-`: standard output
    }

    /// Writes pieces of text as they are made, one at a time (memory holds
    /// one): to standard output (a closed pipe stops them), or to `-o`,
    /// which replaces a file only once all of it is there.
    func write(pieces: (_ write: (String) -> Bool) -> Void) throws {
        if let output, output != "-" {
            let file = try Output.open(output)
            pieces { file.write($0) }
            try file.finish()
            return
        }
        let out = Output(fd: 1)
        pieces { out.write($0) }
        try out.finish()
    }

    /// The start of the window's first day to the end of its last (the
    /// skipped dates of travel aside), nil for a window without instants.
    static func hull(_ days: [LocalDay]) -> Range<Instant>? {
        guard let low = days.lazy.compactMap(\.intervals.first?.lowerBound).min(),
              let high = days.lazy.compactMap(\.intervals.last?.upperBound).max() else { return nil }
        return low..<high
    }

    /// DTSTAMP of a VFREEBUSY: the start of today (`--today`) on the
    /// viewer's clock, in UTC, so that the same inputs and flags give the
    /// same bytes on the same day.
    static func stamp(today: LocalDate, timeline: ZoneTimeline) -> Instant {
        timeline.intervals(of: today).first?.lowerBound ?? Instant(seconds: today.daysSinceEpoch * 86_400)
    }

    /// A VFREEBUSY's UID, derived from what it covers (not from its
    /// periods, so that a calendar republished for the same window keeps
    /// its UID): `busylife-busy-0123456789abcdef@busylife`.
    static func uid(_ kind: String, from: LocalDate, to: LocalDate, timeline: ZoneTimeline, me: String?) -> String {
        let hash = StableHash.of([kind, from.description, to.description, timeline.base.id, me ?? ""])
        let hex = String(hash, radix: 16)
        return "busylife-\(kind)-" + String(repeating: "0", count: 16 - hex.count) + hex + "@busylife"
    }

    /// `--hours` and `--workdays` (else the configuration's working days,
    /// else the working week of `locale`'s country); usage errors as
    /// ValidationError.
    static func workingHours(_ hours: String, workdays: String?, locale: String) throws -> WorkingHours {
        guard let (start, end) = WorkingHours.parseHours(hours) else {
            throw ValidationError("--hours wants HH:MM-HH:MM within one day (09:00-17:00, 00:00-24:00), not \"\(hours)\"")
        }
        let days: Set<Int>
        if let workdays = workdays ?? Configuration.active.workingDays {
            guard let parsed = WorkingHours.parseWorkdays(workdays) else {
                throw ValidationError("--workdays wants days such as Mon-Fri, Sun-Thu or Mon,Wed,Fri, not \"\(workdays)\"")
            }
            days = parsed
        } else {
            days = WorkingHours.workdays(forLocale: locale)
        }
        return WorkingHours(start: start, end: end, workdays: days)!
    }

    /// A duration flag (`30m`, `1h30m`, `PT1H`) in milliseconds.
    static func duration(_ text: String, flag: String, atMost limit: Int64? = nil) throws -> Int64 {
        guard let value = DurationText.milliseconds(text) else {
            throw ValidationError("\(flag) wants a length such as 30m, 1h, 1h30m or PT1H, not \"\(text)\"")
        }
        if let limit, value > limit {
            throw ValidationError("\(flag) is at most \(DurationText.text(milliseconds: limit)), not \(text)")
        }
        return value
    }
}

/// Which INPUT argument each event was read from, by its file: a file
/// given as an argument, or one found under a directory given (the most
/// specific argument wins; standard input is `-`), or a source's copy,
/// named by the source (`work/Family/dinner.ics`). What `--between-inputs`
/// tells people apart by.
struct InputOwners {
    private let inputs: [String]
    /// Each argument without trailing slashes (as a directory walk names
    /// its files), or the name a source's events are read under.
    private let roots: [String]

    /// `shown` names, by argument, what a source's events carry as their
    /// file (its name, or `host/…/last` for a web address): the argument
    /// as written would match none of them, and must not be printed whole.
    init(_ inputs: [String], shown: [String: String] = [:]) {
        self.inputs = inputs.map { shown[$0] ?? $0 }
        roots = self.inputs.map { input in
            var root = input
            while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
            return root
        }
    }

    /// The position of the argument `file` was read from; nil for none.
    func index(ofFile file: String) -> Int? {
        var best: Int?
        for (index, root) in roots.enumerated() {
            let matches = root == "-" ? file == "<stdin>" : file == root || file.hasPrefix(root == "/" ? "/" : root + "/")
            if matches && root.count > best.map({ roots[$0].count }) ?? -1 { best = index }
        }
        return best
    }

    /// The argument as written, for output.
    func name(_ index: Int) -> String { inputs[index] }
}
