/// The policies of the seed document (`../shared/REFERENCE.md`, section 1),
/// shared by the strategies that behave like it outside what they change.

/// Theodolite's key: (component type, view class, attribute shape).
public struct ComponentShapeKeying: Keying {
    public init() {}
    public var readsValues: Bool { false }
    public var isPure: Bool { true }

    public func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        ViewKey(component: component, viewClass: configuration.viewClass, shape: configuration.shape)
    }
}

/// The key of a subview a cell owns (UIKit, RecyclerView): the component
/// and view class, not the shape. A cell's subviews are made once, with
/// the cell (`init`, the nib, `onCreateViewHolder`), and configured for
/// each row it shows: a configuration that sets other attributes is set on
/// the same subview, and what it does not set stays.
public struct CellSubviewKeying: Keying {
    public init() {}
    public var readsValues: Bool { false }
    public var isPure: Bool { true }

    public func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        ViewKey(component: component, viewClass: configuration.viewClass, shape: nil, qualifier: .cellSubview)
    }
}

/// A key of the view class alone (`naive`, Valdi's pools).
public struct ViewClassKeying: Keying {
    public init() {}
    public var readsValues: Bool { false }
    public var isPure: Bool { true }

    public func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        ViewKey(component: nil, viewClass: configuration.viewClass, shape: nil)
    }
}

/// Positional vend: the k-th request for a key in a pass gets the k-th view
/// of that pool; a new view only when the pool runs out. At the end of the
/// pass, views nobody took are hidden and subviews follow the order views
/// were taken.
public struct PositionalVend: ParentReuse {
    /// Hidden views are shown when vended (false: at the container's reset, as ComponentKit does).
    public var unhidesAtVend: Bool

    public init(unhidesAtVend: Bool = true) { self.unhidesAtVend = unhidesAtVend }

    public var plansChildren: Bool { false }

    public func plan(_ blocks: [PlannedBlock], into parent: ViewID, store: inout ViewStore, pass: MountPass) {}

    /// The cursor of each pool (how many of its views this pass handed
    /// out) is kept in the pool, stamped with the pass
    /// (``ViewStore/nextInPool(_:in:stamp:)``).
    public func vend(_ key: ViewKey, viewClass: String, from parent: ViewID, for instance: Instance,
                     store: inout ViewStore, pass: MountPass) -> Vended {
        if let view = store.nextInPool(key, in: parent, stamp: pass.stamp) {
            return Vended(view: view, acquisition: .taken(store.take(view, key: key, in: parent, for: instance, unhides: unhidesAtVend)))
        }
        let view = store.createView(viewClass, key: key, in: parent, for: instance)
        store.handOutAll(key, in: parent, stamp: pass.stamp)
        return Vended(view: view, acquisition: .created)
    }

    public func settle(_ visited: [ViewID], store: inout ViewStore, pass: MountPass) {
        for parent in visited {
            // A parent holding no views (all its children viewless or hidden) has nothing to hide or order.
            guard store.hasSubviews(parent) else { continue }
            store.settleTaken(parent, pass: pass)
        }
    }
}

/// List cells on a stack per key: a row that leaves pushes its cell, hidden;
/// a row that enters takes the top cell of its key, or a new one.
public struct StackCells<K: Keying>: QueueCells {
    let cellKeying: K
    /// The list is a native list view (Valdi hosts its components in a
    /// UICollectionView or RecyclerView): a whole-list reload is its
    /// `reloadData`, and every visible cell is dequeued again.
    let hostedInNativeList: Bool

    public init(keying: K, hostedInNativeList: Bool = false) {
        cellKeying = keying
        self.hostedInNativeList = hostedInNativeList
    }

    /// A component framework's list keeps its offset as its component's
    /// state, by the item's path: it never passes to another item.
    public var offsetTravelsWithCell: Bool { false }
    /// A data change renders the row again on the view it holds.
    public var dataChange: RowReload? { .reconfigure }
    /// A cell's children are components, keyed as under any parent.
    public var subviewKeying: (any Keying)? { nil }

    /// A component framework's data change renders the rows again on the
    /// views they hold: nothing is given back. In a native list, its
    /// `reloadData` gives every visible cell back to the queue.
    public func reloadAll(_ shown: [(slot: Slot, view: ViewID)], host: ViewID, store: inout ViewStore) -> Bool {
        guard hostedInNativeList else { return false }
        return giveBack(shown, host: host, store: &store)
    }

    public var keying: (any Keying)? { cellKeying }

    public func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        cellKeying.key(component, configuration, catalog: catalog)
    }

    public func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance, store: inout ViewStore) -> Vended {
        store.dequeueOrCreate(key, viewClass: viewClass, host: host, for: instance)
    }
}

/// Theodolite's application: skip a configuration equal to the attached one;
/// otherwise unapply every old attribute that has an unapplicator, apply
/// every new one, and attach. No per-attribute diff.
public struct ApplyChanged: Application {
    public init() {}
    public var configureBinds: Bool { false }

    public func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        store.applyChanged(view, to: configuration, for: instance)
    }
}

