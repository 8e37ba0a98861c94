import ReuseEngine

/// One event as `log` shows it, built once and rendered as a text line or as
/// JSON, so the two always agree (the path is the one users see, `Card[0]`).
struct EventReport {
    let event: ReuseEvent
    /// The kind column's width: 9 fits every kind but the longest
    /// (`prepareForReuse`, `reconfigure`); ``lines(_:)`` widens it to the
    /// longest kind listed, so a listing's columns stay in line.
    var kindWidth = 9

    init(event: ReuseEvent, kindWidth: Int = 9) {
        self.event = event
        self.kindWidth = kindWidth
    }

    /// Events as a listing: one line each, the kind column as wide as the
    /// longest kind among them.
    static func lines(_ events: some Sequence<ReuseEvent>) -> [String] {
        let events = Array(events)
        let width = max(9, events.map(\.kind.rawValue.count).max() ?? 0)
        return events.map { EventReport(event: $0, kindWidth: width).line }
    }

    /// The path users see, or nothing for steps without an instance.
    var path: String? { event.path?.display }

    /// A strategy's own step in words (`didEnterReusePool`, `kept in the view cache for row 3`).
    var note: String? { EventReport.note(for: event.step) }

    static func note(for step: ReuseEvent.Step) -> String? {
        switch step {
        case .enterPool: return "didEnterReusePool"
        case .leavePool: return "willLeaveReusePool"
        case .prepareForReuse: return "prepareForReuse"
        case .remove(_, _, .leftover): return "leftover: no block matched it"
        case .remove(_, _, .innerViewReplaced(let viewClass)): return "its element path matched, but it cannot show the block: the wrapper gets a new \(viewClass)"
        case .remove(_, _, .contentViewReplaced(let viewClass)): return "the dequeued cell's content cannot show the block: a new \(viewClass) content view"
        case .reconfigure: return "configureBlockView with an equal block: every property set again to the block's value"
        case .remove(_, _, .poolFull(let viewType, let capacity)): return "the pool for view type \(viewType) is full (\(capacity))"
        case .remove(_, _, .strategySwitched(let old, let new)): return "strategy \(old) -> \(new): the tree starts afresh"
        case .remove(_, _, .slotDisposed(let keep)): return "a kept slot past \(keep) of its content type: disposed"
        case .remove(_, _, .slotRecomposed(let component)): return "its slot is reused for \(component): new views"
        case .remove(_, _, .itemTypeChanged(let component)): return "its render key's item is now of type \(component): the old component is unmounted, a new one mounted"
        case .remove(_, _, .componentPoolFull(let component, let capacity)): return "the pool for component type \(component) is full (\(capacity)): the content is dropped"
        case .remove(_, _, .nodeGone): return "its node went: a node's view lives exactly as long as its node"
        case .remove(_, _, .notPooled): return "not pooled: a host (hosts are not pooled by default) or a type whose pool size is 0"
        case .remove(_, _, .recyclerUnmounted): return "its list's RecyclerView was unmounted with the row showing it: the adapter set to null recycles every shell and clears the list's pool"
        case .remove(_, _, .hostReleased): return "a list's host whose node went: host views never enter the pool, it goes with its cells"
        case .cacheHit(let slot, .scrap): return "\(slot) gets back its scrapped view, still bound"
        case .cacheHit(let slot, .cache): return "\(slot) gets back its cached view, still bound"
        case .cache(.kept(let slot)): return "kept in the view cache for \(slot)"
        case .cache(.prefetched(let slot)): return "prefetched for \(slot): bound ahead of the scroll, kept in the view cache"
        case .cache(.evicted(let viewType)): return "evicted from the cache into the pool for view type \(viewType)"
        case .cache(.wrongType(let slot, let viewType)): return "cached for \(slot), but that slot shows another view type now: into the pool for view type \(viewType)"
        case .reparent(let from, let to): return "moved from \(from) to \(to): the pool is shared"
        // Valdi's detach (a RecyclerView holder's is keyed by view type, and told in its line).
        case .detach(let parent, let key) where key?.qualifier != .viewType:
            return "its node went: removed from \(parent), it waits detached in the pool of its class"
        case .insert(let parent, _): return "from the pool of its class, added to \(parent)'s subviews"
        case .render(.slot(let slot)): return "render \(slot)"
        case .render(.everyItem(let count)): return "pre-create one component per item: \(count) renders"
        case .layout(.slot(let slot)): return "layout \(slot)"
        case .layout(.everyItem(let count)): return "lay out every item once: \(count) layouts"
        case .attach(let slot): return "attach the pre-created component of \(slot)"
        case .reset(.blockSetsWholeView): return "the block sets the whole view: every property back to its default first"
        case .reset(.detached): return "the item's root view detached; attribute reset before it enters the pool"
        case .reset(.enteringPool): return "its node went: attributes reset before it enters the pool of its class"
        case .reset(.dropped(let attribute)): return "\(attribute.name) reset: the new render no longer sets it (was \(attribute.value))"
        case .reset(.prepared(let name, let hook)): return "\(hook.rawValue) resets \(name)"
        case .recycle: return "onViewRecycled"
        case .loadStart(let load): return "load #\(load.number) \(load.attribute), arrives in pass \(load.due)" + (load.checksItem ? ", checked" : "")
        case .deliver(let load, let shows):
            return "load #\(load.number) \(load.attribute) from pass \(load.started)" + (shows.map { ", but \(load.view) shows \($0.display) now" } ?? "")
        case .cancel(let load, let hook): return "load #\(load.number) \(load.attribute) cancelled by \(hook.rawValue)"
        case .discard(let load, .anotherItem(let shows)):
            return "load #\(load.number) \(load.attribute) dropped: \(load.view) shows \(shows?.display ?? "another item") now"
        case .discard(let load, .viewRemoved): return "load #\(load.number) \(load.attribute) dropped: \(load.view) is gone"
        case .move(let from): return "followed its item from row \(from)"
        case .state(.set(let name, let value, let saveable)): return "state \(name) = \(value)" + (saveable ? " (saveable)" : "")
        case .state(.reset(let name, let value, let onItem)):
            return "state \(name) reset (was \(value))" + (onItem ? ": the view shows another item" : "")
        case .state(.dropped(let name, let value, let saved)):
            return "state \(name) = \(value) forgotten: its slot was deactivated" + (saved ? "; saved by key" : "")
        case .state(.restored(let name, let value)): return "state \(name) = \(value) restored by key"
        case .state(.forgotten(let name, let value)): return "state \(name) = \(value) forgotten"
        case .create, .reuse, .unhide, .hide, .detach, .reattach, .apply, .unapply, .update, .skip, .reorder: return nil
        }
    }

