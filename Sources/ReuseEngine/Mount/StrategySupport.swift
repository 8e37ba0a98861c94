/// Steps strategies build on: the ways a parent hands out views and what
/// happens to the views nobody took.
extension Engine {
    /// Theodolite and ComponentKit: the k-th request for a key in a pass gets
    /// the k-th view of that pool; a new view only when the pool runs out.
    public mutating func vendPositionally(_ key: ViewKey, from parent: ViewID, for instance: Instance, pass: inout MountPass) -> ViewID {
        let index = parent.number - 1
        if let pool = views[index].pools[key], pool.cursor < pool.views.count {
            let view = pool.views[pool.cursor]
            if pool.cursor == 0 { pass.cursorsMoved.append((parent, key)) }
            views[index].pools[key]?.cursor += 1
            take(view, key: key, in: parent, for: instance)
            return view
        }
        let view = createView(key: key, in: parent, instance: instance)
        let count = views[index].pools[key]?.views.count ?? 0
        if views[index].pools[key]?.cursor == 0 { pass.cursorsMoved.append((parent, key)) }
        views[index].pools[key]?.cursor = count
        return view
    }

    /// Theodolite 2019: the view this same instance had before, if it is in
    /// the pool and free; else the first free view; else a new one.
    public mutating func vendPreferringOwner(_ key: ViewKey, from parent: ViewID, for instance: Instance, pass: inout MountPass) -> ViewID {
        let pool = views[parent.number - 1].pools[key]?.views ?? []
        let free = pool.filter { !pass.takenViews.contains($0) }
        if let own = free.first(where: { views[$0.number - 1].owner == instance.path }) ?? free.first {
            take(own, key: key, in: parent, for: instance)
            return own
        }
        return createView(key: key, in: parent, instance: instance)
    }

    /// A view a planning strategy assigned ahead, else a new one.
    public mutating func vendPlanned(_ key: ViewKey, from parent: ViewID, for instance: Instance, pass: inout MountPass) -> ViewID {
        if let view = pass.planned[instance.path] {
            let current = views[view.number - 1].poolKey
            if current != key, let current { move(view, from: current, to: key, in: parent) }
            take(view, key: key, in: parent, for: instance)
            return view
        }
        return createView(key: key, in: parent, instance: instance)
    }

    /// Moves a view to another pool of the same parent (a view matched by
    /// type rather than by key).
    mutating func move(_ view: ViewID, from old: ViewKey, to new: ViewKey, in parent: ViewID) {
        let index = parent.number - 1
        views[index].pools[old]?.views.removeAll { $0 == view }
        if views[index].pools[old]?.views.isEmpty == true { views[index].pools[old] = nil }
        views[index].pools[new, default: ReusePool()].views.append(view)
        views[view.number - 1].poolKey = new
    }

    /// Hides every view of `parent` not taken in this pass; returns the ones
    /// that were visible. (Every pool view is a subview, so one walk over the
    /// subviews covers every pool; views already hidden cost one check.)
    @discardableResult
    public mutating func hideUntaken(in parent: ViewID, pass: MountPass) -> [ViewID] {
        var hidden: [ViewID] = []
        for view in views[parent.number - 1].subviews where !views[view.number - 1].isHidden {
            guard !pass.takenViews.contains(view) else { continue }
            hidden.append(view)
            hide(view, in: parent)
        }
        return hidden
    }

    /// Removes every view of `parent` not taken in this pass (DivKit's leftovers).
    public mutating func removeUntaken(in parent: ViewID, pass: MountPass, note: String) {
        for view in views[parent.number - 1].subviews where !pass.takenViews.contains(view) {
            remove(view, from: parent, note: note)
        }
    }

    /// Orders `parent`'s subviews as views were taken, the rest after.
    public mutating func orderSubviewsAsTaken(in parent: ViewID, pass: MountPass) {
        let index = parent.number - 1
        let taken = pass.taken[parent] ?? []
        let takenSet = Set(taken)
        let order = taken + views[index].subviews.filter { !takenSet.contains($0) }
        if order != views[index].subviews {
            views[index].subviews = order
            record(.reorder, view: parent) { $0.order = order }
        }
    }

