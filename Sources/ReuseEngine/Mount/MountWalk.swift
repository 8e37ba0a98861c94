extension Engine {
    // MARK: The full pass

    /// Walks the whole mounted tree depth first and settles every parent.
    ///
    /// 1. For each component with a view, in child order: compute the key
    ///    (``Keying``), take a view from the parent (``ParentReuse``), or a
    ///    cell from a list host (``CellReuse``).
    /// 2. Configure it (``Application``): by default skip an equal
    ///    configuration, else unapply and apply.
    /// 3. Children mount into that view; a viewless component's children mount
    ///    into the nearest ancestor view.
    /// 4. At the end each visited parent is settled: by default every pool
    ///    view nobody took is hidden, and subviews follow the order views were taken.
    ///
    /// Cost: the visible tree plus the pools of the parents visited. `first`
    /// runs after the pass began (a strategy switch clears the tree there).
    mutating func runFullPass(trigger: String, first: (inout Engine) -> Void = { _ in }) -> PassSummary {
        session.definitionsPending = false
        beginPass(trigger)
        first(&self)
        var pass = mountPass(isRelayout: true)
        pass.visit(.root)
        // The last pass's tree is walked again in place (held here alone, so
        // it is edited, not copied): nodes whose place did not change keep
        // their paths, and nothing is freed and made again.
        var roots = session.mounted
        session.mounted = []
        planChildren(session.rootComponents, under: .root, row: nil, into: .root, nodes: roots, pass: &pass)
        mountChildren(session.rootComponents, under: .root, into: .root, row: nil, nodes: &roots, pass: &pass)
        session.mounted = roots
        settle(&pass)
        return session.store.log.lastSummary
    }

    /// The path of each child: `[index]` among same-named siblings.
    static func childPaths(_ children: [String], under parent: ComponentPath) -> [ComponentPath] {
        var paths: [ComponentPath] = []
        paths.reserveCapacity(children.count)
        forEachChildPath(children, under: parent) { _, path in paths.append(path) }
        return paths
    }

    /// New nodes for `children` under `parent`, made straight from their
    /// paths (a new row's cell makes its children at every scroll step).
    static func childNodes(_ children: [String], under parent: ComponentPath, row: Int?) -> [MountedNode] {
        var nodes: [MountedNode] = []
        nodes.reserveCapacity(children.count)
        forEachChildPath(children, under: parent) { position, path in
            nodes.append(MountedNode(name: children[position], path: path, row: row))
        }
        return nodes
    }

    /// Calls `body` with each child's position and path, in child order.
    /// (Without hashing for the common shapes: one name repeated, or a few children.)
    private static func forEachChildPath(_ children: [String], under parent: ComponentPath,
                                         _ body: (Int, ComponentPath) -> Void) {
        guard let first = children.first else { return }
        if children.allSatisfy({ $0 == first }) {
            let namesakes = children.count > 1
            for position in children.indices {
                body(position, parent.appending(.named(first, index: position), namesakes: namesakes))
            }
            return
        }
        if children.count <= 8 {
            for position in children.indices {
                let name = children[position]
                let index = children[..<position].reduce(0) { $0 + ($1 == name ? 1 : 0) }
                let namesakes = index > 0 || children[(position + 1)...].contains(name)
                body(position, parent.appending(.named(name, index: index), namesakes: namesakes))
            }
            return
        }
        var counts: [String: Int] = [:]
        for name in children { counts[name, default: 0] += 1 }
        var seen: [String: Int] = [:]
        for (position, name) in children.enumerated() {
            let index = seen[name, default: 0]
            seen[name] = index + 1
            body(position, parent.appending(.named(name, index: index), namesakes: counts[name, default: 0] > 1))
        }
    }

    /// Mounts a component's children, in child order, into `container`.
    ///
    /// `nodes` holds what the last pass mounted there: when it names the
    /// same children in the same order, each node is mounted again in place
    /// (its path, made from the same parent path and names, is the same);
    /// otherwise the children start as new nodes.
    mutating func mountChildren(_ children: [String], under parent: ComponentPath, into container: ViewID, row: Int?,
                                nodes: inout [MountedNode], pass: inout MountPass) {
        if !nodes.isNamed(children) {
            nodes = Engine.childNodes(children, under: parent, row: row)
        }
        for index in nodes.indices {
            mountInstance(&nodes[index], parent: container, row: row, pass: &pass)
        }
    }

    /// ``mountChildren(_:under:into:row:nodes:pass:)`` for `node`'s children,
    /// their paths made from `node.path` only when they are new nodes (the
    /// parent's path is read in the node, not copied out for every call).
    mutating func mountChildren(_ children: [String], of node: inout MountedNode, into container: ViewID, row: Int?,
                                pass: inout MountPass) {
        if !node.children.isNamed(children) {
            node.children = Engine.childNodes(children, under: node.path, row: row)
        }
        for index in node.children.indices {
            mountInstance(&node.children[index], parent: container, row: row, pass: &pass)
        }
    }

    /// Mounts one component instance (and its subtree) into `parent`.
    /// `node` comes with its name and path, and what the last pass mounted
    /// there, if anything: it leaves with what this pass mounted.
    mutating func mountInstance(_ node: inout MountedNode, parent: ViewID, row: Int?, pass: inout MountPass) {
        node.row = row
        node.view = nil
        node.isHidden = false
        // Ctrl-C: the rest of the walk returns at once; the operation then
        // restores the state it began with.
        if passAbandoned { return }
        if let check = interruptionCheck, check() {
            passAbandoned = true
            return
        }
        if !session.hiddenPaths.isEmpty, session.hiddenPaths.contains(node.path) {
            node.isHidden = true
            node.forgetSubtree()
            return
        }
        if withLentDefinition(of: &node, { engine, node, definition in
            engine.mountDefined(&node, definition, parent: parent, row: row, pass: &pass)
        }) != nil { return }
        guard let definition = definition(for: &node) else {
            node.forgetSubtree()
            return
        }
        mountDefined(&node, definition, parent: parent, row: row, pass: &pass)
    }

    /// Runs `body` with the definition `node` keeps lent to it, not
    /// retained and released around each use (`FastPaths.unretainedDefinitions`);
    /// nil, having done nothing, when the node keeps none for the
    /// catalogue's version (or the switch is off).
    ///
    /// Safe because the node's cache holds the definition until `body`
    /// returns: within a node's mount only `definition(for:)` would write
    /// `NodeCache.definition`, and nothing there calls it on this node
    /// (its children and rows are other nodes; `follow`, which resets a
    /// cache, runs on rows before they mount). The catalogue holds it too
    /// while its version is the one the node kept.
    @inline(__always)
    mutating func withLentDefinition<Result>(of node: inout MountedNode,
                                             _ body: (inout Engine, inout MountedNode, MountableDefinition) -> Result) -> Result? {
        guard session.store.fastPaths.contains(.unretainedDefinitions), session.store.fastPaths.contains(.definitionMemo),
              let kept = node.cache.keptDefinition(ifVersion: catalog.definitions) else { return nil }
        let result = kept._withUnsafeGuaranteedRef { body(&self, &node, $0) }
        assert(node.cache.keptDefinition(ifVersion: catalog.definitions)?.toOpaque() == kept.toOpaque(),
               "a lent definition is still the node's when its mount returns")
        return result
    }

    /// ``mountInstance(_:parent:row:pass:)`` once the node's definition is known.
    @inline(__always)
    private mutating func mountDefined(_ node: inout MountedNode, _ definition: MountableDefinition, parent: ViewID, row: Int?,
                                       pass: inout MountPass) {
        assert(node.cache.definition == nil || node.cache.definition?.value === definition
               || !session.store.fastPaths.contains(.definitionMemo), "a node mounts with the definition it keeps")
        let container = mountView(of: &node, definition, parent: parent, row: row, pass: &pass) ?? parent
        if let children = definition.children {
            if let view = node.view { prepareParent(view, children: children, of: &node, row: row, pass: &pass) }
            if !node.rows.isEmpty { node.rows = [] }
            // A list's header and footer are not children to walk again.
            if node.childrenAreSupplementaries {
                node.children = []
                node.childrenAreSupplementaries = false
            }
            mountChildren(children, of: &node, into: container, row: row, pass: &pass)
        } else if let spec = definition.list {
            mountList(spec, of: &node, host: container, pass: &pass)
        }
    }

    /// Steps 1 and 2 for one instance: its key, a view from its parent (or a
    /// new one), configured; returns the view (nil: a viewless component).
    ///
    /// A function of its own, like ``prepareParent(_:children:of:row:pass:)``:
    /// ``mountInstance(_:parent:row:pass:)`` recurses once per level of the
    /// tree, so its frame is kept small (with these steps inline, a debug
    /// build overflows a test thread's stack on a tree at ``Catalog/maximumDepth``).
    @inline(never)
    mutating func mountView(of node: inout MountedNode, _ definition: MountableDefinition, parent: ViewID, row: Int?,
                            pass: inout MountPass) -> ViewID? {
        if let view = mountKept(node, definition, parent: parent, row: row, pass: &pass) {
            node.view = view
            return view
        }
        guard let configuration = configuration(of: definition, for: &node) else { return nil }
        let key = key(for: &node, configuration, pass: &pass)
        let view = place(configuration, key: key, for: Instance(component: node.name, path: node.path), definition,
                         parent: parent, row: row, pass: &pass)
        node.view = view
        return view
    }

    /// ``mountView(of:_:parent:row:pass:)`` for a node that keeps its
    /// configuration for `definition` and its key for the strategy's
    /// keying (the usual case from the second pass on); nil, having done
    /// nothing, for any other.
    ///
    /// The node is lent, not held `inout`: its configuration, key, name and
    /// path are read in place, not copied out as from an `inout` node. What
    /// is bound from it is eager-move (strings, arrays, ``KeptKey``), so no
    /// `let` keeps a copy of its own.
    @inline(__always)
    private mutating func mountKept(_ node: MountedNode, _ definition: MountableDefinition, parent: ViewID, row: Int?,
                                    pass: inout MountPass) -> ViewID? {
        guard session.store.fastPaths.contains(.keptConfigurations), session.store.fastPaths.contains(.keptKeys),
              node.cache.configuration?.definition === definition, let kept = node.cache.keptKey, kept.keying == keyingType(inRow: row),
              let configuration = node.cache.configuration?.value else { return nil }
        return place(configuration, key: kept.key, for: Instance(component: node.name, path: node.path), definition,
                     parent: parent, row: row, pass: &pass)
    }

    /// Takes a view of `key` from `parent` for `instance` and configures it
    /// (steps 1 and 2 once the key is known); returns the view.
    @inline(__always)
    private mutating func place(_ configuration: ViewConfiguration, key: ViewKey, for instance: Instance,
                                _ definition: MountableDefinition, parent: ViewID, row: Int?, pass: inout MountPass) -> ViewID {
        let vended = session.strategy.parents.vend(key, viewClass: configuration.viewClass, from: parent, for: instance, store: &session.store, pass: pass)
        // (The keying's type, not the keying, is asked: testing an optional
        // existential copies it.)
        if row != nil, session.strategy.traits.subviewKeyingType != nil, pass.isBound(parent) {
            configureBoundSubview(vended, to: configuration, for: instance)
        } else {
            session.strategy.application.configure(vended.view, to: configuration, for: instance, acquired: vended.acquisition, store: &session.store)
        }
        // The parent visited and the take recorded only now (a vend reads
        // neither the parents visited nor this view's marks; a configure
        // reads no marks): one write of the pass's table. Bound to its item
        // now, or inside a view bound in this pass (a cell dequeued for a
        // row binds everything in it).
        if pass.take(vended.view, from: parent, binds: vended.acquisition.binds) {
            startLoads(of: definition, on: vended.view, for: instance, row: row)
        }
        return vended.view
    }

    /// A cell's own subview (``CellReuse/subviewKeying``) inside a cell
    /// bound to its item in this pass: the bind (UIKit's `cellForRowAt`,
    /// RecyclerView's `onBindViewHolder`) sets it as it sets the cell, with
    /// the strategy's cell application, from scratch (a view the cell kept
    /// is bound again, not diffed).
    @inline(never)
    private mutating func configureBoundSubview(_ vended: Vended, to configuration: ViewConfiguration, for instance: Instance) {
        let acquired: Acquisition = switch vended.acquisition {
        case .created: .created
        case .taken(let taken), .mustRebind(let taken): .mustRebind(taken)
        }
        session.strategy.cellApplication.configure(vended.view, to: configuration, for: instance, acquired: acquired, store: &session.store)
    }

    /// Step 3's preparation of a view its children mount into: a planning
    /// strategy sees them first; the view is visited to be settled, even
    /// when no child mounts into it (children hidden or removed: their views
    /// get hidden), unless it is a leaf holding no views (nothing to
    /// settle); a former list host forgets its rows.
    ///
    /// Inlined for its usual case, a leaf with nothing to prepare (no
    /// children, no views, no list) under a strategy that plans nothing:
    /// the rest, not inlined, is ``prepareParentFully(_:children:of:row:pass:)``.
    @inline(__always)
    mutating func prepareParent(_ view: ViewID, children: [String], of node: inout MountedNode, row: Int?, pass: inout MountPass) {
        if children.isEmpty, !session.store.hasSubviews(view), session.store[view].list == nil, !session.strategy.traits.plansChildren,
           session.store.fastPaths.contains(.leafParent) { return }
        prepareParentFully(view, children: children, of: &node, row: row, pass: &pass)
    }

    /// ``prepareParent(_:children:of:row:pass:)``'s steps. (`node` is lent
    /// `inout`, not copied: its path and the children the last pass
    /// mounted are read in place.)
    @inline(never)
    private mutating func prepareParentFully(_ view: ViewID, children: [String], of node: inout MountedNode, row: Int?,
                                             pass: inout MountPass) {
        // A list's header and footer are not children: the nodes name none.
        if node.childrenAreSupplementaries {
            planChildren(children, under: node.path, row: row, into: view, pass: &pass)
        } else {
            planChildren(children, under: node.path, row: row, into: view, nodes: node.children, pass: &pass)
        }
        if !children.isEmpty || session.store.hasSubviews(view) { pass.visit(view) }
        stopHostingList(view)
    }

    /// The pool key of `node`'s configuration: the one kept in the node
    /// while its configuration is kept (``MountedNode/keptKey``), else the
    /// pass's, kept when the strategy's keying is pure or reads only the
    /// configuration (``KeyReadsOnlyItsConfiguration``).
    func key(for node: inout MountedNode, _ configuration: ViewConfiguration, pass: inout MountPass) -> ViewKey {
        let type = keyingType(inRow: node.row)
        if session.store.fastPaths.contains(.keptKeys), let kept = node.cache.keptKey, kept.keying == type { return kept.key }
        let keying = keying(inRow: node.row)
        let key = pass.key(node.name, configuration, keying: keying, catalog: catalog)
        // Kept with the configuration it was made from: a pure key, or one
        // that reads that configuration alone (``KeyReadsOnlyItsConfiguration``).
        // (A keying that reads no values is not cast: a failed dynamic cast
        // is dear, and componentkit's impure keying is asked at every
        // instance. A keying of the safe speed hints, which reads values,
        // pays it.)
        if node.cache.configuration != nil,
           keying.isPure || (keying.readsValues && keying is any KeyReadsOnlyItsConfiguration) {
            node.cache.keptKey = KeptKey(keying: type, key: key)
        }
        return key
    }

    /// The keying of a view under a plain parent, for an instance in list
    /// row `row` (nil: in none): a cell's own subview's where the strategy's
    /// cells own their subviews (``CellReuse/subviewKeying``), else the
    /// strategy's keying.
    func keying(inRow row: Int?) -> any Keying {
        if row != nil, let keying = session.strategy.traits.subviewKeying { return keying }
        return session.strategy.keying
    }

    /// The dynamic type of ``keying(inRow:)``, read from the traits (a key
    /// kept in a node is tagged with it).
    @inline(__always)
    func keyingType(inRow row: Int?) -> ObjectIdentifier {
        if row != nil, let type = session.strategy.traits.subviewKeyingType { return type }
        return session.strategy.traits.keyingType
    }

    /// The catalogue's definition of `node`'s type, kept in the node while
    /// the catalogue's definitions are unchanged: a full pass over the same
    /// tree hashes no names.
    mutating func definition(for node: inout MountedNode) -> MountableDefinition? {
        guard session.store.fastPaths.contains(.definitionMemo) else { return catalog.mountable[node.name] }
        if let kept = node.cache.definition, kept.version === catalog.definitions { return kept.value }
        let found = mountableDefinition(named: node.name)
        node.cache.definition = found.map { (catalog.definitions, $0) }
        return found
    }

    /// The catalogue's definition of component type `name`: from
    /// ``DefinitionMemo`` while the catalogue's definitions are unchanged,
    /// else looked up by name (and remembered). A scroll step mounts a new
    /// row's nodes, which keep no definition yet: the memo saves hashing
    /// the cell's and its children's names at every step.
    mutating func mountableDefinition(named name: String) -> MountableDefinition? {
        if let found = scratch.definitionMemo.definition(named: name, in: catalog.definitions) { return found }
        guard let found = catalog.mountable[name] else { return nil }
        scratch.definitionMemo.remember(found, named: name, in: catalog.definitions)
        return found
    }

    /// Whether instances of `component` may have `set` values: the types
    /// ``Engine/Session/componentsWithInstanceValues`` names (it names every
    /// type ``Engine/Session/instanceValues`` holds), else every type
    /// ``Engine/Session/instanceValues`` holds, found by a scan.
    @inline(__always)
    func mayHaveInstanceValues(_ component: String) -> Bool {
        guard session.store.fastPaths.contains(.instanceValueIndex) else {
            return session.instanceValues.keysInAnyOrder.contains { $0.component == component }
        }
        return !session.componentsWithInstanceValues.isEmpty && session.componentsWithInstanceValues.contains(component)
    }

    /// The types whose kept configurations a node moved to another row
    /// forgets (``MountedNode/moveToRow(_:forgetting:)``): those that may
    /// have `set` values (``mayHaveInstanceValues(_:)``).
    var typesWithInstanceValues: Set<String> {
        guard session.store.fastPaths.contains(.instanceValueIndex) else {
            return Set(session.instanceValues.keysInAnyOrder.map(\.component))
        }
        return session.componentsWithInstanceValues
    }

    /// Starts the loads a component starts when its view is bound to its item.
    mutating func startLoads(of definition: MountableDefinition, on view: ViewID, for instance: Instance, row: Int?) {
        guard let loads = definition.view?.loads, !loads.isEmpty else { return }
        for load in loads {
            session.store.startLoad(attribute(load.attribute, row: row), after: load.delay(forRow: row), checksItem: load.checksItem,
                                    on: view, for: instance)
        }
    }

    /// An attribute template's value in a row (``Catalog/value(of:row:)``).
    /// (Not inlined: kept out of the loads ``mountView(of:_:parent:row:pass:)``
    /// starts, so the mount walk's code stays small.)
    @inline(never)
    func attribute(_ attribute: AttributeTemplate, row: Int?) -> Attribute {
        Attribute(attribute.name, catalog.value(of: attribute, row: row), property: attribute.property)
    }

    /// The bookkeeping of a pass that begins now, on the engine's scratch
    /// tables and memo, under the session's next stamp; ``settle(_:)``
    /// gives them back.
    @inline(__always)
    mutating func mountPass(isRelayout: Bool) -> MountPass {
        MountPass(isRelayout: isRelayout, stamp: &session.passStamp, marks: &scratch.marks, keys: &scratch.keyMemo,
                  memoizesKeys: session.store.fastPaths.contains(.keyMemo))
    }

    /// Begins a pass: late results due by now land first, as a run loop's
    /// completions run before the next layout.
    mutating func beginPass(_ trigger: String) {
        session.store.log.beginPass(trigger)
        session.store.deliverDueLoads()
    }

    /// The configuration an instance asks for: its definition's attributes,
    /// then its instance values, with `{i}` replaced by the row number.
    func configuration(of definition: MountableDefinition, at path: ComponentPath, row: Int?) -> ViewConfiguration? {
        made(definition, at: path, row: row)?.configuration
    }

    /// ``configuration(of:at:row:)`` for `node`, kept in it when it does not
    /// read the row, and taken from it while its definition is unchanged.
    func configuration(of definition: MountableDefinition, for node: inout MountedNode) -> ViewConfiguration? {
        if session.store.fastPaths.contains(.keptConfigurations), let kept = node.cache.configuration, kept.definition === definition {
            return kept.value
        }
        node.cache.forgetConfiguration()
        guard let (configuration, readsRow) = made(definition, at: node.path, row: node.row) else { return nil }
        if !readsRow { node.cache.keep(configuration, madeFrom: definition) }
        return configuration
    }

    /// The configuration an instance asks for, and whether it reads the row
    /// (`{i}` in its definition or its `set` values): one made in advance
    /// (``MountableDefinition/fixed``, ``InstanceValues``) when there is one.
    private func made(_ definition: MountableDefinition, at path: ComponentPath,
                      row: Int?) -> (configuration: ViewConfiguration, readsRow: Bool)? {
        guard let template = definition.view else { return nil }
        if mayHaveInstanceValues(definition.name),
           let values = session.instanceValues[InstanceKey(component: definition.name, path: path)] {
            if session.store.fastPaths.contains(.fixedConfigurations), let merged = values.configuration(over: definition) {
                return (merged, false)
            }
            let attributes = values.applied(to: template.attributes)
            return (ViewConfiguration(viewClass: template.viewClass, attributes: attributes.map { attribute($0, row: row) }), true)
        }
        if session.store.fastPaths.contains(.fixedConfigurations), let fixed = definition.fixed { return (fixed, false) }
        return (ViewConfiguration(viewClass: template.viewClass, attributes: template.attributes.map { attribute($0, row: row) }), true)
    }

    /// ``configuration(of:at:row:)`` for a list row, filled into the
    /// array the last row's configuration gave back
    /// (``Engine/rowAttributes``, returned by ``giveBack(_:)``) when it
    /// reads the row and no `set` value: a scroll step allocates no
    /// configuration.
    mutating func rowConfiguration(of definition: MountableDefinition, at path: ComponentPath, row: Int) -> ViewConfiguration? {
        guard let template = definition.view else { return nil }
        if definition.fixed != nil || mayHaveInstanceValues(definition.name) {
            return configuration(of: definition, at: path, row: row)
        }
        var attributes: [Attribute] = []
        if session.store.fastPaths.contains(.rowBuffer) {
            swap(&attributes, &scratch.rowAttributes)
            fill(&attributes, from: template.attributes, row: row)
        } else {
            attributes = template.attributes.map { attribute($0, row: row) }
        }
        var configuration = ViewConfiguration(viewClass: template.viewClass, attributes: attributes)
        configuration.isMadeForRow = true
        return configuration
    }

    /// Writes the values of `templates` in `row` over `attributes` (the
    /// array the last row's configuration gave back): an attribute that
    /// has the template's name and property already gets its value alone.
    ///
    /// Inlined, and a method of the engine's: the usual row text (`text:
    /// "Row {i}"`) is read field by field and filled in place; no template
    /// is passed to a call, and no method of the catalogue's copies it.
    @inline(__always)
    private func fill(_ attributes: inout [Attribute], from templates: [AttributeTemplate], row: Int) {
        if attributes.count != templates.count {
            attributes.removeAll(keepingCapacity: true)
            for template in templates {
                attributes.append(Attribute(template.name, catalog.value(of: template, row: row), property: template.property))
            }
            return
        }
        for index in templates.indices {
            let value = if templates[index].resolved == nil, catalog.takesText(templates[index].property),
                           let text = templates[index].rowFill?.filled(row: row) {
                AttributeValue.text(text)
            } else {
                catalog.value(of: templates[index], row: row)
            }
            if attributes[index].property == templates[index].property,
               attributes[index].name.hasSameRepresentation(as: templates[index].name) {
                attributes[index].value = value
            } else {
                attributes[index] = Attribute(templates[index].name, value, property: templates[index].property)
            }
        }
    }

    /// Gives a row configuration's array back for the next row
    /// (``rowConfiguration(of:at:row:)``).
    mutating func giveBack(_ configuration: consuming ViewConfiguration) {
        guard configuration.isMadeForRow, session.store.fastPaths.contains(.rowBuffer) else { return }
        swap(&scratch.rowAttributes, &configuration.attributes)
    }

    /// ``configuration(of:at:row:)`` worked out from the catalogue's
    /// definition and the `set` values, with nothing made in advance: what
    /// the invariant checker holds attached configurations to, so a stale
    /// stored configuration cannot agree with itself.
    func configurationFromScratch(of name: String, at path: ComponentPath, row: Int?) -> ViewConfiguration? {
        guard let template = catalog.components[name]?.view else { return nil }
        let values = session.instanceValues[InstanceKey(component: name, path: path)]
        let attributes = values.map { $0.applied(to: template.attributes) } ?? template.attributes
        return ViewConfiguration(viewClass: template.viewClass, attributes: attributes.map { attribute($0, row: row) })
    }

    /// Ends a pass: the strategy settles the parents it visited, and the
    /// pass gives its tables back for the next one.
    mutating func settle(_ pass: inout MountPass) {
        session.strategy.parents.settle(pass.parents, store: &session.store, pass: pass)
        pass.end(returning: &scratch.marks, keys: &scratch.keyMemo)
    }

    /// The blocks that will mount into one view: `children`, looking through
    /// viewless components to their children, in mount order.
    func plannedBlocks(_ children: [String], under path: ComponentPath, row: Int?) -> [PlannedBlock] {
        var blocks: [PlannedBlock] = []
        for (child, childPath) in zip(children, Engine.childPaths(children, under: path)) {
            // (An empty set is not asked: asking hashes the path.)
            if !session.hiddenPaths.isEmpty, session.hiddenPaths.contains(childPath) { continue }
            guard let definition = catalog.mountable[child] else { continue }
            if let configuration = configuration(of: definition, at: childPath, row: row) {
                let instance = Instance(component: child, path: childPath)
                blocks.append(PlannedBlock(instance: instance, key: session.strategy.keying.key(child, configuration, catalog: catalog),
                                           configuration: configuration))
            } else if let grandchildren = definition.children {
                blocks += plannedBlocks(grandchildren, under: childPath, row: row)
            }
        }
        return blocks
    }

    /// ``plannedBlocks(_:under:row:)`` read from `nodes`, what the last pass
    /// mounted for `children` under `path` (``FastPaths/plansFromNodes``):
    /// each node's definition, configuration and key where it kept them,
    /// else made as the general path makes them.
    ///
    /// Invariant: nodes named as `children`, in order, have the paths
    /// ``Engine/childPaths(_:under:)`` makes under `path` (the one rule
    /// ``mountChildren(_:under:into:row:nodes:pass:)`` mounts them again in
    /// place by); a node's kept definition is the catalogue's while the
    /// version it is tagged with is current (``FastPaths/definitionMemo``);
    /// a kept configuration is what ``configuration(of:at:row:)`` makes
    /// while its definition is the same object, as it reads no row and
    /// `set` on the instance drops it before the pass
    /// (``FastPaths/keptConfigurations``); and a kept key tagged with the
    /// strategy keying's type was made by that keying (pure, or reading
    /// that configuration alone) from that configuration
    /// (``FastPaths/keptKeys``). A node kept under a list's
    /// subview keying is tagged with that type: its key is made again.
    func plannedBlocks(_ children: [String], under path: ComponentPath, row: Int?, nodes: borrowing [MountedNode]) -> [PlannedBlock] {
        guard session.store.fastPaths.contains(.plansFromNodes), nodes.isNamed(children) else {
            return plannedBlocks(children, under: path, row: row)
        }
        var blocks: [PlannedBlock] = []
        blocks.reserveCapacity(children.count)
        appendPlannedBlocks(children, nodes: nodes, row: row, to: &blocks)
        return blocks
    }

    /// ``plannedBlocks(_:under:row:nodes:)``'s walk: `nodes` are named as
    /// `children`, in order.
    private func appendPlannedBlocks(_ children: [String], nodes: borrowing [MountedNode], row: Int?,
                                     to blocks: inout [PlannedBlock]) {
        let keyingType = session.strategy.traits.keyingType
        for index in nodes.indices {
            if !session.hiddenPaths.isEmpty, session.hiddenPaths.contains(nodes[index].path) { continue }
            guard let definition = nodes[index].cache.keptDefinition(ifVersion: catalog.definitions)?.takeUnretainedValue()
                    ?? catalog.mountable[children[index]] else { continue }
            let configuration: ViewConfiguration
            let key: ViewKey
            if let kept = nodes[index].cache.configuration, kept.definition === definition {
                configuration = kept.value
                key = if let keptKey = nodes[index].cache.keptKey, keptKey.keying == keyingType {
                    keptKey.key
                } else {
                    session.strategy.keying.key(children[index], configuration, catalog: catalog)
                }
            } else if let made = self.configuration(of: definition, at: nodes[index].path, row: row) {
                configuration = made
                key = session.strategy.keying.key(children[index], configuration, catalog: catalog)
            } else {
                // A viewless block: its children's blocks mount into the same container.
                if let grandchildren = definition.children {
                    if !nodes[index].childrenAreSupplementaries, nodes[index].children.isNamed(grandchildren) {
                        appendPlannedBlocks(grandchildren, nodes: nodes[index].children, row: row, to: &blocks)
                    } else {
                        blocks += plannedBlocks(grandchildren, under: nodes[index].path, row: row)
                    }
                }
                continue
            }
            blocks.append(PlannedBlock(instance: Instance(component: children[index], path: nodes[index].path), key: key,
                                       configuration: configuration))
        }
    }

    /// Lets a planning strategy see the blocks of `container` before they mount.
    mutating func planChildren(_ children: [String], under path: ComponentPath, row: Int?, into container: ViewID,
                               pass: inout MountPass) {
        guard session.strategy.traits.plansChildren else { return }
        plan(plannedBlocks(children, under: path, row: row), into: container, pass: &pass)
    }

    /// ``planChildren(_:under:row:into:pass:)`` with the nodes the last pass
    /// mounted for `children` (``plannedBlocks(_:under:row:nodes:)``).
    mutating func planChildren(_ children: [String], under path: ComponentPath, row: Int?, into container: ViewID,
                               nodes: borrowing [MountedNode], pass: inout MountPass) {
        guard session.strategy.traits.plansChildren else { return }
        plan(plannedBlocks(children, under: path, row: row, nodes: nodes), into: container, pass: &pass)
    }

    /// The strategy sees `blocks`, which will mount into `container`, visited in this pass.
    private mutating func plan(_ blocks: [PlannedBlock], into container: ViewID, pass: inout MountPass) {
        pass.visit(container)
        session.strategy.parents.plan(blocks, into: container, store: &session.store, pass: pass)
    }
}

/// The definitions of the last few component types looked up by name,
/// under one version of the catalogue's definitions; names are matched
/// by representation (the same storage or the same short name inline),
/// so a hit hashes nothing.
struct DefinitionMemo: Sendable {
    private var version: Catalog.Version?
    private var entries: [(name: String, definition: MountableDefinition)] = []
    private static let capacity = 4

    func definition(named name: String, in version: Catalog.Version) -> MountableDefinition? {
        guard self.version === version else { return nil }
        for entry in entries where entry.name.hasSameRepresentation(as: name) { return entry.definition }
        return nil
    }

    mutating func remember(_ definition: MountableDefinition, named name: String, in version: Catalog.Version) {
        if self.version !== version {
            self.version = version
            entries.removeAll(keepingCapacity: true)
        }
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append((name, definition))
    }
}