    /// `#12   pass 3   reuse     v4    Card[1]  from v1 (Card, UIView, [cornerRadius])  was Card[2]`
    var line: String {
        // Columns for the numbers of a short session; a wider number (a
        // long session's `#600081`, `pass 100001`) still gets its space.
        func column(_ text: String, _ width: Int) -> String { text.displayWidth < width ? text.padding(width) : text + " " }
        var line = column("#\(event.seq)", 6) + column("pass \(event.pass)", 9) + event.kind.rawValue.padding(kindWidth) + " "
            + column(event.view.description, 6)
        var detail: [String] = []
        if let path { detail.append(path) }
        switch event.step {
        case .create(let parent, let key):
            detail.append("from \(parent) \(key)")
        case .reuse(let parent, let key, let previous):
            detail.append("from \(parent) \(key)")
            if let previous { detail.append("was \(previous.display)") }
        case .hide(let parent, let key):
            if let key { detail.append("into \(parent) \(key)") }
        case .detach(let parent, let key) where key?.qualifier == .viewType:
            detail.append("out of \(parent)'s subviews, to its Recycler" + (key.map { " \($0)" } ?? ""))
        case .detach(let parent, _):
            detail.append("out of \(parent)'s subviews")
        case .reattach(let parent):
            detail.append("back into \(parent)'s subviews")
        case .apply(let attribute), .unapply(let attribute):
            detail.append("\(attribute.name): \(attribute.value)")
        case .update(let attribute, let old):
            detail.append("\(attribute.name): \(old) -> \(attribute.value)")
        case .reorder(let order):
            detail.append("order " + order.map(\.description).joined(separator: " "))
        case .skip(let attribute):
            if let attribute { detail.append("\(attribute.name): \(attribute.value) unchanged") }
        case .unhide:
            break
        default:
            if let note { detail.append(event.step.multiplicity > 1 ? "×\(event.step.multiplicity) \(note)" : note) }
        }
        line += detail.joined(separator: "  ")
        return line.trimmingTrailingSpaces()
    }

    /// The event as JSON (an `event` of Schemas/common.schema.json): `seq`,
    /// `pass`, `kind` and `view` always, the other keys when the step has them.
    var json: JSON {
        var pairs: [(String, JSON)] = [
            ("seq", .int(event.seq)), ("pass", .int(event.pass)), ("kind", .string(event.kind.rawValue)),
            ("view", .view(event.view)),
        ]
        if let component = event.component { pairs.append(("component", .string(component))) }
        if let path = event.path { pairs.append(("path", .path(path))) }
        if let parent = event.step.parent { pairs.append(("parent", .view(parent))) }
        if let key = event.step.key { pairs.append(("key", keyJSON(key))) }
        if let attribute = event.step.attribute {
            pairs.append(("attribute", .string(attribute.name)))
            pairs.append(("value", valueJSON(attribute.value)))
        }
        if case .update(_, let old) = event.step { pairs.append(("oldValue", valueJSON(old))) }
        if case .reset(.prepared(let name, _)) = event.step { pairs.append(("attribute", .string(name))) }
        if case .reset(.dropped(let attribute)) = event.step { pairs.append(("attribute", .string(attribute.name))) }
        if case .reuse(_, _, let previous?) = event.step { pairs.append(("previousPath", .path(previous))) }
        if case .reorder(let order) = event.step { pairs.append(("order", .array(order.map(JSON.view)))) }
        switch event.step {
        case .loadStart(let load), .deliver(let load, _), .cancel(let load, _), .discard(let load, _):
            pairs += [("load", .int(load.number)), ("started", .int(load.started)), ("due", .int(load.due))]
            // The item the view shows when the result lands (or is dropped), when another.
            if case .deliver(_, let shows?) = event.step { pairs.append(("showsPath", .path(shows))) }
            if case .discard(_, .anotherItem(let shows?)) = event.step { pairs.append(("showsPath", .path(shows))) }
        default: break
        }
        if event.step.multiplicity != 1 { pairs.append(("count", .int(event.step.multiplicity))) }
        if let note { pairs.append(("note", .string(note))) }
        return .object(pairs)
    }
}
