/// What Theodolite's shipped code (2019) did, drifted from its document.
///
/// Pools are keyed by the whole configuration, values included, so a view
/// only goes to an identical configuration (never applied twice, but a value
/// change means a new view). Every view is checked in at the start of a pass;
/// check-out prefers the view the same instance had, then any free view, then
/// a new one. Leftovers are hidden at the end, except in a parent nothing
/// mounted into during the pass (bug #27 of its tracker: those stay visible,
/// and `check` reports them).
public struct Theodolite2019Strategy: ReuseStrategy {
    public init() {}
    public var name: String { "theodolite-2019" }
    public var summary: String { "full-configuration pools; own view first; bug #27 kept" }
    public var poolNote: String { "pools keyed by the whole configuration; a request takes the view its instance had, else any free one" }

    public func key(component: String, configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        let values = configuration.attributes.sorted { $0.name < $1.name }.map { "\($0.name)=\($0.value)" }
        return ViewKey(component: component, viewClass: configuration.viewClass, shape: configuration.shape,
                       qualifier: values.isEmpty ? nil : "{" + values.joined(separator: ", ") + "}")
    }

    public func vend(_ key: ViewKey, from parent: ViewID, for instance: Instance, in engine: inout Engine, pass: inout MountPass) -> ViewID {
        engine.vendPreferringOwner(key, from: parent, for: instance, pass: &pass)
    }

    public func settle(_ parent: ViewID, in engine: inout Engine, pass: inout MountPass) {
        // Bug #27: a parent nothing mounted into keeps its old views visible.
        guard pass.taken[parent]?.isEmpty == false else { return }
        engine.hideUntaken(in: parent, pass: pass)
        engine.orderSubviewsAsTaken(in: parent, pass: pass)
    }
}
