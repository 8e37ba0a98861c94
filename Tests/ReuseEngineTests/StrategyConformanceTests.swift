import Testing
@testable import ReuseEngine

/// What each strategy's policies promise about themselves
/// (``StrategyTraits``), held to what they do, for every strategy and
/// every option it takes: the engine's shortcuts trust these promises.
@Suite struct StrategyConformanceTests {
    /// Every strategy, with its options at their defaults and at other values.
    static var strategies: [Strategy] { StrategyRegistry.all.flatMap(\.variants) }

    /// Every keying keeps what it promises (``Strategy/brokenPromises(samples:seed:)``:
    /// a pure keying reads neither values nor the catalogue, one that reads
    /// no values keys configurations of the same names alike, cells that
    /// name a keying key every slot as it does), and the traits hold the
    /// promises and the keyings' types.
    @Test func keyingsKeepTheirPromises() {
        for strategy in Self.strategies {
            #expect(strategy.brokenPromises() == [])
            #expect(strategy.traits.keyingIsPure == strategy.keying.isPure)
            #expect(strategy.traits.subviewKeyingType == strategy.traits.subviewKeying.map { ObjectIdentifier(type(of: $0)) })
            #expect(strategy.traits.keyingType == ObjectIdentifier(type(of: strategy.keying)))
            #expect(strategy.traits.cellKeyingType == strategy.traits.cellKeying.map { ObjectIdentifier(type(of: $0)) })
        }
    }

    /// A keying that says it is pure but reads a value, and one that says
    /// it reads no values but does, are each caught.
    @Test func brokenPromisesAreFound() {
        struct ReadsAlpha: Keying {
            let isPure: Bool
            var readsValues: Bool { false }
            func key(_ component: String, _ configuration: ViewConfiguration, catalog: Catalog) -> ViewKey {
                let alpha = configuration.attributes.first { $0.name == "alpha" }.map { "\($0.value)" } ?? ""
                return ViewKey(component: component + alpha, viewClass: configuration.viewClass, shape: nil)
            }
        }
        for isPure in [true, false] {
            let strategy = Strategy(name: "liar", summary: "", poolNote: "", keying: ReadsAlpha(isPure: isPure),
                                    parents: PositionalVend(), application: ApplyChanged(),
                                    cells: StackCells(keying: ComponentShapeKeying()), cellApplication: ApplyChanged())
            let broken = strategy.brokenPromises()
            #expect(broken.count == 1)
            #expect(broken.first?.contains("says it reads no values") == true, "\(broken)")
        }
    }

    /// A parent reuse that does not plan leaves the views alone when shown
    /// a plan; the traits say what the policies say.
    @Test func parentsThatDoNotPlanChangeNothing() throws {
        var h = Harness()
        try h.component("Dot", view: "UIView", [("alpha", "0.5")])
        try h.component("Box", view: "UIView", children: ["Dot", "Dot"])
        try h.mount("Box")
        let box = try #require(h.engine.mounted.first?.view)
        for strategy in Self.strategies {
            #expect(strategy.traits.plansChildren == strategy.parents.plansChildren)
            #expect(strategy.traits.cellConfigureBinds == strategy.cellApplication.configureBinds)
            guard !strategy.traits.plansChildren else { continue }
            var parents = strategy.parents
            var store = h.engine.views
            let before = fingerprint(h.engine)
            let blocks = h.engine.mounted[0].children.map {
                PlannedBlock(instance: Instance(component: $0.name, path: $0.path),
                             key: strategy.keying.key($0.name, h.engine.views[$0.view!].attached!, catalog: h.engine.catalog),
                             configuration: h.engine.views[$0.view!].attached!)
            }
            var marks = PassMarks()
            var keys = KeyMemo()
            var stamp = 1_000
            var pass = MountPass(isRelayout: true, stamp: &stamp, marks: &marks, keys: &keys)
            parents.plan(blocks, into: box, store: &store, pass: pass)
            pass.end(returning: &marks, keys: &keys)
            var engine = h.engine
            engine.session.store = store
            #expect(fingerprint(engine) == before, "\(strategy.name): plan changed the views")
        }
    }
}
