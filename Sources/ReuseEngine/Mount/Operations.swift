import DequeModule

extension Engine {
    // MARK: Operations that run a pass

    /// Mounts these component types as the root's children (replacing the
    /// previous ones) and runs a pass.
    @discardableResult
    public mutating func mount(_ names: [String], trigger: String) throws(EngineError) -> PassSummary {
        for name in names { try catalog.checkMountable(name) }
        let previous = rootComponents
        rootComponents = names
        do throws(EngineError) {
            try strategy.validate(self)
        } catch {
            rootComponents = previous
            throw error
        }
        return remount(trigger: trigger)
    }

    /// Runs a full pass over the current tree, after checking that every
    /// component it mounts is still defined.
    @discardableResult
    public mutating func remountChecked(trigger: String) throws(EngineError) -> PassSummary {
        try checkRootsMountable()
        return remount(trigger: trigger)
    }

    /// Throws when a mounted root type (or a type it refers to) cannot mount;
    /// operations call it before changing anything.
    func checkRootsMountable() throws(EngineError) {
        for name in rootComponents { try catalog.checkMountable(name) }
        try strategy.validate(self)
    }

    /// Takes a mounted instance out of the tree, then runs a pass.
    @discardableResult
    public mutating func hide(_ path: ComponentPath, trigger: String) throws(EngineError) -> PassSummary {
        let node = try resolve(path)
        if node.isHidden { throw .alreadyHidden(node.path.description) }
        try checkRootsMountable()
        hiddenPaths.append(node.path)
        return remount(trigger: trigger)
    }

    /// Puts an instance taken out with `hide` back, then runs a pass.
    @discardableResult
    public mutating func show(_ path: ComponentPath, trigger: String) throws(EngineError) -> PassSummary {
        guard hiddenPaths.contains(path) else {
            throw .notHidden(path.description, hidden: hiddenPaths.map(\.description))
        }
        try checkRootsMountable()
        hiddenPaths.remove(path)
        return remount(trigger: trigger)
    }

    /// Sets an instance value of one attribute, then runs a pass.
    @discardableResult
    public mutating func set(_ path: ComponentPath, attribute: String, raw: String, quoted: Bool,
                             trigger: String) throws(EngineError) -> PassSummary {
        let node = try resolve(path)
        guard let definition = catalog.components[node.name], definition.view != nil else {
            throw .noView(node.path.description)
        }
        if definition.isList { throw .listTakesNoAttributes(node.path.description) }
        let template = try catalog.template(attribute, raw: raw, quoted: quoted)
        try checkRootsMountable()
        instanceValues[node.path, default: [:]][attribute] = template
        return remount(trigger: trigger)
    }

    /// Switches the reuse strategy. The view tree starts afresh (views made
    /// under one keying cannot be judged by another); definitions, mounted
    /// components, instance values and offsets are kept, and a pass runs.
    @discardableResult
    public mutating func setStrategy(named name: String, options: [(name: String, value: Int)] = [],
                                     trigger: String) throws(EngineError) -> PassSummary? {
        guard let base = StrategyRegistry.named(name) else {
            throw .unknownStrategy(name, suggestion: closestName(to: name, in: StrategyRegistry.names))
        }
        return try setStrategy(try base.with(options: options), trigger: trigger)
    }

    /// Switches to a configured strategy; see ``setStrategy(named:options:trigger:)``.
    @discardableResult
    public mutating func setStrategy(_ strategy: any ReuseStrategy, trigger: String) throws(EngineError) -> PassSummary? {
        for component in rootComponents { try catalog.checkMountable(component) }
        try strategy.validate(self)
        self.strategy = strategy
        clearViews()
        return rootComponents.isEmpty ? nil : remount(trigger: trigger)
    }

    /// Drops every view but the root, and the log.
    mutating func clearViews() {
        let keepsEvents = log.keepsEvents
        var root = views[0]
        root.subviews = []
        root.pools = [:]
        views = [root]
        mounted = []
        log = EventLog()
        log.keepsEvents = keepsEvents
        peakViews = 1
        removedViews = 0
    }

    // MARK: Paths

    /// The mounted node at `path`, or an error naming the nearest miss.
    public func resolve(_ path: ComponentPath) throws(EngineError) -> MountedNode {
        guard !mounted.isEmpty else { throw .nothingMounted }
        var nodes = Array(mounted)
        var node: MountedNode?
        for (depth, segment) in path.segments.enumerated() {
            let prefix = ComponentPath(Array(path.segments[..<depth]))
            switch segment {
            case .named:
                guard let next = nodes.first(where: { $0.path.segments.last == segment }) else {
                    let candidates = nodes.map { $0.path.description }
                    let typed = prefix.appending(segment).description
                    throw .noSuchPath(typed, suggestion: closestName(to: typed, in: candidates))
                }
                node = next
            case .row(let row):
                guard let list = node, let definition = catalog.components[list.name],
                      case .list(let spec) = definition.body else {
                    throw .noSuchPath(prefix.appending(segment).description, suggestion: nil)
                }
                guard let first = list.rows.first?.row, row >= first, row - first < list.rows.count else {
                    let window = spec.window(at: listOffsets[list.path, default: 0])
                    throw .rowNotVisible(list: list.path.description, row: row, visible: list.rows.isEmpty ? 0..<0 : window)
                }
                node = list.rows[row - first]
            }
            nodes = Array(node?.children ?? [])
        }
        guard let node else { throw .noSuchPath(path.description, suggestion: nil) }
        return node
    }

    /// The instance that holds `view` now.
    public func holder(of view: ViewID) throws(EngineError) -> MountedNode {
        guard let found = lookUp(view) else { throw .unknownView(view.description) }
        guard view != .root else { throw .rootIsNotAComponent }
        guard isVisible(view), let owner = found.owner, let node = try? resolve(owner), node.view == view else {
            throw .viewNotHeld(view)
        }
        return node
    }

    /// Every mounted instance, depth first (hidden ones included).
    public var allInstances: [MountedNode] {
        var result: [MountedNode] = []
        for root in mounted {
            result.append(root)
            root.forEachDescendant { result.append($0) }
        }
        return result
    }
}
