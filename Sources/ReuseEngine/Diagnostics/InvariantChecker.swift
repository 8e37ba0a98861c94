/// One broken invariant, in words.
public struct InvariantViolation: Sendable, Equatable, CustomStringConvertible {
    /// The view it concerns, if one.
    public var view: ViewID?
    /// What is wrong.
    public var message: String
    public var description: String { (view.map { "\($0): " } ?? "") + message }
}

extension Engine {
    /// Validates the whole state; returns every violation found (empty when sound).
    ///
    /// - each live view has one superview and appears once in its subviews,
    ///   or, detached, waits outside the hierarchy: in the pool of its own
    ///   class, holding no subviews (Valdi's global pool), or in a pool of
    ///   the list host that names it (RecyclerView's cache and pool); hidden
    ///   or not, a detached view is held by no instance;
    /// - each managed view lives in exactly one pool of its superview; a held
    ///   view under the key the strategy gives its attached configuration;
    /// - a view under a visible parent is hidden exactly when no mounted
    ///   instance holds it;
    /// - each held view's attached configuration is what its instance asks for
    ///   (a list row's views excepted where the strategy does not tell cells of
    ///   data changes, ``CellReuse/dataChange``);
    /// - each plain component's children have the paths a fresh mount gives;
    /// - no view is held by two instances;
    /// - a removed view's subtree is removed too, and the views alive are
    ///   exactly the views reachable from the root and the detached ones (what
    ///   `stats`, `tree --all` and `check` count);
    /// - no late result is overdue, and each value a view shows has one
    ///   source (one per entry at most for additive properties).
    public func checkInvariants() -> [InvariantViolation] {
        var violations: [InvariantViolation] = []
        func fail(_ view: ViewID?, _ message: String) { violations.append(InvariantViolation(view: view, message: message)) }
        let views = session.store.all

        // Ownership from the mounted tree.
        var holders: [ViewID: ComponentPath] = [:]
        var holderRows: [ViewID: Int] = [:]
        var held: [(ViewID, MountedNode)] = []
        for node in instances {
            guard let view = node.view else { continue }
            if let other = holders[view] {
                fail(view, "held by both \(other) and \(node.path)")
            }
            holders[view] = node.path
            if let row = node.row { holderRows[view] = row }
            held.append((view, node))
        }

        // Occurrences of each view in subviews and in pools, counted once, so
        // the check stays linear in the number of views.
        var subviewCount: [ViewID: Int] = [:]
        var poolKeys: [ViewID: [ViewKey]] = [:]
        for view in views where !view.isRemoved {
            for sub in view.subviews { subviewCount[sub, default: 0] += 1 }
            let visible = view.subviews.count { session.store.lookUp($0)?.isHidden == false }
            if view.visibleSubviewCount != visible {
                fail(view.id, "counts \(view.visibleSubviewCount) visible subviews but has \(visible)")
            }
            for (key, pool) in view.pools {
                for member in pool.views { poolKeys[member, default: []].append(key) }
            }
        }
        // Places in the detached pools (Valdi's global pool), by view, with the class they wait under.
        var waitingDetached: [ViewID: [String]] = [:]
        var detached = 0
        for (viewClass, waiting) in session.store.classPools {
            for id in waiting {
                waitingDetached[id, default: []].append(viewClass)
                detached += 1
                guard let view = session.store.lookUp(id) else { fail(id, "waits detached but does not exist"); continue }
                if view.isRemoved { fail(id, "waits detached but is removed") }
                if view.superview != nil { fail(id, "waits detached but is a subview of \(view.superview?.description ?? "?")") }
                // Valdi pools by view class, Litho by the component type that held the view last.
                if view.viewClass != viewClass, view.ownerComponent != viewClass {
                    fail(id, "is a \(view.viewClass) in the detached pool of \(viewClass)")
                }
            }
        }
        // Visibility of each view, from the root down (a view moved into a
        // parent made after it, Valdi's or RecyclerView's, is reached through
        // that parent). Each view is entered once, so a broken tree cannot loop.
        var visible: [Bool] = Array(repeating: false, count: views.count)
        var entered: [Bool] = Array(repeating: false, count: views.count)
        var descending: [ViewID] = [.root]
        if let root = views.first { visible[0] = !root.isHidden && !root.isRemoved }
        entered[0] = true
        while let next = descending.popLast() {
            for sub in session.store[next].subviews where views.indices.contains(sub.number - 1) && !entered[sub.number - 1] {
                entered[sub.number - 1] = true
                let view = views[sub.number - 1]
                visible[sub.number - 1] = visible[next.number - 1] && !view.isHidden && !view.isRemoved
                descending.append(sub)
            }
        }

        var removed = 0
        for view in views {
            let id = view.id
            if view.isRemoved {
                removed += 1
                if let parent = view.superview, session.store.lookUp(parent)?.isRemoved != true {
                    fail(id, "is removed but still in the hierarchy under \(parent)")
                }
                if holders[id] != nil { fail(id, "is removed but held by \(holders[id]?.description ?? "?")") }
                for sub in view.subviews where session.store.lookUp(sub)?.isRemoved != true {
                    fail(sub, "is alive inside removed \(id)")
                }
                continue
            }
            if let parentID = view.superview {
                guard let parent = session.store.lookUp(parentID) else { fail(id, "superview \(parentID) does not exist"); continue }
                let count = subviewCount[id, default: 0]
                if view.isDetached {
                    // Out of the host's subviews, in its Recycler: on no screen, held by nobody.
                    if count != 0 { fail(id, "is detached from \(parentID) but appears \(count) times in subviews") }
                    if !view.isHidden { fail(id, "is detached from \(parentID) but not hidden") }
                    if let holder = holders[id] { fail(id, "is detached from \(parentID) but held by \(holder)") }
                } else if count != 1 {
                    fail(id, "appears \(count) times in subviews (superview \(parentID))")
                }
                let keys = poolKeys[id] ?? []
                if keys.count != 1 {
                    fail(id, "is in \(keys.count) pools of \(parentID)")
                } else if let key = keys.first {
                    if key != view.poolKey { fail(id, "is in pool \(key) but records \(view.poolKey?.description ?? "none")") }
                    // A held view was keyed in the last pass; a waiting one keeps the
                    // key it had (registrations and declarations may have changed since).
                    if holders[id] != nil, !session.definitionsPending, let attached = view.attached, let component = view.ownerComponent {
                        let expected = parent.list == nil
                            ? keying(inRow: holderRows[id]).key(component, attached, catalog: catalog)
                            : session.strategy.cells.key(component, attached, list: parent.ownerComponent ?? "", catalog: catalog)
                        if expected != key { fail(id, "is in pool \(key) but its configuration keys to \(expected?.description ?? "no pool")") }
                    }
                    if let viewClass = key.viewClass, viewClass != view.viewClass { fail(id, "is a \(view.viewClass) in a \(viewClass) pool") }
                }
                if visible[parentID.number - 1], !view.isDetached {
                    let isHeld = holders[id] != nil
                    if view.isHidden == isHeld {
                        fail(id, view.isHidden ? "is hidden but held by \(holders[id]?.description ?? "?")" : "is visible but no component holds it")
                    }
                }
            } else if id != .root {
                // Out of the hierarchy: alive only while it waits detached in the pool of its class.
                let waits = waitingDetached[id] ?? []
                if waits.count != 1 { fail(id, waits.isEmpty ? "has no superview" : "waits \(waits.count) times in detached pools") }
                if !view.subviews.isEmpty { fail(id, "is detached but holds subviews") }
                if holders[id] != nil { fail(id, "is detached but held by \(holders[id]?.description ?? "?")") }
                if poolKeys[id] != nil { fail(id, "is detached but in a pool of a parent") }
            }
            for sub in view.subviews where session.store.lookUp(sub)?.superview != id {
                fail(id, "lists \(sub) as a subview, but its superview is \(session.store.lookUp(sub)?.superview?.description ?? "none")")
            }
            for (key, pool) in view.pools {
                let members = Set(pool.views)
                if members.count != pool.views.count { fail(id, "pool \(key) holds a view twice") }
                if Set(pool.waiting).count != pool.waiting.count { fail(id, "pool \(key)'s waiting stack holds a view twice") }
                for cell in pool.waiting where session.store.lookUp(cell)?.isHidden != true || !members.contains(cell) {
                    fail(cell, "is on \(id)'s waiting stack but is visible or not in the pool")
                }
                if let index = pool.waitingByOwner {
                    // ReusePool.waitingByOwner: the stack's views by owner, in its order.
                    var expected: [ComponentPath: [ViewID]] = [:]
                    for cell in pool.waiting {
                        if let owner = session.store.lookUp(cell)?.owner { expected[owner, default: []].append(cell) }
                    }
                    if index != expected { fail(id, "pool \(key)'s owner index does not list its waiting stack") }
                }
            }
            if let list = view.list {
                let cells = list.cells.compactMap { $0 }
                if Set(cells).count != cells.count { fail(id, "shows one cell for two rows") }
                // What the strategy keeps by slot (RecyclerView's view cache):
                // this host's views, shown in no row, held by nobody.
                for cached in session.strategy.cachedCells(in: id) {
                    let cell = session.store.lookUp(cached.view)
                    if cell?.isRemoved != false || cell?.superview != id {
                        fail(cached.view, "is cached for \(cached.slot) of \(id) but is not \(id)'s")
                    } else if holders[cached.view] != nil || cells.contains(cached.view) {
                        fail(cached.view, "is cached for \(cached.slot) of \(id) but shows a row")
                    }
                }
            }
        }

        // The views counted alive are the views in the hierarchy, and the
        // views a list host's Recycler holds detached (with their subtrees).
        if removed != session.store.removedViews {
            fail(nil, "\(removed) views are marked removed but \(session.store.removedViews) were counted")
        }
        var reachable = 0
        var pending: [ViewID] = [.root]
        while let next = pending.popLast() {
            reachable += 1
            pending.append(contentsOf: session.store[next].subviews)
            if !session.store[next].pools.isEmpty { pending.append(contentsOf: session.store.detachedViews(of: next)) }
        }
        if reachable + detached != session.store.aliveCount {
            fail(nil, "\(session.store.aliveCount) views counted alive but \(reachable) are in the hierarchy"
                 + (detached > 0 ? " and \(detached) detached" : ""))
        }

        // Late results: nothing overdue (each pass delivers what is due as it
        // begins), in start order; sources line up with what views show.
        var lastLoad = 0
        for load in session.store.pendingLoads {
            if load.due <= log.currentPass { fail(load.view, "load #\(load.number) was due in pass \(load.due) but is still pending") }
            if load.number <= lastLoad { fail(load.view, "load #\(load.number) is pending out of start order") }
            lastLoad = load.number
        }
        for view in views where !view.isRemoved {
            var numbered: Set<Int32> = []
            view.table.forEach { entry in
                // Each property once, under the id the catalogue gives its name.
                if !numbered.insert(entry.id.index).inserted { fail(view.id, "\(entry.name) is in the property table twice") }
                if catalog.propertyID(entry.name) != entry.id {
                    fail(view.id, "\(entry.name) has property id \(entry.id.index), not the catalogue's")
                }
                guard let sources = entry.sources else { return }
                switch entry.value {
                case .entries(let entries):
                    if sources.count > entries.count { fail(view.id, "\(entry.name) has \(sources.count) sources for \(entries.count) entries") }
                case .value:
                    if sources.count != 1 { fail(view.id, "\(entry.name) has \(sources.count) sources for one value") }
                }
            }
            // What the view wrote stands in for each class default once at most.
            var stoodIn: Set<Int32> = []
            for entry in view.table.written where entry.defaultIndex >= 0 {
                if !stoodIn.insert(entry.defaultIndex).inserted {
                    fail(view.id, "class default \(entry.defaultIndex) is written twice in the property table")
                }
            }
        }

        // Attached configurations match what each instance asks for (once
        // redefinitions have taken effect). Under a strategy whose cells are
        // not told of a row's data change (``CellReuse/dataChange`` nil: a
        // diffable data source with id identifiers), the views of a list row
        // show the configuration their row was last configured with, by design.
        let rowsMayBeStale = session.strategy.cells.dataChange == nil
        for (view, node) in held where !session.definitionsPending {
            if rowsMayBeStale, Engine.row(containing: node.path) != nil { continue }
            guard let expected = configurationAsked(by: node) else { continue }
            let attached = session.store[view].attached
            if attached != expected {
                fail(view, "attached \(attached?.description ?? "nothing") but \(node.path) asks for \(expected)")
            }
        }

        // Each plain component's children have the paths a fresh mount gives
        // them (a pass walks the last tree again in place, keeping paths).
        if !session.definitionsPending {
            func checkChildren(_ nodes: [MountedNode], of names: [String], under path: ComponentPath) {
                let expected = Engine.childPaths(names, under: path)
                guard nodes.count == expected.count,
                      zip(nodes, expected).allSatisfy({ $0.path.isIdentical(to: $1) }) else {
                    fail(nil, "\(path.display.isEmpty ? "the root" : path.display) has children "
                         + "\(nodes.map(\.path.display)) where a mount gives \(expected.map(\.display))")
                    return
                }
            }
            checkChildren(session.mounted, of: session.rootComponents, under: .root)
            for node in instances where !node.isHidden {
                guard let children = catalog.mountable[node.name]?.children else { continue }
                checkChildren(node.children, of: children, under: node.path)
            }
        }
        return violations
    }
}
