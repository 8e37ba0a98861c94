// Upstream read: Shopify/flash-list @4c6abc3 (main, 2026-07-08, v2.3.x),
// fetched whole; paths under src/recyclerview/, `L12-30` = lines there.
// The rule by rule reading, with its corrections to
// ../shared/systems/flashlist.md, is Documentation/research/compose-flashlist.md,
// section 2.

extension StrategyDescriptor {
    /// Shopify's FlashList v2: it recycles React component instances (render
    /// keys), not native views; a row's cell here is that component, with
    /// its view and its state.
    ///
    /// Options: `pool N` (`maxItemsInRecyclePool`; 1000000 stands for
    /// upstream's `Number.MAX_SAFE_INTEGER`, no limit), `draw N` (the draw
    /// distance, in rows; upstream's is 250 px, here 0 by default so that
    /// the rows mounted are the rows on screen), `keys list|index|id` (the
    /// stable id: `list`, the default, takes each list's `key`; `id` is a
    /// `keyExtractor` on every list, `index` none, upstream's
    /// `index.toString()`); the item type is the cell type.
    /// Views outside lists are React components reconciled by position.
    public static let flashList = StrategyDescriptor(
        name: "flashlist",
        defaults: [StrategyOption(name: "pool", value: FlashListCells.unlimited), StrategyOption(name: "draw", value: 0),
                   StrategyOption(name: "keys", value: 0, kind: .choice(FlashListCells.keysWords))],
        rules: [
            "A row's cell is a React component instance (a render key): its views and its",
            "state go together. One sync per pass (RenderStackManager.sync): cells of rows",
            "that left go to the pool of their item type first (the cell type), so entering",
            "rows of the same pass take them (a jump reuses the whole window).",
            "An entering row takes back the cell its stable id still owns, else the pooled",
            "cell of its type created first (the pool is a Set filled in key creation",
            "order), else a new one. Cells nobody takes stay mounted off screen (shown here",
            "as hidden). If the item at a stable id changed type, the id keeps its render",
            "key but React unmounts the old component (its state goes) and mounts another.",
            "keys list|index|id: the stable id (keyExtractor ?? index): 'list' takes each",
            "list's key ('key id' is a keyExtractor); 'id' and 'index' set it for all.",
            "draw N: rows drawn beyond the viewport (drawDistance, 250 px upstream; 0",
            "here), 30% behind and 70% ahead in the scroll direction: real, mounted rows.",
            "pool N (maxItemsInRecyclePool, no limit by default): spares past N are",
            "unmounted, newest created first; pool 0 still hands freed cells to rows",
            "entering in the same sync.",
            "A re-render is React's diff: changed props set, removed ones reset, so no view",
            "property goes stale. State (useState) stays with the component and shows on",
            "its next item; 'prepare CELL resets-state NAME on item' is useRecyclingState.",
            "Under key index an insert leaves every cell on its position: its state shows",
            "on the item now there.",
            "Source: Shopify/flash-list src/recyclerview/RenderStackManager.ts,",
            "ViewHolderCollection.tsx, RecyclerViewManager.ts, hooks/useRecyclingState.ts.",
        ]
    ) { settings in
        let cells = FlashListCells(poolLimit: settings.values[0], drawDistance: settings.values[1])
        let keys = min(max(0, settings.values[2]), FlashListCells.keysWords.count - 1)
        return Strategy(
            name: "flashlist",
            summary: "recycles component instances per item type"
                + (cells.poolLimit >= FlashListCells.unlimited ? "" : ", at most \(cells.poolLimit) spare")
                + (keys == 0 ? "" : ", every list keyed by \(FlashListCells.keysWords[keys])"),
            poolNote: "list hosts keep one pool of component instances per item type (cell type), handed out in creation order; spares stay mounted"
                + (cells.poolLimit >= FlashListCells.unlimited ? ", without limit" : ", at most \(cells.poolLimit)") + "; other parents as under theodolite",
            options: [StrategyOption(name: "pool", value: cells.poolLimit), StrategyOption(name: "draw", value: cells.drawDistance),
                      StrategyOption(name: "keys", value: keys, kind: .choice(FlashListCells.keysWords))],
            keying: ComponentShapeKeying(),
            parents: PositionalVend(),
            application: ApplyChanged(),
            cells: cells,
            cellApplication: ReactRender(),
            reuseHook: nil,
            liveComponents: .mounted,
            rowIdentity: .byKey,
            rowKeys: [nil, RowKeys.index, RowKeys.id][keys],
            stateHome: .view)
    }
}

