/// A tidy top-down layout of a ``Graph``'s tree, worked out in linear time
/// for pictures too big for dot's own layout (``TreePicture``).
///
/// Each depth is a row, as in dot's: a view's subviews in the row below it,
/// left to right in the order their edges were added (reading order, as
/// `ordering=out` asks of dot), the view centred over them. Each subtree
/// gets a band of its own as wide as its widest row, so no two boxes
/// overlap and no edge crosses another. A frame's members (the views
/// waiting in one pool) move to the end of their parent's row, together,
/// after its other subviews, the frame's text node after them (where the
/// straight edges from the parent, to their left, cannot cross it); a frame
/// whose members have no parent (a global pool) sits at the top, after
/// the tree. The spacing is the small pictures': `nodesep` 0.3 inches
/// between neighbours, `ranksep` 0.45 between rows.
///
/// Positions are in points, y growing upwards (Graphviz's), whole numbers,
/// so the text is the same on every machine given the same sizes.
struct TreeLayout {
    /// A node's width and height, in points.
    struct Size: Equatable {
        var width: Double
        var height: Double
    }

    /// Points between neighbours in a row (dot's `nodesep=0.3`).
    static let nodeGap = 21.6
    /// Points between rows (dot's `ranksep=0.45`).
    static let rowGap = 32.4
    /// Points between a frame and what it frames.
    static let framePadding = 8.0
    /// A node Graphviz gave no size: dot's default box, 0.75 by 0.5 inches.
    static let defaultSize = Size(width: 54, height: 36)

    /// Node names, the graph's nodes then its frames' text nodes.
    private let names: [String]
    private let index: [String: Int]
    /// Centres, by node index.
    private var x: [Double]
    private var y: [Double]
    /// Each frame's box: min x, min y, max x, max y.
    private var frameBoxes: [(Double, Double, Double, Double)] = []

