/// Lengths as the free/busy flags take them (`--min 30m`, `--buffer 10m`)
/// and as text shows them.
package enum DurationText {
    /// `30m`, `1h`, `1h30m`, `90s`, `1d`, `0`, and ISO 8601 / RFC 5545
    /// durations `PT1H`, `PT1H30M`, `P1D` (a day is 24 hours here):
    /// milliseconds, nil for anything else (a number alone is ambiguous).
    package static func milliseconds(_ text: String) -> Int64? {
        let lower = text.lowercased()
        if lower == "0" { return 0 }
        if lower.hasPrefix("p") { return iso(Substring(lower.dropFirst())) }
        return units(Substring(lower), allowed: ["d", "h", "m", "s"])
    }

    /// `PT1H30M`, `P1DT2H`, `P2W` (after the `P`).
    private static func iso(_ text: Substring) -> Int64? {
        let parts = text.split(separator: "t", maxSplits: 1, omittingEmptySubsequences: false)
        guard let datePart = parts.first else { return nil }
        var total: Int64 = 0
        if !datePart.isEmpty {
            guard let days = units(datePart, allowed: ["w", "d"]) else { return nil }
            total += days
        }
        if parts.count == 2 {
            guard !parts[1].isEmpty, let time = units(parts[1], allowed: ["h", "m", "s"]) else { return nil }
            total += time
        }
        return parts.count == 1 && datePart.isEmpty ? nil : total
    }

    /// Numbers each followed by a unit, units in the order given and each once.
    private static func units(_ text: Substring, allowed: [Character]) -> Int64? {
        let sizes: [Character: Int64] = ["w": 604_800_000, "d": 86_400_000, "h": 3_600_000, "m": 60_000, "s": 1000]
        var total: Int64 = 0
        var digits = ""
        var next = 0  // index in `allowed` of the first unit still allowed
        var sawUnit = false
        for character in text {
            if character.isASCII && character.isNumber {
                digits.append(character)
                guard digits.count <= 9 else { return nil }
                continue
            }
            guard let position = allowed[next...].firstIndex(of: character), let value = Int64(digits), let size = sizes[character] else { return nil }
            total += value * size
            digits = ""
            next = position + 1
            sawUnit = true
        }
        return digits.isEmpty && sawUnit ? total : nil
    }

    /// `1h 30m`, `45m`, `8h`, `2d 3h`, `29m 30s`, `0s`: whole seconds,
    /// the largest units first, zeros left out.
    package static func text(milliseconds: Int64) -> String {
        let seconds = milliseconds / 1000
        let days = seconds / 86_400, hours = seconds / 3600 % 24, minutes = seconds / 60 % 60, rest = seconds % 60
        var parts: [String] = []
        if days > 0 { parts.append("\(days)d") }
        if hours > 0 { parts.append("\(hours)h") }
        if minutes > 0 { parts.append("\(minutes)m") }
        if rest > 0 || parts.isEmpty { parts.append("\(rest)s") }
        return parts.joined(separator: " ")
    }
}
