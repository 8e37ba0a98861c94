extension StrategyDescriptor {
    /// The algorithm of Theodolite's recycling reference, the default
    /// (`../shared/REFERENCE.md`, section 1).
    ///
    /// Pools are keyed by (component type, view class, attribute shape), so a
    /// view only goes to a configuration that sets the same attributes:
    /// whatever a previous owner set, the new one overwrites. The k-th request
    /// for a key in a pass takes the k-th view; views nobody takes are hidden.
    /// Equal configurations are skipped; otherwise unapply (where an
    /// unapplicator exists) runs before apply.
    public static let theodolite = StrategyDescriptor(name: "theodolite", defaults: [], rules: [
        "Pools per parent view, keyed by (component type, view class, attribute shape).",
        "The k-th request for a key in a pass takes the k-th view; a new one when none is left.",
        "An equal configuration is skipped; otherwise unapply (where an attribute has an",
        "unapplicator), then apply every attribute. Views nobody takes are hidden.",
        "state is the framework's, by component identity: type and key (Scope.swift",
        "L76-78, L127-130). A row's key is the list's 'key': under key index an insert",
        "leaves state on its position, under key id it follows its item. insert and",
        "delete render the rows on screen again, each on the view it holds.",
        "Source (state): TheodoliteGroup/Theodolite Core/Scope/Scope.swift @49021b9.",
        "Source: the seed document (../shared/REFERENCE.md, section 1).",
    ]) { _ in
        Strategy(
            name: "theodolite",
            summary: "(component, view class, attribute shape) pools; the seed",
            poolNote: "the k-th request for a key in a pass takes the k-th view of that pool; views nobody takes are hidden",
            options: [],
            keying: ComponentShapeKeying(),
            parents: PositionalVend(),
            application: ApplyChanged(),
            cells: StackCells(keying: ComponentShapeKeying()),
            cellApplication: ApplyChanged(),
            reuseHook: nil,
            liveComponents: .mounted,
            rowIdentity: .byKey,
            stateHome: .item)
    }
}
