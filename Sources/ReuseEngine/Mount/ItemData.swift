import OrderedCollections

/// A key of data that belongs to an item (``Engine/Session``'s values,
/// hidden instances, state, ...): it names a path, and moves to another
/// path when `insert` or `delete` moves the item whose row the path runs
/// through.
protocol ItemDataKey: Hashable, Sendable {
    /// The path whose rows say which items the entry belongs to.
    var itemDataPath: ComponentPath { get }
    /// This key with `itemDataPath` replaced by `path`.
    func movingItemData(to path: ComponentPath) -> Self
}

extension ComponentPath: ItemDataKey {
    var itemDataPath: ComponentPath { self }
    func movingItemData(to path: ComponentPath) -> ComponentPath { path }
}

extension InstanceKey: ItemDataKey {
    var itemDataPath: ComponentPath { path }
    func movingItemData(to path: ComponentPath) -> InstanceKey { InstanceKey(component: component, path: path) }
}

extension SlotKey: ItemDataKey {
    var itemDataPath: ComponentPath { list }
    func movingItemData(to path: ComponentPath) -> SlotKey { SlotKey(list: path, key: key) }
}

/// A map of item data in the order its keys were first stored (as an
/// `OrderedDictionary`, which it replaced), whose entries under some rows
/// of one list move or go at the cost of those entries alone
/// (``moveRows(under:from:to:)``): `insert Feed at 5` after values on
/// 100,000 rows rekeys the entries of rows 5 and later, not every entry.
///
/// Stored as a hash map of entries, each with its insertion number beside
/// it (the order, read by sorting: only where an order is shown), kept
/// dense in an `OrderedDictionary` whose positions mean nothing (a removal
/// swaps the last entry into the gap: no shift, and no slack of a hash
/// map of whole entries), and a tree of the
/// keys whose paths run through list rows, by the segments of their paths
/// down to their last row (``ItemDataTree``). A moved entry keeps its
/// number, so it keeps its place in the order, as a rekeyed entry of the
/// ordered dictionary did. A value type with its parts in one
/// copy-on-write box: a copy of the session (each operation's, a
/// checkpoint's) retains one reference per map, and costs nothing more
/// until one side changes.
struct ItemDataMap<Key: ItemDataKey, Value: Sendable>: Sendable {
    /// The parts, shared by copies until one changes (``makeUnique()``).
    /// Unchecked: written only through `storage`'s accessors below, after
    /// `makeUnique()`, so never while another map holds it; and no access
    /// to a part overlaps another to it (each accessor below is one
    /// access, and nothing they run reaches the map again), so the
    /// exclusivity checks a class's properties get at run time (a call
    /// each, at every `isEmpty` a pass asks) are left out.
    private final class Storage: @unchecked Sendable {
        /// Dense, its positions meaningless (``take(_:)``): a lookup reads
        /// the value in place, as the ordered dictionary it replaced did.
        @exclusivity(unchecked) var entries: OrderedDictionary<Key, Value> = [:]
        /// Each entry's insertion number, at the entry's position: the order.
        @exclusivity(unchecked) var orders: [Int] = []
        /// The number the next new key takes.
        @exclusivity(unchecked) var nextOrder = 0
        /// The keys in rows, by path.
        @exclusivity(unchecked) var tree = ItemDataTree<Key>()

        init() {}

        func copy() -> Storage {
            let copy = Storage()
            copy.entries = entries
            copy.orders = orders
            copy.nextOrder = nextOrder
            copy.tree = tree
            return copy
        }
    }

    private var storage = Storage()

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    private var entries: OrderedDictionary<Key, Value> {
        _read { yield storage.entries }
        _modify {
            makeUnique()
            yield &storage.entries
        }
    }

    private var orders: [Int] {
        _read { yield storage.orders }
        _modify {
            makeUnique()
            yield &storage.orders
        }
    }

    private var nextOrder: Int {
        get { storage.nextOrder }
        set {
            makeUnique()
            storage.nextOrder = newValue
        }
    }

    private var tree: ItemDataTree<Key> {
        _read { yield storage.tree }
        _modify {
            makeUnique()
            yield &storage.tree
        }
    }

    init() {}

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// The keys in no particular order (for questions whose answer does
    /// not depend on it).
    var keysInAnyOrder: OrderedSet<Key> { entries.keys }

    func contains(_ key: Key) -> Bool { entries.index(forKey: key) != nil }

