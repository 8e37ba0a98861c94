/// The bookkeeping of one pass, the same for every strategy: which parents
/// were visited and in what order each handed out its views.
///
/// Policies read it; only the mount walk writes it. Its marks are stamps in
/// per-view tables the engine keeps from pass to pass (`PassMarks`), so a
/// pass hashes and allocates nothing for them, and starting one costs
/// nothing whatever the number of views.
public struct MountPass: Sendable {
    /// The marks of this pass: those stamped ``PassMarks/stamp``.
    private(set) var marks: PassMarks
    /// The pass lays lists out again from scratch (a full pass, or a jump with
    /// `scroll to`) rather than moving them by rows (`scroll by`).
    public let isRelayout: Bool

    /// Begins a pass under a new stamp (the session's `stamp`, advanced)
    /// on the engine's tables and key memo, which it holds until
    /// ``end(returning:keys:)``.
    /// `memoizesKeys`: ``key(_:_:keying:catalog:)`` answers from the memo
    /// (``FastPaths/keyMemo``); without it, the keying is asked each time.
    init(isRelayout: Bool, stamp: inout Int, marks: inout PassMarks, keys: inout KeyMemo, memoizesKeys: Bool = true) {
        self.isRelayout = isRelayout
        self.memoizesKeys = memoizesKeys
        stamp += 1
        // Scratch is replaced whole wherever the session is (a replay, a
        // restore), so its marks are never stamped ahead of the session.
        assert(marks.stamp < stamp, "pass marks stamped ahead of the session")
        // Swapped in, not copied: the pass holds the only reference to each
        // table until it swaps them back, so marks are written in place.
        self.marks = PassMarks()
        swap(&self.marks, &marks)
        self.marks.begin(stamp: stamp)
        self.keys = KeyMemo()
        swap(&self.keys, &keys)
        self.keys.beginPass()
    }

    /// Ends the pass: the tables and the memo go back to the engine for
    /// the next one (swapped back, as they came; a consuming end would copy
    /// the whole pass first). The pass is not used after.
    mutating func end(returning marks: inout PassMarks, keys: inout KeyMemo) {
        swap(&marks, &self.marks)
        swap(&keys, &self.keys)
    }

    /// This pass's stamp: a policy marks what it keeps per pool with it
    /// (``ViewStore/nextInPool(_:in:stamp:)``).
    public var stamp: Int { marks.stamp }

    /// The parents visited, in visit order; they are settled at the end.
    public var parents: [ViewID] { marks.parents }

    /// Keys made lately (this pass's, and earlier passes' that hold in any pass).
    private var keys: KeyMemo
    /// Whether ``keys`` answers (``FastPaths/keyMemo``).
    private let memoizesKeys: Bool

    /// The pool key for an instance's configuration: from the memo
    /// (``KeyMemo/key(_:_:keying:catalog:)``), or the keying's own.
    mutating func key(_ component: String, _ configuration: ViewConfiguration, keying: any Keying, catalog: Catalog) -> ViewKey {
        guard memoizesKeys else { return keying.key(component, configuration, catalog: catalog) }
        return keys.key(component, configuration, keying: keying, catalog: catalog)
    }

    @inline(__always)
    mutating func visit(_ parent: ViewID) { marks.visit(parent) }

    /// `view` taken from `parent` by an instance (``PassMarks/take(_:from:binds:)``):
    /// returns whether it is bound to its item in this pass.
    mutating func take(_ view: ViewID, from parent: ViewID, binds: Bool) -> Bool {
        marks.take(view, from: parent, binds: binds)
    }

    /// `view` was bound to its item in this pass; so is everything mounted inside it.
    mutating func markBound(_ view: ViewID) { marks.markBound(view) }

    func isBound(_ view: ViewID) -> Bool { marks.isBound(view) }

    /// Whether some instance took `view` in this pass.
    public func wasTaken(_ view: ViewID) -> Bool { marks.wasTaken(view) }

