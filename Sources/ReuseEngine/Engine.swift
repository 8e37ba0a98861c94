import OrderedCollections

/// The reuse engine: a catalog of definitions, a simulated view tree, the
/// mounted component tree and the log of every step, run by a ``Strategy``.
///
/// The public surface is what a client does (declare, define, register,
/// mount, remount, hide, show, set, scroll, switch strategy) and what it
/// reads; each operation returns an outcome. A value type: copying an engine
/// snapshots the whole session. Every operation either throws an
/// ``EngineError`` before changing anything or completes.
///
/// ```swift
/// var engine = Engine()
/// try engine.defineComponent("Card", view: "UIView",
///                            attributes: ["backgroundColor": .color("white")])
/// try engine.defineList("Feed", rows: 1_000, viewport: 3, cells: ["Card"])
/// try engine.mount("Feed")
/// let step = try engine.scroll("Feed", by: 1)
/// ```
///
/// Each operation comes twice: typed, for Swift programs
/// (``defineComponent(_:view:attributes:children:loads:)``,
/// ``scroll(_:by:)``), and as `reuse-shell` calls it, with values as
/// written text and the trigger a pass is logged under
/// (``defineComponent(_:viewClass:attributes:children:loads:)``,
/// ``scroll(_:_:trigger:)``). The typed one calls the other.
public struct Engine: Sendable {
    /// The session: everything an operation changes and a checkpoint holds.
    @usableFromInline var session = Session()
    /// What passes keep to go faster (tables, memos, buffers): never the
    /// answer to anything, so a checkpoint holds none and a restored
    /// engine starts with it empty.
    var scratch = Scratch()
    /// Every operation since the session began, with checkpoints: what
    /// ``state(afterPass:)`` and ``rewind(toOperations:)`` replay. Not part
    /// of the state it records (a checkpoint holds none).
    var history = History()
    /// Asked before each component instance a pass mounts: true stops the
    /// operation, which then throws ``EngineError/interrupted`` and leaves
    /// the engine exactly as before it (see ``journaled(_:_:)``).
    var interruptionCheck: (@Sendable () -> Bool)?
    /// The running pass was stopped by ``interruptionCheck``: the rest of
    /// the walk returns at once.
    var passAbandoned = false

    /// The session's state, all of it: what a checkpoint holds
    /// (``History/Checkpoint``), by construction.
    @usableFromInline struct Session: Sendable {
        /// The views, their pools and the log; changed only by the mount
        /// walk and the strategy's policies.
        var store = ViewStore()
        /// The reuse system in use.
        @usableFromInline var strategy = StrategyRegistry.standard
        /// The component types mounted at the root, in order.
        var rootComponents: [String] = []
        /// The mounted tree under the root, walked again in place by each full pass.
        @usableFromInline var mounted: [MountedNode] = []
        /// Instances taken out of the tree with `hide`, in the order they were hidden.
        var hiddenPaths = ItemDataSet<ComponentPath>()
        /// Per-instance attribute values set with `set`, by instance (type and
        /// path), in the order they were set.
        var instanceValues = ItemDataMap<InstanceKey, InstanceValues>()
        /// The component types that have instances in ``instanceValues``
        /// (an index of it, kept with it: never shrinks, so a type it
        /// names may have no values left). Other types skip the lookup
        /// (``FastPaths/instanceValueIndex``).
        var componentsWithInstanceValues: Set<String> = []
        /// Scroll offsets by list instance.
        var listOffsets = ListOffsets()
        /// The items of each list instance that `insert` or `delete`
        /// changed (``ItemSequence``); a list not here shows item `r` in row `r`.
        var listItems = ItemDataMap<ComponentPath, ItemSequence>()
        /// UI state kept with items (``StateHome/item``), by the path of
        /// the instance that holds it now, in the order first set.
        var itemState = ItemDataMap<ComponentPath, ComponentState>()
        /// `saveable` state saved when its slot was deactivated
        /// (``StateHome/slot``), by the slot's key: the list's path and
        /// the row's key (its item id under `key id`, its row under `key index`).
        var savedState = ItemDataMap<SlotKey, ComponentState>()
        /// Component state is in play: a `state` was set, or a `prepare`
        /// resets state. Until then no pass looks at state at all (a
        /// session that never uses it pays nothing for it); never cleared.
        var tracksState = false
        /// A component or list was (re)defined since the last full pass; the
        /// mounted tree and views still follow the old definitions until the next
        /// full pass (a scroll then runs one).
        var definitionsPending = false
        /// The stamp of the last pass that marked views (``PassMarks``): it
        /// only grows, and pools keep their cursors under it
        /// (``ReusePool/handOut(stamp:)``), so it is state.
        var passStamp = 0
    }

