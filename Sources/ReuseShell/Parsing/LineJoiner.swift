/// Joins a line that ends in `\` with the next: the commands of a script
/// (a file, `source`, piped stdin, `-c`, the prompt) as written over its lines.
///
/// A line continues when its last character is a `\` outside a comment
/// (`mount Feed # note \` does not continue). The `\`, the spaces and tabs
/// before it, the line break and the next line's indentation become one
/// space, so a line break always separates words, inside quotes too. A
/// blank line ends a continued command. The joined command is what runs,
/// what `save` writes and what history keeps; an error in it names the
/// line its offending text is on (``LinePiece``).
///
/// A `\` on the last line, with nothing after it to continue, stays in the
/// command, and ``Interpreter/run(line:at:)`` refuses it.
public struct LineJoiner: Sendable {
    /// The command being continued: its text so far (the last line's `\`
    /// still in it), its length in characters, its lines, and whether it
    /// has words yet (a `#` starting the next line is then a comment only
    /// when a space follows).
    private var pending: (text: String, count: Int, location: SourceLocation, hasTokens: Bool)?
    /// A command that grew past ``Interpreter/maximumLineLength`` while
    /// continued: only its length is counted from then on (its text
    /// dropped, so `\` lines cannot grow memory), and it is given back
    /// refused (``SourceLocation/overlongBytes``) when it ends.
    private var overflow: (start: String, location: SourceLocation, bytes: Int)?
    public let file: String

    public init(file: String) {
        self.file = file
    }

    /// Whether the last line ended in `\`: the command goes on (a
    /// continuation prompt is due).
    public var isContinuing: Bool { pending != nil || overflow != nil }

    /// Adds line `number` (as read: no line break); returns the command it
    /// completes, or nil while the command goes on in the next line.
    public mutating func add(_ line: String, number: Int) -> (text: String, location: SourceLocation)? {
        // Most lines: no `\` at the end and nothing pending.
        if pending == nil, overflow == nil, line.utf8.last != Self.backslash {
            return (line, SourceLocation(file: file, line: number))
        }
        if var long = overflow {
            // Counted as the joined text would be: indentation and a
            // continuing `\` (with the blanks before it) left out.
            let rest = line.drop { $0 == " " || $0 == "\t" }
            let continues = Self.continues(line, afterTokens: true).continues
            long.bytes += 1 + rest.utf8.count - (continues ? Self.trailingBreak(of: String(rest)) : 0)
            overflow = long
            return continues ? nil : finish()
        }
        // Taken out, so the text and pieces are appended to in place.
        guard var joined = pending.take() else {
            let (continues, hasTokens) = Self.continues(line, afterTokens: false)
            guard continues else { return (line, SourceLocation(file: file, line: number)) }
            let count = line.count
            var location = SourceLocation(file: file, line: number)
            location.pieces = [LinePiece(line: number, text: line, joinedColumn: 1, column: 1, length: count)]
            pending = (line, count, location, hasTokens)
            return nil
        }
        // The previous line's `\` and the blanks before it go; one space joins.
        let dropped = Self.trailingBreak(of: joined.text)
        joined.text.removeSubrange(joined.text.index(joined.text.endIndex, offsetBy: -dropped)...)
        joined.count -= dropped
        joined.location.pieces[joined.location.pieces.count - 1].length -= dropped
        let indentation = line.prefix { $0 == " " || $0 == "\t" }.count
        let rest = line.dropFirst(indentation)
        let restCount = rest.count
        joined.location.pieces.append(LinePiece(line: number, text: line, joinedColumn: joined.count + 2,
                                                column: indentation + 1, length: restCount))
        joined.text += " "
        joined.text += rest
        joined.count += 1 + restCount
        if joined.text.utf8.count > Interpreter.maximumLineLength {
            let continues = Self.continues(String(rest), afterTokens: true).continues
            overflow = (String(joined.text.unicodeScalars.prefix(60)), SourceLocation(file: file, line: joined.location.line),
                        joined.text.utf8.count - (continues ? Self.trailingBreak(of: joined.text) : 0))
            pending = nil
            return continues ? nil : finish()
        }
        let (continues, hasTokens) = Self.continues(String(rest), afterTokens: joined.hasTokens)
        guard continues else { return (joined.text, joined.location) }
        joined.hasTokens = joined.hasTokens || hasTokens
        pending = joined
        return nil
    }

    /// At the end of the input: a command whose last line ended in `\`, as
    /// it stands (the `\` in it), for the interpreter to refuse; nil when
    /// none is pending.
    public mutating func finish() -> (text: String, location: SourceLocation)? {
        defer { (pending, overflow) = (nil, nil) }
        if let long = overflow {
            var location = long.location
            location.overlongBytes = long.bytes
            return (long.start, location)
        }
        return pending.map { ($0.text, $0.location) }
    }

    /// Drops the command being continued (Ctrl-C at a continuation prompt).
    public mutating func abandon() {
        (pending, overflow) = (nil, nil)
    }

    static let backslash = UInt8(ascii: "\\")

    /// Whether `text` ends in a `\` that continues it: one outside a
    /// comment, as the lexer reads what stays of the line; and whether that
    /// has words.
    static func continues(_ text: String, afterTokens: Bool) -> (continues: Bool, hasTokens: Bool) {
        guard text.utf8.last == backslash else { return (false, false) }
        let kept = String(text[..<text.index(text.endIndex, offsetBy: -trailingBreak(of: text))])
        let piece = Lexer.piece(kept, afterTokens: afterTokens)
        return (!piece.endsInComment, piece.hasTokens)
    }

    /// Characters of the `\` at the end of `text` and the spaces and tabs before it.
    /// (Walked from the end: the text of a long continued command is long.)
    static func trailingBreak(of text: String) -> Int {
        var count = 1
        var index = text.index(before: text.endIndex)
        while index > text.startIndex {
            index = text.index(before: index)
            guard text[index] == " " || text[index] == "\t" else { break }
            count += 1
        }
        return count
    }
}
