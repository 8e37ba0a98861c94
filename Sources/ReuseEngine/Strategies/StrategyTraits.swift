/// What a strategy's policies promise about themselves for speed, read once
/// when the strategy is made (the policies answer the same for their whole
/// life: options are fixed at construction, and a policy is mutated only by
/// its own methods, never replaced). The engine's shortcuts trust these
/// facts instead of asking an existential at every instance;
/// `StrategyConformanceTests` holds each policy of every strategy to them.
struct StrategyTraits: Sendable {
    /// The dynamic type of ``Strategy/keying``: a node keeps its key tagged
    /// with it (``Engine/key(for:_:pass:)``).
    let keyingType: ObjectIdentifier
    /// ``Keying/isPure`` of ``Strategy/keying``: its key reads the
    /// component, the view class and the attribute names, nothing else.
    let keyingIsPure: Bool
    /// ``ParentReuse/plansChildren`` of ``Strategy/parents``: false promises
    /// that ``ParentReuse/plan(_:into:store:pass:)`` does nothing.
    let plansChildren: Bool
    /// ``Application/configureBinds`` of ``Strategy/cellApplication``.
    let cellConfigureBinds: Bool
    /// ``CellReuse/keying`` of ``Strategy/cells``: when not nil, the cells'
    /// ``CellReuse/key(_:_:list:catalog:)`` is this keying's key for every
    /// list and catalogue, so a row may keep it (``MountedNode/cellKey``).
    let cellKeying: (any Keying)?
    /// The dynamic type of ``cellKeying``.
    let cellKeyingType: ObjectIdentifier?
    /// ``CellReuse/subviewKeying`` of ``Strategy/cells``, and its dynamic type.
    let subviewKeying: (any Keying)?
    let subviewKeyingType: ObjectIdentifier?
    /// ``CellReuse/offsetTravelsWithCell`` of ``Strategy/cells``.
    let offsetTravelsWithCell: Bool
    /// ``CellReuse/prefetches`` of ``Strategy/cells``: false promises that
    /// ``CellReuse/prefetchRows(host:window:rows:forward:)`` returns none,
    /// so a scroll step does not ask.
    let cellsPrefetch: Bool
    /// ``CellReuse/drawsBeyondViewport`` of ``Strategy/cells``: false
    /// promises that ``CellReuse/engagedRows(_:rows:host:)`` returns the
    /// rows on screen, so a pass does not ask.
    let cellsDrawBeyondViewport: Bool

    init(keying: any Keying, parents: any ParentReuse, cells: any CellReuse, cellApplication: any Application) {
        keyingType = ObjectIdentifier(type(of: keying))
        keyingIsPure = keying.isPure
        plansChildren = parents.plansChildren
        cellConfigureBinds = cellApplication.configureBinds
        cellKeying = cells.keying
        cellKeyingType = cellKeying.map { ObjectIdentifier(type(of: $0)) }
        offsetTravelsWithCell = cells.offsetTravelsWithCell
        subviewKeying = cells.subviewKeying
        subviewKeyingType = subviewKeying.map { ObjectIdentifier(type(of: $0)) }
        cellsPrefetch = cells.prefetches
        cellsDrawBeyondViewport = cells.drawsBeyondViewport
    }
}
