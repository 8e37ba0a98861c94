import DequeModule
import OrderedCollections

/// The simulated view system and its log: the one capability reuse policies
/// act through.
///
/// Views change only through these operations, each of which records the
/// step it took, and each returns what a policy needs to know (`take`
/// says whether the view was hidden and who held it), so no policy reads the
/// log to learn what happened. Reading is public, and so are the
/// operations a policy calls (the strategy SDK: take, create, hide, order,
/// recycle, apply, ...); the rest (recording a step of its own, detaching
/// views as RecyclerView and Valdi do) is internal to the engine.
public struct ViewStore: Sendable {
    /// Everything the session declared (the store reads attribute effects and class defaults).
    public internal(set) var catalog = Catalog()
    /// Index `n - 1` holds view `vn`.
    public internal(set) var views: [SimulatedView] = []
    /// Every step taken on the views (``Engine/log``).
    public internal(set) var log = EventLog()
    /// The most views alive at once (the root included).
    public private(set) var peakViews = 1
    /// Views removed for good, subtrees included (their ids stay taken).
    public private(set) var removedViews = 0
    /// Pools whose ``ReusePool/waitingByOwner`` was ever built (it never
    /// decreases): while it is 0, no change to a waiting stack or to an
    /// owner looks for an index to keep.
    private(set) var ownerIndexesBuilt = 0
    /// Views out of the hierarchy but alive, waiting by pool name, oldest
    /// first, names in the order they first waited: Valdi's global pool,
    /// one per view class (`ViewFactory.cpp`), or Litho's, one per
    /// component type (``Strategy/globalPoolsByComponentType``). Invariant:
    /// each view here is here once, under its own class or the component
    /// type that held it last, and has no superview, no subviews and no
    /// instance holding it; every alive view outside the hierarchy is here.
    public private(set) var classPools: OrderedDictionary<String, [ViewID]> = [:]
    /// Loads started and not yet delivered, cancelled or discarded.
    var loads = PendingLoads()
    #if FAST_PATH_SWITCHES
    /// The shortcuts taken (``Engine/fastPaths``): a setting, not state.
    package var fastPaths = FastPaths.all {
        didSet {
            log.readsByView = fastPaths.contains(.viewIndex)
            log.readsByKind = fastPaths.contains(.kindTags)
        }
    }
    #else
    /// The shortcuts taken: all of them, a constant every guard folds
    /// (``FastPaths/areSwitchable`` is false in this build).
    package var fastPaths: FastPaths {
        get { .all }
        set { precondition(newValue == .all, "fast paths can be switched off only in builds with FAST_PATH_SWITCHES (debug)") }
    }
    #endif

    init() {
        views = [SimulatedView(id: .root, viewClass: catalog.viewClass(named: "UIView"), superview: nil)]
    }

    // MARK: Reading

    /// The view with this id; ids come from the engine, so it exists.
    /// Read in place (`store[view].attached` copies nothing).
    public subscript(id: ViewID) -> SimulatedView {
        _read { yield views[id.number - 1] }
    }

    /// Whether `view` holds any view.
    public func hasSubviews(_ view: ViewID) -> Bool { !views[view.number - 1].subviews.isEmpty }

    /// Every view ever created, in id order (removed ones included: see ``SimulatedView/isRemoved``).
    public var all: [SimulatedView] { views }

    /// The view with this id, if it exists (for ids a user typed).
    public func lookUp(_ id: ViewID) -> SimulatedView? {
        views.indices.contains(id.number - 1) ? views[id.number - 1] : nil
    }

    /// Views ever created, removed ones included (the largest id).
    public var count: Int { views.count }

    /// Views alive now: not removed, the root included.
    public var aliveCount: Int { views.count - removedViews }

    /// Visible, hidden, inside a hidden view, detached (waiting out of the
    /// hierarchy), or removed.
    ///
    /// Each view read in place, not copied: `stats` asks it of every view
    /// alive, and a copy (its tables, pools and configuration retained and
    /// released) cost the most of that where views pile up
    /// (theodolite-2019 keeps every hidden one).
    public func visibility(of id: ViewID) -> Visibility {
        let index = id.number - 1
        if views[index].isRemoved { return .removed }
        let superview = views[index].superview
        if views[index].isDetached, let host = superview { return .detached(from: host) }
        if superview == nil, id != .root { return .detached(from: nil) }
        if views[index].isHidden { return .hidden }
        var current = superview
        while let parent = current {
            if views[parent.number - 1].isHidden { return .insideHidden(parent) }
            current = views[parent.number - 1].superview
        }
        return .visible
    }

    /// The pool of `key` in `parent`, if it exists.
    public func pool(_ key: ViewKey, in parent: ViewID) -> ReusePool? { views[parent.number - 1].pools[key] }

    /// Positional vend's step: the next view of the pool of `key` in
    /// `parent` that the pass stamped `stamp` has not handed out yet, now
    /// counted as handed out; `nil` when the pool has none left (or none).
    public mutating func nextInPool(_ key: ViewKey, in parent: ViewID, stamp: Int) -> ViewID? {
        modifyPool(key, in: parent) { $0.handOut(stamp: stamp) } ?? nil
    }

    /// Counts every view of the pool of `key` in `parent` as handed out in
    /// the pass stamped `stamp` (a view was just created there for it).
    public mutating func handOutAll(_ key: ViewKey, in parent: ViewID, stamp: Int) {
        modifyPool(key, in: parent) { $0.handOutAll(stamp: stamp) }
    }

    /// Runs `body` on the pool of `key` in `parent` in place, if it exists.
    @discardableResult
    private mutating func modifyPool<T>(_ key: ViewKey, in parent: ViewID, _ body: (inout ReusePool) -> T) -> T? {
        views[parent.number - 1].pools.modify(key, body)
    }

    // MARK: Views entering and leaving use

    /// Creates a view of `viewClass`, adds it to `parent`'s subviews and to
    /// the pool of `key`; with `detached`, to the pool only: a RecyclerView
    /// holder created for a prefetch, never added to its list
    /// (``SimulatedView/isDetached``).
    public mutating func createView(_ viewClass: String, key: ViewKey, in parent: ViewID, for instance: Instance,
                             detached: Bool = false) -> ViewID {
        let id = ViewID(views.count + 1)
        var view = SimulatedView(id: id, viewClass: catalog.viewClass(named: viewClass), superview: parent)
        view.poolKey = key
        view.owner = instance.path
        view.ownerComponent = instance.component
        if detached {
            view.isDetached = true
            view.isHidden = true
        }
        views.append(view)
        if !detached {
            views[parent.number - 1].subviews.append(id)
            views[parent.number - 1].visibleSubviewCount += 1
        }
        views[parent.number - 1].pools[key, default: ReusePool()].views.append(id)
        peakViews = max(peakViews, aliveCount)
        record(id, for: instance, .create) { .create(parent: parent, key: key) }
        return id
    }

