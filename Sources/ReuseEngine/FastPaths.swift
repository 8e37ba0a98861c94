/// The engine's shortcuts, each a switch. Every one stands for a general
/// path that does the same work the plain way; with the switch off the
/// engine takes that path, and must log the same events and reach the
/// same state (`FastPathEquivalenceTests` holds it to that, shortcut by
/// shortcut). FAST_PATHS.md lists each with its twin, the invariant that
/// makes it safe, and its test. A new shortcut comes with its switch and
/// its test, or not at all.
///
/// All are on by default. In debug builds (`FAST_PATH_SWITCHES`, set in
/// Package.swift) each can be turned off, and the tests do; in release
/// builds they are a constant, so a guard costs nothing.
package struct FastPaths: OptionSet, Sendable, Hashable {
    package let rawValue: UInt64

    package init(rawValue: UInt64) { self.rawValue = rawValue }

    /// A scroll of one row hands the leaving row's node and cell slot
    /// straight to the entering row (``Engine/stepOneRow(_:of:at:host:window:rows:pass:)``).
    /// Twin: the general row loop of ``Engine/mountRows(of:at:host:rows:keepsRows:offset:pass:)``.
    package static let oneRowStep = FastPaths(rawValue: 1 << 0)
    /// A row that enters takes over the node of a row that left, moved in
    /// place (``MountedNode/moveToRow(_:forgetting:)``). Twin: a new node.
    package static let spareRowNodes = FastPaths(rawValue: 1 << 1)
    /// A node keeps the configuration it asked for while its definition
    /// is the same object and it reads no row, and is mounted from it
    /// (``MountedNode/configuration``). Twin: the configuration made again.
    package static let keptConfigurations = FastPaths(rawValue: 1 << 2)
    /// A definition without `{i}` carries its configuration made once
    /// (``MountableDefinition/fixed``). Twin: made from its templates.
    package static let fixedConfigurations = FastPaths(rawValue: 1 << 3)
    /// A node keeps its pool key (``MountedNode/keptKey``, ``MountedNode/cellKey``)
    /// while the keying is pure. Twin: the keying asked.
    package static let keptKeys = FastPaths(rawValue: 1 << 4)
    /// A pass answers repeated key requests from its memo (``KeyMemo``).
    /// Twin: the keying asked.
    package static let keyMemo = FastPaths(rawValue: 1 << 5)
    /// A node keeps its definition under the catalogue's version, and the
    /// last few looked up are remembered (``DefinitionMemo``). Twin: the
    /// catalogue looked up by name.
    package static let definitionMemo = FastPaths(rawValue: 1 << 6)
    /// Only types named in ``Engine/Session/componentsWithInstanceValues``
    /// look for `set` values. Twin: every instance looks.
    package static let instanceValueIndex = FastPaths(rawValue: 1 << 7)
    /// A row's configuration is filled into the array the last row's gave
    /// back (``Engine/rowConfiguration(of:at:row:)``). Twin: a new array.
    package static let rowBuffer = FastPaths(rawValue: 1 << 8)
    /// A row's configuration over an attached row configuration of the same
    /// names is compared and applied in one loop (``ViewStore/applyRowChanged(_:to:for:)``,
    /// ``SimulatedView/compareRow(_:in:)``) and attached value by value.
    /// Twin: ``ViewStore/applyAnyChanged(_:to:for:)``, `==` and a whole attach.
    package static let rowApply = FastPaths(rawValue: 1 << 9)
    /// An attached row attribute remembers where its property sits in the
    /// view's table (``Attribute/slot``), tried first. Twin: the table searched.
    package static let propertySlots = FastPaths(rawValue: 1 << 10)
    /// A numbered property is found by its id alone (``PropertyTable/position(ofNumbered:)``).
    /// Twin: found as any attribute's is, by id or name.
    package static let propertyByID = FastPaths(rawValue: 1 << 11)
    /// A definition's fixed configuration still attached is known equal
    /// by identity (``ViewConfiguration/isHeld(as:)``). Twin: `==`.
    package static let heldSkip = FastPaths(rawValue: 1 << 12)
    /// A parent whose taken views lead its subviews, in order, is settled
    /// in one walk (``ViewStore/settleTaken(_:pass:)``, ``ViewStore/order(_:first:)``).
    /// Twin: hide the untaken views, then put the taken ones first.
    package static let settleByPrefix = FastPaths(rawValue: 1 << 13)
    /// A cell is pushed on its pool's stack found by its key's identity
    /// (``PoolTable/modify(identicalTo:_:)``). Twin: found by key equality.
    package static let poolByIdentity = FastPaths(rawValue: 1 << 14)
    /// A path is walked to its node in place, segment by segment
    /// (``Engine/withNode(along:_:)``). Twin: the node found as
    /// ``Engine/nodes(along:)`` finds it, then reached by its full path.
    package static let pathInPlace = FastPaths(rawValue: 1 << 15)
    /// A leaf with nothing to prepare returns before the preparation
    /// (``Engine/prepareParent(_:children:of:row:pass:)``). Twin: prepared.
    package static let leafParent = FastPaths(rawValue: 1 << 16)
    /// A question about one view (`why`, `log v4`) reads that view's
    /// events through each chunk's ``PackedEvents/ViewIndex``. Twin: every
    /// record in the range looked at, its view compared.
    package static let viewIndex = FastPaths(rawValue: 1 << 17)
    /// Settling a parent walks its subviews from the end and stops once it
    /// has seen the visible ones it counts (``ViewStore/hideUntaken(in:pass:)``).
    /// Twin: every subview looked at.
    package static let visibleSubviews = FastPaths(rawValue: 1 << 18)
    /// What an undo cuts away (log chunks, checkpoints) is freed on a
    /// background queue (``Reclamation``). Twin: freed in place.
    package static let releaseInBackground = FastPaths(rawValue: 1 << 19)
    /// Of two past states, the later is the earlier replayed on when no
    /// checkpoint lies between them (``Engine/states(afterPass:andPass:)``).
    /// Twin: each replayed from its own nearest checkpoint.
    package static let continuedReplay = FastPaths(rawValue: 1 << 20)
    /// A vend asks a pool for the last waiting view of an owner through
    /// the pool's owner index (``ViewStore/lastWaiting(_:in:ownedBy:)``,
    /// ``ReusePool/waitingByOwner``: Texture's node views). Twin: the
    /// waiting stack searched from its top.
    package static let waitingByOwner = FastPaths(rawValue: 1 << 21)
    /// The shell remembers what a line's text alone decides (its words,
    /// its command, its canonical text), by its bytes, up to 256 lines
    /// (`TextCache` in ReuseShell). Twin: the line read into words again.
    package static let lineCache = FastPaths(rawValue: 1 << 22)
    /// The shell remembers the paths it parsed, by their bytes, up to
    /// 256 (`Interpreter.parsedPath`). Twin: ``ComponentPath/parse(_:)``
    /// every time.
    package static let pathCache = FastPaths(rawValue: 1 << 23)
    /// A planning strategy's blocks are read from the nodes the last pass
    /// mounted there: their kept definitions, configurations and keys
    /// (``Engine/plannedBlocks(_:under:row:nodes:)``). Twin: each block's
    /// definition looked up, its configuration and key made again.
    package static let plansFromNodes = FastPaths(rawValue: 1 << 24)
    /// DivKit's plan compares a view's element path with a block's from
    /// their bytes where they are ASCII (`BlockMatching.hasElementPath`),
    /// and a view found keeps its path's string. Twin: the block's path
    /// made as a string and compared with `==`.
    package static let elementPathsInPlace = FastPaths(rawValue: 1 << 26)
    /// A `compare` replay whose every line changes the session (a command
    /// `save` writes back) or is passed over keeps no events: it counts
    /// them (`CompareCommand.Replay`). Twin: a log that keeps the latest
    /// 10,000 events.
    package static let eventlessCompare = FastPaths(rawValue: 1 << 25)
    /// Many subviews of one parent removed at once (Texture's `reloadData`
    /// and settle, a strategy switch) are taken out of the parent's
    /// subviews and pools in one walk of each (``ViewStore/remove(_:from:reason:)-([ViewID],_,_)``).
    /// Twin: each removed alone, a walk of each per view.
    package static let batchRemoval = FastPaths(rawValue: 1 << 27)
    /// ComponentKit's settle leaves a container's order as it is when the
    /// views vended from it lead its subviews in vend order
    /// (`PoolHookVend.settle`, ``ViewStore/leadingCount(_:of:)``). Twin:
    /// ``ViewStore/sortVended(_:inVendOrder:)``, which finds nothing to move.
    package static let vendOrderByPrefix = FastPaths(rawValue: 1 << 28)
    /// A lone view taken out of its parent (removed, detached, moved to
    /// another parent) is searched for from the end of the parent's
    /// subviews, its pool's views and, when hidden, its waiting stack, and
    /// only there (`ViewStore.leaveSubviews(_:_:)`, `leavePool(_:of:_:)`). Twin: each array filtered whole.
    package static let removalFromEnd = FastPaths(rawValue: 1 << 29)
    /// A question about some kinds of event with no view (`log --kind
    /// create --last 5`) passes over the sealed chunks of the log whose
    /// kinds (`KindTags`, made when a chunk is sealed) include none of
    /// them. Twin: every event's record looked at, newest first.
    package static let kindTags = FastPaths(rawValue: 1 << 31)
    /// A node's kept definition is lent to the rest of its mount
    /// (`Engine.mountInstance`), not retained and released: the node's
    /// cache holds it meanwhile. Twin: the definition returned retained
    /// by `Engine.definition(for:)`.
    package static let unretainedDefinitions = FastPaths(rawValue: 1 << 30)
    /// A checkpoint holds the views in chunks, sharing with the checkpoint
    /// before it each chunk whose views' fields hold the same bytes
    /// (``CheckpointViews``), and checkpoints are spaced by what that
    /// costs (``History/weights(of:)``). Twin: the checkpoint holds the
    /// session's views array whole, spaced by the state's weight.
    package static let sharedCheckpointViews = FastPaths(rawValue: 1 << 32)

    /// Every shortcut, by the name FAST_PATHS.md and the tests give it.
    package static let named: [(name: String, path: FastPaths)] = [
        ("oneRowStep", .oneRowStep), ("spareRowNodes", .spareRowNodes),
        ("keptConfigurations", .keptConfigurations), ("fixedConfigurations", .fixedConfigurations),
        ("keptKeys", .keptKeys), ("keyMemo", .keyMemo), ("definitionMemo", .definitionMemo),
        ("instanceValueIndex", .instanceValueIndex), ("rowBuffer", .rowBuffer), ("rowApply", .rowApply),
        ("propertySlots", .propertySlots), ("propertyByID", .propertyByID), ("heldSkip", .heldSkip),
        ("settleByPrefix", .settleByPrefix), ("poolByIdentity", .poolByIdentity), ("pathInPlace", .pathInPlace),
        ("leafParent", .leafParent), ("viewIndex", .viewIndex), ("visibleSubviews", .visibleSubviews),
        ("releaseInBackground", .releaseInBackground), ("continuedReplay", .continuedReplay),
        ("waitingByOwner", .waitingByOwner), ("lineCache", .lineCache), ("pathCache", .pathCache),
        ("plansFromNodes", .plansFromNodes), ("eventlessCompare", .eventlessCompare),
        ("elementPathsInPlace", .elementPathsInPlace), ("batchRemoval", .batchRemoval),
        ("unretainedDefinitions", .unretainedDefinitions), ("vendOrderByPrefix", .vendOrderByPrefix),
        ("removalFromEnd", .removalFromEnd), ("kindTags", .kindTags),
        ("sharedCheckpointViews", .sharedCheckpointViews),
    ]

    /// Whether this build can turn shortcuts off (debug builds).
    package static var areSwitchable: Bool {
        #if FAST_PATH_SWITCHES
        true
        #else
        false
        #endif
    }

    /// Every shortcut on: the engine as it runs (bits 0-32 of 64 taken). A
    /// literal, not made from ``named`` at run time, so that in release builds, where it is the
    /// switches' constant, every guard folds away (a test holds it to ``named``).
    package static var all: FastPaths {
        @inline(__always) get { FastPaths(rawValue: 0x0000_0001_FFFF_FFFF) }
    }
    /// Every shortcut off: the general paths alone.
    package static let none: FastPaths = []
}
