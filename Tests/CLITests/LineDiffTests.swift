import Testing

/// The golden tests' own diff.
@Suite struct LineDiffTests {
    let diff = LineDiff(context: 2, limit: 3)

    @Test func equalTextsHaveNoDiff() {
        #expect(diff(expected: "a\nb\n", actual: "a\nb\n") == nil)
    }

    @Test func aChangedLineWithItsContextAndNumbers() {
        let expected = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let actual = expected.replacingOccurrences(of: "line 6\n", with: "line six\n")
        #expect(diff(expected: expected, actual: actual) == """
            @@ expected line 6, actual line 6 @@
                 4 | line 4
                 5 | line 5
            -    6 | line 6
            +    6 | line six
                 7 | line 7
                 8 | line 8
            """)
    }

    @Test func insertedLinesCountFromTheActualText() {
        #expect(diff(expected: "a\nb\nc\n", actual: "a\nnew\nb\nc\n") == """
            @@ expected line 2, actual line 2 @@
                 1 | a
            +    2 | new
                 2 | b
                 3 | c
            """)
    }

    @Test func longChangesAreCutAndCounted() {
        #expect(diff(expected: "x\n", actual: "1\n2\n3\n4\n5\n") == """
            @@ expected line 1, actual line 1 @@
            -    1 | x
            +    1 | 1
            +    2 | 2
            +    3 | 3
            +    … 2 more lines
            """)
    }

    @Test func aMissingFinalNewlineIsSaid() {
        #expect(diff(expected: "a\nb\n", actual: "a\nb") == "@@ line 2 @@\nthe actual text lacks the newline after its last line")
        #expect(diff(expected: "a", actual: "a\n")!.hasSuffix("the expected has none"))
    }

    /// Colour codes are shown, not obeyed.
    @Test func controlCharactersAreVisible() {
        #expect(diff(expected: "\u{1B}[1mx\n", actual: "x\n")!.contains("-    1 | ␛[1mx"))
        #expect(diff(expected: "a\tb\n", actual: "ab\n")!.contains("-    1 | a␉b"))
    }
}
