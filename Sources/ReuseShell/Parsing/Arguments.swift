import ReuseEngine

/// The tokens after a command name, read front to back with helpful errors.
public struct Arguments {
    public let command: Token
    public private(set) var tokens: [Token]
    private(set) var position = 0
    /// The whole line, for ``endColumn``.
    private let line: String
    /// Column just past the last token (where "expected ..." errors point);
    /// counted only when an error needs it.
    var endColumn: Int { line.count + 1 }
    /// The token read as the command's PATH, if any.
    private(set) var pathToken: Token?

    init(command: Token, tokens: [Token], line: String) {
        self.command = command
        self.tokens = tokens
        self.line = line
    }

    public var isAtEnd: Bool { position >= tokens.count }
    public var peek: Token? { position < tokens.count ? tokens[position] : nil }
    public var remaining: [Token] { Array(tokens[min(position, tokens.count)...]) }

    func peekIsWord(_ text: String) -> Bool { peek?.kind == .word && peek?.text == text }

    mutating func next() -> Token? {
        guard let token = peek else { return nil }
        position += 1
        return token
    }

    func missing(_ what: String) -> ShellError {
        ShellError("\(command.text): expected \(what)", column: endColumn, length: 1)
    }

    /// The next token, which must be a bare word.
    mutating func word(_ what: String) throws(ShellError) -> Token {
        guard let token = next() else { throw missing(what) }
        guard token.kind == .word else {
            throw ShellError("\(command.text): expected \(what), found '\(token.text)'", at: token)
        }
        return token
    }

    /// The next token, which must be a name (letters, digits, `_`, `-`, `.`).
    mutating func name(_ what: String) throws(ShellError) -> Token {
        let token = try word(what)
        guard isIdentifier(token.text) else {
            throw ShellError("\(command.text): '\(token.text)' is not a valid \(what) (use letters, digits and _)", at: token)
        }
        return token
    }

    /// The next token, which must be this keyword.
    mutating func keyword(_ keyword: String) throws(ShellError) {
        guard let token = next() else { throw missing("'\(keyword)'") }
        guard token.kind == .word, token.text == keyword else {
            throw ShellError("\(command.text): expected '\(keyword)', found '\(token.text)'", at: token)
        }
    }

    /// Consumes the keyword if it comes next.
    mutating func accept(_ keyword: String) -> Bool {
        if peekIsWord(keyword) { position += 1; return true }
        return false
    }

    /// The next token as an integer within `range`.
    mutating func integer(_ what: String, in range: ClosedRange<Int>) throws(ShellError) -> (Int, Token) {
        let token = try word(what)
        // Digits, optionally grouped by single underscores (`1_000_000`), as
        // Swift writes them; no sign but a leading minus. Read as bytes.
        var overflowed = false
        guard let value = Arguments.wholeNumber(token.text, overflowed: &overflowed) else {
            // Written as a whole number, but beyond Int: out of range, as a large one within Int is.
            if overflowed {
                throw ShellError("\(command.text): \(what) must be between \(range.lowerBound) and \(range.upperBound), not \(token.text)", at: token)
            }
            throw ShellError("\(command.text): '\(token.text)' is not a whole number", at: token)
        }
        guard range.contains(value) else {
            throw ShellError("\(command.text): \(what) must be between \(range.lowerBound) and \(range.upperBound), not \(value)", at: token)
        }
        return (value, token)
    }

    /// `1234`, `-5`, `1_000`: the value, or nil (also on overflow).
    static func wholeNumber(_ text: String) -> Int? {
        var overflowed = false
        return wholeNumber(text, overflowed: &overflowed)
    }

