import RemoteCore
/// Whether a reply is an iCalendar document, judged by its first bytes
/// (servers send calendars as text/plain or application/octet-stream
/// too, so the type alone cannot say), and if not, what it is in words.
enum ReplyContent {
    /// Nil for an iCalendar document; else why it is not one.
    static func problem(head: [UInt8], contentType: String?, bytes: Int) -> String? {
        let type = contentType.map { String($0.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased() }
        let shown = type.map { " (\($0))" } ?? ""
        guard bytes > 0 else { return "the reply was empty, not a calendar" }
        let text = String(decoding: head, as: UTF8.self)
        let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }.prefix(1024).lowercased()
        if start.hasPrefix("<!doctype html") || start.hasPrefix("<html") || type == "text/html" || type == "application/xhtml+xml" {
            return "expected a calendar, got a web page\(shown): is the address private, or does it need a login?"
        }
        if start.hasPrefix("{") || start.hasPrefix("[") || type?.hasSuffix("json") == true {
            return "expected a calendar, got JSON\(shown)"
        }
        if text.uppercased().contains("BEGIN:VCALENDAR") { return nil }
        if start.hasPrefix("<") || type?.hasSuffix("xml") == true {
            return "expected a calendar, got XML\(shown), and the address answers no CalDAV PROPFIND as a calendar or an account"
        }
        return "expected a calendar, got something else\(shown): no BEGIN:VCALENDAR at its start"
    }
}
