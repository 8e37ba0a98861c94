/// Android's RecyclerView: a cache by position before a pool per view type.
///
/// A row that leaves is scrapped during the pass, then kept in the cache (2
/// by default), still bound to its position; the oldest cached view goes to
/// the RecycledViewPool of its view type (5 per type by default), and is
/// dropped when that pool is full. A row that enters first looks for its own
/// scrapped or cached view (no rebind), then the pool of its view type (must
/// rebind: every attribute is set again, nothing unapplied), then creates one. Views outside lists behave as under
/// `theodolite`.
public struct RecyclerViewStrategy: ReuseStrategy {
    public var cacheSize: Int
    public var poolSize: Int

    public init(cacheSize: Int = 2, poolSize: Int = 5) {
        self.cacheSize = cacheSize
        self.poolSize = poolSize
    }

    public var name: String { "recyclerview" }
    public var summary: String { "cache by position (\(cacheSize)), then pool per type (\(poolSize))" }
    public var poolNote: String { "list hosts: a cache of \(cacheSize) views by position, then a pool of at most \(poolSize) per view type; other parents as under theodolite" }
    public var optionsDescription: String { "cache \(cacheSize) pool \(poolSize)" }

    public func cellKey(component: String, configuration: ViewConfiguration, list: String, in engine: Engine) -> ViewKey {
        ViewKey(component: component, viewClass: configuration.viewClass, shape: nil, qualifier: "view type")
    }

    public func with(options: [(name: String, value: Int)]) throws(EngineError) -> any ReuseStrategy {
        var copy = self
        for option in options {
            switch option.name {
            case "cache": copy.cacheSize = max(0, option.value)
            case "pool": copy.poolSize = max(0, option.value)
            default: throw .unknownOption(strategy: name, option: option.name, known: ["cache N", "pool N"])
            }
        }
        return copy
    }

    /// A row scrolled out (`scroll by`) is recycled at once: into the cache,
    /// the oldest cached view into the pool. In a relayout (a full pass, or a
    /// jump with `scroll to`) every leaving view is scrapped first and reaches
    /// the cache when the pass ends (``didMountList``), so a row that comes
    /// back in the same layout gets its view without a rebind.
    public func releaseCell(_ cell: ViewID, row: Int, host: ViewID, in engine: inout Engine, pass: MountPass) {
        engine.hide(cell, in: engine.view(cell).superview ?? host)
        if pass.isRelayout {
            engine.scrap(cell, row: row, in: host)
        } else {
            engine.cache(cell, row: row, in: host)
            engine.note(.cache, view: cell, instance: nil, "kept in the view cache for row \(row)")
            evictBeyondCacheSize(in: host, engine: &engine)
        }
    }

    /// Lookup order: scrap and cache by exact position (still bound), then the
    /// pool of the view type (must rebind), then a new view.
    public func dequeueCell(_ key: ViewKey, row: Int, host: ViewID, for instance: Instance, in engine: inout Engine) -> ViewID {
        if let scrapped = engine.scrappedCells(in: host).first(where: { $0.row == row && engine.view($0.view).poolKey == key }) {
            engine.unscrap(scrapped.view, in: host)
            engine.take(scrapped.view, key: key, in: host, for: instance)
            engine.note(.cacheHit, view: scrapped.view, instance: instance, "row \(row) gets back its scrapped view, still bound")
            return scrapped.view
        }
        if let cached = engine.cachedCells(in: host).first(where: { $0.row == row && engine.view($0.view).poolKey == key }) {
            engine.uncache(cached.view, in: host)
            engine.take(cached.view, key: key, in: host, for: instance)
            engine.note(.cacheHit, view: cached.view, instance: instance, "row \(row) gets back its cached view, still bound")
            return cached.view
        }
        if let view = engine.dequeueRecycled(key, host: host, for: instance) {
            engine.markForRebind(view)
            return view
        }
        return engine.createView(key: key, in: host, instance: instance)
    }

    /// At the end of the pass the scrap goes to the cache, in the order rows
    /// left; the oldest cached views beyond the cache size go to the pool of
    /// their view type, or are dropped when it is full.
    public func didMountList(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, in engine: inout Engine) {
        for scrapped in engine.scrappedCells(in: host) {
            engine.unscrap(scrapped.view, in: host)
            engine.cache(scrapped.view, row: scrapped.row, in: host)
            engine.note(.cache, view: scrapped.view, instance: nil, "kept in the view cache for row \(scrapped.row)")
        }
        evictBeyondCacheSize(in: host, engine: &engine)
    }

    /// The oldest cached views beyond the cache size go to the pool of their
    /// view type, or are dropped when it is full.
    func evictBeyondCacheSize(in host: ViewID, engine: inout Engine) {
        while engine.cachedCells(in: host).count > cacheSize, let oldest = engine.cachedCells(in: host).first {
            engine.uncache(oldest.view, in: host)
            guard let key = engine.view(oldest.view).poolKey else { continue }
            if engine.recycledCount(key, in: host) < poolSize {
                engine.pushRecycled(oldest.view, key: key, in: host)
                engine.note(.cache, view: oldest.view, instance: nil,
                            "evicted from the cache into the pool for view type \(key.component ?? "?")")
            } else {
                engine.remove(oldest.view, from: host, note: "the pool for view type \(key.component ?? "?") is full (\(poolSize))")
            }
        }
    }

    public func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance, in engine: inout Engine) {
        guard instance.cellRow != nil else {
            engine.applyChanged(view, to: configuration, for: instance)
            return
        }
        let mustRebind = engine.takeRebindMark(view)
        if !mustRebind, engine.view(view).attached == configuration {
            engine.record(.skip, view: view, instance: instance)
            return
        }
        // onBindViewHolder: every attribute set again.
        engine.applyAll(configuration, on: view, instance: instance)
    }
}
