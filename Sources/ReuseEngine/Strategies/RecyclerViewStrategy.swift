extension StrategyDescriptor {
    /// Android's RecyclerView (`../shared/REFERENCE.md`, section 5; upstream
    /// androidx `recyclerview/widget/RecyclerView.java`, `GapWorker.java`).
    ///
    /// Options: `cache N` (`setItemViewCacheSize`, default 2), `pool N` (the
    /// RecycledViewPool's size per view type, `DEFAULT_MAX_SCRAP` 5), `pool
    /// TYPE N` (`setMaxRecycledViews` for one view type), `prefetch N` (what
    /// scrolling prefetch adds to the cache once it runs, 1 for a linear
    /// layout), `shared on` (one pool for every list, `setRecycledViewPool`).
    /// Views outside lists behave as under `theodolite`.
    static let recyclerView = StrategyDescriptor(
        name: "recyclerview",
        defaults: [StrategyOption(name: "cache", value: 2), StrategyOption(name: "pool", value: 5),
                   StrategyOption(name: "prefetch", value: 1), StrategyOption(name: "shared", value: 0, kind: .flag)],
        perSubject: "pool",
        rules: [
            "Lookup for a slot: scrap, then the view cache by exact position (still bound: no",
            "rebind; of another view type: to the pool), then the RecycledViewPool of the view",
            "type (last in, first out; rebound), then a new view. A leaving view is cached",
            "(cache N, plus prefetch N once scrolling prefetch runs); the oldest cached view",
            "goes to the pool (pool N per type, pool TYPE N for one), dropped when it is full.",
            "shared on: one pool for every list (views move to the list that takes them).",
            "Source: androidx recyclerview RecyclerView.java (Recycler), GapWorker.java.",
        ]
    ) { settings in
        let values = settings.values
        let cells = RecyclerCells(cacheSize: values[0], poolSize: values[1], prefetch: values[2], sharesPool: values[3] != 0,
                                  poolSizes: settings.perSubject)
        let perType = settings.perSubject.map { "\($0.subject) \($0.value)" }.joined(separator: ", ")
        return Strategy(
            name: "recyclerview",
            summary: "cache by position (\(cells.cacheSize)\(cells.prefetch > 0 ? " + \(cells.prefetch) prefetch" : "")), then pool per type (\(cells.poolSize)\(perType.isEmpty ? "" : "; " + perType))" + (cells.sharesPool ? ", shared" : ""),
            poolNote: "list hosts: a cache of \(cells.cacheSize) views by position (\(cells.cacheSize + cells.prefetch) once scrolling prefetch runs), then "
                + (cells.sharesPool ? "one pool shared by every list" : "a pool") + " of at most \(cells.poolSize) per view type; other parents as under theodolite",
            options: [StrategyOption(name: "cache", value: cells.cacheSize), StrategyOption(name: "pool", value: cells.poolSize),
                      StrategyOption(name: "prefetch", value: cells.prefetch), StrategyOption(name: "shared", value: cells.sharesPool ? 1 : 0, kind: .flag)]
                + settings.perSubject.map { StrategyOption(name: "pool", subject: $0.subject, value: $0.value) },
            keying: ComponentShapeKeying(),
            parents: PositionalVend(),
            application: ApplyChanged(),
            cells: cells,
            cellApplication: BindViewHolder(),
            reuseHook: .onViewRecycled,
            liveComponents: .mounted)
    }
}

/// The Recycler: scrap and a view cache by position, then a RecycledViewPool
/// per view type.
///
/// A slot that leaves is kept in the cache, still bound to its position; the
/// oldest cached view goes to the pool of its view type, and is dropped when
/// that pool is full (`recycleViewHolderInternal`, `putRecycledView`). Once
/// scrolling prefetch runs, the cache holds `prefetch` more
/// (`updateViewCacheSize`; it never shrinks back). In a relayout (a full pass,
/// or a jump with `scroll to`) leaving views are scrapped first and reach the
/// cache when the pass ends, so a slot that comes back in the same layout
/// gets its view without a rebind. A scrapped or cached view of another view
/// type than its slot now shows is invalid and goes to the pool
/// (`validateViewHolderForOffsetPosition`). The pool is last in, first out
/// (`getRecycledView`); with `shared on`, every list uses one pool, and a view
/// moves to the list that takes it.
struct RecyclerCells: CellReuse {
    /// Its key reads more than a keying does (the list, registrations or options).
    var keying: (any Keying)? { nil }

    /// A RecyclerView inside a ViewHolder keeps its scroll position in its
    /// own LayoutManager, which stays with the holder when it is bound to
    /// another item (apps save `LayoutManager.onSaveInstanceState()` per
    /// item and restore it in `onBindViewHolder` to avoid it).
    var offsetTravelsWithCell: Bool { true }
    /// A ViewHolder's views are made in onCreateViewHolder and kept.
    var subviewKeying: (any Keying)? { CellSubviewKeying() }

    var cacheSize: Int
    var poolSize: Int
    var prefetch: Int
    var sharesPool: Bool
    /// `setMaxRecycledViews(type, max)`, in the order given.
    var poolSizes: [(subject: String, value: Int)]

