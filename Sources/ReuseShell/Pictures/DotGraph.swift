import ReuseEngine

/// The view tree and each parent's pools as a Graphviz graph (`tree --dot`,
/// `pools --dot`, `export`).
///
/// Views are nodes labelled like `tree` lines (id, class, holder, pool key);
/// edges go from a view to its subviews. In the tree, siblings are drawn in
/// reading order, left to right: a list's rows in screen order, other
/// subviews in child order (`ordering=out`), each view in use saying its
/// pool key; the views waiting in a pool come after, framed by a cluster
/// that says whose pool it is (`waiting in the pool of v2 Feed: (Card,
/// UIView, [alpha])`), and RecyclerView's cached holders by one framed as
/// the view cache. (A frame around a whole pool would pull its members
/// together, out of screen order.) `pools --dot` frames whole pools. Views
/// waiting detached in a global pool (Valdi's per class, Litho's per
/// component type) are drawn, with no parent, in a cluster named after it.
/// Nothing is said by colour alone: a hidden view is grey and dashed *and*
/// says "hidden"; a property that leaks is red *and* says "leaks"; a view the
/// marked pass changed has a thick border *and* lists its changes.
///
/// The text is deterministic: nodes in tree order, pools in their parent's
/// pool order, no hashing order anywhere.
struct DotGraph {
    let engine: Engine
    /// Lists collapse the way `tree` does unless this is set.
    let all: Bool
    /// Draws the tree's lists and notes the way the text tree does.
    let tree: TreeRenderer

    /// RecyclerView's cached holders, each with the slot it is kept for
    /// (looked up only: frames list them in the host's cache order).
    let cached: [ViewID: CachedCell]
    /// Each list host's cached holders, in the order its cache keeps them.
    let cachedByHost: [ViewID: [ViewID]]

    init(engine: Engine, all: Bool, changes: StateDiff? = nil) {
        self.engine = engine
        self.all = all
        self.tree = TreeRenderer(engine: engine, style: .plain, all: all, changes: changes)
        var cached: [ViewID: CachedCell] = [:]
        var cachedByHost: [ViewID: [ViewID]] = [:]
        for host in engine.views.all where host.list != nil && !host.isRemoved {
            let cells = engine.strategy.cachedCells(in: host.id)
            for cell in cells { cached[cell.view] = cell }
            if !cells.isEmpty { cachedByHost[host.id] = cells.map(\.view) }
        }
        self.cached = cached
        self.cachedByHost = cachedByHost
    }

    /// Views per pool in `pools --dot` unless `all`, as in the text.
    static let poolLimit = 8

    // MARK: Graphs

    /// The tree below `root` (the whole tree by default), with pool clusters.
    func tree(from root: ViewID = .root) -> String {
        treeGraph(from: root).text(title: "tree", inReadingOrder: true)
    }

    /// The graph ``tree(from:)`` prints. Below a view other than the root, a
    /// note above it says where it sits and how many views are left out.
    func treeGraph(from root: ViewID = .root) -> Graph {
        var graph = Graph()
        var stack: [(id: ViewID, underHidden: Bool)] = [(root, false)]
        graph.node(root, label: label(root, underHidden: false), style: style(root, underHidden: false))
        if root != .root { graph.note(summary(below: root), above: root) }
        // Depth first, children in order: an explicit stack, so depth costs no native stack.
        var order: [(parent: ViewID, underHidden: Bool)] = []
        while let (id, underHidden) = stack.popLast() {
            order.append((id, underHidden))
            let hidden = underHidden || engine.views[id].isHidden
            var pushed: [(ViewID, Bool)] = []
            for entry in tree.children(of: id) {
                switch entry {
                case .view(let child):
                    graph.node(child, label: label(child, underHidden: hidden, keyed: true),
                               style: style(child, underHidden: hidden))
                    graph.edge(from: id, to: child)
                    pushed.append((child, hidden))
                case .note(let text):
                    // Rows left out sit where they would be, among the rows drawn.
                    graph.note(text, under: id)
                }
            }
            stack += pushed.reversed()
        }
        for (parent, _) in order { waitingClusters(of: parent, drawn: graph.drawn, into: &graph) }
        // Views waiting detached are in no subtree: drawn with the whole tree's.
        if root == .root { globalPools(into: &graph) }
        return graph
    }