    /// As ``wholeNumber(_:)``; `overflowed` is set when the text is a whole
    /// number as written but beyond Int.
    static func wholeNumber(_ text: String, overflowed: inout Bool) -> Int? {
        var digits = Substring(text).utf8
        var negative = false
        if digits.first == UInt8(ascii: "-") { negative = true; digits = digits.dropFirst() }
        var value = 0
        var previousWasDigit = false
        for byte in digits {
            if byte == UInt8(ascii: "_") {
                guard previousWasDigit else { return nil }
                previousWasDigit = false
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            // Built downward for a negative number, so Int.min fits.
            let digit = Int(byte - UInt8(ascii: "0"))
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            // Past Int: the rest is still read, to tell a large number from a malformed one.
            if overflow || overflow2 { overflowed = true }
            value = sum
            previousWasDigit = true
        }
        guard previousWasDigit else { overflowed = false; return nil }
        return overflowed ? nil : value
    }

    /// A value: a word or a quoted string. `what` is made only for an
    /// error (`set` names its attribute in it: a string built every line).
    mutating func value(_ what: @autoclosure () -> String) throws(ShellError) -> Token {
        guard let token = next() else { throw missing(what()) }
        guard token.kind != .punctuation else {
            throw ShellError("\(command.text): expected \(what()), found '\(token.text)'", at: token)
        }
        return token
    }

    /// The argument an engine error is about: the one that plays its role.
    func token(for subject: ErrorSubject) -> Token? {
        switch subject {
        case .name(let text), .value(let text):
            return tokens.first { $0.text == text }
        case .reference(let text):
            return tokens.last { $0.text == text }
        case .view(let view):
            return tokens.first { $0.text == view.description } ?? pathToken
        case .path(let path):
            if let pathToken { return pathToken }
            return tokens.first { token in
                guard case .success(let typed) = ComponentPath.parse(token.text) else { return false }
                return typed == path || path.segments.starts(with: typed.segments)
            }
        case .mountedPath:
            return pathToken
        case .containing(let text):
            return tokens.first { $0.text == text }
                ?? tokens.first { $0.kind == .word && ($0.text.contains(text) || text.contains($0.text)) }
        }
    }

    /// Marks the token read as the command's PATH (errors about paths point at it).
    mutating func markPath(_ token: Token) { pathToken = token }

    /// Fails on anything left over.
    func end() throws(ShellError) {
        if let token = peek {
            throw ShellError("\(command.text): unexpected '\(token.text)'", at: token)
        }
    }

    /// ``options(flags:valued:)`` with the options a command declares
    /// (``CommandSpec/options``).
    mutating func options(_ declared: [CommandOption]) throws(ShellError) -> (flags: Set<String>, values: [String: Token], rest: [Token]) {
        try options(flags: Set(declared.filter { !$0.takesValue }.map(\.name)), valued: Set(declared.filter(\.takesValue).map(\.name)))
    }

    /// `--name` flags and `--name VALUE` options, in any order among the
    /// remaining tokens; returns the other tokens. Unknown flags are errors.
    mutating func options(flags: Set<String>, valued: Set<String>) throws(ShellError) -> (flags: Set<String>, values: [String: Token], rest: [Token]) {
        var found: Set<String> = []
        var values: [String: Token] = [:]
        var rest: [Token] = []
        while let token = next() {
            if token.kind == .word, token.text.hasPrefix("--") {
                let name = String(token.text.dropFirst(2))
                if flags.contains(name) {
                    found.insert(name)
                } else if valued.contains(name) {
                    guard var value = next(), value.kind != .punctuation else {
                        throw ShellError("\(command.text): --\(name) needs a value", at: token)
                    }
                    // `--kind hide,reuse`: the lexer splits at commas; join them back.
                    while let comma = peek, comma.isPunctuation(","), position + 1 < tokens.count,
                          tokens[position + 1].kind == .word {
                        let item = tokens[position + 1]
                        value.text += "," + item.text
                        value.length = item.column + item.length - value.column
                        position += 2
                    }
                    values[name] = value
                } else {
                    let all = flags.union(valued).sorted().map { "--" + $0 }
                    let hint = closestName(to: token.text, in: all).map { "; did you mean '\($0)'?" } ?? ""
                    throw ShellError("\(command.text): unknown option '\(token.text)'\(hint)", at: token)
                }
            } else {
                rest.append(token)
            }
        }
        return (found, values, rest)
    }
}
