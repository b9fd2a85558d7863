import EventModel
import ICal

/// Content that is no calendar whatever the file is called: bytes that
/// are not text (an image, an archive, random data), or markup (a login
/// or error page saved instead of the calendar). Such a file is skipped
/// whole with one error, not read line by line into thousands.
enum NotCalendar: Equatable {
    case binary
    case webPage
    case markup

    /// What the first bytes of a file are, when they are plainly no
    /// calendar: a NUL byte, or more than one byte in a hundred a control
    /// byte no text holds, is binary; text that opens with `<` is markup,
    /// a web page when an HTML tag comes early.
    static func judge(_ head: ArraySlice<UInt8>) -> NotCalendar? {
        guard let first = head.first else { return nil }
        let controls = head.count(where: { $0 == 0x7F || ($0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D, 0x1B].contains($0)) })
        if head.contains(0) || controls * 100 > head.count { return .binary }
        guard first == UInt8(ascii: "<") else { return nil }
        let lower = String(decoding: head.map(asciiLower), as: UTF8.self)
        return ["<!doctype html", "<html", "<head", "<body", "<title"].contains(where: lower.contains) ? .webPage : .markup
    }

    /// The error for a file of `bytes` bytes and `lines` lines; `start`
    /// holds its first bytes, where a web page's title is looked for.
    /// `complete`: false when counting stopped before the end ("at least").
    func diagnostic(file: String, bytes: Int, lines: Int, start: [UInt8], complete: Bool = true) -> Diagnostic {
        let atLeast = complete ? "" : "at least "
        let what: String
        switch self {
        case .binary:
            what = "binary data (NUL or control bytes), \(atLeast)\(bytes) byte\(bytes == 1 ? "" : "s")"
        case .webPage:
            let title = NotCalendar.title(in: start).map { " titled \"\($0)\"" } ?? ""
            what = "an HTML page\(title) (a login or error page saved instead of the calendar?), \(atLeast)\(lines) line\(lines == 1 ? "" : "s")"
        case .markup:
            what = "XML or other markup, \(atLeast)\(lines) line\(lines == 1 ? "" : "s")"
        }
        return Diagnostic(.error, .unknownFormat, at: SourcePosition(file: file, line: 0),
                          "not a calendar: \(what); file skipped")
    }

    /// The text of the page's `<title>`, white space collapsed, cut at 80
    /// characters; nil when there is none.
    static func title(in page: [UInt8]) -> String? {
        let lower = page.map(asciiLower)
        guard let open = lower.firstRange(of: Array("<title".utf8)),
              let textStart = lower[open.upperBound...].firstIndex(of: UInt8(ascii: ">")).map({ $0 + 1 }),
              let close = lower[textStart...].firstRange(of: Array("</title".utf8)) else { return nil }
        let text = String(decoding: page[textStart..<close.lowerBound], as: UTF8.self)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !text.isEmpty else { return nil }
        return text.count > 80 ? text.prefix(79) + "…" : text
    }

    /// Bytes counted at most: a device such as /dev/zero has no end.
    static let countLimit = 64 << 20

    /// Reads `source` to its end, or `countLimit` bytes: how many bytes
    /// and lines were skipped, the first 64 KiB of them, and whether the
    /// end was reached.
    static func skip(_ source: ByteSource) -> (bytes: Int, lines: Int, start: [UInt8], complete: Bool) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var bytes = 0, lines = 0, start: [UInt8] = []
        var last: UInt8 = 0x0A
        while bytes < countLimit {
            let n = chunk.withUnsafeMutableBytes { source.read(into: $0) }
            guard n > 0 else {
                // A last line without its line break is a line too.
                return (bytes, lines + (last == 0x0A ? 0 : 1), start, true)
            }
            if start.count < chunk.count { start += chunk[0..<min(n, chunk.count - start.count)] }
            bytes += n
            lines += chunk[0..<n].count(where: { $0 == 0x0A })
            last = chunk[n - 1]
        }
        return (bytes, lines, start, false)
    }
}

private func asciiLower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
}
