/// A list row whose views show what their item asked for when they were
/// last configured, not what it asks for now: the system was not told of
/// the change (a diffable data source with id identifiers after `set`,
/// index identifiers after `insert`). By design, not a broken invariant;
/// `check` lists them so that the outcome is never silent.
public struct StaleRow: Sendable, Equatable, CustomStringConvertible {
    public var view: ViewID
    public var path: ComponentPath
    /// What the view shows (its attached configuration).
    public var shows: ViewConfiguration?
    /// What its instance asks for now.
    public var asks: ViewConfiguration

    /// `v3 Feed/0: shows UILabel { text: "Row 0" }, its item asks for UILabel { text: "Row 10" }`
    public var description: String {
        "\(view) \(path.display): shows \(shows?.description ?? "nothing"), its item asks for \(asks)"
    }
}

extension Engine {
    /// What a mounted instance asks for now, worked out from the catalogue
    /// (``configurationFromScratch(of:at:row:)``): a row's own node keeps its
    /// position, and `{i}` is the item it shows (nodes inside a row keep
    /// the item already).
    func configurationAsked(by node: MountedNode) -> ViewConfiguration? {
        let fill = node.row.map { row in node.path.segments.last == .row(row) ? itemID(ofRow: row, at: node.path) : row }
        return configurationFromScratch(of: node.name, at: node.path, row: fill)
    }

    /// The views of list rows that show an older configuration than their
    /// instance asks for, under a strategy whose cells are not told of data
    /// changes (``CellReuse/dataChange`` nil); empty under every other
    /// strategy, where such a view is a broken invariant instead.
    /// In instance order.
    public func staleRows() -> [StaleRow] {
        guard session.strategy.cells.dataChange == nil, !session.definitionsPending else { return [] }
        var stale: [StaleRow] = []
        for node in instances {
            guard let view = node.view, Engine.row(containing: node.path) != nil else { continue }
            guard let asks = configurationAsked(by: node) else { continue }
            let shows = session.store[view].attached
            if shows != asks { stale.append(StaleRow(view: view, path: node.path, shows: shows, asks: asks)) }
        }
        return stale
    }
}
