import DequeModule

extension Engine {
    // MARK: Lists

    /// Brings a list host's cells to the window at the list's offset.
    ///
    /// Rows that leave give their cell back through ``CellReuse``. Rows that
    /// enter take a cell of their key from it. Rows that stay keep their cell;
    /// with `keepsRows` (a scroll step, only the window moved) `rows` holds
    /// their mounted nodes and they are not touched at all; without it (a
    /// full pass) they are configured again. `rows` ends as the visible rows'
    /// nodes, in row order.
    ///
    /// Cost: the rows that enter and leave (plus the staying rows in a full
    /// pass), never the list's length nor the viewport: `rows` and the host's
    /// cells are edited in place, so keep no other reference to them.
    /// `known` is the list's offset when the caller has just set it.
    /// Returns whether the host showed this list for the first time.
    @discardableResult
    mutating func mountRows(of spec: ListSpec, at path: ComponentPath, host: ViewID,
                            rows: inout Deque<MountedNode>, keepsRows: Bool, offset known: Int? = nil,
                            pass: inout MountPass) -> Bool {
        let offset: Int
        if let known {
            offset = known
        } else {
            // A list redefined shorter: bring its offset back into range.
            var stored = session.listOffsets[path, default: 0]
            if stored > spec.maximumOffset {
                stored = spec.maximumOffset
                session.listOffsets[path, default: 0] = stored
            }
            offset = stored
        }
        var window = spec.window(at: offset)
        if session.strategy.traits.cellsDrawBeyondViewport {
            window = session.strategy.cells.engagedRows(window, rows: spec.rows, host: host)
        }
        // A step of one row, the window's size unchanged: the row that
        // leaves at one end gives its node straight to the row that enters
        // at the other (``stepOneRow(_:of:at:host:window:rows:pass:)``),
        // and the host's cells are edited where they are. (A host that
        // shows a list already: not its first time.)
        if keepsRows, session.store.fastPaths.contains(.oneRowStep), let shown = session.store.listRows(of: host), rows.count == shown.count, window.count == shown.count,
           !window.isEmpty, window.lowerBound == shown.lowerBound + 1 || window.lowerBound + 1 == shown.lowerBound {
            stepOneRow(window.lowerBound > shown.lowerBound, of: spec, at: path, host: host, window: window,
                       rows: &rows, pass: &pass)
            return false
        }
        if session.store[host].list == nil {
            // A former plain parent now hosting a list: its views become free cells.
            for view in session.store[host].subviews { session.store.recycle(view, in: host) }
        }
        var (firstTime, content) = session.store.beginList(on: host, firstRow: window.lowerBound)
        let keepsNodes = keepsRows && rows.count == content.cells.count

        // The nodes of rows that leave wait in ``Engine/spareRows`` for rows
        // that enter, from `spares` on: this list's own. A list inside a
        // cell mounts its rows inside this call, above them, and takes
        // none of them. Spares nobody took go at the end.
        let spares = scratch.spareRows.count
        defer { if scratch.spareRows.count > spares { scratch.spareRows.removeSubrange(spares...) } }

        // Rows leaving at the front, then at the back.
        while let first = content.cells.first, !window.contains(content.firstRow) {
            if let cell = first { release(cell, slot: .row(content.firstRow), from: host, pass: pass) }
            content.cells.removeFirst()
            content.firstRow += 1
            if keepsNodes { scratch.spareRows.append(rows.removeFirst()) }
        }
        while let last = content.cells.last, !window.contains(content.firstRow + content.cells.count - 1) {
            if let cell = last { release(cell, slot: .row(content.firstRow + content.cells.count - 1), from: host, pass: pass) }
            content.cells.removeLast()
            if keepsNodes { scratch.spareRows.append(rows.removeLast()) }
        }
        if content.cells.isEmpty { content.firstRow = window.lowerBound }
        if !keepsNodes { rows = [] }

        // Rows entering before the kept ones, the kept ones, rows entering after.
        var front: [ViewID?] = []
        var frontNodes: [MountedNode] = []
        for row in window.lowerBound..<content.firstRow {
            let (node, cell) = mountRow(row, of: spec, in: path, host: host, cell: nil, sparesFrom: spares, pass: &pass)
            front.append(cell)
            frontNodes.append(node)
        }
        if !keepsNodes {
            for (offset, cell) in content.cells.enumerated() {
                let row = content.firstRow + offset
                let (node, newCell) = mountRow(row, of: spec, in: path, host: host, cell: cell, pass: &pass)
                content.cells[offset] = newCell
                rows.append(node)
            }
        }
        if !front.isEmpty {
            content.cells.prepend(contentsOf: front)
            rows.prepend(contentsOf: frontNodes)
        }
        content.firstRow = window.lowerBound
        let end = content.firstRow + content.cells.count
        if end < window.upperBound {
            for row in end..<window.upperBound {
                let (node, cell) = mountRow(row, of: spec, in: path, host: host, cell: nil, sparesFrom: spares, pass: &pass)
                content.cells.append(cell)
                rows.append(node)
            }
        }
        session.store.putRows(content, on: host)
        return firstTime
    }

