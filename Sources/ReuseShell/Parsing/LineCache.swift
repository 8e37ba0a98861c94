import Foundation
import ReuseEngine

/// What a line's text alone decides, worked out once for it: its words,
/// the words after the command's name (a command's ``Arguments``), the
/// command's place in ``CommandTable/all`` (nil for an unknown name), and
/// the canonical text (the trigger of the pass it runs). A class, never
/// changed once made: taken from the cache with one retain.
final class LexedLine {
    let tokens: [Token]
    let arguments: [Token]
    let command: Int?
    let canonical: String
    /// What recording this line stored last: the command (its name and
    /// the trimmed line, as stored) and where the record keeps its text.
    /// Made the first time the line is recorded; a line read again
    /// records without trimming, hashing or comparing its text
    /// (`RecordedCommands.append(_:operationsBefore:stored:)` checks the hint).
    var recorded: RecordedCommands.Stored?

    init(_ tokens: [Token]) {
        self.tokens = tokens
        arguments = Array(tokens.dropFirst())
        command = tokens.first.flatMap { CommandTable.index(named: $0.text) }
        canonical = Interpreter.canonicalText(tokens)
    }
}

/// The results of a pure function of a text (reading a line into words,
/// parsing a path), remembered for the texts it was asked of: the shell's
/// front-end shortcuts (`FastPaths.lineCache`, `FastPaths.pathCache`).
/// A script repeats lines (a million `scroll Feed by 1`, the hundred `set`
/// lines a 50-card screen cycles through), and each would be read again.
///
/// Invariant that makes it safe: the value depends on the text alone (no
/// engine state, no setting), and a text is found only under its own
/// bytes (hashed and compared as bytes: `TextBytes`). `String` equality
/// would not do: it is canonical equivalence (`\u{212A}`, KELVIN SIGN,
/// equals `K`), and another spelling of a line reads into words of other
/// bytes, which print. Bounded: at most ``capacity`` texts of at most
/// ``longest`` bytes each, all forgotten when full (no order is kept or
/// printed).
struct TextCache<Value> {
    /// Texts kept at most.
    static var capacity: Int { 256 }
    /// The longest text kept, in bytes.
    static var longest: Int { 512 }

    private var texts: [String] = []
    private var hashes: [Int] = []
    private var values: [Value] = []
    /// Open addressing, linear probing: 0, or an index in `texts` plus
    /// one; twice ``capacity`` slots, so at most half full.
    private var slots: [Int32] = []
    /// The index of the text found or kept last, told by comparing bytes
    /// before any hashing (a run of one line); -1 for none.
    private var last = -1

    /// Texts kept now.
    var count: Int { texts.count }

    /// The value kept for `text`, if any.
    subscript(text: String) -> Value? {
        mutating get {
            if last >= 0, TextBytes.same(texts[last], text) { return values[last] }
            guard !texts.isEmpty, text.utf8.count <= TextCache.longest else { return nil }
            let hash = TextBytes.hash(text)
            guard let index = probe(text, hash: hash).index else { return nil }
            last = index
            return values[index]
        }
    }

    /// Where `text` (of hash `hash`) is: its index in `texts` when kept,
    /// else nil and the empty slot it would take.
    @inline(__always)
    private func probe(_ text: String, hash: Int) -> (slot: Int, index: Int?) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if hashes[index] == hash, TextBytes.same(texts[index], text) { return (slot, index) }
            slot = (slot + 1) & mask
        }
        return (slot, nil)
    }

    /// Keeps `value` for `text` (no longer than ``longest`` bytes), in
    /// place of what was kept for it.
    mutating func keep(_ value: Value, for text: String) {
        guard text.utf8.count <= TextCache.longest else { return }
        if texts.count >= TextCache.capacity { removeAll() }
        if slots.isEmpty { slots = [Int32](repeating: 0, count: 2 * TextCache.capacity) }
        let hash = TextBytes.hash(text)
        let (slot, found) = probe(text, hash: hash)
        if let found {
            values[found] = value
            last = found
            return
        }
        texts.append(text)
        hashes.append(hash)
        values.append(value)
        slots[slot] = Int32(texts.count)
        last = texts.count - 1
    }

    /// Forgets every text.
    mutating func removeAll() {
        texts.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        if !slots.isEmpty { slots = [Int32](repeating: 0, count: slots.count) }
        last = -1
    }
}

/// A text's UTF-8 bytes, hashed and compared as bytes (not as `String`
/// compares: by canonical equivalence).
enum TextBytes {
    /// Whether the two hold the same bytes: compared in place with `memcmp`
    /// where both are contiguous (native and small strings always are),
    /// else byte by byte.
    static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let compared = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
            }
        }
        if let compared, let compared { return compared }
        return a.utf8.elementsEqual(b.utf8)
    }

    /// FNV-1a (64 bits) of the bytes, on from `seed`.
    static func hash(_ text: String, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> Int {
        let hashed = text.utf8.withContiguousStorageIfAvailable { bytes in
            var hash = seed
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
        if let hashed { return Int(truncatingIfNeeded: hashed) }
        var hash = seed
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash)
    }
}
