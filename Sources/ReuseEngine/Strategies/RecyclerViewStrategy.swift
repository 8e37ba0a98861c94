// Upstream read: androidx recyclerview as mirrored in AlanCheen/recyclerview-mirror
// @041abfb (recyclerview 1.3.0-era sources, October 2022), files under
// recyclerview/src/main/java/androidx/recyclerview/widget/. Line numbers below
// are that revision's.

extension StrategyDescriptor {
    /// Android's RecyclerView with a LinearLayoutManager (`../shared/REFERENCE.md`,
    /// section 5; upstream `RecyclerView.java`, `GapWorker.java`,
    /// `LinearLayoutManager.java`).
    ///
    /// Options: `cache N` (`setItemViewCacheSize`, default 2), `pool N` (the
    /// RecycledViewPool's size per view type, `DEFAULT_MAX_SCRAP` 5), `pool
    /// TYPE N` (`setMaxRecycledViews` for one view type), `prefetch N` (how
    /// many positions the layout manager hands GapWorker after each scroll
    /// step, 1 for a linear layout, 0 for `setItemPrefetchEnabled(false)`;
    /// the cache grows by as many), `shared on` (one pool for every list,
    /// `setRecycledViewPool`). Views outside lists behave as under `theodolite`.
    public static let recyclerView = StrategyDescriptor(
        name: "recyclerview",
        defaults: [StrategyOption(name: "cache", value: 2), StrategyOption(name: "pool", value: 5),
                   StrategyOption(name: "prefetch", value: 1), StrategyOption(name: "shared", value: 0, kind: .flag)],
        perSubject: "pool",
        rules: [
            "Lookup for a slot: scrap, then the view cache by exact position (still bound: no",
            "rebind; of another view type: to the pool), then the RecycledViewPool of the view",
            "type (last in, first out; rebound), then a new view.",
            "A scroll step lays out each entering row before it recycles the row that left",
            "(LinearLayoutManager.fill), so the entering row cannot take that row's view.",
            "A recycled view is detached from the list: into the cache (cache N, plus prefetch N",
            "once prefetch has run), the oldest cached view going to the pool (pool N per type,",
            "pool TYPE N for one), dropped when that pool is full.",
            "After each scroll step GapWorker prefetches the next prefetch N rows in the",
            "direction of the scroll: bound off screen into the cache, so the next step takes",
            "them with no create and no bind.",
            "shared on: one pool for every list (setRecycledViewPool, as nested carousels share",
            "one; views move to the list that takes them).",
            "A holder makes its subviews in onCreateViewHolder and keeps them. A list inside a",
            "holder keeps its position in its LayoutManager, so a rebound holder brings it",
            "('saves offset' restores each item's). set on a row is notifyItemChanged (a",
            "second holder; 'reload PATH payload' binds in place); reload LIST is",
            "notifyDataSetChanged: every holder invalid, the cache and the shown holders to",
            "the pool, last child first.",
            "insert and delete are notifyItemRangeInserted/Removed: holders follow their",
            "items, and so does the cache (offsetPositionRecordsForInsert/Remove, 7391-7431;",
            "a removed item's cached holder goes to the pool). state is a holder's field:",
            "it goes with the holder ('prepare ... resets-state' runs in onViewRecycled).",
            "So does a ComposeView cell's remember{}: its composition stays through the",
            "cache and the pool and is disposed when the pool drops the view",
            "(ViewCompositionStrategy.Default, DisposeOnDetachedFromWindowOrReleasedFromPool).",
            "Source: androidx recyclerview RecyclerView.java (Recycler), GapWorker.java,",
            "LinearLayoutManager.java.",
        ]
    ) { settings in
        let values = settings.values
        let cells = RecyclerCells(cacheSize: values[0], poolSize: values[1], prefetch: values[2], sharesPool: values[3] != 0,
                                  poolSizes: settings.perSubject)
        let perType = settings.perSubject.map { "\($0.subject) \($0.value)" }.joined(separator: ", ")
        return Strategy(
            name: "recyclerview",
            summary: "cache by position (\(cells.cacheSize)\(cells.prefetch > 0 ? " + \(cells.prefetch) prefetch" : "")), then pool per type (\(cells.poolSize)\(perType.isEmpty ? "" : "; " + perType))" + (cells.sharesPool ? ", shared" : ""),
            poolNote: "list hosts: cached and pooled views are detached from the list; a cache of \(cells.cacheSize) views by position"
                + (cells.prefetch > 0 ? " (\(cells.cacheSize + cells.prefetch) once scrolling prefetch runs, which binds the next \(cells.prefetch == 1 ? "row" : "\(cells.prefetch) rows") ahead)" : "")
                + ", then " + (cells.sharesPool ? "one pool shared by every list" : "a pool") + " of at most \(cells.poolSize) per view type; other parents as under theodolite",
            options: [StrategyOption(name: "cache", value: cells.cacheSize), StrategyOption(name: "pool", value: cells.poolSize),
                      StrategyOption(name: "prefetch", value: cells.prefetch), StrategyOption(name: "shared", value: cells.sharesPool ? 1 : 0, kind: .flag)]
                + settings.perSubject.map { StrategyOption(name: "pool", subject: $0.subject, value: $0.value) },
            keying: ComponentShapeKeying(),
            parents: PositionalVend(),
            application: ApplyChanged(),
            cells: cells,
            cellApplication: BindViewHolder(),
            reuseHook: .onViewRecycled,
            liveComponents: .mounted,
            rowIdentity: .byItem,
            stateHome: .view)
    }
}