    /// Mounts a list's rows, header and footer into `host`, the list's view
    /// (for a list that is a row's cell, that cell), then lets the strategy
    /// settle what it keeps for the list. Inside another list's slot its
    /// offset may be its view's (``listOffsetInSlot(_:of:host:)``).
    mutating func mountList(_ declared: ListSpec, of node: inout MountedNode, host: ViewID, pass: inout MountPass) {
        let path = node.path
        let spec = withItems(declared, at: path)
        let offset = listOffsetInSlot(spec, of: node, host: host)
        let firstTime = mountRows(of: spec, at: path, host: host, rows: &node.rows, keepsRows: false, offset: offset, pass: &pass)
        node.children = mountSupplementaries(of: spec, at: path, host: host, keeping: nil, pass: &pass)
        node.childrenAreSupplementaries = true
        finishList(spec, at: path, host: host, firstTime: firstTime)
    }

    /// The offset a list inside a list's slot (a row's cell, a header or
    /// footer, or a view inside one) shows on `host`, when the strategy
    /// keeps it in the view (``CellReuse/offsetTravelsWithCell``): the
    /// view's `contentOffset`, brought from the last item the view showed,
    /// unless the app restores the item's own (``ListSpec/savesOffset``).
    /// The offset kept for the path follows what the list shows. Nil (the
    /// offset kept for the path, as for any list) under the other
    /// strategies, and for a list in no slot (its view is never reused for
    /// another item).
    mutating func listOffsetInSlot(_ spec: ListSpec, of node: MountedNode, host: ViewID) -> Int? {
        guard ownsOffset(host) else { return nil }
        let shown = session.store.contentOffset(of: host)
        let wanted = spec.savesOffset ? session.listOffsets[node.path, default: 0] : shown
        let offset = max(0, min(wanted, spec.maximumOffset))
        session.store.setContentOffset(offset, of: host, for: Instance(component: node.name, path: node.path))
        if session.listOffsets[node.path, default: 0] != offset { session.listOffsets[node.path, default: 0] = offset }
        return offset
    }

    /// Whether list host `host` keeps its offset in its view: under a
    /// strategy whose cells do (``CellReuse/offsetTravelsWithCell``), a host
    /// inside a list's slot (some view above it hosts a list: it was
    /// dequeued with a cell, header or footer).
    func ownsOffset(_ host: ViewID) -> Bool {
        guard session.strategy.traits.offsetTravelsWithCell else { return false }
        var current = session.store[host].superview
        while let parent = current {
            if session.store[parent].list != nil { return true }
            current = session.store[parent].superview
        }
        return false
    }

    /// A cell that hosted a list and now shows a plain component (its
    /// list's cell type changed under a key that stayed, as DivKit's
    /// `reuse_id` does): it forgets the rows, and its views are plain
    /// subviews from now on.
    @inline(__always)
    mutating func stopHostingList(_ view: ViewID) {
        if session.store[view].list != nil { forgetHostedList(view) }
    }

    /// ``stopHostingList(_:)``'s work, out of line.
    @inline(never)
    private mutating func forgetHostedList(_ view: ViewID) {
        session.store.forgetList(of: view)
        session.strategy.cells.forget(host: view)
    }

    /// Rows, header and footer are in place: the strategy settles what it
    /// keeps per list (RecyclerView's scrap into its cache, Valdi's renders).
    mutating func finishList(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool) {
        session.strategy.cells.didMount(spec, at: path, host: host, firstTime: firstTime, store: &session.store)
    }

