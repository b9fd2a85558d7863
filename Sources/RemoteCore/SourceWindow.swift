import Foundation

/// A source's `window = "-1y..+2y"`: how far back and ahead of now a huge
/// calendar is fetched (a CalDAV calendar-query time-range). Units: `d`
/// days, `w` weeks, `m` months, `y` years; a month counts 31 days and a
/// year 366, so a window is never shorter than it reads.
package struct SourceWindow: Sendable, Equatable, Codable {
    /// As written, to tell whether the cached items were fetched for it.
    package let text: String
    package let past: Double
    package let future: Double

    /// Nil unless `text` is `-N<unit>..+N<unit>`.
    package init?(_ text: String) {
        let parts = text.replacingOccurrences(of: " ", with: "").components(separatedBy: "..")
        guard parts.count == 2, parts[0].hasPrefix("-") || parts[0] == "0", parts[1].hasPrefix("+") || parts[1] == "0",
              let past = Self.seconds(parts[0] == "0" ? "0" : String(parts[0].dropFirst())),
              let future = Self.seconds(parts[1] == "0" ? "0" : String(parts[1].dropFirst())), past + future > 0 else { return nil }
        self.text = text
        self.past = past
        self.future = future
    }

    /// A window of `past` seconds back and `future` ahead of now (the
    /// library's, given in seconds); its text names it in the cache.
    package init(past: Double, future: Double) {
        text = "-\(past)s..+\(future)s"
        self.past = past
        self.future = future
    }

    private static func seconds(_ text: String) -> Double? {
        if text == "0" { return 0 }
        guard let unit = text.last, let number = Double(text.dropLast()), number >= 0, number.isFinite else { return nil }
        let day = 86_400.0
        switch unit {
        case "d": return number * day
        case "w": return number * 7 * day
        case "m": return number * 31 * day
        case "y": return number * 366 * day
        default: return nil
        }
    }

    /// The window around `now`.
    package func dates(now: Date) -> (start: Date, end: Date) {
        (now.addingTimeInterval(-past), now.addingTimeInterval(future))
    }
}
