extension StrategyDescriptor {
    /// What Theodolite's shipped code (TheodoliteGroup/Theodolite, last commit
    /// April 2019) does, drifted from its document (`../shared/REFERENCE.md`,
    /// section 1).
    ///
    /// - Pools are keyed by the whole configuration: view class, attribute
    ///   identifiers and values, not the component type
    ///   (`View/Reuse/ViewPoolMap.swift`, `[ViewConfiguration: ViewPool]`), so
    ///   two component types with equal configurations share views, and a
    ///   value change means another pool.
    /// - Check-out prefers the view the same instance had, then the free view
    ///   that has waited longest, then a new one (`View/Reuse/ViewPool.swift`
    ///   lines 41-59): a pool is a list in check-in order, every view checked
    ///   in at the unmount that begins each mount, in tree order
    ///   (`OwnerFirstVend`).
    /// - Every pool that received a check-in is reset at the end of the
    ///   top-level mount, hiding its unclaimed views
    ///   (`PendingViewPoolResetList.swift`, `MountContext.swift`); subviews are
    ///   not reordered.
    /// - `bug27 on` restores the code before that fix (commit 0c15927): a
    ///   view's pools were reset (and reordered) only by its owner's
    ///   `componentDidMount` (`ViewPoolMap.reset(view:)`), so the root hosting
    ///   view, which no component owns, never hid anything: the view of a
    ///   component that leaves the root stays visible, which `check` reports.
    public static let theodolite2019 = StrategyDescriptor(
        name: "theodolite-2019", defaults: [StrategyOption(name: "bug27", value: 0, kind: .flag)], rules: [
        "Pools keyed by the whole configuration (view class, attribute identifiers and values),",
        "not the component type: two types with equal configurations share views.",
        "Check-out: the view of the same instance, else the free view that waited longest",
        "(views unclaimed in earlier mounts first, then the last mount's in tree order: all",
        "are checked in at the unmount that begins a mount), else a new one.",
        "Every pool that got a check-in is reset at the end of the mount (unclaimed views",
        "hidden); no reordering. 'bug27 on': only views owned by a remounted component are",
        "reset (and reordered), so the root keeps the views of components that left.",
        "state is the framework's, by component type and key, as under theodolite",
        "(Scope.swift L76-78, L127-130): by position under key index.",
        "Source: TheodoliteGroup/Theodolite View/Reuse/ViewPoolMap.swift, ViewPool.swift,",
        "PendingViewPoolResetList.swift (fix of issue #27, commit 0c15927), Core/Lifecycle/",
        "MountContext.swift, Integration/ComponentHostingView.swift.",
    ]
    ) { settings in
        let values = settings.values
        let bug27 = values[0] != 0
        return Strategy(
            name: "theodolite-2019",
            summary: bug27 ? "full-configuration pools; own view first; bug #27 restored"
                : "full-configuration pools; own view first; every pool reset",
            poolNote: "pools keyed by the whole configuration (no component type); a request takes the view its instance had, else the free one that waited longest"
                + (bug27 ? "; the root's pools are never reset (bug #27)" : ""),
            options: [StrategyOption(name: "bug27", value: bug27 ? 1 : 0, kind: .flag)],
            keying: ConfigurationKeying(),
            parents: OwnerFirstVend(keepsBug27: bug27),
            application: ApplyChanged(),
            cells: StackCells(keying: ConfigurationKeying()),
            cellApplication: ApplyChanged(),
            reuseHook: nil,
            liveComponents: .mounted,
            rowIdentity: .byKey,
            stateHome: .item)
    }
}

/// A keying whose key reads its component and configuration alone, values
/// included: not the catalogue, and it holds no options. A node that keeps
/// its configuration may keep such a key with it (``FastPaths/keptKeys``:
/// the configuration kept is the very one the key was made from, and
/// `set` or a redefinition drops both); a pure keying's keys are kept
/// likewise. `Strategy.brokenPromises` holds it to keys equal in every
/// catalogue.
protocol KeyReadsOnlyItsConfiguration: Keying {}

/// Theodolite 2019's key: the view class, shape and every value; the
/// component type is not part of it.
struct ConfigurationKeying: KeyReadsOnlyItsConfiguration {
    var readsValues: Bool { true }
    var isPure: Bool { false }

    func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        // Attributes already in name order (the usual definition) are the
        // sorted array as they are: no new array per instance and pass.
        // The sort is stable, so it would give back this very order.
        let attributes = configuration.attributes
        let inOrder = attributes.indices.dropFirst().allSatisfy { !(attributes[$0].name < attributes[$0 - 1].name) }
        let values = inOrder ? attributes : attributes.sorted { $0.name < $1.name }
        return ViewKey(component: nil, viewClass: configuration.viewClass, shape: configuration.shape,
                       qualifier: values.isEmpty ? nil : .values(values))
    }
}

