extension StrategyDescriptor {
    /// Valdi option A (`../shared/REFERENCE.md`, section 6): one root component
    /// per visible cell; every bind renders it again and lays it out before
    /// populating the views. The cell keeps its root component, so a bind
    /// diffs and applies only what changed.
    public static let valdiRebind = StrategyDescriptor(name: "valdi-rebind", defaults: [], rules: [
        "Option A: one root component per visible cell; every bind renders and lays it out,",
        "then diffs: changed attributes applied, equal ones left, dropped ones reset.",
        "Valdi's views: a node keeps its view; a view whose node went leaves its superview, is",
        "reset and waits detached (no superview, not hidden) in one global first-in-first-out",
        "pool per view class; whoever takes it adds it as a subview. List cells (host views)",
        "are the native list's, never Valdi's pool.",
        "state (modelled) is the cell's root component's: it goes with the cell. insert",
        "and delete render the cells by position, or follow items under 'key id'.",
        "Source: Snapchat/Valdi ViewNodeAttributesApplier.cpp, ViewFactory.cpp, ViewNode.cpp,",
        "SCValdiViewTransaction.mm.",
    ]) { _ in
        Strategy(
            name: "valdi-rebind",
            summary: "a root component per visible cell, rendered per bind",
            poolNote: valdiPoolNote,
            options: [],
            keying: ViewClassKeying(),
            parents: ValdiViewPool(),
            application: RenderDiff(),
            cells: StackCells(keying: ViewClassKeying(), hostedInNativeList: true),
            cellApplication: RenderOnBind(),
            reuseHook: nil,
            liveComponents: .mounted,
            rowIdentity: .byKey,
            stateHome: .view)
    }

    /// Valdi option B: one component per item, created (rendered and laid out)
    /// when the list mounts; a cell that shows attaches the item's root view,
    /// so scrolling renders nothing, but every item stays alive. The item's
    /// root view leaves the cell when it scrolls away: its views go back to
    /// Valdi's pool keyed by view class, their attribute reset methods run
    /// first, so a reused view starts clean.
    public static let valdiAttach = StrategyDescriptor(name: "valdi-attach", defaults: [], rules: [
        "Option B: one component per item, rendered and laid out when the list mounts;",
        "a cell that shows attaches the item's component (no render while scrolling), and",
        "every item's components stay alive. A detached cell's attributes are reset.",
        "Otherwise as valdi-rebind: attribute diff, one global FIFO pool per view class whose",
        "views wait detached from any superview.",
        "state (modelled) is each item's component's: it stays with its item's",
        "component, by position under key index, with the item under key id.",
        "Source: Snapchat/Valdi native collection view guide, ViewFactory.cpp.",
    ]) { _ in
        Strategy(
            name: "valdi-attach",
            summary: "a pre-created component per item, attached on scroll",
            poolNote: valdiPoolNote,
            options: [],
            keying: ViewClassKeying(),
            parents: ValdiViewPool(),
            application: RenderDiff(),
            cells: PreCreatedItems(),
            cellApplication: AttachOnShow(),
            reuseHook: nil,
            liveComponents: .everyListItem,
            rowIdentity: .byKey,
            stateHome: .item)
    }

    private static let valdiPoolNote = "Valdi's views: a node keeps its view; a view whose node went leaves its superview, is reset and waits detached in one global first-in-first-out pool per view class, and whoever takes it adds it as a subview; list cells (host views) are the native list's"
}

/// Valdi's view node attribute diff (`ViewNodeAttribute.cpp`,
/// `ViewNodeAttributesApplier.cpp`): an attribute whose value changed is
/// applied, an equal one is left alone, and an attribute the new render no
/// longer sets is reset to its default, so nothing leaks.
struct RenderDiff: Application {
    var configureBinds: Bool { false }

    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        store.applyDiff(view, to: configuration, for: instance)
    }
}

