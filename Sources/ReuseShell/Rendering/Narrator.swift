import ReuseEngine

/// Turns events into one plain sentence each, for `explain on`.
struct Narrator {
    let engine: Engine

    func holder(_ event: ReuseEvent) -> String {
        event.path?.display ?? event.component ?? "a component"
    }

    func pool(_ parent: ViewID?, _ key: ViewKey?) -> String {
        guard let parent else { return "its pool" }
        return "\(parent)'s pool \(key?.description ?? "")"
    }

    func sentence(for event: ReuseEvent) -> String {
        let view = event.view
        let note = EventReport.note(for: event.step)
        switch event.step {
        case .create(let parent, let key):
            return "\(view): \(holder(event)) needs a \(engine.views.lookUp(view)?.viewClass ?? key.viewClass ?? "view") and no view is free in \(pool(parent, key)), so a new one is created."
        case .reuse(let parent, let key, let previous):
            if let previous, previous == event.path {
                return "\(view): \(holder(event)) takes back its own view from \(pool(parent, key))."
            }
            let hosting = engine.views.lookUp(parent)?.list != nil
            let how = hosting ? "takes the top waiting cell of" : "takes the next view of"
            let before = previous.map { "; it last showed \($0.display)" } ?? ""
            return "\(view): \(holder(event)) \(how) \(pool(parent, key))\(before)."
        case .unhide:
            return "\(view): it waited hidden in the pool, so it is shown again."
        case .hide(let parent, let key):
            if engine.views.lookUp(parent)?.list != nil {
                let row = event.path?.display ?? "its row"
                // reloadData, reloadRows, notifyDataSetChanged: the row stays, its cell goes.
                if engine.log.summary(ofPass: event.pass)?.trigger.hasPrefix("reload") == true {
                    return "\(view): \(row)'s data was reloaded, so its cell goes back to \(pool(parent, key)) and the row gets a cell again."
                }
                return "\(view): \(row) left the window, so its cell is hidden and goes back to \(pool(parent, key))."
            }
            let before = event.path.map { " (last held by \($0.display))" } ?? ""
            return "\(view): no component took it in this pass, so it is hidden and waits in \(pool(parent, key))\(before)."
        case .detach(let parent, let key) where key?.qualifier == .viewType:
            let row = event.path?.display ?? "its row"
            return "\(view): \(row) left the window, so its view is detached from \(parent) (removeViewAt) and goes to the Recycler: its view cache, or the pool."
        case .reattach(let parent):
            return "\(view): the Recycler held it detached, so it is added back to \(parent)'s subviews."
        case .apply(let attribute):
            return "\(view): apply \(attribute.name) = \(attribute.value) for \(holder(event))."
        case .unapply(let attribute):
            return "\(view): unapply \(attribute.name) = \(attribute.value) first, because it has an unapplicator and the configuration changed."
        case .update(let attribute, let old):
            return "\(view): update \(attribute.name) from \(old) to \(attribute.value) with its updater."
        case .skip(let attribute?):
            return "\(view): \(attribute.name) is still \(attribute.value), so it is skipped."
        case .skip(nil):
            let attached = engine.views.lookUp(view)?.attached?.description ?? "it"
            return "\(view): \(holder(event)) asks for exactly the configuration attached (\(attached)), so nothing is applied."
        case .reorder(let order):
            return "\(view): its subviews are reordered to the order they were taken: \(order.map(\.description).joined(separator: ", "))."
        case .enterPool:
            return "\(view): didEnterReusePool, it is hidden and waits in its pool."
        case .leavePool:
            return "\(view): willLeaveReusePool, a hidden view is vended again."
        case .prepareForReuse:
            return "\(view): prepareForReuse runs on the dequeued cell before \(holder(event)) configures it."
        case .remove(let parent?, _, _):
            return "\(view): removed from \(parent) for good (\(note ?? "not needed"))."
        case .remove(nil, _, _):
            return "\(view): it waited detached; dropped for good (\(note ?? "not needed"))."
        case .detach(let parent, _):
            let before = event.path.map { " (last held by \($0.display))" } ?? ""
            return "\(view): its node went, so it leaves \(parent) and waits, detached, in the global pool of its class\(before)."
        case .insert(let parent, _):
            return "\(view): \(holder(event)) needs a view of its class: the one that waited longest in the global pool is added to \(parent)."
        case .cacheHit:
            return "\(view): \(note ?? "a cached view comes back"); nothing is bound again."
        case .cache:
            return "\(view): \(note ?? "kept in the view cache")."
        case .reconfigure:
            return "\(view): \(holder(event))'s block equals the one the view shows, but DivKit configures it anyway."
        case .reparent(let from, let to):
            return "\(view): it leaves \(from) for \(to), which takes it from the shared pool."
        case .render:
            if event.step.multiplicity > 1 { return "\(view): \(note ?? "render")." }
            return "\(view): \(note ?? "render"): the component's render function runs."
        case .layout:
            if event.step.multiplicity > 1 { return "\(view): \(note ?? "layout")." }
            return "\(view): \(note ?? "layout"): the component tree is laid out."
        case .attach:
            return "\(view): \(note ?? "attach"), already rendered and laid out."
        case .reset(.dropped(let attribute)):
            return "\(view): \(attribute.name) is reset to its default: the new render no longer sets it."
        case .reset(.prepared(let name, let hook)):
            return "\(view): \(hook.rawValue) resets \(name) to its default, as 'prepare \(event.component ?? "")' says."
        case .recycle:
            return "\(view): onViewRecycled, the holder goes to the RecycledViewPool."
        case .loadStart(let load):
            if load.checksItem {
                return "\(view): \(holder(event)) starts loading \(load.attribute); in pass \(load.due) the result lands on \(view) if it still shows \(holder(event)), and is dropped otherwise."
            }
            return "\(view): \(holder(event)) starts loading \(load.attribute); the result will land on \(view) in pass \(load.due), whatever it shows by then."
        case .deliver(let load, let shows?):
            return "\(view): the load for \(load.path.display) lands on \(view), which shows \(shows.display) now: \(load.attribute) on the wrong row."
        case .deliver(let load, nil):
            return "\(view): the load for \(load.path.display) lands: \(load.attribute)."
        case .cancel(let load, let hook):
            return "\(view): \(hook.rawValue) cancels the load for \(load.path.display) (\(load.attribute))."
        case .discard(let load, .anotherItem(let shows)):
            return "\(view): the load for \(load.path.display) completes, but the view shows \(shows?.display ?? "another item") now: the result is dropped."
        case .discard(let load, .viewRemoved):
            return "\(view): the load for \(load.path.display) completes, but the view is gone: the result is dropped."
        case .reset:
            return "\(view): \(note ?? "attribute reset"): every property back to its default."
        case .move(let from):
            return "\(view): its item moved from row \(from), and the cell goes with it to \(holder(event)); nothing is configured."
        case .state(.set(let name, let value, _)):
            return "\(view): \(holder(event)) sets its state \(name) to \(value)."
        case .state(.reset(let name, _, true)):
            return "\(view): it shows another item now, so \(name) is reset, as 'prepare \(event.component ?? "") resets-state \(name) on item' says."
        case .state(.reset(let name, _, false)):
            return "\(view): the reuse hook resets the state \(name), as 'prepare \(event.component ?? "")' says."
        case .state(.dropped(let name, let value, let saved)):
            return "\(view): its slot is deactivated, so \(name) = \(value) is forgotten" + (saved ? "; being saveable, it is saved under the slot's key." : ".")
        case .state(.restored(let name, let value)):
            return "\(view): \(holder(event))'s key was saved, so \(name) = \(value) comes back."
        case .state(.forgotten(let name, let value)):
            return "\(view): \(name) = \(value) is forgotten with its node."
        }
    }
}
