// The same-semantics floor: the Theodolite pass once more, as small as it can
// be written, over the data layout the engine would have if it knew nothing
// but integers.

/// The seed document's pass (`../shared/REFERENCE.md`, section 1) written a
/// second time, minimally, over an ideal data layout: the same-semantics
/// floor the engine is measured against.
///
/// It runs the algorithm, it does not know the outcome: any tree of
/// components, each with a view class, attributes and children, or a list of
/// rows. A full pass walks the tree; every instance computes its key, takes
/// the next view of that key from its parent's pool (positionally, a new one
/// when the pool runs out, a hidden one shown), compares the configuration
/// it asks for with the one attached to the view, skips it when equal, else
/// unapplies what has an unapplicator and applies every attribute (the
/// view's property and its source written); each visited parent is settled
/// (views nobody took hidden, subviews in the order they were taken). A
/// list keeps a ring of cells for its window; a scroll step releases the
/// rows that leave (cell hidden, pushed on its key's stack in the host) and
/// mounts the rows that enter (top cell of the key popped and shown, or a
/// new one; configured; its children mounted into it by the same walk).
///
/// What makes it a floor: every name is an integer fixed at definition
/// time; a key is one per definition (component, view class and attribute
/// names never change within it); a value is one word, a `{i}` template
/// being its template's id with the row in its low bits (compared, never
/// formatted); views, pools and attached values live in flat arrays, grown
/// only when a view is made; every event is 16 bytes in a reused buffer,
/// counted per kind. What it leaves out: everything the engine offers
/// beyond the pass (other strategies, history, paths for people, `why`).
struct PassFloor {
    /// A value: a constant's id, or (``template`` bit set) a `{i}` template's
    /// id shifted left by 32 with the row filled into the low 32 bits.
    typealias Value = UInt64
    static let template: Value = 1 << 63
    /// No `set` value in this slot.
    static let unset: Value = .max

    /// A component type; its attributes and children are ranges of the flat
    /// tables (`attributeIDs`/`defaultValues`, `childTypes`).
    struct Definition {
        /// The pool key: (component, view class, attribute names), interned.
        var key: Int32
        var firstAttribute: Int32
        var attributeCount: Int32
        var firstChild: Int32
        var childCount: Int32
        var list: ListShape?
    }

    struct ListShape {
        var rows: Int
        var viewport: Int
        var cell: Int32
    }

    /// The views of one key in one parent, with the pass's cursor (a list
    /// host's free cells: a stack, the top last).
    struct Pool {
        var key: Int32
        var views: [Int32] = []
        var cursor = 0
        var stamp = 0
    }

    /// A view: all fixed-size, so reading one retains nothing.
    struct View {
        var parent: Int32
        var key: Int32
        var isHidden = false
        var hasAttached = false
        /// Its attributes' slots in `attached`, `shown` and `sources`.
        var base: Int32
        /// Its subviews and pools (``Parent``), once it is a parent (-1 before).
        var asParent: Int32 = -1
        /// Stamps of the pass that took or visited it.
        var taken = 0
        var visited = 0
        /// When this pass took it, among all the pass's takes.
        var sequence = 0
        /// The instance that took it last (a take by another, or of a hidden view, is a reuse).
        var owner: Int64 = .min
    }

    /// What a view holds as a parent.
    struct Parent {
        var subviews: [Int32] = []
        var pools: [Pool] = []
        /// As a list host: free cells per key.
        var waiting: [Pool] = []
        /// How many subviews this pass took in subview order so far (`misordered` once one came out of order).
        var inOrder = 0
        var misordered = false
    }

    /// A mounted instance outside lists: its children are a range of
    /// `nodeChildren`, its `set` values one of `setValues` (-1: none).
    struct Node {
        var component: Int32
        var view: Int32 = -1
        var firstChild: Int32 = 0
        var childCount: Int32 = 0
        var firstValue: Int32 = -1
        var list: Int32 = -1
    }

    /// A list's window: the cells of its visible rows, a ring from `head`.
    struct ListState {
        var offset = 0
        var cells: [Int32] = []
        var head = 0
    }

    enum Kind: UInt8 { case create, reuse, unhide, hide, apply, unapply, skip }
    struct Event { var kind: Kind; var view: Int32; var instance: Int64 }

    var definitions: [Definition] = []
    var attributeIDs: [Int32] = []
    var defaultValues: [Value] = []
    var childTypes: [Int32] = []
    var hasUnapplicator: [Bool] = []
    var nodes: [Node] = []
    var nodeChildren: [Int32] = []
    var setValues: [Value] = []
    var lists: [ListState] = []
    var roots: [Int32] = []
    var views: [View] = [View(parent: -1, key: -1, base: 0)]    // view 0: the root
    var parents: [Parent] = []
    var attached: [Value] = []
    var shown: [Value] = []
    var sources: [Int64] = []
    var stamp = 0
    var takes = 0
    var visited: [Int32] = []
    var events: [Event] = []
    var counts = [Int](repeating: 0, count: 7)

