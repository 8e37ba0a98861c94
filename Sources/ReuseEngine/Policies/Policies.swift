/// The four small policies a ``Strategy`` is composed of. None has a default
/// implementation: a strategy states every choice it makes (``QueueCells``
/// states a whole set of them at once: cells kept in the host's pools alone).
/// What a policy promises about itself for speed (a pure keying, a parent
/// reuse that plans nothing, an application whose every configure binds)
/// is read once into `StrategyTraits`; `StrategyConformanceTests`
/// checks each promise against the policy's behaviour.
///
/// Each policy receives the ``ViewStore`` (the views and the log, through
/// operations that record what they do) and the current ``MountPass``
/// (read-only bookkeeping: parents visited, views taken), never the engine.
/// A policy that keeps state of its own (a cache by position, a plan)
/// keeps it in its own stored properties. One exception, for speed:
/// ``PositionalVend``'s cursor per pool lives in the pool, stamped with
/// the pass (``ViewStore/nextInPool(_:in:stamp:)``).

/// How views under a plain parent are keyed into pools.
public protocol Keying: Sendable {
    /// The pool key for a component type's configuration.
    func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey
    /// Whether the key reads attribute values, not only the component, the
    /// view class and the attribute names (a pass reuses keys it made when
    /// it does not: the pass's key memo).
    var readsValues: Bool { get }
    /// Whether the key reads nothing but the component, the view class and
    /// the attribute names: not the values, not the catalogue, and the
    /// keying holds no options. Such a key is made once per kind of
    /// instance and kept from pass to pass (`KeyMemo`).
    var isPure: Bool { get }
}

/// How a plain parent (not a list) hands out its views and what happens to
/// the views nobody took.
public protocol ParentReuse: Sendable {
    /// Whether ``plan(_:into:store:pass:)`` wants to see a parent's blocks first.
    var plansChildren: Bool { get }
    /// Sees every block about to mount into `parent`, before the first one does.
    mutating func plan(_ blocks: [PlannedBlock], into parent: ViewID, store: inout ViewStore, pass: MountPass)
    /// Takes a view of `key` for `instance` from `parent`, or creates one of
    /// `viewClass` (the class its configuration asks for).
    mutating func vend(_ key: ViewKey, viewClass: String, from parent: ViewID, for instance: Instance,
                       store: inout ViewStore, pass: MountPass) -> Vended
    /// Ends a pass: what happens to the views nobody took in the parents the
    /// pass visited (in visit order), and forgetting what held only during
    /// the pass (cursors, plans).
    mutating func settle(_ visited: [ViewID], store: inout ViewStore, pass: MountPass)
}