    /// What a picture of the subtree below `view` leaves out: `in root ›
    /// v2 Feed › v9 Feed/3; 4988 views outside this subtree are not drawn
    /// (leave out VIEW to draw the whole tree)`.
    func summary(below view: ViewID) -> String {
        var ancestors: [ViewID] = []
        var next = engine.views[view].superview
        while let id = next, ancestors.count <= engine.views.count {
            ancestors.append(id)
            next = engine.views[id].superview
        }
        ancestors.reverse()
        var names = ancestors.map(owner)
        if names.count > 6 { names = names.prefix(2) + ["…"] + names.suffix(3) }
        let place = names.isEmpty ? "\(view) has no parent" : "in " + names.joined(separator: " › ")
        let outside = engine.views.aliveCount - subtreeSize(of: view)
        let views = outside == 1 ? "1 view" : "\(outside) views"
        return place + "; \(views) outside this subtree not drawn (leave out VIEW to draw the whole tree)"
    }

    /// The views in `view`'s subtree, itself included: its subviews and
    /// RecyclerView's detached cells, all the way down.
    private func subtreeSize(of view: ViewID) -> Int {
        var count = 0
        var stack = [view]
        while let id = stack.popLast() {
            count += 1
            stack += engine.views[id].subviews
            stack += engine.views.detachedViews(of: id)
        }
        return count
    }

    /// The pools of `view`, or of every live parent with pools: each parent
    /// with its pools as clusters, at most eight views each unless `all`.
    func pools(of view: ViewID?) -> String {
        var graph = Graph()
        let report = PoolsReport(engine, view: view)
        for parent in report.parents {
            graph.node(parent.id, label: label(parent.id, underHidden: false), style: style(parent.id, underHidden: false))
            for pool in parent.pools {
                for (position, member) in pool.members.enumerated() where all || position < DotGraph.poolLimit {
                    let underHidden = parent.isHidden
                    graph.node(member.id, label: label(member.id, underHidden: underHidden), style: style(member.id, underHidden: underHidden))
                    graph.edge(from: parent.id, to: member.id)
                }
                if !all, pool.members.count > DotGraph.poolLimit {
                    graph.note("… \(pool.members.count - DotGraph.poolLimit) more (pools --all)", under: parent.id, in: pool.key)
                }
            }
            clusters(of: parent.id, drawn: graph.drawn, into: &graph)
        }
        if view == nil { globalPools(into: &graph) }
        if report.parents.isEmpty, engine.views.classPools.isEmpty {
            graph.note("no pools yet; mount something first", under: nil)
        }
        return graph.text(title: "pools")
    }

    /// The views waiting under `parent`, framed: RecyclerView's view cache
    /// first, then one frame per pool for its hidden or detached views.
    private func waitingClusters(of parent: ViewID, drawn: Set<String>, into graph: inout Graph) {
        let inCache = (cachedByHost[parent] ?? []).map(Graph.name).filter(drawn.contains)
        if !inCache.isEmpty {
            graph.cluster(label: "view cache of \(owner(parent)): kept for their own rows", members: inCache)
        }
        for (key, pool) in engine.views[parent].pools {
            let members = pool.views.filter { id in
                let view = engine.views[id]
                return (view.isHidden || view.isDetached) && cached[id] == nil
            }.map(Graph.name).filter(drawn.contains)
            guard !members.isEmpty else { continue }
            graph.cluster(label: "waiting in the pool of \(owner(parent)): " + key.description, members: members)
        }
    }

    /// One cluster per pool of `parent`, holding the pool's views that are drawn.
    private func clusters(of parent: ViewID, drawn: Set<String>, into graph: inout Graph) {
        for (key, pool) in engine.views[parent].pools {
            let members = pool.views.map(Graph.name).filter(drawn.contains)
            let notes = graph.notes(under: parent, in: key)
            guard !members.isEmpty || !notes.isEmpty else { continue }
            graph.cluster(label: "pool of \(owner(parent)): " + key.description, members: members + notes)
        }
    }

