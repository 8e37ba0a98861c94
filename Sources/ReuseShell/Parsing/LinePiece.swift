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
    /// The space that joins two lines belongs to the `\` of the first; a
    /// column past the end of the command, to the end of its last line.
    func place(ofColumn column: Int, in joined: String) -> (line: Int, column: Int, text: String) {
        guard !pieces.isEmpty else { return (line, column, joined) }
        let index = pieces.lastIndex { $0.joinedColumn <= column } ?? 0
        let piece = pieces[index]
        let offset = max(0, column - piece.joinedColumn)
        if offset >= piece.length, index < pieces.count - 1 {
            // Past a line's text, on the space that joins it to the next: its `\`.
            return (piece.line, max(1, piece.text.count), piece.text)
        }
        return (piece.line, piece.column + offset, piece.text)
    }
}
