/// A piece of a command line, with where it starts.
public struct Token: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A bare word: names, numbers, paths, colours (`#ff0000`), `{i}` inside words.
        case word
        /// A double-quoted string; `text` holds it unescaped.
        case string
        /// One of `{ } : ,`.
        case punctuation
    }

    public var kind: Kind
    public var text: String
    /// 1-based column of the first character.
    public var column: Int
    /// Characters the token spans in the line (quotes included).
    public var length: Int

    public var isQuoted: Bool { kind == .string }

    func isPunctuation(_ mark: String) -> Bool { kind == .punctuation && text == mark }
}

/// Splits a line into tokens, and counts the lines it split.
///
/// `#` starts a comment at the start of a line or when followed by a space;
/// `#ff0000` is a word. Inside double quotes `\"`, `\\`, `\n`, `\t` and `\u{HEX}` are escapes.
/// The interpreter owns one lexer and tokenizes each line through it exactly
/// once; commands work on the tokens (and their spans), never on the text again.
public struct Lexer: Sendable {
    /// Lines tokenized so far.
    public private(set) var linesTokenized = 0

    public init() {}

    public mutating func tokenize(_ line: String) -> Result<[Token], ShellError> {
        linesTokenized += 1
        return Lexer.scan(line)
    }

    /// Counts a line whose words the interpreter remembered from an earlier
    /// run of the same text (`FastPaths.lineCache`): read into words once
    /// for this run, as a tokenized line is.
    mutating func countRemembered() {
        linesTokenized += 1
    }

    /// Splits a line into tokens. Columns count characters; an ASCII line
    /// (the usual one) is scanned as bytes, any other as characters, by the
    /// same code.
    static func scan(_ line: String) -> Result<[Token], ShellError> {
        if let ascii = line.utf8.withContiguousStorageIfAvailable({ bytes in bytes.allSatisfy { $0 < 0x80 } ? Array(bytes) : nil }) {
            if let ascii { return scan(units: ascii) }
        } else if line.utf8.allSatisfy({ $0 < 0x80 }) {
            return scan(units: Array(line.utf8))
        }
        return scan(units: Array(line))
    }

    static func scan<Unit: LexUnit>(units characters: [Unit]) -> Result<[Token], ShellError> {
        var reachedComment = false
        return scan(units: characters, afterTokens: false, reachedComment: &reachedComment)
    }

    /// How a piece of a continued line reads (``LineJoiner``): whether it
    /// ends in a comment, and whether it has words. `afterTokens`: words
    /// come before it in the joined line, so a `#` at its start is a comment
    /// only when a space follows.
    static func piece(_ text: String, afterTokens: Bool) -> (endsInComment: Bool, hasTokens: Bool) {
        var reachedComment = false
        let result = scan(units: Array(text), afterTokens: afterTokens, reachedComment: &reachedComment)
        let hasTokens = (try? result.get()).map { !$0.isEmpty } ?? true
        return (reachedComment, hasTokens)
    }

