// Upstream read: Instagram/IGListKit at e3facbe (2026-04-16), the commit
// `../shared/systems/iglistkit.md` cites. Paths are relative to that
// repository; line numbers are that commit's. The page's rules were checked
// against this code in `Documentation/research/diffable-iglistkit-texture-litho.md`,
// whose corrections are followed here: IGListKit has no reconfigure, and a
// binding section controller rebinds in place only while the object stays equal.

extension StrategyDescriptor {
    /// IGListKit: section controllers over one `UICollectionView`, cells
    /// dequeued by class, a variant of ``uiKit`` with no `register`.
    ///
    /// Each list row is an object with a one-item section. A cell's reuse
    /// identifier is the reuse id given (`register LIST CELL as ID`, else
    /// none) followed by the cell's class name
    /// (`IGListReusableViewIdentifier`, `Source/IGListKit/Internal/IGListAdapterInternal.h`
    /// L20-23), registered the first time it is dequeued
    /// (`dequeueReusableCellOfClass:withReuseIdentifier:forSectionController:atIndex:`,
    /// `Source/IGListKit/IGListAdapter.m` L1216-1233): nothing needs
    /// registering and nothing is refused, and cell types of one class
    /// share one queue across the sections of a list. Headers and footers
    /// queue by kind and class (L1283-1300).
    ///
    /// `set` on a row is a new, unequal object: the adapter reloads its
    /// section as a delete plus an insert (`IGListDiff.mm` L210-215;
    /// `Source/IGListKit/Internal/IGListAdapterUpdaterHelpers.m` L25-49,
    /// L74-108), so the row gets another cell. `binding on` models an
    /// `IGListBindingSectionController` whose object stays equal while its
    /// view model changes: the visible cell is rebound in place, with no
    /// dequeue and no `prepareForReuse` (`IGListBindingSectionController.m`
    /// L63-85; with an unequal object the section is reloaded anyway,
    /// L116-131). IGListKit has no reconfigure: `reload PATH` is
    /// `reloadItemsAtIndexPaths:` (`IGListAdapterUpdater.m` L275-284), a
    /// replace. UIKit's cell prefetching is off (`IGListAdapter.m` L150-152).
    public static let igListKit = StrategyDescriptor(
        name: "iglistkit",
        defaults: [StrategyOption(name: "binding", value: 0, kind: .flag)],
        rules: [
            "Each row is an object with a one-item section. A cell's identifier is the reuse",
            "id given ('register LIST CELL as ID', else none) plus its class name, registered",
            "at its first dequeue: no register needed, nothing refused, and cell types of one",
            "class share one queue across the list's sections (no wrong class). Headers and",
            "footers queue by kind and class. prepareForReuse on a dequeued cell; the section",
            "controller's cell configure sets every attribute. set on a row is a new, unequal",
            "object: its section is deleted and inserted, so the row gets another cell",
            "(prepareForReuse) and the old one is queued. 'binding on': a binding section",
            "controller whose object stays equal rebinds the visible cell in place (no",
            "dequeue, no prepareForReuse); 'reload PATH payload' does the same. reload PATH",
            "is reloadItems (IGListKit has no reconfigure): another cell. reload LIST is",
            "reloadData. UIKit's cell prefetching is off.",
            "Source: Instagram/IGListKit e3facbe: Internal/IGListAdapterInternal.h L20-23;",
            "IGListAdapter.m L150-152, L1216-1233, L1283-1300; IGListDiff.mm L210-215;",
            "IGListAdapterUpdaterHelpers.m L25-49, L74-108; IGListAdapterUpdater.m L275-284;",
            "IGListBindingSectionController.m L63-85, L116-131.",
        ]
    ) { settings in
        let cells = IGListCells(binding: settings.values[0] != 0)
        return Strategy(
            name: "iglistkit",
            summary: "queues by class, no register; " + (cells.binding ? "binding rebinds in place" : "set replaces the cell"),
            poolNote: "list hosts keep one reuse queue per identifier (reuse id + class name), shared by every section; other parents behave as under theodolite",
            options: [StrategyOption(name: "binding", value: cells.binding ? 1 : 0, kind: .flag)],
            keying: ComponentShapeKeying(),
            parents: PositionalVend(),
            application: ApplyChanged(),
            cells: cells,
            cellApplication: CellsSetEverything(),
            reuseHook: .prepareForReuse,
            liveComponents: .mounted,
            rowIdentity: .byKey,
            stateHome: .view)
    }
}

