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
