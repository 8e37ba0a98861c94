/// Which item each row of one list instance shows, once `insert` or
/// `delete` changed its items: row `r` shows item ``id(atRow:)``.
///
/// A list starts with items 0, 1, 2, ... in its rows, so a list no insert
/// or delete touched has no sequence at all (row and item are one number).
/// Inserted items take ids from ``nextID`` on, so an id names one item for
/// the session and `{i}` shows which item a row shows.
///
/// Stored as runs of consecutive ids, so a list of a billion rows that took
/// a few inserts holds a few runs. The runs sit in the leaves of a B+ tree
/// whose inner nodes keep each child's rows, so a lookup, an insert and a
/// delete descend one path: O(log runs) each (a delete also pays for each
/// run it removes), however many scattered inserts fragmented the list.
/// (Until 2026-12 the runs were one array with a `starts` array rebuilt by
/// every change: O(runs) a change, quadratic to build 30,000 runs.)
///
/// Invariants (``validate()``): no run is empty; no run continues the one
/// before it (`firstID + count` of one is never the next one's `firstID`:
/// such runs are merged, so equal sequences hold equal runs); every leaf is
/// at the same depth; a node other than the root holds between
/// ``minimumRuns`` and ``maximumRuns`` runs (a leaf) or between
/// ``minimumChildren`` and ``maximumChildren`` children (an inner node); an
/// inner root has at least two children; each inner node's `childRows[i]`
/// is the rows under `children[i]`, and the root's rows are ``count``.
///
/// A value type: nodes are shared between copies (a time-travel checkpoint
/// copies the session, so a copy costs one retain) and copied on write, one
/// path of nodes at a time.
struct ItemSequence: Sendable {
    /// A stretch of rows showing items `firstID`, `firstID + 1`, ...
    struct Run: Sendable, Equatable {
        var firstID: Int
        var count: Int
    }

    /// Runs a leaf holds at most (16 bytes each: a leaf's runs fill 1 KB).
    static let maximumRuns = 64
    /// Runs a leaf other than the root holds at least.
    static let minimumRuns = maximumRuns / 4
    /// Children an inner node holds at most.
    static let maximumChildren = 32
    /// Children an inner node other than the root holds at least.
    static let minimumChildren = maximumChildren / 4

    /// A node of the tree: a leaf (no children) holds runs, an inner node
    /// holds children and the rows under each.
    ///
    /// `@unchecked Sendable`: a node is written only through an
    /// `ItemSequence` that holds the only reference to it
    /// (`isKnownUniquelyReferenced`, checked on every path that writes, as
    /// an array's buffer is), so a node that two values or two threads can
    /// reach is never written.
    final class Node: @unchecked Sendable {
        /// A leaf's runs, in row order (empty in an inner node).
        var runs: [Run]
        /// An inner node's children, in row order (empty in a leaf).
        var children: [Node]
        /// The rows under each child (empty in a leaf).
        var childRows: [Int]

        init(runs: [Run] = [], children: [Node] = [], childRows: [Int] = []) {
            self.runs = runs
            self.children = children
            self.childRows = childRows
        }

        var isLeaf: Bool { children.isEmpty }
        /// Runs (a leaf) or children (an inner node).
        var size: Int { isLeaf ? runs.count : children.count }
        var isOverfull: Bool { isLeaf ? runs.count > ItemSequence.maximumRuns : children.count > ItemSequence.maximumChildren }
        var isUnderfull: Bool { isLeaf ? runs.count < ItemSequence.minimumRuns : children.count < ItemSequence.minimumChildren }

        /// The rows under this node, added up (O(size)).
        var rows: Int {
            isLeaf ? runs.reduce(0) { $0 + $1.count } : childRows.reduce(0, +)
        }

        /// A node with the same contents: the copy written in place of a
        /// shared node (its arrays are shared until written).
        func copy() -> Node { Node(runs: runs, children: children, childRows: childRows) }

        /// Moves this node's contents from `index` on into a new node.
        func splitOff(from index: Int) -> Node {
            if isLeaf {
                let right = Node(runs: Array(runs[index...]))
                runs.removeSubrange(index...)
                return right
            }
            let right = Node(children: Array(children[index...]), childRows: Array(childRows[index...]))
            children.removeSubrange(index...)
            childRows.removeSubrange(index...)
            return right
        }

        /// Appends `other`'s contents (a node at the same depth, the one after this).
        func absorb(_ other: Node) {
            if isLeaf {
                runs += other.runs
            } else {
                children += other.children
                childRows += other.childRows
            }
        }

        /// The child holding `row` (in `0..<rows`) and the row where it starts.
        @inline(__always)
        func child(containing row: Int) -> (index: Int, start: Int) {
            var start = 0
            for index in 0..<(childRows.count - 1) {
                let end = start + childRows[index]
                if row < end { return (index, start) }
                start = end
            }
            return (childRows.count - 1, start)
        }

