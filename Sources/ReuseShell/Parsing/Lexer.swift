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

    static func scan(_ line: String) -> Result<[Token], ShellError> {
        let characters = Array(line)
        var tokens: [Token] = []
        var i = 0
        func isBreak(_ c: Character) -> Bool {
            c.isSpace || c == "{" || c == "}" || c == ":" || c == "," || c == "\""
        }
        while i < characters.count {
            let c = characters[i]
            if c.isSpace { i += 1; continue }
            if c == "#", tokens.isEmpty || i + 1 >= characters.count || characters[i + 1].isSpace {
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
                        switch e {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        case "u":
                            // `\u{1B}`: any character by its code point, as `save` writes control characters.
                            guard let (scalar, end) = Lexer.unicodeEscape(characters, at: i) else {
                                return .failure(ShellError("bad escape; write a character by its hex code point like \\u{1B}",
                                                           column: i + 1, length: 2))
                            }
                            text.unicodeScalars.append(scalar)
                            i = end
                            continue
                        default: text.append(e)
                        }
                        i += 2
                        continue
                    }
                    text.append(d)
                    i += 1
                }
                guard closed else {
                    return .failure(ShellError("unterminated string; add a closing '\"'", column: start + 1, length: characters.count - start))
                }
                tokens.append(Token(kind: .string, text: text, column: start + 1, length: i - start))
                continue
            }
            if "{}:,".contains(c), !(c == "{" && startsPlaceholder(characters, at: i)) {
                tokens.append(Token(kind: .punctuation, text: String(c), column: i + 1, length: 1))
                i += 1
                continue
            }
            var text = ""
            while i < characters.count {
                if startsPlaceholder(characters, at: i) {
                    text += "{i}"
                    i += 3
                    continue
                }
                if isBreak(characters[i]) { break }
                text.append(characters[i])
                i += 1
            }
            tokens.append(Token(kind: .word, text: text, column: start + 1, length: i - start))
        }
        return .success(tokens)
    }

    static func startsPlaceholder(_ characters: [Character], at i: Int) -> Bool {
        i + 2 < characters.count && characters[i] == "{" && characters[i + 1] == "i" && characters[i + 2] == "}"
    }

    /// `\u{HEX}` starting at `i` (the backslash): the character and the index
    /// after the closing brace; nil unless 1 to 6 hex digits name a scalar.
    static func unicodeEscape(_ characters: [Character], at i: Int) -> (Unicode.Scalar, Int)? {
        guard i + 3 < characters.count, characters[i + 1] == "u", characters[i + 2] == "{" else { return nil }
        var digits = ""
        var j = i + 3
        while j < characters.count, characters[j] != "}", digits.count <= 6 {
            digits.append(characters[j])
            j += 1
        }
        guard j < characters.count, characters[j] == "}", (1...6).contains(digits.count),
              let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, j + 1)
    }
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
