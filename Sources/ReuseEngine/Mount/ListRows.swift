import DequeModule

extension Engine {
    // MARK: Lists

    /// Brings a list host's cells to the window at the list's offset.
    ///
    /// Rows that leave give their cell back: hidden, it waits on its pool's
    /// stack. Rows that enter take the top cell of their key's stack or a new
    /// one. Rows that stay keep their cell; with `keepsRows` (a scroll step,
    /// only the window moved) `rows` holds their mounted nodes and they are
    /// not touched at all; without it (a full pass) they are configured again.
    /// `rows` ends as the visible rows' nodes, in row order.
    ///
    /// Cost: the rows that enter and leave (plus the staying rows in a full
    /// pass), never the list's length nor the viewport: `rows` and the host's
    /// cells are edited in place, so keep no other reference to them.
    /// Returns whether the host showed this list for the first time.
    @discardableResult
    mutating func mountRows(of spec: ListSpec, at path: ComponentPath, display: String, host: ViewID,
                            rows: inout Deque<MountedNode>, keepsRows: Bool, pass: inout MountPass) -> Bool {
        // A list redefined shorter: bring its offset back into range.
        if let offset = listOffsets[path], offset > spec.maximumOffset { listOffsets[path] = spec.maximumOffset }
        let window = spec.window(at: listOffsets[path, default: 0])
        let hostIndex = host.number - 1
        if views[hostIndex].list == nil {
            // A former plain parent now hosting a list: its views become free cells.
            for view in views[hostIndex].subviews { recycle(view, in: host) }
        }
        let firstTime = views[hostIndex].list == nil
        if firstTime { views[hostIndex].list = ListContent(firstRow: window.lowerBound, cells: []) }
        // Rows and cells are edited here; strategies keep the rest of the
        // host's list (cache, scrap, header, footer) up to date themselves.
        var content = views[hostIndex].list ?? ListContent(firstRow: window.lowerBound, cells: [])
        // The host keeps no second reference to the cells while they change
        // (a copy of them all per step otherwise); they are put back below.
        views[hostIndex].list?.cells = []
        let keepsNodes = keepsRows && rows.count == content.cells.count

        // Rows leaving at the front, then at the back.
        while let first = content.cells.first, !window.contains(content.firstRow) {
            if let cell = first { release(cell, row: content.firstRow, from: host, pass: pass) }
            content.cells.removeFirst()
            content.firstRow += 1
            if keepsNodes { rows.removeFirst() }
        }
        while let last = content.cells.last, !window.contains(content.firstRow + content.cells.count - 1) {
            if let cell = last { release(cell, row: content.firstRow + content.cells.count - 1, from: host, pass: pass) }
            content.cells.removeLast()
            if keepsNodes { rows.removeLast() }
        }
        if content.cells.isEmpty { content.firstRow = window.lowerBound }
        if !keepsNodes { rows = [] }

        // Rows entering before the kept ones, the kept ones, rows entering after.
        var front: [ViewID?] = []
        var frontNodes: [MountedNode] = []
        for row in window.lowerBound..<content.firstRow {
            let (node, cell) = mountRow(row, of: spec, in: path, display: display, host: host, cell: nil, pass: &pass)
            front.append(cell)
            frontNodes.append(node)
        }
        if !keepsNodes {
            for (offset, cell) in content.cells.enumerated() {
                let row = content.firstRow + offset
                let (node, newCell) = mountRow(row, of: spec, in: path, display: display, host: host, cell: cell, pass: &pass)
                content.cells[offset] = newCell
                rows.append(node)
            }
        }
        content.cells.prepend(contentsOf: front)
        rows.prepend(contentsOf: frontNodes)
        content.firstRow = window.lowerBound
        let end = content.firstRow + content.cells.count
        if end < window.upperBound {
            for row in end..<window.upperBound {
                let (node, cell) = mountRow(row, of: spec, in: path, display: display, host: host, cell: nil, pass: &pass)
                content.cells.append(cell)
                rows.append(node)
            }
        }
        views[hostIndex].list?.firstRow = content.firstRow
        views[hostIndex].list?.cells = content.cells
        return firstTime
    }

