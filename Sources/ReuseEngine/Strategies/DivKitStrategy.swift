/// DivKit (iOS): no pools; a container's current children are the only
/// candidates for its new blocks.
///
/// Pass 1: each block, in order, takes the first orphan that is its best
/// view: the same element path, or an equal block. Pass 2: each block still
/// unmatched takes the first orphan it can configure: the same view type.
/// Unmatched blocks get a new view; leftover orphans are removed, not hidden.
/// A changed block sets its whole view (reset, then every attribute).
/// Lists (galleries) reuse cells by `reuse_id` (default "DefaultReuseId"), so
/// different cell types share cells unless they set different ids.
public struct DivKitStrategy: ReuseStrategy {
    public static let defaultReuseID = "DefaultReuseId"

    public init() {}
    public var name: String { "divkit" }
    public var summary: String { "no pools: match current children, remove leftovers" }
    public var poolNote: String { "DivKit has no pools: a container's current children are its only candidates; views are grouped by view class here, list cells by reuse_id" }
    public var plansChildren: Bool { true }

    public func key(component: String, configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        ViewKey(component: nil, viewClass: configuration.viewClass, shape: nil)
    }

    public func cellKey(component: String, configuration: ViewConfiguration, list: String, in engine: Engine) -> ViewKey {
        let reuseID = configuration.value(of: "reuse_id")?.plain ?? DivKitStrategy.defaultReuseID
        return ViewKey(component: nil, viewClass: configuration.viewClass, shape: nil, qualifier: "reuse_id \(reuseID)")
    }

    public func plan(_ blocks: [PlannedBlock], into parent: ViewID, in engine: inout Engine, pass: inout MountPass) {
        var orphans = engine.view(parent).subviews.filter { !pass.takenViews.contains($0) && !engine.view($0).isRemoved }
        var unmatched: [PlannedBlock] = []
        // Pass 1: the best view, same element path or an equal block.
        for block in blocks {
            if let index = orphans.firstIndex(where: { orphan in
                let view = engine.view(orphan)
                return view.owner == block.instance.path
                    || (view.ownerComponent == block.instance.component && view.attached == block.configuration)
            }) {
                pass.planned[block.instance.path] = orphans.remove(at: index)
            } else {
                unmatched.append(block)
            }
        }
        // Pass 2: any view this block can configure, the same view type.
        for block in unmatched {
            if let index = orphans.firstIndex(where: { engine.view($0).viewClass == block.configuration.viewClass }) {
                pass.planned[block.instance.path] = orphans.remove(at: index)
            }
        }
    }

    public func vend(_ key: ViewKey, from parent: ViewID, for instance: Instance, in engine: inout Engine, pass: inout MountPass) -> ViewID {
        engine.vendPlanned(key, from: parent, for: instance, pass: &pass)
    }

    /// Configuring a block view sets the whole view from the block, so a
    /// changed block resets the view before its attributes are applied.
    public func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance, in engine: inout Engine) {
        if let old = engine.view(view).attached {
            if old == configuration {
                engine.record(.skip, view: view, instance: instance)
                return
            }
            engine.resetProperties(of: view, note: "the block sets the whole view: every property back to its default first")
        }
        engine.applyAll(configuration, on: view, instance: instance)
    }

    public func settle(_ parent: ViewID, in engine: inout Engine, pass: inout MountPass) {
        engine.removeUntaken(in: parent, pass: pass, note: "leftover: no block matched it")
        engine.orderSubviewsAsTaken(in: parent, pass: pass)
    }
}
