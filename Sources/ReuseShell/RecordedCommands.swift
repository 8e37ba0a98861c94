import ReuseEngine

/// A state-changing command that succeeded: which command, and its line as typed.
public struct RecordedCommand: Sendable, Hashable {
    /// The command's name (`mount`).
    public var command: String
    /// The line, without surrounding blanks.
    public var line: String

    /// The same command with the same bytes: `save` writes what was typed
    /// (two spellings of one text are equal as strings, not as bytes).
    func isSpelled(as other: RecordedCommand) -> Bool {
        TextBytes.same(line, other.line) && TextBytes.same(command, other.command)
    }

    /// The same two texts held again (the same storage, or the same small
    /// strings): then the same bytes, told without reading them. False
    /// says nothing.
    func isHeld(as other: RecordedCommand) -> Bool {
        line.hasSameRepresentation(as: other.line) && command.hasSameRepresentation(as: other.command)
    }

    /// A hash of the bytes `isSpelled(as:)` compares (FNV-1a: `TextBytes`):
    /// equal spellings hash alike. (`hashValue` hashed the strings as
    /// Unicode text, SipHash after a normalization check: about 3,000
    /// instructions a `set` line.)
    var spellingHash: Int {
        // The line goes on from the command's hash and a byte no UTF-8 text holds.
        let command = UInt64(bitPattern: Int64(TextBytes.hash(self.command)))
        return TextBytes.hash(line, seed: (command ^ 0xFF) &* 0x100_0000_01b3)
    }
}

/// The state-changing commands of a session, oldest first, each with the
/// engine's operation count before it ran (where `undo` goes back to).
///
/// 8 bytes a command: each distinct command stores its text once (a
/// thousand `scroll Feed by 1`, the 100 `set` lines a 50-card screen
/// cycles through), and storage grows a chunk at a time (``ChunkedArray``),
/// never by doubling. Texts are never taken back (``removeLast(_:)``): an
/// `undo` of half a million commands frees no text, and a text typed again
/// after it is named again.
public struct RecordedCommands: RandomAccessCollection, Sendable {
    private struct Entry: Sendable {
        /// Its index in `texts`.
        var text: UInt32
        /// Fewer than 2^32: each operation takes 20 bytes of the engine's journal.
        var operationsBefore: UInt32
    }

    private var entries = ChunkedArray<Entry>()
    /// Distinct commands, in the order they were first typed.
    private var texts = ChunkedArray<RecordedCommand>()
    /// Each text's `spellingHash`, by its index in `texts`.
    private var hashes: [Int] = []
    /// The texts by the hash of their bytes (`RecordedCommand.spellingHash`;
    /// open addressing, linear probing; each slot 0 or
    /// an index in `texts` plus one; at most half full).
    private var slots: [UInt32] = []
    /// The strategy (with its options) in effect before the first command
    /// ran: a replay must start under it (`--strategy naive`, then a switch).
    public internal(set) var startingStrategy: Strategy?

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    public subscript(index: Int) -> RecordedCommand { texts[Int(entries[index].text)] }

    /// The engine's operation count before command `index` ran.
    func operationsBefore(_ index: Int) -> Int { Int(entries[index].operationsBefore) }

    mutating func append(_ command: RecordedCommand, operationsBefore: Int) {
        // Fewer than 2^32 texts: each costs far more than a byte.
        entries.append(Entry(text: UInt32(index(of: command)), operationsBefore: UInt32(operationsBefore)))
    }

    /// A command as this record stored its text, and where: what a line
    /// the shell read before keeps of its last recording
    /// (`LexedLine.recorded`, `FastPaths.lineCache`), a hint checked at
    /// each use.
    struct Stored {
        let command: RecordedCommand
        let index: Int
    }

    /// ``append(_:operationsBefore:)``, trying `stored` first: when the
    /// text at its index holds its very strings (`RecordedCommand.isHeld(as:)`,
    /// no byte read), that is the index the search would find, since the
    /// record keeps one text per spelling. Else the text is found or
    /// stored as usual, and `stored` says where, for the next time.
    /// A hint from another record (a new session's) fails the check or
    /// names the same spelling, so it is never wrong, only useless.
    mutating func append(_ command: RecordedCommand, operationsBefore: Int, stored: inout Stored?) {
        let index: Int
        if let hint = stored, hint.index < texts.count, texts[hint.index].isHeld(as: hint.command) {
            index = hint.index
        } else {
            index = self.index(of: command)
            stored = Stored(command: texts[index], index: index)
        }
        entries.append(Entry(text: UInt32(index), operationsBefore: UInt32(operationsBefore)))
    }

    /// The index of `command` in `texts`, stored now if it is new. The
    /// last command again (a run) is told without hashing.
    private mutating func index(of command: RecordedCommand) -> Int {
        if let last = entries.last, texts[Int(last.text)].isSpelled(as: command) { return Int(last.text) }
        if texts.count * 2 >= slots.count {
            slots = [UInt32](repeating: 0, count: Swift.max(16, slots.count * 2))
            for index in 0..<texts.count { place(index, hash: hashes[index]) }
        }
        let hash = command.spellingHash
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if hashes[index] == hash, texts[index].isSpelled(as: command) { return index }
            slot = (slot + 1) & mask
        }
        texts.append(command)
        hashes.append(hash)
        slots[slot] = UInt32(texts.count)
        return texts.count - 1
    }

    private mutating func place(_ index: Int, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(index + 1)
    }

    /// Forgets the last `count` commands (all of them when `count` is larger).
    mutating func removeLast(_ count: Int) {
        entries.removeLast(count)
    }
}