    subscript(key: Key) -> Value? {
        get { entries[key] }
        set {
            if let newValue {
                if let index = entries.index(forKey: key) {
                    entries.values[index] = newValue
                } else {
                    add(key, newValue)
                }
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// The value of `key`, `defaultValue` stored first when it has none
    /// (one hash of the key either way).
    subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get { entries[key] ?? defaultValue() }
        _modify {
            var isNew = false
            yield &entries[key, default: { isNew = true; return defaultValue() }()]
            if isNew {
                orders.append(nextOrder)
                nextOrder += 1
                tree.insert(key)
            }
        }
    }

    private mutating func add(_ key: Key, _ value: Value) {
        entries[key] = value
        orders.append(nextOrder)
        nextOrder += 1
        tree.insert(key)
    }

    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        guard let removed = take(key) else { return nil }
        tree.remove(key)
        return removed.value
    }

    /// Takes `key`'s entry and number out (not out of the tree), the last
    /// entry swapped into its place: the same cost wherever it is.
    private mutating func take(_ key: Key) -> (value: Value, order: Int)? {
        guard let index = entries.index(forKey: key) else { return nil }
        let last = entries.count - 1
        if index != last {
            entries.swapAt(index, last)
            orders.swapAt(index, last)
        }
        return (entries.removeLast().value, orders.removeLast())
    }

    /// Every entry, in the order the keys were first stored (sorted: what
    /// shows an order pays for it).
    var inOrder: [(key: Key, value: Value)] {
        let (entries, orders) = (self.entries, self.orders)
        return orders.indices.sorted { orders[$0] < orders[$1] }.map { (entries.keys[$0], entries.values[$0]) }
    }

    /// The entries whose paths are `path` or run through it, in order:
    /// those in the tree under `path`'s last row when it has one (a row's
    /// data: its cost follows that data), else found by a scan.
    func inOrder(under path: ComponentPath) -> [(key: Key, value: Value)] {
        let (entries, orders) = (self.entries, self.orders)
        let candidates = path.isInRow ? tree.keys(inRowOf: path) : Array(entries.keys)
        return candidates.compactMap { key -> Int? in
            let keyPath = key.itemDataPath
            guard keyPath == path || keyPath.hasPrefix(path) else { return nil }
            return entries.index(forKey: key)
        }
        .sorted { orders[$0] < orders[$1] }
        .map { (entries.keys[$0], entries.values[$0]) }
    }

    /// Moves the entries in rows `from` and later of the list at `list`
    /// (paths that run through such a row) to the row `target` gives, or
    /// drops them where it gives nil; each moved entry keeps its place in
    /// the order. Costs follow the entries in those rows (and the rows
    /// that have some), not the map's size.
    mutating func moveRows(under list: ComponentPath, from: Int, to target: (Int) -> Int?) {
        let moves = tree.moveRows(under: list, from: from, to: target)
        guard !moves.isEmpty else { return }
        // All taken out first: a new key may be an old key still to move.
        var taken: [(key: Key?, value: Value, order: Int)] = []
        taken.reserveCapacity(moves.count)
        for move in moves {
            guard let entry = take(move.old) else { continue }
            taken.append((move.new, entry.value, entry.order))
        }
        for entry in taken {
            guard let key = entry.key else { continue }
            entries[key] = entry.value
            orders.append(entry.order)
        }
    }

    /// Drops every entry for which `shouldBeRemoved` is true.
    mutating func removeAll(where shouldBeRemoved: (Key, Value) -> Bool) {
        for (key, value) in entries where shouldBeRemoved(key, value) {
            removeValue(forKey: key)
        }
    }
}

extension ItemDataMap: Sequence {
    /// Every entry, in the order the keys were first stored.
    func makeIterator() -> IndexingIterator<[(key: Key, value: Value)]> { inOrder.makeIterator() }
}

/// A set of item data keys in the order they were added (an `OrderedSet`
/// before: hidden instances), whose keys under a list's rows move at the
/// cost of those keys (``ItemDataMap``); a removal costs the same however
/// many keys there are.
struct ItemDataSet<Key: ItemDataKey>: Sendable {
    struct Present: Sendable {}
    private var map = ItemDataMap<Key, Present>()

    init() {}

    var isEmpty: Bool { map.isEmpty }
    var count: Int { map.count }
    func contains(_ key: Key) -> Bool { map.contains(key) }

    /// Adds `key` at the end (nothing when it is in already).
    mutating func append(_ key: Key) {
        if !map.contains(key) { map[key] = Present() }
    }

    mutating func remove(_ key: Key) { map.removeValue(forKey: key) }

