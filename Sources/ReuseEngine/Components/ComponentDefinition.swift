/// One attribute as a definition wrote it, before per-instance values and
/// row numbers are filled in.
public struct AttributeTemplate: Hashable, Sendable {
    public var name: String
    /// The text as written (unquoted); may contain `{i}`, the row index.
    public var raw: String {
        didSet { rowFill = RowFill(raw) }
    }
    /// `raw` split where `{i}` goes, when it holds one: what a list row
    /// fills at every scroll step (``RowFill/filled(row:)``).
    public private(set) var rowFill: RowFill?
    /// Written in quotes (kept so `save` writes it back the same way).
    public var wasQuoted: Bool
    /// Already parsed when the text has no `{i}`.
    public var resolved: AttributeValue?
    /// The property it writes, numbered by the catalogue that made the
    /// template (``Catalog/template(_:raw:quoted:)``) or took its
    /// definition (``Catalog/define(_:)``). Equality and hashing ignore it.
    var property = PropertyID.unknown

    public init(name: String, raw: String, wasQuoted: Bool, resolved: AttributeValue?) {
        self.name = name
        self.raw = raw
        self.wasQuoted = wasQuoted
        self.resolved = resolved
        rowFill = RowFill(raw)
    }

    public static func == (lhs: AttributeTemplate, rhs: AttributeTemplate) -> Bool {
        lhs.name == rhs.name && lhs.raw == rhs.raw && lhs.wasQuoted == rhs.wasQuoted && lhs.resolved == rhs.resolved
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(raw)
        hasher.combine(wasQuoted)
        hasher.combine(resolved)
    }

    /// `raw` with every `{i}` replaced by `row` (``RowFill``; `raw` itself
    /// when it holds none).
    public static func filling(_ raw: String, row: Int) -> String {
        RowFill(raw)?.filled(row: row) ?? raw
    }

    /// As a script writes it: `backgroundColor: red`, `text: "Row {i}"`.
    public var written: String {
        "\(name): " + (wasQuoted ? quoted(raw) : raw)
    }
}

/// A template text split once where each `{i}` is (left to right, `{i}`
/// exactly, never overlapping), so that a row's text is written straight
/// from the pieces: a list row fills its templates at every scroll step,
/// and finding the placeholders again each time cost a third more.
public struct RowFill: Hashable, Sendable {
    /// The pieces, in one object: a copy of a template retains one reference.
    private final class Pieces: Sendable {
        /// The text's UTF-8 bytes as written.
        let bytes: [UInt8]
        /// Where each placeholder starts in `bytes`, in order.
        let placeholders: [Int]
        /// A text with one placeholder whose pieces fit an inline string:
        /// the usual row text (`Row {i}`), filled with a few word operations.
        let single: Single?

        init(bytes: [UInt8], placeholders: [Int]) {
            self.bytes = bytes
            self.placeholders = placeholders
            single = Single(bytes, placeholders: placeholders)
        }
    }

    /// The bytes around a text's one placeholder, as inline bytes (``InlineText``).
    private struct Single: Sendable {
        var before: InlineText.Bytes
        var beforeCount: Int
        var after: InlineText.Bytes
        var afterCount: Int
        /// ASCII or not, as the bytes are (digits are ASCII).
        var flags: InlineText.Flags

        /// Nil unless `bytes` hold one placeholder, at `placeholders[0]`,
        /// and fit an inline string around it.
        init?(_ bytes: [UInt8], placeholders: [Int]) {
            guard placeholders.count == 1, bytes.count - 3 < InlineText.capacity,
                  let flags = InlineText.flags(isASCII: bytes.allSatisfy { $0 < 0x80 }) else { return nil }
            let placeholder = placeholders[0]
            before = InlineText.Bytes(bytes[..<placeholder])
            beforeCount = placeholder
            after = InlineText.Bytes(bytes[(placeholder + 3)...])
            afterCount = bytes.count - placeholder - 3
            self.flags = flags
        }
    }

    private let pieces: Pieces
    private var bytes: [UInt8] { pieces.bytes }
    private var placeholders: [Int] { pieces.placeholders }

