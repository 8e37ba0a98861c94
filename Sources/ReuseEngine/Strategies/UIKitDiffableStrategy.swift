// UIKit is closed source. The rules below are read from Apple's documentation
// (developer.apple.com pages named in each comment), Apple engineers' answers
// on the developer forums, and, where Apple documents nothing, labelled
// assumptions. `../shared/systems/uikit-diffable.md` states the rules;
// `Documentation/research/diffable-iglistkit-texture-litho.md` checked each
// one and corrected it (reconfigure of a row with no cell is a no-op; the
// prefetch count is undocumented).

extension StrategyDescriptor {
    /// `UICollectionView` with a diffable data source, cell registrations
    /// and cell prefetching: a variant of ``uiKit`` (its registered cells,
    /// its queues, `prepareForReuse`, a configure that sets everything).
    ///
    /// Options:
    ///
    /// - `identity id|value` (default `id`): what the snapshot's item
    ///   identifiers are. `set` on a row edits its item and applies a
    ///   snapshot, which diffs identifiers
    ///   (`NSDiffableDataSourceSnapshot`, `apply(_:animatingDifferences:)`):
    ///   with ids the identifier did not change, so the cell is not
    ///   reconfigured and shows the old data until it is reconfigured or
    ///   dequeued again; with whole values the identifier changed, a delete
    ///   plus an insert, so the row gets another cell (its cells' `dataChange` is replace).
    /// - `prefetch N` (default 1, an assumption: Apple documents no count,
    ///   `isPrefetchingEnabled`): after a scroll step the next N rows are
    ///   dequeued and configured off screen; showing one applies nothing.
    /// - `linger N` (default 0: no size is documented): rule 7's cells that
    ///   linger after they scroll off ("removed and re-added without
    ///   receiving prepareForReuse/applyLayoutAttributes, as an optimization
    ///   for e.g. if the user is scrolling back and forth across a small set
    ///   of items", TextureGroup/Texture `Source/ASCollectionView.mm`
    ///   L1254-1258, working around it). The last N cells that left stay
    ///   detached and configured for their row; a row that comes back
    ///   shows its own with nothing applied; the oldest past N is queued.
    /// - `os 14|15` (default 15): a cell type with no registration made up
    ///   front is one whose `CellRegistration` is made inside the cell
    ///   provider. On iOS 14 each request makes a new registration, so no
    ///   cell is ever reused and every cell made stays queued; from iOS 15
    ///   the dequeue raises `NSInternalInconsistencyException` (Apple
    ///   Frameworks Engineer, developer forums thread 681739).
    ///
    /// `reload PATH` is `reconfigureItems`: the row's cell is configured
    /// again, with no `prepareForReuse` and no other cell
    /// (`UICollectionView.reconfigureItems(at:)`,
    /// `UICollectionReusableView.prepareForReuse()`); a row with no cell (a
    /// hidden one) is left alone. `reload PATH replace` is `reloadItems`:
    /// another cell is dequeued while the old one animates out, which joins
    /// the queue after (`reloadItems(at:)`, `UICollectionViewUpdateItem.Action.reload`).
    public static let uiKitDiffable = StrategyDescriptor(
        name: "uikit-diffable",
        defaults: [StrategyOption(name: "identity", value: 0, kind: .choice(DiffableCells.Identity.words)),
                   StrategyOption(name: "prefetch", value: 1),
                   StrategyOption(name: "os", value: 1, kind: .choice(DiffableCells.OS.words)),
                   StrategyOption(name: "linger", value: 0)],
        rules: [
            "uikit's registered cells, queues, prepareForReuse and configure-sets-everything,",
            "with a diffable data source. set on a row edits its item and applies a snapshot:",
            "under 'identity id' the identifier is unchanged, so the cell is not reconfigured",
            "and shows the old data until reconfigured (reload PATH) or dequeued again; under",
            "'identity value' the edit is a delete plus an insert: the row gets another cell",
            "(prepareForReuse), the old one queued after. reload PATH is reconfigureItems:",
            "the same cell configured again, no prepareForReuse (nothing for a row with no",
            "cell); reload PATH replace is reloadItems; reload LIST is reloadData. 'prefetch",
            "N' (assumed 1: Apple documents no count) dequeues and configures the next N rows",
            "after a scroll step, off screen; showing one applies nothing, and a remount does",
            "not reach it. A cell type not registered up front has its registration made in",
            "the cell provider: under 'os 14' every dequeue makes a new one, so nothing is",
            "reused and every cell stays queued; under 'os 15' the dequeue raises.",
            "'linger N': the last N cells that scrolled off stay detached, still configured",
            "for their row, and come back to it with no prepareForReuse and nothing applied;",
            "the oldest past N is queued (iOS 10+ keeps such cells; the size is",
            "undocumented, so 0 by default).",
            "Source: Apple's NSDiffableDataSourceSnapshot, reconfigureItems(at:),",
            "reloadItems(at:), prepareForReuse(), isPrefetchingEnabled and CellRegistration",
            "documentation; Apple developer forums thread 681739; TextureGroup/Texture",
            "ASCollectionView.mm (cells re-added without prepareForReuse).",
        ]
    ) { settings in
        let cells = DiffableCells(identity: DiffableCells.Identity(index: settings.values[0]), prefetch: settings.values[1],
                                  os: DiffableCells.OS(index: settings.values[2]), linger: max(0, settings.values[3]))
        return Strategy(
            name: "uikit-diffable",
            summary: "uikit + snapshots by \(cells.identity.word); prefetch \(cells.prefetch) (assumed); iOS \(cells.os.word)"
                + (cells.linger > 0 ? "; \(cells.linger) cells linger" : ""),
            poolNote: "list hosts keep one reuse queue per registration; prefetched cells wait detached for their row"
                + (cells.linger > 0 ? ", and so do the last \(cells.linger) cells that scrolled off" : "")
                + (cells.os == .fourteen ? "; a registration made in the cell provider is new at every dequeue, so its cells pile up in its queue" : "")
                + "; other parents behave as under theodolite",
            options: [StrategyOption(name: "identity", value: cells.identity.rawValue, kind: .choice(DiffableCells.Identity.words)),
                      StrategyOption(name: "prefetch", value: cells.prefetch),
                      StrategyOption(name: "os", value: cells.os.rawValue, kind: .choice(DiffableCells.OS.words)),
                      StrategyOption(name: "linger", value: cells.linger)],
            keying: ComponentShapeKeying(),
            parents: PositionalVend(),
            application: ApplyChanged(),
            cells: cells,
            cellApplication: ConfigureUnlessPrefetched(),
            reuseHook: .prepareForReuse,
            liveComponents: .mounted,
            rowIdentity: .byKey,
            stateHome: .view)
    }
}

