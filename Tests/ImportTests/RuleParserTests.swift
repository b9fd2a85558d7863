import EventModel
import Foundation
import ICal
import Import
import TestSupport
import Testing

/// `RuleParser` against the way rules were read before it: the text
/// repairs of `TextRepair` below, then libical's `icalrecurrencetype_from_string`
/// (`LibicalRule`, kept in ICal as this oracle).
@Suite struct RuleParserTests {
    /// How busylife read a rule before `RuleParser`: repairs on the text,
    /// then libical. nil parts: unreadable.
    static func before(_ text: String) -> (parts: RuleParts?, notes: [String]) {
        let repair = TextRepair(text)
        guard case .success(let rule) = LibicalRule.parse(repair.text) else { return (nil, repair.notes) }
        var parts = RuleParts(frequency: RecurrenceRule.Frequency(rawValue: rule.frequency.rawValue)!)
        parts.interval = rule.interval
        parts.count = repair.count ?? rule.count
        parts.until = rule.until
        parts.bySecond = rule.bySecond
        parts.byMinute = rule.byMinute
        parts.byHour = rule.byHour
        parts.byDay = rule.byDay.map { RecurrenceRule.WeekdayNumber(ordinal: $0.ordinal, weekday: $0.weekday) }
        parts.byMonthDay = rule.byMonthDay
        parts.byYearDay = rule.byYearDay
        parts.byWeekNo = rule.byWeekNo
        parts.byMonth = rule.byMonth
        parts.bySetPos = rule.bySetPos
        parts.weekStart = rule.weekStart
        parts.rscale = rule.rscale
        return (parts, repair.notes)
    }

    static func now(_ text: String) -> (parts: RuleParts?, notes: [String]) {
        var notes: [String] = []
        let parts = RuleParser.parse(text) { notes.append($0) }
        return (parts, notes)
    }