    /// Whose pool a frame is: the parent view and the instance holding it
    /// (`v2 Feed`), so two parents' pools of one key are told apart.
    private func owner(_ parent: ViewID) -> String {
        guard parent != .root else { return "root" }
        return parent.description + (engine.views[parent].owner.map { " " + $0.display } ?? "")
    }

    /// The global pools (Valdi's per view class, Litho's per component
    /// type): one cluster each, oldest view first, with no edges, since
    /// their views have no parent. At most eight views each unless `all`.
    private func globalPools(into graph: inout Graph) {
        let named = engine.strategy.globalPoolsByComponentType ? "global pool of component type " : "global pool of class "
        for (name, waiting) in engine.views.classPools where !waiting.isEmpty {
            var members: [String] = []
            for (position, id) in waiting.enumerated() where all || position < DotGraph.poolLimit {
                graph.node(id, label: label(id, underHidden: false), style: style(id, underHidden: false))
                members.append(Graph.name(id))
            }
            if !all, waiting.count > DotGraph.poolLimit {
                members.append(graph.note("… \(waiting.count - DotGraph.poolLimit) more (pools --all)", under: nil))
            }
            graph.cluster(label: named + name, members: members)
        }
    }

    // MARK: Nodes

    /// A view's lines: `v3 UILabel`, its holder, then what it shows
    /// that a fresh view would not (leaks), its component state (`state
    /// liked = true`, red when another item set it), then the marked pass's changes.
    ///
    /// `keyed`: a view in use says its pool key (in the tree, where only
    /// waiting views are framed by their pool).
    func label(_ id: ViewID, underHidden: Bool, keyed: Bool = false) -> [Graph.Line] {
        let facts = tree.facts(id, underHidden: underHidden)
        var lines: [Graph.Line] = [.init("\(id) \(facts.viewClass)", bold: true)]
        guard let holder = facts.holder else { return lines + [.init("root")] }
        if let cell = cached[id] {
            lines.append(.init((cell.isPrefetched ? "prefetched for " : "cached for ") + "\(cell.slot), still bound; last held by \(holder)"))
        } else if facts.isHidden {
            lines.append(.init("hidden, last held by \(holder)"))
        } else if facts.isDetached {
            lines.append(.init("detached, last held by \(holder)"))
        } else if underHidden {
            lines.append(.init("inside a hidden view, last held by \(holder)"))
        } else {
            lines.append(.init(holder))
            if keyed, let key = facts.key { lines.append(.init("pool \(key)")) }
        }
        // A waiting view's key is the label of the pool cluster around it.
        if facts.isStale { lines.append(.init("stale: visible, but no component holds it", color: Graph.red)) }
        for leak in engine.leaks(of: id) {
            lines.append(.init("leaks \(leak.property) = \(leak.shows?.description ?? "nothing") (a fresh view shows \(leak.fresh?.description ?? "nothing"))",
                               color: Graph.red))
        }
        // Component state the view shows, apart from its properties: a
        // value another item set in red, with where it came from.
        for entry in engine.stateShown(by: id) {
            let text = "state \(entry.name) = \(entry.value.value)"
            lines.append(entry.fromAnotherItem ? .init(text + " (from \(entry.value.origin))", color: Graph.red) : .init(text))
        }
        for change in tree.changed[id] ?? [] {
            lines.append(.init("← " + DotGraph.brief(change), color: Graph.blue))
        }
        return lines
    }

    /// A change in a few words, to keep boxes narrow (`diff` has the rest):
    /// `taken from Feed/0`, `text = "Row 5"`.
    static func brief(_ change: StateDiff.Change) -> String {
        switch change {
        case .owner(let from, _): return "taken from \(from?.display ?? "nobody")"
        case .parent(let from, _): return "moved from \(from?.description ?? "nowhere")"
        case .pool(let from, _): return from == nil ? "pooled" : "moved to another pool"
        case .property(let name, _, let new, _):
            let value = new?.description ?? "nothing"
            return "\(name) = " + (value.count > 24 ? value.prefix(23) + "…" : value)
        case .state(let name, _, let new, _): return "state \(name) = \(new ?? "not set")"
        default: return DiffReport.describe(change)
        }
    }

