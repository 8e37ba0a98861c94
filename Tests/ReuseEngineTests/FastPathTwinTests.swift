import Testing
@testable import ReuseEngine

/// Each shortcut's comparison or lookup against its general twin, value by
/// value, over seeded random inputs (FAST_PATHS.md names the pairs). The
/// whole-session agreement is `FastPathEquivalenceTests`.
@Suite struct FastPathTwinTests {
    /// The switches exist where the tests run: a debug build that could
    /// not turn a shortcut off would skip the equivalence suite silently.
    @Test func debugBuildsCanTurnShortcutsOff() {
        #if DEBUG
        #expect(FastPaths.areSwitchable, "Package.swift defines FAST_PATH_SWITCHES for debug builds")
        var engine = Engine(fastPaths: .none)
        #expect(engine.fastPaths == .none)
        engine.fastPaths = .all.subtracting(.oneRowStep)
        #expect(engine.fastPaths == .all.subtracting(.oneRowStep))
        #endif
        #expect(FastPaths.all == FastPaths(FastPaths.named.map(\.path)) && FastPaths.named.count == 33)
        #expect(Set(FastPaths.named.map(\.path.rawValue)).count == FastPaths.named.count)
    }

    // MARK: Configurations (rowApply, heldSkip)

    static let names = ["text", "alpha", "tap", "score"]
    static let values: [AttributeValue] = [.text("Row 1"), .text("Row 2"), .number(0.5), .number(1), .text("like")]

    /// A random configuration of `names` (in order) for a row: same or other values.
    static func rowConfiguration(_ names: [String], _ random: inout SplitMix) -> ViewConfiguration {
        let attributes = names.map { Attribute($0, values[Int.random(in: 0..<values.count, using: &random)]) }
        var configuration = ViewConfiguration(viewClass: "UILabel", attributes: attributes)
        configuration.isMadeForRow = true
        return configuration
    }

