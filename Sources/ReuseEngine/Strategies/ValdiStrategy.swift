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
            application: RenderDiff(),
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
            application: RenderDiff(),
            cells: PreCreatedItems(),
            cellApplication: AttachOnShow(),
            liveComponents: .everyListItem)
    }

    private static let valdiPoolNote = "list cells wait in a pool keyed by view class, reset before they enter it; other parents as under theodolite"
}

/// Valdi's view node attribute diff (`ViewNodeAttribute.cpp`,
/// `ViewNodeAttributesApplier.cpp`): an attribute whose value changed is
/// applied, an equal one is left alone, and an attribute the new render no
/// longer sets is reset to its default, so nothing leaks.
struct RenderDiff: Application {
    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        store.applyDiff(view, to: configuration, for: instance)
    }
}

extension ViewStore {
    /// ``RenderDiff``'s steps.
    mutating func applyDiff(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance) {
        guard let old = self.view(view).attached else {
            applyAll(configuration, on: view, for: instance)
            return
        }
        if old == configuration {
            record(view, for: instance, .skip(nil))
            return
        }
        for attribute in old.attributes where configuration.value(of: attribute.name) == nil {
            resetAttribute(attribute, on: view, for: instance)
        }
        for attribute in configuration.attributes {
            if old.value(of: attribute.name) == attribute.value {
                record(view, for: instance, .skip(attribute))
            } else {
                if catalog.attributes[attribute.name]?.effect == .adds, old.value(of: attribute.name) != nil {
                    // An additive attribute's old entry goes before the new one is added.
                    resetAttribute(attribute, on: view, for: instance)
                }
                apply(attribute, on: view, for: instance)
            }
        }
        attach(configuration, to: view)
    }
}

/// Option A's bind: convert, render, lay out, then diff what changed.
struct RenderOnBind: Application {
    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        if let slot = instance.slot {
            store.record(view, for: instance, .render(.slot(slot)))
            store.record(view, for: instance, .layout(.slot(slot)))
        }
        store.applyDiff(view, to: configuration, for: instance)
    }
}

/// Option B's show: attach the item's already rendered component, then populate.
struct AttachOnShow: Application {
    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        if let slot = instance.slot, store.view(view).attached != configuration {
            store.record(view, for: instance, .attach(slot))
        }
        store.applyDiff(view, to: configuration, for: instance)
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
