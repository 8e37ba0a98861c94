import ReuseEngine

extension StrategyDescriptor {
    /// Theodolite's strategy with ``LastOwnerVend`` for plain parents:
    /// the same keys, application and list cells, another vend order.
    public static let ownerFirst = StrategyDescriptor(name: "owner-first", rules: [
        "As theodolite, but a parent hands a view back to the instance that held it",
        "last while it is free; else the newest free view of the key; else a new one.",
        "Source: Examples/MyStrategy (an example of the strategy SDK).",
    ]) { _ in
        Strategy(
            name: "owner-first",
            summary: "theodolite's keys; a view goes back to its last owner first",
            poolNote: "a view goes back to the instance that held it last; views nobody takes are hidden",
            keying: ComponentShapeKeying(),
            parents: LastOwnerVend(),
            application: ApplyChanged(),
            cells: StackCells(keying: ComponentShapeKeying()),
            cellApplication: ApplyChanged(),
            rowIdentity: .byKey,
            stateHome: .item)
    }
}