    init() { events.reserveCapacity(4_096) }

    // MARK: Catalogue and tree

    mutating func define(attributes: [(Int32, Value)], children: [Int32] = [], list: ListShape? = nil) -> Int32 {
        for (attribute, _) in attributes where Int(attribute) >= hasUnapplicator.count {
            hasUnapplicator += repeatElement(false, count: Int(attribute) + 1 - hasUnapplicator.count)
        }
        let id = Int32(definitions.count)
        definitions.append(Definition(key: id, firstAttribute: Int32(attributeIDs.count), attributeCount: Int32(attributes.count),
                                      firstChild: Int32(childTypes.count), childCount: Int32(children.count), list: list))
        attributeIDs += attributes.map(\.0)
        defaultValues += attributes.map(\.1)
        childTypes += children
        return id
    }

    /// Makes the node tree of `component` (a list keeps its rows in its ring).
    mutating func makeNode(_ component: Int32) -> Int32 {
        let id = Int32(nodes.count)
        let definition = definitions[Int(component)]
        nodes.append(Node(component: component, firstChild: Int32(nodeChildren.count), childCount: definition.childCount))
        if definition.list != nil {
            nodes[Int(id)].list = Int32(lists.count)
            lists.append(ListState())
        }
        nodeChildren += repeatElement(-1, count: Int(definition.childCount))
        for index in 0..<Int(definition.childCount) {
            let child = makeNode(childTypes[Int(definition.firstChild) + index])
            nodeChildren[Int(nodes[Int(id)].firstChild) + index] = child
        }
        return id
    }

    /// The `index`th child node of `node`.
    func child(_ node: Int32, _ index: Int) -> Int32 { nodeChildren[Int(nodes[Int(node)].firstChild) + index] }

    /// `set` on a node: its attribute in `slot` takes `value` from now on.
    mutating func set(_ node: Int32, slot: Int, to value: Value) {
        if nodes[Int(node)].firstValue < 0 {
            nodes[Int(node)].firstValue = Int32(setValues.count)
            setValues += repeatElement(Self.unset, count: Int(definitions[Int(nodes[Int(node)].component)].attributeCount))
        }
        setValues[Int(nodes[Int(node)].firstValue) + slot] = value
    }

    // MARK: Passes

    /// A full pass over the tree from its roots.
    @inline(never)
    mutating func fullPass() {
        begin()
        for index in roots.indices { mount(node: roots[index], into: 0) }
        settle()
    }

    /// A scroll step: `list` (a node) moves by `delta` rows; only rows that
    /// leave and enter are touched.
    @inline(never)
    mutating func scroll(_ list: Int32, by delta: Int) {
        let node = nodes[Int(list)]
        guard node.list >= 0, let shape = definitions[Int(node.component)].list else { return }
        begin()
        let host = node.view
        // Out of the table while edited (no copy of the ring).
        var state = lists[Int(node.list)]
        lists[Int(node.list)] = ListState()
        let offset = max(0, min(state.offset + delta, shape.rows - shape.viewport))
        let moved = offset - state.offset
        let count = state.cells.count
        if abs(moved) >= count {
            for index in 0..<count { release(state.cells[index], from: host) }
            for index in 0..<count { state.cells[index] = mountRow(offset + index, shape, into: host) }
            state.head = 0
        } else if moved > 0 {
            for step in 0..<moved {
                let slot = (state.head + step) % count
                release(state.cells[slot], from: host)
                state.cells[slot] = mountRow(state.offset + count + step, shape, into: host)
            }
            state.head = (state.head + moved) % count
        } else if moved < 0 {
            for step in 0 ..< -moved {
                let slot = (state.head + count - 1 - step) % count
                release(state.cells[slot], from: host)
                state.cells[slot] = mountRow(state.offset - 1 - step, shape, into: host)
            }
            state.head = (state.head + count + moved) % count
        }
        state.offset = offset
        lists[Int(node.list)] = state
        settle()
    }

    private mutating func begin() {
        stamp += 1
        visited.removeAll(keepingCapacity: true)
    }

