extension Engine {
    // MARK: Operations that run a pass

    /// Mounts these component types as the root's children (replacing the
    /// previous ones) and runs a pass.
    @discardableResult
    public mutating func mount(_ names: [String], trigger: String) throws(EngineError) -> PassSummary {
        try journaled(.mount(names)) { engine throws(EngineError) in try engine.mountRoots(names, trigger: trigger) }
    }

    mutating func mountRoots(_ names: [String], trigger: String) throws(EngineError) -> PassSummary {
        try catalog.checkMountable(names)
        let previous = session.rootComponents
        session.rootComponents = names
        do throws(EngineError) {
            try validateStrategy()
        } catch {
            session.rootComponents = previous
            throw error
        }
        return runFullPass(trigger: trigger)
    }

    /// Runs a full pass over the current tree, after checking that every
    /// component it mounts is still defined.
    @discardableResult
    public mutating func remount(trigger: String) throws(EngineError) -> PassSummary {
        try journaled(.remount) { engine throws(EngineError) in try engine.remountTree(trigger: trigger) }
    }

    mutating func remountTree(trigger: String) throws(EngineError) -> PassSummary {
        guard !session.rootComponents.isEmpty else { throw .nothingMounted }
        try checkRootsMountable()
        return runFullPass(trigger: trigger)
    }

    /// Throws when a mounted root type (or a type it refers to) cannot mount;
    /// operations call it before changing anything. Nothing to check when no
    /// definition, declaration or registration changed since the last full
    /// pass: the operation that ran it checked the same catalogue (roots are
    /// checked by `mount` itself).
    func checkRootsMountable() throws(EngineError) {
        guard session.definitionsPending else { return }
        try catalog.checkMountable(session.rootComponents)
        try validateStrategy()
    }

    /// Refuses lists the strategy cannot dequeue for (UIKit's unregistered cells).
    func validateStrategy() throws(EngineError) {
        try session.strategy.cells.validate(lists: mountedLists, catalog: catalog)
    }

    /// Takes a mounted instance out of the tree, then runs a pass.
    @discardableResult
    public mutating func hide(_ path: ComponentPath, trigger: String) throws(EngineError) -> PassSummary {
        try journaled(.hide(path)) { engine throws(EngineError) in try engine.hideInstance(path, trigger: trigger) }
    }

    mutating func hideInstance(_ path: ComponentPath, trigger: String) throws(EngineError) -> PassSummary {
        let node = try resolve(path)
        if node.isHidden { throw .alreadyHidden(node.path) }
        try checkRootsMountable()
        session.hiddenPaths.append(node.path)
        return runFullPass(trigger: trigger)
    }

    /// Puts an instance taken out with `hide` back, then runs a pass.
    @discardableResult
    public mutating func show(_ path: ComponentPath, trigger: String) throws(EngineError) -> PassSummary {
        try journaled(.show(path)) { engine throws(EngineError) in try engine.showInstance(path, trigger: trigger) }
    }

    mutating func showInstance(_ path: ComponentPath, trigger: String) throws(EngineError) -> PassSummary {
        guard session.hiddenPaths.contains(path) else {
            throw .notHidden(path, hidden: Array(session.hiddenPaths).filter { hidden in instances.contains { $0.path == hidden } })
        }
        // Hidden, then taken out of the tree with its parent (a new `mount`).
        guard instances.contains(where: { $0.path == path }) else {
            throw .noSuchPath(path, suggestion: nil)
        }
        try checkRootsMountable()
        session.hiddenPaths.remove(path)
        return runFullPass(trigger: trigger)
    }

    /// Sets an instance value of one attribute, then runs a pass.
    @discardableResult
    public mutating func set(_ path: ComponentPath, attribute: String, raw: String, quoted: Bool,
                             trigger: String) throws(EngineError) -> PassSummary {
        try journaled(.set(path, attribute: attribute, raw: raw, quoted: quoted)) { engine throws(EngineError) in
            try engine.setValue(path, attribute: attribute, raw: raw, quoted: quoted, trigger: trigger)
        }
    }