/// `uikit`'s ``RegisteredCells`` behind a diffable data source: the same
/// queues by registration, with what a snapshot, prefetching and
/// registrations made in the cell provider change. A ``QueueCells``
/// otherwise (a leaving row's cell is queued, a reload keeps the cell, a
/// replace dequeues another first, `reloadData` queues every cell shown),
/// writing out what it does differently: the key and dequeue of a cell
/// type registered in the cell provider, the prefetched cells it keeps
/// per list, and ``dataChange``.
struct DiffableCells: QueueCells {
    /// What a snapshot's item identifiers are.
    enum Identity: Int, Sendable {
        /// A stable id: an edit keeps the identifier.
        case id
        /// The whole value: an edit is another identifier.
        case value

        static let words = ["id", "value"]
        init(index: Int) { self = Identity(rawValue: index) ?? .id }
        var word: String { Self.words[rawValue] }
    }

    /// The iOS release whose handling of a registration made in the cell provider applies.
    enum OS: Int, Sendable {
        /// A new registration per request: never reused, cells pile up.
        case fourteen
        /// The dequeue raises `NSInternalInconsistencyException`.
        case fifteen

        static let words = ["14", "15"]
        init(index: Int) { self = OS(rawValue: index) ?? .fifteen }
        var word: String { Self.words[rawValue] }
    }

