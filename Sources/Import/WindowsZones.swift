/// Windows zone names (CLDR windowsZones, territory 001) to IANA names.
/// The tables are generated: see scripts/generate-windows-zones.py.
enum WindowsZones {
    /// The IANA name for a Windows zone id (`W. Europe Standard Time`) or
    /// display name (`(UTC+01:00) Amsterdam, Berlin, ...`), ignoring case
    /// and extra white space.
    static func ianaName(for name: String) -> String? {
        if let exact = byWindowsID[name] ?? byDisplayName[name] { return exact }
        let key = normalized(name)
        return folded[key]
    }

    private static func normalized(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    private static let folded: [String: String] = {
        var table: [String: String] = [:]
        for (key, value) in byWindowsID { table[normalized(key)] = value }
        for (key, value) in byDisplayName { table[normalized(key)] = value }
        return table
    }()
}