    mutating func setValue(_ path: ComponentPath, attribute: String, raw: String, quoted: Bool,
                             trigger: String) throws(EngineError) -> PassSummary {
        // Only its type and path: holding the node would make the pass copy
        // its subtree instead of walking it in place.
        let node = try instance(at: path)
        guard let definition = catalog.mountable[node.name], let view = definition.view else {
            throw .noView(node.path)
        }
        if definition.list != nil { throw .listTakesNoAttributes(node.path) }
        let template = try catalog.template(attribute, raw: raw, quoted: quoted)
        try catalog.checkProperty(attribute, on: view.viewClass)
        try checkRootsMountable()
        session.instanceValues[InstanceKey(component: node.name, path: node.path), default: InstanceValues()]
            .set(attribute, to: template, over: definition, inPlace: session.store.fastPaths.contains(.fixedConfigurations))
        session.componentsWithInstanceValues.insert(node.name)
        // The configuration the instance kept from the last pass no longer holds.
        withNode(along: node.path) { _, node in node.cache.forgetConfiguration() }
        // A data change inside a list row reaches that row alone, as the
        // strategy's cells say (``CellReuse/dataChange``): reconfigured,
        // bound in place, replaced, or not told at all (a pass with no work).
        if !session.definitionsPending, let (listPath, row) = Engine.row(containing: node.path) {
            guard let style = session.strategy.cells.dataChange else { return letPassGoBy(trigger: trigger) }
            return reloadRow(row, of: listPath, style: style, trigger: trigger)
        }
        return runFullPass(trigger: trigger)
    }

    /// Reconfigures one list row after a data change (UIKit `reconfigureRows`,
    /// RecyclerView `notifyItemChanged`, one component's state update), and
    /// nothing else: other rows see no events. `payload` binds a RecyclerView
    /// holder in place instead of animating the change with a second one.
    @discardableResult
    public mutating func reload(_ path: ComponentPath, payload: Bool = false, trigger: String) throws(EngineError) -> PassSummary {
        try reload(path, style: payload ? .payload : .reconfigure, trigger: trigger)
    }

    /// Reloads one list row in `style`: reconfigured in place (with or
    /// without a payload), or replaced by another cell (`reloadRows`).
    @discardableResult
    public mutating func reload(_ path: ComponentPath, style: RowReload, trigger: String) throws(EngineError) -> PassSummary {
        try journaled(.reload(path, style: style)) { engine throws(EngineError) in
            try engine.reloadInstance(path, style: style, trigger: trigger)
        }
    }

    mutating func reloadInstance(_ path: ComponentPath, style: RowReload, trigger: String) throws(EngineError) -> PassSummary {
        let node = try resolve(path)
        guard let (listPath, row) = Engine.row(containing: node.path) else { throw .notInAListRow(node.path) }
        try checkRootsMountable()
        if session.definitionsPending { return runFullPass(trigger: trigger) }
        return reloadRow(row, of: listPath, style: style, trigger: trigger)
    }

    /// A whole-list data change (UIKit's `reloadData`, RecyclerView's
    /// `notifyDataSetChanged`): the strategy gives back every cell the list
    /// shows, or keeps them (the policy's `reloadAll`), then
    /// every visible row, header and footer mounts again. Rows of other
    /// lists see no event.
    @discardableResult
    public mutating func reloadList(_ path: ComponentPath, trigger: String) throws(EngineError) -> PassSummary {
        try journaled(.reloadList(path)) { engine throws(EngineError) in try engine.reloadWholeList(path, trigger: trigger) }
    }

    mutating func reloadWholeList(_ listPath: ComponentPath, trigger: String) throws(EngineError) -> PassSummary {
        let (path, name, view) = try listTarget(listPath)
        guard catalog.mountable[name]?.list != nil else { throw .notAList(listPath) }
        guard view != nil else { throw .noView(listPath) }
        try checkRootsMountable()
        if session.definitionsPending { return runFullPass(trigger: trigger) }
        beginPass(trigger)
        // Texture's reloadData replaces every node.
        forgetNodeState(under: path, view: view)
        var pass = mountPass(isRelayout: false)
        withNode(along: path) { engine, node in
            guard let host = node.view, let spec = engine.catalog.mountable[node.name]?.list else { return }
            if var content = engine.session.store.takeRows(of: host) {
                let shown = content.cells.enumerated().compactMap { offset, cell in
                    cell.map { (slot: Slot.row(content.firstRow + offset), view: $0) }
                }
                // Given back: each visible row dequeues again.
                if engine.session.strategy.cells.reloadAll(shown, host: host, store: &engine.session.store) {
                    for index in content.cells.indices { content.cells[index] = nil }
                }
                engine.session.store.putRows(content, on: host)
            }
            engine.mountList(spec, of: &node, host: host, pass: &pass)
        }
        settle(&pass)
        return session.store.log.lastSummary
    }