    /// Made from the same text: the same pieces.
    public static func == (lhs: RowFill, rhs: RowFill) -> Bool {
        lhs.pieces === rhs.pieces || (lhs.bytes == rhs.bytes && lhs.placeholders == rhs.placeholders)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    /// Nil when `raw` holds no `{i}`.
    public init?(_ raw: String) {
        // Scanned in place: most texts hold no placeholder, and make no array.
        var text = raw
        guard let (bytes, placeholders) = text.withUTF8({ bytes -> ([UInt8], [Int])? in
            var placeholders: [Int] = []
            var index = 0
            while index < bytes.count {
                if RowFill.isPlaceholder(bytes, at: index) {
                    placeholders.append(index)
                    index += 3
                } else {
                    index += 1
                }
            }
            return placeholders.isEmpty ? nil : (Array(bytes), placeholders)
        }) else { return nil }
        pieces = Pieces(bytes: bytes, placeholders: placeholders)
    }

    /// Whether `{i}` starts at `index`.
    private static func isPlaceholder(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == UInt8(ascii: "{") && bytes[index + 1] == UInt8(ascii: "i")
            && bytes[index + 2] == UInt8(ascii: "}")
    }

    /// The text with every `{i}` replaced by `row` in decimal.
    /// (Inlined: the fill reads the template where it lies, and retains nothing.)
    @inline(__always)
    public func filled(row: Int) -> String {
        // The usual row text: the number's digits between the bytes before
        // and after the placeholder, all in one inline string.
        if let single = pieces.single, let (digits, digitCount) = InlineText.decimal(row),
           single.beforeCount + digitCount + single.afterCount <= InlineText.capacity {
            var text = single.before | digits.shifted(by: single.beforeCount)
            if single.afterCount > 0 { text = text | single.after.shifted(by: single.beforeCount + digitCount) }
            return InlineText.string(text, count: single.beforeCount + digitCount + single.afterCount, flags: single.flags)
        }
        return written(row: row)
    }

    /// ``filled(row:)`` written byte by byte into a new string.
    @inline(never)
    private func written(row: Int) -> String {
        // The number's digits at the end of 24 bytes on the stack (the
        // longest, Int.min, takes 20).
        var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &storage) { digits in
            var start = digits.count
            var rest = row.magnitude
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if row < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            let length = digits.count - start
            let placeholders = pieces.placeholders
            return pieces.bytes.withUnsafeBufferPointer { text in
                String(unsafeUninitializedCapacity: text.count + placeholders.count * (length - 3)) { out in
                    var written = 0
                    var from = 0
                    for placeholder in placeholders {
                        for index in from..<placeholder { out[written] = text[index]; written += 1 }
                        for index in start..<digits.count { out[written] = digits[index]; written += 1 }
                        from = placeholder + 3
                    }
                    for index in from..<text.count { out[written] = text[index]; written += 1 }
                    return written
                }
            }
        }
    }
}

/// A string of at most 15 UTF-8 bytes made the way Swift holds it inline,
/// in its own two words: the bytes, then a last byte with the flags
/// (ASCII or not) and the count. A row's text is one at nearly every
/// scroll step, and `String(unsafeUninitializedCapacity:)` cost more than
/// the rest of the fill (a buffer, and validating bytes that come from a
/// valid text split at ASCII placeholders, and ASCII digits).
///
/// The layout is checked once against strings Swift made; where it does
/// not hold (another word size or byte order, another standard library),
/// ``flags(isASCII:)`` is nil and strings are made as usual.
enum InlineText {
    /// The most bytes a string holds inline.
    static let capacity = 15

    /// Up to 16 bytes in two little-endian words, the first byte lowest.
    struct Bytes: Sendable, Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init() {}

        /// `bytes` (at most 16; the rest are not read).
        init(_ bytes: some Collection<UInt8>) {
            for (position, byte) in zip(0..<16, bytes) {
                if position < 8 {
                    low |= UInt64(byte) << (8 * position)
                } else {
                    high |= UInt64(byte) << (8 * (position - 8))
                }
            }
        }

        /// The bytes moved up by `count` places (0 to 16), zeros below.
        @inline(__always)
        func shifted(by count: Int) -> Bytes {
            // Smart shifts: by 64 bits or more gives 0.
            let bits = UInt64(truncatingIfNeeded: count) &* 8
            var moved = Bytes()
            moved.low = low << bits
            moved.high = high << bits | low >> (64 &- bits) | low << (bits &- 64)
            return moved
        }

