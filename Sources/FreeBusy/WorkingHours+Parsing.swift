/// How `--hours` and `--workdays` are written, and the working week a
/// locale's country keeps.
extension WorkingHours {
    /// `09:00-17:00`, `9-17`, `8:30–16:30` (an en dash too), `00:00-24:00`:
    /// seconds after midnight, start before end, end at most 24:00. Nil
    /// otherwise (hours over midnight, `22:00-06:00`, included).
    package static func parseHours(_ text: String) -> (start: Int, end: Int)? {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "–" }
        guard parts.count == 2, let start = clockTime(parts[0]), let end = clockTime(parts[1]),
              start < end, start < 86_400, end <= 86_400 else { return nil }
        return (start, end)
    }

    /// `9`, `09`, `9:30`, `09:30`, `24:00`: seconds after midnight.
    private static func clockTime(_ text: Substring) -> Int? {
        let fields = String(text).trimmingBlanks().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(fields.count), fields.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(fields[0]), let minute = fields.count == 2 ? Int(fields[1]) : 0,
              (0...24).contains(hour), (0..<60).contains(minute), hour < 24 || minute == 0 else { return nil }
        return hour * 3600 + minute * 60
    }

    /// `Mon-Fri`, `Mon,Wed,Fri`, `Sun-Thu`, `Fri-Mon` (a range may run over
    /// the week's end), `mon-wed,fri`, `Monday`, `Mo-Fr`: English names or
    /// their first two or more letters, any case. ISO weekdays, 1 Monday
    /// ... 7 Sunday; nil for anything else or for no day at all.
    package static func parseWorkdays(_ text: String) -> Set<Int>? {
        var days: Set<Int> = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = item.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "–" }
            guard (1...2).contains(ends.count), let first = weekday(ends[0]), let last = weekday(ends[ends.count - 1]) else { return nil }
            var day = first
            while true {
                days.insert(day)
                if day == last { break }
                day = day % 7 + 1
            }
        }
        return days.isEmpty ? nil : days
    }

    private static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    private static func weekday(_ text: Substring) -> Int? {
        let name = String(text).trimmingBlanks().lowercased()
        guard name.count >= 2 else { return nil }
        let matches = weekdayNames.indices.filter { weekdayNames[$0].hasPrefix(name) }
        return matches.count == 1 ? matches[0] + 1 : nil
    }

    /// `Mon` ... `Sun` of ISO weekdays.
    package static func weekdayAbbreviation(_ day: Int) -> String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][(day - 1) % 7]
    }

    /// Workdays written back as briefly as `parseWorkdays` reads them:
    /// `Mon-Fri`, `Sun-Thu`, `Mon,Wed,Fri`, `Mon-Sun`.
    package static func workdaysText(_ days: Set<Int>) -> String {
        if days.count == 7 { return "Mon-Sun" }
        // Runs of consecutive days (starting after a day not worked, so
        // that Sun-Thu stays one run), listed from Monday on.
        guard let gap = (1...7).first(where: { !days.contains($0) }) else { return "" }
        var runs: [[Int]] = []
        for offset in 1...7 {
            let day = (gap + offset - 1) % 7 + 1
            guard days.contains(day) else { continue }
            let previous = (day + 5) % 7 + 1
            if let last = runs.last?.last, last == previous { runs[runs.count - 1].append(day) } else { runs.append([day]) }
        }
        return runs.sorted { $0[0] < $1[0] }.map { run in
            run.count == 1 ? weekdayAbbreviation(run[0])
                : run.count == 2 ? weekdayAbbreviation(run[0]) + "," + weekdayAbbreviation(run[1])
                : weekdayAbbreviation(run[0]) + "-" + weekdayAbbreviation(run.last!)
        }.joined(separator: ",")
    }

    /// The working week of a locale's country (`he_IL`, `ar-SA`, `fa_IR`):
    /// the days outside its weekend in CLDR's week data (supplemental
    /// `weekendStart`/`weekendEnd`, CLDR 44). Monday to Friday where the
    /// locale names no country or one that keeps Saturday and Sunday.
    package static func workdays(forLocale identifier: String) -> Set<Int> {
        let territory = identifier.split { $0 == "_" || $0 == "-" }.dropFirst()
            .first { $0.count == 2 && $0.allSatisfy(\.isUppercase) }.map(String.init) ?? ""
        let weekend: Set<Int>
        switch territory {
        case "BH", "DZ", "EG", "IL", "IQ", "JO", "KW", "LY", "OM", "QA", "SA", "SD", "SY", "YE": weekend = [5, 6]  // Friday, Saturday
        case "AF": weekend = [4, 5]  // Thursday, Friday
        case "IR": weekend = [5]  // Friday
        case "IN", "UG": weekend = [7]  // Sunday
        default: weekend = [6, 7]
        }
        return Set(1...7).subtracting(weekend)
    }
}
