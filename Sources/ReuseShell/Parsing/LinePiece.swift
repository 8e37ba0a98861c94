/// One line of a command continued over several (each but the last ending
/// in `\`): where its text went in the joined command.
///
/// The joined command is each line's text without the `\` and the spaces
/// around the break, one space apart (``LineJoiner``). An error in it is
/// shown on the line its offending text came from.
public struct LinePiece: Equatable, Sendable {
    /// The line's number in its file.
    public var line: Int
    /// The line as written, `\` included (what an error shows).
    public var text: String
    /// The 1-based column in the joined command where this line's text starts.
    public var joinedColumn: Int
    /// The 1-based column in this line where that text starts (after its indentation).
    public var column: Int
    /// Characters of this line in the joined command.
    public var length: Int
}

extension SourceLocation {
    /// The line, the column in it and its text for `column` of `joined`
    /// (the command run from this location): the line a continued command's
    /// text came from; the location's own line for a command on one line.
    /// The space that joins two lines belongs to the `\` of the first.
    func place(ofColumn column: Int, in joined: String) -> (line: Int, column: Int, text: String) {
        guard let first = pieces.first else { return (line, column, joined) }
        let piece = pieces.last { $0.joinedColumn <= column } ?? first
        let offset = max(0, column - piece.joinedColumn)
        guard offset < piece.length else {
            // Past the line's text: its `\`, the line's last character.
            return (piece.line, max(1, piece.text.count), piece.text)
        }
        return (piece.line, piece.column + offset, piece.text)
    }
}
