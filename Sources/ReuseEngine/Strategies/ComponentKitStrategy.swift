/// ComponentKit: the most complete implementation of the same idea.
///
/// - The key's shape leaves out attributes that have an unapplicator: they can
///   tear themselves down, so they need not split pools.
/// - Positional vend with a cursor; subviews reordered to vend order.
/// - Per-attribute diff: an old attribute with an unapplicator is unapplied
///   when it disappears, or when its value changed and the new one has no
///   updater; a new attribute is applied when absent before, updated (if it
///   has an updater) or applied when changed, skipped when equal. The same
///   instance remounting an equal configuration on its view does nothing.
/// - `didEnterReusePool` when a view is hidden into its pool,
///   `willLeaveReusePool` when a hidden view is vended again.
public struct ComponentKitStrategy: ReuseStrategy {
    public init() {}
    public var name: String { "componentkit" }
    public var summary: String { "persistent shape; per-attribute diff; reuse-pool hooks" }
    public var poolNote: String { "positional vend per key (the persistent shape leaves out attributes with an unapplicator); a cursor per pool, reset each pass" }

    public func key(component: String, configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        let persistent = configuration.attributes.filter { catalog.attributes[$0.name]?.hasUnapplicator != true }.map(\.name)
        return ViewKey(component: component, viewClass: configuration.viewClass, shape: AttributeShape(persistent))
    }

    public func vend(_ key: ViewKey, from parent: ViewID, for instance: Instance, in engine: inout Engine, pass: inout MountPass) -> ViewID {
        let view = engine.vendPositionally(key, from: parent, for: instance, pass: &pass)
        if engine.lastEventKind == .unhide { engine.note(.leavePool, view: view, instance: instance, "willLeaveReusePool") }
        return view
    }

    public func dequeueCell(_ key: ViewKey, row: Int, host: ViewID, for instance: Instance, in engine: inout Engine) -> ViewID {
        if let view = engine.dequeueRecycled(key, host: host, for: instance) {
            engine.note(.leavePool, view: view, instance: instance, "willLeaveReusePool")
            return view
        }
        return engine.createView(key: key, in: host, instance: instance)
    }

    public func releaseCell(_ cell: ViewID, row: Int, host: ViewID, in engine: inout Engine, pass: MountPass) {
        engine.recycle(cell, in: host)
        engine.note(.enterPool, view: cell, instance: nil, "didEnterReusePool")
    }

    public func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance, in engine: inout Engine) {
        let current = engine.view(view)
        guard let old = current.attached else {
            engine.applyAll(configuration, on: view, instance: instance)
            return
        }
        if old == configuration, current.previousOwner == instance.path {
            engine.record(.skip, view: view, instance: instance)
            return
        }
        let catalog = engine.catalog
        for attribute in old.attributes where catalog.attributes[attribute.name]?.hasUnapplicator == true {
            let replacement = configuration.value(of: attribute.name)
            let hasUpdater = catalog.attributes[attribute.name]?.hasUpdater == true
            if replacement == nil || (replacement != attribute.value && !hasUpdater) {
                engine.unapply(attribute, on: view, instance: instance)
            }
        }
        for attribute in configuration.attributes {
            guard let previous = old.value(of: attribute.name) else {
                engine.apply(attribute, on: view, instance: instance)
                continue
            }
            if previous == attribute.value {
                engine.record(.skip, view: view, instance: instance) { $0.attribute = attribute.name; $0.value = attribute.value }
            } else if catalog.attributes[attribute.name]?.hasUpdater == true {
                engine.update(attribute, from: previous, on: view, instance: instance)
            } else {
                engine.apply(attribute, on: view, instance: instance)
            }
        }
        engine.attach(configuration, to: view)
    }

    public func settle(_ parent: ViewID, in engine: inout Engine, pass: inout MountPass) {
        for view in engine.hideUntaken(in: parent, pass: pass) {
            engine.note(.enterPool, view: view, instance: nil, "didEnterReusePool")
        }
        engine.orderSubviewsAsTaken(in: parent, pass: pass)
    }
}