/// UIKit's queues as IGListKit dequeues from them: by reuse id and class,
/// registered on first use. A ``QueueCells`` otherwise (a leaving row's
/// cell is queued, `reloadData` queues every cell shown, nothing is
/// prefetched: `setCollectionView:` sets `prefetchingEnabled = NO`,
/// `IGListAdapter.m` L150-152, `IGListAdapter.h` L67; every list can be
/// dequeued for: registration happens at the dequeue, L1227-1230), writing
/// out its key, its dequeue, its reload and ``dataChange``.
struct IGListCells: QueueCells {
    /// Rows are shown by `IGListBindingSectionController`s whose objects stay equal.
    let binding: Bool

    /// The key reads the list's registrations (a reuse id given with `as`).
    var keying: (any Keying)? { nil }
    /// A collection view embedded in a reused cell keeps its `contentOffset`
    /// (the adapter is moved to the cell's new item, `IGListAdapter.m` L92-113).
    var offsetTravelsWithCell: Bool { true }
    /// A `UICollectionViewCell` makes its subviews once and keeps them.
    var subviewKeying: (any Keying)? { CellSubviewKeying() }

    /// `set` on a row: an unequal new object reloads its section, a
    /// delete plus an insert (``RowReload/replace``); with `binding on`,
    /// the binding controller rebinds the visible cell (``RowReload/payload``).
    var dataChange: RowReload? { binding ? .payload : .replace }

    /// `IGListReusableViewIdentifier(viewClass, kind, givenReuseIdentifier)`
    /// (`Internal/IGListAdapterInternal.h` L20-23): kind (headers and
    /// footers only), then the reuse id given, then the class name. A reuse
    /// id is given by `register LIST CELL as ID` (an identifier other than
    /// the cell's own name); registering is otherwise never needed.
    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        let viewClass = configuration.viewClass
        if catalog.isHeaderFooter(component, of: list) {
            guard case .list(let spec)? = catalog.components[list]?.body else { return nil }
            let kind = spec.header == component ? "UICollectionElementKindSectionHeader" : "UICollectionElementKindSectionFooter"
            return ViewKey(component: nil, viewClass: viewClass, shape: nil, qualifier: .headerFooterIdentifier(kind + viewClass))
        }
        let identifier = catalog.registration(list: list, cell: component)?.identifier ?? component
        let given = identifier == component ? "" : identifier
        return ViewKey(component: nil, viewClass: viewClass, shape: nil, qualifier: .cellIdentifier(given + viewClass))
    }

    /// `registerClass:forCellWithReuseIdentifier:` the first time, then
    /// UIKit's dequeue (`IGListAdapter.m` L1226-1232): the top cell of the
    /// identifier's queue after its `prepareForReuse`, or a new cell of the
    /// class, which the identifier names.
    func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance,
                 store: inout ViewStore) -> Vended {
        let vended = store.dequeueOrCreate(key, viewClass: viewClass, host: host, for: instance)
        if case .taken = vended.acquisition { store.runHook(.prepareForReuse, on: vended.view) }
        return vended
    }

    /// `reloadInSectionController:atIndexes:` is `reloadItemsAtIndexPaths:`
    /// (`IGListAdapterUpdater.m` L275-284): another cell, as `reload PATH
    /// replace`. With a payload under `binding on`, the binding controller's
    /// rebind: `bindViewModel:` on the cell the row shows
    /// (`IGListBindingSectionController.m` L67-75).
    mutating func reload(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, payload: Bool, host: ViewID,
                         for instance: Instance, store: inout ViewStore) -> Vended {
        guard binding, payload else {
            return replace(cell, key: key, viewClass: viewClass, slot: slot, host: host, for: instance, store: &store)
        }
        return store.keep(cell, key: key, in: host, for: instance)
    }
}
