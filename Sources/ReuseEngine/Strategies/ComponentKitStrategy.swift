extension StrategyDescriptor {
    /// ComponentKit: the most complete implementation of the same idea
    /// (`../shared/REFERENCE.md`, section 2; upstream `ComponentViewManager.mm`,
    /// `ComponentViewReuseUtilities.mm`).
    ///
    /// - The key's shape leaves out attributes that have an unapplicator: they
    ///   can tear themselves down, so they need not split pools.
    /// - Positional vend with a cursor; at the container's reset, after its
    ///   subtree mounted, hidden views vended again are shown and the others
    ///   hidden, and the vended views are sorted into vend order within
    ///   their own places.
    /// - Per-attribute diff (`PerAttributeDiff`).
    /// - `didEnterReusePool` / `willLeaveReusePool` at that reset, for the view
    ///   and every descendant whose visibility changes with it.
    public static let componentKit = StrategyDescriptor(name: "componentkit", defaults: [], rules: [
        "Pools keyed by (component, view class, shape of attributes without an unapplicator).",
        "Positional vend; when a container is reset (after its subtree, inner ones first):",
        "vended views shown (willLeaveReusePool if they were hidden), the rest hidden",
        "(didEnterReusePool), both reaching every descendant whose visibility changes;",
        "vended views sorted into vend order within their own places. Per-attribute diff",
        "with updaters; the same instance on its own view with an equal configuration: nothing.",
        "insert and delete arrive as a changeset (CKDataSourceChangeset): cells follow",
        "their items. state lives in the item's component scope (CKComponentScope),",
        "never on a view: it stays with its item.",
        "Source: facebook/componentkit ComponentViewManager.mm, ComponentViewReuseUtilities.mm.",
    ]) { _ in
        Strategy(
            name: "componentkit",
            summary: "persistent shape; per-attribute diff; reuse-pool hooks",
            poolNote: "positional vend per key (the persistent shape leaves out attributes with an unapplicator); a cursor per pool, reset each pass",
            options: [],
            keying: PersistentShapeKeying(),
            parents: PoolHookVend(),
            application: PerAttributeDiff(),
            cells: PoolHookCells(),
            cellApplication: PerAttributeDiff(),
            reuseHook: .didEnterReusePool,
            liveComponents: .mounted,
            rowIdentity: .byItem,
            stateHome: .item)
    }
}

/// ComponentKit's key: the shape holds only attributes without an unapplicator.
struct PersistentShapeKeying: Keying {
    var readsValues: Bool { false }
    /// Reads the catalogue (which attributes have an unapplicator).
    var isPure: Bool { false }

    func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        let persistent = configuration.attributes.filter { !catalog.hasUnapplicator($0.name) }.map(\.name)
        return ViewKey(component: component, viewClass: configuration.viewClass, shape: AttributeShape(persistent))
    }
}

/// Positional vend; hidden views are shown, and the reuse-pool hooks fire,
/// when the container is reset after its subtree mounted
/// (`ComponentViewManager.mm`, `ViewReusePool::reset`): inner containers
/// first; per pool in first-use order, the vended views (`willLeaveReusePool`
/// for those that were hidden, then shown), then the others (hidden, then
/// `didEnterReusePool`); finally the vended views are sorted into vend order
/// within the places they hold, the others keeping theirs.
struct PoolHookVend: ParentReuse {
    let positional = PositionalVend(unhidesAtVend: false)

    var plansChildren: Bool { false }

    func plan(_ blocks: [PlannedBlock], into parent: ViewID, store: inout ViewStore, pass: MountPass) {}

    mutating func vend(_ key: ViewKey, viewClass: String, from parent: ViewID, for instance: Instance,
                       store: inout ViewStore, pass: MountPass) -> Vended {
        positional.vend(key, viewClass: viewClass, from: parent, for: instance, store: &store, pass: pass)
    }

    /// Scratch for ``innerFirst(_:store:positions:)``: each visited view's
    /// first position in `visited` plus one, by view number (0: none). Every
    /// entry it sets is cleared before it returns, so it reads as empty
    /// between passes (a table of numbers, not state: no checkpoint needs it).
    private var positions: [Int32] = []

    mutating func settle(_ visited: [ViewID], store: inout ViewStore, pass: MountPass) {
        let byPrefix = store.fastPaths.contains(.vendOrderByPrefix)
        for parent in Self.innerFirst(visited, store: store, positions: &positions) {
            for pool in store[parent].pools.values {
                for view in pool.views where pass.wasTaken(view) && store[view].isHidden {
                    store.hookSubtree(view, .leavePool)
                    store.unhide(view, in: parent)
                }
                for view in pool.views where !pass.wasTaken(view) && !store[view].isHidden {
                    store.hide(view, in: parent)
                    store.hookSubtree(view, .enterPool)
                }
            }
            store.sortVended(parent, inVendOrder: pass.taken(from: parent), byPrefix: byPrefix)
        }
    }

