import ReuseEngine

/// Hands a parent's views out by owner first: a view goes back to the
/// instance that held it last when it is still free, so a view does not move
/// to another instance because one before it was hidden (Theodolite's
/// positional vend would shift every later one). Otherwise the newest free
/// view of the key (the one that joined its pool last), otherwise a new
/// view. At the end of the pass, views nobody took are hidden, and the
/// subviews follow the order the views were taken in.
public struct LastOwnerVend: ParentReuse {
    public init() {}
    public var plansChildren: Bool { false }
    public func plan(_ blocks: [PlannedBlock], into parent: ViewID,
                     store: inout ViewStore, pass: MountPass) {}

    public func vend(_ key: ViewKey, viewClass: String, from parent: ViewID,
                     for instance: Instance, store: inout ViewStore,
                     pass: MountPass) -> Vended {
        let free = (store.pool(key, in: parent)?.views ?? []).filter { !pass.wasTaken($0) }
        if let view = free.first(where: { store[$0].owner == instance.path }) ?? free.last {
            let taken = store.take(view, key: key, in: parent, for: instance)
            return Vended(view: view, acquisition: .taken(taken))
        }
        let view = store.createView(viewClass, key: key, in: parent, for: instance)
        return Vended(view: view, acquisition: .created)
    }

    public func settle(_ visited: [ViewID], store: inout ViewStore, pass: MountPass) {
        for parent in visited where store.hasSubviews(parent) {
            store.hideUntaken(in: parent, pass: pass)
            store.order(parent, first: pass.views(takenFrom: parent))
        }
    }
}
