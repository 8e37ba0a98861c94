/// Valdi hosting components in native lists, in its two ways.
///
/// - `valdi-rebind` (option A): one root component per visible cell; every
///   bind renders it again and lays it out before populating the views.
/// - `valdi-attach` (option B): one component per item, created (rendered and
///   laid out) when the list mounts; a cell that shows attaches the item's
///   root view, so scrolling renders nothing, but every item stays alive.
///
/// Valdi's views wait in a pool keyed by view class; their attribute reset
/// methods run before they enter it, so a reused view starts clean.
public struct ValdiStrategy: ReuseStrategy {
    public enum Mode: String, Sendable { case rebind, attach }
    public var mode: Mode

    public init(mode: Mode) { self.mode = mode }

    public var name: String { "valdi-\(mode.rawValue)" }
    public var summary: String {
        mode == .rebind ? "a root component per visible cell, rendered per bind"
            : "a pre-created component per item, attached on scroll"
    }
    public var poolNote: String { "list cells wait in a pool keyed by view class, reset before they enter it; other parents as under theodolite" }

    /// Views outside lists are keyed as under `theodolite`.
    public func key(component: String, configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
        TheodoliteStrategy().key(component: component, configuration: configuration, catalog: catalog)
    }

    public func cellKey(component: String, configuration: ViewConfiguration, list: String, in engine: Engine) -> ViewKey {
        ViewKey(component: nil, viewClass: configuration.viewClass, shape: nil)
    }

    public func releaseCell(_ cell: ViewID, row: Int, host: ViewID, in engine: inout Engine) {
        engine.resetProperties(of: cell, note: "attribute reset before entering the pool")
        engine.recycle(cell, in: host)
    }

    public func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance, in engine: inout Engine) {
        if let row = instance.cellRow {
            switch mode {
            case .rebind:
                // Every bind converts the model, renders, diffs and lays out.
                engine.note(.render, view: view, instance: instance, "render row \(row)")
                engine.note(.layout, view: view, instance: instance, "layout row \(row)")
            case .attach:
                if engine.view(view).attached != configuration {
                    engine.note(.attach, view: view, instance: instance, "attach the pre-created component of row \(row)")
                }
            }
        }
        TheodoliteStrategy().configure(view, to: configuration, for: instance, in: &engine)
    }

    public func didMountList(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, in engine: inout Engine) {
        guard mode == .attach, firstTime, spec.rows > 0 else { return }
        engine.note(.render, view: host, instance: Instance(component: spec.cells.first ?? "?", path: path), times: spec.rows,
                    "pre-create one component per item: \(spec.rows) renders")
        engine.note(.layout, view: host, instance: Instance(component: spec.cells.first ?? "?", path: path), times: spec.rows,
                    "lay out every item once: \(spec.rows) layouts")
    }

    public func liveComponents(in engine: Engine) -> Int {
        guard mode == .attach else { return engine.allInstances.filter { !$0.isHidden }.count }
        var count = 0
        for node in engine.allInstances where !node.isHidden {
            guard node.row == nil else { continue }
            count += 1
            if case .list(let spec)? = engine.catalog.components[node.name]?.body {
                var perRow = 1
                if let first = node.rows.first {
                    perRow = 0
                    first.forEachDescendant { _ in perRow += 1 }
                    perRow += 1
                }
                count += spec.rows * perRow
            }
        }
        return count
    }
}
