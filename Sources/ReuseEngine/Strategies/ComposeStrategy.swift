// Upstream read: androidx/androidx compose/foundation and compose/ui, single
// files through the code index (the repository is too large to fetch whole):
// `LazyLayout.kt` @a9b06aaf (`LazyLayoutItemReusePolicy`,
// `MaxItemsToRetainForReuse`), `LazyLayoutIntervalContent.kt` @d038ebae
// (`getKey`, `Interval.type`), `LazySaveableStateHolder.kt` @2284d7d7,
// `LazyLayoutItemContentFactory.kt` @0a0d7f95, `SubcomposeLayout.kt`
// (`LayoutNodeSubcompositionsState.subcompose`, `takeNodeFromReusables`,
// `disposeOrReuseStartingFromIndex`, `precompose`), `LazyListPrefetchStrategy.kt`
// (`DefaultLazyListPrefetchStrategy`), runtime `ComposerImpl.nextSlotForCache`.
// Compose citations name the declaration; the checked rule by rule reading is
// Documentation/research/compose-flashlist.md, section 1.

extension StrategyDescriptor {
    /// Jetpack Compose's LazyColumn and LazyRow: one SubcomposeLayout per
    /// lazy list, whose compositions (slots) are found by the item's key.
    ///
    /// Options: `prefetch N` (0 or 1: `DefaultLazyListPrefetchStrategy`
    /// composes the next item in the scroll direction; default 1),
    /// `contenttype on|off` (`items(contentType = …)`; upstream's default is
    /// null for every item, so `off`: every kept slot fits every item),
    /// `keep N` (`MaxItemsToRetainForReuse`, 7 per content type).
    /// Views outside lazy lists are compositions updated in place, as under `theodolite`.
    public static let compose = StrategyDescriptor(
        name: "compose",
        defaults: [StrategyOption(name: "prefetch", value: 1), StrategyOption(name: "contenttype", value: 0, kind: .flag),
                   StrategyOption(name: "keep", value: 7)],
        rules: [
            "A slot (a composition) is found by the item's key: the list's 'key' (index: the",
            "row, Compose's DefaultLazyKey; id: the item). Lookup: the slot active under the",
            "key, a prefetched one, a kept one of the same key, a kept one of the same",
            "content type from the oldest, else a new slot (takeNodeFromReusables).",
            "A slot whose row left is deactivated: kept for reuse only from the next pass",
            "(disposeOrReuseStartingFromIndex), newest first; past keep N (7) per content",
            "type the oldest are disposed (their views removed).",
            "contenttype off (upstream's null default): every kept slot fits every item, and",
            "a slot whose component differs makes its views anew; on: one pool per cell type.",
            "A reused slot is recomposed: every attribute set again, those no longer set",
            "reset (no stale property). state is remember: forgotten when the slot is",
            "deactivated, even for the same key; 'saveable' (rememberSaveable) is saved by",
            "key and restored. Under key index an insert leaves every slot on its position:",
            "its remember and saved state show on another item.",
            "prefetch 1: after each scroll step the next row in the scroll direction is",
            "composed off screen (a kept slot, outside the 7); a change of direction cancels",
            "it back to the kept slots.",
            "A ComposeView inside a RecyclerView is RecyclerView's reuse: its remember{}",
            "goes with the holder's view ('help strategy recyclerview').",
            "Source: androidx compose SubcomposeLayout.kt, LazyLayout.kt, LazyListPrefetch",
            "Strategy.kt, LazySaveableStateHolder.kt (see Documentation/research).",
        ]
    ) { settings in
        let values = settings.values
        let cells = LazySlots(prefetch: min(values[0], 1), contentType: values[1] != 0, keep: values[2])
        return Strategy(
            name: "compose",
            summary: "slots by key, then by content type (\(cells.contentType ? "cell type" : "none")); keep \(cells.keep) per type"
                + (cells.prefetch > 0 ? "; prefetch 1" : ""),
            poolNote: "lazy list hosts keep deactivated slots (hidden), newest first, \(cells.keep) per content type, reusable from the next pass; other parents as under theodolite",
            options: [StrategyOption(name: "prefetch", value: cells.prefetch),
                      StrategyOption(name: "contenttype", value: cells.contentType ? 1 : 0, kind: .flag),
                      StrategyOption(name: "keep", value: cells.keep)],
            keying: ComponentShapeKeying(),
            parents: PositionalVend(),
            application: ApplyChanged(),
            cells: cells,
            cellApplication: Recompose(),
            reuseHook: nil,
            liveComponents: .mounted,
            rowIdentity: .byKey,
            stateHome: .slot)
    }
}