    /// Lets a pass go by with nothing changed but the late results due in it
    /// (`wait`): the views stay as they are.
    @discardableResult
    public mutating func wait(trigger: String) -> PassSummary {
        // Short by nature (it delivers loads, mounts nothing): not interrupted,
        // so nothing can make it fail.
        let check = interruptionCheck
        interruptionCheck = nil
        defer { interruptionCheck = check }
        do {
            return try journaled(.wait) { engine in engine.letPassGoBy(trigger: trigger) }
        } catch {
            preconditionFailure("wait has no way to fail: \(error)")
        }
    }

    mutating func letPassGoBy(trigger: String) -> PassSummary {
        beginPass(trigger)
        return session.store.log.lastSummary
    }

    /// The list and row number of the innermost list row a path is in.
    static func row(containing path: ComponentPath) -> (list: ComponentPath, row: Int)? {
        guard let index = path.segments.lastIndex(where: { if case .row = $0 { true } else { false } }),
              case .row(let row) = path.segments[index] else { return nil }
        return (path.prefix(index), row)
    }

    /// Runs a pass that mounts one row of a list again, reloading its cell.
    mutating func reloadRow(_ row: Int, of listPath: ComponentPath, style: RowReload, trigger: String) -> PassSummary {
        // The mounted rows follow the catalogue's definitions: a path walk
        // (which asks the catalogue what a list is) finds the node they name.
        assert(!session.definitionsPending, "a row reloaded while definitions wait for a full pass")
        beginPass(trigger)
        // Texture: a reload is a delete plus an insert, a new node.
        if style != .update { forgetNodeState(under: listPath.appending(.row(row)), view: nil) }
        var pass = mountPass(isRelayout: false)
        // Only the list's path, type and view: holding its node would copy its rows.
        if let (path, name, view) = try? listTarget(listPath), let host = view,
           case .list(let spec)? = catalog.components[name]?.body {
            withNode(along: path) { engine, node in
                guard var content = engine.session.store.takeRows(of: host) else { return }
                let index = row - content.firstRow
                if content.cells.indices.contains(index), node.rows.indices.contains(index) {
                    let (newNode, cell) = engine.mountRow(row, of: spec, in: path, host: host, cell: content.cells[index],
                                                          reload: style, pass: &pass)
                    content.cells[index] = cell
                    node.rows[index] = newNode
                }
                engine.session.store.putRows(content, on: host)
            }
        }
        settle(&pass)
        return session.store.log.lastSummary
    }

    /// Switches the reuse strategy (a descriptor from ``StrategyRegistry`` with
    /// options). The view tree starts afresh (views made under one keying
    /// cannot be judged by another): a pass removes every view and mounts
    /// again under the new strategy, when something is mounted. Definitions,
    /// mounted components, instance values, registrations and offsets are
    /// kept; pass numbers, view ids and the log go on.
    @discardableResult
    public mutating func setStrategy(_ strategy: Strategy, trigger: String) throws(EngineError) -> PassSummary? {
        try journaled(.setStrategy(strategy)) { engine throws(EngineError) in try engine.switchStrategy(strategy, trigger: trigger) }
    }

    mutating func switchStrategy(_ strategy: Strategy, trigger: String) throws(EngineError) -> PassSummary? {
        try catalog.checkMountable(session.rootComponents)
        try strategy.cells.validate(lists: mountedLists, catalog: catalog)
        let reason = RemovalReason.strategySwitched(from: session.strategy.name, to: strategy.name)
        guard !session.rootComponents.isEmpty else {
            session.strategy = strategy.fresh
            return nil
        }
        return runFullPass(trigger: trigger) { engine in
            engine.session.store.removeAll(reason: reason)
            engine.session.strategy = strategy.fresh
            engine.session.mounted = []
        }
    }