/// The Recycler: scrap and a view cache by position, then a RecycledViewPool
/// per view type, with LinearLayoutManager's order of work in a scroll step
/// and GapWorker's prefetch.
///
/// Three rules the audit of this model pinned, each from the code:
///
/// - **Fill before recycle.** `scrollBy` (LinearLayoutManager.java
///   1457-1481) calls `fill` (1646-1700). For a step of whole rows nothing
///   has left the viewport yet when `fill` begins (`updateLayoutState`,
///   1302-1344, sets `mScrollingOffset` to 0, so the `recycleByLayoutState`
///   call before the loop, 1650-1656, recycles nothing); inside the loop
///   `layoutChunk` (1667) obtains and adds the entering row first, and only
///   then `recycleByLayoutState` (1685-1691, 1622-1633, `recycleViewsFromStart`
///   1527-1559) retires the row it pushed out. So a row that leaves is given
///   back through ``release(_:slot:host:relayout:store:)`` but recycled only
///   once as many rows have entered as left before it: the k-th row to
///   leave is recycled just before the (k+1)-th entering row is obtained,
///   the last at the end of the step (``didMount(_:at:host:firstTime:store:)``).
/// - **Detached, not hidden.** `removeAndRecycleViewAt` (RecyclerView.java
///   9651-9655) removes the view from the RecyclerView (`removeViewAt`)
///   before `recycleView`; `recycleViewHolderInternal` (6996-7002) throws
///   for a view that still has a parent. Cached and pooled views are
///   therefore out of the host's subviews (``ViewStore/detach(_:from:)``),
///   still owned by the Recycler, and added back when taken
///   (``ViewStore/reattach(_:to:)``).
/// - **Prefetch creates and binds.** After a scroll GapWorker
///   (GapWorker.java 78-108, `collectPrefetchPositionsFromView`) asks the
///   layout manager for the positions next in the scroll direction
///   (LinearLayoutManager.java 1442-1455, 1351-1357: one position, the
///   next one beyond the last laid out child), grows the cache by their
///   count the first time that count is larger than any seen
///   (`mPrefetchMaxCountObserved`, `updateViewCacheSize`, RecyclerView.java
///   6502-6511), and `prefetchPositionWithDeadline` (GapWorker.java
///   277-308) obtains each with `tryGetViewHolderForPositionByDeadline`
///   (cache, pool or a new holder; bound) and `recycleView`s it into the
///   cache. The next step finds it there by position: no create, no bind.
///
/// Cache insertion is `recycleViewHolderInternal`'s (RecyclerView.java
/// 7024-7049): when the cache is full its oldest view goes to the pool
/// first (`recycleCachedViewAt(0)`); a view of a position the last prefetch
/// did not register goes in before the views that prefetch did (so they are
/// evicted last); with no room at all (cache 0) the view goes straight to
/// the pool. The pool drops a view when the pool of its type is full
/// (`putRecycledView`, 6273). In a relayout (a full pass, or `scroll to`)
/// leaving views are scrapped and reach the cache when the pass ends, so a
/// slot that comes back in the same layout gets its view without a rebind.
/// A scrapped or cached view of another view type than its slot now shows
/// is invalid and goes to the pool (`validateViewHolderForOffsetPosition`,
/// 6531). The pool is last in, first out (`getRecycledView`, 6237); with
/// `shared on`, every list uses one pool, and a view moves to the list that
/// takes it.
struct RecyclerCells: CellReuse {
    /// Its key reads more than a keying does (the list, registrations or options).
    var keying: (any Keying)? { nil }

