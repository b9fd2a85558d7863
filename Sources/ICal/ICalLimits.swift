/// Guards on what one file may make the reader do, and what it keeps.
package struct ICalLimits: Sendable {
    /// Longest unfolded content line kept, in bytes. libical's cost grows
    /// with the square of a line's length, so longer lines are dropped.
    package var maxLineBytes: Int
    /// Deepest component nesting kept (VCALENDAR > VEVENT > VALARM is 3).
    package var maxDepth: Int
    /// Most top-level components read from one file.
    package var maxComponents: Int

    /// Keep each component's lines as written (`ICalComponent.stored`,
    /// calendar properties' `StoredProperty`) for writing them back.
    package var keepsStoredForm: Bool

    package init(maxLineBytes: Int = 1 << 20, maxDepth: Int = 10, maxComponents: Int = 10_000_000,
                 keepsStoredForm: Bool = false) {
        self.keepsStoredForm = keepsStoredForm
        self.maxLineBytes = maxLineBytes
        self.maxDepth = maxDepth
        self.maxComponents = maxComponents
    }
}