    /// The rule as libical would have seen it had it always been rewritten
    /// by the repairs: blanks around names, values and numbers gone, empty parts gone.
    static func tidied(_ text: String) -> String {
        text.split(separator: ";").map { piece -> String in
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]).trimmingBlanks().uppercased()
            var value = pair.count > 1 ? String(pair[1]).trimmingBlanks() : ""
            if name.hasPrefix("BY") && name != "BYDAY" {
                value = value.split(separator: ",", omittingEmptySubsequences: false)
                    .map { String($0).trimmingBlanks() }.joined(separator: ",")
            }
            return "\(name)=\(value)"
        }.joined(separator: ";")
    }

    /// Why `RuleParser` reads `text` otherwise than libical did, when it
    /// does so on purpose (docs/semantics.md, Repairs); nil if it should not.
    static func deliberate(_ text: String) -> String? {
        let now = now(text)
        let tidy = tidied(text)
        if tidy != text {
            let before = before(tidy)
            // (A note quotes the value as written, blanks and all.)
            if before.parts == now.parts && before.notes.count == now.notes.count {
                return "blanks around a part or an empty part (libical read them as written when nothing was repaired)"
            }
        }
        let upper = tidy.uppercased()
        func values(_ name: String) -> [String] {
            upper.split(separator: ";").compactMap { part -> [String]? in
                let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, pair[0] == name else { return nil }
                return pair[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }.first ?? []
        }
        if let interval = values("INTERVAL").first.flatMap({ Int($0) }), interval > 0, Int16(truncatingIfNeeded: interval) < 1 {
            return "INTERVAL past libical's 16 bits"
        }
        if let count = values("COUNT").first.flatMap({ Int($0) }), count > Int(Int32.max) {
            return "COUNT past libical's 32 bits"
        }
        for name in ["BYSECOND", "BYMINUTE", "BYHOUR"] where values(name).contains("") {
            return "an empty value in \(name), which libical reads as 0"
        }
        for name in ["BYSECOND", "BYMINUTE", "BYHOUR", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS"] {
            if values(name).contains(where: { item in
                let digits = item.drop { $0 == "+" || $0 == "-" }.prefix { $0.isNumber }
                return digits.count > 9 && Int(digits).map { $0 > Int(Int32.max) } ?? true
            }) {
                return "a number past 32 bits in \(name), which libical wraps"
            }
        }
        if values("BYDAY").contains(where: { item in
            let digits = item.drop { $0 == "+" || $0 == "-" }.prefix { $0.isNumber }
            return Int(digits).map { $0 >= 128 } ?? (digits.count > 3)
        }) {
            return "a BYDAY ordinal of 128 or more, which libical wraps in a byte"
        }
        return nil
    }

    /// Compares every rule; returns the differences, each with its reason
    /// ("" when there is none: a bug).
    static func compare(_ rules: some Sequence<String>) -> [(rule: String, reason: String)] {
        var differences: [(rule: String, reason: String)] = []
        for rule in rules {
            let (before, now) = (before(rule), now(rule))
            // (A note quotes the value as written, blanks and all.)
            if before.parts == now.parts && before.notes.count == now.notes.count { continue }
            differences.append((rule, deliberate(rule) ?? ""))
        }
        return differences
    }

    @Test func everyCorpusRuleReadsAsLibicalReadIt() throws {
        guard let corpora else {
            print("skipped: ../shared/corpora is absent")
            return
        }
        var rules = Set<String>()
        let walker = FileManager.default.enumerator(atPath: corpora.path)
        while let path = walker?.nextObject() as? String {
            guard let data = FileManager.default.contents(atPath: corpora.appendingPathComponent(path).path),
                  let text = String(data: data, encoding: .utf8) else { continue }
            // Unfolded lines; a rule's value is what follows the first colon.
            let unfolded = text.replacingOccurrences(of: "\r\n", with: "\n")
                .replacingOccurrences(of: "\n ", with: "").replacingOccurrences(of: "\n\t", with: "")
            for line in unfolded.split(separator: "\n") {
                let upper = line.prefix(7).uppercased()
                guard upper.hasPrefix("RRULE:") || upper.hasPrefix("RRULE;") || upper.hasPrefix("EXRULE:") || upper.hasPrefix("EXRULE;"),
                      let colon = line.firstIndex(of: ":") else { continue }
                rules.insert(String(line[line.index(after: colon)...]).trimmingBlanks())
            }
        }
        #expect(rules.count > 300)
        let differences = Self.compare(rules.sorted())
        for (rule, reason) in differences {
            print("corpus rule read otherwise than libical: \(rule) -- \(reason.isEmpty ? "NO REASON" : reason)")
        }
        print("\(rules.count) corpus rules, \(differences.count) read otherwise than libical")
        #expect(differences.filter { $0.reason.isEmpty }.map(\.rule) == [])
    }

    @Test func generatedRulesReadAsLibicalReadThem() {
        var random = SplitMix64(seed: 5545)
        let rules = (0..<3000).map { _ in GeneratedRule.make(&random) }
        let differences = Self.compare(rules)
        var reasons: [String: Int] = [:]
        for (_, reason) in differences { reasons[reason, default: 0] += 1 }
        for (reason, count) in reasons.sorted(by: { $0.key < $1.key }) { print("\(count) generated rules: \(reason)") }
        let readable = rules.filter { RuleParser.parse($0) != nil }.count
        print("\(rules.count) generated rules, \(readable) readable, \(differences.count) read otherwise than libical")
        #expect(readable > 500 && readable < 2500)
        #expect(differences.filter { $0.reason.isEmpty }.map(\.rule) == [])
    }

    // MARK: - Where it reads a rule otherwise than libical, on purpose

    @Test func intervalIsReadWhole() throws {
        #expect(RuleParser.parse("FREQ=DAILY;INTERVAL=65536")?.interval == 65536)
        #expect(RuleParser.parse("FREQ=DAILY;INTERVAL=90061")?.interval == 90061)
    }

    @Test func anEmptyPartIsSkipped() throws {
        let parts = try #require(RuleParser.parse("FREQ=WEEKLY;;BYDAY=MO"))
        #expect(parts.byDay == [RecurrenceRule.WeekdayNumber(ordinal: 0, weekday: 1)])
        #expect(RuleParser.parse(" FREQ = DAILY ; COUNT = 2 ")?.count == 2)
    }

    @Test func anEmptyHourIsDropped() throws {
        var notes: [String] = []
        let parts = try #require(RuleParser.parse("FREQ=DAILY;BYHOUR=9,") { notes.append($0) })
        #expect(parts.byHour == [9])
        #expect(notes == ["has an empty value in BYHOUR=9,; dropped"])
        #expect(RuleParser.parse("FREQ=DAILY;BYHOUR=4294967296") == nil)
        #expect(RuleParser.parse("FREQ=MONTHLY;BYDAY=128MO") == nil)
    }

    @Test func libicalsQuirksAreKept() throws {
        // Novell's 255SU is the last Sunday; Outlook's blank in "2 TH"; a leap month's L.
        let parts = try #require(RuleParser.parse("FREQ=MONTHLY;BYDAY=255SU,2 TH, FR;BYMONTH=3L;WKST=SU"))
        #expect(parts.byDay.map(\.description) == ["-1SU", "2TH", "FR"])
        #expect(parts.byMonth == [3])
        #expect(parts.weekStart == 7)
        #expect(RuleParser.parse("FREQ=DAILY;BYDAY=MO ") != nil)  // the value's blanks go
        #expect(RuleParser.parse("FREQ=DAILY;BYDAY=MO ,TU") == nil)
        #expect(RuleParser.parse("FREQ=YEARLY;BYMONTH=13")?.byMonth == [13])
        #expect(RuleParser.parse("FREQ=YEARLY;BYWEEKNO=55")?.byWeekNo == [55])
        #expect(RuleParser.parse("FREQ=YEARLY;BYWEEKNO=56") == nil)
        #expect(RuleParser.parse("FREQ=DAILY;UNTIL=2024-01-01T00:00:00Z")?.until == "2024-01-01T00:00:00Z")
        #expect(RuleParser.parse("FREQ=DAILY;UNTIL=00000000") == nil)
        #expect(RuleParser.parse("FREQ=DAILY;X-NAME=1") == nil)
        #expect(RuleParser.parse("INTERVAL=2") == nil)
    }
}

