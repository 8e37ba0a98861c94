extension StrategyDescriptor {
    /// Valdi option A (`../shared/REFERENCE.md`, section 6): one root component
    /// per visible cell; every bind renders it again and lays it out before
    /// populating the views. The cell keeps its root component, so a bind
    /// diffs and applies only what changed.
    static let valdiRebind = StrategyDescriptor(name: "valdi-rebind", defaults: []) { _ in
        Strategy(
            name: "valdi-rebind",
            summary: "a root component per visible cell, rendered per bind",
            poolNote: valdiPoolNote,
            options: [],
            keying: ComponentShapeKeying(),
            parents: PositionalVend(),
            application: ApplyChanged(),
            cells: StackCells(keying: ViewClassKeying()),
            cellApplication: RenderOnBind(),
            liveComponents: .mounted)
    }

    /// Valdi option B: one component per item, created (rendered and laid out)
    /// when the list mounts; a cell that shows attaches the item's root view,
    /// so scrolling renders nothing, but every item stays alive. The item's
    /// root view leaves the cell when it scrolls away: its views go back to
    /// Valdi's pool keyed by view class, their attribute reset methods run
    /// first, so a reused view starts clean.
    static let valdiAttach = StrategyDescriptor(name: "valdi-attach", defaults: []) { _ in
        Strategy(
            name: "valdi-attach",
            summary: "a pre-created component per item, attached on scroll",
            poolNote: valdiPoolNote,
            options: [],
            keying: ComponentShapeKeying(),
            parents: PositionalVend(),
            application: ApplyChanged(),
            cells: PreCreatedItems(),
            cellApplication: AttachOnShow(),
            liveComponents: .everyListItem)
    }

    private static let valdiPoolNote = "list cells wait in a pool keyed by view class, reset before they enter it; other parents as under theodolite"
}

/// Option A's bind: convert, render, lay out, then diff what changed.
struct RenderOnBind: Application {
    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        if let slot = instance.slot {
            store.record(view, for: instance, .render(.slot(slot)))
            store.record(view, for: instance, .layout(.slot(slot)))
        }
        store.applyChanged(view, to: configuration, for: instance)
    }
}

/// Option B's show: attach the item's already rendered component, then populate.
struct AttachOnShow: Application {
    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        if let slot = instance.slot, store.view(view).attached != configuration {
            store.record(view, for: instance, .attach(slot))
        }
        store.applyChanged(view, to: configuration, for: instance)
    }
}

/// Option B's cells: pooled by view class, reset as the item's root view
/// detaches; every item rendered and laid out once when the list first mounts.
struct PreCreatedItems: CellReuse {
    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        ViewClassKeying().key(component, configuration, catalog: catalog)
    }

    func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance, store: inout ViewStore) -> Vended {
        store.dequeueOrCreate(key, viewClass: viewClass, host: host, for: instance)
    }

    func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        store.resetProperties(of: cell, reason: .detached)
        store.recycle(cell, in: host)
    }

    func didMount(_ spec: ListSpec, at path: ComponentPath, cell: String, host: ViewID, firstTime: Bool, store: inout ViewStore) {
        guard firstTime, spec.rows > 0 else { return }
        let items = Instance(component: cell, path: path)
        store.record(host, for: items, .render(.everyItem(spec.rows)))
        store.record(host, for: items, .layout(.everyItem(spec.rows)))
    }

    func forget(host: ViewID) {}
    func cached(in host: ViewID) -> [CachedCell] { [] }
    func validate(lists: [String], catalog: Catalog) throws(EngineError) {}
}