    /// What taking a view found.
    public struct Taken: Sendable {
        /// The view waited hidden (it is shown now).
        public internal(set) var wasHidden: Bool
        /// The instance taking the view held it before this take too (a
        /// flag, not the path: a take is passed through every policy call,
        /// and a flag copies without reference counting).
        public internal(set) var keptOwner: Bool
        /// The take was a reuse: the view waited hidden or held another
        /// instance (worked out once, at the take, so nothing compares paths again).
        public internal(set) var isReuse: Bool
        /// The view comes back to the slot it showed, still bound: nothing
        /// binds it again (RecyclerView's scrap and cache).
        public internal(set) var keptBound = false
    }

    /// Marks `view` as taken by `instance`: records a reuse when it held
    /// another instance or waited hidden, and unhides it (unless `unhides` is
    /// false: ComponentKit unhides at its container's reset, ``unhide(_:in:)``).
    @discardableResult @inline(__always)
    public mutating func take(_ view: ViewID, key: ViewKey, in parent: ViewID, for instance: Instance, unhides: Bool = true) -> Taken {
        let index = view.number - 1
        let wasHidden = views[index].isHidden
        // The owner is compared and written in one access, in place
        // (``SimulatedView/becomeOwned(by:)``). Owner and type are not
        // written again when they are the very values the view holds (the
        // same storage: writing it changes nothing); the path of
        // the same place in another row takes only the row number.
        // Anything else is written, even when equal: an equal path may be
        // shown another way (`Card` became `Card[0]` when a second Card
        // joined), an equal name spelled with other bytes (`Café` typed
        // precomposed, then with a combining accent), and the view shows
        // what was typed last.
        let keptOwner: Bool
        // A view taken while still on a waiting stack (no strategy does
        // that today) must not leave its old owner in the stack's index.
        if ownerIndexesBuilt > 0 { ownerWillChange(view) }
        if log.keepsEvents {
            // A kept event names the owner before this take: written after it.
            keptOwner = views[index].owner == instance.path
            if wasHidden || !keptOwner {
                record(view, for: instance, .reuse(parent: parent, key: key, previous: views[index].owner))
            }
            _ = views[index].becomeOwned(by: instance.path)
        } else {
            keptOwner = views[index].becomeOwned(by: instance.path)
            if wasHidden || !keptOwner { log.count(.reuse) }
        }
        let taken = Taken(wasHidden: wasHidden, keptOwner: keptOwner, isReuse: wasHidden || !keptOwner)
        if views[index].ownerComponent?.hasSameRepresentation(as: instance.component) != true {
            views[index].ownerComponent = instance.component
        }
        if taken.wasHidden, unhides { unhide(view, in: parent) }
        return taken
    }

    /// Shows a hidden view taken in this pass.
    public mutating func unhide(_ view: ViewID, in parent: ViewID) {
        guard views[view.number - 1].isHidden else { return }
        show(view, in: parent)
    }

    /// Shows a hidden view and records it: ``unhide(_:in:)`` once it knows
    /// the view is hidden. Inlined: a dequeued cell is shown at every
    /// scroll step (``popWaiting(_:host:for:unhides:)``).
    @inline(__always)
    private mutating func show(_ view: ViewID, in parent: ViewID) {
        views[view.number - 1].isHidden = false
        countVisibility(of: view, 1)
        recordForOwner(view, .unhide) { .unhide(parent: parent) }
    }

    /// Keeps a slot's view for the same slot (a row that stays, a reload in place).
    public mutating func keep(_ view: ViewID, key: ViewKey, in parent: ViewID, for instance: Instance) -> Vended {
        Vended(view: view, acquisition: .taken(take(view, key: key, in: parent, for: instance)))
    }

    /// `view` and its descendants still in the hierarchy, pre-order;
    /// without `hidden`, skipping hidden descendants (their subtrees were out
    /// of sight already); and skipping any whose subtree `descends` refuses.
    public func subtree(of view: ViewID, hidden: Bool = true, descends: (ViewID) -> Bool = { _ in true }) -> [ViewID] {
        var order: [ViewID] = []
        var stack = [view]
        while let next = stack.popLast() {
            order.append(next)
            for child in self[next].subviews.reversed()
            where !self[child].isRemoved && (hidden || !self[child].isHidden) && descends(child) {
                stack.append(child)
            }
        }
        return order
    }

    /// ``subtree(of:hidden:descends:)`` without hidden descendants.
    func visibleSubtree(of view: ViewID, descends: (ViewID) -> Bool = { _ in true }) -> [ViewID] {
        subtree(of: view, hidden: false, descends: descends)
    }

    /// Hides a view nobody took; it stays in its pool. Returns whether it was visible.
    @discardableResult
    public mutating func hide(_ view: ViewID, in parent: ViewID) -> Bool {
        guard !views[view.number - 1].isHidden else { return false }
        conceal(view, in: parent)
        return true
    }

    /// `view` joined (`delta` 1) or left (-1) the visible subviews of its
    /// superview, by being shown or hidden in place.
    @inline(__always)
    private mutating func countVisibility(of view: ViewID, _ delta: Int) {
        guard !views[view.number - 1].isDetached, let superview = views[view.number - 1].superview else { return }
        views[superview.number - 1].visibleSubviewCount += delta
    }

    /// Hides a visible view and records it: ``hide(_:in:)`` once it knows
    /// the view is visible. Inlined: a cell whose row left is hidden at
    /// every scroll step (``recycle(_:in:)``).
    @inline(__always)
    private mutating func conceal(_ view: ViewID, in parent: ViewID) {
        views[view.number - 1].isHidden = true
        countVisibility(of: view, -1)
        recordLeaving(view, .hide) { .hide(parent: parent, key: $0) }
    }

    /// RecyclerView's `removeViewAt` before `recycleView`: takes `view` out
    /// of `host`'s subviews, hidden, for the host's Recycler to keep in its
    /// view cache or pool (it stays in the pool of its key, and `superview`
    /// names the host). Records it when the view was in the subviews.
    mutating func detach(_ view: ViewID, from host: ViewID) {
        let index = view.number - 1
        guard !views[index].isDetached else { return }
        if !views[index].isHidden { views[host.number - 1].visibleSubviewCount -= 1 }
        views[index].isHidden = true
        views[index].isDetached = true
        views[host.number - 1].subviews.removeAll { $0 == view }
        recordLeaving(view, .detach) { .detach(parent: host, key: $0) }
    }

