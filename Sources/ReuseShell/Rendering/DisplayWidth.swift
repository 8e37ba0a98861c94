/// Terminal columns, the one measure carets, padding, tables, completion
/// columns and wrapping use (wcwidth's semantics, for the characters a
/// session meets).

extension Character {
    /// Terminal cells the character takes: 0 for a combining mark or a
    /// zero-width joiner alone, 2 for East Asian wide characters and emoji,
    /// else 1. A character's later scalars (accents, variation selectors,
    /// joined emoji) take no cell of their own.
    public var displayWidth: Int {
        guard let scalar = unicodeScalars.first else { return 0 }
        return Character.width(of: scalar)
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        // Latin, and box drawing (tree branches): one column, no table walk.
        if scalar.value < 0x0300 || (0x2500...0x25FC).contains(scalar.value) { return 1 }
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: return 0
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD,
             0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797,
             0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
             0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

extension StringProtocol {
    /// Terminal columns the text takes, escape sequences (colour) excluded.
    public var displayWidth: Int {
        // Plain ASCII without escapes, the common case: one column a byte.
        let plain = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            for byte in bytes where byte >= 0x80 || byte == 0x1B { return nil }
            return bytes.count
        }
        if let plain, let count = plain { return count }
        if plain == nil {
            var ascii = true
            var count = 0
            for byte in utf8 {
                if byte >= 0x80 || byte == 0x1B { ascii = false; break }
                count += 1
            }
            if ascii { return count }
        }
        var width = 0
        var inEscape = false
        for character in self {
            if inEscape {
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value), character != "[" {
                    inEscape = false
                }
                continue
            }
            if character == "\u{1B}" { inEscape = true; continue }
            width += character.displayWidth
        }
        return width
    }
}

extension String {
    /// The text followed by spaces up to `width` columns.
    func padding(_ width: Int) -> String {
        let own = displayWidth
        return own >= width ? self : self + String(repeating: " ", count: width - own)
    }

    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// Wraps one line to `width` columns at spaces. Continuation lines start
/// with `continuation`, or by default with the line's own indentation (tree
/// branches continued as `│`) and two more spaces. A word wider than a line
/// stands alone on its line. `width` 0 or less: no wrapping.
public func wrap(_ line: String, width: Int, continuation: String? = nil) -> [String] {
    guard width > 0, line.displayWidth > width else { return [line] }
    let indent = continuation ?? continuationIndent(of: line)
    let indentWidth = indent.displayWidth
    var lines: [String] = []
    var rest = Substring(line)
    // The line's own indentation stays with its first word.
    var current = ""
    while let first = rest.first, first == " " || "│├└─".contains(first) { current.append(first); rest.removeFirst() }
    var currentWidth = current.displayWidth
    var hasWord = false
    // Words split at single spaces: a run of spaces (alignment) is kept. An
    // arrow stays with the word after it (`-> Feed/3`, `← owner`), so a
    // line never ends on one.
    var words: [String] = []
    for word in rest.split(separator: " ", omittingEmptySubsequences: false) {
        if let last = words.last, last == "->" || last == "←" || last == "→", !word.isEmpty {
            words[words.count - 1] += " " + word
        } else {
            words.append(String(word))
        }
    }
    for word in words {
        let wordWidth = word.displayWidth
        if hasWord, !word.isEmpty, currentWidth + 1 + wordWidth > width {
            lines.append(current.trimmingTrailingSpaces())
            current = indent + word
            currentWidth = indentWidth + wordWidth
        } else {
            if hasWord { current += " "; currentWidth += 1 }
            current += word
            currentWidth += wordWidth
        }
        hasWord = true
    }
    lines.append(current)
    return lines
}

/// The indentation a wrapped line continues with: its leading spaces and
/// tree branches (a branch continues as `│`, a last branch as blank), then
/// two spaces.
func continuationIndent(of line: String) -> String {
    var indent = ""
    for character in line {
        switch character {
        case " ", "─", "└": indent.append(" ")
        case "│", "├": indent.append("│")
        default: return indent + "  "
        }
    }
    return indent + "  "
}

