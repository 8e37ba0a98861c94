/// What changed in the views between two states of one session (`diff`):
/// views created, removed, hidden, shown, taken by another owner, moved to
/// another parent or pool, properties whose value changed, and component
/// state: kept on the view (``StateHome/view``, ``StateHome/slot``), or,
/// compared from two engines, kept with items and put on the view their
/// instance holds (``StateHome/item``, ``StateHome/node``).
///
/// A net difference: a view hidden and taken again between the two states
/// shows only its new owner. Views are listed in id order, each change once.
public struct StateDiff: Sendable, Equatable {
    /// One change of one view.
    public enum Change: Sendable, Equatable {
        /// Created in between.
        case created
        /// Removed for good in between.
        case removed
        /// Visible before, hidden after.
        case hidden
        /// Hidden before, visible after.
        case shown
        /// Held by another instance (`nil`: none).
        case owner(from: ComponentPath?, to: ComponentPath?)
        /// Moved to another parent.
        case parent(from: ViewID?, to: ViewID?)
        /// Moved to another pool of its parent.
        case pool(from: ViewKey?, to: ViewKey?)
        /// A property's value changed; `sources` say who set the new one.
        case property(String, old: PropertyValue?, new: PropertyValue?, sources: [PropertySource?])
        /// A component state value the view shows changed (`nil`: not set):
        /// kept on the view, or with the item its holder shows; `origin`
        /// names the item that set the new one.
        case state(String, old: String?, new: String?, origin: ItemPath?)
    }

    /// The changes of one view.
    public struct ViewChanges: Sendable, Equatable {
        /// The view.
        public var view: ViewID
        /// Its class.
        public var viewClass: String
        /// Who holds it in the later state (for a removed view, who held it last).
        public var holder: ComponentPath?
        /// Its changes.
        public var changes: [Change]
    }

    /// The views that changed, in id order.
    public var views: [ViewChanges]

    /// The changes of one view, if it changed.
    public func changes(of view: ViewID) -> [Change] {
        views.first { $0.view == view }?.changes ?? []
    }

    /// Compares two states of one session (`old` earlier than `new`; view
    /// ids are never reused, so equal ids are the same view).
    ///
    /// Cost: the views of the later state.
    public init(from old: ViewStore, to new: ViewStore) {
        var result: [ViewChanges] = []
        for index in 1..<max(1, new.count) {
            let id = ViewID(index + 1)
            let after = new[id]
            let before = old.lookUp(id)
            var changes: [Change] = []
            if let before {
                if before.isRemoved { continue }
                if after.isRemoved {
                    changes.append(.removed)
                } else {
                    if before.isHidden != after.isHidden { changes.append(after.isHidden ? .hidden : .shown) }
                    if before.owner != after.owner { changes.append(.owner(from: before.owner, to: after.owner)) }
                    if before.superview != after.superview { changes.append(.parent(from: before.superview, to: after.superview)) }
                    if before.poolKey != after.poolKey { changes.append(.pool(from: before.poolKey, to: after.poolKey)) }
                    let (beforeProperties, afterProperties) = (before.properties, after.properties)
                    for (name, value) in afterProperties where beforeProperties[name] != value {
                        changes.append(.property(name, old: beforeProperties[name], new: value, sources: after.sources(of: name) ?? []))
                    }
                    for (name, value) in beforeProperties where afterProperties[name] == nil {
                        changes.append(.property(name, old: value, new: nil, sources: []))
                    }
                    // State kept on the view (most views hold none: nothing compared).
                    if before.stateBox !== after.stateBox {
                        let (old, new) = (before.state?.values ?? [:], after.state?.values ?? [:])
                        for (name, value) in new where old[name] != value {
                            changes.append(.state(name, old: old[name]?.value, new: value.value, origin: value.origin))
                        }
                        for (name, value) in old where new[name] == nil {
                            changes.append(.state(name, old: value.value, new: nil, origin: nil))
                        }
                    }
                }
            } else {
                changes.append(.created)
                if after.isRemoved { changes.append(.removed) }
            }
            if !changes.isEmpty {
                result.append(ViewChanges(view: id, viewClass: after.viewClass, holder: after.owner, changes: changes))
            }
        }
        views = result
    }
}

extension StateDiff {
    /// Compares two states of one session: their views (``init(from:to:)-(ViewStore,ViewStore)``)
    /// and the component state kept with items (``StateHome/item``,
    /// ``StateHome/node``), each change put on the view that the item's
    /// instance holds in the later state (or held last, in the earlier one).
    ///
    /// Cost: the views of the later state, plus the item states of both.
    public init(from old: Engine, to new: Engine) {
        self.init(from: old.views, to: new.views)
        let (before, after) = (old.session.itemState, new.session.itemState)
        guard !before.isEmpty || !after.isEmpty else { return }
        // Paths in the later state's order, then those only the earlier had.
        var paths = after.inOrder.map(\.key)
        paths += before.inOrder.map(\.key).filter { after[$0] == nil }
        var added: [(view: ViewID, holder: ComponentPath, change: Change)] = []
        for path in paths {
            let (was, now) = (before[path]?.values ?? [:], after[path]?.values ?? [:])
            guard was != now else { continue }
            let view = new.nodes(along: path).last.flatMap { $0.path == path ? $0.view : nil }
                ?? old.nodes(along: path).last.flatMap { $0.path == path ? $0.view : nil }
            guard let view else { continue }
            for (name, value) in now where was[name] != value {
                added.append((view, path, .state(name, old: was[name]?.value, new: value.value, origin: value.origin)))
            }
            for (name, value) in was where now[name] == nil {
                added.append((view, path, .state(name, old: value.value, new: nil, origin: nil)))
            }
        }
        guard !added.isEmpty else { return }
        for entry in added {
            if let index = views.firstIndex(where: { $0.view == entry.view }) {
                views[index].changes.append(entry.change)
            } else {
                let viewClass = new.views.lookUp(entry.view)?.viewClass ?? old.views.lookUp(entry.view)?.viewClass ?? "?"
                views.append(ViewChanges(view: entry.view, viewClass: viewClass, holder: entry.holder, changes: [entry.change]))
            }
        }
        // Views in id order, as the view diff lists them.
        views.sort { $0.view.number < $1.view.number }
    }
}
