/// Component paths stored as a tree of segments: a path is its last
/// segment plus the id of the path before it, so `Feed/7/Title` adds one
/// entry when `Feed/7` is already known.
///
/// Ids: 0 is no path, 1 the root path (no segment), n > 1 the node n - 1.
struct PathTable: Sendable {
    /// One segment in 16 bytes: the path before it, the name's id (0: a
    /// list row; the top bit set when the name has namesakes), and the index
    /// or row number.
    private struct Node: Internable {
        var number: Int
        var parent: UInt32
        var name: UInt32

        static let namesakesBit: UInt32 = 1 << 31

        /// Two multiply-xorshift rounds over the three fields (as
        /// SplitMix64's finalizer mixes), not SipHash: a node is looked up
        /// for most events, and nothing shown depends on the hash.
        var internHash: Int {
            var mixed = UInt64(bitPattern: Int64(number)) ^ (UInt64(parent) << 32 | UInt64(name)) &* 0x9E37_79B9_7F4A_7C15
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(bitPattern: UInt(mixed ^ (mixed >> 31)))
        }
    }

    private var nodes = Interner<Node>()
    /// The path looked up last and the id of each of its prefixes
    /// (`lastIDs[k]`: its first k segments): events come in tree order, so
    /// the next path usually shares all or most of it.
    private var last = ComponentPath.root
    private var lastIDs: [UInt32] = [1]
    /// The path looked up before it, with its id: a cell's events and its
    /// child's often alternate.
    private var before: (path: ComponentPath, id: UInt32)?

    /// Paths looked up lately, by where their segments are stored (and
    /// their last row: ``ComponentPath/storageKey``): a pass
    /// hands each instance the path it had the pass before (the mount walk
    /// keeps its nodes), so most lookups end at an address comparison. An
    /// entry holds its path, so that storage cannot be freed and reused for
    /// another path while the entry is here. Dropped when the chunk is full.
    /// `1 << storageSlotBits` slots, each address with two it may take.
    /// (Three parallel tables, so a lookup compares an address before it
    /// touches a path, and copies none.)
    private var storedAddresses: [UInt] = []
    private var storedPaths: [ComponentPath] = []
    private var storedIDs: [UInt32] = []
    private static let storageSlotBits = 11

    /// The path's id, stored now if it is new (nil if a name's id does not fit).
    mutating func id(_ path: ComponentPath, names: inout Interner<String>) -> UInt32? {
        guard path.storageAddress != 0 else { return 1 }
        // The address with the last row mixed in: a list's rows share storage.
        let address = path.storageKey
        // Fibonacci hashing of the address: its top bits pick the slot.
        // Two slots per address (the pair `slot`, `slot ^ 1`): two paths
        // a pass names whose addresses meet in one slot do not push each
        // other out at every pass.
        let slot = Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - PathTable.storageSlotBits))
        if slot < storedAddresses.count {
            if storedAddresses[slot] == address, storedPaths[slot].isIdentical(to: path) { return storedIDs[slot] }
            let other = slot ^ 1
            if storedAddresses[other] == address, storedPaths[other].isIdentical(to: path) { return storedIDs[other] }
        }
        guard let id = interned(path, names: &names) else { return nil }
        if storedAddresses.isEmpty {
            let slots = 1 << PathTable.storageSlotBits
            storedAddresses = Array(repeating: 0, count: slots)
            storedPaths = Array(repeating: .root, count: slots)
            storedIDs = Array(repeating: 0, count: slots)
        }
        // The first slot of the pair, unless it holds another path and the second is free.
        let target = storedAddresses[slot] != 0 && storedAddresses[slot ^ 1] == 0 ? slot ^ 1 : slot
        storedAddresses[target] = address
        storedPaths[target] = path
        storedIDs[target] = id
        return id
    }

    /// Forgets the paths held by address (the chunk takes no more events).
    mutating func seal() {
        storedAddresses = []
        storedPaths = []
        storedIDs = []
    }

    /// ``id(_:names:)`` by the segments: the prefix shared with the path
    /// looked up last is not looked up again.
    private mutating func interned(_ path: ComponentPath, names: inout Interner<String>) -> UInt32? {
        // Paths and names are matched by their bytes, not by `==`: `Café`
        // typed two ways is two spellings to show, and which one an equal
        // match finds would depend on what was looked up before (the address
        // cache's hits vary from run to run), and so would the log's spelling.
        if path.isStored(as: last) { return lastIDs[lastIDs.count - 1] }
        if let before, path.isStored(as: before.path) { return before.id }
        before = (last, lastIDs[lastIDs.count - 1])
        var shared = 0
        let count = path.segments.count
        while shared < count, shared < last.segments.count, path.segments[shared].isStored(as: last.segments[shared]),
              path.showsIndex(at: shared) == last.showsIndex(at: shared) {
            shared += 1
        }
        lastIDs.removeSubrange((shared + 1)...)
        last = path
        var id = lastIDs[shared]
        for position in shared..<count {
            let node: Node
            switch path.segments[position] {
            case .named(let name, let index):
                let nameID = nameID(name, names: &names)
                node = Node(number: index, parent: id, name: nameID | (path.showsIndex(at: position) ? Node.namesakesBit : 0))
                guard nameID < Node.namesakesBit else { return forget() }
            case .row(let row):
                node = Node(number: row, parent: id, name: 0)
            }
            let (next, overflow) = nodes.id(node).addingReportingOverflow(1)
            guard !overflow else { return forget() }
            id = next
            lastIDs.append(id)
        }
        return id
    }

    /// The two names looked up last, with their ids: a pass names the same
    /// few component types over and over (`Card`, `Title`, `Card`, ...).
    private var recentNames: (String, UInt32, String, UInt32) = ("", 0, "", 0)

    mutating func nameID(_ name: String, names: inout Interner<String>) -> UInt32 {
        if recentNames.1 != 0, recentNames.0.isStored(as: name) { return recentNames.1 }
        if recentNames.3 != 0, recentNames.2.isStored(as: name) {
            recentNames = (recentNames.2, recentNames.3, recentNames.0, recentNames.1)
            return recentNames.1
        }
        let id = names.id(name)
        recentNames = (name, id, recentNames.0, recentNames.1)
        return id
    }

    /// Starts the prefix cache afresh (after a path that could not be stored).
    private mutating func forget() -> UInt32? {
        last = .root
        lastIDs = [1]
        before = nil
        return nil
    }

    /// The path with this id (0: nil).
    func path(_ id: UInt32, names: Interner<String>) -> ComponentPath? {
        guard id != 0 else { return nil }
        var chain: [Node] = []
        var current = id
        while current > 1 {
            let node = nodes[current - 1]
            chain.append(node)
            current = node.parent
        }
        var segments: [ComponentPath.Segment] = []
        var namesakes: [Bool] = []
        segments.reserveCapacity(chain.count)
        namesakes.reserveCapacity(chain.count)
        for node in chain.reversed() {
            let name = node.name & ~Node.namesakesBit
            segments.append(name == 0 ? .row(node.number) : .named(names[name], index: node.number))
            namesakes.append(node.name & Node.namesakesBit != 0)
        }
        return ComponentPath(segments: segments, namesakes: namesakes)
    }
}