    /// The views taken from `parent` in this pass, in the order they were
    /// taken, read in place (settling asks it of every parent a pass
    /// visited, and usually the order holds: no array is made).
    func taken(from parent: ViewID) -> PassMarks.TakenViews { marks.taken(from: parent) }

    /// The views `parent` handed out in this pass, in the order it did
    /// (for a policy outside the engine: an array of them).
    public func views(takenFrom parent: ViewID) -> [ViewID] { Array(marks.taken(from: parent)) }
}

/// Pool keys made lately, with what each was made from: an instance asks
/// for its key at every pass, and making one hashes its strings.
///
/// Within a pass the catalogue does not change, so a key that reads only
/// the component, the view class and the attribute names is made once for
/// the few kinds of instance a pass meets (a full pass over 50 cards asks
/// 50 times for the same key). A key from a keying that reads nothing else
/// at all (``Keying/isPure``: not the catalogue either) holds in every
/// later pass too, so it is kept from pass to pass: a scroll step, a pass
/// of its own, then makes no key.
struct KeyMemo: Sendable {
    private struct Entry {
        var keying: ObjectIdentifier
        var isPure: Bool
        var component: String
        var configuration: ViewConfiguration
        var key: ViewKey
    }

    private var entries: [Entry] = []
    /// Some entry is not pure (it holds for its pass alone).
    private var holdsImpure = false
    private static let capacity = 8

    /// A new pass: the keys that held only for the last one go.
    mutating func beginPass() {
        // Usually every key kept is pure: the table is not even read.
        guard holdsImpure else { return }
        entries.removeAll { !$0.isPure }
        holdsImpure = false
    }

    mutating func key(_ component: String, _ configuration: ViewConfiguration, keying: any Keying, catalog: Catalog) -> ViewKey {
        guard !keying.readsValues else { return keying.key(component, configuration, catalog: catalog) }
        let type = ObjectIdentifier(Swift.type(of: keying))
        // Read in place, by index: no entry is copied out.
        // Names match by their bytes, not by `==`: a key shows its type as
        // the instance asking for it spells it (`Café` typed precomposed in
        // one list and decomposed in another gives two keys to show, equal
        // as pool keys), whatever the memo met first.
        for index in entries.indices
        where entries[index].keying == type && entries[index].component.isStored(as: component)
            && entries[index].configuration.hasSameNames(as: configuration) {
            return entries[index].key
        }
        let key = keying.key(component, configuration, catalog: catalog)
        if entries.count == Self.capacity { entries.removeFirst() }
        let isPure = keying.isPure
        if !isPure { holdsImpure = true }
        entries.append(Entry(keying: type, isPure: isPure, component: component, configuration: configuration, key: key))
        return key
    }
}

/// Per-view pass marks, indexed by view number: a mark counts only when it
/// holds the running pass's stamp, so nothing is cleared between passes.
/// The views taken from each parent are a list threaded through the
/// entries (first, last, next), in the order they were taken.
///
/// One entry per view holds all of a view's marks, so marking one grows
/// and writes one table. The engine keeps them between passes, as
/// scratch: stamps only grow (the session's ``Engine/Session/passStamp``),
/// so a mark of an old pass, and an empty table, read as no mark.
struct PassMarks: Sendable {
    /// The running (or last) pass's stamp.
    private(set) var stamp = 0
    /// Parents visited, in visit order.
    private(set) var parents: [ViewID] = []
    /// Index `n - 1` holds view `vn`'s marks.
    private var entries: [Entry] = []

    /// One view's marks: each a stamp, or a view number.
    fileprivate struct Entry: Sendable {
        var visited = 0
        var taken = 0
        var bound = 0
        /// As a parent: the stamp of its list of taken views, and the
        /// list's first and last view numbers.
        var listed = 0
        var first = 0
        var last = 0
        /// The next view taken from the same parent (0: the last).
        var next = 0
    }