    /// What the Recycler keeps for one list host.
    private struct Host: Sendable {
        var cache: [CachedCell] = []
        var scrap: [CachedCell] = []
        /// What scrolling prefetch added to this host's cache.
        var prefetched = 0
    }

    private var hosts: [ViewID: Host] = [:]
    /// With `shared on`: the one RecycledViewPool, a stack per view type.
    private var sharedPool: [ViewKey: [ViewID]] = [:]

    init(cacheSize: Int, poolSize: Int, prefetch: Int, sharesPool: Bool, poolSizes: [(subject: String, value: Int)]) {
        self.cacheSize = cacheSize
        self.poolSize = poolSize
        self.prefetch = prefetch
        self.sharesPool = sharesPool
        self.poolSizes = poolSizes
    }

    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        ViewKey(component: component, viewClass: configuration.viewClass, shape: nil, qualifier: .viewType)
    }

    /// The pool size of a view type.
    func capacity(of key: ViewKey) -> Int {
        poolSizes.last { $0.subject == key.component }?.value ?? poolSize
    }

    /// Lookup order: scrap and cache by exact position (still bound; of
    /// another type, to the pool), then the pool of the view type (must
    /// rebind), then a new view.
    mutating func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance,
                          store: inout ViewStore) -> Vended {
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
            var taken = store.take(found.view, key: key, in: host, for: instance)
            taken.keptBound = true
            store.record(found.view, for: instance, .cacheHit(slot, from: place))
            return Vended(view: found.view, acquisition: .taken(taken))
        }
        return getRecycledOrCreate(key, viewClass: viewClass, host: host, for: instance, store: &store)
    }

    /// `getRecycledView` (the top of the type's pool, shared or this list's;
    /// rebound), else `createViewHolder`.
    private mutating func getRecycledOrCreate(_ key: ViewKey, viewClass: String, host: ViewID, for instance: Instance,
                                              store: inout ViewStore) -> Vended {
        if sharesPool, let view = sharedPool[key]?.popLast() {
            store.reparent(view, to: host, key: key)
            return Vended(view: view, acquisition: .mustRebind(store.take(view, key: key, in: host, for: instance)))
        }
        if !sharesPool, let (view, taken) = store.popWaiting(key, host: host, for: instance) {
            return Vended(view: view, acquisition: .mustRebind(taken))
        }
        return Vended(view: store.createView(viewClass, key: key, in: host, for: instance), acquisition: .created)
    }

    /// A slot scrolled out (`scroll by`) is cached at once, the oldest cached
    /// view going to the pool; in a relayout it is scrapped first.
    mutating func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        store.hide(cell, in: store[cell].superview ?? host)
        if relayout {
            hosts[host, default: Host()].scrap.append(CachedCell(slot: slot, view: cell))
        } else {
            // Scrolling: prefetch runs and the cache grows by what it fetches.
            hosts[host, default: Host()].prefetched = prefetch
            hosts[host, default: Host()].cache.append(CachedCell(slot: slot, view: cell))
            store.record(cell, for: nil, .cache(.kept(slot)))
            evictBeyondCacheSize(in: host, store: &store)
        }
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
        let second = getRecycledOrCreate(key, viewClass: viewClass, host: host, for: instance, store: &store)
        store.hide(cell, in: host)
        putRecycled(cell, key: key, host: host, store: &store)
        return second
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
            store.hide(cell, in: store[cell].superview ?? host)
            if let key = store[cell].poolKey { putRecycled(cell, key: key, host: host, store: &store) }
        }
        return true
    }

    /// At the end of the pass the scrap goes to the cache, in the order slots
    /// left; the oldest cached views beyond the cache size go to the pool.
    mutating func didMount(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, store: inout ViewStore) {
        for scrapped in hosts[host]?.scrap ?? [] {
            hosts[host]?.scrap.removeFirst()
            hosts[host, default: Host()].cache.append(scrapped)
            store.record(scrapped.view, for: nil, .cache(.kept(scrapped.slot)))
        }
        evictBeyondCacheSize(in: host, store: &store)
    }

    /// The oldest cached views beyond the cache size go to the pool of their view type.
    private mutating func evictBeyondCacheSize(in host: ViewID, store: inout ViewStore) {
        let limit = cacheSize + (hosts[host]?.prefetched ?? 0)
        while let cache = hosts[host]?.cache, cache.count > limit, let oldest = cache.first {
            hosts[host]?.cache.removeFirst()
            guard let key = store[oldest.view].poolKey else { continue }
            store.record(oldest.view, for: nil, .cache(.evicted(viewType: key.component ?? "?")))
            putRecycled(oldest.view, key: key, host: host, store: &store)
        }
    }

    /// `onViewRecycled`, then `putRecycledView`: onto the pool of its view
    /// type, or dropped when that pool is full.
    private mutating func putRecycled(_ view: ViewID, key: ViewKey, host: ViewID, store: inout ViewStore) {
        // `addViewHolderToRecycledViewPool` dispatches onViewRecycled first, full pool or not.
        store.runHook(.onViewRecycled, on: view)
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