/// The slots of each lazy list (`LayoutNodeSubcompositionsState`): active
/// slots stay with their rows (the engine keeps a row's cell while it
/// shows), deactivated ones wait in the host, hidden, for the next pass.
///
/// Kept order is `takeNodeFromReusables`' section of the children, read
/// from its end: the slots deactivated last are at the front, so a scan
/// "from the end" meets the oldest first, and retention
/// (`getSlotsToRetain`) keeps the first `keep` of each content type.
struct LazySlots: CellReuse {
    let prefetch: Int
    let contentType: Bool
    let keep: Int

    /// One deactivated (or precomposed) slot: its view, the key it was
    /// composed for, and its content type (nil: `contenttype off`).
    struct Slot: Sendable {
        var view: ViewID
        var key: Int
        var type: String?
    }

    /// What one lazy list keeps.
    struct Host: Sendable {
        /// Kept slots, newest first.
        var kept: [Slot] = []
        /// Slots deactivated in this pass: kept only when it ends.
        var leaving: [Slot] = []
        /// The precomposed slot (prefetch), if any, and the row it is for.
        var precomposed: (slot: Slot, row: Int)?
        /// The direction of the last scroll step (prefetch is cancelled on a change).
        var forward: Bool?
        /// The rows shown after the last scroll step.
        var window: Range<Int> = 0..<0
        /// A cancelled precomposed slot joined the kept ones: retention runs
        /// again before the next slot is taken (`disposePrecomposedSlot`).
        var mustRetain = false
    }

    private var hosts: [ViewID: Host] = [:]
    /// The key each active slot was composed for (set at every dequeue; an
    /// active slot keeps its key while its row shows).
    private var activeKeys: [ViewID: Int] = [:]
    /// The host a prefetch composes for, and the row.
    private var prefetching: (host: ViewID, row: Int)?

    init(prefetch: Int, contentType: Bool, keep: Int) {
        self.prefetch = prefetch
        self.contentType = contentType
        self.keep = keep
    }

    var keying: (any Keying)? { nil }
    /// A lazy list's offset is its state (`LazyListState`), by item: it never passes to another.
    var offsetTravelsWithCell: Bool { false }
    /// Children of a slot are composables, updated in place by position.
    var subviewKeying: (any Keying)? { nil }
    var prefetches: Bool { prefetch > 0 }
    /// Only the visible items are composed (prefetch aside).
    var drawsBeyondViewport: Bool { false }
    func engagedRows(_ visible: Range<Int>, rows: Int, host: ViewID) -> Range<Int> { visible }
    /// `set` on a row: new data for the item, re-rendered in place.
    var dataChange: RowReload? { .reconfigure }

    /// With `contenttype on` a slot of another cell type never fits; off,
    /// every slot fits every item (one key).
    /// (The pool key names the cell type either way: a slot is matched by
    /// its own content type below, nil with `contenttype off`.)
    func key(_ component: String, _ configuration: ViewConfiguration, list: String, catalog: Catalog) -> ViewKey? {
        ViewKey(component: component, viewClass: nil, shape: nil, qualifier: .contentType)
    }

    /// `subcompose` (SubcomposeLayout.kt): the precomposed slot of this key,
    /// then a kept slot of this key, then a kept slot of the same content
    /// type from the oldest (`takeNodeFromReusables`), else a new slot.
    /// A slot of another component (possible with `contenttype off`) keeps
    /// the slot but not its views: they are removed and made anew.
    mutating func dequeue(_ key: ViewKey, viewClass: String, slot: ReuseEngine.Slot, host: ViewID, for instance: Instance,
                          store: inout ViewStore) -> Vended {
        let itemKey = instance.itemKey ?? slot.row ?? 0
        let vended = find(key, viewClass: viewClass, itemKey: itemKey, slot: slot, host: host, for: instance, store: &store)
        activeKeys[vended.view] = itemKey
        return vended
    }

