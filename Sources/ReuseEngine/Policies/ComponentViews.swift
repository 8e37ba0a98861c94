// Two pieces for systems whose components keep their views (Litho, Texture).

/// Views keyed by component type and view class, not by attribute shape: a
/// view serves its component type whatever properties it sets.
///
/// Litho's mount content pools are keyed by the component type
/// (`SpecGeneratedComponent.getPoolKey()` returns `getClass()`); a Texture
/// node keeps its view whatever it sets. The view class stays in the key
/// so that a type redefined with another class does not take its old views.
public struct ComponentClassKeying: Keying {
    public init() {}
    public var readsValues: Bool { false }
    public var isPure: Bool { true }

    public func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        ViewKey(component: component, viewClass: configuration.viewClass, shape: nil)
    }
}

extension ViewStore {
    /// The view the instance held in `parent`'s pool of `key`, taken back
    /// when no one took it in this pass: a view kept by its component for
    /// the component's life (Litho's mount item that stays, Texture's
    /// node). Nil when it holds none there.
    public mutating func takeOwn(_ key: ViewKey, in parent: ViewID, for instance: Instance, pass: MountPass) -> Vended? {
        guard let own = pool(key, in: parent)?.views.first(where: { view in
            !pass.wasTaken(view) && !self[view].isRemoved && self[view].owner == instance.path
        }) else { return nil }
        return Vended(view: own, acquisition: .taken(take(own, key: key, in: parent, for: instance)))
    }
}
