import Foundation

/// An itinerary file (`--itinerary`): the same changes as `--travel`, one
/// per trip leg. Either TSV, a `WHEN<TAB>ZONE` line per change (blank lines,
/// `#` comments and a `when<TAB>zone` header are skipped), or JSON, an array
/// of `{"when": "2026-11-20T08:00", "zone": "Asia/Tokyo"}`. Told apart by
/// the first character. docs/travel.md has examples.
extension TravelPlan {
    package mutating func addItinerary(_ text: String, file: String) throws(Problem) {
        let trimmed = text.trimmingBlanks()
        if trimmed.hasPrefix("[") {
            guard let array = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [Any] else {
                throw Problem(description: "\(file): not a JSON array of {\"when\", \"zone\"} objects")
            }
            for (index, item) in array.enumerated() {
                guard let object = item as? [String: Any], let when = object["when"] as? String,
                      let zone = object["zone"] as? String else {
                    throw Problem(description: "\(file): item \(index + 1) needs string \"when\" and \"zone\"")
                }
                do { try add(when: when, zone: zone) } catch { throw Problem(description: "\(file): item \(index + 1): \(error)") }
            }
            return
        }
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = String(line).trimmingBlanks()
            if content.isEmpty || content.hasPrefix("#") || content.lowercased().hasPrefix("when\t") { continue }
            let fields = content.split(separator: "\t", omittingEmptySubsequences: true)
            guard fields.count == 2 else {
                throw Problem(description: "\(file):\(number + 1): expected WHEN<TAB>ZONE")
            }
            do { try add(when: String(fields[0]), zone: String(fields[1])) }
            catch { throw Problem(description: "\(file):\(number + 1): \(error)") }
        }
    }
}