    func style(_ id: ViewID, underHidden: Bool) -> Graph.NodeStyle {
        var style = Graph.NodeStyle.plain
        let facts = tree.facts(id, underHidden: underHidden)
        if engine.views[id].isHidden || underHidden || facts.isDetached { style.insert(.hidden) }
        if cached[id] != nil { style.insert(.cached) }
        if facts.isStale { style.insert(.stale) }
        if tree.changed[id] != nil { style.insert(.changed) }
        return style
    }
}

/// DOT text being built: node, edge and cluster statements in the order
/// they were added.
struct Graph {
    static let red = "#b00020"
    static let blue = "#0b57d0"

    /// One line of a node's label.
    struct Line {
        var text: String
        var bold = false
        var color: String?

        init(_ text: String, bold: Bool = false, color: String? = nil) {
            self.text = text
            self.bold = bold
            self.color = color
        }
    }

    /// How a node is drawn; each mark adds to the plain box.
    struct NodeStyle: OptionSet {
        let rawValue: Int
        static let plain: NodeStyle = []
        /// Grey fill, dashed border.
        static let hidden = NodeStyle(rawValue: 1)
        /// Red border.
        static let stale = NodeStyle(rawValue: 2)
        /// Thick blue border.
        static let changed = NodeStyle(rawValue: 4)
        /// Square corners, dotted border: kept for its own row (a view
        /// cache), told apart from a pooled view by shape, not colour.
        static let cached = NodeStyle(rawValue: 8)

        var attributes: String {
            let fill = contains(.hidden) ? ##"fillcolor="#e8e8e8" fontcolor="#444444""## : ##"fillcolor="#ffffff""##
            let border = contains(.cached) ? "filled,dotted" : "rounded,filled" + (contains(.hidden) ? ",dashed" : "")
            var text = "style=\"\(border)\" " + fill
            if contains(.changed) {
                text += " color=\"\(Graph.blue)\" penwidth=3"
            } else if contains(.stale) {
                text += " color=\"\(Graph.red)\" penwidth=2"
            } else if contains(.hidden) {
                text += ##" color="#666666""##
            }
            return text
        }
    }

    /// A node statement: the node's name and its attributes.
    struct Node {
        let name: String
        let attributes: String
    }

    /// A frame around some nodes, named by a text node inside it.
    struct Frame {
        /// The name of the text node saying whose pool it is.
        let name: String
        let label: String
        let members: [String]
    }

    /// Node statements in the order added (views and notes; frames'
    /// text nodes are in ``frames``).
    private(set) var nodes: [Node] = []
    private(set) var frames: [Frame] = []
    private var edges: [String] = []
    /// Each edge's ends, in the order added: the tree ``TreeLayout`` lays out.
    private(set) var links: [(from: String, to: String)] = []
    /// Names of the nodes drawn.
    private(set) var drawn: Set<String> = []
    /// Note nodes by the parent (and pool) they belong to, in the order added.
    private var noteNames: [String: [String]] = [:]
    private var noteCount = 0

    static func name(_ id: ViewID) -> String { id.description }

    mutating func node(_ id: ViewID, label: [Line], style: NodeStyle) {
        let name = Graph.name(id)
        guard drawn.insert(name).inserted else { return }
        nodes.append(Node(name: name, attributes: "label=<\(Graph.html(label))> \(style.attributes)"))
    }

    mutating func edge(from parent: ViewID, to child: ViewID) {
        edges.append("  \(Graph.name(parent)) -> \(Graph.name(child));")
        links.append((Graph.name(parent), Graph.name(child)))
    }

    /// A note in place of views not drawn; under a parent, joined to it.
    /// Returns the note's node name.
    @discardableResult
    mutating func note(_ text: String, under parent: ViewID?, in pool: ViewKey? = nil) -> String {
        noteCount += 1
        let name = "note\(noteCount)"
        nodes.append(Node(name: name, attributes: "label=<\(Graph.escape(text))> shape=plaintext style=\"\" fontcolor=\"#333333\""))
        if let parent {
            edges.append("  \(Graph.name(parent)) -> \(name) [style=dotted];")
            links.append((Graph.name(parent), name))
            noteNames[Graph.noteKey(parent, pool), default: []].append(name)
        }
        return name
    }

