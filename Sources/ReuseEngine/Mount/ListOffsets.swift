import OrderedCollections

/// Each mounted list's scroll offset, by list instance path.
///
/// An ordered map that never removes an entry (a list unmounted keeps its
/// offset for when it comes back), so a position found once stays right:
/// the last path written is remembered with its position, and a scroll of
/// the same list (the path its node keeps, the same storage) reaches its
/// offset without hashing the path again.
struct ListOffsets: Sendable {
    private var offsets: OrderedDictionary<ComponentPath, Int> = [:]
    /// The last path changed through the default subscript, and where it
    /// is (apart, so that each is read and written in place).
    private var lastPath: ComponentPath?
    private var lastPosition = 0
    /// `lastPath`'s storage and row (``ComponentPath/StorageIdentity``),
    /// what a path is compared with: `lastPath` itself is not read (bound
    /// to be compared, it was retained and released at every scroll step).
    /// `lastPath` keeps the storage alive, so no other path has its address.
    private var lastIdentity: ComponentPath.StorageIdentity?

    /// The offset of `path`, `defaultValue` when it has none (changing it stores it).
    subscript(path: ComponentPath, default defaultValue: Int) -> Int {
        get { position(of: path).map { offsets.values[$0] } ?? defaultValue }
        _modify {
            // The same list again (the same storage and row: an identical
            // path): nothing stored, and its remembered position holds.
            let identity = path.storageIdentity
            if lastIdentity != identity {
                if let found = offsets.index(forKey: path) {
                    lastPosition = found
                } else {
                    offsets[path] = defaultValue
                    lastPosition = offsets.count - 1
                }
                lastPath = path
                lastIdentity = identity
            }
            yield &offsets.values[lastPosition]
        }
    }

    /// Moves or drops every offset by `move` (nil: drop), keeping the order
    /// (``Engine/changeItems(of:_:trigger:)``: lists inside rows that moved).
    mutating func remap(_ move: (ComponentPath) -> ComponentPath??) {
        var moved: OrderedDictionary<ComponentPath, Int> = [:]
        for (path, offset) in offsets {
            switch move(path) {
            case .none: moved[path] = offset
            case .some(.none): continue
            case .some(.some(let new)): moved[new] = offset
            }
        }
        offsets = moved
        lastPath = nil
        lastIdentity = nil
        lastPosition = 0
    }

    private func position(of path: ComponentPath) -> Int? {
        if lastIdentity == path.storageIdentity { return lastPosition }
        return offsets.index(forKey: path)
    }
}

extension ListOffsets: Sequence {
    /// Every list's path and offset, in the order lists were first scrolled or laid out.
    func makeIterator() -> OrderedDictionary<ComponentPath, Int>.Iterator { offsets.makeIterator() }
}
