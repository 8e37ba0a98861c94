import DequeModule

/// The bookkeeping of one pass: which parents were visited and in what order
/// each handed out its views.
struct MountPass {
    /// Plain parents visited, in visit order; their pools are settled at the end.
    var parents: [ViewID] = []
    var visited: Set<ViewID> = []
    /// Per parent, the views taken, in the order they were taken.
    var taken: [ViewID: [ViewID]] = [:]

    mutating func visit(_ parent: ViewID) {
        if visited.insert(parent).inserted { parents.append(parent) }
    }
}

extension Engine {
    // MARK: The full pass

    /// Walks the whole mounted tree depth first and settles every pool.
    ///
    /// 1. For each component with a view, in child order: compute the key,
    ///    take the next view of that pool from the parent, or create one.
    /// 2. Configure it: skip an equal configuration, else unapply and apply.
    /// 3. Children mount into that view; a viewless component's children mount
    ///    into the nearest ancestor view.
    /// 4. At the end, every pool view nobody took is hidden, and each parent's
    ///    subviews follow the order views were taken.
    ///
    /// Cost: the visible tree plus the pools of the parents visited.
    @discardableResult
    public mutating func remount(trigger: String = "remount") -> PassSummary {
        log.beginPass(trigger)
        var pass = MountPass()
        pass.visit(.root)
        var nodes: [MountedNode] = []
        let names = rootComponents
        let namesakes = Engine.namesakeCounts(names)
        var seen: [String: Int] = [:]
        for name in names {
            let index = seen[name, default: 0]
            seen[name] = index + 1
            let segment = ComponentPath.Segment.named(name, index: index)
            let display = MountedNode.display(parent: "", segment: segment, namesakes: namesakes[name, default: 0] > 1)
            nodes.append(mountInstance(name, path: ComponentPath([segment]), display: display, parent: .root, row: nil, pass: &pass))
        }
        mounted = nodes
        settle(&pass)
        return log.passes[log.passes.count - 1]
    }

    static func namesakeCounts(_ names: [String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        return counts
    }

    /// Mounts one component instance (and its subtree) into `parent`.
    mutating func mountInstance(_ name: String, path: ComponentPath, display: String, parent: ViewID, row: Int?,
                                pass: inout MountPass) -> MountedNode {
        var node = MountedNode(name: name, path: path, displayPath: display, row: row)
        if hiddenPaths.contains(path) {
            node.isHidden = true
            return node
        }
        guard let definition = catalog.components[name] else { return node }
        let instance = Instance(component: name, path: path)
        var container = parent
        if let configuration = configuration(of: definition, at: path, row: row) {
            let key = strategy.key(component: name, configuration: configuration)
            let view = vend(key, from: parent, for: instance, pass: &pass)
            let strategy = self.strategy
            strategy.configure(view, to: configuration, for: instance, in: &self)
            node.view = view
            container = view
        }
        switch definition.body {
        case .component(_, let children):
            if let view = node.view {
                // Settle this view's pools even when no child mounts into it
                // (children hidden or removed), so their views get hidden.
                pass.visit(view)
                if views[view.number - 1].list != nil { forgetList(of: view) }
            }
            node.children = mountChildren(children, of: node, into: container, row: row, pass: &pass)
        case .list(let spec):
            node.rows = mountRows(of: spec, at: path, display: display, host: container, keeping: nil, pass: &pass)
        }
        return node
    }

    /// Mounts a plain component's children, in child order, into `container`.
    mutating func mountChildren(_ children: [String], of node: MountedNode, into container: ViewID, row: Int?,
                                pass: inout MountPass) -> [MountedNode] {
        let namesakes = Engine.namesakeCounts(children)
        var seen: [String: Int] = [:]
        var nodes: [MountedNode] = []
        for child in children {
            let index = seen[child, default: 0]
            seen[child] = index + 1
            let segment = ComponentPath.Segment.named(child, index: index)
            let display = MountedNode.display(parent: node.displayPath, segment: segment, namesakes: namesakes[child, default: 0] > 1)
            nodes.append(mountInstance(child, path: node.path.appending(segment), display: display, parent: container, row: row, pass: &pass))
        }
        return nodes
    }

    /// The configuration an instance asks for: its definition's attributes,
    /// then its instance values, with `{i}` replaced by the row number.
    func configuration(of definition: ComponentDefinition, at path: ComponentPath, row: Int?) -> ViewConfiguration? {
        guard var template = definition.view else { return nil }
        if let values = instanceValues[path] {
            for (name, value) in values {
                if let position = template.attributes.firstIndex(where: { $0.name == name }) {
                    template.attributes[position] = value
                } else {
                    template.attributes.append(value)
                }
            }
        }
        let attributes = template.attributes.map { attribute -> Attribute in
            if let resolved = attribute.resolved { return Attribute(attribute.name, resolved) }
            let value = (try? catalog.parse(attribute.name, raw: attribute.raw, quoted: attribute.wasQuoted, row: row ?? 0))
                ?? .text(attribute.raw.replacing(AttributeTemplate.rowPlaceholder, with: String(row ?? 0)))
            return Attribute(attribute.name, value)
        }
        return ViewConfiguration(viewClass: template.viewClass, attributes: attributes)
    }

    /// Takes the next view of `key`'s pool in `parent` (positional), or creates one.
    mutating func vend(_ key: ViewKey, from parent: ViewID, for instance: Instance, pass: inout MountPass) -> ViewID {
        pass.visit(parent)
        let index = parent.number - 1
        let view: ViewID
        if let pool = views[index].pools[key], pool.cursor < pool.views.count {
            view = pool.views[pool.cursor]
            views[index].pools[key]?.cursor += 1
            take(view, key: key, in: parent, for: instance)
        } else {
            view = createView(key: key, in: parent, instance: instance)
            views[index].pools[key]?.cursor += 1
        }
        pass.taken[parent, default: []].append(view)
        return view
    }

    /// Ends a pass: hides every pool view nobody took, resets the cursors and
    /// orders subviews as views were taken.
    mutating func settle(_ pass: inout MountPass) {
        for parent in pass.parents {
            let index = parent.number - 1
            for key in views[index].pools.keys {
                guard let pool = views[index].pools[key] else { continue }
                for view in pool.views[pool.cursor...] { hide(view, in: parent) }
                views[index].pools[key]?.cursor = 0
            }
            let taken = pass.taken[parent] ?? []
            let takenSet = Set(taken)
            let order = taken + views[index].subviews.filter { !takenSet.contains($0) }
            if order != views[index].subviews {
                views[index].subviews = order
                record(.reorder, view: parent) { $0.order = order }
            }
        }
    }
}
