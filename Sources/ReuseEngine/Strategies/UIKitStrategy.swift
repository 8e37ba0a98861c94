extension StrategyDescriptor {
    /// UIKit tables and collections with the typed-reuse design of the seed
    /// (`../shared/REFERENCE.md`, section 4).
    ///
    /// List cells are registered per reuse identifier (the cell component's
    /// name by default); `register` returns a token and the list dequeues by
    /// it. Dequeuing an identifier nobody registered is refused with UIKit's
    /// own message. A reused cell gets `prepareForReuse`, then its configure
    /// sets every attribute again: UIKit does not know what the cell showed,
    /// and nothing is unapplied (additive attributes pile up). Headers and
    /// footers are registered and queued apart from cells. Views outside lists
    /// are your own code's and behave as under `theodolite`.
    static let uiKit = StrategyDescriptor(name: "uikit", defaults: []) { _ in
        Strategy(
            name: "uikit",
            summary: "registered cell identifiers; prepareForReuse; set all",
            poolNote: "list hosts keep one reuse queue per registered identifier; other parents behave as under theodolite",
            options: [],
            keying: ComponentShapeKeying(),
            parents: PositionalVend(),
            application: ApplyChanged(),
            cells: RegisteredCells(),
            cellApplication: CellsSetEverything(),
            liveComponents: .mounted)
    }
}

/// One reuse queue per registered identifier; headers and footers queue apart.
struct RegisteredCells: CellReuse {
    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey {
        // The queue of the identifier this cell type was registered under.
        let registration = catalog.registration(list: list, cell: component)
        let identifier = registration?.identifier ?? component
        let queue: KeyQualifier = registration?.isHeaderFooter == true
            ? .headerFooterIdentifier(identifier) : .cellIdentifier(identifier)
        return ViewKey(component: nil, viewClass: configuration.viewClass, shape: nil, qualifier: queue)
    }

    /// `dequeueReusableCell`: the top cell of the identifier's queue, after
    /// its `prepareForReuse`, or a new cell of the registered class.
    func dequeue(_ key: ViewKey, slot: Slot, host: ViewID, for instance: Instance, store: inout ViewStore) -> Vended {
        let vended = store.dequeueOrCreate(key, host: host, for: instance)
        if case .taken = vended.acquisition { store.record(vended.view, for: instance, .prepareForReuse) }
        return vended
    }

    func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        store.recycle(cell, in: host)
    }

    func didMount(_ spec: ListSpec, at path: ComponentPath, cell: String, host: ViewID, firstTime: Bool, store: inout ViewStore) {}
    func forget(host: ViewID) {}
    func cached(in host: ViewID) -> [CachedCell] { [] }

    /// Every cell, header and footer type of a mounted list must be registered.
    func validate(lists: [String], catalog: Catalog) throws(EngineError) {
        for list in lists {
            guard case .list(let spec)? = catalog.components[list]?.body else { continue }
            for cell in spec.cells where catalog.registration(list: list, cell: cell) == nil {
                throw .unregisteredCell(list: list, identifier: cell)
            }
            for (_, view) in spec.supplementaries where catalog.registration(list: list, cell: view) == nil {
                throw .unregisteredHeaderFooter(list: list, identifier: view)
            }
        }
    }
}

/// `cellForRowAt`: the caller sets every attribute of a list's cell, whatever
/// the cell showed.
struct CellsSetEverything: Application {
    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        store.applyAll(configuration, on: view, for: instance)
    }
}
