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