    /// Shows a hidden view taken in this pass: one the Recycler held
    /// detached goes back into `host`'s subviews (`addView`, recorded as a
    /// reattach); any other is unhidden (``unhide(_:in:)``).
    public mutating func reattach(_ view: ViewID, to host: ViewID) {
        let index = view.number - 1
        guard views[index].isDetached else { return unhide(view, in: host) }
        views[index].isDetached = false
        views[index].isHidden = false
        views[host.number - 1].subviews.append(view)
        views[host.number - 1].visibleSubviewCount += 1
        recordForOwner(view, .reattach) { .reattach(parent: host) }
    }

    /// The views `host`'s Recycler holds detached, in pool order (each
    /// pool's views in the order they joined, pools in first-use order).
    public func detachedViews(of host: ViewID) -> [ViewID] {
        var found: [ViewID] = []
        for (_, pool) in views[host.number - 1].pools {
            for member in pool.views where views[member.number - 1].isDetached { found.append(member) }
        }
        return found
    }

    /// Takes a view out of the hierarchy for good, with its subtree: out of
    /// its parent's subviews and pool; ids are never reused. The subtree
    /// includes the views a list host's Recycler holds detached.
    public mutating func remove(_ view: ViewID, from parent: ViewID, reason: RemovalReason) {
        let index = view.number - 1
        guard !views[index].isRemoved else { return }
        recordLeaving(view, .remove) { .remove(parent: parent, key: $0, reason: reason) }
        leave(parent, view, dropsEmptyPool: false)
        takeOut(view)
    }

    /// Takes `view` out of `parent`, a lone view leaving (removed, detached
    /// or moved to another parent): out of its subviews (unless detached:
    /// a Recycler's view is in none), its visible count, its pool (dropped
    /// when left empty, with `dropsEmptyPool`) and the pool's owner index.
    /// Returns whether the view counted among the parent's visible subviews.
    @discardableResult
    private mutating func leave(_ parent: ViewID, _ view: ViewID, dropsEmptyPool: Bool) -> Bool {
        let index = view.number - 1
        let counted = !views[index].isDetached && leaveSubviews(parent, view) && !views[index].isHidden
        if counted { views[parent.number - 1].visibleSubviewCount -= 1 }
        if let key = views[index].poolKey {
            leavePool(key, of: parent, view)
            if ownerIndexesBuilt > 0 { noteLeftWaiting(view, key: key, host: parent, all: true) }
            if dropsEmptyPool, views[parent.number - 1].pools[key]?.views.isEmpty == true { views[parent.number - 1].pools[key] = nil }
        }
        return counted
    }

    /// Takes `view` out of `parent`'s subviews; returns whether it was one.
    ///
    /// With `FastPaths.removalFromEnd` (here and in ``leavePool(_:of:_:)``),
    /// each array is searched from its end and left at the first match,
    /// and a waiting stack is searched only for a hidden view. Safe
    /// because a view is at most once in its parent's subviews, in its
    /// pool's views and on its waiting stack, and a view that waits is
    /// hidden (`InvariantChecker` checks all four). A lone removal then
    /// costs the views after it, not the parent's: a Texture row reloaded
    /// among the rows shown last is found near the end of a host whose
    /// subviews and pool hold every row the list ever showed. Twin: each
    /// array filtered whole.
    private mutating func leaveSubviews(_ parent: ViewID, _ view: ViewID) -> Bool {
        let index = parent.number - 1
        if fastPaths.contains(.removalFromEnd) {
            guard let position = views[index].subviews.lastIndex(of: view) else { return false }
            views[index].subviews.remove(at: position)
            return true
        }
        let count = views[index].subviews.count
        views[index].subviews.removeAll { $0 == view }
        return views[index].subviews.count < count
    }

    /// Takes `view` out of the pool of `key` in `parent`: its views and
    /// its waiting stack (as ``leaveSubviews(_:_:)`` says).
    private mutating func leavePool(_ key: ViewKey, of parent: ViewID, _ view: ViewID) {
        let index = parent.number - 1
        guard fastPaths.contains(.removalFromEnd) else {
            views[index].pools[key]?.views.removeAll { $0 == view }
            views[index].pools[key]?.waiting.removeAll { $0 == view }
            return
        }
        let mayWait = views[view.number - 1].isHidden
        views[index].pools.modify(key) { pool in
            if let position = pool.views.lastIndex(of: view) { pool.views.remove(at: position) }
            if mayWait, let position = pool.waiting.lastIndex(of: view) { pool.waiting.remove(at: position) }
        }
    }

    /// A view removed from its parent: hidden, in no parent, and removed
    /// with its subtree, none of which is alive any more (the detached
    /// views a host's Recycler holds are part of it).
    private mutating func takeOut(_ view: ViewID) {
        let index = view.number - 1
        views[index].isHidden = true
        views[index].isDetached = false
        views[index].superview = nil
        var pending = [view]
        while let next = pending.popLast() {
            views[next.number - 1].isRemoved = true
            removedViews += 1
            pending.append(contentsOf: views[next.number - 1].subviews)
            if !views[next.number - 1].pools.isEmpty { pending.append(contentsOf: detachedViews(of: next)) }
        }
    }