    /// Rows, header and footer are in place: the strategy settles what it
    /// keeps per list (RecyclerView's scrap into its cache, Valdi's counts).
    mutating func finishList(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool) {
        let strategy = self.strategy
        strategy.didMountList(spec, at: path, host: host, firstTime: firstTime, in: &self)
    }

    /// Mounts the cell instance of one row, on `cell` when the row already
    /// had one of the right key, else on a recycled or new cell.
    mutating func mountRow(_ row: Int, of spec: ListSpec, in listPath: ComponentPath, display: String, host: ViewID,
                           cell: ViewID?, pass: inout MountPass) -> (MountedNode, ViewID?) {
        let name = spec.cell(forRow: row)
        let path = listPath.appending(.row(row))
        var node = MountedNode(name: name, path: path, displayPath: MountedNode.display(parent: display, segment: .row(row), namesakes: false), row: row)
        if hiddenPaths.contains(path) {
            if let cell { release(cell, row: row, from: host, pass: pass) }
            node.isHidden = true
            return (node, nil)
        }
        guard let definition = catalog.components[name],
              let configuration = configuration(of: definition, at: path, row: row) else {
            if let cell { release(cell, row: row, from: host, pass: pass) }
            return (node, nil)
        }
        let instance = Instance(component: name, path: path, cellRow: row, display: node.displayPath)
        let key = strategy.cellKey(component: name, configuration: configuration, list: views[host.number - 1].ownerComponent ?? "", in: self)
        let strategy = self.strategy
        var view: ViewID
        if let cell, views[cell.number - 1].poolKey == key {
            view = cell
            take(view, key: key, in: host, for: instance)
        } else {
            if let cell { release(cell, row: row, from: host, pass: pass) }
            view = strategy.dequeueCell(key, row: row, host: host, for: instance, in: &self)
        }
        strategy.configure(view, to: configuration, for: instance, in: &self)
        node.view = view
        if case .component(_, let children) = definition.body {
            planChildren(children, under: path, row: row, into: view, pass: &pass)
            node.children = mountChildren(children, of: node, into: view, row: row, pass: &pass)
            // A cell's own subviews are a plain parent: settle them even when
            // the cell has no children left.
            pass.visit(view)
        }
        return (node, view)
    }

    /// A list host that a plain component takes over: its cells become plain
    /// pool views, vended by position and hidden at settle when nobody takes them.
    mutating func forgetList(of view: ViewID) {
        let index = view.number - 1
        views[index].list = nil
        for key in views[index].pools.keys { views[index].pools[key]?.recycled = [] }
        // Its header and footer, if any, are plain pool views from now on too.
        // Cells cached by position (RecyclerView) are plain hidden views now.
    }

    /// A cell whose row left, given back through the strategy.
    mutating func release(_ cell: ViewID, row: Int, from host: ViewID, pass: MountPass) {
        let strategy = self.strategy
        strategy.releaseCell(cell, row: row, host: host, in: &self, pass: pass)
    }

    // MARK: Headers and footers

