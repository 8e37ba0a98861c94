import ReuseEngine

/// Each parent's pools by ViewKey, as `pools` shows them: built once from the
/// engine, rendered as text or as JSON.
struct PoolsReport {
    struct Member {
        var id: ViewID
        var isHidden: Bool
        /// Out of the host's subviews, held by its Recycler (RecyclerView).
        var isDetached: Bool
        /// The instance holding it (or that held it last).
        var owner: ComponentPath?

        /// Its holder as users see it, `-` for nobody.
        var holder: String { owner?.display ?? "-" }
    }

    struct Pool {
        var key: ViewKey
        var members: [Member]
        /// List hosts: hidden cells waiting for a row, the top last.
        var waiting: [ViewID]
    }

    struct Parent {
        var id: ViewID
        var viewClass: String
        /// The instance holding it (nil for the root).
        var owner: ComponentPath?
        var isHidden: Bool
        /// Out of its list's subviews, in a Recycler's cache or pool.
        var isDetached: Bool
        var isListHost: Bool
        /// Views kept by slot outside the pools (RecyclerView's cache), oldest first.
        var cached: [CachedCell]
        var pools: [Pool]

        /// Its holder as users see it: `root`, a path, `-` for nobody.
        var holder: String { id == .root ? "root" : owner?.display ?? "-" }
    }

    var parents: [Parent]
    /// Pools of views out of the hierarchy, by view class, oldest first
    /// (Valdi's global pool); empty under every other strategy.
    var detached: [(viewClass: String, members: [Member])]
    /// The detached pools are named by component type (Litho), not by view class.
    var detachedByComponentType: Bool
    /// How this strategy's pools work, when it is not the default.
    var strategyNote: String?

    /// The pools of `view`, or of every live parent that has pools, in id order.
    init(_ engine: Engine, view: ViewID?) {
        let views = engine.views
        let ids = view.map { [$0] } ?? views.all.filter { !$0.pools.isEmpty && !$0.isRemoved }.map(\.id)
        parents = ids.map { id in
            let host = views[id]
            return Parent(
                id: id, viewClass: host.viewClass,
                owner: id == .root ? nil : host.owner,
                isHidden: host.isHidden, isDetached: host.isDetached, isListHost: host.list != nil,
                cached: host.list != nil ? engine.strategy.cachedCells(in: id) : [],
                pools: host.pools.map { key, pool in
                    Pool(key: key,
                         members: pool.views.map { Member(id: $0, isHidden: views[$0].isHidden, isDetached: views[$0].isDetached,
                                                          owner: views[$0].owner) },
                         waiting: pool.waiting)
                })
        }
        detached = view == nil ? views.classPools.map { viewClass, waiting in
            (viewClass, waiting.map { Member(id: $0, isHidden: views[$0].isHidden, isDetached: true, owner: views[$0].owner) })
        } : []
        let strategy = engine.strategy
        detachedByComponentType = strategy.globalPoolsByComponentType
        strategyNote = strategy.name == StrategyRegistry.standard.name ? nil : "\(strategy.name): \(strategy.poolNote)"
    }