    /// Takes a view out of the hierarchy for good: out of its parent's
    /// subviews and pool; its id is never reused.
    public mutating func remove(_ view: ViewID, from parent: ViewID, note: String) {
        let index = view.number - 1
        guard !views[index].isRemoved else { return }
        let key = views[index].poolKey
        recordLeaving(.remove, view: view, parent: parent, note: note)
        views[parent.number - 1].subviews.removeAll { $0 == view }
        if let key {
            views[parent.number - 1].pools[key]?.views.removeAll { $0 == view }
            views[parent.number - 1].pools[key]?.recycled.removeAll { $0 == view }
        }
        views[index].isRemoved = true
        removedViews += 1
        views[index].isHidden = true
        views[index].superview = nil
    }

    /// The top hidden cell of `key`'s stack in a list host, taken.
    public mutating func dequeueRecycled(_ key: ViewKey, host: ViewID, for instance: Instance) -> ViewID? {
        guard let view = views[host.number - 1].pools[key]?.recycled.popLast() else { return nil }
        take(view, key: key, in: host, for: instance)
        return view
    }

    /// A cell whose row left: hidden, it goes on top of its pool's stack.
    public mutating func recycle(_ cell: ViewID, in host: ViewID) {
        hide(cell, in: host)
        if let key = views[cell.number - 1].poolKey {
            views[host.number - 1].pools[key]?.recycled.append(cell)
        }
    }

    /// Valdi's attribute reset: every property back to the class default.
    public mutating func resetProperties(of view: ViewID, note: String) {
        let index = view.number - 1
        guard let viewClass = catalog.viewClasses[views[index].viewClass] else { return }
        views[index].properties = viewClass.defaults
        views[index].setBy = [:]
        views[index].attached = nil
        record(.reset, view: view) { $0.note = note }
    }

    /// Theodolite's application: skip a configuration equal to the attached
    /// one; otherwise unapply every old attribute that has an unapplicator,
    /// apply every new one, and attach.
    public mutating func applyChanged(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance) {
        if let old = self.view(view).attached {
            if old == configuration {
                record(.skip, view: view, instance: instance)
                return
            }
            for attribute in old.attributes where catalog.attributes[attribute.name]?.hasUnapplicator == true {
                unapply(attribute, on: view, instance: instance)
            }
        }
        applyAll(configuration, on: view, instance: instance)
    }

    /// Marks a view so the next configure applies everything.
    public mutating func markForRebind(_ view: ViewID) { views[view.number - 1].mustRebind = true }

    /// Consumes the rebind mark.
    public mutating func takeRebindMark(_ view: ViewID) -> Bool {
        let marked = views[view.number - 1].mustRebind
        views[view.number - 1].mustRebind = false
        return marked
    }

    /// Applies every attribute of `configuration`, whatever was there before
    /// (what a cell's configure or bind method does), and attaches it.
    public mutating func applyAll(_ configuration: ViewConfiguration, on view: ViewID, instance: Instance) {
        for attribute in configuration.attributes { apply(attribute, on: view, instance: instance) }
        attach(configuration, to: view)
    }

    /// Records a strategy's own event.
    public mutating func note(_ kind: ReuseEvent.Kind, view: ViewID, instance: Instance?, times: Int = 1, _ text: String? = nil) {
        record(kind, view: view, instance: instance) { event in
            event.multiplicity = times
            event.note = text
        }
    }
}

extension Engine {
    /// The kind of the last event recorded (strategies follow up on it).
    public var lastEventKind: ReuseEvent.Kind? { log.lastKind }

    // MARK: View cache by position (RecyclerView)

    public func cachedCells(in host: ViewID) -> [CachedCell] { view(host).list?.cached ?? [] }

    mutating func cache(_ cell: ViewID, row: Int, in host: ViewID) {
        views[host.number - 1].list?.cached.append(CachedCell(row: row, view: cell))
    }

    mutating func uncache(_ cell: ViewID, in host: ViewID) {
        views[host.number - 1].list?.cached.removeAll { $0.view == cell }
    }

    public func scrappedCells(in host: ViewID) -> [CachedCell] { view(host).list?.scrap ?? [] }

    mutating func scrap(_ cell: ViewID, row: Int, in host: ViewID) {
        views[host.number - 1].list?.scrap.append(CachedCell(row: row, view: cell))
    }

    mutating func unscrap(_ cell: ViewID, in host: ViewID) {
        views[host.number - 1].list?.scrap.removeAll { $0.view == cell }
    }

    func recycledCount(_ key: ViewKey, in host: ViewID) -> Int {
        view(host).pools[key]?.recycled.count ?? 0
    }

    mutating func pushRecycled(_ cell: ViewID, key: ViewKey, in host: ViewID) {
        views[host.number - 1].pools[key]?.recycled.append(cell)
    }
}
