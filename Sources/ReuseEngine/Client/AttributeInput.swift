/// An attribute value as a Swift client gives it: typed, where the shell
/// writes text.
///
/// Write the value for the attribute's kind (``ValueKind``): text for
/// `text`, `image`, `font` and other text attributes, a number for `alpha`
/// or `cornerRadius`, a Boolean for `isUserInteractionEnabled`, a colour for
/// `backgroundColor`. Literals stand for the common cases:
///
/// ```swift
/// try engine.defineComponent("Title", view: "UILabel", attributes: [
///     "text": "Row {i}",             // .text: {i} becomes the row number
///     "textColor": .color("red"),    // a colour name or #rrggbb
///     "alpha": 0.5,                  // .number
///     "isUserInteractionEnabled": false,
/// ])
/// ```
///
/// The engine reads a value as it reads the same value written in a script
/// (``written``): a typed definition and the shell's `component` command go
/// through one path, check the same things and fail with the same
/// ``EngineError``s. So a value of another kind is read by the attribute's
/// kind, as the shell would: `.text("red")` is the colour red for
/// `backgroundColor`, and `.bool(true)` for `alpha` is refused as
/// ``EngineError/invalidValue(attribute:_:)``.
public enum AttributeInput: Hashable, Sendable {
    /// Text. Inside a list row, each `{i}` is replaced by the row number
    /// (`"Row {i}"` is `Row 0`, `Row 1`, ...; elsewhere `{i}` is 0).
    case text(String)
    /// A number; an attribute with a range refuses one outside it.
    case number(Double)
    /// A Boolean.
    case bool(Bool)
    /// A colour: one of ``ValueKind/colorNames`` or `#rrggbb` (`#rrggbbaa`).
    case color(String)
    /// The row number itself, read by the attribute's kind (the shell's
    /// bare `{i}`): `"score": .rowNumber` is 0, 1, 2, ... down a list. A
    /// number outside the attribute's range is clamped to it in a row.
    case rowNumber

    /// The value as a script writes it: its text and whether it is quoted
    /// (text is; numbers, Booleans, colours and `{i}` are not).
    ///
    /// This is the one translation between the typed API and the engine:
    /// the engine parses `raw` by the attribute's kind, exactly as it
    /// parses `attr: value` typed in the shell.
    public var written: (raw: String, quoted: Bool) {
        switch self {
        case .text(let text): (text, true)
        case .number(let number): (AttributeValue.format(number), false)
        case .bool(let flag): (flag ? "true" : "false", false)
        case .color(let name): (name, false)
        case .rowNumber: ("{i}", false)
        }
    }

    /// The value as the shell's command line writes it: `"Row {i}"`, `0.5`, `red`.
    public var script: String {
        let (raw, isQuoted) = written
        return isQuoted ? quoted(raw) : raw
    }
}

extension AttributeInput: ExpressibleByStringInterpolation {
    /// A string literal is ``text(_:)``.
    public init(stringLiteral value: String) { self = .text(value) }

    /// An interpolated string literal is ``text(_:)``.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self = .text(String(stringInterpolation: stringInterpolation))
    }
}

extension AttributeInput: ExpressibleByFloatLiteral {
    /// A floating-point literal is ``number(_:)``.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension AttributeInput: ExpressibleByIntegerLiteral {
    /// An integer literal is ``number(_:)``.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension AttributeInput: ExpressibleByBooleanLiteral {
    /// `true` and `false` are ``bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// Attributes by name, in the order given: a configuration's attributes, or
/// a view class's property defaults.
///
/// Written as a dictionary literal, `["text": "Row {i}", "alpha": 0.5]`,
/// but ordered, and keeping a name given twice (the engine refuses it with
/// ``EngineError/duplicateAttribute(_:)``, as the shell does). Built from
/// pairs when the attributes are computed:
///
/// ```swift
/// let attributes = AttributeList(zip(names, values))
/// ```
public struct AttributeList: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One attribute: its name and value.
    public struct Entry: Sendable, Hashable {
        /// The attribute's name (`backgroundColor`).
        public var name: String
        /// Its value.
        public var value: AttributeInput

        /// An attribute named `name` with value `value`.
        public init(_ name: String, _ value: AttributeInput) {
            self.name = name
            self.value = value
        }
    }

    /// The attributes, in the order given.
    public var entries: [Entry]

    /// The attributes of a dictionary literal, in its order.
    public init(dictionaryLiteral elements: (String, AttributeInput)...) {
        entries = elements.map { Entry($0.0, $0.1) }
    }

    /// The attributes of `pairs`, in their order.
    public init(_ pairs: some Sequence<(String, AttributeInput)>) {
        entries = pairs.map { Entry($0.0, $0.1) }
    }

    /// The attributes as the shell-facing API takes them: name, written
    /// text, quoted (``AttributeInput/written``).
    var written: [(name: String, raw: String, quoted: Bool)] {
        entries.map { entry in
            let (raw, isQuoted) = entry.value.written
            return (entry.name, raw, isQuoted)
        }
    }

    /// `{ text: "Row {i}", alpha: 0.5 }`, or "" when empty: as a script writes them.
    var script: String {
        entries.isEmpty ? "" : "{ " + entries.map { "\($0.name): \($0.value.script)" }.joined(separator: ", ") + " }"
    }
}
