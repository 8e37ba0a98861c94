extension StrategyDescriptor {
    /// Pools keyed by view class alone: the scheme the seed warns against
    /// (`../shared/REFERENCE.md`, section 1, "Why shapes").
    ///
    /// A view that showed `backgroundColor: red` can go to a configuration that
    /// only sets `alpha`; setters do not clean up, so the red stays (a leak).
    /// Everything else is Theodolite's.
    public static let naive = StrategyDescriptor(name: "naive", defaults: [], rules: [
        "As theodolite, but pools are keyed by view class alone: a view that showed",
        "backgroundColor: red can go to a configuration that only sets alpha, and the red stays.",
        "state is kept with the item by the framework, as under theodolite: by position",
        "under key index, with the item under key id; insert and delete render the rows",
        "on screen again.",
        "Source: the seed document's warning (../shared/REFERENCE.md, section 1).",
    ]) { _ in
        Strategy(
            name: "naive",
            summary: "pools keyed by view class only; shows why shapes matter",
            poolNote: "the k-th request for a key in a pass takes the k-th view of that pool; views nobody takes are hidden",
            options: [],
            keying: ViewClassKeying(),
            parents: PositionalVend(),
            application: ApplyChanged(),
            cells: StackCells(keying: ViewClassKeying()),
            cellApplication: ApplyChanged(),
            reuseHook: nil,
            liveComponents: .mounted,
            rowIdentity: .byKey,
            stateHome: .item)
    }
}
