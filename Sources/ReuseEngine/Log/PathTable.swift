/// Component paths stored as a tree of segments: a path is its last
/// segment plus the id of the path before it, so `Feed/7/Title` adds one
/// entry when `Feed/7` is already known; and the names they use (the
/// chunk's component names too), by id.
///
/// Ids: 0 is no path, 1 the root path (no segment), n > 1 the node n - 1.
///
/// One table serves a run of chunks, an epoch (issue 38: a pass that
/// recorded more events than a chunk holds stored every path again in each
/// chunk, about 1.3x the instructions a view of a small pass). Ids are the
/// epoch's: while a chunk is open its table holds the epoch's nodes and
/// names so far, with their hash tables and lookup caches; when it is sealed
/// it keeps what it added as an immutable ``Segment`` beside the segments of
/// the chunks before it in the epoch (shared, not copied), and hands the
/// lookup side on to the next chunk (``sealed()``). Dropping old chunks
/// (`log keep N`) frees an epoch's segments once its last chunk goes; an
/// epoch ends after ``epochNodes`` nodes or ``epochChunks`` chunks, or once
/// its first chunk was dropped (``PackedEvents``), so what a dropped chunk
/// leaves held stays bounded. Reading a path back gives the
/// same path whichever chunk stored it: a plain data layout, no fast path.
struct PathTable: Sendable {
    /// One segment in 16 bytes: the path before it, the name's id (0: a
    /// list row; the top bit set when the name has namesakes), and the index
    /// or row number.
    struct Node: Internable {
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

    /// What one sealed chunk added to its epoch's table: nodes and names
    /// numbered from the counts before it. Never changed once made.
    final class Segment: Sendable {
        /// Nodes and names of the epoch before this segment's.
        let nodeBase: Int
        let nameBase: Int
        let nodes: [Node]
        let names: [String]

        init(nodeBase: Int, nameBase: Int, nodes: [Node], names: [String]) {
            self.nodeBase = nodeBase
            self.nameBase = nameBase
            self.nodes = nodes
            self.names = names
        }
    }

    /// An epoch ends once it holds this many nodes (2 MB of segments) ...
    static let epochNodes = 1 << 17
    /// ... or spans this many chunks.
    static let epochChunks = 64

    /// The segments of the sealed chunks of this epoch up to this one
    /// (this chunk's own last, once it is sealed).
    private var segments: [Segment] = []
    /// Whether this chunk's table takes new entries: the lookup side is
    /// here, and holds every node and name of the epoch so far.
    private(set) var isOpen = true
    /// The epoch's nodes and names (the lookup side; empty once sealed).
    private var nodes = Interner<Node>()
    private var names = Interner<String>()
    /// The first node and name this chunk added.
    private var ownNodes = 0
    private var ownNames = 0

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
    /// another path while the entry is here. Kept across the epoch's chunks.
    /// `1 << storageSlotBits` slots, from 2,048, doubled while the epoch
    /// holds more than half as many nodes, up to 2^18 (5 MB; a list's rows
    /// share their storage, so holding them holds little more): a pass over
    /// 100,000 instances finds its paths here as one over 1,000 does. Each
    /// address has eight slots it may take (``ways``).
    /// (Three parallel tables, so a lookup compares an address before it
    /// touches a path, and copies none.)
    private var storedAddresses: [UInt] = []
    private var storedPaths: [ComponentPath] = []
    private var storedIDs: [UInt32] = []
    private var storageSlotBits = 11
    private static let maximumSlotBits = 18
    /// The slots an address may take (a power of two, at most the fewest slots).
    private static let ways = 8

    /// Nodes this chunk added to its epoch's table.
    var ownNodeCount: Int { isOpen ? nodes.count - ownNodes : segments.last?.nodes.count ?? 0 }
    /// Nodes the lookup side holds (the epoch's so far; none once sealed).
    var lookupNodeCount: Int { isOpen ? nodes.count : 0 }
    /// Calls `body` with each segment this table refers to and its nodes.
    func forEachSegment(_ body: (ObjectIdentifier, Int) -> Void) {
        for segment in segments { body(ObjectIdentifier(segment), segment.nodes.count) }
    }