extension ViewStore {
    /// ``RenderDiff``'s steps.
    mutating func applyDiff(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance) {
        guard let old = self[view].attached else {
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
                if catalog.effect(of: attribute.name) == .adds, old.value(of: attribute.name) != nil {
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
    var configureBinds: Bool { false }

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
    var configureBinds: Bool { false }

    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        if let slot = instance.slot, store[view].attached != configuration {
            store.record(view, for: instance, .attach(slot))
        }
        store.applyDiff(view, to: configuration, for: instance)
    }
}

/// Option B's cells: pooled by view class, reset as the item's root view
/// detaches; every item rendered and laid out once when the list first mounts.
struct PreCreatedItems: QueueCells {
    /// Its key reads more than a keying does (the list, registrations or options).
    var keying: (any Keying)? { nil }

    /// Each item's component renders its own scroll state, and a view's
    /// attributes are reset before it is pooled: an offset stays with its item.
    var offsetTravelsWithCell: Bool { false }
    /// A data change renders the item again on the view it holds.
    var dataChange: RowReload? { .reconfigure }
    /// A cell's content is the item's rendered component tree.
    var subviewKeying: (any Keying)? { nil }

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

    func didMount(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, store: inout ViewStore) {
        guard firstTime, spec.rows > 0 else { return }
        // The items are shown under the list's first cell type.
        let items = Instance(component: spec.cells.first ?? "", path: path)
        store.record(host, for: items, .render(.everyItem(spec.rows)))
        store.record(host, for: items, .layout(.everyItem(spec.rows)))
    }
}

/// Valdi's view factory pool (`ViewFactory.cpp`, `ViewNode.cpp`): a node
/// keeps its view while it lives (its own view in the parent, else, for a
/// node rendered again with another item, the first live view of its class
/// there); a view whose node went away has its attributes reset, leaves its
/// superview and waits detached in one global pool per view class, first in,
/// first out, unbounded (``ViewStore/classPools``); a node needing a view takes
/// the oldest pooled view of its class and adds it to its parent, or a new
/// one. The root and list cells (host views) are never pooled.
///
/// Upstream (Snapchat/Valdi 1ca7a06, `valdi/src/valdi/runtime/Context/ViewNode.cpp`):
/// `setView` removes the old view from its parent first (line 363), restores
/// its attributes to their defaults (line 374) and only then hands it to the
/// pool (lines 376-381); `removeView` first takes every child view out of it
/// (lines 407-415), so a pooled view holds none. On iOS the removal is
/// `[uiView removeFromSuperview]` (`ios/CPPBindings/SCValdiViewTransaction.mm`
/// lines 144-153). `ViewFactory::createView` pops the pool's front and
/// `enqueueViewToPool` appends (`runtime/Views/ViewFactory.cpp` lines 27-46).
struct ValdiViewPool: ParentReuse {
    init() {}

    var plansChildren: Bool { false }

    func plan(_ blocks: [PlannedBlock], into parent: ViewID, store: inout ViewStore, pass: MountPass) {}

    func vend(_ key: ViewKey, viewClass: String, from parent: ViewID, for instance: Instance,
              store: inout ViewStore, pass: MountPass) -> Vended {
        // Pooled views are detached: every view still in the parent has a live node.
        // The first view not taken in this pass that the instance had, else
        // the first not taken: one walk over the pool in place (no array
        // of the free ones made for every vend).
        var own: ViewID?, first: ViewID?
        if let views = store.pool(key, in: parent)?.views {
            for view in views where !pass.wasTaken(view) {
                if store[view].owner == instance.path {
                    own = view
                    break
                }
                if first == nil { first = view }
            }
        }
        if let view = own ?? first {
            return Vended(view: view, acquisition: .taken(store.take(view, key: key, in: parent, for: instance)))
        }
        if let adopted = store.adoptDetached(viewClass, into: parent, key: key, for: instance) {
            return Vended(view: adopted.view, acquisition: .taken(adopted.taken))
        }
        return Vended(view: store.createView(viewClass, key: key, in: parent, for: instance), acquisition: .created)
    }

    /// Views of the visited parents that no node took lost their nodes: each,
    /// with the views inside it, leaves its superview, is reset and waits
    /// detached in the global pool of its class, a view before the views
    /// inside it (pre-order; once the settle ends none holds a subview). A
    /// list host among them is released with its cells, never pooled.
    func settle(_ visited: [ViewID], store: inout ViewStore, pass: MountPass) {
        for parent in visited {
            let leaving = store[parent].subviews.filter { !pass.wasTaken($0) }
            for view in leaving {
                // A list host ends its branch: its cells are the native list's.
                let order = store.subtree(of: view, descends: { store[store[$0].superview ?? .root].list == nil })
                for next in order where !store[next].isRemoved {
                    if store[next].list != nil {
                        store.remove(next, from: store[next].superview ?? parent, reason: .hostReleased)
                        continue
                    }
                    // Upstream order: out of the superview, attributes restored, enqueued.
                    store.detach(next)
                    store.resetProperties(of: next, reason: .enteringPool)
                }
            }
        }
    }
}