/// How a list host's cells, header and footer are keyed, dequeued and given
/// back, with whatever the system keeps per list.
public protocol CellReuse: Sendable {
    /// The key of a cell (or header or footer) component of the list type
    /// `list`; `nil` when the system shows nothing in that slot (UITableView's
    /// unregistered header or footer identifier).
    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey?
    /// Takes a view for a slot that has none of the right key, or creates
    /// one (of `viewClass`, the class the configuration asks for, unless the
    /// system makes another).
    mutating func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance,
                          store: inout ViewStore) -> Vended
    /// Gives back the view of a slot that left the window (`relayout`: the
    /// pass lays the list out again, rather than moving it by rows).
    mutating func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore)
    /// A data change of one slot (`reload`): the view that gets the slot's new
    /// data, `cell` itself (reconfigured in place) or another one (RecyclerView
    /// binds a second holder for the change animation unless given a payload).
    mutating func reload(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, payload: Bool, host: ViewID,
                         for instance: Instance, store: inout ViewStore) -> Vended
    /// `set` inside a row: the item's data changed where it is (the app
    /// mutated it), not a reload the app asked of the list. Every system
    /// but Texture does what it does for a reload without a payload;
    /// Texture's node is the item's and is changed in place, while a
    /// reload makes a new node.
    mutating func update(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, host: ViewID,
                         for instance: Instance, store: inout ViewStore) -> Vended
    /// `reload PATH replace` (UIKit's `reloadRows`/`reloadItems`): the row
    /// gets another cell, dequeued as any (`prepareForReuse` on a queued
    /// one, a new one when the queue is empty), while `cell` animates out
    /// and joins the queue only after.
    mutating func replace(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, host: ViewID,
                          for instance: Instance, store: inout ViewStore) -> Vended
    /// How `set` on a list row (its item's data changed) reaches the row's
    /// cell: configured again on it (``RowReload/reconfigure``: UIKit's
    /// `reconfigureRows`, RecyclerView's `notifyItemChanged`), bound in
    /// place (``RowReload/payload``: IGListKit's binding section controller),
    /// replaced by another cell (``RowReload/replace``: a diffable data
    /// source whose identifiers are whole values, IGListKit's section
    /// reload); or nil: the cell is not told, and shows the old data until
    /// it is reconfigured or dequeued again (a diffable data source whose
    /// identifiers are ids: the identifier did not change). Read at each
    /// `set` on a row; `reload PATH` passes its own style.
    var dataChange: RowReload? { get }
    /// A whole-list data change (`reload LIST`): gives back the cells the
    /// list shows (`shown`, in row order) and returns true, so each visible
    /// row dequeues again (UIKit's `reloadData`, RecyclerView's
    /// `notifyDataSetChanged`); or keeps them and returns false, each row
    /// configured again on its cell.
    mutating func reloadAll(_ shown: [(slot: Slot, view: ViewID)], host: ViewID, store: inout ViewStore) -> Bool
    /// Called once per pass for each list mounted, after its rows, header and footer.
    mutating func didMount(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, store: inout ViewStore)
    /// `host` no longer hosts a list: forget what was kept for it.
    mutating func forget(host: ViewID)
    /// Views kept for `host` outside its pools (RecyclerView's cache by position), oldest first.
    func cached(in host: ViewID) -> [CachedCell]
    /// Why `component`'s cells in lists of type `list` never wait in a pool
    /// for another row (a registration made anew at each dequeue, a pool
    /// of size 0), or nil when they may. `check` reports each; the default
    /// (``CellReuse`` extension) is nil.
    func neverPooled(_ component: String, list: String, catalog: Catalog) -> CellsNotPooled?
    /// Refuses lists this system cannot dequeue for (UIKit's unregistered
    /// identifiers). The mounted lists are found only by a system that checks.
    func validate(lists: @autoclosure () -> [String], catalog: Catalog) throws(EngineError)
    /// Whether a list inside a cell keeps its scroll offset in its view, so
    /// that the offset goes with the cell to the next row it shows (UIKit's
    /// `contentOffset`, RecyclerView's LayoutManager state), rather than
    /// belonging to the item, restored by path. The app's fix is
    /// ``ListSpec/savesOffset``.
    var offsetTravelsWithCell: Bool { get }
    /// How the views inside a list row's cell are keyed in their parents:
    /// nil, as under any plain parent (the strategy's `keying`);
    /// a keying (``CellSubviewKeying``) where the cell makes its subviews
    /// once and keeps them (UIKit, RecyclerView), so a change of shape
    /// configures the same subview instead of making another.
    var subviewKeying: (any Keying)? { get }
    /// The keying whose key ``key(_:_:list:catalog:)`` always is, if it is
    /// that alone (then the pass's `KeyMemo` may answer for it); nil when
    /// the key reads more (the list type, registrations).
    var keying: (any Keying)? { get }
    /// The rows to bind ahead after a scroll step moved the list on `host`
    /// (of `rows` rows) to `window`, `forward` toward later rows: RecyclerView's
    /// GapWorker. The engine mounts each off screen between
    /// ``willPrefetch(row:host:)`` and ``didPrefetch(_:row:host:store:)``.
    mutating func prefetchRows(host: ViewID, window: Range<Int>, rows: Int, forward: Bool) -> [Int]
    /// Whether ``prefetchRows(host:window:rows:forward:)`` may return any row
    /// (false: never; read once, into `StrategyTraits`).
    var prefetches: Bool { get }
    /// The next ``dequeue(_:viewClass:slot:host:for:store:)`` for `host` is
    /// for a prefetch of `row`: the view stays out of the host's subviews.
    mutating func willPrefetch(row: Int, host: ViewID)
    /// `row` was bound into `cell` ahead of the scroll (nil: it shows nothing).
    mutating func didPrefetch(_ cell: ViewID?, row: Int, host: ViewID, store: inout ViewStore)
    /// Items were inserted or deleted in the list on `host`, and its cells
    /// follow their items (``Strategy/rowIdentity``): what the system keeps
    /// by position moves with them (RecyclerView's cache,
    /// `offsetPositionRecordsForInsert`). Called before the list's pass.
    mutating func itemsChanged(_ change: ItemChange, host: ViewID, store: inout ViewStore)
    /// Whether the list mounts rows beyond its viewport (read once, into
    /// `StrategyTraits`: false, and ``engagedRows(_:rows:host:)`` is never asked).
    var drawsBeyondViewport: Bool { get }
    /// The rows the list on `host` mounts when `visible` are on screen, of
    /// `rows` (FlashList's draw distance): `visible` itself, or more.
    mutating func engagedRows(_ visible: Range<Int>, rows: Int, host: ViewID) -> Range<Int>
}


/// List cells kept in the host's pools alone, the stack of each key: a
/// slot that leaves pushes its cell, hidden; a reload keeps the slot's
/// view (and so does an update, through the conformer's reload), a replace dequeues another and pushes the old one after, and a
/// whole-list reload pushes every cell shown; nothing is kept per list
/// beyond the pools, nothing is prefetched, and every list can be
/// dequeued for, nothing moves when items do, and only the rows on screen are mounted. A strategy that conforms states exactly that; it writes out
/// only what it does differently.
public protocol QueueCells: CellReuse {}