    /// UIKit's registrations, queues and `prepareForReuse` (``RegisteredCells``).
    private let registered = RegisteredCells()
    let identity: Identity
    /// Rows dequeued and configured ahead after a scroll step.
    let prefetch: Int
    let os: OS
    /// Prefetched cells by list host, in the order they were prefetched:
    /// detached (on no screen, not among `visibleCells`), each bound to its row.
    private var prefetched: [ViewID: [CachedCell]] = [:]
    /// The host a prefetch is dequeuing for: its cell stays detached.
    private var prefetching: ViewID?
    /// Cells kept after their row scrolled off (rule 7).
    let linger: Int
    /// Lingering cells by list host, oldest first: detached, each still
    /// configured for the row it left. Invariant: at most `linger` per host.
    private var lingering: [ViewID: [CachedCell]] = [:]

    init(identity: Identity, prefetch: Int, os: OS, linger: Int = 0) {
        self.identity = identity
        self.prefetch = prefetch
        self.os = os
        self.linger = linger
    }

    /// A row that left: its cell lingers, detached and still configured
    /// (the oldest lingering past `linger` is queued), or is queued at once.
    mutating func release(_ cell: ViewID, slot: Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        guard linger > 0, slot.row != nil else { return store.recycle(cell, in: host) }
        store.detach(cell, from: host)
        lingering[host, default: []].append(CachedCell(slot: slot, view: cell))
        store.record(cell, for: nil, .cache(.kept(slot)))
        guard var cells = lingering[host], cells.count > linger else { return }
        let oldest = cells.removeFirst()
        lingering[host] = cells
        store.record(oldest.view, for: nil, .cache(.evicted(viewType: store[oldest.view].ownerComponent ?? "?")))
        requeue(oldest.view, host: host, store: &store)
    }

    /// The cell kept for `slot` among `cells` (prefetched or lingering),
    /// taken out of them: shown with nothing applied when its key is
    /// still the slot's, else queued.
    private func takeKept(_ cells: inout [CachedCell]?, _ key: ViewKey, slot: Slot, host: ViewID, for instance: Instance,
                          store: inout ViewStore) -> Vended? {
        guard let index = cells?.firstIndex(where: { $0.slot == slot }), let found = cells?.remove(at: index) else { return nil }
        guard store[found.view].poolKey == key else {
            requeue(found.view, host: host, store: &store)
            return nil
        }
        var taken = store.take(found.view, key: key, in: host, for: instance, unhides: false)
        taken.keptBound = true
        store.record(found.view, for: nil, .cacheHit(slot, from: .cache))
        store.reattach(found.view, to: host)
        return Vended(view: found.view, acquisition: .taken(taken))
    }

    /// Its key reads more than a keying does (the list and its registrations).
    var keying: (any Keying)? { nil }
    /// As under `uikit`: a collection view inside a cell keeps its `contentOffset`.
    var offsetTravelsWithCell: Bool { registered.offsetTravelsWithCell }
    /// As under `uikit`: a cell makes its subviews once and keeps them.
    var subviewKeying: (any Keying)? { registered.subviewKeying }

    /// `set` on a row applies a snapshot with the edited item. Its
    /// identifier is an id: unchanged, so nothing is reconfigured (the
    /// diff sees no change; `reconfigureItems` is how an app asks). Its
    /// identifier is the value: the old one is deleted and the new one
    /// inserted, which dequeues another cell (``RowReload/replace``).
    var dataChange: RowReload? { identity == .id ? nil : .replace }

