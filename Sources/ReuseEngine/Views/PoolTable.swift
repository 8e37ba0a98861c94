/// One parent's pools: ViewKey -> ``ReusePool``, in first-use order.
///
/// An ordered map like swift-collections' `OrderedDictionary`, kept as two
/// parallel arrays that a vend reads in place. A parent has a few keys
/// (one per child type, shape and class it holds), so a key is found by
/// comparing it with each (a ``ViewKey`` made once per pass compares by
/// identity); past a few keys a hash index finds it. Written
/// for the mount path, which looks a key up at every vend: a lookup reads
/// the arrays in place, where `OrderedDictionary.index(forKey:)` does not.
public struct PoolTable: Sendable, Equatable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// In first-use order.
    public private(set) var keys: [ViewKey] = []
    /// `values[i]` is the pool of `keys[i]`.
    public private(set) var values: [ReusePool] = []
    /// Each key's position, kept only once there are more than ``indexedCount`` keys.
    private var positions: [ViewKey: Int]?

    /// Up to this many keys, a lookup compares keys one by one.
    static let indexedCount = 12

    /// No pools.
    public init() {}

    /// Pools in the literal's order (a key written twice keeps its first
    /// place and its last pool; the engine writes only `[:]`).
    public init(dictionaryLiteral elements: (ViewKey, ReusePool)...) {
        for (key, pool) in elements { self[key] = pool }
    }

    // MARK: Collection

    public typealias Element = (key: ViewKey, value: ReusePool)
    public var startIndex: Int { 0 }
    public var endIndex: Int { keys.count }
    public subscript(position: Int) -> Element { (keys[position], values[position]) }

    // MARK: Lookup

    /// The position of `key`, if it has a pool.
    public func index(forKey key: ViewKey) -> Int? {
        if let positions { return positions[key] }
        for position in keys.indices where keys[position] == key { return position }
        return nil
    }

    /// The pool of `key`; setting `nil` removes it (later pools move up).
    /// Changed in place (`pools[key]?.views.removeAll { ... }`): the pool
    /// is moved out while it changes, so its arrays are not copied.
    public subscript(key: ViewKey) -> ReusePool? {
        get { index(forKey: key).map { values[$0] } }
        set { set(newValue, at: index(forKey: key), for: key) }
        _modify {
            let position = index(forKey: key)
            var pool: ReusePool?
            if let position {
                pool = values[position]
                values[position] = ReusePool()
            }
            yield &pool
            set(pool, at: position, for: key)
        }
    }

    /// The pool of `key`, made empty first when there is none.
    public subscript(key: ViewKey, default defaultValue: @autoclosure () -> ReusePool) -> ReusePool {
        get { self[key] ?? defaultValue() }
        _modify {
            let position = index(forKey: key) ?? append(key, defaultValue())
            yield &values[position]
        }
    }

    /// Runs `body` on the pool at `position` in place.
    mutating func modify<T>(at position: Int, _ body: (inout ReusePool) -> T) -> T {
        body(&values[position])
    }

    /// Runs `body` on the pool of `key` in place, if it exists. Found and
    /// changed in one mutating call: a lookup on a table read out of a
    /// view (`views[i].pools.index(forKey:)`) copies the table first.
    mutating func modify<T>(_ key: ViewKey, _ body: (inout ReusePool) -> T) -> T? {
        index(forKey: key).map { modify(at: $0, body) }
    }

    /// Runs `body` on the pool whose key has `identity` (``ViewKey/identity``)
    /// in place, if one has; nil when none has, though a pool of an equal
    /// key may be there. Compares identities alone, so the key asked for
    /// need not be copied out of where it is stored.
    mutating func modify<T>(identicalTo identity: ObjectIdentifier, _ body: (inout ReusePool) -> T) -> T? {
        for position in keys.indices where keys[position].identity == identity { return modify(at: position, body) }
        return nil
    }

    /// Only the pools whose key and pool satisfy `isIncluded`, in order.
    public func filter(_ isIncluded: (ViewKey, ReusePool) throws -> Bool) rethrows -> PoolTable {
        var kept = PoolTable()
        for position in keys.indices where try isIncluded(keys[position], values[position]) {
            kept.append(keys[position], values[position])
        }
        return kept
    }

    public static func == (lhs: PoolTable, rhs: PoolTable) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }

    // MARK: Private

    /// Stores `pool` for `key`, found at `position` (nil: not there):
    /// replaced, removed (nil) or appended.
    private mutating func set(_ pool: ReusePool?, at position: Int?, for key: ViewKey) {
        if let position {
            if let pool {
                values[position] = pool
            } else {
                keys.remove(at: position)
                values.remove(at: position)
                reindex()
            }
        } else if let pool {
            append(key, pool)
        }
    }

    @discardableResult
    private mutating func append(_ key: ViewKey, _ pool: ReusePool) -> Int {
        keys.append(key)
        values.append(pool)
        if positions != nil {
            positions?[key] = keys.count - 1
        } else if keys.count > PoolTable.indexedCount {
            reindex()
        }
        return keys.count - 1
    }

    /// Rebuilds the hash index after a removal, or drops it when few keys are left.
    private mutating func reindex() {
        guard keys.count > PoolTable.indexedCount else {
            positions = nil
            return
        }
        var table: [ViewKey: Int] = [:]
        table.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() { table[key] = position }
        positions = table
    }
}

extension PoolTable: CustomStringConvertible {
    /// `[(Foo, UIView, [alpha]): [v2, v3], ...]`: each key and its views.
    public var description: String {
        "[" + indices.map { "\(keys[$0]): \(values[$0].views)" }.joined(separator: ", ") + "]"
    }
}
