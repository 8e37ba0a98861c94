/// A list's cell type whose cells never wait in a pool for another row:
/// each row of the type gets a new cell (or only its own back), because of
/// how the system is set up, not because of the rows. Not a broken
/// invariant: `check` lists it, with the reason and the fix, so that the
/// outcome is never silent.
public struct NeverPooledCells: Sendable, Equatable, CustomStringConvertible {
    /// The list's instance.
    public var list: ComponentPath
    /// The list's type, which `register` names.
    public var listType: String
    /// The cell's component type.
    public var component: String
    /// Why the system never pools them, and the fix.
    public var reason: CellsNotPooled

    /// `Feed's Ad cells are never pooled: …; fix: …`
    public var description: String {
        "\(list.display)'s \(component) cells are never pooled: \(reason.why); fix: \(reason.fix)"
    }
}

/// Why a system never pools a cell type's cells, and what makes it pool
/// them (``CellReuse/neverPooled(_:list:catalog:)``).
public struct CellsNotPooled: Sendable, Equatable {
    /// The reason, in the system's own terms.
    public var why: String
    /// What the user writes to change it.
    public var fix: String

    public init(why: String, fix: String) {
        self.why = why
        self.fix = fix
    }
}

extension CellReuse {
    /// Most systems pool every cell type.
    public func neverPooled(_ component: String, list: String, catalog: Catalog) -> CellsNotPooled? { nil }
}

extension Engine {
    /// The cell types of the mounted lists that the strategy never pools,
    /// each once per list, in instance order, then in the list's cell order.
    public func neverPooledCells() -> [NeverPooledCells] {
        guard !session.definitionsPending else { return [] }
        var found: [NeverPooledCells] = []
        for node in instances where !node.isHidden {
            guard node.view != nil, let declared = catalog.mountable[node.name]?.list else { continue }
            let spec = withItems(declared, at: node.path)
            var seen: Set<String> = []
            for cell in spec.cells where seen.insert(cell).inserted {
                if let reason = session.strategy.cells.neverPooled(cell, list: node.name, catalog: catalog) {
                    found.append(NeverPooledCells(list: node.path, listType: node.name, component: cell, reason: reason))
                }
            }
        }
        return found
    }
}
