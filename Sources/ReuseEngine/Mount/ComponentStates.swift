extension Engine {
    // MARK: Component state

    /// Sets UI state owned by the component at `path` (`state PATH NAME
    /// VALUE [saveable]`), where the strategy keeps it (``StateHome``):
    /// on the instance's view, or with its item. A pass of its own that
    /// mounts nothing (late results due land first, as in any pass).
    @discardableResult
    public mutating func setState(_ path: ComponentPath, name: String, value: String, saveable: Bool = false,
                                  trigger: String) throws(EngineError) -> PassSummary {
        try journaled(.state(path, name: name, value: value, saveable: saveable)) { engine throws(EngineError) in
            try engine.putState(path, name: name, value: value, saveable: saveable, trigger: trigger)
        }
    }

    /// The step `state` journals and replays.
    mutating func putState(_ path: ComponentPath, name: String, value: String, saveable: Bool,
                           trigger: String) throws(EngineError) -> PassSummary {
        let node = try resolve(path)
        if node.isHidden { throw .noSuchPath(node.path, suggestion: nil) }
        let entry = StateValue(value: value, saveable: saveable, origin: itemPath(of: node.path))
        let instance = Instance(component: node.name, path: node.path)
        switch session.strategy.stateHome {
        case .item, .node:
            try checkRootsMountable()
            beginPass(trigger)
            session.tracksState = true
            session.itemState[node.path, default: ComponentState()].values[name] = entry
            _ = session.store.record(node.view ?? .root, for: instance, .state(.set(name, value: value, saveable: saveable)))
        case .view, .slot:
            guard let view = node.view else { throw .noViewForState(node.path, strategy: session.strategy.name) }
            try checkRootsMountable()
            beginPass(trigger)
            session.tracksState = true
            session.store.setState(name, entry, on: view)
            _ = session.store.record(view, for: instance, .state(.set(name, value: value, saveable: saveable)))
        }
        return session.store.log.lastSummary
    }

    /// The UI state the instance at `path` shows now: its view's, or its
    /// item's, as the strategy keeps it (empty when it has none).
    public func state(at path: ComponentPath) throws(EngineError) -> ComponentState {
        let node = try resolve(path)
        return shownState(of: node)
    }

    /// ``state(at:)`` for a mounted node.
    func shownState(of node: MountedNode) -> ComponentState {
        switch session.strategy.stateHome {
        case .item, .node: session.itemState[node.path] ?? ComponentState()
        case .view, .slot: node.view.flatMap { session.store[$0].state } ?? ComponentState()
        }
    }

    /// The state a view shows, as `config` lists it: its own (kept on the
    /// view), or its holder's item's (kept with the item); each value with
    /// whether it came from another item than the one the view shows.
    public func stateShown(by view: ViewID) -> [(name: String, value: StateValue, fromAnotherItem: Bool)] {
        let target = session.store[view]
        let state: ComponentState? = switch session.strategy.stateHome {
        case .item, .node: target.owner.flatMap { session.itemState[$0] }
        case .view, .slot: target.state
        }
        guard let state, !state.isEmpty else { return [] }
        let here = target.owner.map { itemPath(of: $0) }
        return state.values.map { name, value in
            (name, value, here.map { value.origin.items != $0.items } ?? false)
        }
    }

    /// Every state value shown by an instance whose item did not set it:
    /// state that travelled with a reused view, or stayed with a position
    /// whose item changed. In instance order.
    public func stateLeaks() -> [StateLeak] {
        var leaks: [StateLeak] = []
        for node in instances where !node.isHidden {
            let state = shownState(of: node)
            guard !state.isEmpty else { continue }
            let here = itemPath(of: node.path)
            for (name, value) in state.values where value.origin.items != here.items {
                leaks.append(StateLeak(path: node.path, view: node.view, name: name, value: value, shownFor: here))
            }
        }
        return leaks
    }

    /// What a vend does to state (asked only while state is in play): a
    /// view that shows another item resets what `on item` declarations
    /// reset; a lazy slot activated again, for its own key too, gets its
    /// saved state back (Compose's rememberSaveable).
    @inline(never)
    mutating func stateAfterVend(_ vended: Vended, for instance: Instance, host: ViewID) {
        if !vended.acquisition.keptOwner { resetStateForNewItem(on: vended.view, for: instance) }
        if session.strategy.stateHome == .slot, vended.acquisition.activates {
            restoreState(on: vended.view, for: instance, host: host)
        }
    }

    /// `prepare NAME resets-state NAME on item` (FlashList's
    /// `useRecyclingState`): the state values of `view` that the owner's
    /// declaration resets when the view shows another item, reset when it
    /// does. Asked after a view is handed to `instance`; most views hold
    /// no state, and the check ends there.
    @inline(__always)
    mutating func resetStateForNewItem(on view: ViewID, for instance: Instance) {
        guard session.store[view].stateBox != nil else { return }
        resetStateForNewItemFully(on: view, for: instance)
    }

    @inline(never)
    private mutating func resetStateForNewItemFully(on view: ViewID, for instance: Instance) {
        guard let preparation = catalog.preparations[instance.component], preparation.resetsStateOnItem,
              let state = session.store[view].state else { return }
        let here = itemPath(of: instance.path)
        for name in preparation.resetsState {
            guard let value = state.values[name], value.origin.items != here.items else { continue }
            session.store.removeState(name, from: view)
            _ = session.store.record(view, for: instance, .state(.reset(name, value: value.value, onItem: true)))
        }
    }

    /// The node of the instance at `path` (a list row) and of everything in
    /// it was made anew (``StateHome/node``: Texture's reload): the state
    /// kept with them is forgotten.
    mutating func forgetNodeState(under path: ComponentPath, view: ViewID?) {
        guard session.strategy.stateHome == .node, !session.itemState.isEmpty else { return }
        for (owner, state) in session.itemState.inOrder(under: path) {
            session.itemState[owner] = nil
            for (name, value) in state.values {
                _ = session.store.record(view ?? .root, for: Instance(component: "", path: owner),
                                         .state(.forgotten(name, value: value.value)))
            }
        }
    }

    /// A slot deactivated (``StateHome/slot``, Compose's `remember`): the
    /// state of its views is forgotten; saveable values are saved under
    /// the slot's key first.
    mutating func deactivateState(of cell: ViewID, slot: Slot, host: ViewID) {
        for view in session.store.subtree(of: cell) {
            guard let state = session.store[view].state else { continue }
            let owner = session.store[view].owner
            var saved = ComponentState()
            for (name, value) in state.values {
                if value.saveable { saved.values[name] = value }
                session.store.removeState(name, from: view)
                _ = session.store.record(view, for: owner.map { Instance(component: session.store[view].ownerComponent ?? "", path: $0) },
                                         .state(.dropped(name, value: value.value, saved: value.saveable)))
            }
            if !saved.isEmpty, let owner, let key = slotKey(of: owner, host: host) { session.savedState[key] = saved }
        }
    }

    /// A slot activated for `instance` on `cell` (``StateHome/slot``): the
    /// values saved under its key come back (`rememberSaveable`).
    mutating func restoreState(on cell: ViewID, for instance: Instance, host: ViewID) {
        guard !session.savedState.isEmpty, let key = slotKey(of: instance.path, host: host),
              let saved = session.savedState.removeValue(forKey: key) else { return }
        for (name, value) in saved.values {
            session.store.setState(name, value, on: cell)
            _ = session.store.record(cell, for: instance, .state(.restored(name, value: value.value)))
        }
    }

    /// The key of the lazy-list slot a list row's instance is in: its item
    /// id under `key id`, its row under `key index`.
    /// (`host`: the list's view. Asked during a pass, when the mounted
    /// tree is being walked and cannot be searched.)
    func slotKey(of path: ComponentPath, host: ViewID) -> SlotKey? {
        guard let (list, row) = Engine.row(containing: path) else { return nil }
        return SlotKey(list: list, key: itemKey(ofRow: row, at: path, host: host))
    }
}

/// A state value shown by an instance whose item did not set it.
public struct StateLeak: Sendable, Equatable, CustomStringConvertible {
    public var path: ComponentPath
    public var view: ViewID?
    public var name: String
    public var value: StateValue
    /// The item the instance shows now.
    public var shownFor: ItemPath

    /// `v7 Feed/4: state liked = true came from Feed/3 (item 3)`
    public var description: String {
        (view.map { "\($0) " } ?? "") + "\(shownFor): state \(name) = \(value.value) came from \(value.origin)"
    }
}

extension ViewStore {
    /// Sets one state value on `view` (a new box: views are shared with checkpoints).
    mutating func setState(_ name: String, _ value: StateValue, on view: ViewID) {
        var state = self[view].state ?? ComponentState()
        state.values[name] = value
        views[view.number - 1].stateBox = StateBox(state)
    }

    /// Removes one state value from `view`.
    mutating func removeState(_ name: String, from view: ViewID) {
        guard var state = self[view].state, state.values[name] != nil else { return }
        state.values.removeValue(forKey: name)
        views[view.number - 1].stateBox = state.isEmpty ? nil : StateBox(state)
    }
}
