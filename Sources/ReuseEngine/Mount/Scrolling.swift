import DequeModule

/// Where a scroll asked to go and where the list stopped.
public struct ScrollOutcome: Sendable {
    /// The summary of the pass the scroll ran (made on each read from the
    /// compact copy the outcome holds).
    public var pass: PassSummary {
        get { summary.unpacked }
        set {
            var summary = newValue
            self.summary = Summary(&summary)
        }
    }
    /// The pass's summary with its counts a byte each: an outcome is
    /// returned at every step of ``Engine/scroll(_:_:trigger:)``, whether
    /// the caller reads its pass or not, so it is kept small.
    private var summary: Summary
    /// The list instance scrolled.
    public var list: ComponentPath
    /// The offset asked for (before clamping; saturated on overflow).
    public var requested: Int
    /// The offset the list stopped at, clamped to its rows.
    public var offset: Int
    /// The list stopped short of the offset asked for.
    public var wasClamped: Bool { requested != offset }

    /// The outcome of a scroll whose pass `pass` summarises.
    @inline(__always)
    init(pass: inout PassSummary, list: ComponentPath, requested: Int, offset: Int) {
        summary = Summary(&pass)
        self.list = list
        self.requested = requested
        self.offset = offset
    }

    /// The outcome of a scroll whose pass is numbered `pass`, started by
    /// `trigger`, recorded `events` and counted `counts` (the log's byte
    /// counts of the pass, copied as they are).
    @inline(__always)
    init(pass: Int, trigger: String, events: Range<Int>, counts: ByteCounts, list: ComponentPath, requested: Int, offset: Int) {
        summary = Summary(pass: pass, trigger: trigger, events: events, counts: counts)
        self.list = list
        self.requested = requested
        self.offset = offset
    }

    /// A ``PassSummary`` with its counts a byte each (``ByteCounts``) when
    /// they fit (a scroll step's always do), else whole in a box.
    private struct Summary: Sendable {
        let pass: Int
        let trigger: String
        let events: Range<Int>
        let counts: ByteCounts
        let spilled: Spilled?

        final class Spilled: Sendable {
            let counts: EventCounts
            init(_ counts: EventCounts) { self.counts = counts }
        }

        /// (`summary` is only read.)
        init(_ summary: inout PassSummary) {
            pass = summary.pass
            trigger = summary.trigger
            events = summary.events
            if let counts = ByteCounts(summary.counts) {
                self.counts = counts
                spilled = nil
            } else {
                counts = ByteCounts()
                spilled = Spilled(summary.counts)
            }
        }

        @inline(__always)
        init(pass: Int, trigger: String, events: Range<Int>, counts: ByteCounts) {
            self.pass = pass
            self.trigger = trigger
            self.events = events
            self.counts = counts
            spilled = nil
        }

        var unpacked: PassSummary {
            var summary = PassSummary(pass: pass, trigger: trigger, events: events)
            summary.counts = spilled?.counts ?? counts.counts
            return summary
        }
    }
}

