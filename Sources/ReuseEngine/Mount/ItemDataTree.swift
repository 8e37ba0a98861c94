/// The keys of an ``ItemDataMap`` whose paths run through list rows, as a
/// tree of path segments down to each key's last row: `Feed/5/Title`'s
/// key sits in the node `Feed` → `5`. A node's rows are kept in row order
/// (``RowMap``), so the rows from a change on are found without looking at
/// the rows before it, and a row's node moves with everything under it
/// (lists in the row, their rows) as one entry renumbered. A copy (a
/// checkpoint's) shares the rows' chunks until one side changes one.
struct ItemDataTree<Key: ItemDataKey>: Sendable {
    struct Node: Sendable {
        /// The children by named segment.
        var named: [ComponentPath.Segment: Node] = [:]
        /// The children by row, in row order.
        var rows = RowMap<Node>()
        /// Keys whose last row is this node (paths end here or below, with no row further down).
        var keys: [Key] = []

        var isEmpty: Bool { named.isEmpty && rows.isEmpty && keys.isEmpty }

        func child(_ segment: ComponentPath.Segment) -> Node? {
            if case .row(let row) = segment { return rows[row] }
            return named[segment]
        }
    }

    private var root = Node()

    /// How deep a key goes in the tree: through its path's last row
    /// segment (0: the path is in no row, and is not kept).
    private static func depth(of path: ComponentPath) -> Int {
        guard path.isInRow else { return 0 }
        var index = path.segmentCount - 1
        while path.row(at: index) == nil { index -= 1 }
        return index + 1
    }

    mutating func insert(_ key: Key) {
        let path = key.itemDataPath
        let depth = Self.depth(of: path)
        guard depth > 0 else { return }
        Self.insert(key, path: path, depth: depth, level: 0, into: &root)
    }

    private static func insert(_ key: Key, path: ComponentPath, depth: Int, level: Int, into node: inout Node) {
        if level == depth {
            node.keys.append(key)
            return
        }
        let segment = path.segments[level]
        if case .row(let row) = segment {
            node.rows.modify(row, default: Node()) { insert(key, path: path, depth: depth, level: level + 1, into: &$0) }
        } else {
            insert(key, path: path, depth: depth, level: level + 1, into: &node.named[segment, default: Node()])
        }
    }

    mutating func remove(_ key: Key) {
        let path = key.itemDataPath
        let depth = Self.depth(of: path)
        guard depth > 0 else { return }
        _ = Self.remove(key, path: path, depth: depth, level: 0, from: &root)
    }

    /// Removes `key` below `node`; true when `node` is left empty.
    private static func remove(_ key: Key, path: ComponentPath, depth: Int, level: Int, from node: inout Node) -> Bool {
        if level == depth {
            if let index = node.keys.firstIndex(of: key) { node.keys.remove(at: index) }
            return node.isEmpty
        }
        let segment = path.segments[level]
        if case .row(let row) = segment {
            var emptied = false
            _ = node.rows.modifyExisting(row) { emptied = remove(key, path: path, depth: depth, level: level + 1, from: &$0) }
            if emptied { node.rows.removeValue(row) }
        } else if node.named[segment] != nil,
                  remove(key, path: path, depth: depth, level: level + 1, from: &node.named[segment]!) {
            node.named[segment] = nil
        }
        return node.isEmpty
    }

    /// The keys whose last row is `path`'s last row or in it (`path` is in a row).
    func keys(inRowOf path: ComponentPath) -> [Key] {
        var node = root
        for level in 0..<Self.depth(of: path) {
            guard let child = node.child(path.segments[level]) else { return [] }
            node = child
        }
        var found: [Key] = []
        Self.collect(node, into: &found)
        return found
    }

    private static func collect(_ node: Node, into found: inout [Key]) {
        found += node.keys
        for child in node.named.values { collect(child, into: &found) }
        node.rows.forEach { collect($0, into: &found) }
    }

    /// Moves the nodes of rows `from` and later of the list at `list` to
    /// the rows `target` gives (nil: dropped), each key under them rekeyed
    /// to its new path; returns each key's old and new key (nil: dropped).
    mutating func moveRows(under list: ComponentPath, from: Int, to target: (Int) -> Int?) -> [(old: Key, new: Key?)] {
        var moves: [(old: Key, new: Key?)] = []
        Self.withNode(at: list, level: 0, in: &root) { node in
            var kept: [RowMap<Node>.Slot] = []
            for var slot in node.rows.removeAll(from: from) {
                if let new = target(slot.row) {
                    Self.rekey(&slot.value, list: list, from: slot.row, by: new - slot.row, moves: &moves)
                    slot.row = new
                    kept.append(slot)
                } else {
                    Self.drop(slot.value, moves: &moves)
                }
            }
            // A shift keeps the rows in order, past every row left (rows
            // before `from`): appended as they are; any other target is
            // added row by row.
            if kept.allSatisfy({ $0.row >= from }), zip(kept, kept.dropFirst()).allSatisfy({ $0.row < $1.row }) {
                node.rows.append(contentsOf: kept)
            } else {
                for slot in kept { node.rows.modify(slot.row, default: slot.value) { _ in } }
            }
        }
        // A list node left with nothing goes too.
        _ = Self.prune(along: list, level: 0, in: &root)
        return moves
    }

    /// Runs `body` on the node of `list`, if there is one.
    private static func withNode(at list: ComponentPath, level: Int, in node: inout Node, _ body: (inout Node) -> Void) {
        if level == list.segmentCount {
            body(&node)
            return
        }
        let segment = list.segments[level]
        if case .row(let row) = segment {
            _ = node.rows.modifyExisting(row) { withNode(at: list, level: level + 1, in: &$0, body) }
        } else if node.named[segment] != nil {
            withNode(at: list, level: level + 1, in: &node.named[segment]!, body)
        }
    }

    /// Removes the empty nodes along `path`; true when `node` is empty.
    private static func prune(along path: ComponentPath, level: Int, in node: inout Node) -> Bool {
        guard level < path.segmentCount else { return node.isEmpty }
        let segment = path.segments[level]
        if case .row(let row) = segment {
            var emptied = false
            _ = node.rows.modifyExisting(row) { emptied = prune(along: path, level: level + 1, in: &$0) }
            if emptied { node.rows.removeValue(row) }
        } else if node.named[segment] != nil, prune(along: path, level: level + 1, in: &node.named[segment]!) {
            node.named[segment] = nil
        }
        return node.isEmpty
    }

    private static func rekey(_ node: inout Node, list: ComponentPath, from row: Int, by delta: Int,
                              moves: inout [(old: Key, new: Key?)]) {
        guard delta != 0 else { return }
        for index in node.keys.indices {
            let old = node.keys[index]
            guard let path = old.itemDataPath.shiftingRow(under: list, from: row, by: delta) else { continue }
            let new = old.movingItemData(to: path)
            node.keys[index] = new
            moves.append((old, new))
        }
        for segment in Array(node.named.keys) {
            rekey(&node.named[segment]!, list: list, from: row, by: delta, moves: &moves)
        }
        node.rows.modifyAll { rekey(&$0, list: list, from: row, by: delta, moves: &moves) }
    }

    private static func drop(_ node: Node, moves: inout [(old: Key, new: Key?)]) {
        for key in node.keys { moves.append((key, nil)) }
        for child in node.named.values { drop(child, moves: &moves) }
        node.rows.forEach { drop($0, moves: &moves) }
    }
}