        @inline(__always)
        static func | (lhs: Bytes, rhs: Bytes) -> Bytes {
            var both = lhs
            both.low |= rhs.low
            both.high |= rhs.high
            return both
        }
    }

    /// The last byte's flags, at the top of the second word.
    struct Flags: Sendable {
        fileprivate let bits: UInt64
    }

    /// The flags of inline strings whose bytes are ASCII or not; nil
    /// where strings are not laid out as here.
    static func flags(isASCII: Bool) -> Flags? {
        layoutHolds ? Flags(bits: isASCII ? asciiFlags : otherFlags) : nil
    }

    private static let asciiFlags: UInt64 = 0xE0 << 56
    private static let otherFlags: UInt64 = 0xA0 << 56

    /// Whether strings Swift made here, ASCII and not, empty and full,
    /// have exactly the words ``string(_:count:flags:)`` makes.
    private static let layoutHolds: Bool = {
        guard MemoryLayout<String>.size == MemoryLayout<Bytes>.size else { return false }
        let samples = [("", asciiFlags), ("Row 7", asciiFlags), ("Row 1234567890a", asciiFlags), ("Ряд 7", otherFlags)]
        return samples.allSatisfy { sample, flags in
            let made = String(decoding: Array(sample.utf8), as: UTF8.self)
            let count = made.utf8.count
            return count <= capacity && words(Bytes(made.utf8), count: count, flags: flags) == unsafeBitCast(made, to: Bytes.self)
        }
    }()

    /// The string of the first `count` bytes of `bytes` (the rest zero),
    /// with `flags` (``flags(isASCII:)``): the bytes are valid UTF-8.
    @inline(__always)
    static func string(_ bytes: Bytes, count: Int, flags: Flags) -> String {
        unsafeBitCast(words(bytes, count: count, flags: flags.bits), to: String.self)
    }

    @inline(__always)
    private static func words(_ bytes: Bytes, count: Int, flags: UInt64) -> Bytes {
        var words = bytes
        words.high |= flags | UInt64(truncatingIfNeeded: count) << 56
        return words
    }

    /// A non-negative number below 10^8 in decimal, as inline bytes,
    /// and how many digits; nil for any other.
    ///
    /// All eight digits at once, in the bytes of one word (each split
    /// divides lanes of the word by a multiply and a shift, exact for
    /// these ranges), leading zeros then dropped: a digit at a time, a
    /// division each, cost twice as much.
    @inline(__always)
    static func decimal(_ number: Int) -> (Bytes, count: Int)? {
        guard number >= 0, number < 100_000_000 else { return nil }
        let value = UInt64(truncatingIfNeeded: number)
        // Two 32-bit lanes: the first four digits, then the last four.
        var lanes = value / 10_000 | (value % 10_000) << 32
        // Four 16-bit lanes of two digits: v / 100 is (v * 10486) >> 20 for v < 10^4.
        let hundreds = (lanes &* 10_486) >> 20 & 0x0000_007F_0000_007F
        lanes = hundreds | (lanes &- hundreds &* 100) << 16
        // Eight bytes of one digit: w / 10 is (w * 103) >> 10 for w < 100.
        let tens = (lanes &* 103) >> 10 & 0x000F_000F_000F_000F
        lanes = tens | (lanes &- tens &* 10) << 8
        // The leading zeros are the lowest bytes; zero itself keeps one.
        let zeros = min(lanes.trailingZeroBitCount / 8, 7)
        var bytes = Bytes()
        bytes.low = (lanes &+ 0x3030_3030_3030_3030) >> (8 * zeros)
        return (bytes, 8 - zeros)
    }
}

/// A view class plus attribute templates: a definition's view configuration.
public struct ViewTemplate: Hashable, Sendable {
    public var viewClass: String
    public var attributes: [AttributeTemplate]
    /// Loads the component starts each time its view is bound to an item.
    public var loads: [LoadTemplate]

    public init(viewClass: String, attributes: [AttributeTemplate], loads: [LoadTemplate] = []) {
        self.viewClass = viewClass
        self.attributes = attributes
        self.loads = loads
    }

    /// The configuration of `attributes` when every one is parsed already
    /// (none reads the row, `{i}`); `nil` otherwise.
    static func fixedConfiguration(_ viewClass: String, _ attributes: [AttributeTemplate]) -> ViewConfiguration? {
        var values: [Attribute] = []
        values.reserveCapacity(attributes.count)
        for attribute in attributes {
            guard let value = attribute.resolved else { return nil }
            values.append(Attribute(attribute.name, value, property: attribute.property))
        }
        return ViewConfiguration(viewClass: viewClass, attributes: values)
    }

    /// `UIImageView { image: placeholder } loads image "photo{i}" after 2`
    public var written: String {
        var text = viewClass
        if !attributes.isEmpty { text += " { " + attributes.map(\.written).joined(separator: ", ") + " }" }
        for load in loads { text += " " + load.written }
        return text
    }
}

/// A component type: an optional view configuration and child components, or a
/// scrolling list.
public struct ComponentDefinition: Hashable, Sendable {
    public enum Body: Hashable, Sendable {
        /// A plain component. Without a view it mounts its children into the
        /// nearest ancestor view.
        case component(view: ViewTemplate?, children: [String])
        /// A list of `rows` rows of which `viewport` are visible; row `r` is
        /// an instance of `cells[r % cells.count]`.
        case list(ListSpec)
    }

    public var name: String
    public var body: Body

    public init(name: String, body: Body) {
        self.name = name
        self.body = body
    }

    /// The view template, if the component has a view. Lists are hosted in a
    /// `UIScrollView`.
    public var view: ViewTemplate? {
        switch body {
        case .component(let view, _): return view
        case .list: return ViewTemplate(viewClass: "UIScrollView", attributes: [])
        }
    }