    /// What passes keep from one to the next only to go faster. Nothing in
    /// it changes what an operation does: each part is rebuilt, or goes
    /// unused, when it is empty (``FastPaths`` lists the shortcuts that read it).
    struct Scratch: Sendable {
        /// The per-view tables a pass marks what it visits and takes in
        /// (``MountPass``). Marks count only under the running pass's
        /// stamp, so empty tables and old ones read alike.
        var marks = PassMarks()
        /// Pool keys made lately (``KeyMemo``).
        var keyMemo = KeyMemo()
        /// The nodes of rows that left in the list steps under way, for rows
        /// that enter (``MountedNode/moveToRow(_:forgetting:)``): each list's
        /// above those of the lists it is inside; empty between operations.
        var spareRows: [MountedNode] = []
        /// The attributes array of the last row configuration made, given
        /// back once its cell was configured: the next row's configuration is
        /// filled into it (``rowConfiguration(of:at:row:)``).
        var rowAttributes: [Attribute] = []
        /// The definitions of the last few component types a pass looked up
        /// by name (``mountableDefinition(named:)``).
        var definitionMemo = DefinitionMemo()
    }

    // Inlinable, as the stored properties they read once were: a client
    // then reads the field in place, where a call needed the whole engine
    // as one value (a copy of it, when the engine is a class's property).

    /// The reuse system in use.
    @inlinable public var strategy: Strategy { _read { yield session.strategy } }
    /// The mounted tree under the root.
    @inlinable public var mounted: [MountedNode] { _read { yield session.mounted } }

    /// The shortcuts the engine takes (all, unless a test turns some off
    /// to compare them with the general paths they stand for). Held by the
    /// store, whose policies take some of them; a replayed state takes
    /// the live engine's.
    package var fastPaths: FastPaths {
        get { session.store.fastPaths }
        set { session.store.fastPaths = newValue }
    }

    /// An engine that goes on from `session` (a checkpoint's) with empty
    /// scratch and no history, taking the shortcuts `fastPaths`.
    init(resuming session: Session, fastPaths: FastPaths) {
        self.session = session
        self.fastPaths = fastPaths
    }

    /// A new engine taking the shortcuts `fastPaths`.
    package init(fastPaths: FastPaths) {
        session.store.fastPaths = fastPaths
        history.start(at: session)
    }

    /// Lets a client stop long operations (Ctrl-C): `check` is asked before
    /// each instance a pass mounts, so a pass of a million instances stops
    /// within one instance's work.
    public mutating func setInterruptionCheck(_ check: (@Sendable () -> Bool)?) {
        interruptionCheck = check
    }

    /// A new session: the built-in attributes and view classes, the root
    /// host view `v1`, nothing defined or mounted, the `theodolite` strategy.
    public init() {
        history.start(at: session)
    }

    // MARK: Reading

    // Read in place (`_read`): the walk reads the catalogue per instance,
    // and a getter would return a copy of it.

    /// The simulated views (`engine.views[v3]`), read-only.
    public var views: ViewStore { _read { yield session.store } }
    /// Everything the session declared.
    public var catalog: Catalog { _read { yield session.store.catalog } }
    /// Every step, per pass and in total.
    public var log: EventLog { _read { yield session.store.log } }

    /// The current offset of a list instance.
    public func offset(of listPath: ComponentPath) -> Int { session.listOffsets[listPath, default: 0] }

    // MARK: Declaring

    /// Declares a user attribute (`attribute swipe adds unapply`).
    public mutating func declare(_ attribute: AttributeDefinition) throws(EngineError) {
        try journaled(.declare(attribute)) { engine throws(EngineError) in try engine.putDeclaration(attribute) }
    }

