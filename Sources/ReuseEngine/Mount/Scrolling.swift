import DequeModule

/// Where a scroll asked to go and where the list stopped.
public struct ScrollOutcome: Sendable {
    public var pass: PassSummary
    /// The list instance scrolled.
    public var list: ComponentPath
    /// The offset asked for (before clamping; saturated on overflow).
    public var requested: Int
    /// The offset the list stopped at, clamped to its rows.
    public var offset: Int
    /// The list stopped short of the offset asked for.
    public var wasClamped: Bool { requested != offset }
}

/// How far to scroll.
public enum ScrollMotion: Sendable, Equatable {
    /// By rows (`scroll Feed by 3`): only rows that enter and leave are mounted.
    case by(Int)
    /// To a row (`scroll Feed to 500`): a relayout of the window.
    case to(Int)
}

extension Engine {
    // MARK: Scrolling

    /// Moves a list's window and mounts only the rows that enter and leave.
    ///
    /// The offset is clamped to the list. Runs as one pass of its own; when
    /// definitions changed since the last full pass, a full pass.
    public mutating func scroll(_ listPath: ComponentPath, _ motion: ScrollMotion, trigger: String) throws(EngineError) -> ScrollOutcome {
        try journaled(.scroll(listPath, motion)) { engine throws(EngineError) in try engine.scrollList(listPath, motion, trigger: trigger) }
    }

    mutating func scrollList(_ listPath: ComponentPath, _ motion: ScrollMotion, trigger: String) throws(EngineError) -> ScrollOutcome {
        // Only the node's path, type and view: holding the node itself would
        // keep a second reference to its rows, and the step would copy them all.
        let (path, name, view) = try listTarget(listPath)
        guard let definition = catalog.components[name], case .list(let spec) = definition.body else {
            throw .notAList(listPath)
        }
        guard let host = view else { throw .noView(listPath) }
        try validateStrategy()
        // Definitions changed since the last full pass: the rows on screen were
        // mounted under the old ones, so this scroll runs a full pass.
        if definitionsPending { try checkRootsMountable() }
        let current = listOffsets[path, default: 0]
        let requested: Int
        switch motion {
        case .to(let target): requested = target
        case .by(let delta):
            let (sum, overflow) = current.addingReportingOverflow(delta)
            requested = overflow ? (delta > 0 ? Int.max : Int.min) : sum
        }
        let offset = max(0, min(requested, spec.maximumOffset))
        listOffsets[path] = offset
        if definitionsPending {
            return ScrollOutcome(pass: runFullPass(trigger: trigger), list: path, requested: requested, offset: offset)
        }
        beginPass(trigger)
        var pass = MountPass(isRelayout: { if case .to = motion { true } else { false } }(), marks: &marks, keys: &keyMemo)
        updateNode(at: path) { engine, node in
            let firstTime = engine.mountRows(of: spec, at: path, host: host, rows: &node.rows, keepsRows: true, pass: &pass)
            node.children = engine.mountSupplementaries(of: spec, at: path, host: host, keeping: node.children, pass: &pass)
            engine.finishList(spec, at: path, host: host, firstTime: firstTime)
        }
        settle(pass)
        return ScrollOutcome(pass: store.log.lastSummary, list: path, requested: requested, offset: offset)
    }

    /// The path, type and view of the mounted node at `listPath` (the node
    /// itself, with its rows, does not outlive this call).
    func listTarget(_ listPath: ComponentPath) throws(EngineError) -> (ComponentPath, String, ViewID?) {
        let node = try resolve(listPath)
        return (node.path, node.name, node.view)
    }

    /// Runs `body` on the mounted node at `path` in place.
    mutating func updateNode(at path: ComponentPath, _ body: (inout Engine, inout MountedNode) -> Void) {
        var roots = mounted
        mounted = []
        func descend(_ nodes: inout [MountedNode], _ depth: Int) -> Bool {
            for i in nodes.indices {
                if nodes[i].path == path { body(&self, &nodes[i]); return true }
                if path.segments.starts(with: nodes[i].path.segments) {
                    if descend(&nodes[i].children, depth + 1) { return true }
                    if descendRows(&nodes[i].rows, depth + 1) { return true }
                }
            }
            return false
        }
        func descendRows(_ rows: inout Deque<MountedNode>, _ depth: Int) -> Bool {
            guard let first = rows.first?.row, depth < path.segments.count,
                  case .row(let row) = path.segments[depth], row >= first, row - first < rows.count else { return false }
            let i = row - first
            if rows[i].path == path { body(&self, &rows[i]); return true }
            return descend(&rows[i].children, depth + 1)
        }
        _ = descend(&roots, 0)
        mounted = roots
    }
}
