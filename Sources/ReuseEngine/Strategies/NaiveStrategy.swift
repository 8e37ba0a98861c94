/// Pools keyed by view class alone: the scheme the seed warns against.
///
/// A view that showed `backgroundColor: red` can go to a configuration that
/// only sets `alpha`; setters do not clean up, so the red stays (a leak).
public struct NaiveStrategy: ReuseStrategy {
    public init() {}
    public var name: String { "naive" }
    public var summary: String { "pools keyed by view class only; shows why shapes matter" }

    public func key(component: String, configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        ViewKey(component: nil, viewClass: configuration.viewClass, shape: nil)
    }
}
