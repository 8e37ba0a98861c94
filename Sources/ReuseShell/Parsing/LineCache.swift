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
/// Invariant that makes it safe: the value depends on the text's bytes
/// alone (no engine state, no setting), and only ASCII texts are kept or
/// looked up. For ASCII texts, `String` equality (canonical equivalence,
/// what a `Dictionary` key compares) is byte equality; a non-ASCII text
/// may equal another spelling of itself (`\u{212A}` is `K`), whose words
/// would print other bytes, so it is never looked up. Bounded: at most
/// ``capacity`` texts of at most ``longest`` bytes each, all forgotten when
/// full (no order is kept or printed).
struct TextCache<Value> {
    /// Texts kept at most.
    static var capacity: Int { 256 }
    /// The longest text kept, in bytes.
    static var longest: Int { 512 }

    private var values: [String: Value] = [:]
    /// The text asked last and its value, told by comparing bytes, before
    /// any hashing (a run of one line).
    private var last: (text: String, value: Value)?

    /// Texts kept now.
    var count: Int { values.count }

    /// The value kept for `text`, if any.
    subscript(text: String) -> Value? {
        mutating get {
            if let last, RecordedCommand.sameBytes(last.text, text) { return last.value }
            guard TextCache.isKept(text), let value = values[text] else { return nil }
            last = (text, value)
            return value
        }
    }

    /// Keeps `value` for `text` (an ASCII text no longer than ``longest``).
    mutating func keep(_ value: Value, for text: String) {
        guard TextCache.isKept(text) else { return }
        if values.count >= TextCache.capacity { values.removeAll(keepingCapacity: true) }
        values[text] = value
        last = (text, value)
    }

    /// Forgets every text.
    mutating func removeAll() {
        values.removeAll()
        last = nil
    }

    /// Whether `text` may be kept and looked up: ASCII, and not too long.
    static func isKept(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.count <= longest else { return false }
        if let ascii = bytes.withContiguousStorageIfAvailable({ $0.allSatisfy { $0 < 0x80 } }) { return ascii }
        return bytes.allSatisfy { $0 < 0x80 }
    }
}
