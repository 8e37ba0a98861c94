/// A JSON value as a DivKit card needs it: objects keep their keys' order.
indirect enum ParsedJSON: Equatable {
    case object([(key: String, value: ParsedJSON)])
    case array([ParsedJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    static func == (lhs: ParsedJSON, rhs: ParsedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    subscript(key: String) -> ParsedJSON? {
        if case .object(let entries) = self { return entries.first { $0.key == key }?.value }
        return nil
    }

    var string: String? { if case .string(let text) = self { text } else { nil } }
    var number: Double? { if case .number(let value) = self { value } else { nil } }
    var array: [ParsedJSON]? { if case .array(let values) = self { values } else { nil } }
    var entries: [(key: String, value: ParsedJSON)]? { if case .object(let entries) = self { entries } else { nil } }

    /// A scalar as text: a string itself, a number as written, true/false.
    var scalarText: String? {
        switch self {
        case .string(let text): text
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .bool(let value): value ? "true" : "false"
        default: nil
        }
    }
}

/// A strict JSON reader that names the line and column of the first
/// problem (an import refuses a broken card rather than guess at it).
/// Linear in the text; nesting is bounded so a hostile file cannot exhaust the stack.
struct JSONText {
    struct Failure: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    static let maximumDepth = 512

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    static func parse(_ text: String) throws(Failure) -> ParsedJSON {
        var reader = JSONText(scalars: Array(text.unicodeScalars))
        reader.skipSpace()
        if reader.peek == "\u{FEFF}" { reader.index += 1 }
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.index < reader.scalars.count { throw reader.failure("unexpected '\(reader.scalars[reader.index])' after the document") }
        return value
    }

    private init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func failure(_ message: String) -> Failure {
        Failure(line: line, column: index - lineStart + 1, message: message)
    }

    private mutating func skipSpace() {
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{FEFF}" {
            if scalar == "\n" {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> ParsedJSON {
        guard depth < JSONText.maximumDepth else { throw failure("nested more than \(JSONText.maximumDepth) deep") }
        skipSpace()
        guard let scalar = peek else { throw failure("the text ends where a value was expected") }
        switch scalar {
        case "{":
            index += 1
            var entries: [(key: String, value: ParsedJSON)] = []
            skipSpace()
            if peek == "}" {
                index += 1
                return .object(entries)
            }
            while true {
                skipSpace()
                guard peek == "\"" else { throw failure(peek == nil ? "the text ends inside an object (expected '}')" : "expected a quoted key") }
                let key = try string()
                skipSpace()
                guard peek == ":" else { throw failure("expected ':' after the key \"\(key)\"") }
                index += 1
                entries.append((key, try value(depth: depth + 1)))
                skipSpace()
                if peek == "," { index += 1; continue }
                if peek == "}" { index += 1; return .object(entries) }
                throw failure(peek == nil ? "the text ends inside an object (expected '}')" : "expected ',' or '}' in an object")
            }
        case "[":
            index += 1
            var values: [ParsedJSON] = []
            skipSpace()
            if peek == "]" {
                index += 1
                return .array(values)
            }
            while true {
                values.append(try value(depth: depth + 1))
                skipSpace()
                if peek == "," { index += 1; continue }
                if peek == "]" { index += 1; return .array(values) }
                throw failure(peek == nil ? "the text ends inside an array (expected ']')" : "expected ',' or ']' in an array")
            }
        case "\"":
            return .string(try string())
        case "t": return try word("true", .bool(true))
        case "f": return try word("false", .bool(false))
        case "n": return try word("null", .null)
        default:
            return try number()
        }
    }

    private mutating func word(_ text: String, _ value: ParsedJSON) throws(Failure) -> ParsedJSON {
        let letters = Array(text.unicodeScalars)
        guard index + letters.count <= scalars.count, Array(scalars[index..<(index + letters.count)]) == letters else {
            throw failure("expected a value (a string, number, object, array, true, false or null)")
        }
        index += letters.count
        return value
    }

    private mutating func number() throws(Failure) -> ParsedJSON {
        let start = index
        while let scalar = peek, "+-0123456789.eE".unicodeScalars.contains(scalar) { index += 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        guard !text.isEmpty, let value = Double(text) else {
            index = start
            throw failure("expected a value (a string, number, object, array, true, false or null)")
        }
        return .number(value)
    }

    private mutating func string() throws(Failure) -> String {
        index += 1 // the opening quote
        var result = String.UnicodeScalarView()
        var pendingHigh: UInt32?
        while true {
            guard let scalar = peek else { throw failure("the text ends inside a string (expected '\"')") }
            if scalar == "\n" { throw failure("a line break inside a string (expected '\"' first)") }
            index += 1
            if scalar == "\"" { break }
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard let escape = peek else { throw failure("the text ends inside an escape") }
            index += 1
            switch escape {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "b": result.append("\u{8}")
            case "f": result.append("\u{C}")
            case "u":
                guard index + 4 <= scalars.count, let code = UInt32(String(String.UnicodeScalarView(scalars[index..<(index + 4)])), radix: 16) else {
                    throw failure("expected four hex digits after \\u")
                }
                index += 4
                if (0xD800...0xDBFF).contains(code) {
                    pendingHigh = code
                    continue
                }
                if (0xDC00...0xDFFF).contains(code), let high = pendingHigh {
                    let combined = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                    result.append(Unicode.Scalar(combined) ?? "\u{FFFD}")
                } else {
                    result.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                }
            default: result.append(escape)
            }
            pendingHigh = nil
        }
        return String(result)
    }
}
