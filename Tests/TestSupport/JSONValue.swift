/// A parsed JSON document, keys in document order: what the schema validator reads.
///
/// The parser is strict (RFC 8259): one value and nothing after it, no
/// trailing commas, no unescaped control characters, no leading zeros, and
/// no key twice in one object (the RFC says names SHOULD be unique; a
/// document of this shell's must never repeat one). Integers without a
/// fraction or exponent that fit an `Int` stay exact.
public indirect enum JSONValue: Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// A parse failure: what, and at which byte offset.
    public struct ParseError: Error, CustomStringConvertible {
        public var message: String
        public var offset: Int
        public var description: String { "JSON parse error at byte \(offset): \(message)" }
    }

    /// Parses exactly one JSON document (whitespace around it allowed).
    public static func parse(_ text: String) throws(ParseError) -> JSONValue {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else { throw parser.error("content after the document") }
        return value
    }

    /// The value of `key`, for an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The item at `index`, for an array that has it.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    public var string: String? { if case .string(let text) = self { text } else { nil } }
    public var int: Int? { if case .integer(let value) = self { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var array: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
    public var isNull: Bool { if case .null = self { true } else { false } }
    /// An object's keys, in document order.
    public var keys: [String]? { if case .object(let pairs) = self { pairs.map(\.key) } else { nil } }

    /// The JSON type name, as a schema's `type` says it (`integer` for whole numbers).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .number(let value): value.rounded() == value && value.isFinite ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Equality as JSON means it: numbers by value, objects whatever their key order.
    public func isEqual(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): return Double(a) == b
        case (.number(let a), .number(let b)): return a == b
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.isEqual(to: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { pair in b.contains { $0.key == pair.key && $0.value.isEqual(to: pair.value) } }
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .string(let text): "\"" + text + "\""
        case .array(let items): "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let pairs): "{" + pairs.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0
        /// Deeper documents are refused rather than recursed into.
        static let maximumDepth = 4096

        func error(_ message: String) -> ParseError { ParseError(message: message, offset: position) }

        mutating func skipWhitespace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth < Parser.maximumDepth else { throw error("nested more than \(Parser.maximumDepth) deep") }
            guard position < bytes.count else { throw error("a value was expected, the text ended") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[position])))'")
            }
        }

        mutating func literal(_ word: String) throws(ParseError) {
            let expected = Array(word.utf8)
            guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected else {
                throw error("expected '\(word)'")
            }
            position += expected.count
        }

        mutating func object(depth: Int) throws(ParseError) -> JSONValue {
            position += 1
            var pairs: [(key: String, value: JSONValue)] = []
            var seen = Set<String>()
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(pairs) }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("a key (a string) was expected") }
                let keyStart = position
                let key = try string()
                guard seen.insert(key).inserted else {
                    position = keyStart
                    throw error("the key '\(key)' appears twice in one object")
                }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("':' was expected after a key") }
                position += 1
                skipWhitespace()
                pairs.append((key, try value(depth: depth + 1)))
                skipWhitespace()
                guard position < bytes.count else { throw error("the object is not closed") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(pairs) }
                throw error("',' or '}' was expected")
            }
        }

        mutating func array(depth: Int) throws(ParseError) -> JSONValue {
            position += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                guard position < bytes.count else { throw error("the array is not closed") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                throw error("',' or ']' was expected")
            }
        }

        mutating func hexQuad() throws(ParseError) -> UInt32 {
            guard bytes.count - position >= 4 else { throw error("\\u needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = Character(Unicode.Scalar(bytes[position])).hexDigitValue else { throw error("\\u needs four hex digits") }
                value = value * 16 + UInt32(digit)
                position += 1
            }
            return value
        }

        mutating func string() throws(ParseError) -> String {
            position += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                if !run.isEmpty { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run.removeAll() }
            }
            while true {
                guard position < bytes.count else { throw error("the string is not closed") }
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    position += 1
                    guard position < bytes.count else { throw error("an escape was expected") }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hexQuad()
                        if (0xD800...0xDBFF).contains(code) {
                            guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                                throw error("a high surrogate without its low one")
                            }
                            position += 2
                            let low = try hexQuad()
                            guard (0xDC00...0xDFFF).contains(low) else { throw error("a high surrogate without its low one") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate") }
                        scalars.append(scalar)
                    default: throw error("unknown escape")
                    }
                case 0x00..<0x20:
                    throw error("a control character inside a string must be escaped")
                default:
                    run.append(byte)
                    position += 1
                }
            }
        }

        mutating func number() throws(ParseError) -> JSONValue {
            let start = position
            func digits() -> Int {
                let from = position
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
                return position - from
            }
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else { throw error("a digit was expected") }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
                if position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { throw error("a number has a leading zero") }
            } else {
                _ = digits()
            }
            var isInteger = true
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                isInteger = false
                position += 1
                guard digits() > 0 else { throw error("a digit was expected after '.'") }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                isInteger = false
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                guard digits() > 0 else { throw error("a digit was expected in the exponent") }
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            if isInteger, let value = Int(text) { return .integer(value) }
            guard let value = Double(text) else { throw error("not a number: \(text)") }
            return .number(value)
        }
    }
}
