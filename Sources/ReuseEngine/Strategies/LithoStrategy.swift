// Upstream read: facebook/litho at 55e28e5 (2025-07-21). Paths are relative
// to that repository (`MountItemsPool.kt` is litho-rendercore/src/main/java/
// com/facebook/rendercore/MountItemsPool.kt, `MountState.kt` beside it);
// line numbers are that commit's. The rules are ../shared/systems/litho.md
// as corrected in Documentation/research/diffable-iglistkit-texture-litho.md.

extension StrategyDescriptor {
    /// Litho: mount content pooled by component type for the whole
    /// Activity, list rows as RecyclerView's `LithoView` shells.
    ///
    /// - Pool key = component type (`SpecGeneratedComponent.java` L826-829,
    ///   `MountSpecLithoRenderUnit.kt` L98-100); one set of pools per
    ///   Context, shared by every LithoView and list (`MountItemsPool.kt`
    ///   L57-58, L212-250).
    /// - 3 per type by default (`ContentAllocator.kt` L59-60, L93;
    ///   `MountSpec.java` L113-117), 0 meaning no pool (`MountItemsPool.kt`
    ///   L218-220); last in, first out, a full pool drops the content
    ///   (`DefaultContentPool`, L506-535, over androidx `Pools.SimplePool`;
    ///   L154-160).
    /// - Unmount: children first, last child first (`MountState.kt`
    ///   L672-677), out of the host (L709), view attributes unbound
    ///   (L714-722, `ViewAttributesViewBinder.kt` L68-97), `@OnUnmount`
    ///   (L731), released (L735). Old items are unmounted before new ones
    ///   mount (`mount`, L447; `unmountOrMoveOldItems`, L468-523).
    /// - Kept items update in place (`shouldUpdateMountItem`, L931-939):
    ///   MountSpec props are mounted again on every new layout unless the
    ///   component is pure and its props equal (`Component.java` L211-213,
    ///   L252-306; `MountSpec.java` L94-99); view attributes are bound
    ///   again only when they changed (`ViewAttributesViewBinder.kt` L41-66).
    /// - Hosts are not pooled (`ComponentsConfiguration.kt` L52,
    ///   `HostComponent.java` L49-57).
    /// - Preallocation fills a type's pool up to its size after a layout
    ///   (`ContentPreAllocator.kt` L88-137; `MountItemsPool.kt` L537-544).
    /// - Lists: every component row is a `LithoView` of one view type
    ///   (`RecyclerBinder.kt` L355, L3371-3378), with RecyclerView's item
    ///   cache 0 and no item prefetch (L2404-2408; `RecyclerBinderConfig.kt`
    ///   L83, L92) and RecyclerView's pool of 5; a shell going to the pool
    ///   unmounts all its content (`onViewRecycled`, L3393-3407), a nested
    ///   list's RecyclerView with it (`unmount`, L2506-2555: its shells
    ///   recycled, then dropped); a row's update mounts in place in the
    ///   same shell (L1280-1307).
    ///
    /// Options: `pool N` (every type's pool size, default 3), `pool TYPE N`
    /// (one type's), `pure on` (every component `isPureRender`: an equal
    /// configuration is not mounted again), `preallocate TYPE` (the type
    /// `canPreallocate`, and the tree has a preallocation handler).
    public static let litho = StrategyDescriptor(
        name: "litho",
        defaults: [StrategyOption(name: "pool", value: 3), StrategyOption(name: "pure", value: 0, kind: .flag)],
        perSubject: "pool",
        subjectOptions: ["preallocate"],
        rules: [
            "One pool per component type (not view class, not attribute shape) for the whole",
            "Activity, shared by every parent and list: 3 views per type (pool N, pool TYPE N;",
            "0 = no pool), last in, first out; a view released into a full pool is dropped.",
            "A component that leaves the tree is unmounted before new ones mount: children",
            "first, last child first; attributes that have an unapplicator are unapplied",
            "(view attributes), then the prepare resets run (@OnUnmount), then the view is",
            "detached into its type's pool. Whatever else @OnMount set stays on the view and",
            "shows wherever it is taken next. A component that stays keeps its view: on every",
            "new layout its props (attributes without an unapplicator) are applied again, unless",
            "'pure on' and they are equal; view attributes are applied again only if changed.",
            "Hosts (components with children) are never pooled. 'preallocate TYPE' fills the",
            "type's pool up to its size after a pass that mounted the type.",
            "List rows are LithoView shells of one RecyclerView view type: item cache 0, no",
            "prefetch, pool 5. As under recyclerview, a scroll step lays out each entering",
            "row before it recycles the row that left, so the entering row cannot take that",
            "row's shell. A shell going to its pool unmounts all its content into the",
            "component pools; set or reload on a row mounts again in the same shell.",
            "Source: facebook/litho MountItemsPool.kt, MountState.kt, RecyclerBinder.kt,",
            "ContentAllocator.kt, ViewAttributesViewBinder.kt, HostComponent.java.",
        ]
    ) { settings in
        let sizes = LithoPoolSizes(standard: settings.values[0], perType: settings.perSubject)
        let pure = settings.values[1] != 0
        let preallocated = settings.named.filter { $0.option == "preallocate" }.map(\.subject)
        let perType = settings.perSubject.map { "\($0.subject) \($0.value)" }.joined(separator: ", ")
        return Strategy(
            name: "litho",
            summary: "global pools per component type (\(sizes.standard)\(perType.isEmpty ? "" : "; " + perType)), LIFO"
                + (pure ? ", pure" : "") + (preallocated.isEmpty ? "" : ", preallocating " + preallocated.joined(separator: ", "))
                + "; rows in LithoView shells",
            poolNote: "Litho's mount content: a view whose component left the tree is unmounted (view attributes unapplied, prepare resets run) and waits detached in one global last-in-first-out pool per component type, \(sizes.standard) at most per type, the rest dropped; hosts are never pooled; list rows are LithoView shells in a RecyclerView (item cache 0, no prefetch, pool of 5), whose content goes to the component pools when the shell is pooled",
            options: [StrategyOption(name: "pool", value: sizes.standard), StrategyOption(name: "pure", value: pure ? 1 : 0, kind: .flag)]
                + settings.perSubject.map { StrategyOption(name: "pool", subject: $0.subject, value: $0.value) }
                + preallocated.map { StrategyOption(name: "preallocate", subject: $0, value: 1, kind: .subject) },
            keying: ComponentClassKeying(),
            parents: LithoMountContent(sizes: sizes, preallocated: preallocated),
            application: LithoMount(pure: pure),
            cells: LithoShells(sizes: sizes),
            cellApplication: LithoMount(pure: pure),
            reuseHook: .onUnmount,
            liveComponents: .mounted,
            rowIdentity: .byItem,
            stateHome: .item,
            globalPoolsByComponentType: true,
            keepsNodes: false)
    }
}