    /// The cell type's registration queue, as under `uikit`; a cell type
    /// with no registration made up front has the queue of the
    /// registrations the cell provider makes (iOS 14: see ``dequeue(_:viewClass:slot:host:for:store:)``).
    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        guard !catalog.isHeaderFooter(component, of: list), catalog.registration(list: list, cell: component) == nil else {
            return registered.key(component, configuration, list: list, catalog: catalog)
        }
        return ViewKey(component: nil, viewClass: nil, shape: nil, qualifier: .cellIdentifier(Self.inProvider(component)))
    }

    /// The identifier shown for the registrations the cell provider makes for `component`.
    static func inProvider(_ component: String) -> String { "\(component) (registered in the cell provider)" }

    /// `dequeueConfiguredReusableCell(using:for:item:)`. A row that was
    /// prefetched gets its prefetched cell back, still configured. A cell
    /// type registered in the cell provider (iOS 14) gets a new cell every
    /// time: the registration is new, so its queue is empty. Otherwise
    /// `uikit`'s dequeue (the top queued cell after its `prepareForReuse`,
    /// or a new one). A dequeue for a prefetch leaves the cell detached.
    mutating func dequeue(_ key: ViewKey, viewClass: String, slot: Slot, host: ViewID, for instance: Instance,
                          store: inout ViewStore) -> Vended {
        let ahead = prefetching == host
        if !ahead, prefetched[host] != nil,
           let kept = takeKept(&prefetched[host], key, slot: slot, host: host, for: instance, store: &store) {
            return kept
        }
        if !ahead, lingering[host] != nil,
           let kept = takeKept(&lingering[host], key, slot: slot, host: host, for: instance, store: &store) {
            return kept
        }
        if case .cellIdentifier(let identifier)? = key.qualifier, identifier == Self.inProvider(instance.component) {
            return Vended(view: store.createView(viewClass, key: key, in: host, for: instance, detached: ahead), acquisition: .created)
        }
        guard ahead else { return registered.dequeue(key, viewClass: viewClass, slot: slot, host: host, for: instance, store: &store) }
        // Off screen: taken from the queue without showing it, or made detached.
        let made = RegisteredCells.registeredClass(of: instance.component, list: store[host].ownerComponent ?? "", catalog: store.catalog)
        guard let (view, taken) = store.popWaiting(key, host: host, for: instance, unhides: false) else {
            return Vended(view: store.createView(made ?? viewClass, key: key, in: host, for: instance, detached: true), acquisition: .created)
        }
        store.detach(view, from: host)
        store.runHook(.prepareForReuse, on: view)
        return Vended(view: view, acquisition: .taken(taken))
    }

    /// A prefetched cell no row took: back on its queue (shown again in
    /// the host's subviews, then hidden as any queued cell).
    private func requeue(_ view: ViewID, host: ViewID, store: inout ViewStore) {
        store.reattach(view, to: host)
        store.recycle(view, in: host)
    }

    /// `reloadData`: every visible cell and every prefetched one goes back
    /// to its queue, and each visible row dequeues again.
    mutating func reloadAll(_ shown: [(slot: Slot, view: ViewID)], host: ViewID, store: inout ViewStore) -> Bool {
        for cell in prefetched.removeValue(forKey: host) ?? [] { requeue(cell.view, host: host, store: &store) }
        for cell in lingering.removeValue(forKey: host) ?? [] { requeue(cell.view, host: host, store: &store) }
        return giveBack(shown, host: host, store: &store)
    }

    /// Cells prefetched for rows further than `prefetch` rows from the
    /// rows shown now will not be shown by the next step: back on the queue.
    mutating func didMount(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, store: inout ViewStore) {
        guard let cells = prefetched[host], !cells.isEmpty else { return }
        let shown = store.listRows(of: host) ?? 0..<0
        let reach = (shown.lowerBound - prefetch)..<(shown.upperBound + prefetch)
        var kept: [CachedCell] = []
        for cell in cells {
            if let row = cell.slot.row, reach.contains(row), !shown.contains(row) {
                kept.append(cell)
            } else {
                requeue(cell.view, host: host, store: &store)
            }
        }
        prefetched[host] = kept
    }

    /// `isPrefetchingEnabled` (on by default): "the collection view requests
    /// cells in advance of when they will be displayed". The next `prefetch`
    /// rows beyond the window in the direction of the scroll, within the
    /// list, but those prefetched already. `prefetch 0` is prefetching off.
    var prefetches: Bool { prefetch > 0 }

    mutating func prefetchRows(host: ViewID, window: Range<Int>, rows: Int, forward: Bool) -> [Int] {
        guard prefetch > 0, !window.isEmpty else { return [] }
        let ahead = forward
            ? Array(window.upperBound..<min(rows, window.upperBound + prefetch))
            : Array((max(0, window.lowerBound - prefetch)..<window.lowerBound).reversed())
        let done = prefetched[host] ?? []
        return ahead.filter { row in !done.contains { $0.slot == .row(row) } }
    }

    mutating func willPrefetch(row: Int, host: ViewID) { prefetching = host }

    /// The cell the provider configured for `row`, kept detached until its row shows.
    mutating func didPrefetch(_ cell: ViewID?, row: Int, host: ViewID, store: inout ViewStore) {
        prefetching = nil
        guard let cell else { return }
        prefetched[host, default: []].append(CachedCell(slot: .row(row), view: cell, isPrefetched: true))
        store.record(cell, for: nil, .cache(.prefetched(.row(row))))
    }

    /// A host that stops showing a list forgets its prefetched cells.
    mutating func forget(host: ViewID) {
        prefetched[host] = nil
        lingering[host] = nil
    }

    /// Lingering cells first (oldest first), then prefetched ones.
    func cached(in host: ViewID) -> [CachedCell] { (lingering[host] ?? []) + (prefetched[host] ?? []) }

    /// An insert or delete moves the rows lingering cells were configured
    /// for: they are queued (what UIKit does with them is undocumented).
    mutating func itemsChanged(_ change: ItemChange, host: ViewID, store: inout ViewStore) {
        for cell in lingering.removeValue(forKey: host) ?? [] { requeue(cell.view, host: host, store: &store) }
    }

    /// Under `os 14`, a cell type with no registration made up front has a
    /// new registration at every dequeue (`CellRegistration` created in the
    /// cell provider), so its queue is always empty.
    func neverPooled(_ component: String, list: String, catalog: Catalog) -> CellsNotPooled? {
        guard os == .fourteen, !catalog.isHeaderFooter(component, of: list),
              catalog.registration(list: list, cell: component) == nil else { return nil }
        return CellsNotPooled(
            why: "its registration is made in the cell provider (os 14), a new one at every dequeue, so its queue is "
                + "always empty: every row gets a new cell and every cell that leaves stays queued for good",
            fix: "register it up front: 'register \(list) \(component)'")
    }

    /// Under `os 15`, a cell type with no registration made up front raises
    /// at its first dequeue; under `os 14` it dequeues (and piles up).
    /// Headers and footers need no registration, as under `uikit`.
    func validate(lists: @autoclosure () -> [String], catalog: Catalog) throws(EngineError) {
        guard os == .fifteen else { return }
        for list in lists() {
            guard case .list(let spec)? = catalog.components[list]?.body else { continue }
            for cell in spec.cells where catalog.registration(list: list, cell: cell) == nil {
                throw .registrationInCellProvider(list: list, cell: cell)
            }
        }
    }
}

/// The cell provider's configuration handler: sets every attribute (as
/// ``CellsSetEverything``), except on a prefetched cell shown for the row
/// it was configured for, which shows what it was configured with
/// ("spreading the rendering over multiple layout passes",
/// `isPrefetchingEnabled`). A cell is bound when the provider runs
/// (created, dequeued, reconfigured), not when it merely shows.
struct ConfigureUnlessPrefetched: Application {
    var configureBinds: Bool { false }

    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        if case .taken(let taken) = acquired, taken.keptBound {
            store.record(view, for: instance, .skip(nil))
            return
        }
        CellsSetEverything().configure(view, to: configuration, for: instance, acquired: acquired, store: &store)
    }
}