    /// A RecyclerView inside a ViewHolder keeps its scroll position in its
    /// own LayoutManager, which stays with the holder when it is bound to
    /// another item (apps save `LayoutManager.onSaveInstanceState()` per
    /// item and restore it in `onBindViewHolder` to avoid it).
    var offsetTravelsWithCell: Bool { true }
    /// `set` on a row is `notifyItemChanged` without a payload (a second
    /// holder for the change animation, ``reload(_:key:viewClass:slot:payload:host:for:store:)``).
    /// `set` on a row: `notifyItemChanged` without a payload (``update(_:key:viewClass:slot:host:for:store:)``).
    var dataChange: RowReload? { .update }
    /// A ViewHolder's views are made in onCreateViewHolder and kept.
    var subviewKeying: (any Keying)? { CellSubviewKeying() }

    var cacheSize: Int
    var poolSize: Int
    var prefetch: Int
    var sharesPool: Bool
    /// `setMaxRecycledViews(type, max)`, in the order given.
    var poolSizes: [(subject: String, value: Int)]
    /// The hook run on a holder going to the pool (`onViewRecycled`); nil
    /// when the adapter's own `onViewRecycled` is ``recycleContent`` alone (Litho).
    var recycleHook: ReuseHook?
    /// What the adapter's `onViewRecycled` does to the holder's content
    /// besides the hook: nothing, or (Litho's RecyclerBinder,
    /// `lithoView.unmountAllItems()`) unmount it into pools of its own.
    var recycleContent: (@Sendable (ViewID, inout ViewStore) -> Void)?

    /// What the Recycler keeps for one list host.
    private struct Host: Sendable {
        /// `mCachedViews`, oldest first. Every view in it is detached.
        var cache: [CachedCell] = []
        /// Views scrapped in this relayout, detached, in the order slots left.
        var scrap: [CachedCell] = []
        /// Rows that left in this scroll step and are not recycled yet: still
        /// in the host's subviews, shown in no row (fill lays out the rows
        /// entering before recycleByLayoutState retires them). Empty between passes.
        var leaving: [CachedCell] = []
        /// Rows obtained for this host in this pass, and rows of `leaving`
        /// recycled so far: row k + 1 enters once k have been recycled.
        var entered = 0
        var recycled = 0
        /// `mPrefetchMaxCountObserved`: what scrolling prefetch added to the
        /// cache (the most positions one prefetch registered; never shrinks here).
        var prefetched = 0
        /// The positions the last prefetch registered (`mPrefetchArray`,
        /// read by `lastPrefetchIncludedPosition`).
        var lastPrefetch: [Int] = []
    }

    private var hosts: [ViewID: Host] = [:]
    /// With `shared on`: the one RecycledViewPool, a stack per view type.
    private var sharedPool: [ViewKey: [ViewID]] = [:]
    /// The host a prefetch is obtaining a view for: its dequeue leaves the
    /// view detached (GapWorker never adds it to the list).
    private var prefetching: ViewID?