/// FlashList's render stack for each list (`RenderStackManager.ts`).
///
/// The engine gives back the cells of rows that left before any row enters
/// (step 1 of `sync`, L66-84: keys freed first), then mounts entering rows
/// in ascending order (L86-98). A cell whose row stays is kept (L86-91).
struct FlashListCells: CellReuse {
    /// `Number.MAX_SAFE_INTEGER` (L34), as an option value.
    static let unlimited = 1_000_000
    /// The `keys` option's words: each list's own `key`, or one for all.
    static let keysWords = ["list", "index", "id"]
    let poolLimit: Int

    /// The stable id each cell rendered last (`keyMap`'s `stableId`).
    private var stableIDs: [ViewID: Int] = [:]
    /// Per host: the spare cells (pooled, still rendered), by the stable
    /// id they rendered (`stableIdMap`).
    private var spares: [ViewID: [Int: ViewID]] = [:]

    /// Rows drawn beyond the viewport (`drawDistance`, as rows).
    let drawDistance: Int
    /// Per host: the first visible row of the last pass, for the scroll direction.
    private var lastVisible: [ViewID: Int] = [:]

    init(poolLimit: Int, drawDistance: Int) {
        self.poolLimit = poolLimit
        self.drawDistance = drawDistance
    }

    var drawsBeyondViewport: Bool { drawDistance > 0 }

    /// `EngagedIndicesTracker.updateScrollOffset` (L64-80, L125-163): the
    /// visible rows plus a buffer of `draw` rows, 30% behind and 70% ahead
    /// in the scroll direction (forward until the list scrolls back); the
    /// part of a side that the list's end cuts off goes to the other side.
    mutating func engagedRows(_ visible: Range<Int>, rows: Int, host: ViewID) -> Range<Int> {
        let forward = visible.lowerBound >= (lastVisible[host] ?? 0)
        lastVisible[host] = visible.lowerBound
        let behind = drawDistance * 3 / 10, ahead = drawDistance - behind
        var before = forward ? behind : ahead, after = forward ? ahead : behind
        let roomBefore = visible.lowerBound, roomAfter = rows - visible.upperBound
        if before > roomBefore { after += before - roomBefore; before = roomBefore }
        if after > roomAfter { before = min(roomBefore, before + after - roomAfter); after = roomAfter }
        return (visible.lowerBound - before)..<(visible.upperBound + after)
    }

    var keying: (any Keying)? { nil }
    /// A nested FlashList's offset is its own state, kept by the app's item.
    var offsetTravelsWithCell: Bool { false }
    /// A component's children are reconciled as any components.
    var subviewKeying: (any Keying)? { nil }
    var prefetches: Bool { false }
    /// `set` on a row: new data for the item, re-rendered in place.
    var dataChange: RowReload? { .reconfigure }

