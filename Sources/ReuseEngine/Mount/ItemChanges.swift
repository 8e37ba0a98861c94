import DequeModule
import OrderedCollections

/// An `insert` or `delete` of items in one list instance.
public enum ItemChange: Sendable, Equatable {
    /// `insert LIST at N count K`: K new items before row N.
    case insert(at: Int, count: Int)
    /// `delete LIST at N count K`: the items of rows N ..< N + K go.
    case delete(at: Int, count: Int)

    /// Where an item that was in row `row` is now; nil when it was deleted.
    public func row(after row: Int) -> Int? {
        switch self {
        case .insert(let at, let count): row < at ? row : row + count
        case .delete(let at, let count): row < at ? row : (row < at + count ? nil : row - count)
        }
    }

    /// The first row whose item moves or goes.
    public var from: Int {
        switch self {
        case .insert(let at, _), .delete(let at, _): at
        }
    }

    /// How far the items after the change move.
    public var delta: Int {
        switch self {
        case .insert(_, let count): count
        case .delete(_, let count): -count
        }
    }

    /// The rows whose items go (none for an insert).
    public var deleted: Range<Int> {
        switch self {
        case .insert(let at, _): at..<at
        case .delete(let at, let count): at..<(at + count)
        }
    }
}

extension Engine {
    // MARK: Items

    /// Inserts `count` new items before row `row` of the list at `list`,
    /// then runs a pass over that list.
    ///
    /// Item data (`set` values, hidden instances, the offsets of lists in
    /// rows) moves with its item. What the list's cells and state do is
    /// the strategy's ``Strategy/rowIdentity``: they follow their items
    /// when the app says which rows changed, or under `key id`; under
    /// `key index` every row keeps its cell and state and shows the item
    /// now at its position.
    @discardableResult
    public mutating func insert(into list: ComponentPath, at row: Int, count: Int = 1, trigger: String) throws(EngineError) -> PassSummary {
        try journaled(.changeItems(list, .insert(at: row, count: count))) { engine throws(EngineError) in
            try engine.changeItems(of: list, .insert(at: row, count: count), trigger: trigger)
        }
    }

    /// Deletes the items of rows `row ..< row + count` of the list at
    /// `list`, then runs a pass over that list (``insert(into:at:count:trigger:)``).
    @discardableResult
    public mutating func delete(from list: ComponentPath, at row: Int, count: Int = 1, trigger: String) throws(EngineError) -> PassSummary {
        try journaled(.changeItems(list, .delete(at: row, count: count))) { engine throws(EngineError) in
            try engine.changeItems(of: list, .delete(at: row, count: count), trigger: trigger)
        }
    }

    /// The step `insert` and `delete` journal and replay.
    mutating func changeItems(of listPath: ComponentPath, _ change: ItemChange, trigger: String) throws(EngineError) -> PassSummary {
        let (path, name, view) = try listTarget(listPath)
        guard let declared = catalog.mountable[name]?.list else { throw .notAList(listPath) }
        guard view != nil else { throw .noView(listPath) }
        let rows = withItems(declared, at: path).rows
        switch change {
        case .insert(let at, let count):
            guard count >= 1, at >= 0, at <= rows, count <= ListSpec.maximumRows - rows else {
                throw .itemsOutOfRange(path, change: change, rows: rows)
            }
        case .delete(let at, let count):
            guard count >= 1, at >= 0, at < rows, count <= rows - at else {
                throw .itemsOutOfRange(path, change: change, rows: rows)
            }
        }
        try checkRootsMountable()
        // Changed in place: a copy taken out of the table would share its
        // nodes with the table's and copy the path it changes.
        session.listItems[path, default: ItemSequence(listType: name, rows: declared.rows)].apply(change)
        let follows = followsItems(declared)
        moveItemData(under: path, change, statesFollow: follows)
        if session.definitionsPending { return runFullPass(trigger: trigger) }
        beginPass(trigger)
        var pass = mountPass(isRelayout: false)
        withNode(along: path) { engine, node in
            guard let host = node.view, let declared = engine.catalog.mountable[node.name]?.list else { return }
            let spec = engine.withItems(declared, at: node.path)
            if follows {
                engine.session.strategy.cells.itemsChanged(change, host: host, store: &engine.session.store)
                engine.moveRows(of: spec, node: &node, host: host, change, pass: &pass)
            } else if engine.session.strategy.cells.dataChange == nil {
                // Every row keeps its cell by position, and the cells are not
                // told: a diffable data source with index identifiers sees
                // the same identifiers in the same places (an insert at the
                // top diffs as an append at the end), so the rows on screen
                // keep showing their old items until reconfigured.
                engine.keepRowsUntold(spec, node: &node, host: host, pass: &pass)
            } else {
                // Every row keeps its cell by position and is configured
                // with the item now there.
                engine.mountList(spec, of: &node, host: host, pass: &pass)
            }
        }
        settle(&pass)
        return session.store.log.lastSummary
    }

