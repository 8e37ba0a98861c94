/// Valdi hosting components in native lists, in its two ways.
///
/// - `valdi-rebind` (option A): one root component per visible cell; every
///   bind renders it again and lays it out before populating the views.
/// - `valdi-attach` (option B): one component per item, created (rendered and
///   laid out) when the list mounts; a cell that shows attaches the item's
///   root view, so scrolling renders nothing, but every item stays alive.
///
/// Under rebind a cell keeps its root component: a bind re-renders it with the
/// new item and diffs, so only what changed is applied. Under attach the
/// item's root view leaves the cell when it scrolls away: its views go back to
/// Valdi's pool keyed by view class, their attribute reset methods run first,
/// so a reused view starts clean and is populated from the item's cached render.
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

    public func cellKey(component: String, configuration: ViewConfiguration, list: String, in engine: Engine) -> ViewKey {
        ViewKey(component: nil, viewClass: configuration.viewClass, shape: nil)
    }

    public func releaseCell(_ cell: ViewID, row: Int, host: ViewID, in engine: inout Engine, pass: MountPass) {
        if mode == .attach {
            engine.resetProperties(of: cell, note: "the item's root view detached; attribute reset before it enters the pool")
        }
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
        engine.applyChanged(view, to: configuration, for: instance)
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
        for node in engine.allInstances where !node.isHidden && node.row == nil {
            count += 1
            guard case .list(let spec)? = engine.catalog.components[node.name]?.body, !spec.cells.isEmpty else { continue }
            // Every item has its component tree alive: rows of each cell type
            // times that type's tree size.
            let types = spec.cells.count
            for (index, cell) in spec.cells.enumerated() {
                let rowsOfType = spec.rows / types + (index < spec.rows % types ? 1 : 0)
                count += rowsOfType * ValdiStrategy.treeSize(of: cell, in: engine.catalog)
            }
        }
        return count
    }

    /// Components in one instance of `name`'s tree (itself and every descendant).
    static func treeSize(of name: String, in catalog: Catalog) -> Int {
        guard let definition = catalog.components[name], case .component(_, let children) = definition.body else { return 1 }
        return 1 + children.reduce(0) { $0 + treeSize(of: $1, in: catalog) }
    }
}