/// Litho's pool sizes: one for every component type, and the types given
/// their own (`@MountSpec(poolSize = ...)`, `ViewAllocator(poolSize = ...)`).
struct LithoPoolSizes: Sendable {
    /// `DEFAULT_MAX_PREALLOCATION`, 3 unless set (`ContentAllocator.kt` L93).
    var standard: Int
    /// Sizes of single types, in the order given (the last one given wins).
    var perType: [(subject: String, value: Int)]

    /// The pool size of component type `component`.
    func size(of component: String) -> Int {
        perType.last { $0.subject == component }?.value ?? standard
    }
}


/// Litho's MountState over the global content pools: an item that stays
/// (the same instance, the render unit id) keeps its view; the items that
/// left a parent are unmounted before the new ones mount (`MountState.kt`
/// L447, `unmountOrMoveOldItems` L468-523), so a new item takes the
/// content released last (`acquireMountContent`, `MountItemsPool.kt`
/// L86-121), else a new view. After the pass, each type of
/// ``preallocated`` mounted in it has its pool filled up to its size.
struct LithoMountContent: ParentReuse {
    var sizes: LithoPoolSizes
    /// The types that `canPreallocate` (`preallocate TYPE`), in the order given.
    var preallocated: [String]

    /// The blocks of a parent are seen first: what left is unmounted before anything mounts.
    var plansChildren: Bool { true }