        /// The run of this leaf holding `row` (in `0..<rows`) and the row where it starts.
        @inline(__always)
        func run(containing row: Int) -> (index: Int, start: Int) {
            var start = 0
            for index in 0..<(runs.count - 1) {
                let end = start + runs[index].count
                if row < end { return (index, start) }
                start = end
            }
            return (runs.count - 1, start)
        }
    }

    /// The tree's root: a leaf with no runs when the list has no rows.
    private var root: Node
    /// How many rows the list has now.
    private(set) var count: Int
    /// The id the next inserted item takes.
    private(set) var nextID: Int

    /// The list type whose instance this is (a redefinition of it starts
    /// its instances' items afresh).
    let listType: String

    /// The items of a list of type `listType` with `rows` rows nobody
    /// changed: item `r` in row `r`.
    init(listType: String, rows: Int) {
        self.listType = listType
        root = Node(runs: rows > 0 ? [Run(firstID: 0, count: rows)] : [])
        count = rows
        nextID = rows
    }

    /// The runs in row order (O(runs): for tests and equality, never a change).
    var runs: [Run] {
        var result: [Run] = []
        func walk(_ node: Node) {
            if node.isLeaf { result += node.runs } else { node.children.forEach(walk) }
        }
        walk(root)
        return result
    }

    /// The item row `row` shows (`row` in `0..<count`).
    func id(atRow row: Int) -> Int {
        let (run, start) = self.run(containing: row)
        return run.firstID + (row - start)
    }

    /// The run holding `row` (in `0..<count`) and the row where it starts.
    private func run(containing row: Int) -> (run: Run, start: Int) {
        var node = root, offset = 0
        while !node.isLeaf {
            let (index, start) = node.child(containing: row - offset)
            offset += start
            node = node.children[index]
        }
        let (index, start) = node.run(containing: row - offset)
        return (node.runs[index], offset + start)
    }

    /// Inserts or deletes as `change` says (its rows checked by the caller).
    mutating func apply(_ change: ItemChange) {
        switch change {
        case .insert(let at, let count): insert(at: at, count: count)
        case .delete(let at, let count): delete(at: at, count: count)
        }
    }

    /// Inserts `count` new items before row `row` (`row == count`: at the
    /// end), with the next ids.
    mutating func insert(at row: Int, count inserted: Int) {
        let new = Run(firstID: nextID, count: inserted)
        defer {
            nextID += inserted
            count += inserted
            checkInvariants()
        }
        if count == 0 {
            // An empty list's root is an empty leaf.
            root = Node(runs: [new])
            return
        }
        if row > 0 {
            let (before, start) = run(containing: row - 1)
            if start + before.count == row {
                // `row` ends a run: the new items continue it when its last
                // id is the one before theirs (the items inserted last, just
                // before them), as one run.
                if before.firstID + before.count == new.firstID {
                    replaceRun(containing: row - 1, with: [Run(firstID: before.firstID, count: before.count + inserted)])
                } else if row == count {
                    replaceRun(containing: row - 1, with: [before, new])
                } else {
                    let (after, _) = run(containing: row)
                    replaceRun(containing: row, with: [new, after])
                }
                return
            }
        }
        let (whole, start) = run(containing: row)
        let offset = row - start
        if offset == 0 {
            replaceRun(containing: row, with: [new, whole])
        } else {
            // Inside a run: its two parts around the new items (which
            // continue neither: their ids are past every id before them).
            replaceRun(containing: row, with: [Run(firstID: whole.firstID, count: offset), new,
                                               Run(firstID: whole.firstID + offset, count: whole.count - offset)])
        }
    }

    /// Deletes the items of rows `row ..< row + deleted`: one run trimmed,
    /// split or taken out at a time, then the runs around the gap merged
    /// when they continue each other.
    mutating func delete(at row: Int, count deleted: Int) {
        var left = deleted
        while left > 0 {
            let (whole, start) = run(containing: row)
            let offset = row - start
            let taken = min(whole.count - offset, left)
            var kept: [Run] = []
            if offset > 0 { kept.append(Run(firstID: whole.firstID, count: offset)) }
            if offset + taken < whole.count {
                kept.append(Run(firstID: whole.firstID + offset + taken, count: whole.count - offset - taken))
            }
            replaceRun(containing: row, with: kept)
            count -= taken
            left -= taken
        }
        defer { checkInvariants() }
        guard row > 0, row < count else { return }
        // The run that ends at `row` and the one that starts there: one run
        // when the second's ids continue the first's.
        let (before, _) = run(containing: row - 1)
        let (after, _) = run(containing: row)
        if before.firstID + before.count == after.firstID {
            replaceRun(containing: row, with: [])
            replaceRun(containing: row - 1, with: [Run(firstID: before.firstID, count: before.count + after.count)])
        }
    }