    /// Whether a change of items in a list of `spec` moves the other rows'
    /// cells and state with their items: when the app says which rows
    /// changed (``RowIdentity/byItem``), or the system diffs by keys that are ids.
    func followsItems(_ spec: ListSpec) -> Bool {
        session.strategy.rowIdentity == .byItem || keysAreIDs(spec)
    }

    /// Whether the rows of a list of `spec` are known by item ids: its
    /// `key id`, unless the strategy names every list's rows (``Strategy/rowKeys``).
    @inline(__always)
    func keysAreIDs(_ spec: ListSpec) -> Bool {
        (session.strategy.rowKeys ?? spec.keys) == .id
    }

    /// `spec` with the rows the list at `path` has now, when `insert` or
    /// `delete` changed them.
    @inline(__always)
    func withItems(_ spec: ListSpec, at path: ComponentPath) -> ListSpec {
        // Most sessions change no items: no path hashed.
        guard !session.listItems.isEmpty, let items = session.listItems[path] else { return spec }
        var spec = spec
        spec.rows = items.count
        return spec
    }

    /// The cell type of row `row` of the list at `list`: its item's (an
    /// item keeps its type when inserts and deletes move it).
    @inline(__always)
    func cellType(of spec: ListSpec, row: Int, in list: ComponentPath) -> String {
        guard !session.listItems.isEmpty, let items = session.listItems[list], row >= 0, row < items.count else {
            return spec.cell(forRow: row)
        }
        return spec.cell(forRow: items.id(atRow: row))
    }

    /// The item row `row` shows, for the instance at `path` in that row
    /// (the row's own path or one inside it): the row itself until `insert`
    /// or `delete` changed its list.
    @inline(__always)
    func itemID(ofRow row: Int, at path: ComponentPath) -> Int {
        guard !session.listItems.isEmpty, let (list, _) = Engine.row(containing: path),
              let items = session.listItems[list], row >= 0, row < items.count else { return row }
        return items.id(atRow: row)
    }

    /// The key the list on `host` knows row `row` by: the row under `key
    /// index`, its item under `key id` (the same number until `insert` or
    /// `delete` changed the list).
    @inline(__always)
    func itemKey(ofRow row: Int, at path: ComponentPath, host: ViewID) -> Int {
        guard !session.listItems.isEmpty, let list = session.store[host].ownerComponent,
              let spec = catalog.mountable[list]?.list, keysAreIDs(spec) else { return row }
        return itemID(ofRow: row, at: path)
    }

    /// `path` with every row replaced by the item it shows (``ItemPath``).
    public func itemPath(of path: ComponentPath) -> ItemPath {
        var segments: [ComponentPath.Segment] = []
        for (depth, segment) in path.segments.enumerated() {
            if case .row(let row) = segment, !session.listItems.isEmpty,
               let items = session.listItems[path.prefix(depth)], row >= 0, row < items.count {
                segments.append(.row(items.id(atRow: row)))
            } else {
                segments.append(segment)
            }
        }
        return ItemPath(path: path, items: segments)
    }

    /// Moves what belongs to items (values, hidden instances, offsets of
    /// lists in rows, the item lists of lists in rows) with them, and drops
    /// what belonged to deleted items; state kept with items
    /// (``StateHome/item``) moves too when `statesFollow`, and otherwise
    /// stays with its position (only positions past the end go).
    ///
    /// The item data maps (``ItemDataMap``) find the entries in rows from
    /// the change on by their rows: the cost follows those entries, not
    /// how many there are elsewhere. List offsets and pending loads are
    /// still looked at one by one (as many as lists laid out and loads
    /// under way).
    private mutating func moveItemData(under list: ComponentPath, _ change: ItemChange, statesFollow: Bool) {
        let deleted = change.deleted
        let depth = list.segmentCount
        let newCount = session.listItems[list]?.count ?? 0
        /// nil: not in a row of the list from the change on; .some(nil): deleted; else the new path.
        func moved(_ path: ComponentPath) -> ComponentPath?? {
            guard path.segmentCount > depth, let row = path.row(at: depth), row >= change.from, path.hasPrefix(list) else { return nil }
            if deleted.contains(row) { return .some(nil) }
            return .some(path.shiftingRow(under: list, from: change.from, by: change.delta))
        }
        let target = { (row: Int) in change.row(after: row) }
        session.instanceValues.moveRows(under: list, from: change.from, to: target)
        session.hiddenPaths.moveRows(under: list, from: change.from, to: target)
        session.listOffsets.remap(moved)
        session.listItems.moveRows(under: list, from: change.from, to: target)
        if statesFollow {
            session.itemState.moveRows(under: list, from: change.from, to: target)
        } else {
            // State that stays by position: only positions past the new end go.
            session.itemState.moveRows(under: list, from: newCount, to: { _ in nil })
        }
        // A load in flight is its item's: it moves with the item, whether
        // or not the view it captured does.
        session.store.loads.remapPaths(moved)
        // A slot key names its list by path: a list inside a row that moved moves.
        session.savedState.moveRows(under: list, from: change.from, to: target)
    }