    /// The component types this definition refers to directly.
    public var references: [String] {
        switch body {
        case .component(_, let children): return children
        case .list(let spec): return spec.cells + spec.supplementaries.map(\.component)
        }
    }

    public var isList: Bool {
        if case .list = body { return true }
        return false
    }

    /// The definition as a script line that defines it again.
    public var declaration: String {
        switch body {
        case .component(let view, let children):
            var line = "component \(name)"
            if let view {
                line += " view \(view.viewClass)"
                if !view.attributes.isEmpty {
                    line += " { " + view.attributes.map(\.written).joined(separator: ", ") + " }"
                }
            }
            if !children.isEmpty { line += " children " + children.joined(separator: " ") }
            for load in view?.loads ?? [] { line += " " + load.written }
            return line
        case .list(let spec):
            return "list \(name) rows \(spec.rows) viewport \(spec.viewport) cells " + spec.cells.joined(separator: " ")
                + (spec.header.map { " header \($0)" } ?? "") + (spec.footer.map { " footer \($0)" } ?? "")
        }
    }
}

/// The shape of a scrolling list.
public struct ListSpec: Hashable, Sendable {
    public static let maximumRows = 1_000_000_000_000
    public static let maximumViewport = 100_000

    /// The component type names, in one object: a scroll step copies its
    /// list's spec out of the definition, and a copy retains one reference
    /// instead of three (cells, header, footer).
    private final class Names: Sendable {
        let cells: [String]
        let header: String?
        let footer: String?

        init(cells: [String], header: String?, footer: String?) {
            self.cells = cells
            self.header = header
            self.footer = footer
        }
    }

    public var rows: Int
    public var viewport: Int
    private var names: Names

    public var cells: [String] {
        get { names.cells }
        set { names = Names(cells: newValue, header: names.header, footer: names.footer) }
    }
    /// Shown above row 0 while the window starts at the top.
    public var header: String? {
        get { names.header }
        set { names = Names(cells: names.cells, header: newValue, footer: names.footer) }
    }
    /// Shown below the last row while the window reaches the end.
    public var footer: String? {
        get { names.footer }
        set { names = Names(cells: names.cells, header: names.header, footer: newValue) }
    }

    public init(rows: Int, viewport: Int, cells: [String], header: String? = nil, footer: String? = nil) {
        self.rows = rows
        self.viewport = viewport
        self.names = Names(cells: cells, header: header, footer: footer)
    }

    public static func == (lhs: ListSpec, rhs: ListSpec) -> Bool {
        lhs.rows == rhs.rows && lhs.viewport == rhs.viewport
            && (lhs.names === rhs.names || (lhs.cells == rhs.cells && lhs.header == rhs.header && lhs.footer == rhs.footer))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rows)
        hasher.combine(viewport)
        hasher.combine(cells)
        hasher.combine(header)
        hasher.combine(footer)
    }

    /// The header and footer component types, in that order.
    public var supplementaries: [(kind: Supplementary, component: String)] {
        [(.header, header), (.footer, footer)].compactMap { kind, name in name.map { (kind, $0) } }
    }

    /// The cell component type of row `row`.
    public func cell(forRow row: Int) -> String { cells[row % cells.count] }

    /// The rows visible at `offset`: at most `viewport`, never past the end.
    public func window(at offset: Int) -> Range<Int> {
        let start = max(0, min(offset, rows - 1))
        return start..<min(rows, start + viewport)
    }

    /// The largest offset that still fills the viewport.
    public var maximumOffset: Int { max(0, rows - viewport) }
}

/// A list's header or footer.
public enum Supplementary: String, Sendable, Hashable {
    case header, footer
}

/// A component definition as the mount walk reads it, kept by the catalog
/// beside the definition: a pass looks one up per instance and copies one
/// reference, where a copy of the definition retained its view template,
/// children and list spec each time.
final class MountableDefinition: Sendable {
    let definition: ComponentDefinition
    /// The view template (a list's is its `UIScrollView`), if the component has a view.
    let view: ViewTemplate?
    /// A plain component's children; `nil` for a list.
    let children: [String]?
    /// A list's shape; `nil` for a plain component.
    let list: ListSpec?
    /// The configuration of every instance when no attribute reads the row
    /// and the instance has no values of its own, made once per definition:
    /// a pass hands the same value to every instance, and comparing it with
    /// the one attached to a view finds the same storage at once.
    let fixed: ViewConfiguration?

    init(_ definition: ComponentDefinition) {
        self.definition = definition
        view = definition.view
        fixed = view.flatMap { ViewTemplate.fixedConfiguration($0.viewClass, $0.attributes) }
        switch definition.body {
        case .component(_, let children):
            self.children = children
            list = nil
        case .list(let spec):
            children = nil
            list = spec
        }
    }

    var name: String { definition.name }
}
