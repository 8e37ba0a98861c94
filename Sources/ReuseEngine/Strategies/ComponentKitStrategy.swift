extension StrategyDescriptor {
    /// ComponentKit: the most complete implementation of the same idea
    /// (`../shared/REFERENCE.md`, section 2; upstream `ComponentViewManager.mm`,
    /// `ComponentViewReuseUtilities.mm`).
    ///
    /// - The key's shape leaves out attributes that have an unapplicator: they
    ///   can tear themselves down, so they need not split pools.
    /// - Positional vend with a cursor; subviews reordered to vend order.
    /// - Per-attribute diff (``PerAttributeDiff``).
    /// - `didEnterReusePool` when a view is hidden into its pool,
    ///   `willLeaveReusePool` when a hidden view is vended again.
    static let componentKit = StrategyDescriptor(name: "componentkit", defaults: []) { _ in
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
            liveComponents: .mounted)
    }
}

/// ComponentKit's key: the shape holds only attributes without an unapplicator.
struct PersistentShapeKeying: Keying {
    func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        let persistent = configuration.attributes.filter { catalog.attributes[$0.name]?.hasUnapplicator != true }.map(\.name)
        return ViewKey(component: component, viewClass: configuration.viewClass, shape: AttributeShape(persistent))
    }
}

/// Positional vend with the reuse-pool hooks.
struct PoolHookVend: ParentReuse {
    var positional = PositionalVend()

    var plansChildren: Bool { false }

    func plan(_ blocks: [PlannedBlock], into parent: ViewID, store: inout ViewStore, pass: MountPass) {}

    mutating func vend(_ key: ViewKey, viewClass: String, from parent: ViewID, for instance: Instance, store: inout ViewStore, pass: MountPass) -> Vended {
        let vended = positional.vend(key, viewClass: viewClass, from: parent, for: instance, store: &store, pass: pass)
        if case .taken(let taken) = vended.acquisition, taken.wasHidden {
            store.record(vended.view, for: instance, .leavePool)
        }
        return vended
    }

    mutating func settle(_ visited: [ViewID], store: inout ViewStore, pass: MountPass) {
        for parent in visited {
            for view in store.hideUntaken(in: parent, pass: pass) {
                store.record(view, for: nil, .enterPool)
            }
            store.order(parent, first: pass.taken(from: parent))
        }
        positional.forgetCursors()
    }
}

/// List cells on a stack per persistent-shape key, with the reuse-pool hooks.
struct PoolHookCells: CellReuse {
    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        PersistentShapeKeying().key(component, configuration, catalog: catalog)
    }

    func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance, store: inout ViewStore) -> Vended {
        let vended = store.dequeueOrCreate(key, viewClass: viewClass, host: host, for: instance)
        if case .taken = vended.acquisition { store.record(vended.view, for: instance, .leavePool) }
        return vended
    }

    func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        store.recycle(cell, in: host)
        store.record(cell, for: nil, .enterPool)
    }

    func didMount(_ spec: ListSpec, at path: ComponentPath, cell: String, host: ViewID, firstTime: Bool, store: inout ViewStore) {}
    func forget(host: ViewID) {}
    func cached(in host: ViewID) -> [CachedCell] { [] }
    func validate(lists: [String], catalog: Catalog) throws(EngineError) {}
}

/// ComponentKit's per-attribute diff. An old attribute with an unapplicator
/// is unapplied when it disappears, or when its value changed and the new one
/// has no updater; a new attribute is applied when absent before, updated
/// (if it has an updater) or applied when changed, skipped when equal. The
/// same instance remounting an equal configuration on its view does nothing.
struct PerAttributeDiff: Application {
    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        guard let old = store.view(view).attached else {
            store.applyAll(configuration, on: view, for: instance)
            return
        }
        if old == configuration, acquired.previousOwner == instance.path {
            store.record(view, for: instance, .skip(nil))
            return
        }
        let catalog = store.catalog
        for attribute in old.attributes where catalog.attributes[attribute.name]?.hasUnapplicator == true {
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