    /// Replaces the run holding `row` with `replacement` (empty runs left
    /// out), splitting, merging or evening out the nodes along its path
    /// that end up with too many or too few entries.
    private mutating func replaceRun(containing row: Int, with replacement: [Run]) {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        Self.replaceRun(in: root, containing: row, with: replacement.filter { $0.count > 0 })
        if root.isOverfull {
            let left = root, right = root.splitOff(from: root.size / 2)
            root = Node(children: [left, right], childRows: [left.rows, right.rows])
        }
        while !root.isLeaf && root.children.count == 1 {
            root = root.children[0]
        }
    }

    /// ``replaceRun(containing:with:)`` under `node` (uniquely referenced);
    /// returns how many rows it added (less when negative).
    @discardableResult
    private static func replaceRun(in node: Node, containing row: Int, with replacement: [Run]) -> Int {
        if node.isLeaf {
            let (index, _) = node.run(containing: row)
            let added = replacement.reduce(0) { $0 + $1.count } - node.runs[index].count
            node.runs.replaceSubrange(index...index, with: replacement)
            return added
        }
        let (index, start) = node.child(containing: row)
        if !isKnownUniquelyReferenced(&node.children[index]) { node.children[index] = node.children[index].copy() }
        let added = replaceRun(in: node.children[index], containing: row - start, with: replacement)
        node.childRows[index] += added
        rebalance(node, child: index)
        return added
    }

    /// Splits `node`'s child `index` when it holds too many entries, or
    /// merges it with a neighbour (or evens the two out) when too few.
    private static func rebalance(_ node: Node, child index: Int) {
        let child = node.children[index]
        if child.isOverfull {
            let right = child.splitOff(from: child.size / 2)
            let rightRows = right.rows
            node.childRows[index] -= rightRows
            node.children.insert(right, at: index + 1)
            node.childRows.insert(rightRows, at: index + 1)
            return
        }
        guard child.isUnderfull, node.children.count > 1 else { return }
        // The child and the neighbour after it (before it, for the last).
        let first = index + 1 < node.children.count ? index : index - 1
        for side in [first, first + 1] {
            if !isKnownUniquelyReferenced(&node.children[side]) { node.children[side] = node.children[side].copy() }
        }
        let left = node.children[first], right = node.children[first + 1]
        let maximum = left.isLeaf ? maximumRuns : maximumChildren
        if left.size + right.size <= maximum {
            left.absorb(right)
            node.childRows[first] += node.childRows[first + 1]
            node.children.remove(at: first + 1)
            node.childRows.remove(at: first + 1)
        } else {
            // Too many for one node: the two share them evenly (each then
            // holds at least half of a full node, well above the minimum).
            left.absorb(right)
            let moved = left.splitOff(from: left.size / 2)
            let total = node.childRows[first] + node.childRows[first + 1]
            node.children[first + 1] = moved
            node.childRows[first + 1] = moved.rows
            node.childRows[first] = total - node.childRows[first + 1]
        }
    }

    /// In debug builds, after each change, what the root promises (O(1)
    /// but the root's rows); tests check the whole tree with ``validate()``.
    private func checkInvariants() {
        #if DEBUG
        precondition(root.rows == count || (root.isLeaf && root.runs.isEmpty && count == 0),
                     "ItemSequence: the root's rows are not the count")
        precondition(root.isLeaf || root.children.count >= 2, "ItemSequence: an inner root with one child")
        #endif
    }

    /// Whether every invariant of the type holds, through the whole tree (O(runs)).
    func validate() -> Bool {
        var leafDepth: Int?
        var previous: Run?
        func check(_ node: Node, depth: Int, isRoot: Bool) -> Int? {
            if !isRoot && (node.isOverfull || node.isUnderfull) { return nil }
            if node.isLeaf {
                if leafDepth == nil { leafDepth = depth }
                guard leafDepth == depth else { return nil }
                for run in node.runs {
                    guard run.count > 0 else { return nil }
                    if let previous, previous.firstID + previous.count == run.firstID { return nil }
                    previous = run
                }
                return node.rows
            }
            guard node.childRows.count == node.children.count, !isRoot || node.children.count >= 2 else { return nil }
            for (child, rows) in zip(node.children, node.childRows) {
                guard check(child, depth: depth + 1, isRoot: false) == rows else { return nil }
            }
            return node.rows
        }
        guard check(root, depth: 0, isRoot: true) == count else { return false }
        return runs.allSatisfy { $0.firstID + $0.count <= nextID }
    }

    /// How deep the tree is: 1 for a lone leaf (for tests).
    var depth: Int {
        var node = root, depth = 1
        while !node.isLeaf { node = node.children[0]; depth += 1 }
        return depth
    }
}

extension ItemSequence: Equatable {
    /// The same list type, ids to come and items in every row, however the
    /// runs are laid out in nodes.
    static func == (lhs: ItemSequence, rhs: ItemSequence) -> Bool {
        guard lhs.listType == rhs.listType, lhs.count == rhs.count, lhs.nextID == rhs.nextID else { return false }
        return lhs.root === rhs.root || lhs.runs == rhs.runs
    }
}
