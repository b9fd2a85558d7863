/// Windows zone names (CLDR windowsZones, territory 001) to IANA names.
/// The tables are generated: see scripts/generate-windows-zones.py.
enum WindowsZones {
    /// The IANA name for a Windows zone id (`W. Europe Standard Time`) or
    /// display name (`(UTC+01:00) Amsterdam, Berlin, ...`), ignoring case
    /// and extra white space, with `&` and `and` alike: Outlook writes
    /// `(UTC-05:00) Eastern Time (US and Canada)` as well as CLDR's `(US & Canada)`.
    static func ianaName(for name: String) -> String? {
        if let exact = byWindowsID[name] ?? byDisplayName[name] { return exact }
        let key = normalized(name)
        return folded[key]
    }

    /// `(GMT+10:00) Canberra, ...` as `(UTC+10:00) Canberra, ...`; `(GMT) ...` as `(UTC) ...`.
    static func utcSpelling(of name: String) -> String? {
        guard name.hasPrefix("(GMT") else { return nil }
        return "(UTC" + name.dropFirst(4)
    }

    /// The offset of a display name `(UTC+05:45) ...` or `(GMT-03:30) ...`,
    /// in seconds east; nil for anything else.
    static func displayOffset(of name: String) -> Int? {
        let bytes = Array(name.utf8)
        guard bytes.count >= 5, bytes[0] == UInt8(ascii: "("),
              bytes[1...3].elementsEqual("UTC".utf8) || bytes[1...3].elementsEqual("GMT".utf8) else { return nil }
        if bytes[4] == UInt8(ascii: ")") { return 0 }
        // (UTC+hh:mm)
        guard bytes.count >= 11, bytes[4] == UInt8(ascii: "+") || bytes[4] == UInt8(ascii: "-"),
              bytes[7] == UInt8(ascii: ":"), bytes[10] == UInt8(ascii: ")"),
              let hours = Int(String(decoding: bytes[5...6], as: UTF8.self)),
              let minutes = Int(String(decoding: bytes[8...9], as: UTF8.self)),
              hours <= 14, minutes < 60 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return bytes[4] == UInt8(ascii: "-") ? -seconds : seconds
    }

    private static func normalized(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
            .map { $0 == "&" ? "and" : $0 }.joined(separator: " ")
    }

    private static let folded: [String: String] = {
        var table: [String: String] = [:]
        for (key, value) in byWindowsID { table[normalized(key)] = value }
        for (key, value) in byDisplayName { table[normalized(key)] = value }
        return table
    }()
}
