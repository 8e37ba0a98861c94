extension StrategyDescriptor {
    /// Android's RecyclerView: a cache by position before a pool per view type
    /// (`../shared/REFERENCE.md`, section 5; upstream `RecyclerView.Recycler`).
    ///
    /// Views outside lists behave as under `theodolite`.
    static let recyclerView = StrategyDescriptor(
        name: "recyclerview",
        defaults: [StrategyOption(name: "cache", value: 2), StrategyOption(name: "pool", value: 5)]
    ) { values in
        let cells = RecyclerCells(cacheSize: values[0], poolSize: values[1])
        return Strategy(
            name: "recyclerview",
            summary: "cache by position (\(cells.cacheSize)), then pool per type (\(cells.poolSize))",
            poolNote: "list hosts: a cache of \(cells.cacheSize) views by position, then a pool of at most \(cells.poolSize) per view type; other parents as under theodolite",
            options: [StrategyOption(name: "cache", value: cells.cacheSize), StrategyOption(name: "pool", value: cells.poolSize)],
            keying: ComponentShapeKeying(),
            parents: PositionalVend(),
            application: ApplyChanged(),
            cells: cells,
            cellApplication: BindViewHolder(),
            liveComponents: .mounted)
    }
}

/// The Recycler: scrap and a view cache by position, then a RecycledViewPool
/// per view type.
///
/// A slot that leaves is kept in the cache (`cacheSize`, 2 by default), still
/// bound to its position; the oldest cached view goes to the pool of its view
/// type (`poolSize` per type, 5 by default), and is dropped when that pool is
/// full. In a relayout (a full pass, or a jump with `scroll to`) leaving views
/// are scrapped first and reach the cache when the pass ends, so a slot that
/// comes back in the same layout gets its view without a rebind.
struct RecyclerCells: CellReuse {
    var cacheSize: Int
    var poolSize: Int

    /// What the Recycler keeps for one list host.
    private struct Host: Sendable {
        var cache: [CachedCell] = []
        var scrap: [CachedCell] = []
    }

    private var hosts: [ViewID: Host] = [:]

    init(cacheSize: Int, poolSize: Int) {
        self.cacheSize = cacheSize
        self.poolSize = poolSize
    }

    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        ViewKey(component: component, viewClass: configuration.viewClass, shape: nil, qualifier: .viewType)
    }

    /// Lookup order: scrap and cache by exact position (still bound), then the
    /// pool of the view type (must rebind), then a new view.
    mutating func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance, store: inout ViewStore) -> Vended {
        for place in [CachePlace.scrap, .cache] {
            let kept = place == .scrap ? hosts[host]?.scrap : hosts[host]?.cache
            guard let index = kept?.firstIndex(where: { $0.slot == slot && store.view($0.view).poolKey == key }),
                  let found = kept?[index] else { continue }
            if place == .scrap { hosts[host]?.scrap.remove(at: index) } else { hosts[host]?.cache.remove(at: index) }
            let taken = store.take(found.view, key: key, in: host, for: instance)
            store.record(found.view, for: instance, .cacheHit(slot, from: place))
            return Vended(view: found.view, acquisition: .taken(taken))
        }
        if let (view, taken) = store.popWaiting(key, host: host, for: instance) {
            return Vended(view: view, acquisition: .mustRebind(taken))
        }
        return Vended(view: store.createView(viewClass, key: key, in: host, for: instance), acquisition: .created)
    }

    /// A slot scrolled out (`scroll by`) is cached at once, the oldest cached
    /// view going to the pool; in a relayout it is scrapped first.
    mutating func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        store.hide(cell, in: store.view(cell).superview ?? host)
        if relayout {
            hosts[host, default: Host()].scrap.append(CachedCell(slot: slot, view: cell))
        } else {
            hosts[host, default: Host()].cache.append(CachedCell(slot: slot, view: cell))
            store.record(cell, for: nil, .cache(.kept(slot)))
            evictBeyondCacheSize(in: host, store: &store)
        }
    }

    /// At the end of the pass the scrap goes to the cache, in the order slots
    /// left; the oldest cached views beyond the cache size go to the pool.
    mutating func didMount(_ spec: ListSpec, at path: ComponentPath, cell: String, host: ViewID, firstTime: Bool,
                           store: inout ViewStore) {
        for scrapped in hosts[host]?.scrap ?? [] {
            hosts[host]?.scrap.removeFirst()
            hosts[host, default: Host()].cache.append(scrapped)
            store.record(scrapped.view, for: nil, .cache(.kept(scrapped.slot)))
        }
        evictBeyondCacheSize(in: host, store: &store)
    }

    /// The oldest cached views beyond the cache size go to the pool of their
    /// view type, or are dropped when it is full.
    private mutating func evictBeyondCacheSize(in host: ViewID, store: inout ViewStore) {
        while let cache = hosts[host]?.cache, cache.count > cacheSize, let oldest = cache.first {
            hosts[host]?.cache.removeFirst()
            guard let key = store.view(oldest.view).poolKey else { continue }
            let viewType = key.component ?? "?"
            if (store.pool(key, in: host)?.waiting.count ?? 0) < poolSize {
                store.pushWaiting(oldest.view, in: host)
                store.record(oldest.view, for: nil, .cache(.evicted(viewType: viewType)))
            } else {
                store.remove(oldest.view, from: host, reason: .poolFull(viewType: viewType, capacity: poolSize))
            }
        }
    }

    /// A host that stops showing a list: its cached views are plain hidden views now.
    mutating func forget(host: ViewID) { hosts[host] = nil }

    func cached(in host: ViewID) -> [CachedCell] { hosts[host]?.cache ?? [] }

    func validate(lists: [String], catalog: Catalog) throws(EngineError) {}
}

/// `onBindViewHolder`: a view from the pool is bound again, every attribute
/// set, nothing unapplied; a view that kept its slot (cache, or a row that
/// stayed) is bound only when its item changed.
struct BindViewHolder: Application {
    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        if case .mustRebind = acquired {} else if store.view(view).attached == configuration {
            store.record(view, for: instance, .skip(nil))
            return
        }
        store.applyAll(configuration, on: view, for: instance)
    }
}
