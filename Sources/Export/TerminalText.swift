/// Measuring and trimming text for a terminal: the agenda and the text
/// heatmap line up columns with these.
enum TerminalText {
    /// Terminal columns: East Asian wide characters take two, combining marks none.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x0300...0x036F, 0x200B...0x200D, 0xFE00...0xFE0F: width
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
                 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
                 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD: width + 2
            default: width + 1
            }
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
