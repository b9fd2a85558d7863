import EventModel
import Foundation
import Import
@testable import Settle
import TestSupport
import Testing

/// The recurrence engine against the rule tables of RFC 5545, libical and
/// python-dateutil (`../shared/corpora`), with deliberate differences
/// listed by id and tied to a rule of docs/semantics.md section 4.
@Suite struct ConformanceTests {
    @Test func rfc5545Examples() throws {
        guard let corpora else { print("skipped: ../shared/corpora is absent"); return }
        let records = try jsonLines(corpora.appendingPathComponent("rfc5545/rrule_examples.jsonl"))
        var passed = 0, known = 0
        for record in records {
            let id = "\(record["example_no"]!)" + ((record["alternative"] as? Int).map { "/\($0)" } ?? "")
            let zone = record["tzid"] as? String
            let start = startTime(record["dtstart"] as! String, tzid: zone)
            let exdates = ((record["exdate"] as? [String]) ?? []).map { startTime($0, tzid: zone) }
            let rdates = ((record["rdate"] as? [String]) ?? []).map { startTime($0, tzid: zone) }
            let event = try master(start: start, rrule: record["rrule"] as? String, exdates: exdates, rdates: rdates)
            let expected = record["expected_local"] as! [String]
            let complete = record["list_is_complete"] as! Bool
            let prefix = record["exact_prefix_len"] as! Int
            let lastExpected = local(expected.last!)
            var got = firstStarts(event, limit: complete ? 100_000 : prefix).map(compact)
            if !complete {
                // Elided listings: the exact prefix, then every listed date present.
                let through = firstStarts(event, limit: 100_000, from: RuleExpander.startOfTime)
                    .filter { $0 <= lastExpected }.map(compact)
                let listed = Set(expected)
                if Set(through).isSuperset(of: listed) == false { got = ["missing some of"] + expected }
            }
            let wanted = complete ? expected : Array(expected.prefix(prefix))
            if id == "33" {
                // Known RFC error: it lists 15:00 EDT, after UNTIL (19:00Z > 17:00Z).
                #expect(got == wanted.filter { $0 != "19970902T150000" }, "RFC example 33")
                known += 1
                continue
            }
            #expect(got == wanted, "RFC 5545 example \(id): \(record["rrule"] ?? "")")
            if got == wanted { passed += 1 }
            if let zone, let utc = record["expected_utc_from_rfc_zone_abbrev"] as? [String], complete, got == wanted {
                let tz = Zone(tzdb: zone)!
                let instants = got.map { compact(LocalDateTime(secondsSinceEpoch: tz.instant(for: local($0)).seconds)) + "Z" }
                #expect(instants == utc, "RFC 5545 example \(id) in UTC")
            }
        }
        print("RFC 5545 examples: \(passed) passed, \(known) known RFC error, of \(records.count)")
    }

    @Test func libicalRecurCases() throws {
        guard let corpora else { print("skipped: ../shared/corpora is absent"); return }
        let records = try jsonLines(corpora.appendingPathComponent("libical/recur_cases.jsonl"))
        var tally = Tally()
        for record in records {
            let line = record["line"] as! Int
            let id = "libical:\(line)"
            let rrule = record["rrule"] as! String
            if rrule.contains("RSCALE") || rrule.contains("SKIP=") { tally.skipped += 1; continue }
            let dtstart = record["dtstart"] as! String
            let start = startTime(dtstart)
            guard let expected = record["expected"] as? [String] else {
                // libical refuses this rule (UNIMPLEMENTED); we expand it.
                #expect(KnownDifferences.libical[line] == .libicalRefuses, "\(id) \(rrule)")
                tally.different += 1
                continue
            }
            let event = try master(start: start, rrule: rrule)
            let got = firstStarts(event, limit: expected.count + 1).map { compact($0, like: start) }
            if let startAt = record["start_at"] as? String, let fromStart = record["expected_from_start_at"] as? [String],
               KnownDifferences.libical[line] == nil {
                let later = firstStarts(event, limit: fromStart.count + 1, from: local(startAt).secondsSinceEpoch)
                    .map { compact($0, like: start) }
                #expect(later == fromStart, "\(id) from \(startAt)")
            }
            let peer = peerStarts(event, limit: expected.count + 1)?.map { compact($0, like: start) }
            tally.check(id: id, rule: rrule, dtstart: dtstart, got: got, expected: expected, peer: peer,
                        listed: KnownDifferences.libical[line])
        }
        tally.report("libical recur_cases", of: records.count)
    }

