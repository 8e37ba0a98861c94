extension StrategyDescriptor {
    /// What Theodolite's shipped code (2019) did, drifted from its document
    /// (`../shared/REFERENCE.md`, section 1; upstream `View/Reuse/ViewPoolMap.swift`,
    /// `View/Reuse/ViewPool.swift`).
    ///
    /// Pools are keyed by the whole configuration, values included, so a view
    /// only goes to an identical configuration (never applied twice, but a
    /// value change means a new view). Check-out prefers the view the same
    /// instance had, then any free view, then a new one. Leftovers are hidden
    /// at the end, except in a parent nothing mounted into during the pass
    /// (bug #27 of its tracker: those stay visible, and `check` reports them).
    static let theodolite2019 = StrategyDescriptor(name: "theodolite-2019", defaults: []) { _ in
        Strategy(
            name: "theodolite-2019",
            summary: "full-configuration pools; own view first; bug #27 kept",
            poolNote: "pools keyed by the whole configuration; a request takes the view its instance had, else any free one",
            options: [],
            keying: ConfigurationKeying(),
            parents: OwnerFirstVend(),
            application: ApplyChanged(),
            cells: StackCells(keying: ConfigurationKeying()),
            cellApplication: ApplyChanged(),
            liveComponents: .mounted)
    }
}

/// Theodolite 2019's key: the component type, view class, shape and every value.
struct ConfigurationKeying: Keying {
    func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        let values = configuration.attributes.sorted { $0.name < $1.name }
        return ViewKey(component: component, viewClass: configuration.viewClass, shape: configuration.shape,
                       qualifier: values.isEmpty ? nil : .values(values))
    }
}

/// Check-out from `ViewPool.swift`: the view this same instance had, if it is
/// in the pool and free; else the first free view; else a new one.
struct OwnerFirstVend: ParentReuse {
    var plansChildren: Bool { false }

    func plan(_ blocks: [PlannedBlock], into parent: ViewID, store: inout ViewStore, pass: MountPass) {}

    func vend(_ key: ViewKey, from parent: ViewID, for instance: Instance, store: inout ViewStore, pass: MountPass) -> Vended {
        let free = (store.pool(key, in: parent)?.views ?? []).filter { !pass.wasTaken($0) }
        if let own = free.first(where: { store.view($0).owner == instance.path }) ?? free.first {
            return Vended(view: own, acquisition: .taken(store.take(own, key: key, in: parent, for: instance)))
        }
        return Vended(view: store.createView(key: key, in: parent, for: instance), acquisition: .created)
    }

    func settle(_ parent: ViewID, store: inout ViewStore, pass: MountPass) {
        // Bug #27: a parent nothing mounted into keeps its old views visible.
        let taken = pass.taken(from: parent)
        guard !taken.isEmpty else { return }
        store.hideUntaken(in: parent, pass: pass)
        store.order(parent, first: taken)
    }

    func endPass() {}
}
