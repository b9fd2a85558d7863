import EventModel
import ICal

/// The model's text (an events.json input's) made into iCalendar values,
/// counting what iCalendar cannot carry so that a warning names it
/// (docs/convert.md, "What cannot be carried"):
///
/// - a control character other than tab and line feed (NUL, DEL...)
///   becomes U+FFFD: no content line may hold one;
/// - a carriage return (alone, or in CRLF) is a line break, which TEXT
///   and RFC 6868 parameter values write as `\n` and `^n`: it reads back
///   as a line feed;
/// - a line break in an address (`mailto:`), which no URI holds, becomes
///   U+FFFD too;
/// - blanks (spaces, tabs) at the start or end of a TEXT value or an
///   address are dropped by readers (busylife's too): counted;
/// - GEO coordinates outside -90 to 90 and -180 to 180 are not written.
///
/// Everything else is carried: a text written here reads back as it was.
struct ModelText {
    private var replacedCharacters = 0
    private var lineBreaksAsLF = 0
    private var droppedCoordinates = 0
    private var blanksAtEnds = 0

    /// A TEXT value (RFC 5545 3.3.11), escaped.
    mutating func text(_ value: String) -> String {
        countBlanksAtEnds(value)
        return ICalValue.text(replacingControls(value, keepsLineFeed: true))
    }

    /// A parameter value with RFC 6868's escapes: `^` as `^^`, a line
    /// break as `^n` (the writer quotes it and writes `"` as `^'`).
    mutating func parameter(_ value: String) -> String {
        let kept = replacingControls(value, keepsLineFeed: true)
        guard kept.utf8.contains(where: { $0 == 0x5E || $0 == 0x0A || $0 == 0x0D }) else { return kept }
        var bytes: [UInt8] = []
        var previousCR = false
        for byte in kept.utf8 {
            switch byte {
            case 0x5E: bytes += [0x5E, 0x5E]
            case 0x0A: if !previousCR { bytes += [0x5E, 0x6E] }
            case 0x0D: bytes += [0x5E, 0x6E]
            default: bytes.append(byte)
            }
            previousCR = byte == 0x0D
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A `mailto:` address: no control character, no line break.
    mutating func address(_ value: String) -> String {
        countBlanksAtEnds(value)
        return replacingControls(value, keepsLineFeed: false)
    }

    private mutating func countBlanksAtEnds(_ value: String) {
        let isBlank = { (byte: UInt8?) in byte == 0x20 || byte == 0x09 }
        if isBlank(value.utf8.first) || isBlank(value.utf8.last) { blanksAtEnds += 1 }
    }

    /// Whether GEO can carry these coordinates; counted when it cannot.
    mutating func carries(latitude: Double, longitude: Double) -> Bool {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            droppedCoordinates += 1
            return false
        }
        return true
    }

    /// `value` with U+FFFD for each control character but tab (and line
    /// breaks when `keepsLineFeed`; a CR among them counted, as it reads back as LF).
    private mutating func replacingControls(_ value: String, keepsLineFeed: Bool) -> String {
        guard value.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) else { return value }
        var scalars = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            let isLineBreak = scalar == "\n" || scalar == "\r"
            if scalar == "\r" && keepsLineFeed { lineBreaksAsLF += 1 }
            if scalar.value < 0x20 && scalar != "\t" && !(isLineBreak && keepsLineFeed) || scalar.value == 0x7F {
                scalars.append("\u{FFFD}")
                replacedCharacters += 1
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// The warning that names what was not carried; none when all was.
    var diagnostics: [Diagnostic] {
        var parts: [String] = []
        if replacedCharacters > 0 {
            parts.append("\(replacedCharacters) control character\(replacedCharacters == 1 ? "" : "s") written as U+FFFD")
        }
        if lineBreaksAsLF > 0 {
            parts.append("\(lineBreaksAsLF) carriage return\(lineBreaksAsLF == 1 ? "" : "s") written as a line break, read back as LF")
        }
        if blanksAtEnds > 0 {
            parts.append("\(blanksAtEnds) text\(blanksAtEnds == 1 ? "" : "s") with blanks at the start or end, which readers drop")
        }
        if droppedCoordinates > 0 {
            parts.append("\(droppedCoordinates) location\(droppedCoordinates == 1 ? "'s" : "s'") coordinates outside GEO's range left out")
        }
        guard !parts.isEmpty else { return [] }
        return [Diagnostic(.warning, .notCarried, at: SourcePosition(file: "<convert>", line: 0),
                           "iCalendar cannot carry all of the events' text: " + parts.joined(separator: "; "))]
    }
}
