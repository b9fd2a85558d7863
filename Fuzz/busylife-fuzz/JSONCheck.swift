import Foundation

/// Whether bytes a writer made are one JSON document, read by Foundation
/// (a reader that is not ours, so our own reader's leniency hides nothing).
enum JSONCheck {
    static func require(_ bytes: [UInt8], _ what: @autoclosure () -> String) {
        let parsed = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        mustHold(parsed != nil, "\(what()) is not JSON: \(String(decoding: bytes.prefix(300), as: UTF8.self))")
    }

    static func require(_ text: String, _ what: @autoclosure () -> String) {
        require(Array(text.utf8), what())
    }

    /// Every line of `text` one JSON document (NDJSON).
    static func requireLines(_ bytes: [UInt8], _ what: @autoclosure () -> String) {
        for line in bytes.split(separator: 0x0A) { require(Array(line), what()) }
    }
}

/// A check of the fuzz target: unlike `precondition`, whose message an
/// optimized build drops, a failure says which check failed and why.
func mustHold(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