    /// The number of the first event of the epoch's first chunk.
    let epochStart: Int

    /// An empty table, starting an epoch at event `epochStart`.
    init(epochStart: Int) {
        self.epochStart = epochStart
    }

    /// The path's id, stored now if it is new (nil if a name's id does not fit).
    mutating func id(_ path: ComponentPath) -> UInt32? {
        guard path.storageAddress != 0 else { return 1 }
        if !isOpen { reopen() }
        // The address with the last row mixed in: a list's rows share storage.
        let address = path.storageKey
        // Fibonacci hashing of the address: its top bits pick the slot.
        // Eight slots per address (`slot ^ k` for k < 8, its own first):
        // paths a pass names whose addresses meet in one group do not push
        // each other out at every pass. (With four, at two slots a node,
        // about one group in twenty was asked for more than four paths,
        // and each of its misses took the prefix walk; eight hold all but
        // about one group in four thousand.)
        let slot = Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - storageSlotBits))
        if slot < storedAddresses.count {
            for k in 0..<Self.ways {
                let other = slot ^ k
                if storedAddresses[other] == address, storedPaths[other].isIdentical(to: path) { return storedIDs[other] }
            }
        }
        guard let id = interned(path) else { return nil }
        // Room for every path of the epoch (two slots a node), up to the most.
        if nodes.count > 1 << (storageSlotBits - 1), storageSlotBits < Self.maximumSlotBits { growCache() }
        if storedAddresses.isEmpty {
            let slots = 1 << storageSlotBits
            storedAddresses = Array(repeating: 0, count: slots)
            storedPaths = Array(repeating: .root, count: slots)
            storedIDs = Array(repeating: 0, count: slots)
        }
        // The slot again: the cache may have grown.
        remember(path, address: address, id: id,
                 slot: Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - storageSlotBits)))
        return id
    }

    private mutating func remember(_ path: ComponentPath, address: UInt, id: UInt32, slot: Int) {
        // The first free slot of the group, else the address's own.
        var target = slot
        for k in 0..<Self.ways where storedAddresses[slot ^ k] == 0 {
            target = slot ^ k
            break
        }
        storedAddresses[target] = address
        storedPaths[target] = path
        storedIDs[target] = id
    }

    /// The chunk takes no more events: what it added becomes its segment,
    /// and the lookup side is handed on, in the table returned, to the next
    /// chunk of the epoch (nil when the epoch ends here: the next chunk
    /// starts a table of its own).
    mutating func sealed() -> PathTable? {
        guard isOpen else { return nil }
        let segment = Segment(nodeBase: ownNodes, nameBase: ownNames, nodes: nodes.values(from: ownNodes),
                              names: names.values(from: ownNames))
        segments.append(segment)
        isOpen = false
        var next: PathTable? = nil
        if nodes.count < Self.epochNodes, segments.count < Self.epochChunks {
            var table = PathTable(epochStart: epochStart)
            table.segments = segments
            // Moved, not copied: this chunk keeps none of it.
            (table.nodes, table.names) = (nodes, names)
            table.ownNodes = nodes.count
            table.ownNames = names.count
            (table.last, table.lastIDs, table.before) = (last, lastIDs, before)
            table.recentNames = recentNames
            (table.storedAddresses, table.storedPaths, table.storedIDs) = (storedAddresses, storedPaths, storedIDs)
            table.storageSlotBits = storageSlotBits
            next = table
        }
        nodes = Interner()
        names = Interner()
        forgetLookups()
        return next
    }

    /// Doubles the address cache, keeping what it holds.
    private mutating func growCache() {
        let (addresses, paths, ids) = (storedAddresses, storedPaths, storedIDs)
        storageSlotBits += 1
        let slots = 1 << storageSlotBits
        storedAddresses = Array(repeating: 0, count: slots)
        storedPaths = Array(repeating: .root, count: slots)
        storedIDs = Array(repeating: 0, count: slots)
        for index in addresses.indices where addresses[index] != 0 {
            let address = addresses[index]
            let slot = Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - storageSlotBits))
            remember(paths[index], address: address, id: ids[index], slot: slot)
        }
    }

    /// The lookup side of a sealed chunk taking events again (the log was
    /// cut back into it): the epoch's nodes and names up to this chunk's,
    /// with the same ids, and empty caches.
    private mutating func reopen() {
        var nodes = Interner<Node>()
        var names = Interner<String>()
        for segment in segments {
            // Each node and name is stored once in an epoch: adding them in
            // order gives each its id again.
            for node in segment.nodes { _ = nodes.id(node) }
            for name in segment.names { _ = names.id(name) }
        }
        let own = segments.removeLast()
        (self.nodes, self.names) = (nodes, names)
        (ownNodes, ownNames) = (own.nodeBase, own.nameBase)
        isOpen = true
        forgetLookups()
    }

    /// Empties the caches that lead to ids (after a seal, or a reopening).
    private mutating func forgetLookups() {
        storedAddresses = []
        storedPaths = []
        storedIDs = []
        storageSlotBits = 11
        recentNames = ("", 0, "", 0)
        _ = forget()
    }

    /// ``id(_:)`` by the segments: the prefix shared with the path
    /// looked up last is not looked up again.
    private mutating func interned(_ path: ComponentPath) -> UInt32? {
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
                let nameID = nameID(name)
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

    /// The name's id, stored now if it is new: a path's component names and
    /// an event's component type share the table.
    mutating func nameID(_ name: String) -> UInt32 {
        if !isOpen { reopen() }
        // Both held by representation first (a pass's names are its
        // nodes' own strings, or short ones held inline: no byte is read,
        // nothing is reordered), then by their bytes.
        if recentNames.1 != 0, recentNames.0.hasSameRepresentation(as: name) { return recentNames.1 }
        if recentNames.3 != 0, recentNames.2.hasSameRepresentation(as: name) { return recentNames.3 }
        if recentNames.1 != 0, recentNames.0.isStored(as: name) { return recentNames.1 }
        if recentNames.3 != 0, recentNames.2.isStored(as: name) { return recentNames.3 }
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

    /// The node numbered `index` from 0 (its path's id less two).
    private func node(_ index: Int) -> Node {
        if isOpen { return nodes[UInt32(index + 1)] }
        let segment = segment(holding: index, base: \.nodeBase)
        return segments[segment].nodes[index - segments[segment].nodeBase]
    }

    /// The name with this id (0: nil).
    func name(_ id: UInt32) -> String? {
        guard id != 0 else { return nil }
        if isOpen { return names[id] }
        let index = Int(id) - 1
        let segment = segment(holding: index, base: \.nameBase)
        return segments[segment].names[index - segments[segment].nameBase]
    }

    /// The last segment whose first node or name (`base`) is at most
    /// `index`: the one that holds it (segments are in base order).
    private func segment(holding index: Int, base: KeyPath<Segment, Int>) -> Int {
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle][keyPath: base] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The path with this id (0: nil).
    func path(_ id: UInt32) -> ComponentPath? {
        guard id != 0 else { return nil }
        var chain: [Node] = []
        var current = id
        while current > 1 {
            let node = node(Int(current) - 2)
            chain.append(node)
            current = node.parent
        }
        var segments: [ComponentPath.Segment] = []
        var namesakes: [Bool] = []
        segments.reserveCapacity(chain.count)
        namesakes.reserveCapacity(chain.count)
        for node in chain.reversed() {
            let name = node.name & ~Node.namesakesBit
            segments.append(name == 0 ? .row(node.number) : .named(self.name(name)!, index: node.number))
            namesakes.append(node.name & Node.namesakesBit != 0)
        }
        return ComponentPath(segments: segments, namesakes: namesakes)
    }
}
