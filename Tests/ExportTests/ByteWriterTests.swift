import Testing
import Export

@Suite struct ByteWriterTests {
    @Test func numbersAndJSONStrings() {
        var writer = ByteWriter()
        writer.append(Int64(-1_234_567_890_123))
        writer.append(" ")
        writer.append(padded: 7, width: 2)
        writer.append(" ")
        writer.append(Int64.min)
        writer.append(" ")
        writer.appendJSONString("a\"b\\c\nd\u{01}é")
        #expect(String(decoding: writer.bytes, as: UTF8.self)
                == "-1234567890123 07 -9223372036854775808 \"a\\\"b\\\\c\\nd\\u0001é\"")
    }
}
