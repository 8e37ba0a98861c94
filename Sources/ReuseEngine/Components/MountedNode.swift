import DequeModule

/// A component instance in the mounted tree, with the view it holds.
///
/// A full pass walks the tree again in place (its size is the visible
/// tree's), making new nodes only where the children changed; a scroll
/// updates it row by row.
public struct MountedNode: Sendable {
    /// The component type. A node never changes type: a pass makes a new
    /// node where the children changed.
    public let name: String
    /// Its path; ``ComponentPath/display`` is how users see it.
    public internal(set) var path: ComponentPath
    /// The view this instance holds; `nil` for viewless components and for
    /// instances taken out with `hide`.
    public internal(set) var view: ViewID?
    /// Taken out of the tree by `hide`: no view, no children.
    public internal(set) var isHidden = false
    /// Children of a plain component.
    public internal(set) var children: [MountedNode] = []
    /// Visible rows of a list, in row order.
    public internal(set) var rows: Deque<MountedNode> = []
    /// The row number when this instance is (or is inside) a list row.
    public internal(set) var row: Int?
    /// What the last pass worked out for this instance and the next may
    /// take again (``NodeCache``): never the answer to anything, each
    /// entry checked against what it was made from before it is used.
    var cache = NodeCache()
    /// `children` are a list's header and footer (paths of their own:
    /// `L/Head[1]` for a footer twin), not children made from a child list:
    /// a pass that mounts the node as a plain component starts them afresh.
    var childrenAreSupplementaries = false

    /// Whether a path's `segment` names this node among its siblings.
    func isNamed(by segment: ComponentPath.Segment) -> Bool {
        path.endsWith(segment)
    }

    /// Where row `row` is in `rows`, if this node shows it: a row only of
    /// what the catalogue calls a list now (a list redefined as a plain
    /// component keeps its rows until the next full pass, and they name
    /// nothing).
    func rowIndex(_ row: Int, catalog: Catalog) -> Int? {
        guard catalog.mountable[name]?.list != nil, let first = rows.first?.row,
              row >= first, row - first < rows.count else { return nil }
        return row - first
    }

    /// Moves this node and everything in it to row `row` of the same list
    /// (a row that left, recycled for one that enters): paths and row
    /// numbers rewritten in place, no path made
    /// (``ComponentPath/moveLastRow(to:)``). What the nodes kept that reads
    /// no row (definitions, configurations and keys) stays, except the
    /// configurations of the types `forgetting` names: instance values set
    /// with `set` belong to a path. A list inside forgets its rows, header
    /// and footer, whose paths hold the old row (the next mount makes them
    /// again). The node is in a row: its path has one.
    mutating func moveToRow(_ row: Int, forgetting types: Set<String>) {
        if moveAlone(toRow: row, forgetting: types) { moveChildren(toRow: row, forgetting: types) }
    }

    /// ``moveToRow(_:forgetting:)`` for this node's own fields; returns
    /// whether it has children to move. Inlined in the loop over children:
    /// a leaf (the usual child of a cell) moves without a call.
    @inline(__always)
    private mutating func moveAlone(toRow row: Int, forgetting types: Set<String>) -> Bool {
        path.moveLastRow(to: row)
        self.row = row
        view = nil
        isHidden = false
        if !types.isEmpty, cache.configuration != nil, types.contains(name) { cache.forgetConfiguration() }
        if !rows.isEmpty || childrenAreSupplementaries {
            forgetSubtree()
            childrenAreSupplementaries = false
            return false
        }
        return !children.isEmpty
    }

    /// Moves the children (and everything below them) to row `row`.
    private mutating func moveChildren(toRow row: Int, forgetting types: Set<String>) {
        for index in children.indices where children[index].moveAlone(toRow: row, forgetting: types) {
            children[index].moveChildren(toRow: row, forgetting: types)
        }
    }

    /// Drops the children and rows a pass mounted here before.
    mutating func forgetSubtree() {
        if !children.isEmpty { children = [] }
        if !rows.isEmpty { rows = [] }
    }

    /// Every node below this one, depth first (rows in row order).
    public func forEachDescendant(_ body: (MountedNode) -> Void) {
        for child in children {
            body(child)
            child.forEachDescendant(body)
        }
        for row in rows {
            body(row)
            row.forEachDescendant(body)
        }
    }
}

