/// Guards on what one file may make the reader do.
package struct ICalLimits: Sendable {
    /// Longest unfolded content line kept, in bytes. libical's cost grows
    /// with the square of a line's length, so longer lines are dropped.
    package var maxLineBytes: Int
    /// Deepest component nesting kept (VCALENDAR > VEVENT > VALARM is 3).
    package var maxDepth: Int
    /// Most top-level components read from one file.
    package var maxComponents: Int

    package init(maxLineBytes: Int = 1 << 20, maxDepth: Int = 10, maxComponents: Int = 10_000_000) {
        self.maxLineBytes = maxLineBytes
        self.maxDepth = maxDepth
        self.maxComponents = maxComponents
    }
}
