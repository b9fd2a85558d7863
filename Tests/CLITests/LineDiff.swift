/// A short line diff for a failure message, made in Swift: the lines both
/// texts share at the start and at the end are set aside, and what lies
/// between is shown with line numbers (the expected text's for `-`, the
/// actual's for `+`) and a few lines of context on each side. Not a full
/// diff (no realignment inside the changed region): enough to see where
/// output went wrong and how.
struct LineDiff {
    /// Lines of context before and after the changed region.
    var context = 3
    /// Changed lines shown per side; the rest are counted.
    var limit = 12

    /// Nil when the texts are equal.
    func callAsFunction(expected: String, actual: String) -> String? {
        guard expected != actual else { return nil }
        let (old, oldEnds) = LineDiff.lines(expected), (new, _) = LineDiff.lines(actual)
        if old == new {
            return "@@ line \(old.count) @@\n" + (oldEnds ? "the actual text lacks the newline after its last line"
                                                         : "the actual text has a newline after its last line; the expected has none")
        }
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let removed = old[head..<(old.count - tail)], added = new[head..<(new.count - tail)]
        var lines = ["@@ expected line \(head + 1), actual line \(head + 1) @@"]
        for index in max(0, head - context)..<head { lines.append(row(" ", index, old[index])) }
        lines += shown("-", removed)
        lines += shown("+", added)
        let after = old.count - tail
        for index in after..<min(old.count, after + context) { lines.append(row(" ", index, old[index])) }
        return lines.joined(separator: "\n")
    }

    /// The lines of a text, and whether its last line ends with a newline
    /// (that newline does not start another, empty line).
    static func lines(_ text: String) -> ([String], Bool) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let terminated = text.hasSuffix("\n")
        if terminated { lines.removeLast() }
        return (lines, terminated)
    }

    private func shown(_ mark: String, _ slice: ArraySlice<String>) -> [String] {
        var lines = slice.prefix(limit).enumerated().map { row(mark, slice.startIndex + $0.offset, $0.element) }
        if slice.count > limit { lines.append(mark + "    … \(slice.count - limit) more lines") }
        return lines
    }

    /// `-   12 | text`, the number in five columns, control characters made visible (`␛` for an escape,
    /// so that colour codes do not colour the report).
    private func row(_ mark: String, _ index: Int, _ text: String) -> String {
        let number = String(index + 1)
        let visible = String(text.unicodeScalars.map { scalar -> Character in
            scalar.value < 0x20 || scalar.value == 0x7F ? Character(Unicode.Scalar(0x2400 + (scalar.value == 0x7F ? 0x21 : scalar.value))!)
                                                        : Character(scalar)
        })
        return mark + String(repeating: " ", count: max(1, 5 - number.count)) + number + " | " + visible
    }
}
