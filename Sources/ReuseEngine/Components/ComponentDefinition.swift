/// One attribute as a definition wrote it, before per-instance values and
/// row numbers are filled in.
public struct AttributeTemplate: Hashable, Sendable {
    /// The attribute's name: the property it writes.
    public var name: String
    /// The text as written (unquoted); may contain `{i}`, the row index.
    public var raw: String {
        didSet { rowFill = RowFill(raw) }
    }
    /// `raw` split where `{i}` goes, when it holds one: what a list row
    /// fills at every scroll step (``RowFill/filled(row:)``).
    private(set) var rowFill: RowFill?
    /// Written in quotes (kept so `save` writes it back the same way).
    public var wasQuoted: Bool
    /// Already parsed when the text has no `{i}`.
    public var resolved: AttributeValue?
    /// The property it writes, numbered by the catalogue that made the
    /// template (``Catalog/template(_:raw:quoted:)``) or took its
    /// definition (``Catalog/define(_:)``). Equality and hashing ignore it.
    var property = PropertyID.unknown

    /// A template as written; `resolved` is its value when it holds no `{i}`.
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

    /// `raw` with every `{i}` replaced by `row` (`raw` itself when it
    /// holds none).
    public static func filling(_ raw: String, row: Int) -> String {
        RowFill(raw)?.filled(row: row) ?? raw
    }

    /// As a script writes it: `backgroundColor: red`, `text: "Row {i}"`.
    public var written: String {
        "\(name): " + (wasQuoted ? quoted(raw) : raw)
    }
}

/// A view class plus attribute templates: a definition's view configuration.
public struct ViewTemplate: Hashable, Sendable {
    /// The class of the view.
    public var viewClass: String
    /// The configuration's attributes, in the order written.
    public var attributes: [AttributeTemplate]
    /// Loads the component starts each time its view is bound to an item.
    public var loads: [LoadTemplate]

    /// A view of class `viewClass` configured by `attributes`.
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
    /// What a component type is made of.
    public enum Body: Hashable, Sendable {
        /// A plain component. Without a view it mounts its children into the
        /// nearest ancestor view.
        case component(view: ViewTemplate?, children: [String])
        /// A list of `rows` rows of which `viewport` are visible; row `r` is
        /// an instance of `cells[r % cells.count]`.
        case list(ListSpec)
    }

    /// The type's name.
    public var name: String
    /// A plain component or a list.
    public var body: Body

    /// A definition of type `name`.
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

    /// The type is a scrolling list.
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
                + (spec.savesOffset ? " saves offset" : "") + (spec.keys == .id ? " key id" : "")
        }
    }
}

/// The shape of a scrolling list.
public struct ListSpec: Hashable, Sendable {
    /// The most rows a list may have.
    public static let maximumRows = 1_000_000_000_000
    /// The most rows a list may show at once.
    public static let maximumViewport = 100_000

    /// The component type names, in one object: a scroll step copies its
    /// list's spec out of the definition, and a copy is one reference, not
    /// one per field (cells, header, footer).
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

    /// How many rows the list has.
    public var rows: Int
    /// How many rows are on screen at once.
    public var viewport: Int
    private var names: Names

    /// The cell component types: row `r` is an instance of `cells[r % cells.count]`.
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

    /// The app keeps each item's offset (`saves offset`): it saves it as
    /// the list scrolls and restores it when the list's cell is bound to
    /// the item. It matters where the offset is the cell's own state
    /// (UIKit's and RecyclerView's cells): without it, a list inside a
    /// reused cell shows the offset the cell's last item left.
    public var savesOffset: Bool

    /// How the app identifies its rows to the list system (`key index|id`):
    /// what a system that keys by item (Compose's `key`, FlashList's
    /// `keyExtractor`, a diffable data source's identifiers) sees move when
    /// items are inserted or deleted.
    public var keys: RowKeys

    /// A list of `rows` rows, `viewport` on screen, of these cell types.
    public init(rows: Int, viewport: Int, cells: [String], header: String? = nil, footer: String? = nil,
                savesOffset: Bool = false, keys: RowKeys = .index) {
        self.rows = rows
        self.viewport = viewport
        self.names = Names(cells: cells, header: header, footer: footer)
        self.savesOffset = savesOffset
        self.keys = keys
    }

    public static func == (lhs: ListSpec, rhs: ListSpec) -> Bool {
        lhs.rows == rhs.rows && lhs.viewport == rhs.viewport && lhs.savesOffset == rhs.savesOffset && lhs.keys == rhs.keys
            && (lhs.names === rhs.names || (lhs.cells == rhs.cells && lhs.header == rhs.header && lhs.footer == rhs.footer))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rows)
        hasher.combine(viewport)
        hasher.combine(cells)
        hasher.combine(header)
        hasher.combine(footer)
        hasher.combine(savesOffset)
        hasher.combine(keys)
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
    /// Above row 0, or below the last row.
    case header, footer
}

/// A component definition as the mount walk reads it, kept by the catalog
/// beside the definition: a pass looks one up per instance, and a copy of
/// it is one reference, not the definition's view template, children and
/// list spec.
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

/// How an app identifies a list's rows to the list system.
public enum RowKeys: String, Sendable, Hashable, CaseIterable {
    /// By position (Compose's default `DefaultLazyKey(index)`, FlashList's
    /// `index.toString()` without a `keyExtractor`): after an insert, the
    /// key of row 3 names whatever item is at row 3 now.
    case index
    /// By a stable id that moves with its item (a `key = { it.id }`, a
    /// `keyExtractor`, a diffable identifier).
    case id
}
