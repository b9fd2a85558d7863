/// Measuring and trimming text for a terminal: the agenda and the text
/// heatmap line up columns with these.
enum TerminalText {
    /// Terminal columns: East Asian wide and fullwidth characters (and
    /// emoji shown as pictures) take two, combining marks and invisible
    /// format characters none, everything else one.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// The columns of one scalar, as terminals following Unicode's East
    /// Asian Width draw it.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch scalar.value {
        case 0x1160...0x11FF: return 0  // Hangul vowels and finals join the syllable before them
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
             0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE,
             0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705,
             0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF,
             0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004,
             0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
             0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    /// The text without its colour escapes (`ESC ... m`).
    static func strippingANSI(_ text: String) -> String {
        var out = ""
        var skipping = false
        for character in text {
            if character == "\u{1B}" { skipping = true; continue }
            if skipping { if character == "m" { skipping = false }; continue }
            out.append(character)
        }
        return out
    }

    /// Spaces after `text` up to `width` columns; `visible` is its width
    /// when escapes make measuring the text itself wrong.
    static func pad(_ text: String, _ width: Int, visible: Int? = nil) -> String {
        let shown = visible ?? self.width(text)
        return shown >= width ? text : text + String(repeating: " ", count: width - shown)
    }

    static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The text cut to `width` columns, ending with `…` when cut (plain
    /// text: no colour escapes).
    static func truncated(_ text: String, _ width: Int) -> String {
        guard self.width(text) > width else { return text }
        guard width > 0 else { return "" }
        var out = "", used = 0
        for character in text {
            let w = self.width(String(character))
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// Parts joined by `separator`, as many on a line as fit `width`
    /// columns (colour escapes not counted); a part wider than a line alone
    /// is cut with `…` (when it has no escapes). Lines never wrap.
    static func packed(_ parts: [String], separator: String, width: Int, indent: String = "") -> [String] {
        func shown(_ text: String) -> Int { self.width(strippingANSI(text)) }
        var lines: [String] = [], line = ""
        for part in parts {
            if !line.isEmpty && shown(line + separator + part) <= width {
                line += separator + part
                continue
            }
            if !line.isEmpty { lines.append(line) }
            let prefix = lines.isEmpty ? "" : indent
            var piece = part
            if shown(prefix + piece) > width && !piece.contains("\u{1B}") {
                piece = truncated(piece, max(1, width - self.width(prefix)))
            }
            line = prefix + piece
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
