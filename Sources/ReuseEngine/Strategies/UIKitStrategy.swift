extension StrategyDescriptor {
    /// UIKit tables and collections with the typed-reuse design of the seed
    /// (`../shared/REFERENCE.md`, section 4).
    ///
    /// List cells are registered per reuse identifier (the cell component's
    /// name by default); `register` returns a token and the list dequeues by
    /// it. Dequeuing an identifier nobody registered is refused with UIKit's
    /// own message. One identifier is one class: registering another cell
    /// type under it replaces the entry, and rows of the first type then get
    /// cells of the second (`check` reports the wrong class). A reused cell
    /// gets `prepareForReuse`, then its configure sets every attribute again:
    /// UIKit does not know what the cell showed, and nothing is unapplied
    /// (additive attributes pile up). Headers and footers are registered and
    /// queued apart from cells; an unregistered one is absent (UITableView
    /// returns nil). Views outside lists are your own code's and behave as
    /// under `theodolite`.
    public static let uiKit = StrategyDescriptor(name: "uikit", defaults: [], rules: [
        "List cells dequeue by the identifier their type was registered under ('register');",
        "an unregistered cell identifier raises. One identifier is one class: registering",
        "another type under it replaces the entry, later dequeues make the new class, and",
        "check reports rows showing a cell of the wrong class. prepareForReuse on a",
        "dequeued cell; cellForRowAt sets every attribute, nothing unapplied. Headers and",
        "footers queue apart; an unregistered one is absent (UITableView returns nil).",
        "A cell makes its subviews once and keeps them: a subview is configured in place,",
        "whatever its shape. A list inside a cell keeps its contentOffset in its view, so a",
        "reused cell brings it ('saves offset' restores each item's). reload LIST is",
        "reloadData (every visible row dequeues again); reload PATH replace is reloadRows.",
        "insert and delete are insertRows/deleteRows: cells follow their items,",
        "unconfigured. state is a cell's stored property: it goes with the cell to its",
        "next row unless prepareForReuse resets it ('prepare CELL resets-state NAME').",
        "Source: Apple's UITableView and UICollectionView documentation.",
    ]) { _ in
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
            reuseHook: .prepareForReuse,
            liveComponents: .mounted,
            rowIdentity: .byItem,
            stateHome: .view)
    }
}

/// One reuse queue per registered identifier, whatever the class of the
/// cells in it; headers and footers queue apart. An identifier makes the
/// class registered under it last, whatever cell type the row asked for.
/// A reload is `reconfigureRows(at:)`: the row's cell is configured again in
/// place (``QueueCells``).
struct RegisteredCells: QueueCells {
    /// Its key reads more than a keying does (the list, registrations or options).
    var keying: (any Keying)? { nil }

    /// A collection view inside a cell is a `UIScrollView` whose
    /// `contentOffset` is a property of the view: a dequeued cell brings it
    /// from its last row, and `prepareForReuse` (UITableViewCell.h,
    /// UICollectionReusableView) resets nothing of the cell's subviews
    /// unless the app does.
    var offsetTravelsWithCell: Bool { true }
    /// `set` on a row is `reconfigureRows(at:)`: the row's cell is configured again in place.
    var dataChange: RowReload? { .reconfigure }
    /// A cell makes its subviews in its init or nib and keeps them.
    var subviewKeying: (any Keying)? { CellSubviewKeying() }

    /// The queue of the identifier this type was registered under; nil for a
    /// header or footer whose identifier is not registered
    /// (`dequeueReusableHeaderFooterView(withIdentifier:)` returns nil).
    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        let isHeaderFooter = catalog.isHeaderFooter(component, of: list)
        guard let registration = catalog.registration(list: list, cell: component) else {
            // Unregistered cells are refused by `validate` before any pass.
            return isHeaderFooter ? nil : ViewKey(component: nil, viewClass: nil, shape: nil, qualifier: .cellIdentifier(component))
        }
        return ViewKey(component: nil, viewClass: nil, shape: nil,
                       qualifier: isHeaderFooter ? .headerFooterIdentifier(registration.identifier) : .cellIdentifier(registration.identifier))
    }

    /// `dequeueReusableCell`: the top cell of the identifier's queue (of
    /// whatever class it was made), after its `prepareForReuse`, or a new
    /// cell of the class registered under the identifier now.
    func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance, store: inout ViewStore) -> Vended {
        let registered = Self.registeredClass(of: instance.component, list: store[host].ownerComponent ?? "", catalog: store.catalog)
        let vended = store.dequeueOrCreate(key, viewClass: registered ?? viewClass, host: host, for: instance)
        if case .taken = vended.acquisition { store.runHook(.prepareForReuse, on: vended.view) }
        return vended
    }

    /// The view class of the cell type registered last under the identifier `component` dequeues with.
    static func registeredClass(of component: String, list: String, catalog: Catalog) -> String? {
        guard let makes = catalog.dequeued(cell: component, list: list)?.makes else { return nil }
        return catalog.components[makes]?.view?.viewClass
    }

    /// Every cell type of a mounted list must be registered (dequeuing an
    /// unregistered cell identifier raises). Headers and footers need not be.
    func validate(lists: @autoclosure () -> [String], catalog: Catalog) throws(EngineError) {
        for list in lists() {
            guard case .list(let spec)? = catalog.components[list]?.body else { continue }
            for cell in spec.cells where catalog.registration(list: list, cell: cell) == nil {
                throw .unregisteredCell(list: list, identifier: cell)
            }
        }
    }
}

/// `cellForRowAt`: the caller sets every attribute of a list's cell, whatever
/// the cell showed.
public struct CellsSetEverything: Application {
    public init() {}
    public var configureBinds: Bool { true }

    public func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        store.applyAll(configuration, on: view, for: instance)
    }
}
