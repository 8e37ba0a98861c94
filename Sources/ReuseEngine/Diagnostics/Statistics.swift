/// Running totals of a session and measures of its state, as `stats` prints them.
public struct Statistics: Sendable, Equatable {
    /// Steps of every pass so far, by ``Stat``.
    public var counts: EventCounts
    /// Passes run so far.
    public var passes: Int
    /// Properties visible views show that their configuration would not (``Engine/leaks(of:)``).
    public var leaks: Int
    /// Views alive now (the root included) and at most so far.
    public var views: Int
    /// The most views alive at once so far.
    public var peakViews: Int
    /// Views held by a mounted instance and visible.
    public var visibleViews: Int
    /// Views hidden themselves, or detached (RecyclerView's cache and pool).
    public var hiddenViews: Int
    /// Views not hidden themselves but inside a hidden view.
    public var viewsUnderHidden: Int
    /// Views out of the hierarchy, waiting in the pool of their class (Valdi).
    public var detachedViews: Int
    /// Component instances alive (visible ones, or every list item under `valdi-attach`).
    public var liveComponents: Int
    /// Under a strategy whose list rows are nodes that keep their views
    /// (``Strategy/keepsNodes``, Texture): the nodes allocated, one per
    /// item of every list alive, since a list allocates every item's node
    /// when the item is inserted; nil under every other strategy.
    public var nodes: Int?
    /// Under the same strategies: the nodes whose views are loaded (a
    /// node's view loads when its row first shows and never unloads),
    /// shown or not; nil under every other strategy.
    public var nodeViews: Int?

    /// The value of any stat.
    public subscript(stat: Stat) -> Int {
        switch stat {
        case .passes: passes
        case .leaks: leaks
        case .views: views
        case .visible: visibleViews
        case .peakViews: peakViews
        case .liveComponents: liveComponents
        default: counts[stat]
        }
    }
}

extension Engine {
    /// The session's totals and measures of its state now, as `stats` prints them.
    public var statistics: Statistics {
        var visible = 0, hidden = 0, underHidden = 0, detached = 0, nodeViews = 0, nodes = 0
        let keepsNodes = session.strategy.keepsNodes
        // Every view but the root, read in place (as `visibility(of:)`
        // reads them): a copy of each view cost the most of `stats` where
        // views pile up (theodolite-2019 keeps every hidden view: 100,000
        // after 100,000 scroll lines).
        let views = session.store.views
        for index in views.indices.dropFirst() {
            if keepsNodes, !views[index].isRemoved {
                if views[index].poolKey?.qualifier == .node { nodeViews += 1 }
                // A list's view alive: every item of its list has a node.
                if views[index].list != nil, let path = views[index].owner, let name = views[index].ownerComponent,
                   let spec = catalog.mountable[name]?.list {
                    nodes += withItems(spec, at: path).rows
                }
            }
            switch session.store.visibility(of: ViewID(index + 1)) {
            case .visible: visible += 1
            // A Recycler's detached cell (cache, pool) still has its list
            // as host and counts as hidden; a view out of every hierarchy,
            // in the pool of its class (Valdi), counts as detached.
            case .hidden, .detached(from: .some): hidden += 1
            case .insideHidden: underHidden += 1
            case .detached(from: nil): detached += 1
            case .removed: break
            }
        }
        return Statistics(counts: session.store.log.totals, passes: session.store.log.currentPass, leaks: leaks().count,
                          views: session.store.aliveCount, peakViews: session.store.peakViews, visibleViews: visible,
                          hiddenViews: hidden, viewsUnderHidden: underHidden, detachedViews: detached,
                          liveComponents: liveComponents, nodes: keepsNodes ? nodes : nil,
                          nodeViews: keepsNodes ? nodeViews : nil)
    }

    /// Component instances alive: the visible mounted ones, or, when the
    /// strategy keeps one component per list item, every item's tree.
    var liveComponents: Int {
        switch session.strategy.liveComponents {
        case .mounted:
            return instances.filter { !$0.isHidden }.count
        case .everyListItem:
            var count = 0
            for node in instances where !node.isHidden && node.row == nil {
                count = count.addingSaturated(1)
                guard case .list(let spec)? = catalog.components[node.name]?.body, !spec.cells.isEmpty else { continue }
                // Every item has its component tree alive: rows of each cell type
                // times that type's tree size.
                let types = spec.cells.count
                for (index, cell) in spec.cells.enumerated() {
                    let rowsOfType = spec.rows / types + (index < spec.rows % types ? 1 : 0)
                    count = count.addingSaturated(rowsOfType.multipliedSaturated(treeSize(of: cell)))
                }
            }
            return count
        }
    }

    /// Components in one instance of `name`'s tree (itself and every
    /// descendant). Mountable trees are at most ``Catalog/maximumDepth`` deep
    /// and ``Catalog/maximumInstances`` large, which bounds this walk.
    private func treeSize(of name: String) -> Int {
        guard let definition = catalog.components[name], case .component(_, let children) = definition.body else { return 1 }
        return children.reduce(1) { $0.addingSaturated(treeSize(of: $1)) }
    }
}