    private mutating func find(_ key: ViewKey, viewClass: String, itemKey: Int, slot: ReuseEngine.Slot, host: ViewID,
                               for instance: Instance, store: inout ViewStore) -> Vended {
        // A row entering behind the last window: the scroll turned back.
        // `onScroll` cancels the request on a change of direction before
        // the frame measures (`resetPrefetchState`): its slot is kept first.
        if prefetching?.host != host, let state = hosts[host], state.precomposed != nil, let forward = state.forward, let row = slot.row,
           forward ? row < state.window.lowerBound : row >= state.window.upperBound {
            cancelPrecomposed(in: host)
            hosts[host]?.forward = !forward
        }
        if hosts[host]?.mustRetain == true { retain(in: host, store: &store) }
        let type: String? = contentType ? instance.component : nil
        if let (taken, row) = hosts[host]?.precomposed, taken.key == itemKey || row == slot.row {
            hosts[host]?.precomposed = nil
            if taken.key == itemKey, store[taken.view].ownerComponent == instance.component {
                store.reattach(taken.view, to: host)
                var found = store.take(taken.view, key: key, in: host, for: instance)
                found.keptBound = true
                return Vended(view: taken.view, acquisition: .taken(found))
            }
            hosts[host]?.leaving.append(taken)
        }
        let kept = hosts[host]?.kept ?? []
        let index = kept.firstIndex { $0.key == itemKey && $0.type == type }
            ?? kept.lastIndex { $0.type == type }
        if let index {
            let found = kept[index]
            hosts[host]?.kept.remove(at: index)
            if store[found.view].ownerComponent != instance.component {
                store.remove(found.view, from: host, reason: .slotRecomposed(to: instance.component))
                return Vended(view: store.createView(viewClass, key: key, in: host, for: instance), acquisition: .created)
            }
            if store[found.view].isDetached {
                // A cancelled precomposed slot: it waited off the list.
                store.reattach(found.view, to: host)
                return Vended(view: found.view, acquisition: .mustRebind(store.take(found.view, key: key, in: host, for: instance)))
            }
            return store.takeWaiting(found.view, key: key, host: host, for: instance).map { Vended(view: found.view, acquisition: .mustRebind($0)) }
                ?? Vended(view: store.createView(viewClass, key: key, in: host, for: instance), acquisition: .created)
        }
        let detached = prefetching?.host == host
        return Vended(view: store.createView(viewClass, key: key, in: host, for: instance, detached: detached), acquisition: .created)
    }

    /// A row that left deactivates its slot: hidden, kept only once the pass ends.
    mutating func release(_ cell: ViewID, slot: ReuseEngine.Slot, host: ViewID, relayout: Bool, store: inout ViewStore) {
        store.recycle(cell, in: host)
        let key = activeKeys.removeValue(forKey: cell) ?? slot.row ?? 0
        hosts[host, default: Host()].leaving.append(Slot(view: cell, key: key, type: contentType ? store[cell].ownerComponent : nil))
    }

    /// `set` on a row: the item's new data, re-rendered on its cell.
    func update(_ cell: ViewID, key: ViewKey, viewClass: String, slot: ReuseEngine.Slot, host: ViewID,
                for instance: Instance, store: inout ViewStore) -> Vended {
        store.keep(cell, key: key, in: host, for: instance)
    }

    /// A reload reconfigures the row's slot in place (recomposition).
    func reload(_ cell: ViewID, key: ViewKey, viewClass: String, slot: ReuseEngine.Slot, payload: Bool, host: ViewID,
                for instance: Instance, store: inout ViewStore) -> Vended {
        store.keep(cell, key: key, in: host, for: instance)
    }

    /// A lazy list has no reloadRows: the row recomposes on its slot.
    func replace(_ cell: ViewID, key: ViewKey, viewClass: String, slot: ReuseEngine.Slot, host: ViewID,
                 for instance: Instance, store: inout ViewStore) -> Vended {
        store.keep(cell, key: key, in: host, for: instance)
    }

    /// New data recomposes every visible item on its slot: nothing given back.
    func reloadAll(_ shown: [(slot: ReuseEngine.Slot, view: ViewID)], host: ViewID, store: inout ViewStore) -> Bool { false }