    /// `unmountOrMoveOldItems`: every view of `parent` whose instance (with
    /// that key) is not among the blocks is unmounted into its pool now.
    func plan(_ blocks: [PlannedBlock], into parent: ViewID, store: inout ViewStore, pass: MountPass) {
        guard store[parent].list == nil, !store[parent].isRemoved else { return }
        // Whether a block is the view's instance with its key. The block
        // after the last one found is asked first: subviews mostly follow
        // the blocks' order, so a parent of n blocks asks about n, not n^2
        // (issue 38: a third of a `set` pass on 50 cards). The answer is
        // the same, whichever block is asked first.
        // Blocks are read in place, by index (passing one to a function
        // copied it: its instance, key and configuration retained and
        // released for every subview asked about).
        var next = 0
        let leaving = store[parent].subviews.filter { view in
            guard !pass.wasTaken(view) else { return false }
            func holds(_ index: Int) -> Bool {
                blocks[index].instance.path == store[view].owner && blocks[index].key == store[view].poolKey
            }
            if next < blocks.count, holds(next) {
                next += 1
                return false
            }
            guard let found = blocks.indices.first(where: holds) else { return true }
            next = found + 1
            return false
        }
        for view in leaving { store.unmountLitho(view, sizes: sizes) }
    }

    /// The instance's own view in `parent`, else the content of its type
    /// released last (`Pools.SimplePool.acquire`), else a new view.
    func vend(_ key: ViewKey, viewClass: String, from parent: ViewID, for instance: Instance,
              store: inout ViewStore, pass: MountPass) -> Vended {
        if let own = store.takeOwn(key, in: parent, for: instance, pass: pass) { return own }
        if sizes.size(of: instance.component) > 0,
           let pooled = store.adoptDetached(viewClass, into: parent, key: key, for: instance,
                                            pool: instance.component, newestFirst: true) {
            // Content from the pool does not know what it last showed to whom: mounted in full.
            return Vended(view: pooled.view, acquisition: .mustRebind(pooled.taken))
        }
        return Vended(view: store.createView(viewClass, key: key, in: parent, for: instance), acquisition: .created)
    }

    /// Anything still left in a visited parent is unmounted; then the
    /// preallocating types mounted in this pass fill their pools.
    func settle(_ visited: [ViewID], store: inout ViewStore, pass: MountPass) {
        var mounted: [String] = []
        for parent in visited where store[parent].list == nil && !store[parent].isRemoved {
            for view in store[parent].subviews {
                if pass.wasTaken(view) {
                    if let type = store[view].ownerComponent, preallocated.contains(type), !mounted.contains(type) { mounted.append(type) }
                } else {
                    store.unmountLitho(view, sizes: sizes)
                }
            }
        }
        // `ContentPreAllocator.kt` L88-137 with `maybePreallocateContent`
        // (`MountItemsPool.kt` L537-544): content made and released while
        // the pool is below its size.
        for type in preallocated where mounted.contains(type) {
            guard let viewClass = store.catalog.components[type]?.view?.viewClass, !store.catalog.isHost(type) else { continue }
            let size = sizes.size(of: type)
            while store.detachedCount(inPool: type) < size {
                let made = store.createView(viewClass, key: ViewKey(component: type, viewClass: viewClass, shape: nil), in: .root,
                                            for: Instance(component: type, path: .root))
                store.detach(made, intoPool: type)
            }
        }
    }
}

/// Litho's mount of one item: new or pooled content gets every attribute
/// (`@OnMount`, then the view attributes' bind); content that stays is
/// updated in place (`RenderUnit.updateBinders`): its view attributes (the
/// attributes with an unapplicator) unbound and bound again only when they
/// changed, and its props (the others) set again on every new layout
/// unless `pure` and they are equal (`shouldComponentUpdate`).
struct LithoMount: Application {
    /// Every component `isPureRender` (`pure on`).
    var pure: Bool