    /// Lays out `graph`'s nodes, each of the size in `sizes` (by name).
    init(graph: Graph, sizes: [String: Size]) {
        names = graph.nodes.map(\.name) + graph.frames.map(\.name)
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() where index[name] == nil { index[name] = position }
        self.index = index
        let count = names.count
        let size = names.map { sizes[$0] ?? TreeLayout.defaultSize }

        // The tree: each node's parent and subviews, from the edges in order.
        var parent = [Int](repeating: -1, count: count)
        var children = [[Int]](repeating: [], count: count + 1)
        for link in graph.links {
            guard let from = index[link.from], let to = index[link.to], parent[to] == -1, from != to else { continue }
            parent[to] = from
            children[from].append(to)
        }
        // Frames: each moves its members, then its text node, to the end of
        // their common parent's row (`count` stands for the top row).
        var frameOf = [Int](repeating: -1, count: count)
        var groups = [[Int]](repeating: [], count: count + 1)
        for (number, frame) in graph.frames.enumerated() {
            let members = frame.members.compactMap { index[$0] }.filter { frameOf[$0] == -1 }
            let label = graph.nodes.count + number
            let parents = Set(members.map { parent[$0] })
            guard parents.count <= 1 else { continue }
            let host = parents.first.map { $0 == -1 ? count : $0 } ?? count
            for member in members + [label] { frameOf[member] = number }
            groups[host] += members + [label]
        }
        for host in 0...count {
            guard !groups[host].isEmpty else { continue }
            children[host] = children[host].filter { frameOf[$0] == -1 } + groups[host]
        }
        // The top row: nodes with no parent and in no frame, in the order
        // added (the root first), then the global pools' frames.
        children[count] = (0..<count).filter { parent[$0] == -1 && frameOf[$0] == -1 } + groups[count]

        // Depth first from the top (`count`, a node of no size above the
        // roots): each node's row, and an order with parents before children.
        var depth = [Int](repeating: 0, count: count + 1)
        var order: [Int] = []
        order.reserveCapacity(count + 1)
        var stack = [count]
        var seen = [Bool](repeating: false, count: count + 1)
        while let node = stack.popLast() {
            guard !seen[node] else { continue }
            seen[node] = true
            order.append(node)
            for child in children[node].reversed() where !seen[child] {
                depth[child] = node == count ? 0 : depth[node] + 1
                stack.append(child)
            }
        }
        // A node that no walk reached (an edge cycle) goes to the top row.
        for node in 0..<count where !seen[node] {
            children[count].append(node)
            order.append(node)
        }

        func width(_ node: Int) -> Double { node == count ? 0 : size[node].width }
        func gap(_ left: Int, _ right: Int) -> Double {
            let apart = frameOf[left] != frameOf[right] && (frameOf[left] != -1 || frameOf[right] != -1)
            return TreeLayout.nodeGap + (apart ? 2 * TreeLayout.framePadding : 0)
        }
        func rowWidth(of node: Int, _ band: [Double]) -> Double {
            var total = 0.0
            for (position, child) in children[node].enumerated() {
                total += band[child] + (position == 0 ? 0 : gap(children[node][position - 1], child))
            }
            return total
        }
        // Bands, children before parents: as wide as the node and as its row of subtrees.
        var band = [Double](repeating: 0, count: count + 1)
        for node in order.reversed() {
            band[node] = max(width(node), rowWidth(of: node, band))
        }
        // Left edges, parents before children: each row of subtrees centred in its parent's band.
        var left = [Double](repeating: 0, count: count + 1)
        var x = [Double](repeating: 0, count: count + 1)
        for node in order {
            x[node] = left[node] + band[node] / 2
            var next = left[node] + (band[node] - rowWidth(of: node, band)) / 2
            for (position, child) in children[node].enumerated() {
                if position > 0 { next += gap(children[node][position - 1], child) }
                left[child] = next
                next += band[child]
            }
        }
        // Rows from the top: each as tall as its tallest node.
        let rows = (0..<count).map { depth[$0] }.max().map { $0 + 1 } ?? 0
        var rowHeight = [Double](repeating: 0, count: rows)
        for node in 0..<count { rowHeight[depth[node]] = max(rowHeight[depth[node]], size[node].height) }
        var rowTop = [Double](repeating: 0, count: rows)
        var top = 0.0
        for row in 0..<rows {
            rowTop[row] = top
            top += rowHeight[row] + TreeLayout.rowGap
        }
        let height = top
        var y = [Double](repeating: 0, count: count)
        for node in 0..<count { y[node] = height - (rowTop[depth[node]] + rowHeight[depth[node]] / 2) }
        self.x = Array(x.prefix(count)).map { $0.rounded() }
        self.y = y.map { $0.rounded() }

        // Frames: around their members and text node, padded.
        for (number, frame) in graph.frames.enumerated() {
            let framed = (frame.members.compactMap { index[$0] } + [graph.nodes.count + number])
            var box = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
            for node in framed {
                box.0 = min(box.0, self.x[node] - size[node].width / 2)
                box.1 = min(box.1, self.y[node] - size[node].height / 2)
                box.2 = max(box.2, self.x[node] + size[node].width / 2)
                box.3 = max(box.3, self.y[node] + size[node].height / 2)
            }
            let pad = TreeLayout.framePadding
            frameBoxes.append(((box.0 - pad).rounded(.down), (box.1 - pad).rounded(.down),
                               (box.2 + pad).rounded(.up), (box.3 + pad).rounded(.up)))
        }
    }

    /// `x,y`: where the node named `name` is centred, in points.
    func position(of name: String) -> String {
        guard let node = index[name] else { return "0,0" }
        return "\(Int(x[node])),\(Int(y[node]))"
    }

    /// `x,y`, as a number pair, for tests.
    func point(of name: String) -> (x: Double, y: Double)? {
        index[name].map { (x[$0], y[$0]) }
    }

    /// The frame's box, `llx,lly,urx,ury`, in points.
    func box(ofFrame number: Int) -> String {
        let box = frameBoxes[number]
        return "\(Int(box.0)),\(Int(box.1)),\(Int(box.2)),\(Int(box.3))"
    }
}
