import ReuseEngine

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

    /// The command failed, and what failed inside it has been reported
    /// already (a `source` whose script had errors): nothing more to print.
    public var alreadyReported = false

    static func reportedInside(_ token: Token) -> ShellError {
        var error = ShellError("failed inside", at: token)
        error.alreadyReported = true
        return error
    }
}

/// Where a line came from: a script file, `<stdin>` or `<input>`.
public struct SourceLocation: Equatable, Sendable {
    public var file: String
    /// The line's number; for a command continued over lines (`\`), its first line's.
    public var line: Int
    /// The lines a continued command was joined from (``LineJoiner``); empty
    /// for a command on one line.
    public var pieces: [LinePiece] = []
    /// A command continued over lines (`\`) past the line limit: its length
    /// in bytes; its text was dropped as it grew (``LineJoiner``).
    public var overlongBytes: Int?

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}

extension ShellError {
    /// `file:3:9: error: message`, the line, and a caret under the offending text.
    /// In a command continued over lines, the line and column are those of
    /// the line the offending text is on, and that line is shown.
    public func rendered(at location: SourceLocation, line joined: String, style: Style) -> String {
        let (number, column, text) = location.place(ofColumn: max(1, column), in: joined)
        // What the user typed is shown, never sent: a control character
        // prints as `^[` (so `mount ESC]0;title BEL` cannot retitle the terminal).
        var out = "\(location.file):\(number):\(column): " + style.error("error:") + " \(message.shownSafely)\n"
        let characters = Array(text)
        out += "  " + characters.map { $0 == "\t" ? "\t" : $0.shownSafely }.joined() + "\n"
        // Pad by display width: tabs stay tabs, wide (CJK, emoji) characters take two cells.
        let pad = characters.prefix(column - 1).map { $0 == "\t" ? "\t" : String(repeating: " ", count: $0.shownSafely.displayWidth) }.joined()
        let underlined = characters.dropFirst(column - 1).prefix(length)
        let width = max(1, underlined.reduce(0) { $0 + $1.shownSafely.displayWidth })
        out += "  " + pad + style.caret("^" + String(repeating: "~", count: width - 1)) + "\n"
        return out
    }
}

extension Character {
    /// The character as a terminal may show it: a control character (or a
    /// line separator) as `^X`, or `<U+2028>` where no `^` form exists.
    var shownSafely: String {
        guard unicodeScalars.contains(where: \.isControlOrLineBreak) else { return String(self) }
        return unicodeScalars.map { scalar -> String in
            guard scalar.isControlOrLineBreak else { return String(scalar) }
            if scalar.value < 0x20 { return "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40))) }
            if scalar.value == 0x7F { return "^?" }
            return "<U+" + String(scalar.value, radix: 16, uppercase: true) + ">"
        }.joined()
    }
}

extension String {
    /// The text with every control character shown, not sent (see `Character.shownSafely`).
    var shownSafely: String {
        guard unicodeScalars.contains(where: \.isControlOrLineBreak) else { return self }
        return map(\.shownSafely).joined()
    }
}