    /// Removes `removed`, subviews of `parent`, in this order, as one
    /// ``remove(_:from:reason:)`` each would: the same events in the same
    /// order and the same state, but the parent's subviews and each pool
    /// touched are walked once for all of them, not once a view. Removing n
    /// of a parent's m views costs O(n + m), not O(n m): Texture's
    /// `reloadData` after a long scroll (every row's node view waits in the
    /// host) was quadratic.
    ///
    /// Safe because removing a view reads nothing of its parent's subviews
    /// or pools: its event reads the view's own key and owner, the owner
    /// index (`noteLeftWaiting`) is kept per view in
    /// order, and its subtree is marked removed per view in order, so a
    /// view already in a removed subtree is skipped as a lone removal
    /// skips it. Whether a removed view counted as visible is read before
    /// it is hidden, as a lone removal reads it.
    public mutating func remove(_ removed: [ViewID], from parent: ViewID, reason: RemovalReason) {
        guard fastPaths.contains(.batchRemoval), removed.count > 1 else {
            for view in removed { remove(view, from: parent, reason: reason) }
            return
        }
        // Each view taken out: whether it was shown (counted visible, once,
        // if it is a subview) and its pool's key (it leaves that pool only).
        var gone: [ViewID: (shown: Bool, key: ViewKey?)] = [:]
        var keys: [ViewKey] = []
        for view in removed {
            let index = view.number - 1
            guard !views[index].isRemoved else { continue }
            // Its parent's own subview or detached view: the parent is in no
            // subtree removed here, so no view is marked removed twice.
            assert(views[index].superview == parent, "\(view) is removed from \(parent), not its superview")
            recordLeaving(view, .remove) { .remove(parent: parent, key: $0, reason: reason) }
            gone[view] = (!views[index].isHidden, views[index].poolKey)
            if let key = views[index].poolKey {
                if !keys.contains(key) { keys.append(key) }
                if ownerIndexesBuilt > 0 { noteLeftWaiting(view, key: key, host: parent, all: true) }
            }
            takeOut(view)
        }
        guard !gone.isEmpty else { return }
        let parentIndex = parent.number - 1
        var visibleGone = 0
        views[parentIndex].subviews.removeAll { view in
            guard let left = gone[view] else { return false }
            if left.shown {
                visibleGone += 1
                gone[view]?.shown = false
            }
            return true
        }
        views[parentIndex].visibleSubviewCount -= visibleGone
        for key in keys {
            views[parentIndex].pools[key]?.views.removeAll { gone[$0]?.key == key }
            views[parentIndex].pools[key]?.waiting.removeAll { gone[$0]?.key == key }
        }
    }

    /// Records a view leaving use, with its pool and the instance that held it last.
    private mutating func recordLeaving(_ view: ViewID, _ kind: ReuseEvent.Kind, _ step: (ViewKey?) -> ReuseEvent.Step) {
        guard log.keepsEvents else {
            log.count(kind)
            return
        }
        let made = step(views[view.number - 1].poolKey)
        assert(made.kind == kind, "a step counted as \(kind) is recorded as \(made.kind)")
        recordForOwner(view, made)
    }

    /// Moves a view to another pool of the same parent (a view matched by
    /// type rather than by key).
    public mutating func move(_ view: ViewID, to new: ViewKey, in parent: ViewID) {
        let index = parent.number - 1
        if let old = views[view.number - 1].poolKey {
            views[index].pools[old]?.views.removeAll { $0 == view }
            if views[index].pools[old]?.views.isEmpty == true { views[index].pools[old] = nil }
        }
        views[index].pools[new, default: ReusePool()].views.append(view)
        views[view.number - 1].poolKey = new
    }

    /// Moves a view to another parent, into that parent's pool of `key`
    /// (pools shared between parents: RecyclerView's shared RecycledViewPool,
    /// Valdi's global pool).
    public mutating func reparent(_ view: ViewID, to parent: ViewID, key: ViewKey) {
        let index = view.number - 1
        guard let old = views[index].superview, old != parent else { return }
        // A detached view is in neither host's subviews: only its Recycler changes.
        let detached = views[index].isDetached
        if leave(old, view, dropsEmptyPool: true) { views[parent.number - 1].visibleSubviewCount += 1 }
        if !detached { views[parent.number - 1].subviews.append(view) }
        views[parent.number - 1].pools[key, default: ReusePool()].views.append(view)
        views[index].superview = parent
        views[index].poolKey = key
        recordForOwner(view, .reparent(from: old, to: parent))
    }

    /// Takes a view out of its superview, alive, to wait detached in the
    /// pool of its class (Valdi: `removeViewFromParent`, then
    /// `enqueueViewToPool`), or in the pool named `pool` (Litho: the
    /// component type's): out of the superview's subviews and pool, no
    /// superview, no pool key. Its subviews are the caller's to detach or
    /// remove before the pass ends (Valdi empties a view before it pools it).
    mutating func detach(_ view: ViewID, intoPool pool: String? = nil) {
        let index = view.number - 1
        guard let parent = views[index].superview, !views[index].isRemoved else { return }
        recordLeaving(view, .detach) { .detach(parent: parent, key: $0) }
        leave(parent, view, dropsEmptyPool: true)
        views[index].superview = nil
        views[index].poolKey = nil
        views[index].isHidden = false
        classPools[pool ?? views[index].viewClass, default: []].append(view)
    }

    /// How many views wait detached in the pool named `pool`.
    func detachedCount(inPool pool: String) -> Int { classPools[pool]?.count ?? 0 }

    /// The detached view of `viewClass` that has waited longest, put back
    /// into the hierarchy as `parent`'s last subview, in its pool of `key`,
    /// and taken by `instance` (Valdi: `ViewFactory::createView` pops the
    /// pool's front, then `insertChildView`); nil when none waits. Always a
    /// reuse: the node that held it went, so even an instance at the same
    /// path is a new node.
    ///
    /// With `pool` and `newestFirst` (Litho's `Pools.SimplePool`, last in,
    /// first out): the view of the pool named `pool` that waited last,
    /// when it is of `viewClass` (nil when it is not, or none waits).
    mutating func adoptDetached(_ viewClass: String, into parent: ViewID, key: ViewKey, for instance: Instance,
                                pool: String? = nil, newestFirst: Bool = false) -> (view: ViewID, taken: Taken)? {
        let name = pool ?? viewClass
        guard let view = newestFirst ? classPools[name]?.last : classPools[name]?.first,
              views[view.number - 1].viewClass == viewClass else { return nil }
        if newestFirst { classPools[name]?.removeLast() } else { classPools[name]?.removeFirst() }
        if classPools[name]?.isEmpty == true { classPools[name] = nil }
        let index = view.number - 1
        views[parent.number - 1].subviews.append(view)
        if !views[index].isHidden { views[parent.number - 1].visibleSubviewCount += 1 }
        views[parent.number - 1].pools[key, default: ReusePool()].views.append(view)
        views[index].superview = parent
        views[index].poolKey = key
        recordForOwner(view, .insert) { .insert(parent: parent, key: key) }
        let previous = views[index].owner
        var taken = take(view, key: key, in: parent, for: instance)
        if !taken.isReuse {
            record(view, for: instance, .reuse) { .reuse(parent: parent, key: key, previous: previous) }
            taken.isReuse = true
        }
        return (view, taken)
    }

    /// Puts `parent`'s subviews in this order, the rest after; records it when it changed.
    /// `first` is read again when the order changes: a sequence that reads
    /// from its start each time (the views a pass took, read in place).
    public mutating func order(_ parent: ViewID, first: some Sequence<ViewID>) {
        // Usually nothing moved: the views taken already lead, in order.
        guard !fastPaths.contains(.settleByPrefix) || leadingCount(first, of: parent) == nil else { return }
        putFirst(Array(first), in: parent)
    }