extension ViewStore {
    /// ``ApplyChanged``'s steps, for policies that apply like Theodolite outside lists.
    ///
    /// The usual skip, a definition's fixed configuration attached as it
    /// is, is found here and recorded; a row's configuration goes to
    /// `applyRowChanged(_:to:for:)`; anything else to
    /// `applyAnyChanged(_:to:for:)`. (The held skip is checked first,
    /// before the row's check: most calls are skips, and need no other.)
    public mutating func applyChanged(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance) {
        if fastPaths.contains(.heldSkip), self[view].attachedIsHeld(configuration) {
            record(view, for: instance, .skip) { .skip(nil) }
            return
        }
        if configuration.isMadeForRow, fastPaths.contains(.rowApply) { return applyRowChanged(view, to: configuration, for: instance) }
        applyAnyChanged(view, to: configuration, for: instance)
    }

    /// ``applyChanged(_:to:for:)`` of any configuration: skip one equal to
    /// the attached one; else unapply the attached attributes that have an
    /// unapplicator, apply every new one, and attach. (Not inlined: the
    /// skip's path stays a small frame.)
    @inline(never)
    mutating func applyAnyChanged(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance) {
        // Compared in place: the attached configuration is copied only
        // when its attributes are unapplied.
        switch self[view].attachedEquals(configuration) {
        case true?:
            record(view, for: instance, .skip) { .skip(nil) }
            return
        case false?:
            // Usually no attached attribute has an unapplicator: asked in
            // place, nothing is copied out.
            guard attachedHasUnapplicator(view) else { break }
            // One attribute copied out at a time, the configuration only
            // for that read: a copy of the whole configuration held over
            // the loop would still be alive when the new one is attached,
            // and make the attached array shared (``SimulatedView/attach(_:inPlace:)``).
            var position = 0
            while let attribute = attachedAttribute(of: view, at: position) {
                if catalog.hasUnapplicator(attribute) { unapply(attribute, on: view, for: instance) }
                position += 1
            }
        case nil:
            break
        }
        applyAll(configuration, on: view, for: instance)
    }

    /// The attribute at `position` of the configuration attached to
    /// `view`, if it has one there.
    private func attachedAttribute(of view: ViewID, at position: Int) -> Attribute? {
        guard let attached = views[view.number - 1].attached, position < attached.attributes.count else { return nil }
        return attached.attributes[position]
    }

    /// The top waiting cell of `key` in a list host, or a new one.
    public mutating func dequeueOrCreate(_ key: ViewKey, viewClass: String, host: ViewID, for instance: Instance) -> Vended {
        if let (view, taken) = popWaiting(key, host: host, for: instance) {
            return Vended(view: view, acquisition: .taken(taken))
        }
        return Vended(view: createView(viewClass, key: key, in: host, for: instance), acquisition: .created)
    }

    /// ``hideUntaken(in:pass:)`` then ``order(_:first:)`` for `parent`, in
    /// one walk when the views taken in this pass lead its subviews, in the
    /// order they were taken (nearly always: a scroll step's cell, a pass
    /// that changed nothing). Then the subviews after them are the views
    /// not taken (a view is taken once a pass, and is a subview once), and
    /// the order holds: only those are read, to hide the visible ones.
    /// Otherwise the untaken views are hidden, and the taken ones put
    /// first (`leadingCount(_:of:)`, `putFirst(_:in:)`).
    /// (Inlined into the settle.)
    @inline(__always)
    public mutating func settleTaken(_ parent: ViewID, pass: MountPass) {
        guard fastPaths.contains(.settleByPrefix), var matched = leadingCount(pass.taken(from: parent), of: parent) else {
            hideUntaken(in: parent, pass: pass)
            return putFirst(Array(pass.taken(from: parent)), in: parent)
        }
        // The subviews read in place by position, not iterated: an iterator holds its own reference.
        let index = parent.number - 1
        while matched < views[index].subviews.count {
            let view = views[index].subviews[matched]
            if !views[view.number - 1].isHidden { hide(view, in: parent) }
            matched += 1
        }
    }

    /// Hides every view of `parent` not taken in this pass; returns the ones
    /// that were visible. (Every pool view is a subview, so one walk over the
    /// subviews covers every pool; views already hidden cost one check.)
    ///
    /// With the `visibleSubviews` fast path, the subviews are walked from
    /// the end and the walk stops once it has seen as many visible ones as
    /// the parent counts (`SimulatedView.visibleSubviewCount`, kept at every
    /// change, checked by the invariant checker): the ones before are all
    /// hidden, whatever their order. A view made lands at the end, so a
    /// parent that keeps thousands of hidden views (theodolite-2019's cells,
    /// a hidden title for each row they showed, each title made anew) is
    /// settled in a few steps; the walk is never longer than the general
    /// one. The views found are hidden in subview order, as the general
    /// walk hides them.
    @discardableResult
    public mutating func hideUntaken(in parent: ViewID, pass: MountPass) -> [ViewID] {
        if fastPaths.contains(.visibleSubviews) {
            let index = parent.number - 1
            var remaining = views[index].visibleSubviewCount
            var position = views[index].subviews.count
            var found: [ViewID] = []
            while remaining > 0, position > 0 {
                position -= 1
                let view = views[index].subviews[position]
                guard !views[view.number - 1].isHidden else { continue }
                remaining -= 1
                if !pass.wasTaken(view) { found.append(view) }
            }
            found.reverse()
            for view in found { hide(view, in: parent) }
            return found
        }
        var hidden: [ViewID] = []
        for view in self[parent].subviews where !pass.wasTaken(view) && !views[view.number - 1].isHidden {
            hidden.append(view)
            hide(view, in: parent)
        }
        return hidden
    }
}