    var configureBinds: Bool { false }

    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        guard case .taken(let taken) = acquired, taken.keptOwner, let old = store[view].attached else {
            store.applyAll(configuration, on: view, for: instance)
            return
        }
        if pure, old == configuration {
            store.record(view, for: instance, .skip(nil))
            return
        }
        // The view attributes (with an unapplicator) and the props (the
        // others) of each side, walked in place: no filtered copies, and
        // the catalogue read where it is (a copy of it for every view
        // mounted, and four filtered arrays, were a third of a `set` pass;
        // issue 38). Applying and unapplying never change which
        // attributes have an unapplicator.
        if Self.equal(old.attributes, configuration.attributes, keeping: true, in: store.catalog) {
            for attribute in configuration.attributes where store.catalog.hasUnapplicator(attribute) {
                store.record(view, for: instance, .skip(attribute))
            }
        } else {
            for attribute in old.attributes where store.catalog.hasUnapplicator(attribute) {
                store.unapply(attribute, on: view, for: instance)
            }
            for attribute in configuration.attributes where store.catalog.hasUnapplicator(attribute) {
                store.apply(attribute, on: view, for: instance)
            }
        }
        let propsEqual = pure && Self.equal(old.attributes, configuration.attributes, keeping: false, in: store.catalog)
        for attribute in configuration.attributes where !store.catalog.hasUnapplicator(attribute) {
            if propsEqual {
                store.record(view, for: instance, .skip(attribute))
            } else {
                store.apply(attribute, on: view, for: instance)
            }
        }
        store.attach(configuration, to: view)
    }

    /// Whether the attributes of `old` and of `new` whose having an
    /// unapplicator is `keeping` are equal, in order: what filtering both
    /// and comparing the arrays finds, without making them.
    static func equal(_ old: [Attribute], _ new: [Attribute], keeping: Bool, in catalog: borrowing Catalog) -> Bool {
        var (i, j) = (0, 0)
        while true {
            while i < old.count, catalog.hasUnapplicator(old[i]) != keeping { i += 1 }
            while j < new.count, catalog.hasUnapplicator(new[j]) != keeping { j += 1 }
            guard i < old.count, j < new.count else { return i == old.count && j == new.count }
            if old[i] != new[j] { return false }
            i += 1
            j += 1
        }
    }
}

/// RecyclerBinder's rows: `LithoView` shells of one view type in a
/// RecyclerView with item cache 0, no item prefetch and a pool of 5
/// (``RecyclerCells``, whose `onViewRecycled` is Litho's
/// `unmountAllItems`: the shell's content goes to the component pools). A
/// component row's update (`set`, `reload PATH`) mounts in place in the
/// same shell: RecyclerBinder does not notify the adapter for it.
struct LithoShells: CellReuse {
    private var recycler: RecyclerCells

    init(sizes: LithoPoolSizes) {
        recycler = RecyclerCells(cacheSize: 0, poolSize: 5, prefetch: 0, sharesPool: false, poolSizes: [],
                                 recycleHook: nil, recycleContent: { shell, store in store.unmountLithoContent(of: shell, sizes: sizes) })
    }

    /// Its key reads more than a keying does: every row has the one shell type.
    var keying: (any Keying)? { nil }
    /// A list inside a row keeps its state in the item's ComponentTree, not in the shell.
    var offsetTravelsWithCell: Bool { false }
    /// A shell's content is components, keyed by type as under any parent.
    var subviewKeying: (any Keying)? { nil }