    /// Binds the rows the strategy prefetches after a scroll step (RecyclerView's
    /// GapWorker, ``CellReuse/prefetchRows(host:window:rows:forward:)``),
    /// each off screen: its cell, configured and with its children mounted,
    /// stays out of the host's subviews and goes to the strategy, which keeps
    /// it for the step that shows the row. The row's node is dropped: the row
    /// is not mounted (a prefetched row is in no tree, `instances` and `check`
    /// do not see it). Every other strategy prefetches nothing.
    mutating func prefetchRows(of spec: ListSpec, at path: ComponentPath, host: ViewID, forward: Bool, pass: inout MountPass) {
        guard let shown = session.store.listRows(of: host) else { return }
        let rows = session.strategy.cells.prefetchRows(host: host, window: shown, rows: spec.rows, forward: forward)
        for row in rows {
            let name = cellType(of: spec, row: row, in: path)
            var node = MountedNode(rowOf: name, row: row, in: path)
            session.strategy.cells.willPrefetch(row: row, host: host)
            let cell = mountRow(row, named: name, node: &node, host: host, cell: nil, pass: &pass)
            session.strategy.cells.didPrefetch(cell, row: row, host: host, store: &session.store)
        }
    }

    /// Mounts the cell instance of one row, on `cell` when the row already
    /// had one of the right key, else on one the strategy dequeues. The
    /// row takes over the node of a row of this list that left in this
    /// step (``Engine/spareRows`` from `sparesFrom` on), when one of its
    /// cell type waits: moved to this row and mounted again.
    mutating func mountRow(_ row: Int, of spec: ListSpec, in listPath: ComponentPath, host: ViewID,
                           cell: ViewID?, reload: RowReload? = nil, sparesFrom: Int = .max,
                           pass: inout MountPass) -> (MountedNode, ViewID?) {
        let name = cellType(of: spec, row: row, in: listPath)
        var node: MountedNode
        if session.store.fastPaths.contains(.spareRowNodes), let spare = spareRow(named: name, from: sparesFrom) {
            node = scratch.spareRows.remove(at: spare)
            node.moveToRow(row, forgetting: typesWithInstanceValues)
        } else {
            node = MountedNode(rowOf: name, row: row, in: listPath)
        }
        let view = mountRow(row, named: name, node: &node, host: host, cell: cell, reload: reload, pass: &pass)
        return (consume node, view)
    }

    /// A step of one row (`forward`: the window starts a row later), the
    /// window's size unchanged, `rows` the visible rows' nodes: the row
    /// that leaves at one end gives back its cell, and its node to the
    /// row that enters at the other (``mountRow(_:of:in:taking:host:pass:)``),
    /// without passing through ``Engine/spareRows``. What the general path
    /// of ``mountRows(of:at:host:rows:keepsRows:offset:pass:)`` does for
    /// this step, event for event, with the node moved only out of `rows`
    /// and back, and no array append and remove. The
    /// host's cells are read and edited in place (``ViewStore/stepRows(on:forward:entering:)``),
    /// not taken out and put back: nothing the step calls reads them.
    ///
    /// The one row entering is mounted in a loop of one: inside a loop,
    /// Deque's `append` and `prepend` inline whole and the node is moved in;
    /// outside one, their closure is not inlined and copies the node.
    private mutating func stepOneRow(_ forward: Bool, of spec: ListSpec, at path: ComponentPath, host: ViewID,
                                     window: Range<Int>, rows: inout Deque<MountedNode>, pass: inout MountPass) {
        if forward {
            if let cell = session.store.endCell(of: host, front: true) { release(cell, slot: .row(window.lowerBound - 1), from: host, pass: pass) }
            for row in window.upperBound - 1..<window.upperBound {
                let (node, cell) = mountRow(row, of: spec, in: path, taking: rows.removeFirst(), host: host, pass: &pass)
                session.store.stepRows(on: host, forward: true, entering: cell)
                rows.append(node)
            }
        } else {
            if let cell = session.store.endCell(of: host, front: false) { release(cell, slot: .row(window.upperBound), from: host, pass: pass) }
            for row in window.lowerBound..<window.lowerBound + 1 {
                let (node, cell) = mountRow(row, of: spec, in: path, taking: rows.removeLast(), host: host, pass: &pass)
                session.store.stepRows(on: host, forward: false, entering: cell)
                rows.prepend(node)
            }
        }
    }

