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