    /// How many views `first` is, when they lead `parent`'s subviews in
    /// that order; nil when they do not. Nothing is made. (Inlined:
    /// ``settleTaken(_:pass:)`` asks it at every settle.)
    @inline(__always)
    func leadingCount(_ first: some Sequence<ViewID>, of parent: ViewID) -> Int? {
        let index = parent.number - 1
        var matched = 0
        for view in first {
            guard matched < views[index].subviews.count, views[index].subviews[matched] == view else { return nil }
            matched += 1
        }
        return matched
    }

    /// Puts `first` at the head of `parent`'s subviews, the rest after in
    /// their order; records it when it changed.
    mutating func putFirst(_ first: [ViewID], in parent: ViewID) {
        let index = parent.number - 1
        let firstSet = Set(first)
        let order = first + views[index].subviews.filter { !firstSet.contains($0) }
        if order != views[index].subviews {
            views[index].subviews = order
            record(parent, for: nil, .reorder(order))
        }
    }

    /// Sorts the views vended in this pass into vend order within the places
    /// they hold among `parent`'s subviews; other views keep their places
    /// (ComponentKit's `ViewReusePoolMap::reset`). Records it when it changed.
    mutating func sortVended(_ parent: ViewID, inVendOrder vended: some Sequence<ViewID>, byPrefix: Bool) {
        // Invariant (`FastPaths.vendOrderByPrefix`): a view is a subview of
        // one parent, once, and is vended once a pass; so when the vended
        // views lead the subviews in vend order, no later subview is one of
        // them, and every place a vended view holds already holds the one
        // the sort would put there: nothing moves, as the sort finds.
        // Read in place: no array or set is made (componentkit settles
        // every container at every pass).
        if byPrefix, leadingCount(vended, of: parent) != nil { return }
        sortVended(parent, inVendOrder: Array(vended))
    }

    /// ``sortVended(_:inVendOrder:byPrefix:)``'s general path: each place
    /// holding a vended view takes the next vended view in vend order.
    mutating func sortVended(_ parent: ViewID, inVendOrder vended: [ViewID]) {
        let index = parent.number - 1
        // A few views are looked for in the array itself: a set made and
        // hashed for each parent at every pass (a card's one title) cost
        // more than the sort (issue 38: a quarter of componentkit's `set` pass).
        let vendedSet = vended.count > 16 ? Set(vended) : []
        func isVended(_ view: ViewID) -> Bool { vended.count > 16 ? vendedSet.contains(view) : vended.contains(view) }
        var order = views[index].subviews
        var next = vended.makeIterator()
        for position in order.indices where isVended(order[position]) {
            if let view = next.next() { order[position] = view }
        }
        if order != views[index].subviews {
            views[index].subviews = order
            record(parent, for: nil, .reorder(order))
        }
    }

    // MARK: Waiting cells of list hosts

    /// A cell whose row left: hidden, it goes on top of its pool's stack.
    public mutating func recycle(_ cell: ViewID, in host: ViewID) {
        // ``hide(_:in:)``, its step inlined (a cell is hidden at every scroll step).
        if !views[cell.number - 1].isHidden { conceal(cell, in: host) }
        pushWaiting(cell, in: host)
    }

    /// Puts an already hidden cell on top of its pool's stack. (Inlined into ``recycle(_:in:)``.)
    @inline(__always)
    public mutating func pushWaiting(_ cell: ViewID, in host: ViewID) {
        guard let identity = views[cell.number - 1].poolKey?.identity else { return }
        if ownerIndexesBuilt > 0 {
            // An owner index may need the cell: the plain way, then the index.
            guard let key = views[cell.number - 1].poolKey,
                  modifyPool(key, in: host, { $0.waiting.append(cell) }) != nil else { return }
            noteJoinedWaiting(cell, key: key, host: host)
            return
        }
        // Usually the cell holds the very key of its pool: found by
        // identity, the pool is reached without copying the key out of the
        // cell while the host is mutated. A miss falls back to the key.
        if fastPaths.contains(.poolByIdentity),
           views[host.number - 1].pools.modify(identicalTo: identity, { $0.waiting.append(cell) }) != nil { return }
        if let key = views[cell.number - 1].poolKey {
            modifyPool(key, in: host) { $0.waiting.append(cell) }
        }
    }

    /// The top waiting cell of `key`'s stack in a list host, taken (and
    /// shown, unless `unhides` is false). Inlined: a dequeue is little more than this.
    @inline(__always)
    public mutating func popWaiting(_ key: ViewKey, host: ViewID, for instance: Instance, unhides: Bool = true) -> (ViewID, Taken)? {
        // Popped in place: an emptiness check, then `removeLast()`.
        guard let view = modifyPool(key, in: host, { $0.waiting.isEmpty ? nil : $0.waiting.removeLast() }) ?? nil else {
            return nil
        }
        if ownerIndexesBuilt > 0 { noteLeftWaiting(view, key: key, host: host, all: false) }
        let taken = take(view, key: key, in: host, for: instance, unhides: false)
        if taken.wasHidden, unhides {
            // ``unhide(_:in:)`` without its check: `taken.wasHidden` says the
            // cell is hidden. Shown here, not in `take`, which every vend inlines.
            show(view, in: host)
        }
        return (view, taken)
    }

    /// Takes `view`, waiting hidden in its pool of `key` in list host
    /// `host`, out of that pool's stack wherever it is, for `instance`, and
    /// shows it: a Texture node's own view, which only its item takes back.
    /// Nil when the view does not wait there.
    public mutating func takeWaiting(_ view: ViewID, key: ViewKey, host: ViewID, for instance: Instance) -> Taken? {
        let found = modifyPool(key, in: host) { pool -> Bool in
            guard let position = pool.waiting.lastIndex(of: view) else { return false }
            pool.waiting.remove(at: position)
            return true
        }
        guard found == true else { return nil }
        if ownerIndexesBuilt > 0 { noteLeftWaiting(view, key: key, host: host, all: false) }
        return take(view, key: key, in: host, for: instance)
    }