    /// Mounts row `row`, entering a list in a step of one row, on `spare`,
    /// the node of the row that left: moved to this row when it is of the
    /// row's cell type (the one spare ``spareRow(named:from:)`` would
    /// find), else dropped for a new node. Returns the node and the cell.
    private mutating func mountRow(_ row: Int, of spec: ListSpec, in listPath: ComponentPath, taking spare: consuming MountedNode,
                                   host: ViewID, pass: inout MountPass) -> (MountedNode, ViewID?) {
        let name = cellType(of: spec, row: row, in: listPath)
        // Mounted in the consuming parameter itself: a local would move the node once more.
        if session.store.fastPaths.contains(.spareRowNodes), spare.isRow(ofCell: name) {
            spare.moveToRow(row, forgetting: typesWithInstanceValues)
        } else {
            spare = MountedNode(rowOf: name, row: row, in: listPath)
        }
        let view = mountRow(row, named: name, node: &spare, host: host, cell: nil, pass: &pass)
        return (consume spare, view)
    }

    /// Mounts the cell instance of row `row` (of cell type `name`) on
    /// `node`, new or moved to the row: on `cell` when the row already
    /// had one of the right key, else on one the strategy dequeues.
    /// Returns the cell.
    mutating func mountRow(_ row: Int, named name: String, node: inout MountedNode, host: ViewID,
                           cell: ViewID?, reload: RowReload? = nil, pass: inout MountPass) -> ViewID? {
        let path = node.path
        shows: do {
            if !session.hiddenPaths.isEmpty, session.hiddenPaths.contains(path) {
                if let cell { release(cell, slot: .row(row), from: host, pass: pass) }
                node.isHidden = true
                break shows
            }
            // A moved node keeps its definition while the catalogue's are unchanged.
            // `{i}` is the item the row shows: its row until `insert` or `delete` changed the list.
            let item = itemID(ofRow: row, at: path)
            // The kept definition is lent, not retained (`withLentDefinition`).
            let shown: ViewID?
            if let lent = withLentDefinition(of: &node, { engine, node, definition in
                engine.mountRow(row, named: name, node: &node, defined: definition, item: item, host: host, cell: cell,
                                reload: reload, pass: &pass)
            }) {
                shown = lent
            } else if let definition = definition(for: &node) {
                shown = mountRow(row, named: name, node: &node, defined: definition, item: item, host: host, cell: cell,
                                 reload: reload, pass: &pass)
            } else {
                if let cell { release(cell, slot: .row(row), from: host, pass: pass) }
                shown = nil
            }
            guard let shown else { break shows }
            return shown
        }
        // A row that shows nothing, or a cell with no children, keeps no
        // subtree (a moved node brings the old row's).
        node.forgetSubtree()
        return node.view
    }

    /// ``mountRow(_:named:node:host:cell:reload:pass:)`` once the node's
    /// definition is known: the cell shown, or nil when the row keeps no
    /// subtree (it shows nothing, or its cell has no children).
    @inline(__always)
    private mutating func mountRow(_ row: Int, named name: String, node: inout MountedNode, defined definition: MountableDefinition,
                                   item: Int, host: ViewID, cell: ViewID?, reload: RowReload?, pass: inout MountPass) -> ViewID? {
        let path = node.path
        guard let configuration = rowConfiguration(of: definition, at: path, row: item) else {
            if let cell { release(cell, slot: .row(row), from: host, pass: pass) }
            return nil
        }
        let shown = mountCell(name, path: path, slot: .row(row), configuration, definition: definition, host: host,
                              current: cell, reload: reload, keptKey: &node.cache.cellKey, pass: &pass)
        giveBack(configuration)
        guard let view = shown else { return nil }
        node.view = view
        guard let children = definition.children else {
            // A list as a row's cell (a carousel in a feed): its rows
            // mount into the cell, which hosts them. (Asked only of a
            // definition without children: the usual cell has them.)
            guard let spec = definition.list else { return nil }
            mountList(spec, of: &node, host: view, pass: &pass)
            return view
        }
        stopHostingList(view)
        planChildren(children, under: path, row: item, into: view, pass: &pass)
        mountChildren(children, under: path, into: view, row: item, nodes: &node.children, pass: &pass)
        // A cell's own subviews are a plain parent: settle them even when
        // the cell has no children left.
        pass.visit(view)
        return view
    }