    /// ``SimulatedView/compareRow(_:in:)``, where it answers, answers as
    /// `==` does; it answers for every pair of row configurations of the
    /// same names with no unapplicator, and for no other.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func compareRowAgreesWithEquality(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        var catalog = Catalog()
        try catalog.declare(AttributeDefinition(name: "score", kind: .number, hasUnapplicator: true))
        var answered = 0
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...3, using: &random)
            let names = Array(Self.names.shuffled(using: &random).prefix(count))
            let otherNames = Int.random(in: 0..<4, using: &random) == 0 ? Array(Self.names.shuffled(using: &random).prefix(count)) : names
            var view = SimulatedView(id: ViewID(2), viewClass: catalog.viewClass(named: "UILabel"), superview: .root)
            var attached = Self.rowConfiguration(otherNames, &random)
            attached.isMadeForRow = Int.random(in: 0..<5, using: &random) != 0
            view.attach(attached)
            let configuration = Self.rowConfiguration(names, &random)
            let answer = view.compareRow(configuration, in: catalog)
            let hasUnapplicator = attached.attributes.contains { catalog.hasUnapplicator($0) }
            if attached.isMadeForRow, attached.hasSameNames(as: configuration), !hasUnapplicator {
                #expect(answer == (attached == configuration))
                answered += 1
            } else {
                #expect(answer == nil)
            }
        }
        #expect(answered > 200)
    }

    /// A configuration held twice (one attributes array) is equal to
    /// itself, and `==` never depends on the arrays being shared.
    @Test func heldConfigurationsAreEqual() {
        var random = SplitMix(state: 7)
        for _ in 0..<500 {
            let configuration = Self.rowConfiguration(Array(Self.names.prefix(Int.random(in: 1...4, using: &random))), &random)
            let held = configuration
            #expect(held.isHeld(as: configuration) && held == configuration)
            // The same values in a new array: not held, and equal all the same.
            let copied = ViewConfiguration(viewClass: configuration.viewClass, attributes: configuration.attributes.map { $0 })
            #expect(!copied.isHeld(as: configuration) && copied == configuration)
        }
    }

    // MARK: Pools (poolByIdentity)

    /// ``PoolTable/modify(identicalTo:_:)`` finds the pool ``PoolTable/modify(_:_:)``
    /// finds for the stored key, and nil for an equal key of another
    /// identity, in both of the table's layouts (compared one by one, and
    /// past ``PoolTable/indexedCount`` keys, hashed).
    @Test(arguments: [3, PoolTable.indexedCount + 5])
    func identityFindsTheSamePoolAsTheKey(keyCount: Int) {
        let keys = (0..<keyCount).map { ViewKey(component: "C\($0)", viewClass: "UIView", shape: .empty) }
        var table = PoolTable()
        for (index, key) in keys.enumerated() { table[key, default: ReusePool()].views.append(ViewID(index + 2)) }
        for key in keys {
            let byKey = table.modify(key) { $0.views }
            let byIdentity = table.modify(identicalTo: key.identity) { $0.views }
            #expect(byKey != nil && byKey == byIdentity)
            let equal = ViewKey(component: key.component, viewClass: key.viewClass, shape: key.shape)
            #expect(table.modify(identicalTo: equal.identity) { $0.views } == nil)
            #expect(table.modify(equal) { $0.views } == byKey)
        }
    }

    // MARK: Walks to a path (pathInPlace)

    /// ``Engine/withNode(along:_:)`` reaches the node ``Engine/nodes(along:)``
    /// resolves a path to, and nothing where it does not resolve, with the
    /// shortcut on and off, for every path through a tree of plain
    /// children, namesakes, lists, rows and a header.
    @Test(.enabled(if: FastPaths.areSwitchable))
    func everyWalkReachesTheSameNode() throws {
        var h = Harness()
        try h.component("Title", view: "UILabel", [("text", "Row {i}")])
        try h.component("Head", view: "UILabel", [("text", "Top")])
        try h.component("Card", view: "UIView", children: ["Title", "Title"])
        try h.engine.defineList("Feed", rows: 30, viewport: 4, cells: ["Card", "Title"], header: "Head")
        try h.component("Screen", view: "UIView", children: ["Feed", "Card", "Title"])
        try h.mount("Screen", "Title")
        try h.scroll("Screen/Feed", by: 3)
        var paths = h.engine.instances.map(\.path)
        paths += ["Screen/Feed/0", "Screen/Feed/99/Title", "Screen/Nope", "Title[3]", "Screen/Card/Title[2]", "Screen/Feed/5/Title[1]"]
            .map(Harness.path)
        for paths in [paths] {
            for path in paths {
                let resolved = h.engine.nodes(along: path)
                let expected = resolved.count == path.segments.count ? resolved.last?.path : nil
                for fastPaths in [FastPaths.all, FastPaths.all.subtracting(.pathInPlace)] {
                    var engine = h.engine
                    engine.fastPaths = fastPaths
                    let reached = engine.withNode(along: path) { _, node in node.path }
                    #expect(reached?.description == expected?.description, "\(path) with \(fastPaths)")
                    #expect(engine.instances.map(\.path) == h.engine.instances.map(\.path))
                }
            }
        }
    }

    // MARK: Settling (settleByPrefix)

    /// A `Box` of `dots` `Dot`s, mounted: the harness, the box's view and its subviews.
    static func box(of dots: Int) throws -> (Harness, ViewID, [ViewID]) {
        var h = Harness()
        try h.component("Dot", view: "UIView", [("alpha", "1")])
        try h.component("Box", view: "UIView", children: Array(repeating: "Dot", count: dots))
        try h.mount("Box")
        let box = try #require(h.engine.mounted.first?.view)
        return (h, box, h.engine.views[box].subviews)
    }

    /// ``ViewStore/leadingCount(_:of:)`` says how many views `first` is
    /// exactly when they lead the subviews in that order.
    @Test func leadingCountIsAPrefixTest() throws {
        var random = SplitMix(state: 11)
        let (h, box, subviews) = try Self.box(of: 6)
        for _ in 0..<1_000 {
            let first = Array(subviews.shuffled(using: &random).prefix(Int.random(in: 0...subviews.count, using: &random)))
            let leads = subviews.starts(with: first)
            #expect(h.engine.views.leadingCount(first, of: box) == (leads ? first.count : nil))
        }
    }

    // MARK: ComponentKit's vend order (vendOrderByPrefix)

    /// ``ViewStore/sortVended(_:inVendOrder:byPrefix:)`` leaves the same
    /// subviews and records the same steps when it first asks whether the
    /// vended views lead the subviews (the shortcut) as when it sorts
    /// (the twin), for vended views leading, in another order, or a few
    /// of them anywhere. A prefix test loosened (the first view alone, or
    /// the views in any order) moves nothing where the sort moves them.
    @Test func vendOrderByPrefixAgreesWithTheSort() throws {
        var random = SplitMix(state: 28)
        let (h, box, subviews) = try Self.box(of: 7)
        var (skipped, sorted) = (0, 0)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...subviews.count, using: &random)
            let vended = switch Int.random(in: 0..<3, using: &random) {
            case 0: Array(subviews.prefix(count))
            case 1: Array(subviews.prefix(count).shuffled(using: &random))
            default: Array(subviews.shuffled(using: &random).prefix(count))
            }
            var (fast, general) = (h.engine.views, h.engine.views)
            fast.sortVended(box, inVendOrder: vended, byPrefix: true)
            general.sortVended(box, inVendOrder: vended, byPrefix: false)
            #expect(fast[box].subviews == general[box].subviews)
            #expect(Array(fast.log.events.map(\.step)) == Array(general.log.events.map(\.step)))
            if general.log.events.count > h.engine.views.log.events.count { sorted += 1 }
            if subviews.starts(with: vended) { skipped += 1 }
        }
        // Both ways were taken: orders kept and orders sorted.
        #expect(skipped > 100 && sorted > 100)
    }

    // MARK: The one-row step (oneRowStep, spareRowNodes)

    /// Scrolling one row at a time, both ways and past the ends, logs the
    /// same events and leaves the same state with the step's shortcuts off
    /// as on, under every strategy, with rows of two cell types and a
    /// cell with children.
    @Test(.enabled(if: FastPaths.areSwitchable), arguments: StrategyRegistry.names)
    func oneRowStepsMatchTheGeneralLoop(strategy: String) throws {
        var random = SplitMix(state: 5)
        let moves = (0..<300).map { _ in [1, 1, 1, -1, -1, 2][Int.random(in: 0..<6, using: &random)] }
        var runs: [String] = []
        for fastPaths in [FastPaths.all, FastPaths.all.subtracting([.oneRowStep]),
                          FastPaths.all.subtracting([.oneRowStep, .spareRowNodes]), FastPaths.none] {
            var h = Harness()
            h.engine = Engine(fastPaths: fastPaths)
            try h.strategy(strategy)
            try h.component("Title", view: "UILabel", [("text", "Row {i}")])
            try h.component("Heart", view: "UIButton", [("tap", "like")])
            try h.component("Card", view: "UIView", [("alpha", "1")], children: ["Title", "Heart"])
            try h.list("Feed", rows: 25, viewport: 4, cells: ["Card", "Card", "Title"])
            for cell in ["Card", "Title"] { try h.engine.register(list: "Feed", cell: cell, identifier: nil) }
            try h.mount("Feed")
            for move in moves { try h.scroll("Feed", by: move) }
            runs.append(summary(h.engine) + "\n" + h.engine.log.events.map { "\($0.seq) \($0.view) \($0.path?.description ?? "-") \($0.step)" }.joined(separator: "\n"))
        }
        for run in runs.dropFirst() { #expect(run == runs[0]) }
    }
}