extension QueueCells {
    public func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        store.recycle(cell, in: host)
    }

    public func reload(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, payload: Bool, host: ViewID,
                       for instance: Instance, store: inout ViewStore) -> Vended {
        store.keep(cell, key: key, in: host, for: instance)
    }

    /// A data change where it is: as the strategy's reload without a payload.
    public mutating func update(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, host: ViewID,
                                for instance: Instance, store: inout ViewStore) -> Vended {
        reload(cell, key: key, viewClass: viewClass, slot: slot, payload: false, host: host, for: instance, store: &store)
    }

    public mutating func replace(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, host: ViewID,
                                 for instance: Instance, store: inout ViewStore) -> Vended {
        let vended = dequeue(key, viewClass: viewClass, slot: slot, host: host, for: instance, store: &store)
        store.recycle(cell, in: host)
        return vended
    }

    /// `reloadData`: every visible cell goes back to its queue, and each
    /// row dequeues again.
    public func reloadAll(_ shown: [(slot: Slot, view: ViewID)], host: ViewID, store: inout ViewStore) -> Bool {
        giveBack(shown, host: host, store: &store)
    }

    /// Puts every cell of `shown` back on its queue (``CellReuse/reloadAll(_:host:store:)``'s
    /// work); returns true: each row dequeues again.
    public func giveBack(_ shown: [(slot: Slot, view: ViewID)], host: ViewID, store: inout ViewStore) -> Bool {
        for (_, cell) in shown { store.recycle(cell, in: host) }
        return true
    }

    /// No system but RecyclerView prefetches.
    public var prefetches: Bool { false }
    public func prefetchRows(host: ViewID, window: Range<Int>, rows: Int, forward: Bool) -> [Int] { [] }
    public func willPrefetch(row: Int, host: ViewID) {}
    public func didPrefetch(_ cell: ViewID?, row: Int, host: ViewID, store: inout ViewStore) {}

    public func didMount(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, store: inout ViewStore) {}
    /// Nothing is kept by position.
    public func itemsChanged(_ change: ItemChange, host: ViewID, store: inout ViewStore) {}
    /// The rows on screen, no more.
    public var drawsBeyondViewport: Bool { false }
    public func engagedRows(_ visible: Range<Int>, rows: Int, host: ViewID) -> Range<Int> { visible }
    public func forget(host: ViewID) {}
    public func cached(in host: ViewID) -> [CachedCell] { [] }
    public func validate(lists: @autoclosure () -> [String], catalog: Catalog) throws(EngineError) {}
}

/// How a view is brought from its attached configuration to a new one (a
/// strategy has one for views under plain parents and one for list slots).
public protocol Application: Sendable {
    /// Every configure is the system's bind of the view to its item (UIKit's
    /// `cellForRowAt`), so a component's loads start on each, not only when
    /// the view changes hands.
    var configureBinds: Bool { get }
    mutating func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                            acquired: Acquisition, store: inout ViewStore)
}

/// A view handed out by a policy, and how it was found.
public struct Vended: Sendable {
    public var view: ViewID
    public var acquisition: Acquisition

    public init(view: ViewID, acquisition: Acquisition) {
        self.view = view
        self.acquisition = acquisition
    }
}

/// How a view was found: what application may assume about what it shows.
public enum Acquisition: Sendable {
    /// A new view: it shows its class defaults.
    case created
    /// A view taken from a pool (or kept in place) that still carries its attached configuration.
    case taken(ViewStore.Taken)
    /// A view from a pool that does not know what it showed: bind everything
    /// again (RecyclerView's RecycledViewPool).
    case mustRebind(ViewStore.Taken)

    /// The view starts showing its instance now: new, or taken from a pool
    /// (hidden, or held by another instance), not kept where it showed.
    public var activates: Bool {
        switch self {
        case .created: true
        case .taken(let taken), .mustRebind(let taken): taken.wasHidden || !taken.keptOwner
        }
    }

    /// The instance taking the view held it before this pass too.
    public var keptOwner: Bool {
        switch self {
        case .created: false
        case .taken(let taken), .mustRebind(let taken): taken.keptOwner
        }
    }
}

/// A view kept for the slot it last showed (RecyclerView's view cache).
public struct CachedCell: Sendable, Equatable {
    public var slot: Slot
    public var view: ViewID
    /// Bound ahead of a scroll (RecyclerView's GapWorker), not left by its row.
    public var isPrefetched = false

    public init(slot: Slot, view: ViewID, isPrefetched: Bool = false) {
        self.slot = slot
        self.view = view
        self.isPrefetched = isPrefetched
    }
}

/// Which component instances a system keeps alive.
public enum LiveComponents: Sendable {
    /// The mounted, visible instances.
    case mounted
    /// Every item of a list has its component tree alive (Valdi's option B).
    case everyListItem
}

/// How one list row is reloaded after its data changed.
public enum RowReload: Sendable, Hashable {
    /// Configured again on its cell (UIKit's `reconfigureRows`,
    /// RecyclerView's `notifyItemChanged`, which binds a second holder).
    case reconfigure
    /// RecyclerView's `notifyItemChanged` with a payload: bound in place
    /// (IGListKit: a binding section controller's rebind).
    case payload
    /// UIKit's `reloadRows`/`reloadItems`: another cell for the row.
    case replace
    /// `set` inside the row: the item changed where it is
    /// (``CellReuse/update(_:key:viewClass:slot:host:for:store:)``).
    case update
}