    /// A note above `child`, joined to it: what a picture of its subtree
    /// leaves out.
    mutating func note(_ text: String, above child: ViewID) {
        let name = note(text, under: nil)
        edges.append("  \(name) -> \(Graph.name(child)) [style=dotted];")
        links.append((name, Graph.name(child)))
    }

    func notes(under parent: ViewID, in pool: ViewKey) -> [String] {
        noteNames[Graph.noteKey(parent, pool)] ?? []
    }

    private static func noteKey(_ parent: ViewID, _ pool: ViewKey?) -> String {
        "\(parent)|\(pool?.description ?? "")"
    }

    /// A frame around `members`, named by `label`. The name is a plain
    /// text node in the frame, on the members' rank, rather than the
    /// cluster's own label: Graphviz routes edges around nodes but not
    /// across cluster labels, so no edge runs through the name.
    mutating func cluster(label: String, members: [String]) {
        frames.append(Frame(name: "frame\(frames.count)", label: label, members: members))
    }

    /// The DOT text; `inReadingOrder`: each view's subviews left to right
    /// in the order their edges were added (`ordering=out`). With `layout`,
    /// every node has its place (`pos`) and every frame its box (`bb`),
    /// for Graphviz to draw without laying out (`neato -n2`), edges as
    /// straight lines.
    func text(title: String, inReadingOrder: Bool = false, layout: TreeLayout? = nil) -> String {
        var lines = [
            "digraph \(title) {",
            ##"  graph [fontname="DejaVu Sans" fontsize=14 bgcolor="#ffffff" nodesep=0.3 ranksep=0.45"##
                + (inReadingOrder ? " ordering=out" : "") + (layout == nil ? "" : " splines=false") + "];",
            ##"  node [shape=box fontname="DejaVu Sans" fontsize=14 fontcolor="#111111" color="#222222" margin="0.15,0.08"];"##,
            ##"  edge [color="#444444" arrowhead=none];"##,
        ]
        func place(_ name: String) -> String {
            layout.map { "pos=\"\($0.position(of: name))\" " } ?? ""
        }
        for node in nodes { lines.append("  \(node.name) [\(place(node.name))\(node.attributes)];") }
        for (index, frame) in frames.enumerated() {
            let box = layout.map { "bb=\"\($0.box(ofFrame: index))\"; " } ?? ""
            lines += [
                "  subgraph cluster_\(index) {",
                ##"    \##(box)style="rounded"; color="#555555";"##,
                "    \(frame.name) [\(place(frame.name))label=<\(Graph.escape(frame.label))> shape=plaintext style=\"\" fontcolor=\"#222222\" fontsize=13];",
                "    " + (frame.members + [frame.name]).joined(separator: "; ") + ";",
                "    " + (frame.members.first.map { "{rank=same; \($0); \(frame.name)}" } ?? ""),
                "  }",
            ]
        }
        lines += edges
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every node (frames' text nodes too) at the origin, with no edges or
    /// frames: what Graphviz needs to size each node for ``TreeLayout``.
    func sizingText() -> String {
        var lines = [
            "digraph sizes {",
            ##"  node [shape=box fontname="DejaVu Sans" fontsize=14 fontcolor="#111111" color="#222222" margin="0.15,0.08"];"##,
        ]
        for node in nodes { lines.append("  \(node.name) [pos=\"0,0\" \(node.attributes)];") }
        for frame in frames {
            lines.append("  \(frame.name) [pos=\"0,0\" label=<\(Graph.escape(frame.label))> shape=plaintext style=\"\" fontsize=13];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// An HTML-like label: one line per `Line`, escaped.
    static func html(_ lines: [Line]) -> String {
        lines.map { line in
            var text = escape(line.text)
            if line.bold { text = "<b>\(text)</b>" }
            if let color = line.color { text = "<font color=\"\(color)\">\(text)</font>" }
            return text
        }.joined(separator: "<br/>")
    }

    /// Escapes text for an HTML-like label (Graphviz's are XML); a line
    /// break or tab would end a label line, so they show as `^J`, `^I`.
    static func escape(_ text: String) -> String {
        text.markupEscaped(keepingLineBreaks: false)
    }
}