    /// Box-drawn, at most eight views per pool unless `all`.
    func text(style: Style, all: Bool) -> String {
        if parents.isEmpty, detached.isEmpty { return "no pools yet; mount something first" }
        var lines: [String] = []
        if let strategyNote { lines.append(style.dim(strategyNote)) }
        for parent in parents {
            lines.append(style.bold("\(parent.id) \(parent.viewClass) \(parent.holder)" + (parent.isDetached ? " detached" : parent.isHidden ? " hidden" : "")))
            if parent.pools.isEmpty { lines.append("   (no pools)") }
            if !parent.cached.isEmpty {
                lines.append("   cached by row: " + parent.cached.map { "\($0.view) (\($0.slot)\($0.isPrefetched ? ", prefetched" : ""))" }.joined(separator: ", "))
            }
            // Lookups only: the order printed is the pools' and their members'.
            let cachedFor = Dictionary(parent.cached.map { ($0.view, $0) }, uniquingKeysWith: { first, _ in first })
            for (index, pool) in parent.pools.enumerated() {
                let last = index == parent.pools.count - 1
                let count = pool.members.count
                // RecyclerView's hidden cells are all detached: say so.
                let hidden = pool.members.filter(\.isHidden)
                let detached = !hidden.isEmpty && hidden.allSatisfy(\.isDetached)
                var heading = "\(pool.key)  \(count) view\(count == 1 ? "" : "s"), \(hidden.count) \(detached ? "detached" : "hidden")"
                // A Recycler's key holds views in use, in the view cache and in
                // the pool: three things, each said.
                let inCache = pool.members.filter { cachedFor[$0.id] != nil }.count
                if inCache > 0 {
                    heading = "\(pool.key)  \(count) view\(count == 1 ? "" : "s"): \(count - hidden.count) in use, "
                        + "\(inCache) in the view cache, \(hidden.count - inCache) in the pool"
                }
                if parent.isListHost, !pool.waiting.isEmpty {
                    heading += ", waiting: " + pool.waiting.reversed().map(\.description).joined(separator: " ") + " (top first)"
                }
                lines.append((last ? "└─ " : "├─ ") + heading)
                let prefix = last ? "   " : "│  "
                let limit = all ? Int.max : 8
                for (position, member) in pool.members.enumerated() where position < limit {
                    let tail = position == min(count, limit) - 1 && count <= limit
                    let line: String
                    if let cell = cachedFor[member.id] {
                        line = style.dim("\(member.id) in the view cache for \(cell.slot)\(cell.isPrefetched ? " (prefetched)" : ""), "
                                         + "still bound; last held by \(member.holder)")
                    } else if member.isHidden {
                        let place = !member.isDetached ? "hidden" : inCache > 0 ? "detached, in the pool" : "detached"
                        line = style.dim("\(member.id) \(place), last held by \(member.holder)")
                    } else {
                        line = "\(member.id) \(member.holder)"
                    }
                    lines.append(prefix + (tail ? "└─ " : "├─ ") + line)
                }
                if count > limit {
                    lines.append(prefix + "└─ " + style.dim("… \(count - limit) more (pools --all)"))
                }
            }
        }
        if !detached.isEmpty {
            lines.append(style.bold(detachedByComponentType ? "detached, no parent, by component type (oldest first)" : "detached, no parent (oldest first)"))
        }
        for (index, pool) in detached.enumerated() {
            let last = index == detached.count - 1
            let count = pool.members.count
            lines.append((last ? "└─ " : "├─ ") + "\(pool.viewClass)  \(count) view\(count == 1 ? "" : "s")")
            let prefix = last ? "   " : "│  "
            let limit = all ? Int.max : 8
            for (position, member) in pool.members.enumerated() where position < limit {
                let tail = position == min(count, limit) - 1 && count <= limit
                lines.append(prefix + (tail ? "└─ " : "├─ ") + style.dim("\(member.id) detached, last held by \(member.holder)"))
            }
            if count > limit {
                lines.append(prefix + "└─ " + style.dim("… \(count - limit) more (pools --all)"))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Every view of every pool (no limit), with the state's `pass`
    /// (Schemas/pools.schema.json). `classPools` is null when the pools of
    /// one VIEW were asked for.
    func json(pass: Int, view: ViewID?) -> JSON {
        .object([
            ("pass", .int(pass)),
            ("parents", .array(parents.map { parent in
                .object([
                    ("view", .view(parent.id)), ("viewClass", .string(parent.viewClass)), ("path", .path(parent.owner)),
                    ("hidden", .bool(parent.isHidden)), ("detached", .bool(parent.isDetached)),
                    ("pools", .array(parent.pools.map { pool in
                        .object([
                            ("key", keyJSON(pool.key)),
                            ("views", .array(pool.members.map { member in
                                .object([("view", .view(member.id)), ("path", .path(member.owner)),
                                         ("hidden", .bool(member.isHidden)), ("detached", .bool(member.isDetached))])
                            })),
                            ("waiting", .array(pool.waiting.map(JSON.view))),
                        ])
                    })),
                    ("cached", .array(parent.cached.map { cached in
                        .object([("view", .view(cached.view)), ("slot", .string(cached.slot.description)),
                                 ("prefetched", .bool(cached.isPrefetched))])
                    })),
                ])
            })),
            ("classPools", view == nil ? .array(detached.map { pool in
                .object([(detachedByComponentType ? "component" : "viewClass", .string(pool.viewClass)),
                         ("views", .array(pool.members.map { .object([("view", .view($0.id)), ("path", .path($0.owner))]) }))])
            }) : .null),
        ])
    }
}
