/// A calendar's colour, as a vdir collection's `color` file gives it
/// (vdirsyncer and khal write `#rrggbb`; CalDAV servers often add an alpha
/// byte, `#rrggbbaa`, which is read and ignored).
package struct CalendarColor: Hashable, Sendable, CustomStringConvertible {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#ff8800`, `#FF8800`, `#ff8800ff` or `#f80`; surrounding white space
    /// is ignored. Nil for anything else (colour names are not read).
    package init?(parsing text: String) {
        var digits = Substring(text.trimmingWhiteSpace)
        guard digits.first == "#" else { return nil }
        digits.removeFirst()
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        let values = digits.compactMap { UInt8(String($0), radix: 16) }
        switch values.count {
        case 3:
            self.init(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
        case 6, 8:
            self.init(red: values[0] * 16 + values[1], green: values[2] * 16 + values[3], blue: values[4] * 16 + values[5])
        default:
            return nil
        }
    }

    /// `#ff8800`.
    package var description: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// This colour moved towards `other` by `fraction` (0 keeps it, 1 gives `other`).
    package func mixed(with other: CalendarColor, _ fraction: Double) -> CalendarColor {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * fraction).rounded()) }
        return CalendarColor(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
    }

    package static let white = CalendarColor(red: 255, green: 255, blue: 255)
    package static let black = CalendarColor(red: 0, green: 0, blue: 0)
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    package var trimmingWhiteSpace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
