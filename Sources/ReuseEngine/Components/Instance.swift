/// Where a list shows a view: a row, its header or its footer.
public enum Slot: Hashable, Sendable, CustomStringConvertible {
    /// A row, by number.
    case row(Int)
    /// The list's header.
    case header
    /// The list's footer.
    case footer

    /// The row number, for a row.
    public var row: Int? {
        if case .row(let row) = self { return row }
        return nil
    }

    /// `row 3`, `the header`, `the footer`.
    public var description: String {
        switch self {
        case .row(let row): "row \(row)"
        case .header: "the header"
        case .footer: "the footer"
        }
    }
}

/// The component instance a step is done for.
public struct Instance: Sendable {
    /// Its component type.
    public var component: String
    /// Its path; ``ComponentPath/display`` is how users see it.
    public var path: ComponentPath
    /// Where its list shows it, when the instance is a list's cell, header or footer.
    public var slot: Slot?
    /// For a list row's cell: the key the list knows the row by (the list's
    /// `key`: the row's item under `key id`, the row under `key index`).
    public var itemKey: Int?

    /// The instance of `component` at `path`.
    public init(component: String, path: ComponentPath, slot: Slot? = nil) {
        self.component = component
        self.path = path
        self.slot = slot
    }
}

/// A component about to mount into a parent, with what it will ask for.
public struct PlannedBlock: Sendable {
    /// The instance.
    public var instance: Instance
    /// The key of the view it will ask for.
    public var key: ViewKey
    /// The configuration it will apply.
    public var configuration: ViewConfiguration
}
