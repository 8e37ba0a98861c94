/// A command that failed: what went wrong and where in the line.
public struct ShellError: Error, Equatable, Sendable {
    public var message: String
    /// 1-based column of the offending text (0: the whole line).
    public var column: Int
    /// Characters to underline.
    public var length: Int

    public init(_ message: String, column: Int, length: Int = 1) {
        self.message = message
        self.column = column
        self.length = max(1, length)
    }

    public init(_ message: String, at token: Token) {
        self.init(message, column: token.column, length: token.length)
    }
}

/// Where a line came from: a script file, `<stdin>` or `<input>`.
public struct SourceLocation: Equatable, Sendable {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}

extension ShellError {
    /// `file:3:9: error: message`, the line, and a caret under the offending text.
    public func rendered(at location: SourceLocation, line text: String, style: Style) -> String {
        let column = max(1, column)
        var out = "\(location.file):\(location.line):\(column): " + style.error("error:") + " \(message)\n"
        out += "  \(text)\n"
        let characters = Array(text)
        // Pad by display width: tabs stay tabs, wide (CJK, emoji) characters take two cells.
        let pad = characters.prefix(column - 1).map { $0 == "\t" ? "\t" : String(repeating: " ", count: $0.displayWidth) }.joined()
        let underlined = characters.dropFirst(column - 1).prefix(length)
        let width = max(1, underlined.reduce(0) { $0 + $1.displayWidth })
        out += "  " + pad + style.caret("^" + String(repeating: "~", count: width - 1)) + "\n"
        return out
    }
}

extension Character {
    /// Terminal cells the character takes: 2 for East Asian wide and emoji, else 1.
    var displayWidth: Int {
        guard let scalar = unicodeScalars.first else { return 1 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