    /// One instance outside lists and its subtree.
    private mutating func mount(node: Int32, into parent: Int32) {
        let instance = nodes[Int(node)]
        let definition = definitions[Int(instance.component)]
        let view = vend(definition.key, component: instance.component, from: parent, instance: Int64(node))
        configure(view, definition, values: instance.firstValue, row: 0, instance: Int64(node))
        nodes[Int(node)].view = view
        // A list host is no plain parent: its cells come and go by rows.
        if definition.list == nil { visit(view) }
        for index in 0..<Int(instance.childCount) {
            mount(node: nodeChildren[Int(instance.firstChild) + index], into: view)
        }
        if let shape = definition.list {
            // A relayout: every visible row configured again on its cell.
            var state = lists[Int(instance.list)]
            lists[Int(instance.list)] = ListState()
            if state.cells.isEmpty {
                state.offset = max(0, min(state.offset, shape.rows - shape.viewport))
                for row in state.offset ..< min(shape.rows, state.offset + shape.viewport) {
                    state.cells.append(mountRow(row, shape, into: view))
                }
            } else {
                let cell = definitions[Int(shape.cell)]
                for index in state.cells.indices {
                    let row = state.offset + (index - state.head + state.cells.count) % state.cells.count
                    configure(state.cells[index], cell, values: -1, row: row, instance: rowInstance(row))
                    mountChildren(of: cell, into: state.cells[index], row: row)
                }
            }
            lists[Int(instance.list)] = state
        }
    }

    /// The instances of a row (its cell and what mounts in it) by the row
    /// alone: a view is only ever taken by instances of one place in a row.
    private func rowInstance(_ row: Int) -> Int64 { -1 - Int64(row) }

    /// A row's cell: the top waiting cell of its key, or a new one; configured; its children mounted.
    private mutating func mountRow(_ row: Int, _ shape: ListShape, into host: Int32) -> Int32 {
        let definition = definitions[Int(shape.cell)]
        let instance = rowInstance(row)
        let cell: Int32
        if let top = popWaiting(definition.key, host: host) {
            cell = top
            views[Int(cell)].taken = stamp
            views[Int(cell)].owner = instance
            record(.reuse, cell, instance)
            views[Int(cell)].isHidden = false
            record(.unhide, cell, instance)
        } else {
            cell = create(shape.cell, key: definition.key, in: host, instance: instance)
        }
        configure(cell, definition, values: -1, row: row, instance: instance)
        mountChildren(of: definition, into: cell, row: row)
        return cell
    }

    /// The children of a component inside a row (no `set` values: rows come and go).
    private mutating func mountChildren(of definition: Definition, into parent: Int32, row: Int) {
        visit(parent)
        let instance = rowInstance(row)
        for index in 0..<Int(definition.childCount) {
            let component = childTypes[Int(definition.firstChild) + index]
            let child = definitions[Int(component)]
            let view = vend(child.key, component: component, from: parent, instance: instance)
            configure(view, child, values: -1, row: row, instance: instance)
            mountChildren(of: child, into: view, row: row)
        }
    }

    /// The top free cell of `key` in a list host.
    private mutating func popWaiting(_ key: Int32, host: Int32) -> Int32? {
        let slot = views[Int(host)].asParent
        guard slot >= 0, let index = parents[Int(slot)].waiting.firstIndex(where: { $0.key == key }) else { return nil }
        return parents[Int(slot)].waiting[index].views.popLast()
    }

    /// A row that left: its cell hidden and pushed on its key's stack.
    private mutating func release(_ cell: Int32, from host: Int32) {
        views[Int(cell)].isHidden = true
        record(.hide, cell, 0)
        let key = views[Int(cell)].key
        let slot = Int(parentSlot(host))
        if let index = parents[slot].waiting.firstIndex(where: { $0.key == key }) {
            parents[slot].waiting[index].views.append(cell)
        } else {
            parents[slot].waiting.append(Pool(key: key, views: [cell]))
        }
    }

    /// `view`'s parent tables, made at its first child.
    private mutating func parentSlot(_ view: Int32) -> Int32 {
        if views[Int(view)].asParent < 0 {
            views[Int(view)].asParent = Int32(parents.count)
            parents.append(Parent())
        }
        return views[Int(view)].asParent
    }

    private mutating func visit(_ parent: Int32) {
        guard views[Int(parent)].visited != stamp else { return }
        views[Int(parent)].visited = stamp
        let slot = views[Int(parent)].asParent
        if slot >= 0 {
            parents[Int(slot)].inOrder = 0
            parents[Int(slot)].misordered = false
        }
        visited.append(parent)
    }

    /// Positional vend: the next view of `key` in `parent`'s pool this pass, or a new one.
    private mutating func vend(_ key: Int32, component: Int32, from parent: Int32, instance: Int64) -> Int32 {
        visit(parent)
        let slot = Int(parentSlot(parent))
        if let index = parents[slot].pools.firstIndex(where: { $0.key == key }) {
            if parents[slot].pools[index].stamp != stamp {
                parents[slot].pools[index].stamp = stamp
                parents[slot].pools[index].cursor = 0
            }
            let cursor = parents[slot].pools[index].cursor
            if cursor < parents[slot].pools[index].views.count {
                parents[slot].pools[index].cursor = cursor + 1
                let view = parents[slot].pools[index].views[cursor]
                take(view, from: slot)
                let wasHidden = views[Int(view)].isHidden
                if wasHidden || views[Int(view)].owner != instance { record(.reuse, view, instance) }
                views[Int(view)].owner = instance
                if wasHidden {
                    views[Int(view)].isHidden = false
                    record(.unhide, view, instance)
                }
                return view
            }
        }
        return create(component, key: key, in: parent, instance: instance)
    }