    /// A new pass, stamped `stamp` (greater than any before): no parents.
    mutating func begin(stamp: Int) {
        self.stamp = stamp
        // A scroll step visits a parent or two: they are popped, which is
        // cheaper than the general removal a full pass's many parents take.
        if parents.count <= 2 {
            while parents.popLast() != nil {}
        } else {
            parents.removeAll(keepingCapacity: true)
        }
    }

    /// `view`'s index, the table grown to hold it (new views get ids past its end).
    // Inlined, the growing apart: a pass asks it for every view it marks.
    @inline(__always)
    private mutating func index(_ view: ViewID) -> Int {
        let index = view.number - 1
        if index >= entries.count { grow(toHold: index) }
        return index
    }

    /// Grows the table to hold index `index`.
    @inline(never)
    private mutating func grow(toHold index: Int) {
        entries.append(contentsOf: repeatElement(Entry(), count: index + 1 - entries.count))
    }

    /// (Inlined: the mount walk visits every parent it prepares, and the
    /// work is a compare and a store.)
    @inline(__always)
    mutating func visit(_ parent: ViewID) {
        let index = index(parent)
        guard entries[index].visited != stamp else { return }
        entries[index].visited = stamp
        parents.append(parent)
    }

    /// `view` taken from `parent` by an instance: the parent visited
    /// (``visit(_:)``), the take recorded (threaded onto the parent's list
    /// of views taken, in order; a view counts once a pass), and
    /// `view` bound when `binds` or when `parent` is bound in this pass
    /// (``markBound(_:)``); returns whether `view` is bound.
    ///
    /// One write of the table for all three, through one buffer (each
    /// element written through the array checks that it is unique): the
    /// mount walk asks it once per view, after the view is configured.
    mutating func take(_ view: ViewID, from parent: ViewID, binds: Bool) -> Bool {
        let taken = index(view)
        let from = index(parent)
        let stamp = stamp
        let (visits, bound) = entries.withUnsafeMutableBufferPointer { entries in
            precondition(entries.indices.contains(taken) && entries.indices.contains(from))
            let visits = entries[from].visited != stamp
            if visits { entries[from].visited = stamp }
            // A view is handed out once a pass; a second take would close the list on itself.
            if entries[taken].taken != stamp {
                entries[taken].taken = stamp
                entries[taken].next = 0
                if entries[from].listed == stamp {
                    let last = entries[from].last - 1
                    precondition(entries.indices.contains(last))
                    entries[last].next = view.number
                } else {
                    entries[from].listed = stamp
                    entries[from].first = view.number
                }
                entries[from].last = view.number
            }
            let bound = binds || entries[from].bound == stamp
            if bound { entries[taken].bound = stamp }
            return (visits, bound)
        }
        if visits { parents.append(parent) }
        return bound
    }

    mutating func markBound(_ view: ViewID) {
        let index = index(view)
        entries[index].bound = stamp
    }

    /// Whether `view`'s mark at `field` holds this pass's stamp (views past
    /// the table's end have no marks).
    private func isMarked(_ view: ViewID, _ field: KeyPath<Entry, Int>) -> Bool {
        let index = view.number - 1
        return index < entries.count && entries[index][keyPath: field] == stamp
    }

    func isBound(_ view: ViewID) -> Bool { isMarked(view, \.bound) }

    func wasTaken(_ view: ViewID) -> Bool { isMarked(view, \.taken) }

    func taken(from parent: ViewID) -> TakenViews {
        TakenViews(first: isMarked(parent, \.listed) ? entries[parent.number - 1].first : 0, entries: entries)
    }

    /// The views taken from one parent, in the order they were taken: the
    /// list threaded through the entries, read in place.
    struct TakenViews: Sequence, IteratorProtocol {
        private var number: Int
        private let entries: [Entry]

        fileprivate init(first: Int, entries: [Entry]) {
            number = first
            self.entries = entries
        }

        mutating func next() -> ViewID? {
            guard number != 0 else { return nil }
            defer { number = entries[number - 1].next }
            return ViewID(number)
        }
    }
}