    /// The last view on the waiting stack of `key` in list host `host`
    /// that the instance at `path` owns, if any: a Texture node's own
    /// view, which only its item takes back. With the `waitingByOwner` fast path
    /// read from the pool's owner index (built the first time it is
    /// asked, then kept: the pool's `waitingByOwner`), so a row that never
    /// showed is told so at once rather than after a look at every view
    /// waiting (one per row that ever showed). Twin: the stack searched
    /// from its top.
    public mutating func lastWaiting(_ key: ViewKey, in host: ViewID, ownedBy path: ComponentPath) -> ViewID? {
        guard fastPaths.contains(.waitingByOwner) else { return lastWaitingSearched(key, in: host, ownedBy: path) }
        guard let built = modifyPool(key, in: host, { $0.waitingByOwner != nil }) else { return nil }
        if !built {
            var index: [ComponentPath: [ViewID]] = [:]
            for view in views[host.number - 1].pools[key]?.waiting ?? [] {
                if let owner = views[view.number - 1].owner { index[owner, default: []].append(view) }
            }
            modifyPool(key, in: host) { $0.waitingByOwner = index }
            ownerIndexesBuilt += 1
        }
        let found = modifyPool(key, in: host) { $0.waitingByOwner?[path]?.last } ?? nil
        assert(found == lastWaitingSearched(key, in: host, ownedBy: path), "the owner index of \(key) in \(host) disagrees with its stack")
        return found
    }

    /// ``lastWaiting(_:in:ownedBy:)``'s twin: the stack searched from its top.
    private func lastWaitingSearched(_ key: ViewKey, in host: ViewID, ownedBy path: ComponentPath) -> ViewID? {
        views[host.number - 1].pools[key]?.waiting.last { views[$0.number - 1].owner == path }
    }

    /// `view` was just pushed on the waiting stack of `key` in `host`: its
    /// pool's owner index, if built, lists it last under its owner.
    private mutating func noteJoinedWaiting(_ view: ViewID, key: ViewKey, host: ViewID) {
        guard let owner = views[view.number - 1].owner else { return }
        modifyPool(key, in: host) { pool in
            if pool.waitingByOwner != nil { pool.waitingByOwner?[owner, default: []].append(view) }
        }
    }

    /// `view` just left the waiting stack of `key` in `host` (every time it
    /// was there with `all`, else its last place): its pool's owner index,
    /// if built, lets it go likewise. Its owner is still the one it waited under.
    private mutating func noteLeftWaiting(_ view: ViewID, key: ViewKey, host: ViewID, all: Bool) {
        guard let owner = views[view.number - 1].owner else { return }
        modifyPool(key, in: host) { pool in
            guard var listed = pool.waitingByOwner?[owner] else { return }
            if all {
                listed.removeAll { $0 == view }
            } else if let position = listed.lastIndex(of: view) {
                listed.remove(at: position)
            }
            pool.waitingByOwner?[owner] = listed.isEmpty ? nil : listed
        }
    }

    /// The owner of `view` is about to change while it may wait: the owner
    /// index of its pool, if built and listing it, is dropped (built again
    /// when next asked).
    mutating func ownerWillChange(_ view: ViewID) {
        guard ownerIndexesBuilt > 0, let host = views[view.number - 1].superview, let key = views[view.number - 1].poolKey,
              let owner = views[view.number - 1].owner else { return }
        modifyPool(key, in: host) { pool in
            if pool.waitingByOwner?[owner]?.contains(view) == true { pool.waitingByOwner = nil }
        }
    }

    // MARK: Configuring

    /// Runs an attribute's applicator on a view.
    public mutating func apply(_ attribute: Attribute, on view: ViewID, for instance: Instance) {
        let seq = record(view, for: instance, .apply) { .apply(attribute) }
        write(attribute, on: view, setBy: instance.component, path: instance.path, seq: seq, means: .apply)
    }

    /// The `contentOffset` property: a list host's offset in rows, where
    /// the strategy keeps it in the view (``CellReuse/offsetTravelsWithCell``).
    static let contentOffset = "contentOffset"

    /// The offset `host` shows as a view: its `contentOffset`, 0 for a view
    /// that never scrolled.
    func contentOffset(of host: ViewID) -> Int {
        guard case .value(.number(let offset))? = views[host.number - 1].property(Self.contentOffset) else { return 0 }
        return Int(offset)
    }

    /// Scrolls `host` as a view to `offset` rows, for `instance`: its
    /// `contentOffset` is set, with an `apply` event, and remembers who set
    /// it. Nothing happens when the view is there already.
    mutating func setContentOffset(_ offset: Int, of host: ViewID, for instance: Instance) {
        guard contentOffset(of: host) != offset else { return }
        apply(Attribute(Self.contentOffset, .number(Double(offset))), on: host, for: instance)
    }

    /// Sets the attribute's value (or adds its entry) and remembers who
    /// did: the instance `component` at `path`, in event `seq`, by `means`.
    mutating func write(_ attribute: Attribute, on view: ViewID, setBy component: String, path: ComponentPath,
                        seq: Int, means: PropertySource.Means) {
        let index = view.number - 1
        let id = propertyID(of: attribute)
        if catalog.facts(of: id).adds {
            // Read without copying a default in: ``PropertyTable/set(_:name:to:sources:)`` writes it.
            let existing = views[index].table.entry(of: id, name: attribute.name)
            var entries: [AttributeValue] = []
            if case .entries(let found)? = existing?.value { entries = found }
            var sources = alignedSources(existing?.sources, entries: entries.count)
            entries.append(attribute.value)
            sources.append(PropertySource(component: component, path: path, pass: log.currentPass, seq: seq, means: means))
            views[index].table.set(id, name: attribute.name, to: .entries(entries), sources: sources)
        } else {
            views[index].setValue(.value(attribute.value), of: id, name: { attribute.name }, setBy: component, path: path,
                                  pass: log.currentPass, seq: seq, means: means)
        }
    }

    /// ``write(_:on:setBy:path:seq:means:)`` of the attribute at `position`
    /// of `attributes`, read in place: its id and value are taken out; an
    /// attribute whose property is not found by its id (found by name,
    /// added, or new to the view) is copied out and written as any is.
    private mutating func write(_ attributes: [Attribute], at position: Int, on view: ViewID, setBy component: String,
                                path: ComponentPath, seq: Int, means: PropertySource.Means) {
        let id = attributes[position].property
        // Found by id alone, or written as any attribute is. No closure
        // reads the name here: it would capture the whole array.
        guard fastPaths.contains(.propertyByID), id != .unknown, !catalog.facts(of: id).adds,
              let found = views[view.number - 1].table.position(ofNumbered: id) else {
            return write(attributes[position], on: view, setBy: component, path: path, seq: seq, means: means)
        }
        views[view.number - 1].setValue(.value(attributes[position].value), at: found, setBy: component, path: path,
                                        pass: log.currentPass, seq: seq, means: means)
    }

    /// The property `attribute` writes: the id it carries, else its name's
    /// (numbered now if the catalogue never met it).
    private mutating func propertyID(of attribute: Attribute) -> PropertyID {
        attribute.property != .unknown ? attribute.property : catalog.numberProperty(attribute.name)
    }