/// Rules from RFC 5545's grammar, most well formed, some with the faults
/// real producers and fuzzers bring.
enum GeneratedRule {
    static func make(_ random: inout SplitMix64) -> String {
        func list(_ range: ClosedRange<Int>, odd: [String]) -> String {
            (0..<random.int(1...4)).map { _ in random.chance(8) ? random.pick(odd) : String(random.int(range)) }
                .joined(separator: ",")
        }
        let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        func part(_ name: String) -> String {
            switch name {
            case "FREQ":
                return random.chance(90) ? random.pick(["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY", "weekly"])
                                         : random.pick(["SOMETIMES", "", "DAILY "])
            case "INTERVAL": return random.chance(80) ? String(random.int(1...5)) : random.pick(["0", "-1", "65536", "90061", "x", "", "+2"])
            case "COUNT": return random.chance(80) ? String(random.int(1...20)) : random.pick(["0", "-3", "5x", "99999999999", ""])
            case "UNTIL":
                return random.pick(["20240101", "20240101T000000Z", "20240101T000000", "2024-01-01", "2024-01-01T00:00:00Z",
                                    "00000000", "20241301", "2024010", "garbage", "20240101T0000Z", "20240101t000000z"])
            case "BYSECOND": return list(0...61, odd: ["-1", "", "x", "4294967296", " 5"])
            case "BYMINUTE": return list(0...60, odd: ["-1", "", "+5", "59 "])
            case "BYHOUR": return list(0...24, odd: ["-1", "", "4294967297"])
            case "BYMONTHDAY": return list(-33...33, odd: ["0", "", "1x", "+3", " 4"])
            case "BYYEARDAY": return list(-390...390, odd: ["0", "", "366"])
            case "BYWEEKNO": return list(-57...57, odd: ["0", ""])
            case "BYMONTH": return list(0...14, odd: ["3L", "3l", "0", "", "L"])
            case "BYSETPOS": return list(-390...390, odd: ["0", "", "-1"])
            case "BYDAY":
                return (0..<random.int(1...4)).map { _ -> String in
                    if random.chance(5) { return random.pick(["255SU", "128MO", "XX", "", "2  TH", "+MO", "-0TU", " FR", "mo", "MO "]) }
                    let ordinal = random.chance(60) ? "" : String(random.int(-60...60))
                    return ordinal + (random.chance(10) ? " " : "") + random.pick(weekdays)
                }.joined(separator: ",")
            case "WKST": return random.chance(90) ? random.pick(weekdays) : random.pick(["XX", "", "mo"])
            case "RSCALE": return random.pick(["GREGORIAN", "HEBREW", ""])
            case "SKIP": return random.pick(["OMIT", "BACKWARD", "FORWARD", "SIDEWAYS"])
            default: return "1"
            }
        }
        let names = ["INTERVAL", "COUNT", "UNTIL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYDAY", "BYDAY",
                     "BYMONTHDAY", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYMONTH", "BYSETPOS", "WKST",
                     "RSCALE", "SKIP", "X-FOO"]
        var parts: [String] = []
        if random.chance(95) { parts.append("FREQ=" + part("FREQ")) }
        for _ in 0..<random.int(1...4) {
            let name = random.pick(names)
            parts.append(random.chance(3) ? name : "\(random.chance(5) ? name.lowercased() : name)=\(part(name))")
        }
        if random.chance(5), let first = parts.first { parts.append(first) }  // a part twice
        if random.chance(10) { parts.shuffle(using: &random) }
        var text = parts.joined(separator: random.chance(4) ? random.pick([";;", " ; ", "; "]) : ";")
        if random.chance(3) { text += ";" }
        if random.chance(2) { text = ";" + text }
        return text
    }
}

