extension StrategyDescriptor {
    /// DivKit (iOS): no pools; a container's current children are the only
    /// candidates for its new blocks (`../shared/REFERENCE.md`, section 3).
    ///
    /// Lists (galleries) reuse cells by `reuse_id` (default "DefaultReuseId"),
    /// so different cell types share cells unless they set different ids.
    static let divKit = StrategyDescriptor(name: "divkit", defaults: []) { _ in
        Strategy(
            name: "divkit",
            summary: "no pools: match current children, remove leftovers",
            poolNote: "DivKit has no pools: a container's current children are its only candidates; views are grouped by view class here, list cells by reuse_id",
            options: [],
            keying: ViewClassKeying(),
            parents: BlockMatching(),
            application: SetWholeBlock(),
            cells: ReuseIDCells(),
            cellApplication: SetWholeBlock(),
            liveComponents: .mounted)
    }
}

/// A container matching its new blocks against its current children.
///
/// Pass 1: each block, in order, takes the first orphan that is its best
/// view: the same element path, or an equal block. Pass 2: each block still
/// unmatched takes the first orphan it can configure: the same view type.
/// Unmatched blocks get a new view; leftover orphans are removed, not hidden.
struct BlockMatching: ParentReuse {
    /// The view each block of the current pass was matched with, by instance.
    private var planned: [ComponentPath: ViewID] = [:]

    var plansChildren: Bool { true }

    mutating func plan(_ blocks: [PlannedBlock], into parent: ViewID, store: inout ViewStore, pass: MountPass) {
        var orphans = store.view(parent).subviews.filter { !pass.wasTaken($0) && !store.view($0).isRemoved }
        var unmatched: [PlannedBlock] = []
        // Pass 1: the best view, same element path or an equal block.
        for block in blocks {
            if let index = orphans.firstIndex(where: { orphan in
                let view = store.view(orphan)
                return view.owner == block.instance.path
                    || (view.ownerComponent == block.instance.component && view.attached == block.configuration)
            }) {
                planned[block.instance.path] = orphans.remove(at: index)
            } else {
                unmatched.append(block)
            }
        }
        // Pass 2: any view this block can configure, the same view type.
        for block in unmatched {
            if let index = orphans.firstIndex(where: { store.view($0).viewClass == block.configuration.viewClass }) {
                planned[block.instance.path] = orphans.remove(at: index)
            }
        }
    }

    /// The view planned for this block, else a new one.
    func vend(_ key: ViewKey, viewClass: String, from parent: ViewID, for instance: Instance, store: inout ViewStore, pass: MountPass) -> Vended {
        guard let view = planned[instance.path] else {
            return Vended(view: store.createView(viewClass, key: key, in: parent, for: instance), acquisition: .created)
        }
        if store.view(view).poolKey != key { store.move(view, to: key, in: parent) }
        return Vended(view: view, acquisition: .taken(store.take(view, key: key, in: parent, for: instance)))
    }

    /// Leftovers are removed; subviews follow the blocks' order. The plan is
    /// forgotten (a fresh table: clearing one sized by a full pass would cost that pass again).
    mutating func settle(_ visited: [ViewID], store: inout ViewStore, pass: MountPass) {
        for parent in visited {
            for view in store.view(parent).subviews where !pass.wasTaken(view) {
                store.remove(view, from: parent, reason: .leftover)
            }
            store.order(parent, first: pass.taken(from: parent))
        }
        if !planned.isEmpty { planned = [:] }
    }
}

/// Gallery cells queued by `reuse_id` (default "DefaultReuseId").
struct ReuseIDCells: CellReuse {
    static let defaultReuseID = "DefaultReuseId"

    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        let reuseID = configuration.value(of: "reuse_id")?.plain ?? ReuseIDCells.defaultReuseID
        return ViewKey(component: nil, viewClass: configuration.viewClass, shape: nil, qualifier: .reuseID(reuseID))
    }

    func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance, store: inout ViewStore) -> Vended {
        store.dequeueOrCreate(key, viewClass: viewClass, host: host, for: instance)
    }

    func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        store.recycle(cell, in: host)
    }

    func didMount(_ spec: ListSpec, at path: ComponentPath, cell: String, host: ViewID, firstTime: Bool, store: inout ViewStore) {}
    func forget(host: ViewID) {}
    func cached(in host: ViewID) -> [CachedCell] { [] }
    func validate(lists: [String], catalog: Catalog) throws(EngineError) {}
}

/// Configuring a block view sets the whole view from the block, so a changed
/// block resets the view before its attributes are applied.
struct SetWholeBlock: Application {
    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        if let old = store.view(view).attached {
            if old == configuration {
                store.record(view, for: instance, .skip(nil))
                return
            }
            store.resetProperties(of: view, reason: .blockSetsWholeView)
        }
        store.applyAll(configuration, on: view, for: instance)
    }
}