    /// The visited containers with every container after those inside it,
    /// siblings in visit order (the order their mount contexts are popped).
    ///
    /// A visited view's first position in `visited` is read from
    /// `positions`, by view number (a scratch table this function leaves
    /// empty), and its children are listed by that position in one array
    /// (counted, then placed): no set, dictionary or sort is made at every
    /// pass (issue 38: a sorted index and an array of children per
    /// container were a sixth of componentkit's `set` pass on 50 cards).
    static func innerFirst(_ visited: [ViewID], store: ViewStore, positions: inout [Int32]) -> [ViewID] {
        let count = visited.count
        guard count > 0 else { return [] }
        for (place, view) in visited.enumerated() {
            let index = view.number - 1
            if index >= positions.count { positions.append(contentsOf: repeatElement(0, count: index + 1 - positions.count)) }
            if positions[index] == 0 { positions[index] = Int32(truncatingIfNeeded: place + 1) }
        }
        /// The first position of `view` in `visited`, if it is there.
        func position(of view: ViewID) -> Int? {
            let index = view.number - 1
            guard index >= 0, index < positions.count, positions[index] != 0 else { return nil }
            return Int(positions[index]) - 1
        }
        // Each view's container: the position of its nearest visited
        // ancestor (the container it resets before), -1 for a top one.
        var container = [Int](repeating: -1, count: count)
        var childCount = [Int](repeating: 0, count: count)
        var tops: [ViewID] = []
        for (place, view) in visited.enumerated() {
            var ancestor = store[view].superview
            var found: Int?
            while let next = ancestor {
                found = position(of: next)
                if found != nil { break }
                ancestor = store[next].superview
            }
            if let found {
                container[place] = found
                childCount[found] += 1
            } else {
                tops.append(view)
            }
        }
        // The children of the container at position p, in visit order:
        // children[start[p] ..< start[p] + childCount[p]].
        var start = [Int](repeating: 0, count: count)
        var total = 0
        for place in 0..<count {
            start[place] = total
            total += childCount[place]
        }
        var filled = start
        var children = [ViewID](repeating: .root, count: total)
        for place in 0..<count where container[place] >= 0 {
            children[filled[container[place]]] = visited[place]
            filled[container[place]] += 1
        }
        var order: [ViewID] = []
        order.reserveCapacity(count)
        var stack: [(ViewID, Bool)] = tops.reversed().map { ($0, false) }
        while let (view, expanded) = stack.popLast() {
            if expanded { order.append(view); continue }
            stack.append((view, true))
            if let at = position(of: view) {
                for child in children[start[at] ..< start[at] + childCount[at]].reversed() { stack.append((child, false)) }
            }
        }
        for view in visited { positions[view.number - 1] = 0 }
        return order
    }
}

extension ViewStore {
    /// Records a reuse-pool hook for `view` and every descendant whose
    /// visibility changes with it (pre-order; a hidden descendant's subtree
    /// was already out of sight), when `view`'s parent is visible
    /// (`ComponentViewReuseUtilities.mm`: `didHide`/`ancestorDidHide`,
    /// `willUnhide`/`ancestorWillUnhide`).
    mutating func hookSubtree(_ view: ViewID, _ hook: ReuseEvent.Step) {
        guard let parent = self[view].superview, visibility(of: parent) == .visible else { return }
        for next in visibleSubtree(of: view) {
            // didEnterReusePool runs what `prepare` declared for each view's component.
            if hook == .enterPool { runHook(.didEnterReusePool, on: next) } else { recordForOwner(next, hook) }
        }
    }
}

/// List cells on a stack per persistent-shape key, with the reuse-pool hooks
/// reaching each cell's descendants.
struct PoolHookCells: QueueCells {
    var keying: (any Keying)? { nil }

    /// A scroll position is component state, kept by the item's scope: it
    /// never passes to another item.
    var offsetTravelsWithCell: Bool { false }
    /// A data change mounts the row's new component tree on the view it holds.
    var dataChange: RowReload? { .reconfigure }
    /// A cell's children are components, keyed as under any parent.
    var subviewKeying: (any Keying)? { nil }

    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        PersistentShapeKeying().key(component, configuration, catalog: catalog)
    }

    func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance, store: inout ViewStore) -> Vended {
        guard let (view, taken) = store.popWaiting(key, host: host, for: instance, unhides: false) else {
            return Vended(view: store.createView(viewClass, key: key, in: host, for: instance), acquisition: .created)
        }
        store.hookSubtree(view, .leavePool)
        store.unhide(view, in: host)
        return Vended(view: view, acquisition: .taken(taken))
    }

    func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        store.recycle(cell, in: host)
        store.hookSubtree(cell, .enterPool)
    }
}

/// ComponentKit's per-attribute diff. An old attribute with an unapplicator
/// is unapplied when it disappears, or when its value changed and the new one
/// has no updater; a new attribute is applied when absent before, updated
/// (if it has an updater) or applied when changed, skipped when equal. The
/// same instance remounting an equal configuration on its view does nothing.
struct PerAttributeDiff: Application {
    var configureBinds: Bool { false }

    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        guard let old = store[view].attached else {
            store.applyAll(configuration, on: view, for: instance)
            return
        }
        if old == configuration, acquired.keptOwner {
            store.record(view, for: instance, .skip(nil))
            return
        }
        let catalog = store.catalog
        for attribute in old.attributes where catalog.hasUnapplicator(attribute.name) {
            let replacement = configuration.value(of: attribute.name)
            let hasUpdater = catalog.attributes[attribute.name]?.hasUpdater == true
            if replacement == nil || (replacement != attribute.value && !hasUpdater) {
                store.unapply(attribute, on: view, for: instance)
            }
        }
        for attribute in configuration.attributes {
            guard let previous = old.value(of: attribute.name) else {
                store.apply(attribute, on: view, for: instance)
                continue
            }
            if previous == attribute.value {
                store.record(view, for: instance, .skip(attribute))
            } else if catalog.attributes[attribute.name]?.hasUpdater == true {
                store.update(attribute, from: previous, on: view, for: instance)
            } else {
                store.apply(attribute, on: view, for: instance)
            }
        }
        store.attach(configuration, to: view)
    }
}