    @Test func dateutilCases() throws {
        guard let corpora else { print("skipped: ../shared/corpora is absent"); return }
        let records = try jsonLines(corpora.appendingPathComponent("dateutil/test_rrule_cases.simple.jsonl"))
        var tally = Tally()
        for record in records {
            let test = record["test"] as! String
            let key = "\(test):\(record["assert_line"] as? Int ?? 0)"
            let id = "dateutil:" + key
            let flags = record["flags"] as? [String] ?? []
            // BYEASTER is not RFC 5545; rrulestr keyword arguments and
            // Python tzinfo objects have no iCalendar text.
            if flags.contains(where: { $0.contains("BYEASTER") || $0.hasPrefix("rrulestr-kwargs") || $0 == "tz-aware" }) {
                tally.skipped += 1
                continue
            }
            guard let text = record["text"] as? String, let expected = record["expected"] as? [String],
                  let event = try? master(fromLines: text) else { tally.skipped += 1; continue }
            let query = (record["query"] as? [[String: Any]])?.first
            let op = query?["op"] as? String ?? "list"
            let args = query?["args"] as? [String] ?? []
            let inclusive = ((query?["kwargs"] as? [String: Any])?["inc"] as? String) == "True"
            let bounded = event.recurrence.rules.allSatisfy { $0.count != nil || $0.until != nil }
            func answer(_ starts: (Int) -> [String]) -> [String]? {
                switch op {
                case "list": return starts(bounded ? expected.count + 1 : expected.count)
                case "before": return starts(100_000).filter { inclusive ? $0 <= args[0] : $0 < args[0] }.suffix(1).map { $0 }
                case "after": return Array(starts(100_000).filter { inclusive ? $0 >= args[0] : $0 > args[0] }.prefix(1))
                case "between":
                    return starts(100_000).filter { inclusive ? ($0 >= args[0] && $0 <= args[1]) : ($0 > args[0] && $0 < args[1]) }
                default: return nil
                }
            }
            guard let got = answer({ firstStarts(event, limit: $0).map(compact) }) else { tally.skipped += 1; continue }
            let peer = peerStarts(event, limit: 1).map { _ in answer({ peerStarts(event, limit: $0)!.map(compact) })! }
            tally.check(id: id, rule: text.replacingOccurrences(of: "\n", with: " "), dtstart: "", got: got,
                        expected: expected, peer: peer, listed: KnownDifferences.dateutil[key])
        }
        tally.report("python-dateutil", of: records.count)
    }
}

/// Counts and checks conformance cases: a case passes when we give the
/// table's answer; otherwise it must be listed as a known difference, and
/// a DTSTART difference must vanish when DTSTART counts only if it matches.
struct Tally {
    var passed = 0, different = 0, skipped = 0
    var failures: [String] = []

    mutating func check(id: String, rule: String, dtstart: String, got: [String], expected: [String],
                        peer: [String]?, listed: KnownDifferences.Reason?) {
        if got == expected {
            if let listed { failures.append("\(id) is listed (\(listed)) but agrees now") } else { passed += 1 }
            return
        }
        guard let listed else {
            if ProcessInfo.processInfo.environment["BUSYLIFE_LIST_DIFFERENCES"] != nil {
                print("DIFFERENCE \(id) \(peer == expected ? "dtstartCounts" : "?") \(rule)")
            }
            let hint = peer == expected ? " [peer reading agrees: DTSTART rule]" : ""
            failures.append("\(id) \(rule) \(dtstart)\(hint)\n  want \(expected.prefix(8))\n  got  \(got.prefix(8))")
            return
        }
        if listed == .dtstartCounts && peer != nil && peer != expected {
            failures.append("\(id): listed as a DTSTART difference, but differs otherwise too\n  want \(expected.prefix(8))\n  peer \(peer!.prefix(8))")
            return
        }
        different += 1
    }

    func report(_ name: String, of total: Int) {
        #expect(failures.isEmpty, "\(failures.count) \(name) cases differ:\n\(failures.joined(separator: "\n"))")
        print("\(name): \(passed) passed, \(different) known differences, \(skipped) skipped, \(failures.count) failed, of \(total)")
    }
}
