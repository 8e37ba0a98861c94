/// The algorithm of Theodolite's recycling reference (the default).
///
/// Pools are keyed by (component type, view class, attribute shape), so a view
/// only goes to a configuration that sets the same attributes: whatever a
/// previous owner set, the new one overwrites. Equal configurations are
/// skipped; otherwise unapply (where an unapplicator exists) runs before apply.
public struct TheodoliteStrategy: ReuseStrategy {
    public init() {}
    public var name: String { "theodolite" }
    public var summary: String { "(component, view class, attribute shape) pools; the seed" }
    // Key, vend, configure and settle are the protocol's defaults.
}