    /// The end of the pass (`disposeOrReuseStartingFromIndex`): the slots
    /// that left go to the front of the kept ones; past `keep` per content
    /// type, the oldest are disposed.
    mutating func didMount(_ spec: ListSpec, at path: ComponentPath, host: ViewID, firstTime: Bool, store: inout ViewStore) {
        guard let leaving = hosts[host]?.leaving else { return }
        hosts[host]?.kept.insert(contentsOf: leaving.reversed(), at: 0)
        hosts[host]?.leaving = []
        retain(in: host, store: &store)
    }

    /// `getSlotsToRetain`: the first `keep` kept slots of each content type
    /// stay, the rest are disposed.
    private mutating func retain(in host: ViewID, store: inout ViewStore) {
        guard var state = hosts[host] else { return }
        var counts: [String?: Int] = [:]
        var retained: [Slot] = []
        for slot in state.kept {
            counts[slot.type, default: 0] += 1
            if counts[slot.type, default: 0] <= keep {
                retained.append(slot)
            } else {
                store.remove(slot.view, from: host, reason: .slotDisposed(keep: keep))
            }
        }
        state.kept = retained
        state.mustRetain = false
        hosts[host] = state
    }

    /// `PrecomposedSlotHandle.dispose`: the precomposed slot goes to the
    /// front of the kept ones, and retention runs again.
    private mutating func cancelPrecomposed(in host: ViewID) {
        guard let (slot, _) = hosts[host]?.precomposed else { return }
        hosts[host]?.precomposed = nil
        hosts[host]?.kept.insert(slot, at: 0)
        hosts[host]?.mustRetain = true
    }

    /// `DefaultLazyListPrefetchStrategy.onScroll`: the row after the last
    /// visible one going forward, before the first going back; a change of
    /// direction cancels the last request (`resetPrefetchState`).
    /// A request whose row is no longer next (`onVisibleItemsUpdated`) is
    /// cancelled first.
    mutating func prefetchRows(host: ViewID, window: Range<Int>, rows: Int, forward: Bool) -> [Int] {
        guard prefetch > 0 else { return [] }
        hosts[host, default: Host()].forward = forward
        hosts[host]?.window = window
        let row = forward ? window.upperBound : window.lowerBound - 1
        if let precomposed = hosts[host]?.precomposed, precomposed.row != row { cancelPrecomposed(in: host) }
        guard row >= 0, row < rows, hosts[host]?.precomposed?.row != row else { return [] }
        return [row]
    }

    mutating func willPrefetch(row: Int, host: ViewID) { prefetching = (host, row) }

    /// The precomposed slot waits, detached, for the step that shows its row.
    mutating func didPrefetch(_ cell: ViewID?, row: Int, host: ViewID, store: inout ViewStore) {
        prefetching = nil
        guard let cell else { return }
        if !store[cell].isDetached { store.detach(cell, from: host) }
        let key = activeKeys.removeValue(forKey: cell) ?? row
        hosts[host, default: Host()].precomposed = (Slot(view: cell, key: key, type: contentType ? store[cell].ownerComponent : nil), row)
    }

    /// Items moved by key: a slot keeps its key (the engine moves active ones).
    func itemsChanged(_ change: ItemChange, host: ViewID, store: inout ViewStore) {}

    mutating func forget(host: ViewID) { hosts[host] = nil }

    func cached(in host: ViewID) -> [CachedCell] {
        hosts[host]?.precomposed.map { [CachedCell(slot: .row($0.row), view: $0.slot.view, isPrefetched: true)] } ?? []
    }

    func validate(lists: @autoclosure () -> [String], catalog: Catalog) throws(EngineError) {}
}

/// Recomposition (`ComposerImpl` in reuse mode: `changed()` sees nothing
/// remembered): a slot taken from the kept ones sets every attribute again
/// and resets those no longer set; an active slot skips what is unchanged.
struct Recompose: Application {
    var configureBinds: Bool { false }

    func configure(_ view: ViewID, to configuration: ViewConfiguration, for instance: Instance,
                   acquired: Acquisition, store: inout ViewStore) {
        guard case .mustRebind = acquired else {
            store.applyChanged(view, to: configuration, for: instance)
            return
        }
        for old in store[view].attached?.attributes ?? [] where configuration.value(of: old.name) == nil {
            store.resetAttribute(old, on: view, for: instance)
        }
        store.applyAll(configuration, on: view, for: instance)
    }
}
