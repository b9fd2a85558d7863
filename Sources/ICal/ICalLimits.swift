/// Guards on what one file may make the reader do.
public struct ICalLimits: Sendable {
    /// Longest unfolded content line kept, in bytes. libical's cost grows
    /// with the square of a line's length, so longer lines are dropped.
    public var maxLineBytes: Int
    /// Deepest component nesting kept (VCALENDAR > VEVENT > VALARM is 3).
    public var maxDepth: Int
    /// Most top-level components read from one file.
    public var maxComponents: Int

    public init(maxLineBytes: Int = 1 << 20, maxDepth: Int = 10, maxComponents: Int = 10_000_000) {
        self.maxLineBytes = maxLineBytes
        self.maxDepth = maxDepth
        self.maxComponents = maxComponents
    }
}