    /// The item type: `getItemType ?? "default"`, here the cell type (L442-447).
    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        ViewKey(component: component, viewClass: nil, shape: nil, qualifier: .itemType)
    }

    /// `syncItem` (L226-252): `stableIdMap.get(stableId) ||
    /// getKeyFromRecyclePool(itemType) || generateKey()`. The pool is a Set
    /// rebuilt in `keyMap` order each sync (L62-84), so it hands out the
    /// spare created first (the lowest view id).
    mutating func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance,
                          store: inout ViewStore) -> Vended {
        let stableID = instance.itemKey ?? slot.row ?? 0
        var found: ViewID?
        if let own = spares[host]?[stableID], store[own].poolKey != key {
            // The key stays with its stable id whatever the type (L86-98:
            // `stableIdMap.get(stableId)` is asked before the pool; L264-272
            // retypes it), but React sees another component under it: the
            // old one is unmounted with its state, a new one mounted.
            spares[host]?[stableID] = nil
            stableIDs[own] = nil
            store.remove(own, from: host, reason: .itemTypeChanged(to: instance.component))
        } else if let own = spares[host]?[stableID] {
            found = own
        } else if let waiting = store.pool(key, in: host)?.waiting, let first = waiting.min(by: { $0.number < $1.number }) {
            found = first
        }
        if let view = found, let taken = store.takeWaiting(view, key: key, host: host, for: instance) {
            if let old = stableIDs[view] { spares[host]?[old] = nil }
            stableIDs[view] = stableID
            return Vended(view: view, acquisition: .taken(taken))
        }
        let view = store.createView(viewClass, key: key, in: host, for: instance)
        stableIDs[view] = stableID
        return Vended(view: view, acquisition: .created)
    }

    /// `recycleKey` (L204-220): the cell goes to its type's pool and stays
    /// rendered; its stable id still finds it (L86-91).
    mutating func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        store.recycle(cell, in: host)
        if let stableID = stableIDs[cell] { spares[host, default: [:]][stableID] = cell }
    }

    /// `set` on a row: the item's new data, re-rendered on its cell.
    func update(_ cell: ViewID, key: ViewKey, viewClass: String, slot: ReuseEngine.Slot, host: ViewID,
                for instance: Instance, store: inout ViewStore) -> Vended {
        store.keep(cell, key: key, in: host, for: instance)
    }

    /// A data change re-renders the row's component in place.
    func reload(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, payload: Bool, host: ViewID,
                for instance: Instance, store: inout ViewStore) -> Vended {
        store.keep(cell, key: key, in: host, for: instance)
    }

    /// No reloadRows: the row's component re-renders in place.
    func replace(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, host: ViewID,
                 for instance: Instance, store: inout ViewStore) -> Vended {
        store.keep(cell, key: key, in: host, for: instance)
    }

    /// New data: a sync in which every row keeps its key (L86-91).
    func reloadAll(_ shown: [(slot: Slot, view: ViewID)], host: ViewID, store: inout ViewStore) -> Bool { false }

    /// `cleanup` (L178-198): past `maxItemsInRecyclePool` spares, the newest
    /// created are unmounted.
    mutating func didMount(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, store: inout ViewStore) {
        guard let spare = spares[host], spare.count > poolLimit else { return }
        let newestFirst = spare.values.sorted { $0.number > $1.number }
        for view in newestFirst.prefix(spare.count - poolLimit) {
            if let stableID = stableIDs.removeValue(forKey: view) { spares[host]?[stableID] = nil }
            store.remove(view, from: host, reason: .poolFull(viewType: store[view].ownerComponent ?? "?", capacity: poolLimit))
        }
    }

    func prefetchRows(host: ViewID, window: Range<Int>, rows: Int, forward: Bool) -> [Int] { [] }
    func willPrefetch(row: Int, host: ViewID) {}
    func didPrefetch(_ cell: ViewID?, row: Int, host: ViewID, store: inout ViewStore) {}

    /// A spare keeps the stable id it rendered: under `key id` its item
    /// moved with its id; under `key index` its position's id is the same.
    func itemsChanged(_ change: ItemChange, host: ViewID, store: inout ViewStore) {}

    mutating func forget(host: ViewID) { spares[host] = nil }
    func cached(in host: ViewID) -> [CachedCell] { [] }
    func validate(lists: @autoclosure () -> [String], catalog: Catalog) throws(EngineError) {}
}

/// React's reconciliation of a re-rendered component (a `ViewHolder`'s
/// new props): a changed prop is set, an equal one left, a removed one reset.
struct ReactRender: Application {
    var configureBinds: Bool { false }

    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        store.applyDiff(view, to: configuration, for: instance)
    }
}