    /// Where the node of a row that left in this step waits in
    /// ``Engine/spareRows`` (from `first` on: one list's), of the cell
    /// type `name` (spelled alike: the row shows the name as its list
    /// spells it): a row that enters takes over its subtree
    /// (``MountedNode/moveToRow(_:forgetting:)``), so a scroll step makes
    /// and frees no node and no path. Nil when none waits.
    private func spareRow(named name: String, from first: Int) -> Int? {
        var index = scratch.spareRows.count
        while index > first {
            index -= 1
            if scratch.spareRows[index].isRow(ofCell: name) { return index }
        }
        return nil
    }

    /// Puts a view in a list slot: the slot's `current` view when it has the
    /// right key, else one from ``CellReuse``; then configures it. Returns
    /// nil (giving `current` back) when the system shows nothing in the slot.
    /// `keptKey` is the key the slot's node kept (``MountedNode/cellKey``).
    mutating func mountCell(_ component: String, path: ComponentPath, slot: Slot, _ configuration: ViewConfiguration,
                            definition: MountableDefinition, host: ViewID, current: ViewID?, reload: RowReload? = nil,
                            keptKey: inout KeptCellKey?, pass: inout MountPass) -> ViewID? {
        var instance = Instance(component: component, path: path, slot: slot)
        // The list's key for the row: the row itself until items changed.
        if let row = slot.row { instance.itemKey = session.listItems.isEmpty ? row : itemKey(ofRow: row, at: path, host: host) }
        let cellKey: ViewKey? = if let type = session.strategy.traits.cellKeyingType {
            cellPoolKey(component, configuration, definition: definition, keyingType: type, kept: &keptKey, pass: &pass)
        } else {
            session.strategy.cells.key(component, configuration, list: session.store[host].ownerComponent ?? "", catalog: catalog)
        }
        guard let key = cellKey else {
            if let current { release(current, slot: slot, from: host, pass: pass) }
            return nil
        }
        let vended: Vended
        if let current, session.store[current].poolKey == key {
            if reload == .replace {
                vended = session.strategy.cells.replace(current, key: key, viewClass: configuration.viewClass, slot: slot,
                                                        host: host, for: instance, store: &session.store)
            } else if reload == .update {
                vended = session.strategy.cells.update(current, key: key, viewClass: configuration.viewClass, slot: slot,
                                                       host: host, for: instance, store: &session.store)
            } else if let reload {
                vended = session.strategy.cells.reload(current, key: key, viewClass: configuration.viewClass, slot: slot, payload: reload == .payload,
                                               host: host, for: instance, store: &session.store)
            } else {
                vended = session.store.keep(current, key: key, in: host, for: instance)
            }
        } else {
            if let current { release(current, slot: slot, from: host, pass: pass) }
            vended = session.strategy.cells.dequeue(key, viewClass: configuration.viewClass, slot: slot, host: host, for: instance, store: &session.store)
        }
        session.strategy.cellApplication.configure(vended.view, to: configuration, for: instance, acquired: vended.acquisition, store: &session.store)
        if session.tracksState { stateAfterVend(vended, for: instance, host: host) }
        // A reload binds the row again (cellForRowAt, onBindViewHolder), and
        // with it the components inside the cell.
        if reload != nil || vended.acquisition.binds || pass.isBound(host) || session.strategy.traits.cellConfigureBinds {
            pass.markBound(vended.view)
            startLoads(of: definition, on: vended.view, for: instance, row: slot.row.map { itemID(ofRow: $0, at: path) })
        }
        return vended.view
    }

    /// A cell's pool key from the list's cell keying: the one its node
    /// kept when it was made from the same definition by a keying of the
    /// same type, else the pass's (``KeyMemo``), kept when the keying is
    /// pure and the configuration's names are the definition's own (no
    /// `set` values for its type, which may add names). A scroll step's
    /// recycled row then makes and looks up no key. The key also shows the
    /// component as the node spells it, which is `component` byte for byte:
    /// a row takes over only a node whose name has the same bytes
    /// (``spareRow(named:from:)``).
    private func cellPoolKey(_ component: String, _ configuration: ViewConfiguration, definition: MountableDefinition,
                             keyingType type: ObjectIdentifier, kept: inout KeptCellKey?, pass: inout MountPass) -> ViewKey? {
        let ownNames = !mayHaveInstanceValues(component)
        if ownNames, session.store.fastPaths.contains(.keptKeys), let kept, kept.definition === definition, kept.keying == type { return kept.key }
        guard let cellKeying = session.strategy.traits.cellKeying else { return nil }
        let key = pass.key(component, configuration, keying: cellKeying, catalog: catalog)
        kept = ownNames && cellKeying.isPure ? KeptCellKey(definition: definition, keying: type, key: key) : nil
        return key
    }