    init(cacheSize: Int, poolSize: Int, prefetch: Int, sharesPool: Bool, poolSizes: [(subject: String, value: Int)],
         recycleHook: ReuseHook? = .onViewRecycled, recycleContent: (@Sendable (ViewID, inout ViewStore) -> Void)? = nil) {
        self.cacheSize = cacheSize
        self.poolSize = poolSize
        self.prefetch = prefetch
        self.sharesPool = sharesPool
        self.poolSizes = poolSizes
        self.recycleHook = recycleHook
        self.recycleContent = recycleContent
    }

    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        ViewKey(component: component, viewClass: configuration.viewClass, shape: nil, qualifier: .viewType)
    }

    /// The pool size of a view type.
    func capacity(of key: ViewKey) -> Int {
        poolSizes.last { $0.subject == key.component }?.value ?? poolSize
    }

    /// A view type whose RecycledViewPool holds 0 (`setMaxRecycledViews(type,
    /// 0)`): `putRecycledView` drops every holder offered to it
    /// (RecyclerView.java, RecycledViewPool), so only the view cache's own
    /// holders ever come back, to their own rows.
    func neverPooled(_ component: String, list: String, catalog: Catalog) -> CellsNotPooled? {
        guard catalog.isHeaderFooter(component, of: list) == false,
              capacity(of: ViewKey(component: component, viewClass: nil, shape: nil, qualifier: .viewType)) == 0 else { return nil }
        return CellsNotPooled(
            why: "the RecycledViewPool of its view type holds 0, so a holder that leaves the view cache is dropped "
                + "(putRecycledView) and every other row of the type is created anew",
            fix: "give the view type a pool: 'strategy recyclerview pool \(component) 5' (RecyclerView's default size)")
    }

    /// `mViewCacheMax`: the cache size asked for plus what prefetch added
    /// (`updateViewCacheSize`, RecyclerView.java 6502-6505).
    private func cacheLimit(of host: ViewID) -> Int { cacheSize + (hosts[host]?.prefetched ?? 0) }

    /// `tryGetViewHolderForPositionByDeadline` (RecyclerView.java 6708-6860):
    /// scrap and cache by exact position (still bound; of another type, to
    /// the pool), then the pool of the view type (must rebind), then a new
    /// view. Before a scroll step obtains a row, the rows that left before
    /// the ones already obtained are recycled (fill's order); a view for a
    /// prefetch stays detached, any other is added back to the list.
    mutating func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance,
                          store: inout ViewStore) -> Vended {
        let prefetches = prefetching == host
        if !prefetches, hosts[host] != nil {
            recycleLeaving(in: host, keeping: true, store: &store)
            hosts[host]?.entered += 1
        }
        for place in [CachePlace.scrap, .cache] {
            let kept = place == .scrap ? hosts[host]?.scrap : hosts[host]?.cache
            guard let index = kept?.firstIndex(where: { $0.slot == slot }), let found = kept?[index] else { continue }
            if place == .scrap { hosts[host]?.scrap.remove(at: index) } else { hosts[host]?.cache.remove(at: index) }
            let foundKey = store[found.view].poolKey
            guard foundKey == key else {
                if let foundKey {
                    store.record(found.view, for: nil, .cache(.wrongType(slot, viewType: foundKey.component ?? "?")))
                    putRecycled(found.view, key: foundKey, host: host, store: &store)
                }
                continue
            }
            var taken = store.take(found.view, key: key, in: host, for: instance, unhides: false)
            taken.keptBound = true
            store.record(found.view, for: instance, .cacheHit(slot, from: place))
            if !prefetches { store.reattach(found.view, to: host) }
            return Vended(view: found.view, acquisition: .taken(taken))
        }
        return getRecycledOrCreate(key, viewClass: viewClass, host: host, for: instance, attaches: !prefetches, store: &store)
    }

    /// `getRecycledView` (the top of the type's pool, shared or this list's;
    /// rebound), else `createViewHolder`; added to the list unless `attaches`
    /// is false (a prefetch).
    private mutating func getRecycledOrCreate(_ key: ViewKey, viewClass: String, host: ViewID, for instance: Instance,
                                              attaches: Bool, store: inout ViewStore) -> Vended {
        if sharesPool, let view = sharedPool[key]?.popLast() {
            store.reparent(view, to: host, key: key)
            let taken = store.take(view, key: key, in: host, for: instance, unhides: false)
            if attaches { store.reattach(view, to: host) }
            return Vended(view: view, acquisition: .mustRebind(taken))
        }
        if !sharesPool, let (view, taken) = store.popWaiting(key, host: host, for: instance, unhides: false) {
            if attaches { store.reattach(view, to: host) }
            return Vended(view: view, acquisition: .mustRebind(taken))
        }
        return Vended(view: store.createView(viewClass, key: key, in: host, for: instance, detached: !attaches), acquisition: .created)
    }

    /// `notifyItemRange{Inserted,Removed}` reach the Recycler's cache
    /// (RecyclerView.java 7391-7431, `offsetPositionRecordsForInsert` and
    /// `offsetPositionRecordsForRemove`): a cached holder at or after the
    /// change moves by the count; one whose item was removed is dumped from
    /// the cache into the pool (`recycleCachedViewAt`).
    mutating func itemsChanged(_ change: ItemChange, host: ViewID, store: inout ViewStore) {
        guard let cache = hosts[host]?.cache, !cache.isEmpty else { return }
        for index in cache.indices.reversed() {
            guard let row = cache[index].slot.row, row >= change.from else { continue }
            if let moved = change.row(after: row) {
                hosts[host]?.cache[index].slot = .row(moved)
            } else {
                hosts[host]?.cache.remove(at: index)
                if let key = store[cache[index].view].poolKey { putRecycled(cache[index].view, key: key, host: host, store: &store) }
            }
        }
    }

    /// A slot that leaves in a relayout is scrapped (detached) at once; one
    /// that leaves in a scroll step waits to be recycled until the rows
    /// entering before it are laid out (LinearLayoutManager.java 1667-1691).
    mutating func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        if relayout {
            store.detach(cell, from: host)
            hosts[host, default: Host()].scrap.append(CachedCell(slot: slot, view: cell))
        } else {
            hosts[host, default: Host()].leaving.append(CachedCell(slot: slot, view: cell))
        }
    }

    /// Recycles the rows that left in this step (`keeping`: all but as many
    /// as rows still to enter after the ones obtained, so that row k + 1
    /// enters after k rows were recycled): `removeAndRecycleViewAt`.
    private mutating func recycleLeaving(in host: ViewID, keeping: Bool, store: inout ViewStore) {
        while let state = hosts[host], let first = state.leaving.first, !keeping || state.recycled < state.entered {
            hosts[host]?.leaving.removeFirst()
            hosts[host]?.recycled += 1
            recycle(first, in: host, store: &store)
        }
    }

    /// `removeAndRecycleViewAt` (RecyclerView.java 9651-9655): out of the
    /// list, then `recycleViewHolderInternal`.
    private mutating func recycle(_ cell: CachedCell, in host: ViewID, store: inout ViewStore) {
        store.detach(cell.view, from: host)
        cacheOrPool(cell, in: host, store: &store)
    }

    /// `recycleViewHolderInternal`'s cache step (RecyclerView.java 7024-7054)
    /// for a detached view: with room for none, to the pool; else, the
    /// oldest cached view to the pool when the cache is full, and the view
    /// in, before the views the last prefetch registered unless it is one.
    private mutating func cacheOrPool(_ cell: CachedCell, in host: ViewID, store: inout ViewStore) {
        let limit = cacheLimit(of: host)
        guard limit > 0 else {
            if let key = store[cell.view].poolKey { putRecycled(cell.view, key: key, host: host, store: &store) }
            return
        }
        if let cache = hosts[host]?.cache, cache.count >= limit, let oldest = cache.first {
            hosts[host]?.cache.removeFirst()
            if let key = store[oldest.view].poolKey {
                store.record(oldest.view, for: nil, .cache(.evicted(viewType: key.component ?? "?")))
                putRecycled(oldest.view, key: key, host: host, store: &store)
            }
        }
        var state = hosts[host] ?? Host()
        var target = state.cache.count
        if !cell.isPrefetched, !state.cache.isEmpty {
            // Skip past the views the last prefetch registered (7034-7046).
            while target > 0, let row = state.cache[target - 1].slot.row, state.lastPrefetch.contains(row) { target -= 1 }
        }
        state.cache.insert(cell, at: target)
        hosts[host] = state
        store.record(cell.view, for: nil, .cache(cell.isPrefetched ? .prefetched(cell.slot) : .kept(cell.slot)))
    }

    /// `notifyItemChanged`: with a payload the holder is bound again in place;
    /// without one, the default item animator binds a second holder for the
    /// change animation (from the pool, else a new one) and the old one,
    /// updated, goes to the pool after the cross-fade: the flicker.
    mutating func reload(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, payload: Bool, host: ViewID,
                         for instance: Instance, store: inout ViewStore) -> Vended {
        guard !payload else {
            return Vended(view: cell, acquisition: .mustRebind(store.take(cell, key: key, in: host, for: instance)))
        }
        let second = getRecycledOrCreate(key, viewClass: viewClass, host: host, for: instance, attaches: true, store: &store)
        store.detach(cell, from: host)
        putRecycled(cell, key: key, host: host, store: &store)
        return second
    }

    /// `set` inside a row is `notifyItemChanged` without a payload.
    mutating func update(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, host: ViewID,
                         for instance: Instance, store: inout ViewStore) -> Vended {
        reload(cell, key: key, viewClass: viewClass, slot: slot, payload: false, host: host, for: instance, store: &store)
    }

    /// RecyclerView has no `reloadRows`: a replaced row is a change without
    /// a payload, animated with a second holder (``reload(_:key:viewClass:slot:payload:host:for:store:)``).
    mutating func replace(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, host: ViewID,
                          for instance: Instance, store: inout ViewStore) -> Vended {
        reload(cell, key: key, viewClass: viewClass, slot: slot, payload: false, host: host, for: instance, store: &store)
    }

    /// `notifyDataSetChanged`: every holder is marked invalid, and without
    /// stable ids the cached views go to the pool, newest first
    /// (RecyclerView.java at androidx recyclerview, as mirrored in
    /// AlanCheen/recyclerview-mirror 041abfb: `processDataSetCompletelyChanged`
    /// 5160-5164, `markKnownViewsInvalid` 5170-5180 and the Recycler's
    /// 7506-7520, `recycleAndClearCachedViews` 6957-6966). At the next
    /// layout the attached holders are taken off from the last child to the
    /// first, and an invalid one is recycled, not scrapped
    /// (`detachAndScrapAttachedViews` 9931-9937, `scrapOrRecycleView`
    /// 9939-9955): the first row's holder lands on top of the pool, which
    /// is last in, first out (`getRecycledView` 6237-6248). Each visible row
    /// then takes a holder from the pool, rebound, or a new one; a full pool
    /// drops the rest.
    mutating func reloadAll(_ shown: [(slot: Slot, view: ViewID)], host: ViewID, store: inout ViewStore) -> Bool {
        for cached in (hosts[host]?.cache ?? []).reversed() {
            hosts[host]?.cache.removeLast()
            if let key = store[cached.view].poolKey { putRecycled(cached.view, key: key, host: host, store: &store) }
        }
        for (_, cell) in shown.reversed() {
            store.detach(cell, from: host)
            if let key = store[cell].poolKey { putRecycled(cell, key: key, host: host, store: &store) }
        }
        return true
    }

    /// At the end of the pass the scrap goes to the cache, in the order
    /// slots left, and the rows that left in a scroll step and are not
    /// recycled yet are recycled, in the order they left.
    mutating func didMount(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, store: inout ViewStore) {
        guard hosts[host] != nil else { return }
        while let scrapped = hosts[host]?.scrap.first {
            hosts[host]?.scrap.removeFirst()
            cacheOrPool(scrapped, in: host, store: &store)
        }
        recycleLeaving(in: host, keeping: false, store: &store)
        hosts[host]?.entered = 0
        hosts[host]?.recycled = 0
    }
    /// Only the rows on screen are laid out.
    var drawsBeyondViewport: Bool { false }
    func engagedRows(_ visible: Range<Int>, rows: Int, host: ViewID) -> Range<Int> { visible }


    /// GapWorker after a scroll step: the next `prefetch` positions beyond
    /// the window in the direction of the scroll, within the list
    /// (LinearLayoutManager.java 1442-1455 registers one; GridLayoutManager's
    /// `collectPrefetchPositionsForLayoutState` a row's worth). The first
    /// time more are registered than ever before, the cache grows by their
    /// count (GapWorker.java 102-106). None when the list shows no rows.
    /// `prefetch 0` is `setItemPrefetchEnabled(false)`: nothing is registered.
    var prefetches: Bool { prefetch > 0 }

    mutating func prefetchRows(host: ViewID, window: Range<Int>, rows: Int, forward: Bool) -> [Int] {
        guard prefetch > 0, !window.isEmpty else { return [] }
        let positions = forward
            ? Array(window.upperBound..<min(rows, window.upperBound + prefetch))
            : Array((max(0, window.lowerBound - prefetch)..<window.lowerBound).reversed())
        var state = hosts[host] ?? Host()
        state.lastPrefetch = positions
        state.prefetched = max(state.prefetched, positions.count)
        hosts[host] = state
        return positions
    }

    mutating func willPrefetch(row: Int, host: ViewID) { prefetching = host }

    /// `prefetchPositionWithDeadline`'s `recycleView` (GapWorker.java
    /// 291-295): the bound holder goes into the cache, detached.
    mutating func didPrefetch(_ cell: ViewID?, row: Int, host: ViewID, store: inout ViewStore) {
        prefetching = nil
        guard let cell else { return }
        cacheOrPool(CachedCell(slot: .row(row), view: cell, isPrefetched: true), in: host, store: &store)
    }

    /// `onViewRecycled`, then `putRecycledView`: onto the pool of its view
    /// type, or dropped when that pool is full. The view is detached.
    private mutating func putRecycled(_ view: ViewID, key: ViewKey, host: ViewID, store: inout ViewStore) {
        // `addViewHolderToRecycledViewPool` dispatches onViewRecycled first, full pool or not.
        if let recycleHook { store.runHook(recycleHook, on: view) }
        recycleContent?(view, &store)
        let capacity = capacity(of: key)
        let count = sharesPool ? (sharedPool[key]?.count ?? 0) : (store.pool(key, in: host)?.waiting.count ?? 0)
        guard count < capacity else {
            store.remove(view, from: store[view].superview ?? host, reason: .poolFull(viewType: key.component ?? "?", capacity: capacity))
            return
        }
        if sharesPool { sharedPool[key, default: []].append(view) } else { store.pushWaiting(view, in: host) }
    }

    /// A host that stops showing a list: its cached views are plain hidden views now.
    mutating func forget(host: ViewID) { hosts[host] = nil }

    func cached(in host: ViewID) -> [CachedCell] { hosts[host]?.cache ?? [] }

    func validate(lists: @autoclosure () -> [String], catalog: Catalog) throws(EngineError) {}
}

/// `onBindViewHolder`: a view from the pool is bound again, every attribute
/// set, nothing unapplied; a view that kept its slot (cache, or a row that
/// stayed) is bound only when its item changed.
struct BindViewHolder: Application {
    var configureBinds: Bool { false }

    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        if case .mustRebind = acquired {} else if store[view].attached == configuration {
            store.record(view, for: instance, .skip(nil))
            return
        }
        store.applyAll(configuration, on: view, for: instance)
    }
}