    /// Splits `characters`; sets `reachedComment` when a comment ends the line.
    static func scan<Unit: LexUnit>(units characters: [Unit], afterTokens: Bool,
                                    reachedComment: inout Bool) -> Result<[Token], ShellError> {
        var tokens: [Token] = []
        // A command line has a few words: room for them at once, not
        // grown 1, 2, 4, 8.
        tokens.reserveCapacity(8)
        var i = 0
        func isBreak(_ c: Unit) -> Bool {
            c.isSpace || c == "{" || c == "}" || c == ":" || c == "," || c == "\""
        }
        while i < characters.count {
            let c = characters[i]
            if c.isSpace { i += 1; continue }
            if c == "#", (tokens.isEmpty && !afterTokens) || i + 1 >= characters.count || characters[i + 1].isSpace {
                reachedComment = true
                break
            }
            let start = i
            if c == "\"" {
                var text = ""
                i += 1
                var closed = false
                while i < characters.count {
                    let d = characters[i]
                    if d == "\"" { closed = true; i += 1; break }
                    if d == "\\", i + 1 < characters.count {
                        let e = characters[i + 1]
                        if e == "n" {
                            text.append("\n")
                        } else if e == "t" {
                            text.append("\t")
                        } else if e == "u" {
                            // `\u{1B}`: any character by its code point, as `save` writes control characters.
                            guard let (scalar, end) = Lexer.unicodeEscape(characters, at: i) else {
                                return .failure(ShellError("bad escape; write a character by its hex code point like \\u{1B}",
                                                           column: i + 1, length: 2))
                            }
                            text.unicodeScalars.append(scalar)
                            i = end
                            continue
                        } else {
                            e.append(to: &text)
                        }
                        i += 2
                        continue
                    }
                    d.append(to: &text)
                    i += 1
                }
                guard closed else {
                    return .failure(ShellError("unterminated string; add a closing '\"'", column: start + 1, length: characters.count - start))
                }
                tokens.append(Token(kind: .string, text: text, column: start + 1, length: i - start))
                continue
            }
            if c == "{" || c == "}" || c == ":" || c == ",", !(c == "{" && startsPlaceholder(characters, at: i)) {
                var text = ""
                c.append(to: &text)
                tokens.append(Token(kind: .punctuation, text: text, column: i + 1, length: 1))
                i += 1
                continue
            }
            // A word is its span as written (`{i}` inside it included).
            while i < characters.count {
                if startsPlaceholder(characters, at: i) {
                    i += 3
                    continue
                }
                if isBreak(characters[i]) { break }
                i += 1
            }
            tokens.append(Token(kind: .word, text: Unit.text(characters[start..<i]), column: start + 1, length: i - start))
        }
        return .success(tokens)
    }

    static func startsPlaceholder<Unit: LexUnit>(_ characters: [Unit], at i: Int) -> Bool {
        i + 2 < characters.count && characters[i] == "{" && characters[i + 1] == "i" && characters[i + 2] == "}"
    }

    /// `\u{HEX}` starting at `i` (the backslash): the character and the index
    /// after the closing brace; nil unless 1 to 6 hex digits name a scalar.
    static func unicodeEscape<Unit: LexUnit>(_ characters: [Unit], at i: Int) -> (Unicode.Scalar, Int)? {
        guard i + 3 < characters.count, characters[i + 1] == "u", characters[i + 2] == "{" else { return nil }
        var digits = ""
        var j = i + 3
        while j < characters.count, !(characters[j] == "}"), digits.count <= 6 {
            characters[j].append(to: &digits)
            j += 1
        }
        guard j < characters.count, characters[j] == "}", (1...6).contains(digits.count),
              let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, j + 1)
    }
}

/// What the lexer reads a line as: characters, or, for an ASCII line, bytes
/// (one byte is one character there, and far cheaper to compare).
protocol LexUnit {
    var isSpace: Bool { get }
    /// Equal to an ASCII character.
    static func == (unit: Self, ascii: Unicode.Scalar) -> Bool
    func append(to text: inout String)
    /// The units as text.
    static func text(_ units: ArraySlice<Self>) -> String
}

extension Character: LexUnit {
    static func == (unit: Character, ascii: Unicode.Scalar) -> Bool { unit.asciiValue == UInt8(ascii.value) }
    func append(to text: inout String) { text.append(self) }
    static func text(_ units: ArraySlice<Character>) -> String { String(units) }
}

extension UInt8: LexUnit {
    @inline(__always)
    var isSpace: Bool { self == 0x20 || (0x09...0x0D).contains(self) }
    @inline(__always)
    static func == (unit: UInt8, ascii: Unicode.Scalar) -> Bool { UInt32(unit) == ascii.value }
    func append(to text: inout String) { text.unicodeScalars.append(Unicode.Scalar(self)) }
    static func text(_ units: ArraySlice<UInt8>) -> String { String(decoding: units, as: UTF8.self) }
}

extension Character {
    /// `isWhitespace`, with ASCII answered without a Unicode table lookup
    /// (the lexer asks for every character of every line).
    @inline(__always)
    var isSpace: Bool {
        if let ascii = asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return isWhitespace
    }
}
