import DequeModule

/// The bookkeeping of one pass: which parents were visited and in what order
/// each handed out its views.
public struct MountPass: Sendable {
    /// Plain parents visited, in visit order; their pools are settled at the end.
    var parents: [ViewID] = []
    var visited: Set<ViewID> = []
    /// Per parent, the views taken, in the order they were taken.
    var taken: [ViewID: [ViewID]] = [:]
    /// Every view taken in this pass.
    var takenViews: Set<ViewID> = []
    /// Views a planning strategy assigned to instances ahead of the walk.
    var planned: [ComponentPath: ViewID] = [:]
    /// The pass lays lists out again from scratch (a full pass, or a jump with
    /// `scroll to`) rather than moving them by rows (`scroll by`).
    public internal(set) var isRelayout = false
    /// Pools whose cursor moved in this pass, to put back at the end.
    var cursorsMoved: [(parent: ViewID, key: ViewKey)] = []

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
        definitionsPending = false
        log.beginPass(trigger)
        var pass = MountPass()
        pass.isRelayout = true
        pass.visit(.root)
        planChildren(rootComponents, under: .root, row: nil, into: .root, pass: &pass)
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
        let instance = Instance(component: name, path: path, display: display)
        var container = parent
        if let configuration = configuration(of: definition, at: path, row: row) {
            let key = strategy.key(component: name, configuration: configuration, catalog: catalog)
            let view = vend(key, from: parent, for: instance, pass: &pass)
            let strategy = self.strategy
            strategy.configure(view, to: configuration, for: instance, in: &self)
            node.view = view
            container = view
        }
        switch definition.body {
        case .component(_, let children):
            if let view = node.view {
                planChildren(children, under: path, row: row, into: view, pass: &pass)
                // Settle this view's pools even when no child mounts into it
                // (children hidden or removed), so their views get hidden.
                pass.visit(view)
                if views[view.number - 1].list != nil { forgetList(of: view) }
            }
            node.children = mountChildren(children, of: node, into: container, row: row, pass: &pass)
        case .list(let spec):
            let firstTime = mountRows(of: spec, at: path, display: display, host: container, rows: &node.rows,
                                      keepsRows: false, pass: &pass)
            node.children = mountSupplementaries(of: spec, at: path, display: display, host: container, keeping: nil, pass: &pass)
            finishList(spec, at: path, host: container, firstTime: firstTime)
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

    /// Takes a view for `instance` from `parent` through the strategy.
    mutating func vend(_ key: ViewKey, from parent: ViewID, for instance: Instance, pass: inout MountPass) -> ViewID {
        pass.visit(parent)
        let strategy = self.strategy
        let view = strategy.vend(key, from: parent, for: instance, in: &self, pass: &pass)
        pass.taken[parent, default: []].append(view)
        pass.takenViews.insert(view)
        return view
    }

    /// Ends a pass: each visited parent is settled by the strategy (by default:
    /// hide every pool view nobody took, order subviews as views were taken),
    /// and every cursor goes back to the start.
    mutating func settle(_ pass: inout MountPass) {
        let strategy = self.strategy
        for parent in pass.parents {
            strategy.settle(parent, in: &self, pass: &pass)
        }
        for (parent, key) in pass.cursorsMoved {
            views[parent.number - 1].pools[key]?.cursor = 0
        }
    }

    /// The blocks that will mount into one view: `children`, looking through
    /// viewless components to their children, in mount order.
    func plannedBlocks(_ children: [String], under path: ComponentPath, row: Int?) -> [PlannedBlock] {
        var blocks: [PlannedBlock] = []
        var seen: [String: Int] = [:]
        for child in children {
            let index = seen[child, default: 0]
            seen[child] = index + 1
            let childPath = path.appending(.named(child, index: index))
            guard !hiddenPaths.contains(childPath), let definition = catalog.components[child] else { continue }
            if let configuration = configuration(of: definition, at: childPath, row: row) {
                let instance = Instance(component: child, path: childPath)
                blocks.append(PlannedBlock(instance: instance, key: strategy.key(component: child, configuration: configuration, catalog: catalog),
                                           configuration: configuration))
            } else if case .component(_, let grandchildren) = definition.body {
                blocks += plannedBlocks(grandchildren, under: childPath, row: row)
            }
        }
        return blocks
    }

    /// Lets a planning strategy see the blocks of `container` before they mount.
    mutating func planChildren(_ children: [String], under path: ComponentPath, row: Int?, into container: ViewID,
                               pass: inout MountPass) {
        guard strategy.plansChildren else { return }
        let blocks = plannedBlocks(children, under: path, row: row)
        let strategy = self.strategy
        pass.visit(container)
        strategy.plan(blocks, into: container, in: &self, pass: &pass)
    }
}
