@testable import Export
import Testing

/// Terminal columns as a terminal draws them: what keeps the text views
/// within the width.
@Suite struct TerminalTextTests {
    @Test func wideCharactersTakeTwoColumnsAndMarksNone() {
        #expect(TerminalText.width("Dec") == 3)
        #expect(TerminalText.width("12月") == 4)
        #expect(TerminalText.width("ＡＢ") == 4)  // fullwidth Latin
        #expect(TerminalText.width("한국") == 4)
        #expect(TerminalText.width("☕") == 2)  // an emoji shown as a picture
        #expect(TerminalText.width("e\u{301}") == 1)  // e and a combining acute
        #expect(TerminalText.width("ก\u{E31}") == 1)  // Thai: a vowel sign over its consonant
        #expect(TerminalText.width("a\u{200D}b") == 2)  // a zero-width joiner
        #expect(TerminalText.width("\u{1100}\u{1161}") == 2)  // a Hangul syllable of conjoining letters
    }

    @Test func truncationAndPaddingCountColumns() {
        #expect(TerminalText.truncated("予定の時間", 5) == "予定…")
        #expect(TerminalText.pad("12月", 6) == "12月  ")
    }
}
