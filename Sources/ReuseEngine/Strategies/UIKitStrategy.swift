/// UIKit tables and collections with the typed-reuse design of the seed.
///
/// List cells are registered per reuse identifier (the cell component's name
/// by default); `register` returns a token and the list dequeues by it.
/// Dequeuing an identifier nobody registered is refused with UIKit's own
/// message. A reused cell gets `prepareForReuse`, then its configure sets
/// every attribute again: UIKit does not know what the cell showed, and
/// nothing is unapplied (additive attributes pile up). Headers and footers
/// are registered and queued apart from cells. Views outside lists are your
/// own code's and behave as under `theodolite`.
public struct UIKitStrategy: ReuseStrategy {
    public init() {}
    public var name: String { "uikit" }
    public var summary: String { "registered cell identifiers; prepareForReuse; set all" }
    public var poolNote: String { "list hosts keep one reuse queue per registered identifier; other parents behave as under theodolite" }

    public func cellKey(component: String, configuration: ViewConfiguration, list: String, in engine: Engine) -> ViewKey {
        // The queue of the identifier this cell type was registered under.
        let registration = engine.registration(list: list, cell: component)
        let identifier = registration?.identifier ?? component
        let queue = registration?.isHeaderFooter == true ? "header-footer identifier" : "identifier"
        return ViewKey(component: nil, viewClass: configuration.viewClass, shape: nil, qualifier: "\(queue) \(identifier)")
    }

    public func validate(_ engine: Engine) throws(EngineError) {
        for list in engine.mountedLists {
            guard case .list(let spec) = engine.catalog.components[list]?.body else { continue }
            for cell in spec.cells where engine.registration(list: list, cell: cell) == nil {
                throw .unregisteredCell(list: list, identifier: cell)
            }
            for (_, view) in spec.supplementaries where engine.registration(list: list, cell: view) == nil {
                throw .unregisteredHeaderFooter(list: list, identifier: view)
            }
        }
    }

    public func dequeueCell(_ key: ViewKey, row: Int, host: ViewID, for instance: Instance, in engine: inout Engine) -> ViewID {
        if let view = engine.dequeueRecycled(key, host: host, for: instance) {
            engine.note(.prepareForReuse, view: view, instance: instance, "prepareForReuse")
            return view
        }
        return engine.createView(key: key, in: host, instance: instance)
    }

    public func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance, in engine: inout Engine) {
        guard instance.cellRow != nil else {
            engine.applyChanged(view, to: configuration, for: instance)
            return
        }
        // cellForRowAt: the caller sets every attribute, whatever the cell showed.
        engine.applyAll(configuration, on: view, instance: instance)
    }
}