    // MARK: Paths

    /// The type and path of the mounted instance at `path`, found in place
    /// (``withNode(along:_:)``: no node on the way is copied), or the error
    /// ``resolve(_:)`` gives, naming the nearest miss.
    mutating func instance(at path: ComponentPath) throws(EngineError) -> (name: String, path: ComponentPath) {
        if let found = withNode(along: path, { _, node in (name: node.name, path: node.path) }) { return found }
        _ = try resolve(path)
        throw .noSuchPath(path, suggestion: nil)
    }

    /// The mounted node at `path`, or an error naming the nearest miss.
    public func resolve(_ path: ComponentPath) throws(EngineError) -> MountedNode {
        guard !session.mounted.isEmpty else { throw .nothingMounted }
        let nodes = nodes(along: path)
        if nodes.count == path.segments.count, let node = nodes.last { return node }
        // The first segment that did not resolve, and why.
        let depth = nodes.count
        let prefix = path.prefix(depth)
        let segment = path.segments[depth]
        switch segment {
        case .named:
            let candidates = (depth == 0 ? mounted : nodes[depth - 1].children).map { $0.path.description }
            let typed = prefix.appending(segment)
            throw .noSuchPath(typed, suggestion: closestName(to: typed.description, in: candidates))
        case .row(let row):
            guard depth > 0, let definition = catalog.components[nodes[depth - 1].name],
                  case .list(let spec) = definition.body else {
                throw .noSuchPath(prefix.appending(segment), suggestion: nil)
            }
            let list = nodes[depth - 1]
            let window = spec.window(at: session.listOffsets[list.path, default: 0])
            throw .rowNotVisible(list: list.path, row: row, visible: list.rows.isEmpty ? 0..<0 : window)
        }
    }

    /// The mounted nodes a path goes through, one per segment, as far as it
    /// resolves: linear in the path's length (times the siblings at each level).
    public func nodes(along path: ComponentPath) -> [MountedNode] { Engine.nodes(along: path, in: session.mounted, catalog: catalog) }

    /// ``nodes(along:)`` in the tree `mounted` under `catalog` (a client
    /// holding the two alone walks them without copying the engine).
    public static func nodes(along path: ComponentPath, in mounted: [MountedNode], catalog: Catalog) -> [MountedNode] {
        var found: [MountedNode] = []
        found.reserveCapacity(path.segments.count)
        for segment in path.segments {
            let next: MountedNode?
            switch segment {
            case .named:
                let siblings = found.last?.children ?? mounted
                next = siblings.firstIndex { $0.isNamed(by: segment) }.map { siblings[$0] }
            case .row(let row):
                guard let list = found.last, let index = list.rowIndex(row, catalog: catalog) else { return found }
                next = list.rows[index]
            }
            guard let next else { return found }
            found.append(next)
        }
        return found
    }

    /// The instance that holds `view` now.
    public func holder(of view: ViewID) throws(EngineError) -> MountedNode {
        guard let found = session.store.lookUp(view) else { throw .unknownView(view) }
        guard view != .root else { throw .rootIsNotAComponent }
        guard session.store.visibility(of: view) == .visible, let owner = found.owner, let node = try? resolve(owner), node.view == view else {
            throw .viewNotHeld(view)
        }
        return node
    }

    /// Every mounted instance, depth first (hidden ones included).
    public var instances: [MountedNode] {
        var result: [MountedNode] = []
        for root in session.mounted {
            result.append(root)
            root.forEachDescendant { result.append($0) }
        }
        return result
    }

    /// The list types reachable from the mounted components, in definition order.
    var mountedLists: [String] {
        var found: [String] = []
        var seen: Set<String> = []
        var pending = session.rootComponents.reversed() as [String]
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let definition = catalog.components[name] else { continue }
            if definition.isList { found.append(name) }
            pending.append(contentsOf: definition.references.reversed())
        }
        return found
    }
}