/// How far to scroll.
public enum ScrollMotion: Sendable, Hashable {
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
        let moved = try journaledScroll(listPath, motion) { engine throws(EngineError) in
            try engine.scrollList(listPath, motion, trigger: trigger)
        }
        // Put together once, here, from the pass that just ran: no summary
        // is carried out through the journaling and the node walk.
        return session.store.log.scrollOutcome(list: moved.list, requested: moved.requested, offset: moved.offset)
    }

    /// The list scrolled, the offset asked for and the one kept: what a
    /// scroll returns besides its pass (which a replay does not need).
    typealias Moved = (list: ComponentPath, requested: Int, offset: Int)

    mutating func scrollList(_ listPath: ComponentPath, _ motion: ScrollMotion, trigger: String) throws(EngineError) -> Moved {
        // Definitions changed since the last full pass: the rows on screen were
        // mounted under the old ones, so this scroll runs a full pass.
        if session.definitionsPending { return try scrollWithFullPass(listPath, motion, trigger: trigger) }
        // A root list (the usual list scrolled) is found among the roots
        // here, as ``withNode(along:_:)`` finds a root, and scrolled with
        // no closure: the closure's captures (the path and the trigger)
        // were retained and released around each step.
        if session.store.fastPaths.contains(.pathInPlace), listPath.segmentCount == 1, listPath.row(at: 0) == nil {
            var roots = session.mounted
            session.mounted = []
            defer { session.mounted = roots }
            for index in roots.indices where listPath.segment(0, ends: roots[index].path) {
                return try scrollInPlace(&roots[index], typed: listPath, motion, trigger: trigger)
            }
        } else if let moved = try withNode(along: listPath, { (engine, node) throws(EngineError) in
            try engine.scrollInPlace(&node, typed: listPath, motion, trigger: trigger)
        }) {
            return moved
        }
        // The path names no mounted node: resolving it says which segment failed.
        _ = try resolve(listPath)
        throw .noSuchPath(listPath, suggestion: nil)
    }

    /// A scroll after definitions changed: the offset moves, then a full pass.
    private mutating func scrollWithFullPass(_ listPath: ComponentPath, _ motion: ScrollMotion,
                                             trigger: String) throws(EngineError) -> Moved {
        // Only the node's path, type and view: holding the node itself would
        // keep a second reference to its rows.
        let (path, name, view) = try listTarget(listPath)
        let (declared, _) = try scrollable(catalog.mountable[name]?.list, view: view, typed: listPath)
        let spec = withItems(declared, at: path)
        try checkRootsMountable()
        let (requested, offset) = Engine.move(&session.listOffsets[path, default: 0], motion, maximumOffset: spec.maximumOffset)
        // A list that keeps its offset in its view scrolls as a view, in the pass.
        let host = view
        _ = runFullPass(trigger: trigger) { engine in
            guard let host, engine.ownsOffset(host) else { return }
            engine.session.store.setContentOffset(offset, of: host, for: Instance(component: name, path: path))
        }
        return (path, requested, offset)
    }

    /// ``scrollList(_:_:trigger:)`` on the list's node, reached in place,
    /// when no definition changed since the last full pass: the same checks
    /// in the same order, then one pass that moves the window.
    /// Returns the list's path, the offset asked for and the one kept.
    private mutating func scrollInPlace(_ node: inout MountedNode, typed listPath: ComponentPath, _ motion: ScrollMotion,
                                        trigger: String) throws(EngineError) -> Moved {
        // The definition the node keeps while the catalogue is unchanged: no
        // name hashed. (Read here, not through definition(for:): a call on
        // the engine from inside withNode's body would copy the whole engine.)
        // The kept pair is compared in place, not bound.
        // ``scrollable(_:view:typed:)``'s checks but the strategy's: with no
        // definition, declaration or registration changed since the last
        // full pass, the strategy passes the mounted lists (every full pass
        // runs after that check: `mount`, `strategy`, checkRootsMountable(),
        // and only they change the roots or the strategy), so it is asserted,
        // not asked again. The spec is bound once, in the guard.
        guard var spec = session.store.fastPaths.contains(.definitionMemo) && node.cache.definition?.version === catalog.definitions
                ? node.cache.definition?.value.list
                : catalog.mountable[node.name]?.list else { throw .notAList(listPath) }
        // With items changed, the rows they say. Asked here, not through
        // withItems(_:at:) whatever the items: its `return spec` copied the
        // spec (a retain and a release of its names) at every step.
        if !session.listItems.isEmpty { spec = withItems(spec, at: node.path) }
        guard let host = node.view else { throw .noView(listPath) }
        assert((try? validateStrategy()) != nil, "the strategy refuses lists mounted by a full pass")
        let path = node.path
        // Read and written in one lookup.
        let (requested, offset) = Engine.move(&session.listOffsets[path, default: 0], motion, maximumOffset: spec.maximumOffset)
        beginPass(trigger)
        // A list inside another list's slot keeps its offset in its view where the strategy says so.
        if ownsOffset(host) {
            session.store.setContentOffset(offset, of: host, for: Instance(component: node.name, path: path))
        }
        var pass = mountPass(isRelayout: { if case .to = motion { true } else { false } }())
        let firstTime = mountRows(of: spec, at: path, host: host, rows: &node.rows, keepsRows: true, offset: offset, pass: &pass)
        // Most lists have no header or footer, and showed none: nothing to hand over.
        if !node.children.isEmpty || hasSupplementaries(spec, host: host) {
            node.children = mountSupplementaries(of: spec, at: path, host: host, keeping: node.children, pass: &pass)
        }
        finishList(spec, at: path, host: host, firstTime: firstTime)
        // A scroll by rows posts GapWorker's prefetch (RecyclerView.java
        // 3831-3833, 5867-5869: whenever a scroll moved by a delta); a jump
        // (`scroll to`) is a relayout and posts none.
        if session.strategy.traits.cellsPrefetch, case .by(let delta) = motion, delta != 0 {
            prefetchRows(of: spec, at: path, host: host, forward: delta > 0, pass: &pass)
        }
        settle(&pass)
        return (path, requested, offset)
    }

    /// What a scroll checks of its target, in this order: a list (`spec`,
    /// from the catalogue's definition now), with a view, under a strategy
    /// that can run the mounted lists. Returns the list's shape and its host view.
    private func scrollable(_ spec: ListSpec?, view: ViewID?, typed listPath: ComponentPath) throws(EngineError) -> (ListSpec, ViewID) {
        guard let spec else { throw .notAList(listPath) }
        guard let host = view else { throw .noView(listPath) }
        try validateStrategy()
        return (spec, host)
    }

    /// Moves a list's stored offset: returns the offset asked for
    /// (saturated on overflow) and the one kept, clamped to the list.
    static func move(_ stored: inout Int, _ motion: ScrollMotion, maximumOffset: Int) -> (requested: Int, offset: Int) {
        let requested: Int
        switch motion {
        case .to(let target): requested = target
        case .by(let delta):
            let (sum, overflow) = stored.addingReportingOverflow(delta)
            requested = overflow ? (delta > 0 ? Int.max : Int.min) : sum
        }
        stored = max(0, min(requested, maximumOffset))
        return (requested, stored)
    }

    /// Runs `body` on the mounted node `path` names, found as
    /// ``nodes(along:in:catalog:)`` finds it (by the same two rules,
    /// ``MountedNode/isNamed(by:)`` and ``MountedNode/rowIndex(_:catalog:)``),
    /// in place: no node is copied. Returns what `body` returns, or nil
    /// when the path names no node; what `body` throws, it throws (the
    /// tree is back in place either way).
    // Inlined: `body` and its captures are not passed through a call.
    @discardableResult @inline(__always)
    mutating func withNode<Result, Failure: Error>(along path: ComponentPath,
                                                   _ body: (inout Engine, inout MountedNode) throws(Failure) -> Result)
        throws(Failure) -> Result? {
        // The path's segments are compared in place (``ComponentPath/segment(_:ends:)``):
        // no segment values are made from it.
        guard session.store.fastPaths.contains(.pathInPlace) else {
            let found = nodes(along: path)
            guard found.count == path.segments.count, let target = found.last?.path else { return nil }
            return try updateNode(at: target, body)
        }
        let count = path.segmentCount
        guard count > 0, path.row(at: 0) == nil else { return nil }
        func named(_ nodes: inout [MountedNode], _ depth: Int) throws(Failure) -> Result? {
            for index in nodes.indices where path.segment(depth, ends: nodes[index].path) {
                return try arrived(&nodes[index], depth)
            }
            return nil
        }
        func arrived(_ node: inout MountedNode, _ depth: Int) throws(Failure) -> Result? {
            let next = depth + 1
            if next == count { return try body(&self, &node) }
            if let row = path.row(at: next) {
                guard let index = node.rowIndex(row, catalog: catalog) else { return nil }
                return try arrived(&node.rows[index], next)
            }
            return try named(&node.children, next)
        }
        var roots = session.mounted
        session.mounted = []
        defer { session.mounted = roots }
        // A root's node (most lists scrolled are roots) is reached without
        // the recursive walk, which passes `body`'s captures through each call.
        if count == 1 {
            guard let index = roots.indices.first(where: { path.segment(0, ends: roots[$0].path) }) else { return nil }
            return try body(&self, &roots[index])
        }
        return try named(&roots, 0)
    }

    /// The path, type and view of the mounted node at `listPath` (the node
    /// itself, with its rows, does not outlive this call).
    func listTarget(_ listPath: ComponentPath) throws(EngineError) -> (ComponentPath, String, ViewID?) {
        let node = try resolve(listPath)
        return (node.path, node.name, node.view)
    }

    /// Runs `body` on the mounted node whose path equals `path` (as a
    /// node spells it), in place: ``withNode(along:_:)``'s general twin
    /// (``FastPaths/pathInPlace``), which compares whole paths on the way
    /// down. Returns what `body` returns, or nil when no node has that path.
    mutating func updateNode<Result, Failure: Error>(at path: ComponentPath,
                                                     _ body: (inout Engine, inout MountedNode) throws(Failure) -> Result)
        throws(Failure) -> Result? {
        var roots = session.mounted
        session.mounted = []
        defer { session.mounted = roots }
        func descend(_ nodes: inout [MountedNode], _ depth: Int) throws(Failure) -> Result? {
            for i in nodes.indices {
                if nodes[i].path == path { return try body(&self, &nodes[i]) }
                if path.segments.starts(with: nodes[i].path.segments) {
                    if let found = try descend(&nodes[i].children, depth + 1) { return found }
                    if let found = try descendRows(&nodes[i].rows, depth + 1) { return found }
                }
            }
            return nil
        }
        func descendRows(_ rows: inout Deque<MountedNode>, _ depth: Int) throws(Failure) -> Result? {
            guard let first = rows.first?.row, depth < path.segments.count,
                  case .row(let row) = path.segments[depth], row >= first, row - first < rows.count else { return nil }
            let i = row - first
            if rows[i].path == path { return try body(&self, &rows[i]) }
            if let found = try descend(&rows[i].children, depth + 1) { return found }
            return try descendRows(&rows[i].rows, depth + 1)
        }
        return try descend(&roots, 0)
    }
}