    /// Shows a list's header while the window starts at row 0 and its footer
    /// while it reaches the last row; hides them otherwise. They come from the
    /// host's pools through the strategy's cell hooks, at positions -1 and
    /// `rows` (UIKit: from the header/footer queue). With
    /// `keeping` (a scroll step) a header or footer that stays is not touched.
    mutating func mountSupplementaries(of spec: ListSpec, at path: ComponentPath, display: String, host: ViewID,
                                       keeping: [MountedNode]?, pass: inout MountPass) -> [MountedNode] {
        let window = spec.window(at: listOffsets[path, default: 0])
        var nodes: [MountedNode] = []
        for (kind, name) in spec.supplementaries {
            let current = kind == .header ? views[host.number - 1].list?.header : views[host.number - 1].list?.footer
            // The position a RecyclerView would give it: before row 0, after the last row.
            let position = kind == .header ? -1 : spec.rows
            let shows = spec.rows > 0 && (kind == .header ? window.lowerBound == 0 : window.upperBound == spec.rows)
            let childPath = path.appending(.named(name, index: 0))
            guard shows, !hiddenPaths.contains(childPath), let definition = catalog.components[name],
                  let configuration = configuration(of: definition, at: childPath, row: nil) else {
                if let current {
                    setSupplementary(kind, nil, in: host)
                    release(current, row: position, from: host, pass: pass)
                }
                var node = MountedNode(name: name, path: childPath, displayPath: display + "/" + name, row: nil)
                node.isHidden = hiddenPaths.contains(childPath)
                if node.isHidden || shows { nodes.append(node) }
                continue
            }
            if let kept = keeping?.first(where: { $0.path == childPath }), let view = kept.view, view == current {
                nodes.append(kept)
                continue
            }
            let instance = Instance(component: name, path: childPath, cellRow: position, display: display + "/" + name)
            let key = strategy.cellKey(component: name, configuration: configuration,
                                       list: views[host.number - 1].ownerComponent ?? "", in: self)
            let strategy = self.strategy
            let view: ViewID
            if let current, views[current.number - 1].poolKey == key {
                view = current
                take(view, key: key, in: host, for: instance)
            } else {
                if let current { release(current, row: position, from: host, pass: pass) }
                view = strategy.dequeueCell(key, row: position, host: host, for: instance, in: &self)
            }
            setSupplementary(kind, view, in: host)
            strategy.configure(view, to: configuration, for: instance, in: &self)
            var node = MountedNode(name: name, path: childPath, displayPath: display + "/" + name, row: nil)
            node.view = view
            if case .component(_, let children) = definition.body {
                planChildren(children, under: childPath, row: nil, into: view, pass: &pass)
                node.children = mountChildren(children, of: node, into: view, row: nil, pass: &pass)
                pass.visit(view)
            }
            nodes.append(node)
        }
        return nodes
    }

    mutating func setSupplementary(_ kind: Supplementary, _ view: ViewID?, in host: ViewID) {
        switch kind {
        case .header: views[host.number - 1].list?.header = view
        case .footer: views[host.number - 1].list?.footer = view
        }
    }

    // MARK: Scrolling

    /// Moves a list's window and mounts only the rows that enter and leave.
    ///
    /// `delta` moves by rows; `target` jumps to a row. The offset is clamped to
    /// the list. Runs as one pass of its own.
    @discardableResult
    public mutating func scroll(_ listPath: ComponentPath, by delta: Int? = nil, to target: Int? = nil,
                                trigger: String) throws(EngineError) -> PassSummary {
        // Only the node's path, type and view: holding the node itself would
        // keep a second reference to its rows, and the step would copy them all.
        let (path, name, view) = try listTarget(listPath)
        guard let definition = catalog.components[name], case .list(let spec) = definition.body else {
            throw .notAList(listPath.description)
        }
        guard let host = view else { throw .noView(listPath.description) }
        try strategy.validate(self)
        // Definitions changed since the last full pass: the rows on screen were
        // mounted under the old ones, so this scroll runs a full pass.
        if definitionsPending { try checkRootsMountable() }
        let current = listOffsets[path, default: 0]
        let wanted: Int
        if let target { wanted = target } else {
            let (sum, overflow) = current.addingReportingOverflow(delta ?? 0)
            wanted = overflow ? (delta ?? 0 > 0 ? Int.max : 0) : sum
        }
        listOffsets[path] = max(0, min(wanted, spec.maximumOffset))
        if definitionsPending { return remount(trigger: trigger) }
        log.beginPass(trigger)
        var pass = MountPass()
        pass.isRelayout = target != nil
        updateNode(at: path) { engine, node in
            let firstTime = engine.mountRows(of: spec, at: path, display: node.displayPath, host: host, rows: &node.rows,
                                             keepsRows: true, pass: &pass)
            node.children = engine.mountSupplementaries(of: spec, at: path, display: node.displayPath, host: host,
                                                        keeping: node.children, pass: &pass)
            engine.finishList(spec, at: path, host: host, firstTime: firstTime)
        }
        settle(&pass)
        return log.passes[log.passes.count - 1]
    }

    /// The path, type and view of the mounted node at `listPath`.
    func listTarget(_ listPath: ComponentPath) throws(EngineError) -> (ComponentPath, String, ViewID?) {
        let node = try resolve(listPath)
        return (node.path, node.name, node.view)
    }

    /// The current offset of a list instance.
    public func offset(of listPath: ComponentPath) -> Int { listOffsets[listPath, default: 0] }

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
