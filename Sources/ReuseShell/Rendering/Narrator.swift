import ReuseEngine

/// Turns events into one plain sentence each, for `explain on`.
struct Narrator {
    let engine: Engine

    func holder(_ event: ReuseEvent) -> String {
        event.displayPath ?? event.path?.description ?? event.component ?? "a component"
    }

    func pool(_ event: ReuseEvent) -> String {
        guard let parent = event.parent else { return "its pool" }
        return "\(parent)'s pool \(event.key?.description ?? "")"
    }

    func sentence(for event: ReuseEvent) -> String {
        let view = event.view
        switch event.kind {
        case .create:
            return "\(view): \(holder(event)) needs a \(event.key?.viewClass ?? "view") and no view is free in \(pool(event)), so a new one is created."
        case .reuse:
            if let previous = event.previousOwner, previous == event.path {
                return "\(view): \(holder(event)) takes back its own view from \(pool(event))."
            }
            let hosting = event.parent.map { engine.lookUp($0)?.list != nil } ?? false
            let how = hosting ? "takes the top waiting cell of" : "takes the next view of"
            let before = event.previousOwner.map { "; it last showed \($0)" } ?? ""
            return "\(view): \(holder(event)) \(how) \(pool(event))\(before)."
        case .unhide:
            return "\(view): it waited hidden in the pool, so it is shown again."
        case .hide:
            if let parent = event.parent, engine.lookUp(parent)?.list != nil {
                let row = event.displayPath ?? event.path?.description ?? "its row"
                return "\(view): \(row) left the window, so its cell is hidden and goes back to \(pool(event))."
            }
            let before = (event.displayPath ?? event.path?.description).map { " (last held by \($0))" } ?? ""
            return "\(view): no component took it in this pass, so it is hidden and waits in \(pool(event))\(before)."
        case .apply:
            return "\(view): apply \(event.attribute ?? "?") = \(event.value?.description ?? "?") for \(holder(event))."
        case .unapply:
            return "\(view): unapply \(event.attribute ?? "?") = \(event.value?.description ?? "?") first, because it has an unapplicator and the configuration changed."
        case .update:
            return "\(view): update \(event.attribute ?? "?") from \(event.oldValue?.description ?? "?") to \(event.value?.description ?? "?") with its updater."
        case .skip:
            if let attribute = event.attribute {
                return "\(view): \(attribute) is still \(event.value?.description ?? "the same"), so it is skipped."
            }
            let attached = engine.lookUp(view)?.attached?.description ?? "it"
            return "\(view): \(holder(event)) asks for exactly the configuration attached (\(attached)), so nothing is applied."
        case .reorder:
            let order = event.order?.map(\.description).joined(separator: ", ") ?? ""
            return "\(view): its subviews are reordered to the order they were taken: \(order)."
        case .enterPool:
            return "\(view): didEnterReusePool, it is hidden and waits in its pool."
        case .leavePool:
            return "\(view): willLeaveReusePool, a hidden view is vended again."
        case .prepareForReuse:
            return "\(view): prepareForReuse runs on the dequeued cell before \(holder(event)) configures it."
        case .remove:
            return "\(view): removed from \(event.parent?.description ?? "its parent") for good (\(event.note ?? "not needed"))."
        case .cacheHit:
            return "\(view): \(event.note ?? "a cached view comes back"); nothing is bound again."
        case .cache:
            return "\(view): \(event.note ?? "kept in the view cache")."
        case .render:
            return "\(view): \(event.note ?? "render")" + (event.multiplicity > 1 ? "." : ": the component's render function runs.")
        case .layout:
            return "\(view): \(event.note ?? "layout")" + (event.multiplicity > 1 ? "." : ": the component tree is laid out.")
        case .attach:
            return "\(view): \(event.note ?? "attach"), already rendered and laid out."
        case .reset:
            return "\(view): \(event.note ?? "attribute reset"): every property back to its default."
        }
    }
}