    /// The sources of a property's entries, one per entry: entries a class
    /// default put there (first) have none. Sources of no entry are
    /// dropped: the one source of a value the property held before its
    /// attribute was redeclared to add entries, whose value an entry replaces.
    private func alignedSources(_ sources: [PropertySource?]?, entries: Int) -> [PropertySource?] {
        let sources = sources ?? []
        if sources.count > entries { return Array(sources.suffix(entries)) }
        return Array(repeating: nil, count: entries - sources.count) + sources
    }

    /// Runs an attribute's unapplicator: removes the entry it added, or resets
    /// the property to the class default.
    public mutating func unapply(_ attribute: Attribute, on view: ViewID, for instance: Instance) {
        let index = view.number - 1
        let id = propertyID(of: attribute)
        if catalog.facts(of: id).adds {
            if let existing = views[index].table.entry(of: id, name: attribute.name),
               case .entries(var entries) = existing.value,
               let entry = entries.firstIndex(of: attribute.value) {
                var sources = alignedSources(existing.sources, entries: entries.count)
                entries.remove(at: entry)
                sources.remove(at: entry)
                views[index].table.set(id, name: attribute.name, to: .entries(entries), sources: sources)
            }
        } else {
            resetToDefault(id, name: attribute.name, on: view)
        }
        record(view, for: instance, .unapply) { .unapply(attribute) }
    }

    /// Puts one property back to its class default (taken out when the
    /// class has none); nobody set it.
    mutating func resetToDefault(_ name: String, on view: ViewID) {
        resetToDefault(catalog.propertyID(name) ?? .unknown, name: name, on: view)
    }

    private mutating func resetToDefault(_ id: PropertyID, name: String, on view: ViewID) {
        let index = view.number - 1
        if let value = catalog.viewClasses[views[index].viewClass]?.defaults[name] {
            views[index].table.set(id, name: name, to: value, sources: nil)
        } else {
            views[index].table.remove(id, name: name)
        }
    }

    /// Runs an attribute's updater: replaces the old value with the new one.
    public mutating func update(_ attribute: Attribute, from old: AttributeValue, on view: ViewID, for instance: Instance) {
        let index = view.number - 1
        let seq = record(view, for: instance, .update) { .update(attribute, old: old) }
        let id = propertyID(of: attribute)
        if catalog.facts(of: id).adds,
           let existing = views[index].table.entry(of: id, name: attribute.name),
           case .entries(var entries) = existing.value,
           let entry = entries.firstIndex(of: old) {
            var sources = alignedSources(existing.sources, entries: entries.count)
            entries[entry] = attribute.value
            sources[entry] = PropertySource(component: instance.component, path: instance.path, pass: log.currentPass,
                                            seq: seq, means: .update)
            views[index].table.set(id, name: attribute.name, to: .entries(entries), sources: sources)
        } else {
            views[index].setValue(.value(attribute.value), of: id, name: { attribute.name }, setBy: instance.component,
                                  path: instance.path, pass: log.currentPass, seq: seq, means: .update)
        }
    }

    /// Applies every attribute of `configuration`, whatever was there before
    /// (what a cell's configure or bind method does), and attaches it.
    public mutating func applyAll(_ configuration: ViewConfiguration, on view: ViewID, for instance: Instance) {
        // ``apply(_:on:for:)`` of each attribute, read in place by index.
        for index in configuration.attributes.indices {
            let seq = record(view, for: instance, .apply) { .apply(configuration.attributes[index]) }
            write(configuration.attributes, at: index, on: view, setBy: instance.component, path: instance.path,
                  seq: seq, means: .apply)
        }
        attach(configuration, to: view)
    }

    /// ``applyChanged(_:to:for:)`` for a row's configuration: over an
    /// attached one of the same names, neither with an unapplicator (a
    /// scroll step's entering row, on the cell of a row that left), done
    /// here; any other is left to ``applyAnyChanged(_:to:for:)``.
    ///
    /// One pass over the attributes compares values and asks for
    /// unapplicators (names and class are known equal, so the values
    /// decide equality); the steps are ``applyAll(_:on:for:)``'s, and each
    /// value is written into the attached configuration in place as
    /// ``SimulatedView/attach(_:inPlace:)`` writes them, without asking again
    /// whether the names agree: with its property, in one access to the
    /// view, where the attached attribute remembers it was
    /// (``SimulatedView/writeRowValue(_:at:id:setBy:path:pass:seq:means:)``).
    mutating func applyRowChanged(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance) {
        let index = view.number - 1
        switch views[index].compareRow(configuration, in: catalog) {
        case nil:
            return applyAnyChanged(view, to: configuration, for: instance)
        case true?:
            record(view, for: instance, .skip) { .skip(nil) }
            return
        case false?:
            break
        }
        for position in configuration.attributes.indices {
            let seq = record(view, for: instance, .apply) { .apply(configuration.attributes[position]) }
            let id = configuration.attributes[position].property
            if fastPaths.contains(.propertySlots), id != .unknown, !catalog.facts(of: id).adds,
               views[index].writeRowValue(configuration.attributes, at: position, id: id, setBy: instance.component,
                                          path: instance.path, pass: log.currentPass, seq: seq, means: .apply) {
                continue
            }
            write(configuration.attributes, at: position, on: view, setBy: instance.component, path: instance.path,
                  seq: seq, means: .apply)
            views[index].attachRowValue(configuration.attributes, at: position)
        }
    }

    /// Whether an attribute of the configuration attached to `view` has
    /// an unapplicator, read in place (mutating only for that: the view is
    /// read where it is stored, not copied out through the array's getter).
    mutating func attachedHasUnapplicator(_ view: ViewID) -> Bool {
        views[view.number - 1].attachedHasUnapplicator(in: catalog)
    }

    /// Attaches the configuration just applied.
    public mutating func attach(_ configuration: ViewConfiguration, to view: ViewID) {
        views[view.number - 1].attach(configuration, inPlace: fastPaths.contains(.rowApply))
    }

    /// Runs one attribute's reset method (Valdi): its property back to the
    /// class default, whatever the attribute added or set.
    mutating func resetAttribute(_ attribute: Attribute, on view: ViewID, for instance: Instance) {
        resetToDefault(attribute.name, on: view)
        record(view, for: instance, .reset(.dropped(attribute)))
    }

    /// Runs attribute reset methods: every property back to the class default, nothing attached.
    public mutating func resetProperties(of view: ViewID, reason: ResetReason) {
        let index = view.number - 1
        guard let viewClass = catalog.viewClasses[views[index].viewClass] else { return }
        views[index].table = viewClass.table
        views[index].attached = nil
        record(view, for: nil, .reset(reason))
    }