/// Check-out from `ViewPool.swift`: the view this same instance had, if it is
/// in the pool and free; else the free view that has waited longest; else a
/// new one.
///
/// Upstream (TheodoliteGroup/Theodolite 49021b9, April 2019) a pool is a list
/// of checked-in views: `checkinView` appends (`View/Reuse/ViewPool.swift`
/// lines 62-67), `checkoutView` removes the view it hands out, the instance's
/// own first, else `views.first` (lines 43-56), and a view built new is added
/// as a subview but not to the list (lines 57-59). Every layout unmounts the
/// whole mounted tree before mounting again (`Integration/ComponentHostingView.swift`
/// lines 66-73), and `UnmountLayout` checks views in child by child
/// (`Core/Lifecycle/MountContext.swift` lines 72-89; the check-in is
/// `Component.unmount`, `Core/Component/Component.swift` lines 93-109). The
/// reset hides unclaimed views but leaves them in the list (`ViewPool.swift`
/// lines 24-30). So the first free view is the one whose last check-in is
/// oldest: views nobody claimed in earlier mounts, then the views of the last
/// mount in tree order. That is the order of the last time each view was
/// held, which this policy stamps at every vend (``heldTicket``); pools are
/// per parent view, and the views held in one parent are held in tree order.
struct OwnerFirstVend: ParentReuse {
    /// Before the fix of issue #27: only views with an owning component are
    /// reset (by its `componentDidMount`), so the root hosting view never is.
    var keepsBug27: Bool
    /// When each view was last handed out, by view number - 1: a ticket that
    /// grows with every vend of the session (0: never handed out by this
    /// policy, e.g. a former list's cell). Invariant: within one parent's
    /// pool, ascending tickets are upstream's check-in list order.
    private var heldTicket: [Int] = []
    private var nextTicket = 1

    init(keepsBug27: Bool) {
        self.keepsBug27 = keepsBug27
    }

    var plansChildren: Bool { false }

    func plan(_ blocks: [PlannedBlock], into parent: ViewID, store: inout ViewStore, pass: MountPass) {}

    mutating func vend(_ key: ViewKey, viewClass: String, from parent: ViewID, for instance: Instance,
                       store: inout ViewStore, pass: MountPass) -> Vended {
        // Among the free views (not taken in this pass), in pool order: the
        // instance's own, else the oldest check-in (the first of the
        // smallest ticket: equal tickets, never vended, keep pool order).
        // One walk over the pool in place, no array of the free ones made.
        var own: ViewID?, oldest: ViewID?, oldestTicket = Int.max
        if let views = store.pool(key, in: parent)?.views {
            for view in views where !pass.wasTaken(view) {
                if store[view].owner == instance.path {
                    own = view
                    break
                }
                let held = ticket(view)
                if held < oldestTicket { (oldest, oldestTicket) = (view, held) }
            }
        }
        if let view = own ?? oldest {
            stamp(view)
            return Vended(view: view, acquisition: .taken(store.take(view, key: key, in: parent, for: instance)))
        }
        let created = store.createView(viewClass, key: key, in: parent, for: instance)
        stamp(created)
        return Vended(view: created, acquisition: .created)
    }

    private func ticket(_ view: ViewID) -> Int {
        heldTicket.indices.contains(view.number - 1) ? heldTicket[view.number - 1] : 0
    }

    /// The view is held now: it is checked in after every view held before it.
    private mutating func stamp(_ view: ViewID) {
        let index = view.number - 1
        if index >= heldTicket.count { heldTicket.append(contentsOf: repeatElement(0, count: index + 1 - heldTicket.count)) }
        heldTicket[index] = nextTicket
        nextTicket += 1
    }

    /// The pending reset list (`PendingViewPoolResetList.swift`): every pool
    /// that got a check-in hides what nobody claimed. With bug #27 the reset is
    /// the owner's `componentDidMount` instead: the root hosting view keeps its
    /// old views visible, and the others are reordered.
    mutating func settle(_ visited: [ViewID], store: inout ViewStore, pass: MountPass) {
        for parent in visited {
            if keepsBug27 {
                guard parent != .root else { continue }
                store.hideUntaken(in: parent, pass: pass)
                store.order(parent, first: pass.taken(from: parent))
            } else {
                store.hideUntaken(in: parent, pass: pass)
            }
        }
    }
}