/// The text repairs busylife made before libical read a rule, as they
/// were before `RuleParser` (which makes them itself).
struct TextRepair {
    var text: String
    var count: Int?
    var notes: [String] = []

    init(_ rule: String) {
        var parts: [(name: String, value: String)] = []
        for piece in rule.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]).trimmingBlanks().uppercased()
            let value = pair.count > 1 ? String(pair[1]).trimmingBlanks() : ""
            if let first = parts.first(where: { $0.name == name }) {
                notes.append("repeats \(name); the first (\(name)=\(first.value)) is kept")
                continue
            }
            parts.append((name, value))
        }
        var kept: [(name: String, value: String)] = []
        for (name, value) in parts {
            switch name {
            case "COUNT", "INTERVAL":
                guard let number = Int(value), number > 0 else {
                    notes.append("has \(name)=\(value), not a positive number; \(name) dropped")
                    continue
                }
                if name == "COUNT" && parts.contains(where: { $0.name == "UNTIL" }) {
                    count = number
                    notes.append("has both COUNT and UNTIL; both bound the series")
                    continue
                }
            case "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYSETPOS", "BYMONTH":
                let values = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingBlanks() }
                let nonZero = values.filter { !$0.isEmpty && Int($0).map { $0 != 0 } ?? true }
                if nonZero.count != values.count {
                    if nonZero.isEmpty {
                        notes.append("has \(name)=\(value), no usable value; \(name) dropped")
                        continue
                    }
                    notes.append("has a zero or empty value in \(name)=\(value); dropped")
                    kept.append((name, nonZero.joined(separator: ",")))
                    continue
                }
            default:
                break
            }
            kept.append((name, value))
        }
        text = notes.isEmpty ? rule : kept.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
    }
}
