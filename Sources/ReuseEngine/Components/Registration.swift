/// A cell type registered with a list under a reuse identifier (UIKit).
///
/// Registering returns a token; the list dequeues its cells by that token,
/// so a script cannot dequeue what it never registered. One identifier is
/// one class: registering another cell type under an identifier already in
/// use replaces that entry, and every later dequeue of the identifier makes
/// the new class (Apple's `register(_:forCellReuseIdentifier:)`).
/// Registrations are declarations: they stay across strategy switches, and
/// only `uikit` reads them.
public struct CellRegistration: Sendable, Equatable {
    /// A list type and one of its cell (or header or footer) types.
    public struct Key: Hashable, Sendable {
        /// The list type.
        public var list: String
        /// The cell, header or footer type.
        public var cell: String
    }

    /// A list type's identifier, in the cell queue or the header/footer queue.
    public struct Identifier: Hashable, Sendable {
        /// The list type.
        public var list: String
        /// The reuse identifier.
        public var identifier: String
        /// In the header and footer queue, not the cells'.
        public var isHeaderFooter: Bool

        /// The queue of `identifier` in list type `list`.
        public init(list: String, identifier: String, isHeaderFooter: Bool) {
            self.list = list
            self.identifier = identifier
            self.isHeaderFooter = isHeaderFooter
        }
    }

    /// The token registering returned, numbered from 1 by first registration.
    public var token: Int
    /// The list type.
    public var list: String
    /// The cell, header or footer type registered.
    public var cell: String
    /// The identifier it dequeues with.
    public var identifier: String
    /// Headers and footers are registered (and dequeued) apart from cells.
    public var isHeaderFooter: Bool
    /// When registering: the cell type whose entry for this identifier it replaced.
    public var replaced: String?
}

extension Catalog {
    /// Registers `cell` with the list type `list` under `identifier` (the cell
    /// component's name by default). Registering again replaces the identifier.
    mutating func register(list: String, cell: String, identifier: String?) throws(EngineError) -> CellRegistration {
        guard let definition = components[list] else {
            throw .unknownComponent(list, suggestion: closestName(to: list, in: components.keys))
        }
        guard case .list(let spec) = definition.body else { throw .notAList(ComponentPath([.named(list, index: 0)])) }
        let supplementary = spec.supplementaries.contains { $0.component == cell }
        guard spec.cells.contains(cell) || supplementary else {
            throw .notACell(list: list, cell: cell, cells: spec.cells + spec.supplementaries.map(\.component))
        }
        if identifier?.isEmpty == true { throw .emptyIdentifier }
        let key = CellRegistration.Key(list: list, cell: cell)
        var registration = CellRegistration(token: registrations[key]?.token ?? registrations.count + 1, list: list, cell: cell,
                                            identifier: identifier ?? cell, isHeaderFooter: supplementary && !spec.cells.contains(cell))
        registrations[key] = registration
        let queue = CellRegistration.Identifier(list: list, identifier: registration.identifier,
                                                isHeaderFooter: registration.isHeaderFooter)
        if let previous = registeredClasses[queue], previous != cell { registration.replaced = previous }
        registeredClasses[queue] = cell
        return registration
    }

    /// The identifier `cell` dequeues with in `list`, and the cell type whose
    /// class that identifier makes now (the last one registered under it).
    public func dequeued(cell: String, list: String) -> (identifier: String, makes: String)? {
        guard let registration = registration(list: list, cell: cell) else { return nil }
        let queue = CellRegistration.Identifier(list: list, identifier: registration.identifier,
                                                isHeaderFooter: registration.isHeaderFooter)
        return (registration.identifier, registeredClasses[queue] ?? cell)
    }

    /// Whether `component` is only a header or footer of the list type `list`.
    func isHeaderFooter(_ component: String, of list: String) -> Bool {
        guard case .list(let spec)? = components[list]?.body else { return false }
        return !spec.cells.contains(component) && spec.supplementaries.contains { $0.component == component }
    }

    /// The registration of `cell` in `list`, if any.
    public func registration(list: String, cell: String) -> CellRegistration? {
        registrations[CellRegistration.Key(list: list, cell: cell)]
    }
}