/// What a node keeps from one pass to the next so that the next does less
/// (``FastPaths/keptConfigurations``, ``FastPaths/keptKeys``,
/// ``FastPaths/definitionMemo``). Each entry names what it was made from
/// (a definition object, a catalogue version, a keying type) and is used
/// only while that still holds; ``forgetConfiguration()`` is the one way a
/// configuration goes, and its key goes with it.
struct NodeCache: Sendable {
    /// The configuration this instance asked for in the last pass, with the
    /// definition it was made from, kept while it does not read the row:
    /// the next pass reuses it while the definition is the same object
    /// (a redefinition makes a new one), and `set` on this instance drops it.
    private(set) var configuration: (definition: MountableDefinition, value: ViewConfiguration)?
    /// The pool key of the kept `configuration`, made by a pure keying of
    /// this type (``Keying/isPure``) or one whose key reads that
    /// configuration alone (`KeyReadsOnlyItsConfiguration`): it holds as
    /// long as the configuration is kept, and goes with it.
    var keptKey: KeptKey?
    /// A list row's pool key as its list's cell keying made it, with the
    /// definition whose attribute names it was made from: a row's
    /// configuration reads the row, so it is not kept, but its names are
    /// the definition's, and a pure key depends on nothing else. A
    /// recycled row node keeps it into its next row.
    var cellKey: KeptCellKey?
    /// The definition the last pass mounted this instance with, and the
    /// catalogue version it was found under (``Engine/definition(for:)``).
    var definition: (version: Catalog.Version, value: MountableDefinition)?

    /// The kept definition, unretained, when it was kept for `version`
    /// (``FastPaths/unretainedDefinitions``): valid while this cache
    /// holds it.
    @inline(__always)
    func keptDefinition(ifVersion version: Catalog.Version) -> Unmanaged<MountableDefinition>? {
        guard let kept = definition, kept.version === version else { return nil }
        return Unmanaged.passUnretained(kept.value)
    }

    /// Keeps `configuration`, made from `definition`; a key kept for the
    /// configuration before goes.
    mutating func keep(_ configuration: ViewConfiguration, madeFrom definition: MountableDefinition) {
        self.configuration = (definition, configuration)
        keptKey = nil
    }

    /// Forgets the kept configuration and its key.
    mutating func forgetConfiguration() {
        configuration = nil
        keptKey = nil
    }
}

/// A configuration's pool key kept in its node (``NodeCache/keptKey``),
/// with the type of the keying that made it.
///
/// Eager-move (its lifetime is not lexical, as an array's or a string's is
/// not): the mount walk reads the key in place from the node it lends,
/// where a `let` bound to a lexical value that holds a reference keeps
/// its own copy.
@_eagerMove
struct KeptKey: Sendable {
    let keying: ObjectIdentifier
    let key: ViewKey
}

/// A row cell's pool key kept in its node (``NodeCache/cellKey``).
struct KeptCellKey: Sendable {
    /// The definition whose view class and attribute names made it.
    let definition: MountableDefinition
    /// The type of the cell keying that made it.
    let keying: ObjectIdentifier
    let key: ViewKey
}

extension [MountedNode] {
    /// Whether these nodes are instances of `names`, in order (read in
    /// place: no node is copied). Inlined: called on a node's children
    /// while the node is held `inout`, a call would copy the array first.
    @inline(__always)
    func isNamed(_ names: [String]) -> Bool {
        guard count == names.count else { return false }
        for index in indices where self[index].name != names[index] { return false }
        return true
    }
}

extension MountedNode {
    /// A new node for row `row`, of cell type `name`, of the list at `listPath`.
    init(rowOf name: String, row: Int, in listPath: ComponentPath) {
        self.init(name: name, path: listPath.appending(.row(row)), row: row)
    }

    /// Whether this node, a row's that left, can become the node of a row
    /// of cell type `name` (``moveToRow(_:forgetting:)``): the same type
    /// spelled with the same bytes, as a row shows the name its list spells.
    @inline(__always)
    func isRow(ofCell name: String) -> Bool { self.name.isStored(as: name) }
}
