// Upstream read: TextureGroup/Texture at be0b74b (2025-05-22). Paths are
// relative to that repository; line numbers are that commit's. The rules
// are ../shared/systems/texture.md as corrected in
// Documentation/research/diffable-iglistkit-texture-litho.md.

extension StrategyDescriptor {
    /// Texture (AsyncDisplayKit): no view reuse. Every list item has its own
    /// `ASCellNode`, whose view, once loaded, lives as long as the node; the
    /// only things UIKit reuses are empty host cells, into which the item's
    /// node view is moved when it shows.
    ///
    /// - One node per item, never reused: `docs/_docs/development/node-lifecycle.md`
    ///   L17 ("ASCollectionNode and ASTableNode do not reuse ASCellNodes"),
    ///   `containers-ascollectionnode.md` L67, `faq.md` L62.
    /// - Nodes are allocated and measured when their items are inserted
    ///   (`Source/Details/ASDataController.mm` L639-660, L140-190); the
    ///   node block runs once (`Source/Details/ASCollectionElement.mm` L46-62).
    ///   A node's view loads when first accessed and never unloads
    ///   (`node-lifecycle.md` L50): here, when its row first shows.
    /// - A move is a delete plus an insert (`Source/Private/_ASHierarchyChangeSet.mm`
    ///   L415-422, "TODO: Proper move implementation"), and so is every
    ///   reload (L497-509): the inserted element gets a new node
    ///   (`ASDataController.mm` L409-411); `reloadData` replaces every node
    ///   (L768-778). Only the BETA node-model API keeps a node across a
    ///   reload (L389-411, `ASCellNode.h` L116-130); it is not modelled.
    /// - Host cells: `_ASCollectionViewCell` under one identifier,
    ///   `_ASCollectionReuseIdentifier` (`Source/ASCollectionView.mm` L81,
    ///   L319, L1208); `configureContentView:forCellNode:` moves the node's
    ///   view in (`Source/Details/ASRangeController.mm` L466-489); the host's
    ///   `prepareForReuse` clears only its element and layout attributes
    ///   (`Source/Details/_ASCollectionViewCell.mm` L67-74). UIKit
    ///   prefetching is forced off and cannot be turned on
    ///   (`ASCollectionView.mm` L282-286, L2524-2527).
    /// - Ranges free contents (bitmaps) and preloaded data, never views
    ///   (`ASDisplayNode.mm` L2995-3060; `ASAbstractLayoutController.mm`
    ///   L92-110): not modelled, since no view or property changes.
    ///
    /// The model: a row's cell is its node's view, created the first time
    /// the row shows and kept by the node, hidden, while the row is off
    /// screen; no other row ever takes it. The host cells carry no
    /// attribute and no state, so the model leaves them out (a shown row is
    /// its node view). Views outside lists are nodes too: kept by their
    /// node, made when it is, gone with it.
    public static let texture = StrategyDescriptor(name: "texture", defaults: [], rules: [
        "No view reuse: every list item has its own ASCellNode, made when the item is",
        "inserted (the list's first load inserts every item), and a node's view, loaded",
        "when its row first shows, lives as long as the node. A row that scrolls away",
        "keeps its view hidden in its node; when it comes back the same view shows with",
        "nothing applied. No other row ever takes it, so nothing leaks between rows.",
        "set on a row changes its node in place. reload PATH (with or without",
        "'replace') and a move are a delete plus an insert: a new node and a new view,",
        "and whatever the old node held is gone; reload LIST (reloadData) replaces",
        "every node. UIKit only reuses empty host cells (_ASCollectionViewCell, one",
        "identifier) that the node view is moved into; they carry nothing and are not",
        "drawn. UIKit prefetching is off and cannot be turned on. Ranges free bitmaps,",
        "not views. stats counts the nodes, one per item, and the nodes whose views",
        "are loaded. Views outside lists are nodes too: kept while their node lives,",
        "removed with it.",
        "Source: TextureGroup/Texture node-lifecycle.md, ASDataController.mm,",
        "_ASHierarchyChangeSet.mm, ASCollectionView.mm, ASRangeController.mm.",
    ]) { _ in
        Strategy(
            name: "texture",
            summary: "no view reuse: one node and view per item for the list's life",
            poolNote: "no view is ever reused: each list row's node keeps its own view (hidden while the row is off screen) in a pool of its own kind that only its row takes from; views outside lists live and die with their nodes; UIKit's empty host cells are not drawn",
            options: [],
            keying: ComponentClassKeying(),
            parents: NodeViews(),
            application: ApplyChanged(),
            cells: TextureCells(),
            cellApplication: ApplyChanged(),
            reuseHook: nil,
            liveComponents: .mounted,
            rowIdentity: .byItem,
            stateHome: .node,
            globalPoolsByComponentType: false,
            keepsNodes: true)
    }
}


