/// A typed attribute or property value as a person would read it on screen.
public enum AttributeValue: Hashable, Sendable, CustomStringConvertible {
    /// Text.
    case text(String)
    /// A finite number.
    case number(Double)
    /// A Boolean.
    case bool(Bool)
    /// A colour: a name of ``ValueKind/colorNames`` or `#rrggbb` (lowercase).
    case color(String)
    /// A property nobody has set and the view class gives no default for.
    case none

    /// How the value is written in scripts and shown in dumps: text quoted, the rest bare.
    public var description: String {
        switch self {
        case .text(let string): return quoted(string)
        case .number(let number): return AttributeValue.format(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .color(let name): return name
        case .none: return "none"
        }
    }

    /// Equal, and a text spelled with the same bytes (`==` holds `é` and
    /// `e` + U+0301 equal; what a view shows is what was written).
    func isStored(as other: AttributeValue) -> Bool {
        if case .text(let text) = self, case .text(let otherText) = other { return text.isStored(as: otherText) }
        return self == other
    }

    /// The value without quotes (for JSON strings and narration).
    public var plain: String {
        if case .text(let string) = self { return string }
        return description
    }

    /// A number as dumps show it: `3`, `0.5`.
    public static func format(_ number: Double) -> String {
        if abs(number) < 1e15, let integer = Int(exactly: number) { return String(integer) }
        return String(number)
    }
}

/// Quotes a string the way the command language reads it back.
public func quoted(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        default:
            // Anything that would drive a terminal or end a line in a file
            // is written as an escape the shell reads back: `\u{1B}`.
            if scalar.isControlOrLineBreak {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

extension Unicode.Scalar {
    /// C0 and C1 control characters, DEL, and the line and paragraph
    /// separators: never sent raw to a terminal, never written raw to a script.
    public var isControlOrLineBreak: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
    }
}

/// The type of value an attribute takes; decides how a written value is parsed.
public enum ValueKind: String, Sendable, CaseIterable {
    /// Text, a number, a Boolean (`true`, `yes`, `on` and their opposites), a colour.
    case text, number, bool, color

    /// Colour names the catalog knows, in the order suggestions list them.
    public static let colorNames = [
        "black", "blue", "brown", "clear", "cyan", "gray", "green", "magenta",
        "orange", "pink", "purple", "red", "teal", "white", "yellow",
    ]

    /// Parses `raw` (already unquoted) as a value of this kind.
    public func parse(_ raw: String, quoted wasQuoted: Bool) -> Result<AttributeValue, ValueError> {
        switch self {
        case .text:
            return .success(.text(raw))
        case .number:
            if let number = Double(raw), number.isFinite { return .success(.number(number)) }
            return .failure(ValueError(kind: self, raw: raw, suggestion: nil))
        case .bool:
            switch raw {
            case "true", "yes", "on": return .success(.bool(true))
            case "false", "no", "off": return .success(.bool(false))
            default: return .failure(ValueError(kind: self, raw: raw, suggestion: closestName(to: raw, in: ["true", "false"])))
            }
        case .color:
            if ValueKind.colorNames.contains(raw) { return .success(.color(raw)) }
            if raw.first == "#", raw.count == 7 || raw.count == 9,
               raw.dropFirst().allSatisfy({ $0.isHexDigit }) {
                return .success(.color(raw.lowercased()))
            }
            return .failure(ValueError(kind: self, raw: raw, suggestion: closestName(to: raw, in: ValueKind.colorNames)))
        }
    }
}

/// A written value that does not fit its attribute's kind, carried by
/// ``EngineError/invalidValue(attribute:_:)``.
public struct ValueError: Error, Equatable, Sendable {
    /// The kind the attribute takes.
    public var kind: ValueKind
    /// The value as written (unquoted; `{i}` filled as row 0).
    public var raw: String
    /// The nearest value of that kind, for a Boolean or a colour name.
    public var suggestion: String?

    /// An error for `raw`, which a `kind` attribute cannot take.
    public init(kind: ValueKind, raw: String, suggestion: String?) {
        self.kind = kind
        self.raw = raw
        self.suggestion = suggestion
    }
}

extension PropertyValue {
    /// Entries of an additive property, rather than one value.
    public var isEntries: Bool {
        if case .entries = self { return true }
        return false
    }
}
