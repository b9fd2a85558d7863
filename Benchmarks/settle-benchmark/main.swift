// The settle benchmark (run by scripts/benchmark-settle.sh):
//
//   settle-benchmark far DTSTART RULE...          a week in 1971 and a week in 9000
//   settle-benchmark throughput DTSTART N RULE... the first N instances from DTSTART
//
// Prints tab-separated lines: rule, then figures. Best of several runs.
import EventModel
import Import

func seconds(_ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<5 {
        let clock = ContinuousClock()
        let elapsed = clock.measure(body)
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return best
}

func expander(_ text: String, start: LocalDateTime) -> RuleExpander {
    guard case .success(let rule) = RecurrenceRuleText.parse(text, start: .floating(start)) else {
        fatalError("unreadable rule \(text)")
    }
    return RuleExpander(rule: rule, start: start, until: nil)
}

func wall(_ year: Int, _ month: Int, _ day: Int) -> Int64 { LocalDate(year: year, month: month, day: day)!.daysSinceEpoch * 86_400 }

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3 else { fatalError("usage: settle-benchmark far|throughput DTSTART [N] RULE...") }
let digits = arguments[1].filter(\.isNumber).map { Int(String($0))! }
func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
let start = LocalDateTime(date: LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))!,
                          hour: number(8..<10), minute: number(10..<12), second: number(12..<14))!

switch arguments[0] {
case "far":
    // Each window is expanded many times per measurement so timings are not noise.
    let repeats = 2_000
    for text in arguments.dropFirst(2) {
        let rule = expander(text, start: start)
        var near = 0, far = 0
        let nearTime = seconds {
            for _ in 0..<repeats { near = 0; rule.instances(from: wall(1971, 3, 1), to: wall(1971, 3, 8)) { _ in near += 1; return true } }
        }
        let farTime = seconds {
            for _ in 0..<repeats { far = 0; rule.instances(from: wall(9000, 3, 1), to: wall(9000, 3, 8)) { _ in far += 1; return true } }
        }
        print("\(text)\t\(near)\t\(nearTime / Double(repeats))\t\(far)\t\(farTime / Double(repeats))")
    }
case "throughput":
    let wanted = Int(arguments[2])!
    for text in arguments.dropFirst(3) {
        let rule = expander(text, start: start)
        var count = 0
        let time = seconds {
            count = 0
            rule.instances(from: RuleExpander.startOfTime, to: RuleExpander.endOfTime) { _ in count += 1; return count < wanted }
        }
        print("\(text)\t\(count)\t\(time)")
    }
default:
    fatalError("usage: settle-benchmark far|throughput DTSTART [N] RULE...")
}
