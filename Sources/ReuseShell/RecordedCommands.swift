import Foundation
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
        RecordedCommand.sameBytes(line, other.line) && RecordedCommand.sameBytes(command, other.command)
    }

    /// Whether two strings hold the same UTF-8 bytes: compared in place
    /// with `memcmp` where both are contiguous (native and small strings
    /// always are), else byte by byte. (`elementsEqual` on the UTF-8 views
    /// walked them a byte at a time through the generic iterator: about
    /// 1,000 instructions a `scroll` line.)
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let compared = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
            }
        }
        if let compared, let compared { return compared }
        return a.utf8.elementsEqual(b.utf8)
    }

    /// A hash of the bytes `isSpelled(as:)` compares (FNV-1a, 64 bits):
    /// equal spellings hash alike. (`hashValue` hashed the strings as
    /// Unicode text, SipHash after a normalization check: about 3,000
    /// instructions a `set` line.)
    var spellingHash: Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        func add(_ text: String) {
            let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                for byte in bytes { add(byte) }
            }
            if done == nil { for byte in text.utf8 { add(byte) } }
        }
        add(command)
        // A byte no UTF-8 text holds, between the two.
        add(0xFF)
        add(line)
        return Int(truncatingIfNeeded: hash)
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

    /// The index of `command` in `texts`, stored now if it is new. The
    /// last command again (a run) is told without hashing.
    private mutating func index(of command: RecordedCommand) -> Int {
        if let last = entries.last, texts[Int(last.text)].isSpelled(as: command) { return Int(last.text) }
        if texts.count * 2 >= slots.count {
            slots = [UInt32](repeating: 0, count: Swift.max(16, slots.count * 2))
            for index in 0..<texts.count { place(index, hash: texts[index].spellingHash) }
        }
        let mask = slots.count - 1
        var slot = command.spellingHash & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if texts[index].isSpelled(as: command) { return index }
            slot = (slot + 1) & mask
        }
        texts.append(command)
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
