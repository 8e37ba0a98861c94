import ReuseEngine

/// A state-changing command that succeeded: which command, and its line as typed.
public struct RecordedCommand: Sendable, Equatable {
    /// The command's name (`mount`).
    public var command: String
    /// The line, without surrounding blanks.
    public var line: String
}

/// The state-changing commands of a session, oldest first, each with the
/// engine's operation count before it ran (where `undo` goes back to).
///
/// 16 bytes a command: a run of one command (a thousand `scroll Feed by 1`)
/// stores its text once, and storage grows a chunk at a time
/// (``ChunkedArray``), never by doubling.
public struct RecordedCommands: RandomAccessCollection, Sendable {
    private struct Entry: Sendable {
        /// Its index in `texts`.
        var text: UInt32
        var operationsBefore: Int
    }

    private var entries = ChunkedArray<Entry>()
    /// Distinct commands, in order: consecutive equal ones share one.
    private var texts = ChunkedArray<RecordedCommand>()
    /// The strategy (with its options) in effect before the first command
    /// ran: a replay must start under it (`--strategy naive`, then a switch).
    public internal(set) var startingStrategy: Strategy?

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    public subscript(index: Int) -> RecordedCommand { texts[Int(entries[index].text)] }

    /// The engine's operation count before command `index` ran.
    func operationsBefore(_ index: Int) -> Int { entries[index].operationsBefore }

    mutating func append(_ command: RecordedCommand, operationsBefore: Int) {
        if texts.last != command { texts.append(command) }
        // Fewer than 2^32 texts: each costs far more than a byte.
        entries.append(Entry(text: UInt32(texts.count - 1), operationsBefore: operationsBefore))
    }

    /// Forgets the last `count` commands (all of them when `count` is larger).
    mutating func removeLast(_ count: Int) {
        entries.removeLast(count)
        texts.removeAll(from: entries.last.map { Int($0.text) + 1 } ?? 0)
    }
}
