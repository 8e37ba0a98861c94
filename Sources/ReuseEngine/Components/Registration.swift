import OrderedCollections

/// A cell type registered with a list under a reuse identifier (UIKit).
///
/// Registering returns a token; the list dequeues its cells by that token,
/// so a script cannot dequeue what it never registered.
public struct CellRegistration: Sendable, Equatable {
    public var token: Int
    public var list: String
    public var cell: String
    public var identifier: String
    /// Headers and footers are registered (and dequeued) apart from cells.
    public var isHeaderFooter: Bool
}

extension Engine {
    /// Registers `cell` with the list type `list` under `identifier` (the cell
    /// component's name by default). Registering again replaces the identifier.
    @discardableResult
    public mutating func register(list: String, cell: String, identifier: String?) throws(EngineError) -> CellRegistration {
        guard let definition = catalog.components[list] else {
            throw .unknownComponent(list, suggestion: closestName(to: list, in: catalog.components.keys))
        }
        guard case .list(let spec) = definition.body else { throw .notAList(list) }
        let supplementary = spec.supplementaries.contains { $0.component == cell }
        guard spec.cells.contains(cell) || supplementary else {
            throw .notACell(list: list, cell: cell, cells: spec.cells + spec.supplementaries.map(\.component))
        }
        if identifier?.isEmpty == true { throw .emptyIdentifier }
        let registration = CellRegistration(token: registrations.count + 1, list: list, cell: cell, identifier: identifier ?? cell,
                                            isHeaderFooter: supplementary && !spec.cells.contains(cell))
        let key = list + "\u{0}" + cell
        var stored = registration
        if let existing = registrations[key] { stored.token = existing.token }
        registrations[key] = stored
        return stored
    }

    /// The registration of `cell` in `list`, if any.
    public func registration(list: String, cell: String) -> CellRegistration? {
        registrations[list + "\u{0}" + cell]
    }

    /// The list types reachable from the mounted components, in definition order.
    public var mountedLists: [String] {
        var found: OrderedSet<String> = []
        var seen: Set<String> = []
        var pending = rootComponents.reversed() as [String]
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let definition = catalog.components[name] else { continue }
            if definition.isList { found.append(name) }
            pending.append(contentsOf: definition.references.reversed())
        }
        return Array(found)
    }
}