    /// `DEFAULT_COMPONENT_VIEW_TYPE`: one view type for every component
    /// row (of one view class: a shell shows its row's root as its own).
    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        ViewKey(component: "LithoView", viewClass: configuration.viewClass, shape: nil, qualifier: .viewType)
    }

    mutating func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance,
                          store: inout ViewStore) -> Vended {
        recycler.dequeue(key, viewClass: viewClass, slot: slot, host: host, for: instance, store: &store)
    }

    mutating func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        recycler.release(cell, slot: slot, host: host, relayout: relayout, store: &store)
    }

    /// `updateItemAt` on a component row: no `notifyItemChanged`
    /// (`RecyclerBinder.kt` L1303-1307): the same shell mounts the new layout.
    func reload(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, payload: Bool, host: ViewID,
                for instance: Instance, store: inout ViewStore) -> Vended {
        store.keep(cell, key: key, in: host, for: instance)
    }

    /// `set` on a row is `updateItemAt`: the same shell mounts the new layout.
    var dataChange: RowReload? { .update }

    /// Items inserted or removed (`insertItemAt`, `removeItemAt`): the
    /// Recycler's cache follows, as RecyclerView's does.
    mutating func itemsChanged(_ change: ItemChange, host: ViewID, store: inout ViewStore) {
        recycler.itemsChanged(change, host: host, store: &store)
    }

    /// As a reload: the same shell mounts the new layout.
    func update(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, host: ViewID,
                for instance: Instance, store: inout ViewStore) -> Vended {
        store.keep(cell, key: key, in: host, for: instance)
    }

    /// A remove plus an insert: RecyclerView's (a second shell, the old one to the pool).
    mutating func replace(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, host: ViewID,
                          for instance: Instance, store: inout ViewStore) -> Vended {
        recycler.replace(cell, key: key, viewClass: viewClass, slot: slot, host: host, for: instance, store: &store)
    }

    /// `notifyDataSetChanged`, as RecyclerView: every shell to the pool, its content unmounted.
    mutating func reloadAll(_ shown: [(slot: Slot, view: ViewID)], host: ViewID, store: inout ViewStore) -> Bool {
        recycler.reloadAll(shown, host: host, store: &store)
    }

    mutating func didMount(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, store: inout ViewStore) {
        recycler.didMount(spec, at: path, host: host, firstTime: firstTime, store: &store)
    }

    mutating func forget(host: ViewID) { recycler.forget(host: host) }

    func cached(in host: ViewID) -> [CachedCell] { recycler.cached(in: host) }

    func validate(lists: @autoclosure () -> [String], catalog: Catalog) throws(EngineError) {}
    /// Only the rows on screen are laid out.
    var drawsBeyondViewport: Bool { false }
    func engagedRows(_ visible: Range<Int>, rows: Int, host: ViewID) -> Range<Int> { visible }


    /// Item prefetch is off (`isItemPrefetchEnabled = false`).
    var prefetches: Bool { false }

    func prefetchRows(host: ViewID, window: Range<Int>, rows: Int, forward: Bool) -> [Int] { [] }

    func willPrefetch(row: Int, host: ViewID) {}

    func didPrefetch(_ cell: ViewID?, row: Int, host: ViewID, store: inout ViewStore) {}
}

extension Catalog {
    /// Whether component type `name` is a host: it has a view and children
    /// (`ComponentHost`, never pooled by default).
    func isHost(_ name: String) -> Bool {
        guard case .component(let view?, let children)? = components[name]?.body else { return false }
        _ = view
        return !children.isEmpty
    }
}

extension ViewStore {
    /// Litho's unmount of `view` and everything mounted in it (`MountState.kt`
    /// L672-735): children first, last child first; each item's view
    /// attributes unbound (its attributes that have an unapplicator), its
    /// `@OnUnmount` run (the `prepare` resets), then released: into the
    /// pool of its component type, or dropped when that pool is full or
    /// has size 0, or when it is a host. A list inside is released with
    /// its shells (a RecyclerView is not mount content of its rows).
    mutating func unmountLitho(_ view: ViewID, sizes: LithoPoolSizes) {
        let order = subtree(of: view, descends: { self[self[$0].superview ?? .root].list == nil })
        for next in order.reversed() where !self[next].isRemoved {
            let parent = self[next].superview ?? .root
            if self[next].list != nil {
                remove(next, from: parent, reason: .hostReleased)
                continue
            }
            releaseLitho(next, from: parent, sizes: sizes)
        }
    }