    mutating func moveRows(under list: ComponentPath, from: Int, to target: (Int) -> Int?) {
        map.moveRows(under: list, from: from, to: target)
    }
}

extension ItemDataSet: Sequence {
    /// The keys in the order they were added.
    func makeIterator() -> IndexingIterator<[Key]> { map.inOrder.map(\.key).makeIterator() }
}

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

/// Values by row number, in row order, in chunks of at most
/// ``chunkLimit`` slots: finding, adding or removing a row costs a search
/// and at most a chunk's shift, the rows from some row on are taken out at
/// the cost of those rows, and a copy shares every chunk until one side
/// changes it (a checkpoint's copy of 100,000 rows copies 400 references).
struct RowMap<Value> {
    struct Slot {
        var row: Int
        var value: Value
    }

    private var chunks: [[Slot]] = []
    static var chunkLimit: Int { 256 }

    init() {}

    var isEmpty: Bool { chunks.isEmpty }

    /// Every row, in order.
    var rows: [Int] { chunks.flatMap { $0.map(\.row) } }

    /// The first chunk whose last row is `row` or more (`chunks.count`: none).
    private func chunk(reaching row: Int) -> Int {
        var low = 0, high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if chunks[middle][chunks[middle].count - 1].row < row { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func position(of row: Int, in chunk: [Slot]) -> Int {
        var low = 0, high = chunk.count
        while low < high {
            let middle = (low + high) / 2
            if chunk[middle].row < row { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where `row` is, if it is here.
    private func find(_ row: Int) -> (chunk: Int, position: Int)? {
        let found = chunk(reaching: row)
        guard found < chunks.count else { return nil }
        let position = Self.position(of: row, in: chunks[found])
        guard position < chunks[found].count, chunks[found][position].row == row else { return nil }
        return (found, position)
    }

    subscript(row: Int) -> Value? {
        guard let (chunk, position) = find(row) else { return nil }
        return chunks[chunk][position].value
    }

    /// Runs `body` on the value of `row`, stored first as `defaultValue` when it has none.
    mutating func modify(_ row: Int, default defaultValue: @autoclosure () -> Value, _ body: (inout Value) -> Void) {
        guard !chunks.isEmpty else {
            chunks = [[Slot(row: row, value: defaultValue())]]
            body(&chunks[0][0].value)
            return
        }
        let found = min(chunk(reaching: row), chunks.count - 1)
        let position = Self.position(of: row, in: chunks[found])
        if position < chunks[found].count, chunks[found][position].row == row {
            body(&chunks[found][position].value)
            return
        }
        chunks[found].insert(Slot(row: row, value: defaultValue()), at: position)
        body(&chunks[found][position].value)
        if chunks[found].count > Self.chunkLimit {
            let half = chunks[found].count / 2
            let upper = Array(chunks[found][half...])
            chunks[found].removeSubrange(half...)
            chunks.insert(upper, at: found + 1)
        }
    }

    /// Runs `body` on the value of `row` when it has one; whether it had.
    mutating func modifyExisting(_ row: Int, _ body: (inout Value) -> Void) -> Bool {
        guard let (chunk, position) = find(row) else { return false }
        body(&chunks[chunk][position].value)
        return true
    }

    @discardableResult
    mutating func removeValue(_ row: Int) -> Value? {
        guard let (chunk, position) = find(row) else { return nil }
        let removed = chunks[chunk].remove(at: position)
        if chunks[chunk].isEmpty { chunks.remove(at: chunk) }
        return removed.value
    }

    /// Takes out the rows `row` and later, in order.
    mutating func removeAll(from row: Int) -> [Slot] {
        let found = chunk(reaching: row)
        guard found < chunks.count else { return [] }
        let position = Self.position(of: row, in: chunks[found])
        var taken = Array(chunks[found][position...])
        for later in chunks[(found + 1)...] { taken += later }
        chunks.removeSubrange((found + 1)...)
        chunks[found].removeSubrange(position...)
        if chunks[found].isEmpty { chunks.remove(at: found) }
        return taken
    }

    /// Adds `slots`, in ascending rows, each past every row here.
    mutating func append(contentsOf slots: [Slot]) {
        var start = slots.startIndex
        while start < slots.endIndex {
            if chunks.isEmpty || chunks[chunks.count - 1].count >= Self.chunkLimit { chunks.append([]) }
            let room = Self.chunkLimit - chunks[chunks.count - 1].count
            let end = min(start + room, slots.endIndex)
            chunks[chunks.count - 1] += slots[start..<end]
            start = end
        }
    }

    func forEach(_ body: (Value) -> Void) {
        for chunk in chunks {
            for slot in chunk { body(slot.value) }
        }
    }

    mutating func modifyAll(_ body: (inout Value) -> Void) {
        for chunk in chunks.indices {
            for position in chunks[chunk].indices { body(&chunks[chunk][position].value) }
        }
    }
}

extension RowMap: Sendable where Value: Sendable {}
extension RowMap.Slot: Sendable where Value: Sendable {}