    /// Declares an attribute in the catalog (the step `declare` journals and
    /// replays). Mounted configurations may now key or compare differently,
    /// so like a redefinition it waits for the next full pass; until then
    /// the invariant checker does not hold views to the new keys.
    mutating func putDeclaration(_ attribute: AttributeDefinition) throws(EngineError) {
        try session.store.catalog.declare(attribute)
        session.definitionsPending = true
    }

    /// Declares a view class (the step `declareViewClass` journals and replays).
    mutating func putViewClass(_ name: String, defaults: [(String, String, Bool)]) throws(EngineError) {
        try session.store.catalog.declareViewClass(name, defaults: defaults)
        session.definitionsPending = true
    }

    /// Registers a cell (the step `register` journals and replays): cells
    /// dequeue under the new identifier from the next full pass.
    mutating func putRegistration(list: String, cell: String, identifier: String?) throws(EngineError) -> CellRegistration {
        let registration = try session.store.catalog.register(list: list, cell: cell, identifier: identifier)
        session.definitionsPending = true
        return registration
    }

    /// Declares a view class with property defaults (name, written value, quoted).
    public mutating func declareViewClass(_ name: String, defaults: [(String, String, Bool)]) throws(EngineError) {
        try journaled(.declareViewClass(name, defaults: defaults)) { engine throws(EngineError) in
            try engine.putViewClass(name, defaults: defaults)
        }
    }

    /// Defines or redefines a component type. Attribute values are written
    /// text (`red`, `0.5`, `"Row {i}"`), checked now. Takes effect at the next pass.
    @discardableResult
    public mutating func defineComponent(_ name: String, viewClass: String?, attributes: [(name: String, raw: String, quoted: Bool)],
                                         children: [String], loads: [LoadRequest] = []) throws(EngineError) -> Definition {
        var template: ViewTemplate?
        if let viewClass {
            var templates: [AttributeTemplate] = []
            for attribute in attributes {
                templates.append(try catalog.template(attribute.name, raw: attribute.raw, quoted: attribute.quoted))
            }
            var loadTemplates: [LoadTemplate] = []
            for load in loads {
                let attribute = try catalog.template(load.attribute, raw: load.raw, quoted: load.quoted)
                loadTemplates.append(LoadTemplate(attribute: attribute, delaysByRow: load.delaysByRow, checksItem: load.checksItem))
            }
            template = ViewTemplate(viewClass: viewClass, attributes: templates, loads: loadTemplates)
        }
        return try define(ComponentDefinition(name: name, body: .component(view: template, children: children)))
    }

    /// Defines or redefines a scrolling list.
    @discardableResult
    public mutating func defineList(_ name: String, rows: Int, viewport: Int, cells: [String],
                                    header: String? = nil, footer: String? = nil,
                                    savesOffset: Bool = false, keys: RowKeys = .index) throws(EngineError) -> Definition {
        try define(ComponentDefinition(name: name, body: .list(ListSpec(rows: rows, viewport: viewport, cells: cells,
                                                                        header: header, footer: footer,
                                                                        savesOffset: savesOffset, keys: keys))))
    }

    private mutating func define(_ definition: ComponentDefinition) throws(EngineError) -> Definition {
        try journaled(.define(definition)) { engine throws(EngineError) in try engine.putInCatalog(definition) }
    }

    /// Puts a definition in the catalog (the step `define` journals and replays).
    mutating func putInCatalog(_ definition: ComponentDefinition) throws(EngineError) -> Definition {
        let previous = catalog.components[definition.name]
        let existed = previous != nil
        try session.store.catalog.define(definition)
        // A definition that would push the mounted tree past a limit is
        // refused now, where it is written, rather than by every later pass
        // (then even `hide`, which would shrink the tree, could not run).
        // Only a root, or a type some definition names, can change the tree.
        let roots = session.rootComponents
        if !roots.isEmpty, roots.contains(definition.name) || catalog.isReferenced(definition.name) {
            do throws(EngineError) {
                try catalog.checkMountable(roots, undefinedAsLeaves: true)
            } catch {
                session.store.catalog.restore(previous, named: definition.name)
                throw .definitionPastLimit(definition.name, error)
            }
        }
        session.definitionsPending = true
        // A list redefined is a new data source: its instances show the
        // rows it declares, item r in row r, again.
        if definition.isList, !session.listItems.isEmpty {
            session.listItems.removeAll { $1.listType == definition.name }
        }
        return Definition(definition: definition, isRedefinition: existed,
                          undefinedReferences: catalog.undefinedReferences(of: definition.name),
                          isMounted: existed && instances.contains { $0.name == definition.name })
    }