    /// The rows a list shows after a change of items that its cells are not
    /// told of: the rows on screen are left as they are (a window that now
    /// reaches past the end, or has room for more rows, is trimmed or filled
    /// as a scroll step would).
    private mutating func keepRowsUntold(_ spec: ListSpec, node: inout MountedNode, host: ViewID, pass: inout MountPass) {
        let path = node.path
        let firstTime = mountRows(of: spec, at: path, host: host, rows: &node.rows, keepsRows: true, pass: &pass)
        if !node.children.isEmpty || hasSupplementaries(spec, host: host) {
            node.children = mountSupplementaries(of: spec, at: path, host: host, keeping: node.children, pass: &pass)
        }
        finishList(spec, at: path, host: host, firstTime: firstTime)
    }

    /// The rows a list shows after a change of items when cells follow
    /// their items (UIKit's `insertRows`/`deleteRows`, RecyclerView's
    /// `notifyItemRange…`): a deleted row's cell is given back; a cell whose
    /// item moved goes with it to its new row, its views' owners renamed
    /// (one `move` event, nothing configured); rows of new items dequeue;
    /// then the window is filled and trimmed as a scroll step would.
    private mutating func moveRows(of spec: ListSpec, node: inout MountedNode, host: ViewID, _ change: ItemChange,
                                   pass: inout MountPass) {
        let path = node.path
        guard var content = session.store.takeRows(of: host), node.rows.count == content.cells.count else {
            mountList(spec, of: &node, host: host, pass: &pass)
            return
        }
        let offset = min(session.listOffsets[path, default: 0], spec.maximumOffset)
        let window = spec.window(at: offset)
        var cells: Deque<ViewID?> = []
        var nodes: Deque<MountedNode> = []
        var firstRow: Int?
        var oldNodes = node.rows
        node.rows = []
        for index in content.cells.indices {
            let row = content.firstRow + index
            let cell = content.cells[index]
            var rowNode = oldNodes[index]
            guard let target = change.row(after: row) else {
                if let cell { release(cell, slot: .row(row), from: host, pass: pass) }
                continue
            }
            guard window.contains(target) else {
                if let cell { release(cell, slot: .row(target), from: host, pass: pass) }
                continue
            }
            // New items between the rows kept (an insert inside the window).
            if let first = firstRow {
                var next = first + cells.count
                while next < target {
                    let (newNode, newCell) = mountRow(next, of: spec, in: path, host: host, cell: nil, pass: &pass)
                    cells.append(newCell)
                    nodes.append(newNode)
                    next += 1
                }
            } else {
                firstRow = target
            }
            if target != row {
                rowNode.follow(under: path, from: row, to: target)
                if let cell { session.store.follow(cell, under: path, from: row, to: target) }
            }
            cells.append(cell)
            nodes.append(rowNode)
        }
        oldNodes = []
        content.cells = cells
        content.firstRow = firstRow ?? window.lowerBound
        session.store.putRows(content, on: host)
        node.rows = nodes
        let firstTime = mountRows(of: spec, at: path, host: host, rows: &node.rows, keepsRows: true, pass: &pass)
        if !node.children.isEmpty || hasSupplementaries(spec, host: host) {
            node.children = mountSupplementaries(of: spec, at: path, host: host, keeping: node.children, pass: &pass)
        }
        finishList(spec, at: path, host: host, firstTime: firstTime)
    }
}

extension MountedNode {
    /// This row's node, and everything in it, renamed from row `from` to
    /// row `to` of the list at `list` (its item moved there).
    mutating func follow(under list: ComponentPath, from: Int, to: Int) {
        if path.segmentCount > list.segmentCount, path.row(at: list.segmentCount) == from,
           let moved = path.shiftingRow(under: list, from: from, by: to - from) {
            path = moved
        }
        if path.segmentCount == list.segmentCount + 1 { row = to }
        for index in children.indices { children[index].follow(under: list, from: from, to: to) }
        for index in rows.indices { rows[index].follow(under: list, from: from, to: to) }
        cache = NodeCache()
    }
}

extension ViewStore {
    /// A cell that follows its item from row `from` to row `to` of the list
    /// at `list`: it and every view in it take the new path as owner
    /// (nothing configured), and the cell records one `move`.
    mutating func follow(_ cell: ViewID, under list: ComponentPath, from: Int, to: Int) {
        for view in subtree(of: cell) {
            guard let owner = self[view].owner, owner.segmentCount > list.segmentCount, owner.row(at: list.segmentCount) == from,
                  let moved = owner.shiftingRow(under: list, from: from, by: to - from) else { continue }
            ownerWillChange(view)
            views[view.number - 1].owner = moved
        }
        recordForOwner(cell, .move(from: from))
    }
}