    /// A view whose slot left, given back through the strategy.
    mutating func release(_ cell: ViewID, slot: Slot, from host: ViewID, pass: MountPass) {
        if session.tracksState, session.strategy.stateHome == .slot { deactivateState(of: cell, slot: slot, host: host) }
        session.strategy.cells.release(cell, slot: slot, host: host, relayout: pass.isRelayout, store: &session.store)
    }

    // MARK: Headers and footers

    /// Whether a list has a header or footer, or its host shows one (a
    /// host taken over from another list type).
    func hasSupplementaries(_ spec: ListSpec, host: ViewID) -> Bool {
        spec.header != nil || spec.footer != nil || session.store[host].list?.header != nil || session.store[host].list?.footer != nil
    }

    /// Shows a list's header while the window starts at row 0 and its footer
    /// while it reaches the last row; hides them otherwise. They come from the
    /// host through the strategy's cell policy, in their own slots (UIKit:
    /// from the header/footer queue). With `keeping` (a scroll step) a header
    /// or footer that stays is not touched.
    mutating func mountSupplementaries(of spec: ListSpec, at path: ComponentPath, host: ViewID,
                                       keeping: [MountedNode]?, pass: inout MountPass) -> [MountedNode] {
        // Most lists have neither: nothing to look up.
        guard hasSupplementaries(spec, host: host) else { return [] }
        let window = spec.window(at: session.listOffsets[path, default: 0])
        var nodes: [MountedNode] = []
        // A host taken over from another list type: a header or footer this
        // list does not have gives back what the old list showed there.
        for slot in [Slot.header, .footer] where (slot == .header ? spec.header : spec.footer) == nil {
            if let current = session.store[host].list?.supplementary(slot) {
                session.store.setSupplementary(slot, nil, on: host)
                release(current, slot: slot, from: host, pass: pass)
            }
        }
        for (kind, name) in spec.header == nil && spec.footer == nil ? [] : spec.supplementaries {
            let slot: Slot = kind == .header ? .header : .footer
            let current = session.store[host].list?.supplementary(slot)
            let shows = spec.rows > 0 && (kind == .header ? window.lowerBound == 0 : window.upperBound == spec.rows)
            // A header and a footer of one type are namesakes: L/Head[0] and L/Head[1].
            let twins = spec.header == spec.footer
            let childPath = path.appending(.named(name, index: twins && kind == .footer ? 1 : 0), namesakes: twins)
            var node = MountedNode(name: name, path: childPath, row: nil)
            guard shows, !session.hiddenPaths.contains(childPath), let definition = catalog.mountable[name],
                  let configuration = configuration(of: definition, at: childPath, row: nil) else {
                if let current {
                    session.store.setSupplementary(slot, nil, on: host)
                    release(current, slot: slot, from: host, pass: pass)
                }
                node.isHidden = session.hiddenPaths.contains(childPath)
                if node.isHidden || shows { nodes.append(node) }
                continue
            }
            if let kept = keeping?.first(where: { $0.path == childPath }), let view = kept.view, view == current {
                nodes.append(kept)
                continue
            }
            // A header's or footer's node is made again at each pass: it keeps no key.
            var noKey: KeptCellKey?
            let view = mountCell(name, path: childPath, slot: slot, configuration, definition: definition, host: host,
                                 current: current, keptKey: &noKey, pass: &pass)
            session.store.setSupplementary(slot, view, on: host)
            guard let view else { continue }
            node.view = view
            if let spec = definition.list {
                mountList(spec, of: &node, host: view, pass: &pass)
            } else if let children = definition.children {
                stopHostingList(view)
                planChildren(children, under: childPath, row: nil, into: view, pass: &pass)
                mountChildren(children, under: childPath, into: view, row: nil, nodes: &node.children, pass: &pass)
                pass.visit(view)
            }
            nodes.append(node)
        }
        return nodes
    }
}