    /// Registers `cell` with the list type `list` under `identifier` (the cell
    /// component's name by default); registering again replaces the identifier.
    @discardableResult
    public mutating func register(list: String, cell: String, identifier: String? = nil) throws(EngineError) -> CellRegistration {
        try journaled(.register(list: list, cell: cell, identifier: identifier)) { engine throws(EngineError) in
            try engine.putRegistration(list: list, cell: cell, identifier: identifier)
        }
    }

    /// Declares what a component type's reuse hook does (`prepare Cell resets
    /// liked cancels loads`), replacing an earlier declaration. It runs
    /// wherever the strategy has such a hook (``Strategy/reuseHook``).
    public mutating func prepare(_ preparation: Preparation) throws(EngineError) {
        try journaled(.prepare(preparation)) { engine throws(EngineError) in try engine.session.store.catalog.prepare(preparation) }
    }

    /// Keeps at most `limit` of the latest events (`nil`: all); totals and
    /// pass summaries stay exact. Bounds the log's memory in long sessions.
    public mutating func keepEvents(atMost limit: Int?) { session.store.log.keep(atMost: limit) }

    /// Takes a checkpoint after every operation and thins them by weight
    /// with no floor, as a large state's would be: how a short session in a
    /// test reaches checkpoint thinning.
    package mutating func checkpointAfterEveryOperation() {
        history.spacing = 1...1
        history.workPerUnitCopied = 0
        history.budgetFloor = 0
    }

    /// Checkpoints the history holds now (the origin included): what a
    /// test reads to see that an engine which keeps none holds one.
    package var checkpointCount: Int { history.checkpoints.count }

    /// The session's ``Session/weight``: its views, types and per-instance
    /// entries counted, what a test reads to see a state stop growing.
    package var sessionWeight: Int { session.weight }

    /// Whether the history takes checkpoints (true by default). An engine
    /// that never looks back (a replay that only counts, as `compare`'s)
    /// sets false, and its memory follows its state alone; time travel and
    /// rewinding still work, replaying from the start.
    public var keepsCheckpoints: Bool {
        get { history.keepsCheckpoints }
        set { history.keepsCheckpoints = newValue }
    }

    /// Stops keeping events (counts go on); for benchmarks.
    public mutating func setKeepsEvents(_ keeps: Bool) { session.store.log.keepsEvents = keeps }
}

/// A load as `component ... loads ATTR VALUE after N [checked]` writes it.
public struct LoadRequest: Sendable {
    /// The attribute the result sets.
    public var attribute: String
    /// The result as written (unquoted); `{i}` is the row number.
    public var raw: String
    /// `raw` was written in quotes.
    public var quoted: Bool
    /// Passes between the bind and the result (``LoadTemplate/delays``): the first of ``delaysByRow``.
    public var after: Int { delaysByRow[0] }
    /// Row i waits `delaysByRow[i mod k]` passes (``LoadTemplate/delaysByRow``).
    public var delaysByRow: [Int]
    /// The completion drops a result for another item (`checked`).
    public var checksItem: Bool

    /// A load as the shell writes it: the value as text, and whether it was quoted.
    public init(attribute: String, raw: String, quoted: Bool, after: Int, checksItem: Bool) {
        self.init(attribute: attribute, raw: raw, quoted: quoted, delaysByRow: [after], checksItem: checksItem)
    }

    /// A load whose delay depends on the row (`after 4,1`).
    public init(attribute: String, raw: String, quoted: Bool, delaysByRow: [Int], checksItem: Bool) {
        self.attribute = attribute
        self.raw = raw
        self.quoted = quoted
        self.delaysByRow = delaysByRow.isEmpty ? [1] : delaysByRow
        self.checksItem = checksItem
    }
}

/// What defining a component or list did.
public struct Definition: Sendable {
    /// The definition as the catalogue holds it now.
    public var definition: ComponentDefinition
    /// A definition of that name existed before.
    public var isRedefinition: Bool
    /// Names it refers to that are not defined (yet), in order.
    public var undefinedReferences: [String]
    /// Instances of the old definition are mounted (a pass will show the change).
    public var isMounted: Bool
}
