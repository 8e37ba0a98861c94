/// Text for roff's man macros (man(7)), as a manual page is written.
///
/// Every character a text can hold is written so that roff prints it as
/// it is: `\` as `\e`, `-` as `\-` (an ASCII minus, so a copied `--json`
/// stays typable), a `.` or `'` starting a line behind `\&` (else it would
/// be a request), and anything past ASCII as `\[uXXXX]` (a page is read
/// without knowing its encoding).
enum Roff {
    /// `text` as roff prints it literally, in the current font.
    static func escaped(_ text: String) -> String {
        var out = ""
        var atLineStart = true
        for scalar in text.unicodeScalars {
            if atLineStart, scalar == "." || scalar == "'" { out += "\\&" }
            atLineStart = scalar == "\n"
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\n", "\t", " "..."~": out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }

    /// `text` in bold.
    static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }

    /// `text` in italics (what the reader puts in: FILE, N).
    static func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }

    /// A command's syntax as help prints it (`mount NAME [NAME ...]`): the
    /// words typed as they are in bold, the placeholders (all capitals) in
    /// italics, brackets and bars plain.
    static func syntax(_ usage: String) -> String {
        var out = ""
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            let letters = word.unicodeScalars.filter { $0.properties.isAlphabetic }
            let placeholder = !letters.isEmpty && letters.allSatisfy { $0.properties.isUppercase }
            out += placeholder ? italic(word) : bold(word)
            word = ""
        }
        for character in usage {
            if "[]|{}:,. ".contains(character) {
                flush()
                out.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return out
    }
}