    /// `lithoView.unmountAllItems()` on a shell going to the RecyclerView
    /// pool: its content unmounted, its own view attributes unbound. A
    /// shell whose row is itself a list hosts that list: its subviews are
    /// the nested list's shells, not mount content (``releaseNestedList(of:sizes:)``).
    mutating func unmountLithoContent(of shell: ViewID, sizes: LithoPoolSizes) {
        if self[shell].list != nil {
            releaseNestedList(of: shell, sizes: sizes)
        } else {
            for child in self[shell].subviews.reversed() where !self[child].isRemoved { unmountLitho(child, sizes: sizes) }
        }
        unbindViewAttributes(of: shell)
    }

    /// The nested list of a shell whose row is a list (the shell shows the
    /// row's root, the `Recycler`'s RecyclerView, as its own), unmounted
    /// with the shell's content: the Recycler's unbind calls
    /// `RecyclerBinder.unmount` (`Recycler.kt` L229-239), which sets the
    /// RecyclerView's adapter to null (`RecyclerBinder.kt` L2506-2555,
    /// L2541). RecyclerView then removes and recycles every view it has
    /// (`setAdapter`, `removeAndRecycleViews`, `setAdapterInternal`:
    /// RecyclerView.java 1221-1247, 1259-1281, AlanCheen/recyclerview-mirror
    /// 041abfb): each shown shell gets `onViewRecycled`, its content
    /// unmounted into the component pools (a list inside it released in
    /// turn); and the adapter changed, its RecycledViewPool (its own:
    /// litho-widget shares none) is cleared (`onAdapterChanged`, 7353-7359,
    /// 6370-6381): every shell of the nested list, shown or pooled, is
    /// dropped. The host forgets the list: a row that shows it again
    /// mounts it afresh in new shells, at the offset kept for its path
    /// (``LithoShells/offsetTravelsWithCell`` is false, as RecyclerBinder
    /// keeps `currentFirstVisiblePosition` across `unmount`).
    ///
    /// The invariant: the nested shells (their content in the component
    /// pools) are removed with their subtrees, and the host keeps no rows, pool
    /// or waiting stack naming them, so no later row or dequeue can take
    /// a view that was pooled or removed (before, they went into the
    /// component pools, the pool of the last one full removed it, while
    /// the host still listed them as its rows). The Recycler's own record
    /// of the host needs no forgetting: with item cache 0 and no prefetch
    /// it is empty between passes (scrap and leaving rows are recycled by
    /// the nested list's `didMount`, before its shell can be recycled).
    private mutating func releaseNestedList(of host: ViewID, sizes: LithoPoolSizes) {
        // Shown shells (and header, footer) first, last first: `onViewRecycled` unmounts their content.
        let shown = self[host].subviews.filter { !self[$0].isRemoved }
        for cell in shown.reversed() { unmountLithoContent(of: cell, sizes: sizes) }
        // Then every shell is dropped: the shown ones and those its pool
        // held (whose content was unmounted when they entered it).
        for cell in shown.reversed() + detachedViews(of: host) {
            remove(cell, from: host, reason: .recyclerUnmounted)
        }
        forgetList(of: host)
    }

    /// One item's unbind, `@OnUnmount` and release.
    private mutating func releaseLitho(_ view: ViewID, from parent: ViewID, sizes: LithoPoolSizes) {
        unbindViewAttributes(of: view)
        runHook(.onUnmount, on: view)
        let type = self[view].ownerComponent ?? ""
        let size = sizes.size(of: type)
        if catalog.isHost(type) || size == 0 {
            remove(view, from: parent, reason: .notPooled)
        } else if detachedCount(inPool: type) >= size {
            remove(view, from: parent, reason: .componentPoolFull(component: type, capacity: size))
        } else {
            detach(view, intoPool: type)
        }
    }

    /// `ViewAttributesViewBinder.unbind`: the attached attributes that have an unapplicator, unapplied.
    private mutating func unbindViewAttributes(of view: ViewID) {
        guard let attached = self[view].attached else { return }
        let holder = Instance(component: self[view].ownerComponent ?? "", path: self[view].owner ?? .root)
        for attribute in attached.attributes where catalog.hasUnapplicator(attribute) {
            unapply(attribute, on: view, for: holder)
        }
    }
}