    /// Counts `view` taken, and whether its parent's subviews still follow the take order.
    private mutating func take(_ view: Int32, from slot: Int) {
        views[Int(view)].taken = stamp
        takes += 1
        views[Int(view)].sequence = takes
        let position = parents[slot].inOrder
        if position < parents[slot].subviews.count, parents[slot].subviews[position] == view {
            parents[slot].inOrder = position + 1
        } else {
            parents[slot].misordered = true
        }
    }

    private mutating func create(_ component: Int32, key: Int32, in parent: Int32, instance: Int64) -> Int32 {
        let view = Int32(views.count)
        let count = Int(definitions[Int(component)].attributeCount)
        views.append(View(parent: parent, key: key, base: Int32(attached.count)))
        attached += repeatElement(0, count: count)
        shown += repeatElement(0, count: count)
        sources += repeatElement(0, count: count)
        let slot = Int(parentSlot(parent))
        parents[slot].subviews.append(view)
        if let index = parents[slot].pools.firstIndex(where: { $0.key == key }) {
            parents[slot].pools[index].views.append(view)
            parents[slot].pools[index].cursor = parents[slot].pools[index].views.count
            parents[slot].pools[index].stamp = stamp
        } else {
            parents[slot].pools.append(Pool(key: key, views: [view], cursor: 1, stamp: stamp))
        }
        take(view, from: slot)
        views[Int(view)].owner = instance
        record(.create, view, instance)
        return view
    }

    /// Skip an equal configuration; else unapply, apply every attribute, attach.
    /// `values` starts the instance's `set` values in `setValues` (-1: none).
    private mutating func configure(_ view: Int32, _ definition: Definition, values: Int32, row: Int, instance: Int64) {
        let base = Int(views[Int(view)].base)
        let first = Int(definition.firstAttribute)
        let count = Int(definition.attributeCount)
        @inline(__always) func requested(_ slot: Int) -> Value {
            var value = defaultValues[first + slot]
            if values >= 0, setValues[Int(values) + slot] != Self.unset { value = setValues[Int(values) + slot] }
            return value & Self.template == 0 ? value : value | Value(UInt32(truncatingIfNeeded: row))
        }
        if views[Int(view)].hasAttached {
            var equal = true
            for slot in 0..<count where attached[base + slot] != requested(slot) {
                equal = false
                break
            }
            if equal {
                record(.skip, view, instance)
                return
            }
            for slot in 0..<count where hasUnapplicator[Int(attributeIDs[first + slot])] {
                shown[base + slot] = 0
                record(.unapply, view, instance)
            }
        }
        for slot in 0..<count {
            let value = requested(slot)
            shown[base + slot] = value
            sources[base + slot] = instance
            attached[base + slot] = value
            record(.apply, view, instance)
        }
        views[Int(view)].hasAttached = true
    }

    /// Each visited parent: views nobody took hidden, subviews in take order.
    private mutating func settle() {
        for index in visited.indices {
            let slot = Int(views[Int(visited[index])].asParent)
            guard slot >= 0, !parents[slot].subviews.isEmpty else { continue }
            let taken = parents[slot].inOrder
            let count = parents[slot].subviews.count
            var misordered = parents[slot].misordered
            for position in 0..<count {
                let view = Int(parents[slot].subviews[position])
                guard views[view].taken != stamp else {
                    // A view taken after one nobody took: out of order.
                    if position >= taken { misordered = true }
                    continue
                }
                if !views[view].isHidden {
                    views[view].isHidden = true
                    record(.hide, Int32(view), 0)
                }
            }
            if misordered {
                // Taken views first, in the order they were taken, then the rest.
                let subviews = parents[slot].subviews
                let first = subviews.filter { views[Int($0)].taken == stamp }.sorted { views[Int($0)].sequence < views[Int($1)].sequence }
                parents[slot].subviews = first + subviews.filter { views[Int($0)].taken != stamp }
            }
        }
    }

    @inline(__always)
    private mutating func record(_ kind: Kind, _ view: Int32, _ instance: Int64) {
        if events.count == 4_096 { events.removeAll(keepingCapacity: true) }
        events.append(Event(kind: kind, view: view, instance: instance))
        counts[Int(kind.rawValue)] += 1
    }
}