    // MARK: Lists

    /// Makes `host` a list host showing no rows yet, unless it already was
    /// one (`firstTime` false), and takes its rows out as ``takeRows(of:)``
    /// does: a new list's are none, from `firstRow`.
    /// (Tested and taken apart in one access to the view.)
    mutating func beginList(on host: ViewID, firstRow: Int) -> (firstTime: Bool, rows: ListContent) {
        var rows = ListContent(firstRow: 0, cells: [])
        func begin(_ list: inout ListContent?, _ rows: inout ListContent) -> Bool {
            guard list != nil else {
                // Left as a taken list is left: no rows, from row 0.
                list = rows
                rows.firstRow = firstRow
                return true
            }
            list?.exchangeRows(with: &rows)
            return false
        }
        let firstTime = begin(&views[host.number - 1].list, &rows)
        return (firstTime, rows)
    }

    /// Takes the list's rows out of the host while they are edited (so no
    /// second reference forces a copy of them all); ``putRows(_:on:)`` puts them back.
    /// (The cells are swapped out in one access to the view; the header
    /// and footer stay with it, and the content returned has none.)
    mutating func takeRows(of host: ViewID) -> ListContent? {
        var content = ListContent(firstRow: 0, cells: [])
        guard views[host.number - 1].list?.exchangeRows(with: &content) != nil else { return nil }
        return content
    }

    mutating func putRows(_ content: consuming ListContent, on host: ViewID) {
        views[host.number - 1].list?.exchangeRows(with: &content)
    }

    /// The rows a list host shows; nil when `host` hosts no list. Read
    /// in place.
    func listRows(of host: ViewID) -> Range<Int>? {
        views[host.number - 1].list?.rows
    }

    /// The cell of a list host's first row (`front`) or last row; nil for
    /// a row taken out with `hide` (or no row). Read in place.
    func endCell(of host: ViewID, front: Bool) -> ViewID? {
        (front ? views[host.number - 1].list?.cells.first : views[host.number - 1].list?.cells.last) ?? nil
    }

    /// A step of one row, in the host's rows in place (one access to the
    /// view, the cells neither taken out nor put back): the row at one end
    /// leaves and row `cell` enters at the other (`forward`: at the back,
    /// the rows starting a row later).
    ///
    /// The host is reached through the views' buffer, not the array's
    /// element accessor: at every scroll step, that accessor was a call
    /// (the array's `modify` coroutine, begun and resumed) around a change
    /// of three words.
    mutating func stepRows(on host: ViewID, forward: Bool, entering cell: ViewID?) {
        let index = host.number - 1
        precondition(views.indices.contains(index), "no view \(host)")
        views.withUnsafeMutableBufferPointer { views in
            if forward {
                views[index].list?.stepForward(entering: cell)
            } else {
                views[index].list?.stepBack(entering: cell)
            }
        }
    }

    /// Shows `view` (or nothing) in a header or footer slot.
    mutating func setSupplementary(_ slot: Slot, _ view: ViewID?, on host: ViewID) {
        switch slot {
        case .header: views[host.number - 1].list?.header = view
        case .footer: views[host.number - 1].list?.footer = view
        case .row: break
        }
    }

    /// A list host that a plain component takes over: its cells become plain
    /// pool views, vended by position and hidden at settle when nobody takes them.
    mutating func forgetList(of host: ViewID) {
        let index = host.number - 1
        // Views its Recycler held detached are plain hidden subviews again.
        for view in detachedViews(of: host) {
            views[view.number - 1].isDetached = false
            views[index].subviews.append(view)
        }
        views[index].list = nil
        for position in views[index].pools.indices {
            views[index].pools.modify(at: position) {
                $0.waiting = []
                $0.waitingByOwner = nil
            }
        }
    }

    // MARK: Recording

    /// Records a step done to `view` for `instance` (or for no instance); returns its sequence number.
    @discardableResult
    mutating func record(_ view: ViewID, for instance: Instance?, _ step: ReuseEvent.Step) -> Int {
        log.record(view, component: instance?.component, path: instance?.path, step: step)
    }

    /// ``record(_:for:_:)`` of a step of `kind` (one of it) made by `step`
    /// only when the log keeps events. With events off (a rewind's replay,
    /// `compare`'s runs, `reuse-bench`) the step is counted, and nothing
    /// (key, path, attribute) is copied into a step only to be dropped.
    @discardableResult
    mutating func record(_ view: ViewID, for instance: Instance?, _ kind: ReuseEvent.Kind,
                         _ step: () -> ReuseEvent.Step) -> Int {
        guard log.keepsEvents else { return log.count(kind) }
        let made = step()
        // What events off counts is what events on records.
        assert(made.kind == kind, "a step counted as \(kind) is recorded as \(made.kind)")
        return record(view, for: instance, made)
    }

    /// Records a step done to `view` for the instance that holds (or held)
    /// it last (its fields read in place, the view not copied out).
    mutating func recordForOwner(_ view: ViewID, _ step: ReuseEvent.Step) {
        log.record(view, component: views[view.number - 1].ownerComponent, path: views[view.number - 1].owner, step: step)
    }

    /// ``recordForOwner(_:_:)`` of a step of `kind` made only when the log
    /// keeps events (``record(_:for:_:_:)``).
    mutating func recordForOwner(_ view: ViewID, _ kind: ReuseEvent.Kind, _ step: () -> ReuseEvent.Step) {
        guard log.keepsEvents else {
            log.count(kind)
            return
        }
        let made = step()
        assert(made.kind == kind, "a step counted as \(kind) is recorded as \(made.kind)")
        recordForOwner(view, made)
    }

    /// Drops every view but the root, the loads pending on them, and the log
    /// (a strategy switch); detached views go too, the pools they wait in
    /// cleared (Valdi's `ViewFactory::clearViewPool`).
    mutating func removeAll(reason: RemovalReason) {
        remove(views[0].subviews, from: .root, reason: reason)
        views[0].pools = [:]
        views[0].list = nil
        for (_, waiting) in classPools {
            for view in waiting { removeDetached(view, reason: reason) }
        }
        classPools = [:]
    }

    /// Drops a detached view for good (it holds no subviews); its pool entry
    /// is the caller's to drop.
    private mutating func removeDetached(_ view: ViewID, reason: RemovalReason) {
        let index = view.number - 1
        guard !views[index].isRemoved else { return }
        recordLeaving(view, .remove) { _ in .remove(parent: nil, key: nil, reason: reason) }
        views[index].isHidden = true
        views[index].isRemoved = true
        removedViews += 1
    }
}