/// Nodes outside lists: a node keeps its view while it lives (the view the
/// same instance held in this parent), a new node makes a new view, and a
/// view whose node went is removed with it (`node-lifecycle.md` L32: nodes
/// are deallocated once removed; L50: a view lives as long as its node).
/// Nothing is hidden, nothing is pooled, nothing is handed to another node.
struct NodeViews: ParentReuse {
    var plansChildren: Bool { false }

    func plan(_ blocks: [PlannedBlock], into parent: ViewID, store: inout ViewStore, pass: MountPass) {}

    func vend(_ key: ViewKey, viewClass: String, from parent: ViewID, for instance: Instance,
              store: inout ViewStore, pass: MountPass) -> Vended {
        if let own = store.takeOwn(key, in: parent, for: instance, pass: pass) { return own }
        return Vended(view: store.createView(viewClass, key: key, in: parent, for: instance), acquisition: .created)
    }

    /// Views of the visited parents that no node took lost their nodes:
    /// removed, with everything inside them (a list's node views too). A
    /// list host's own rows are its cells, never settled here.
    func settle(_ visited: [ViewID], store: inout ViewStore, pass: MountPass) {
        for parent in visited where store[parent].list == nil && !store[parent].isRemoved {
            store.remove(store[parent].subviews.filter { !pass.wasTaken($0) }, from: parent, reason: .nodeGone)
        }
    }
}

/// A list's rows as Texture shows them: each row's cell is its node's view,
/// made the first time the row shows and kept by the node. The cells of a
/// key wait in the host's pool (``QueueCells``: a row that leaves hides its
/// view and pushes it), but a row takes back only its own view, never
/// another row's. A reload (with or without `replace`, since Texture's
/// reload is a delete plus an insert) makes a new node: the old view is
/// removed and the row gets a new one. `set` inside a row changes the node
/// where it is. `reload LIST` (`reloadData`) replaces every node.
struct TextureCells: QueueCells {
    /// Its key is made here, from the component and view class.
    var keying: (any Keying)? { nil }
    /// A list inside a row's node is in the node's own view, which no
    /// other item ever shows: its offset stays with its item.
    var offsetTravelsWithCell: Bool { false }
    /// A node's subnodes are nodes like any other, keyed as under any parent.
    var subviewKeying: (any Keying)? { nil }

    /// A node's view, of its component and class (``KeyQualifier/node``).
    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        ViewKey(component: component, viewClass: configuration.viewClass, shape: nil, qualifier: .node)
    }

    /// The row's own node view, waiting hidden since its row left (shown
    /// again, its configuration unchanged, so nothing is applied), else a
    /// new node view: the node's view loads when the row first shows.
    func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance,
                 store: inout ViewStore) -> Vended {
        let own = store.lastWaiting(key, in: host, ownedBy: instance.path)
        if let own, let taken = store.takeWaiting(own, key: key, host: host, for: instance) {
            return Vended(view: own, acquisition: .taken(taken))
        }
        return Vended(view: store.createView(viewClass, key: key, in: host, for: instance), acquisition: .created)
    }

    /// `reloadItemsAtIndexPaths`: a delete plus an insert
    /// (`_ASHierarchyChangeSet.mm` L497-509): the old node and its view go,
    /// a new node's view is made for the row (`ASDataController.mm` L409-411).
    func reload(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, payload: Bool, host: ViewID,
                for instance: Instance, store: inout ViewStore) -> Vended {
        store.remove(cell, from: host, reason: .nodeGone)
        return Vended(view: store.createView(viewClass, key: key, in: host, for: instance), acquisition: .created)
    }

    /// As ``reload(_:key:viewClass:slot:payload:host:for:store:)``: Texture
    /// has only the one reload, a delete plus an insert.
    func replace(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, host: ViewID,
                 for instance: Instance, store: inout ViewStore) -> Vended {
        reload(cell, key: key, viewClass: viewClass, slot: slot, payload: false, host: host, for: instance, store: &store)
    }

    /// `set` on a row: the app sets a property on the item's node.
    var dataChange: RowReload? { .update }

    /// A data change in place: the app set a property on the item's node.
    func update(_ cell: ViewID, key: ViewKey, viewClass: String, slot: Slot, host: ViewID,
                for instance: Instance, store: inout ViewStore) -> Vended {
        store.keep(cell, key: key, in: host, for: instance)
    }

    /// `reloadData`: every node is replaced (`ASDataController.mm`
    /// L768-778): the views of the rows shown and of the rows waiting are
    /// removed, and each visible row makes a new node view.
    func reloadAll(_ shown: [(slot: Slot, view: ViewID)], host: ViewID, store: inout ViewStore) -> Bool {
        // Each set in one walk of the host's subviews and pools (``ViewStore``'s batch removal).
        store.remove(shown.map(\.view), from: host, reason: .nodeGone)
        var waiting: [ViewID] = []
        for (key, pool) in store[host].pools where key.qualifier == .node { waiting += pool.waiting }
        store.remove(waiting, from: host, reason: .nodeGone)
        return true
    }
}
